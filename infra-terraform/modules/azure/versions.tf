terraform {
  # 1.11: write-only arguments (the Redis key reaches Key Vault without entering the state twice).
  required_version = ">= 1.11"

  required_providers {
    azurerm = {
      source  = "hashicorp/azurerm"
      version = "~> 4.40"
    }
  }
}
