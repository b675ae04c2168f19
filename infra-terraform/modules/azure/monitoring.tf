# Alerts on the runtime's own metrics, which the Function App sends to Application Insights (APPLICATIONINSIGHTS_CONNECTION_STRING,
# with the app's identity: docs/metrics.md, "Azure Monitor on Functions"). They land in the customMetrics table under the
# catalog's names (sluice.executions.ended, ...), a counter's value its increase over the export interval, each data point's
# tags in customDimensions, a timer in seconds as <name> (value the sum, valueCount) and its maximum as <name>.max
# (AzureMonitorMetricsTest checks that shape). Log search alerts over that table cover every pipeline with one query.

locals {
  # Every alert notifies the module's action group and whatever else the deployment names.
  action_groups = concat([azurerm_monitor_action_group.alerts.id], var.action_group_ids)

  # name => query (its measure column "value"), threshold, what to tell whoever is alerted.
  log_alerts = {
    "failed-executions" = {
      query       = <<-KQL
        customMetrics
        | where name == "sluice.executions.ended" and tostring(customDimensions["outcome"]) in ("failed", "timed_out")
        | summarize value = sum(value)
      KQL
      threshold   = var.failed_executions_threshold
      description = "More than ${var.failed_executions_threshold} executions failed or timed out in 5 minutes. Which ones: GET /v1/executions?status=FAILED (or the console); customMetrics by customDimensions.pipeline says which pipelines."
    }
    "timers-late" = {
      query       = <<-KQL
        customMetrics
        | where name == "sluice.timer.lag.max"
        | summarize value = max(value)
      KQL
      threshold   = 300
      description = "The schedule tick fired due timers (long Wait states, retries, timeouts) more than 5 minutes late: look at the app's schedule-tick failures in Application Insights."
    }
    "retention-backlog" = {
      query       = <<-KQL
        customMetrics
        | where name == "sluice.retention.backlog"
        | summarize value = min(value)
      KQL
      threshold   = 0
      description = "Finished executions past their retention stayed in Redis through every archive sweep of 5 minutes: the archive (Blob storage) refuses them, or the sweep cannot keep up. The app's log says which."
    }
  }
}

resource "azurerm_monitor_scheduled_query_rules_alert_v2" "runtime" {
  for_each = local.log_alerts

  name                    = "${var.name}-${each.key}"
  resource_group_name     = var.resource_group_name
  location                = var.location
  scopes                  = [azurerm_application_insights.sluice.id]
  description             = each.value.description
  severity                = 2
  evaluation_frequency    = "PT5M"
  window_duration         = "PT5M"
  auto_mitigation_enabled = true
  tags                    = local.tags

  criteria {
    query                   = each.value.query
    time_aggregation_method = "Maximum"
    metric_measure_column   = "value"
    operator                = "GreaterThan"
    threshold               = each.value.threshold

    failing_periods {
      minimum_failing_periods_to_trigger_alert = 1
      number_of_evaluation_periods             = 1
    }
  }

  action {
    action_groups = local.action_groups
  }
}

# A queue backing up: its consumer fails or cannot keep up. One alert, split by queue (EntityName).
resource "azurerm_monitor_metric_alert" "queue_backlog" {
  name                = "${var.name}-queue-backlog"
  resource_group_name = var.resource_group_name
  scopes              = [azurerm_servicebus_namespace.sluice.id]
  description         = "A Sluice queue has held more than ${var.queue_backlog_threshold} active messages for 15 minutes: its function fails or cannot keep up (Application Insights shows its failures)."
  severity            = 3
  frequency           = "PT5M"
  window_size         = "PT15M"
  tags                = local.tags

  criteria {
    metric_namespace = "Microsoft.ServiceBus/namespaces"
    metric_name      = "ActiveMessages"
    aggregation      = "Minimum"
    operator         = "GreaterThan"
    threshold        = var.queue_backlog_threshold

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
