resource "azurerm_monitor_action_group" "alerts" {
  name                = "${var.name}-alerts"
  resource_group_name = var.resource_group_name
  short_name          = "sluice"
  tags                = local.tags

  dynamic "email_receiver" {
    for_each = var.alert_email == null ? [] : [var.alert_email]
    content {
      name                    = "alert-email"
      email_address           = email_receiver.value
      use_common_alert_schema = true
    }
  }
}

# One alert per queue with dead-lettered messages (split by the EntityName dimension).
resource "azurerm_monitor_metric_alert" "dead_letters" {
  name                = "${var.name}-dead-letters"
  resource_group_name = var.resource_group_name
  scopes              = [azurerm_servicebus_namespace.sluice.id]
  description         = "Messages were dead-lettered in a Sluice queue; dlq-handler fails their executions and alerts: look at its log in Application Insights."
  severity            = 2
  frequency           = "PT1M"
  window_size         = "PT5M"
  tags                = local.tags

  criteria {
    metric_namespace = "Microsoft.ServiceBus/namespaces"
    metric_name      = "DeadletteredMessages"
    aggregation      = "Maximum"
    operator         = "GreaterThan"
    threshold        = 0

    dimension {
      name     = "EntityName"
      operator = "Include"
      values   = ["*"]
    }
  }

  dynamic "action" {
    for_each = local.action_groups
    content {
      action_group_id = action.value
    }
  }
}

# Queues forward their dead letters, so they arrive in the dead-letters queue as ordinary messages:
# any arrival there is a dead-lettered message (the alert above fires when dlq-handler itself fails).
resource "azurerm_monitor_metric_alert" "dead_letters_arriving" {
  name                = "${var.name}-dead-letters-arriving"
  resource_group_name = var.resource_group_name
  scopes              = [azurerm_servicebus_namespace.sluice.id]
  description         = "Messages were dead-lettered into ${azurerm_servicebus_queue.dead_letters.name} (DeadLetterSource names the queue they died on); dlq-handler fails their executions."
  severity            = 2
  frequency           = "PT1M"
  window_size         = "PT5M"
  tags                = local.tags

  criteria {
    metric_namespace = "Microsoft.ServiceBus/namespaces"
    metric_name      = "IncomingMessages"
    aggregation      = "Total"
    operator         = "GreaterThan"
    threshold        = 0

    dimension {
      name     = "EntityName"
      operator = "Include"
      values   = [azurerm_servicebus_queue.dead_letters.name]
    }
  }

  dynamic "action" {
    for_each = local.action_groups
    content {
      action_group_id = action.value
    }
  }
}

resource "azurerm_monitor_metric_alert" "undelivered_blob_events" {
  name                = "${var.name}-undelivered-blob-events"
  resource_group_name = var.resource_group_name
  scopes              = [azurerm_eventgrid_system_topic.data.id]
  description         = "Event Grid dead-lettered BlobCreated events: those objects started no pipeline (see the eventgrid-undelivered container)."
  severity            = 2
  frequency           = "PT5M"
  window_size         = "PT15M"
  tags                = local.tags

  criteria {
    metric_namespace = "Microsoft.EventGrid/systemTopics"
    metric_name      = "DeadLetteredCount"
    aggregation      = "Total"
    operator         = "GreaterThan"
    threshold        = 0
  }

  dynamic "action" {
    for_each = local.action_groups
    content {
      action_group_id = action.value
    }
  }
}

resource "azurerm_monitor_metric_alert" "failed_invocations" {
  name                = "${var.name}-failed-invocations"
  resource_group_name = var.resource_group_name
  scopes              = [azurerm_application_insights.sluice.id]
  description         = "Sluice functions failed repeatedly in the last 15 minutes."
  severity            = 3
  frequency           = "PT5M"
  window_size         = "PT15M"
  tags                = local.tags

  criteria {
    metric_namespace = "microsoft.insights/components"
    metric_name      = "requests/failed"
    aggregation      = "Count"
    operator         = "GreaterThan"
    threshold        = 10
  }

  dynamic "action" {
    for_each = local.action_groups
    content {
      action_group_id = action.value
    }
  }
}
