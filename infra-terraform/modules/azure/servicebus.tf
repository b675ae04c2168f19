resource "azurerm_servicebus_namespace" "sluice" {
  name                = "${var.name}-${var.name_suffix}-bus"
  location            = var.location
  resource_group_name = var.resource_group_name
  sku                 = "Standard" # sessions and duplicate detection need Standard
  local_auth_enabled  = false      # no SAS keys: Entra identities only
  minimum_tls_version = "1.2"
  tags                = local.tags
}

# Where every other queue forwards its dead letters (Service Bus stamps each with the queue it died
# on, DeadLetterSource); dlq-handler consumes it. Its own dead letters stay in its $DeadLetterQueue.
resource "azurerm_servicebus_queue" "dead_letters" {
  name                                    = "${var.name}-dead-letters"
  namespace_id                            = azurerm_servicebus_namespace.sluice.id
  requires_session                        = false
  max_delivery_count                      = var.max_receives
  dead_lettering_on_message_expiration    = true
  lock_duration                           = "PT1M"
  requires_duplicate_detection            = true
  duplicate_detection_history_time_window = "PT10M"
  default_message_ttl                     = "P14D"
}

resource "azurerm_servicebus_queue" "queue" {
  for_each = local.queues

  name                                 = "${var.name}-${each.key}"
  namespace_id                         = azurerm_servicebus_namespace.sluice.id
  requires_session                     = each.value.sessions
  max_delivery_count                   = var.max_receives
  dead_lettering_on_message_expiration = true
  lock_duration                        = each.value.lock
  # Every Sluice message carries a stable id: a resend within the window is dropped.
  requires_duplicate_detection            = true
  duplicate_detection_history_time_window = "PT10M"
  default_message_ttl                     = "P14D"
  # dlq-handler reads one queue (the reference orders creation: the target must exist first).
  forward_dead_lettered_messages_to = azurerm_servicebus_queue.dead_letters.name
}

# The app receives from every queue (and its dead-letter sub-queue) and sends to those it feeds.
resource "azurerm_role_assignment" "queue_receiver" {
  for_each = local.queues

  scope                = azurerm_servicebus_queue.queue[each.key].id
  role_definition_name = "Azure Service Bus Data Receiver"
  principal_id         = azurerm_user_assigned_identity.app.principal_id
  principal_type       = "ServicePrincipal"
}

resource "azurerm_role_assignment" "dead_letters_receiver" {
  scope                = azurerm_servicebus_queue.dead_letters.id
  role_definition_name = "Azure Service Bus Data Receiver"
  principal_id         = azurerm_user_assigned_identity.app.principal_id
  principal_type       = "ServicePrincipal"
}

resource "azurerm_role_assignment" "queue_sender" {
  for_each = { for q, v in local.queues : q => v if v.sent }

  scope                = azurerm_servicebus_queue.queue[each.key].id
  role_definition_name = "Azure Service Bus Data Sender"
  principal_id         = azurerm_user_assigned_identity.app.principal_id
  principal_type       = "ServicePrincipal"
}
