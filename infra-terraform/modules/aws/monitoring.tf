# What a team starts from: alarms on the runtime's own metrics and one dashboard of the deployment.
#
# The functions print their meters as CloudWatch embedded metric format lines (docs/metrics.md, "CloudWatch on Lambda"),
# in the namespace Sluice/<name> (SLUICE_METRICS_NAMESPACE, main.tf), each metric dimensioned by all of its tags at once:
# sluice.executions.ended by channel, outcome, pipeline and tenant, a timer as <name>.count, <name>.sum and <name>.max
# (milliseconds). Alarms over every pipeline are therefore Metrics Insights queries (one SQL query over the namespace,
# which takes in pipelines as they appear), not single metrics:
# https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch-metrics-insights-alarms.html
# Identifiers holding anything but letters, digits and '_' are double-quoted there, string values single-quoted.

locals {
  metrics_namespace = "Sluice/${var.name}"
  # FROM clause of every query: the deployment's own namespace, whatever the dimensions.
  metrics_from = "FROM \"${local.metrics_namespace}\""
  # Every alarm alerts (and clears) on the alert topic and on whatever else the deployment names.
  alarm_actions = concat([aws_sns_topic.alerts.arn], var.alarm_actions)

  # The Metrics Insights alarms: query, threshold (alarm above it), period (s), what to tell whoever is alerted.
  insights_alarms = merge(
    {
      "failed-executions" = {
        query       = "SELECT SUM(\"sluice.executions.ended\") ${local.metrics_from} WHERE outcome IN ('failed', 'timed_out')"
        threshold   = var.failed_executions_threshold
        period      = 300
        description = "More than ${var.failed_executions_threshold} executions failed or timed out in 5 minutes. Which ones: GET /v1/executions?status=FAILED (or the console); the dashboard ${var.name} shows which pipelines."
      }
      "timers-late" = {
        query       = "SELECT MAX(\"sluice.timer.lag.max\") ${local.metrics_from}"
        threshold   = 300000
        period      = 300
        description = "schedule-tick fired due timers (long Wait states, retries, timeouts) more than 5 minutes late: look at its errors and throttles and at its log group /aws/lambda/${var.name}-schedule-tick."
      }
      "retention-backlog" = {
        query       = "SELECT MIN(\"sluice.retention.backlog\") ${local.metrics_from}"
        threshold   = 0
        period      = 900
        description = "Finished executions past their retention stayed in Redis through every archive sweep of 15 minutes: schedule-tick cannot write them to the data bucket (archive/executions/), or cannot keep up. Its log group /aws/lambda/${var.name}-schedule-tick says which."
      }
    },
    # Without dlq-handler the dead-letter queues keep their messages, and their not-empty alarms (alarms.tf) say so; with it
    # they drain at once, so arrivals are counted by dlq-handler (sluice.deadletters, by the queue a message died on).
    var.dead_letter_handler ? {
      "dead-letters-arrived" = {
        query       = "SELECT SUM(\"sluice.deadletters\") ${local.metrics_from}"
        threshold   = 0
        period      = 300
        description = "Messages arrived on dead-letter queues; dlq-handler failed their executions with Sluice.PoisonMessage: GET /v1/dead-letters lists them."
      }
    } : {},
  )
}

resource "aws_cloudwatch_metric_alarm" "insights" {
  for_each = local.insights_alarms

  alarm_name          = "${var.name}-${each.key}"
  alarm_description   = each.value.description
  comparison_operator = "GreaterThanThreshold"
  threshold           = each.value.threshold
  evaluation_periods  = 1
  # No data is what a quiet deployment gives: nothing failed, nothing late.
  treat_missing_data = "notBreaching"
  alarm_actions      = local.alarm_actions
  ok_actions         = local.alarm_actions
  tags               = local.tags

  metric_query {
    id          = "q1"
    expression  = each.value.query
    period      = each.value.period
    label       = each.key
    return_data = true
  }
}

locals {
  # Dashboard pieces. A Metrics Insights query line: [{ expression, label, id }].
  insights = { for k, q in {
    started         = "SELECT SUM(\"sluice.executions.started\") ${local.metrics_from}"
    succeeded       = "SELECT SUM(\"sluice.executions.ended\") ${local.metrics_from} WHERE outcome = 'succeeded'"
    failed          = "SELECT SUM(\"sluice.executions.ended\") ${local.metrics_from} WHERE outcome IN ('failed', 'timed_out')"
    aborted         = "SELECT SUM(\"sluice.executions.ended\") ${local.metrics_from} WHERE outcome = 'aborted'"
    failed_by       = "SELECT SUM(\"sluice.executions.ended\") ${local.metrics_from} WHERE outcome != 'succeeded' GROUP BY pipeline ORDER BY SUM() DESC LIMIT 10"
    duration_sum    = "SELECT SUM(\"sluice.execution.duration.sum\") ${local.metrics_from} WHERE outcome = 'succeeded'"
    duration_count  = "SELECT SUM(\"sluice.execution.duration.count\") ${local.metrics_from} WHERE outcome = 'succeeded'"
    duration_max_by = "SELECT MAX(\"sluice.execution.duration.max\") ${local.metrics_from} GROUP BY pipeline ORDER BY MAX() DESC LIMIT 10"
    task_max_by     = "SELECT MAX(\"sluice.task.duration.max\") ${local.metrics_from} GROUP BY function ORDER BY MAX() DESC LIMIT 10"
    task_failed_by  = "SELECT SUM(\"sluice.task.duration.count\") ${local.metrics_from} WHERE outcome = 'failed' GROUP BY function ORDER BY SUM() DESC LIMIT 10"
    dispatch_max_by = "SELECT MAX(\"sluice.task.dispatch.latency.max\") ${local.metrics_from} GROUP BY function ORDER BY MAX() DESC LIMIT 10"
    transitions     = "SELECT SUM(\"sluice.state.transitions\") ${local.metrics_from}"
    retries         = "SELECT SUM(\"sluice.task.retries\") ${local.metrics_from}"
    catches         = "SELECT SUM(\"sluice.catches\") ${local.metrics_from}"
    dead_letters    = "SELECT SUM(\"sluice.deadletters\") ${local.metrics_from}"
    timer_lag       = "SELECT MAX(\"sluice.timer.lag.max\") ${local.metrics_from}"
    blocked         = "SELECT SUM(\"sluice.task.blocked\") ${local.metrics_from}"
    upstream_wait   = "SELECT SUM(\"sluice.upstream.recorded\") ${local.metrics_from} WHERE outcome = 'waiting'"
    upstream_met    = "SELECT SUM(\"sluice.upstream.recorded\") ${local.metrics_from} WHERE outcome = 'met'"
    released        = "SELECT SUM(\"sluice.dependency.released\") ${local.metrics_from}"
    backlog         = "SELECT MAX(\"sluice.retention.backlog\") ${local.metrics_from}"
    waiting_runs    = "SELECT MAX(\"sluice.dependency.waiting\") ${local.metrics_from}"
    redis_errors_by = "SELECT SUM(\"sluice.redis.calls.count\") ${local.metrics_from} WHERE outcome != 'ok' GROUP BY outcome ORDER BY SUM() DESC LIMIT 10"
    redis_max_by    = "SELECT MAX(\"sluice.redis.calls.max\") ${local.metrics_from} GROUP BY script ORDER BY MAX() DESC LIMIT 10"
    api_by          = "SELECT SUM(\"sluice.api.requests.count\") ${local.metrics_from} GROUP BY route, status ORDER BY SUM() DESC LIMIT 10"
    api_max_by      = "SELECT MAX(\"sluice.api.requests.max\") ${local.metrics_from} GROUP BY route ORDER BY MAX() DESC LIMIT 10"
  } : k => { expression = q, id = k, label = replace(k, "_", " ") } }

  main_queues = [for q, v in local.queues : v.name if v.kind != "dlq"]
  dead_queues = [for q, v in local.queues : v.name if v.kind == "dlq"]
  graph       = { view = "timeSeries", region = local.region, period = 300, stacked = false }

  dashboard_widgets = [
    { title = "Executions (5 min)", metrics = [for k in ["started", "succeeded", "failed", "aborted"] : [local.insights[k]]] },
    { title = "Failed, timed-out and aborted executions by pipeline", metrics = [[local.insights.failed_by]] },
    { title = "Succeeded executions: mean duration (ms)", metrics = [
      [merge(local.insights.duration_sum, { visible = false })], [merge(local.insights.duration_count, { visible = false })],
      [{ expression = "duration_sum / duration_count", id = "mean", label = "mean duration" }],
    ] },
    { title = "Longest execution by pipeline (ms)", metrics = [[local.insights.duration_max_by]] },
    { title = "Longest task run by function (ms)", metrics = [[local.insights.task_max_by]] },
    { title = "Failed task runs by function", metrics = [[local.insights.task_failed_by]] },
    { title = "Dispatch latency, worst by function (ms)", metrics = [[local.insights.dispatch_max_by]] },
    { title = "Transitions, retries, catches, dead letters", metrics = [for k in ["transitions", "retries", "catches", "dead_letters"] : [local.insights[k]]] },
    { title = "Timer lag, worst (ms)", metrics = [[local.insights.timer_lag]] },
    { title = "Waits: tasks held by rules, upstreams recorded, checks released, runs waiting on upstreams, retention backlog", metrics = [
    for k in ["blocked", "upstream_wait", "upstream_met", "released", "waiting_runs", "backlog"] : [local.insights[k]]] },
    { title = "Redis errors by outcome (moved, timeout, readonly, ...)", metrics = [[local.insights.redis_errors_by]] },
    { title = "Redis round trip, worst by script (ms)", metrics = [[local.insights.redis_max_by]] },
    { title = "API requests by route and status class", metrics = [[local.insights.api_by]] },
    { title = "API requests, slowest by route (ms)", metrics = [[local.insights.api_max_by]] },
    { title = "Oldest message age (s)", metrics = [for n in local.main_queues : ["AWS/SQS", "ApproximateAgeOfOldestMessage", "QueueName", n, { stat = "Maximum" }]] },
    { title = "Dead-letter queue depth", metrics = [for n in local.dead_queues : ["AWS/SQS", "ApproximateNumberOfMessagesVisible", "QueueName", n, { stat = "Maximum" }]] },
    { title = "Lambda errors", metrics = [for f in keys(local.functions) : ["AWS/Lambda", "Errors", "FunctionName", "${var.name}-${f}", { stat = "Sum" }]] },
    { title = "Lambda throttles", metrics = [for f in keys(local.functions) : ["AWS/Lambda", "Throttles", "FunctionName", "${var.name}-${f}", { stat = "Sum" }]] },
    { title = "Lambda concurrent executions", metrics = [for f in keys(local.functions) : ["AWS/Lambda", "ConcurrentExecutions", "FunctionName", "${var.name}-${f}", { stat = "Maximum" }]] },
  ]
}

resource "aws_cloudwatch_dashboard" "sluice" {
  dashboard_name = var.name
  # Two graphs a row, 12 columns by 6 rows each.
  dashboard_body = jsonencode({ widgets = [for i, w in local.dashboard_widgets : {
    type       = "metric", x = (i % 2) * 12, y = floor(i / 2) * 6, width = 12, height = 6
    properties = merge(local.graph, w)
  }] })
}
