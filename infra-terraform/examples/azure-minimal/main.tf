# The smallest useful Sluice on Azure: a resource group and the module with its defaults
# (Flex Consumption with one always-ready instance of orchestrator, task-read-config and the HTTP
# group, Service Bus Standard, Azure Managed Redis Balanced_B0).
resource "azurerm_resource_group" "sluice" {
  name     = "${var.name}-rg"
  location = var.location
  tags     = var.tags
}

module "sluice" {
  source = "../../modules/azure"

  name                = var.name
  name_suffix         = var.name_suffix
  location            = azurerm_resource_group.sluice.location
  resource_group_name = azurerm_resource_group.sluice.name
  artifact_path       = var.artifact_path
  alert_email         = var.alert_email
  tags                = var.tags
}
