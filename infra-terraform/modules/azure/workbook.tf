# The deployment's workbook in Application Insights: the graphs the AWS module's dashboard has (monitoring.tf there), over
# the customMetrics table the Function App's meters land in (docs/metrics.md, "Azure Monitor on Functions": a counter's
# value its increase over the export interval, a timer as <name> in seconds, value the sum and valueCount the count, with
# its maximum as <name>.max, each point's tags in customDimensions) and the Functions host's own requests table (each
# function invocation: its name, success and duration). Queue depth is not here: Service Bus reports it as a platform
# metric of the namespace (its Metrics blade; the queue-backlog alert in monitoring.tf watches it).

locals {
  # title => KQL (every chart a time chart over the workbook's time range, in 5-minute bins).
  workbook_charts = [
    { title = "Executions", query = <<-KQL
        customMetrics
        | where name in ("sluice.executions.started", "sluice.executions.ended")
        | extend series = iff(name == "sluice.executions.started", "started", tostring(customDimensions["outcome"]))
        | summarize value = sum(value) by series, bin(timestamp, 5m)
      KQL
    },
    { title = "Failed, timed-out and aborted executions by pipeline", query = <<-KQL
        customMetrics
        | where name == "sluice.executions.ended" and tostring(customDimensions["outcome"]) != "succeeded"
        | summarize value = sum(value) by pipeline = tostring(customDimensions["pipeline"]), bin(timestamp, 5m)
      KQL
    },
    { title = "Succeeded executions: mean duration (s)", query = <<-KQL
        customMetrics
        | where name == "sluice.execution.duration" and tostring(customDimensions["outcome"]) == "succeeded"
        | summarize value = sum(value) / sum(valueCount) by bin(timestamp, 5m)
      KQL
    },
    { title = "Longest execution by pipeline (s)", query = <<-KQL
        customMetrics
        | where name == "sluice.execution.duration.max"
        | summarize value = max(value) by pipeline = tostring(customDimensions["pipeline"]), bin(timestamp, 5m)
      KQL
    },
    { title = "Longest task run by function (s)", query = <<-KQL
        customMetrics
        | where name == "sluice.task.duration.max"
        | summarize value = max(value) by function = tostring(customDimensions["function"]), bin(timestamp, 5m)
      KQL
    },
    { title = "Failed task runs by function", query = <<-KQL
        customMetrics
        | where name == "sluice.task.duration" and tostring(customDimensions["outcome"]) == "failed"
        | summarize value = sum(valueCount) by function = tostring(customDimensions["function"]), bin(timestamp, 5m)
      KQL
    },
    { title = "Dispatch latency, worst by function (s)", query = <<-KQL
        customMetrics
        | where name == "sluice.task.dispatch.latency.max"
        | summarize value = max(value) by function = tostring(customDimensions["function"]), bin(timestamp, 5m)
      KQL
    },
    { title = "Transitions, retries, catches, dead letters", query = <<-KQL
        customMetrics
        | where name in ("sluice.state.transitions", "sluice.task.retries", "sluice.catches", "sluice.deadletters")
        | summarize value = sum(value) by name, bin(timestamp, 5m)
      KQL
    },
    { title = "Timer lag, worst (s)", query = <<-KQL
        customMetrics
        | where name == "sluice.timer.lag.max"
        | summarize value = max(value) by bin(timestamp, 5m)
      KQL
    },
    { title = "Waits: tasks held by rules, upstreams recorded, checks released", query = <<-KQL
        customMetrics
        | where name in ("sluice.task.blocked", "sluice.upstream.recorded", "sluice.dependency.released")
        | extend series = iff(name == "sluice.upstream.recorded", strcat(name, " ", tostring(customDimensions["outcome"])), name)
        | summarize value = sum(value) by series, bin(timestamp, 5m)
      KQL
    },
    { title = "Runs waiting on upstreams, retention backlog", query = <<-KQL
        customMetrics
        | where name in ("sluice.dependency.waiting", "sluice.retention.backlog")
        | summarize value = max(value) by name, bin(timestamp, 5m)
      KQL
    },
    { title = "Redis errors by outcome", query = <<-KQL
        customMetrics
        | where name == "sluice.redis.calls" and tostring(customDimensions["outcome"]) != "ok"
        | summarize value = sum(valueCount) by outcome = tostring(customDimensions["outcome"]), bin(timestamp, 5m)
      KQL
    },
    { title = "Redis round trip, worst by script (s)", query = <<-KQL
        customMetrics
        | where name == "sluice.redis.calls.max"
        | summarize value = max(value) by script = tostring(customDimensions["script"]), bin(timestamp, 5m)
      KQL
    },
    { title = "API requests by route and status", query = <<-KQL
        customMetrics
        | where name == "sluice.api.requests"
        | summarize value = sum(valueCount) by route = strcat(tostring(customDimensions["method"]), " ", tostring(customDimensions["route"]), " ", substring(tostring(customDimensions["status"]), 0, 1), "xx"), bin(timestamp, 5m)
      KQL
    },
    { title = "Function errors by function", query = <<-KQL
        requests
        | where success == false
        | summarize value = count() by function = operation_Name, bin(timestamp, 5m)
      KQL
    },
    { title = "Function invocations by function", query = <<-KQL
        requests
        | summarize value = count() by function = operation_Name, bin(timestamp, 5m)
      KQL
    },
  ]

  # The workbook's content (Azure Monitor Workbooks' "Notebook/1.0" document): a heading, then one KQL time chart per
  # entry above, two a row, each over the Application Insights resource the workbook belongs to (source_id).
  workbook = {
    version = "Notebook/1.0"
    items = concat(
      [{ type = 1, name = "heading", content = { json = "## Sluice: executions, tasks, waits, Redis and the API\nFrom the runtime's meters in customMetrics (docs/metrics.md) and the Functions host's requests." } }],
      [for i, c in local.workbook_charts : {
        type = 3
        name = "chart-${i}"
        content = {
          version       = "KqlItem/1.0"
          title         = c.title
          query         = c.query
          size          = 0
          queryType     = 0
          resourceType  = "microsoft.insights/components"
          visualization = "timechart"
          timeContext   = { durationMs = 86400000 }
        }
        customWidth = "50"
      }],
    )
    "$schema" = "https://github.com/Microsoft/Application-Insights-Workbooks/blob/master/schema/workbook.json"
  }
}

resource "azurerm_application_insights_workbook" "sluice" {
  # A workbook's name is a GUID: one derived from the deployment's name, so a plan does not replace it.
  name                = uuidv5("url", "https://sluice.io/workbooks/${var.name}")
  resource_group_name = var.resource_group_name
  location            = var.location
  display_name        = "Sluice ${var.name}"
  source_id           = lower(azurerm_application_insights.sluice.id)
  category            = "workbook"
  data_json           = jsonencode(local.workbook)
  tags                = local.tags
}
