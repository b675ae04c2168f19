terraform {
  # 1.11: write-only arguments (the Redis key reaches Key Vault without entering the state twice).
  required_version = ">= 1.11"

  required_providers {
    azurerm = {
      source  = "hashicorp/azurerm"
      version = "~> 4.40"
    }
    # time_sleep: the wait for role assignments to reach the data planes.
    time = {
      source  = "hashicorp/time"
      version = "~> 0.12"
    }
  }
}
