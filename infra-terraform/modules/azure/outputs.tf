output "function_app_name" {
  description = "Name of the Function App that runs every Sluice function."
  value       = azurerm_function_app_flex_consumption.sluice.name
}

output "http_api_url" {
  description = "Base URL of the Sluice HTTP API (the http-api function)."
  value       = "https://${azurerm_function_app_flex_consumption.sluice.default_hostname}/api"
}

output "queues" {
  description = "Service Bus queue name by logical queue name (orchestrator, events, task-<function>, object-created, and dead-letters, where every other queue forwards its dead letters for dlq-handler)."
  value       = merge({ for q, queue in azurerm_servicebus_queue.queue : q => queue.name }, { "dead-letters" = azurerm_servicebus_queue.dead_letters.name })
}

output "servicebus_namespace" {
  description = "Fully qualified Service Bus namespace."
  value       = "${azurerm_servicebus_namespace.sluice.name}.servicebus.windows.net"
}

output "data_container_url" {
  description = "Blob container of the pipelines' objects; blobs created in it reach object-trigger."
  value       = "${azurerm_storage_account.account["data"].primary_blob_endpoint}${azurerm_storage_container.data.name}"
}

output "key_vault_uri" {
  description = "Key Vault of the deployment: the Redis key and the pipelines' secrets."
  value       = azurerm_key_vault.sluice.vault_uri
}

output "identity_client_id" {
  description = "Client id of the app's user-assigned identity."
  value       = azurerm_user_assigned_identity.app.client_id
}

output "redis_hostname" {
  description = "Host name of the Azure Managed Redis (TLS, port 10000)."
  value       = azurerm_managed_redis.sluice.hostname
}

output "execution_events_topic_endpoint" {
  description = "Endpoint of the Event Grid topic the execution events (CloudEvents) are published to, for subscribers; null without execution_events."
  value       = var.execution_events ? azurerm_eventgrid_topic.executions[0].endpoint : null
}
