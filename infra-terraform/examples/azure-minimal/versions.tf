terraform {
  required_version = ">= 1.11"

  required_providers {
    azurerm = {
      source  = "hashicorp/azurerm"
      version = "~> 4.40"
    }
    time = {
      source  = "hashicorp/time"
      version = "~> 0.12"
    }
  }
}

# Shared keys are off on the storage accounts: the provider reaches their data planes (the status table) with the
# deployer's Entra identity, which the module gives a data role (azurerm issues 27752, 30815, 29984).
provider "azurerm" {
  features {}
  storage_use_azuread = true
}
