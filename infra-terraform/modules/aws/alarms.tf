# Anything in a dead-letter queue, and any queue whose oldest message waits too long, alerts: on the alert topic, which is how
# a dead letter alerts when no dlq-handler consumes the dead-letter queues (var.dead_letter_handler = false, the default).
resource "aws_cloudwatch_metric_alarm" "dead_letters" {
  for_each = { for q, v in local.queues : q => v if v.kind == "dlq" }

  alarm_name = "${var.name}-${each.key}-not-empty"
  alarm_description = var.dead_letter_handler ? "Messages were dead-lettered into ${each.value.name}; dlq-handler fails their executions and alerts, look at its log." : (
  "Messages were dead-lettered into ${each.value.name}: their executions wait. Fix the cause, then move them back with aws sqs start-message-move-task --source-arn ${local.queue_arn[each.key]} (or stop the executions).")
  namespace           = "AWS/SQS"
  metric_name         = "ApproximateNumberOfMessagesVisible"
  dimensions          = { QueueName = each.value.name }
  statistic           = "Maximum"
  period              = 60
  evaluation_periods  = 1
  comparison_operator = "GreaterThanThreshold"
  threshold           = 0
  treat_missing_data  = "notBreaching"
  alarm_actions       = local.alarm_actions
  ok_actions          = local.alarm_actions
  tags                = local.tags

  depends_on = [aws_sqs_queue.queue]
}

resource "aws_cloudwatch_metric_alarm" "oldest_message" {
  for_each = { for q, v in local.queues : q => v if v.kind != "dlq" }

  alarm_name        = "${var.name}-${each.key}-oldest-message"
  alarm_description = "The oldest message in ${each.value.name} has waited too long: its consumer is failing or cannot keep up."
  namespace         = "AWS/SQS"
  metric_name       = "ApproximateAgeOfOldestMessage"
  dimensions        = { QueueName = each.value.name }
  statistic         = "Maximum"
  period            = 300
  # A -delayed message may wait up to 15 minutes on purpose.
  threshold           = each.value.kind == "delayed" ? 1800 : 600
  evaluation_periods  = 2
  comparison_operator = "GreaterThanThreshold"
  treat_missing_data  = "notBreaching"
  alarm_actions       = local.alarm_actions
  ok_actions          = local.alarm_actions
  tags                = local.tags

  depends_on = [aws_sqs_queue.queue]
}

# Every function: an invocation that ended in an error (an exception, a timeout, an out-of-memory;
# a batch whose failed records were reported is not one), and any throttled invocation (reserved
# concurrency or the account's limit reached: SQS retries, but schedules and API calls may be lost).
resource "aws_cloudwatch_metric_alarm" "function_errors" {
  for_each = local.functions

  alarm_name          = "${var.name}-${each.key}-errors"
  alarm_description   = "${var.name}-${each.key} ended invocations in errors; its log group /aws/lambda/${var.name}-${each.key} says why."
  namespace           = "AWS/Lambda"
  metric_name         = "Errors"
  dimensions          = { FunctionName = aws_lambda_function.function[each.key].function_name }
  statistic           = "Sum"
  period              = 300
  evaluation_periods  = 1
  comparison_operator = "GreaterThanThreshold"
  threshold           = 0
  treat_missing_data  = "notBreaching"
  alarm_actions       = local.alarm_actions
  ok_actions          = local.alarm_actions
  tags                = local.tags
}

resource "aws_cloudwatch_metric_alarm" "function_throttles" {
  for_each = local.functions

  alarm_name          = "${var.name}-${each.key}-throttles"
  alarm_description   = "${var.name}-${each.key} was throttled: its reserved concurrency or the account's concurrency limit was reached."
  namespace           = "AWS/Lambda"
  metric_name         = "Throttles"
  dimensions          = { FunctionName = aws_lambda_function.function[each.key].function_name }
  statistic           = "Sum"
  period              = 300
  evaluation_periods  = 1
  comparison_operator = "GreaterThanThreshold"
  threshold           = 0
  treat_missing_data  = "notBreaching"
  alarm_actions       = local.alarm_actions
  ok_actions          = local.alarm_actions
  tags                = local.tags
}
