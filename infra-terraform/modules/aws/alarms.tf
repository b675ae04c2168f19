# Anything in a dead-letter queue, and any queue whose oldest message waits too long, alerts.
resource "aws_cloudwatch_metric_alarm" "dead_letters" {
  for_each = { for q, v in local.queues : q => v if v.kind == "dlq" }

  alarm_name          = "${var.name}-${each.key}-not-empty"
  alarm_description   = "Messages were dead-lettered into ${each.value.name}; dlq-handler fails their executions and alerts, look at its log."
  namespace           = "AWS/SQS"
  metric_name         = "ApproximateNumberOfMessagesVisible"
  dimensions          = { QueueName = each.value.name }
  statistic           = "Maximum"
  period              = 60
  evaluation_periods  = 1
  comparison_operator = "GreaterThanThreshold"
  threshold           = 0
  treat_missing_data  = "notBreaching"
  alarm_actions       = [aws_sns_topic.alerts.arn]
  ok_actions          = [aws_sns_topic.alerts.arn]
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
  alarm_actions       = [aws_sns_topic.alerts.arn]
  ok_actions          = [aws_sns_topic.alerts.arn]
  tags                = local.tags

  depends_on = [aws_sqs_queue.queue]
}
