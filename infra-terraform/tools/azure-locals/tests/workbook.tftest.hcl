# The Azure module's workbook (modules/azure/workbook.tf), planned without a provider: the graphs the AWS module's
# dashboard has, each a KQL time chart over the tables the Function App writes to Application Insights.
variables {
  name                = "sluice-test"
  name_suffix         = "abcd"
  location            = "westeurope"
  resource_group_name = "rg"
  artifact_path       = "outputs.tf"
}

run "workbook" {
  command = plan

  assert {
    condition     = output.workbook.version == "Notebook/1.0" && length(output.workbook.items) == 17 && output.workbook.items[0].type == 1
    error_message = "a heading and 16 charts in a Notebook/1.0 workbook"
  }
  assert {
    condition = alltrue([for item in slice(output.workbook.items, 1, length(output.workbook.items)) :
      item.type == 3 && item.content.version == "KqlItem/1.0" && item.content.visualization == "timechart" &&
      item.content.resourceType == "microsoft.insights/components" && strcontains(item.content.query, "bin(timestamp, 5m)") &&
    (startswith(item.content.query, "customMetrics") || startswith(item.content.query, "requests"))])
    error_message = "every chart is a KQL time chart over Application Insights' customMetrics or requests, in 5-minute bins"
  }
  assert {
    condition     = length(distinct([for item in output.workbook.items : item.name])) == length(output.workbook.items)
    error_message = "every item needs a name of its own"
  }
  assert {
    condition = length([for item in output.workbook.items : item if try(item.content.title, "") == "Redis errors by outcome" &&
    strcontains(try(item.content.query, ""), "name == \"sluice.redis.calls\"") && strcontains(try(item.content.query, ""), "!= \"ok\"")]) == 1
    error_message = "one chart of Redis errors: the round-trip timer's calls whose outcome is not ok"
  }
  assert {
    condition = alltrue([for n in ["sluice.executions.ended", "sluice.execution.duration", "sluice.task.duration.max", "sluice.task.dispatch.latency.max",
      "sluice.timer.lag.max", "sluice.dependency.waiting", "sluice.retention.backlog", "sluice.redis.calls.max", "sluice.api.requests"] :
    anytrue([for item in output.workbook.items : strcontains(try(item.content.query, ""), "\"${n}\"")])])
    error_message = "the workbook graphs the executions, tasks, dispatch, timers, waits, Redis and the API as the AWS dashboard does"
  }
}
