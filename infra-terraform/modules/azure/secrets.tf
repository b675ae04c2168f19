resource "azurerm_managed_redis" "sluice" {
  name                      = "${var.name}-${var.name_suffix}-redis"
  location                  = var.location
  resource_group_name       = var.resource_group_name
  sku_name                  = var.redis.sku_name
  high_availability_enabled = var.redis.high_availability
  tags                      = local.tags

  default_database {
    client_protocol                               = "Encrypted"  # TLS only
    clustering_policy                             = "OSSCluster" # a cluster client (rediss+cluster://): EnterpriseCluster's proxy refuses scripts across slots
    eviction_policy                               = "NoEviction" # execution state must never be evicted
    persistence_append_only_file_backup_frequency = "1s"
    access_keys_authentication_enabled            = true
  }
}

resource "azurerm_key_vault" "sluice" {
  name                       = "kv-${substr(var.name, 0, 12)}-${var.name_suffix}"
  location                   = var.location
  resource_group_name        = var.resource_group_name
  tenant_id                  = data.azurerm_client_config.current.tenant_id
  sku_name                   = "standard"
  rbac_authorization_enabled = true
  purge_protection_enabled   = true
  soft_delete_retention_days = 7
  tags                       = local.tags
}

# Terraform itself writes the Redis key; the app only reads secrets.
resource "azurerm_role_assignment" "deployer_secrets" {
  scope                = azurerm_key_vault.sluice.id
  role_definition_name = "Key Vault Secrets Officer"
  principal_id         = data.azurerm_client_config.current.object_id
}

resource "azurerm_role_assignment" "app_secrets" {
  scope                = azurerm_key_vault.sluice.id
  role_definition_name = "Key Vault Secrets User"
  principal_id         = azurerm_user_assigned_identity.app.principal_id
  principal_type       = "ServicePrincipal"
}

# Azure RBAC takes up to several minutes to reach Key Vault's data plane after an assignment
# (https://learn.microsoft.com/azure/role-based-access-control/troubleshooting#role-assignment-changes-are-not-being-detected):
# writing the secret right after its role assignment fails with 403 on a first apply.
resource "time_sleep" "deployer_secrets" {
  create_duration = "120s"

  triggers = {
    role_assignment = azurerm_role_assignment.deployer_secrets.id
  }
}

resource "azurerm_key_vault_secret" "redis" {
  name             = "redis-access-key"
  key_vault_id     = azurerm_key_vault.sluice.id
  content_type     = "Azure Managed Redis access key of ${var.name}"
  value_wo         = azurerm_managed_redis.sluice.default_database[0].primary_access_key
  value_wo_version = 1

  depends_on = [time_sleep.deployer_secrets]
}
