resource "azurerm_service_plan" "sluice" {
  name                = "${var.name}-plan"
  location            = var.location
  resource_group_name = var.resource_group_name
  os_type             = "Linux"
  sku_name            = "FC1" # Flex Consumption
  tags                = local.tags
}

resource "azurerm_role_assignment" "telemetry" {
  scope                = azurerm_application_insights.sluice.id
  role_definition_name = "Monitoring Metrics Publisher"
  principal_id         = azurerm_user_assigned_identity.app.principal_id
  principal_type       = "ServicePrincipal"
}

resource "azurerm_function_app_flex_consumption" "sluice" {
  name                = "${var.name}-${var.name_suffix}"
  location            = var.location
  resource_group_name = var.resource_group_name
  service_plan_id     = azurerm_service_plan.sluice.id

  runtime_name           = "java"
  runtime_version        = "21"
  instance_memory_in_mb  = 2048
  maximum_instance_count = 40
  zip_deploy_file        = var.artifact_path

  storage_container_type            = "blobContainer"
  storage_container_endpoint        = "${azurerm_storage_account.account["host"].primary_blob_endpoint}${azurerm_storage_container.deployments.name}"
  storage_authentication_type       = "UserAssignedIdentity"
  storage_user_assigned_identity_id = azurerm_user_assigned_identity.app.id

  https_only                                     = true
  webdeploy_publish_basic_authentication_enabled = false

  identity {
    type         = "UserAssigned"
    identity_ids = [azurerm_user_assigned_identity.app.id]
  }

  dynamic "always_ready" {
    for_each = local.always_ready
    content {
      name           = always_ready.key
      instance_count = always_ready.value
    }
  }

  site_config {
    application_insights_connection_string = azurerm_application_insights.sluice.connection_string
    minimum_tls_version                    = "1.2"
  }

  app_settings = merge({
    MAIN_CLASS = "io.sluice.azure.SluiceAzureApplication"
    # Identity-based connections of the host and of the Service Bus triggers (no keys anywhere).
    AzureWebJobsStorage__accountName          = azurerm_storage_account.account["host"].name
    AzureWebJobsStorage__credential           = "managedidentity"
    AzureWebJobsStorage__clientId             = azurerm_user_assigned_identity.app.client_id
    SluiceServiceBus__fullyQualifiedNamespace = "${azurerm_servicebus_namespace.sluice.name}.servicebus.windows.net"
    SluiceServiceBus__credential              = "managedidentity"
    SluiceServiceBus__clientId                = azurerm_user_assigned_identity.app.client_id
    AZURE_CLIENT_ID                           = azurerm_user_assigned_identity.app.client_id
    APPLICATIONINSIGHTS_AUTHENTICATION_STRING = "Authorization=AAD;ClientId=${azurerm_user_assigned_identity.app.client_id}"
    # What the bundle binds (sluice.* properties, adapters/azure README): Redis, the queues (%SLUICE_QUEUE_PREFIX% in the
    # triggers), the Service Bus transport, Blob and Table storage of the data account, Key Vault.
    SLUICE_REDIS_URL                       = "rediss+cluster://${azurerm_managed_redis.sluice.hostname}:${local.redis_port}${local.redis_url_query}"
    SLUICE_REDIS_AUTH_SECRET_URI           = azurerm_key_vault_secret.redis.versionless_id
    SLUICE_REDIS_KEY_PREFIX                = var.name
    SLUICE_QUEUE_PREFIX                    = var.name
    SLUICE_QUEUE                           = "servicebus"
    SLUICE_AZURE_SERVICEBUS_NAMESPACE      = "${azurerm_servicebus_namespace.sluice.name}.servicebus.windows.net"
    SLUICE_AZURE_SERVICEBUS_SESSION_QUEUES = "${var.name}-orchestrator"
    SLUICE_AZURE_SERVICEBUS_MAX_RECEIVES   = tostring(var.max_receives)
    SLUICE_AZURE_STORAGE_ACCOUNT_ENDPOINT  = "https://${azurerm_storage_account.account["data"].name}.{service}.core.windows.net"
    SLUICE_AZURE_STORAGE_CONTAINER         = azurerm_storage_container.data.name
    SLUICE_AZURE_STORAGE_STATUS_TABLE      = azurerm_storage_table.status.name
    SLUICE_AZURE_KEYVAULT_URL              = azurerm_key_vault.sluice.vault_uri
    SLUICE_API_ALLOWED_HOSTS               = "${var.name}-${var.name_suffix}.azurewebsites.net"
    # The bundle ./sluice package azure puts into the app's jar (adapters/azure BundledPipelines, AzureApi).
    SLUICE_PIPELINES   = "classpath*:pipelines/*.asl.json"
    SLUICE_API_TENANTS = "classpath:pipelines/tenants.json"
    # The object rules the bundle carries (its pipelines folder's triggers.json, or none), for object-trigger.
    SLUICE_TRIGGERS_RULES = "classpath:pipelines/triggers.json"
    # The channels with queues here; the app refuses to start if the bundle (package azure --priority-channels) ships others.
    SLUICE_PRIORITY_CHANNELS = join(",", var.priority_channels)
    # Waiting executions sleep in the data container's hibernated/ after this (adapters/azure AzureRuntime.hostExecutions).
    SLUICE_HIBERNATE_AFTER = var.hibernate_after
    },
    # Without a bundled tenants file the http-api serves only behind the authentication named here (CloudApiAuth).
    var.api_platform_auth == null ? {} : { SLUICE_API_PLATFORM_AUTH = var.api_platform_auth },
    # The execution events (adapters/azure AzureEvents): put on the events queue with each commit, published by events.
    var.execution_events ? { SLUICE_EVENTS_EVENT_GRID_TOPIC_ENDPOINT = azurerm_eventgrid_topic.executions[0].endpoint } : {},
  { for f in concat(local.storage_functions, local.absent_channels) : "AzureWebJobs.${f}.Disabled" => "true" })

  tags = local.tags

  depends_on = [
    azurerm_role_assignment.host_storage, azurerm_role_assignment.queue_receiver, azurerm_role_assignment.dead_letters_receiver, azurerm_role_assignment.queue_sender,
    azurerm_role_assignment.app_secrets, azurerm_role_assignment.telemetry, azurerm_role_assignment.execution_events,
  ]
}
