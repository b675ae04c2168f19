# Two accounts: the Functions host's (deployment package, leases; the host needs Blob Data Owner
# there) and the pipelines' data (objects, the status table), where the app gets less.
resource "azurerm_storage_account" "account" {
  for_each = { host = "h", data = "d" }

  name                              = "st${local.compact}${var.name_suffix}${each.value}"
  location                          = var.location
  resource_group_name               = var.resource_group_name
  account_tier                      = "Standard"
  account_replication_type          = "ZRS"
  min_tls_version                   = "TLS1_2"
  https_traffic_only_enabled        = true
  allow_nested_items_to_be_public   = false
  shared_access_key_enabled         = false # Entra identities only
  default_to_oauth_authentication   = true
  infrastructure_encryption_enabled = true
  tags                              = local.tags

  blob_properties {
    delete_retention_policy {
      days = 7
    }
    container_delete_retention_policy {
      days = 7
    }
  }
}

resource "azurerm_storage_container" "deployments" {
  name                  = "deployments"
  storage_account_id    = azurerm_storage_account.account["host"].id
  container_access_type = "private"
}

resource "azurerm_storage_container" "data" {
  name                  = local.data_container
  storage_account_id    = azurerm_storage_account.account["data"].id
  container_access_type = "private"
}

# Event Grid deliveries that keep failing land here.
resource "azurerm_storage_container" "undelivered" {
  name                  = "eventgrid-undelivered"
  storage_account_id    = azurerm_storage_account.account["data"].id
  container_access_type = "private"
}

# The table is made through the data plane (Table service), where shared keys are off: the provider needs
# storage_use_azuread = true (the example sets it) and the deployer a data role on the account, given here and
# waited for (RBAC reaches the data plane minutes after the assignment; azurerm issues 27752, 30815, 29984).
resource "azurerm_role_assignment" "deployer_tables" {
  scope                = azurerm_storage_account.account["data"].id
  role_definition_name = "Storage Table Data Contributor"
  principal_id         = data.azurerm_client_config.current.object_id
}

resource "time_sleep" "deployer_tables" {
  create_duration = "120s"

  triggers = {
    role_assignment = azurerm_role_assignment.deployer_tables.id
  }
}

resource "azurerm_storage_table" "status" {
  name                 = "sluicestatus"
  storage_account_name = azurerm_storage_account.account["data"].name

  depends_on = [time_sleep.deployer_tables]
}

resource "azurerm_role_assignment" "host_storage" {
  scope                = azurerm_storage_account.account["host"].id
  role_definition_name = "Storage Blob Data Owner"
  principal_id         = azurerm_user_assigned_identity.app.principal_id
  principal_type       = "ServicePrincipal"
}

resource "azurerm_role_assignment" "data_blobs" {
  scope                = azurerm_storage_container.data.resource_manager_id
  role_definition_name = "Storage Blob Data Contributor"
  principal_id         = azurerm_user_assigned_identity.app.principal_id
  principal_type       = "ServicePrincipal"
}

resource "azurerm_role_assignment" "status_table" {
  scope                = azurerm_storage_table.status.resource_manager_id
  role_definition_name = "Storage Table Data Contributor"
  principal_id         = azurerm_user_assigned_identity.app.principal_id
  principal_type       = "ServicePrincipal"
}

# BlobCreated in the data container → the object-created queue → object-trigger.
resource "azurerm_eventgrid_system_topic" "data" {
  name                = "${var.name}-data-events"
  location            = var.location
  resource_group_name = var.resource_group_name
  source_resource_id  = azurerm_storage_account.account["data"].id
  topic_type          = "Microsoft.Storage.StorageAccounts"
  tags                = local.tags

  identity {
    type = "SystemAssigned"
  }
}

resource "azurerm_role_assignment" "events_to_queue" {
  scope                = azurerm_servicebus_queue.queue["object-created"].id
  role_definition_name = "Azure Service Bus Data Sender"
  principal_id         = azurerm_eventgrid_system_topic.data.identity[0].principal_id
  principal_type       = "ServicePrincipal"
}

resource "azurerm_role_assignment" "events_undelivered" {
  scope                = azurerm_storage_container.undelivered.resource_manager_id
  role_definition_name = "Storage Blob Data Contributor"
  principal_id         = azurerm_eventgrid_system_topic.data.identity[0].principal_id
  principal_type       = "ServicePrincipal"
}

resource "azurerm_eventgrid_system_topic_event_subscription" "blob_created" {
  name                          = "${var.name}-blob-created"
  system_topic                  = azurerm_eventgrid_system_topic.data.name
  resource_group_name           = var.resource_group_name
  service_bus_queue_endpoint_id = azurerm_servicebus_queue.queue["object-created"].id
  included_event_types          = ["Microsoft.Storage.BlobCreated"]

  subject_filter {
    subject_begins_with = "/blobServices/default/containers/${azurerm_storage_container.data.name}/"
  }

  # Not Sluice's own blobs (main.tf, own_blob_subjects): a sleeping execution's blob starts nothing.
  advanced_filter {
    string_not_begins_with {
      key    = "subject"
      values = local.own_blob_subjects
    }
  }

  delivery_identity {
    type = "SystemAssigned"
  }

  dead_letter_identity {
    type = "SystemAssigned"
  }

  storage_blob_dead_letter_destination {
    storage_account_id          = azurerm_storage_account.account["data"].id
    storage_blob_container_name = azurerm_storage_container.undelivered.name
  }

  retry_policy {
    max_delivery_attempts = 30
    event_time_to_live    = 1440
  }

  depends_on = [azurerm_role_assignment.events_to_queue, azurerm_role_assignment.events_undelivered]
}
