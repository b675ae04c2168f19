# The execution events (var.execution_events): an Event Grid topic of the CloudEvents 1.0 schema, which the events
# function publishes each transition's CloudEvent to with the app's identity (no access keys); subscribers add their
# own event subscriptions on it.
resource "azurerm_eventgrid_topic" "executions" {
  count = var.execution_events ? 1 : 0

  name                = "${var.name}-${var.name_suffix}-executions"
  location            = var.location
  resource_group_name = var.resource_group_name
  input_schema        = "CloudEventSchemaV1_0"
  local_auth_enabled  = false
  tags                = local.tags
}

resource "azurerm_role_assignment" "execution_events" {
  count = var.execution_events ? 1 : 0

  scope                = azurerm_eventgrid_topic.executions[0].id
  role_definition_name = "EventGrid Data Sender"
  principal_id         = azurerm_user_assigned_identity.app.principal_id
  principal_type       = "ServicePrincipal"
}
