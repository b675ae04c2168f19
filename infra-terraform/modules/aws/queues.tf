resource "aws_sqs_queue" "queue" {
  for_each = local.queues

  name                        = each.value.name
  fifo_queue                  = each.value.fifo ? true : null
  content_based_deduplication = each.value.fifo ? false : null # every Sluice message carries a stable id
  sqs_managed_sse_enabled     = true
  visibility_timeout_seconds  = min(43200, 6 * local.functions[each.value.consumer].timeout)
  # SQS keeps a redriven message's first enqueue time, so dead-letter queues keep the longest.
  message_retention_seconds = each.value.kind == "dlq" ? 1209600 : 345600
  receive_wait_time_seconds = 20

  redrive_policy = each.value.dlq == null ? null : jsonencode({
    deadLetterTargetArn = local.queue_arn[each.value.dlq]
    maxReceiveCount     = var.max_receives
  })

  tags = local.tags
}

# Dead-letter queues accept redrives only from their own source queue.
resource "aws_sqs_queue_redrive_allow_policy" "dlq" {
  for_each = { for q, v in local.queues : q => v if v.dlq != null }

  queue_url = aws_sqs_queue.queue[each.value.dlq].id
  redrive_allow_policy = jsonencode({
    redrivePermission = "byQueue"
    sourceQueueArns   = [local.queue_arn[each.key]]
  })
}

# Every queue refuses unencrypted transport; object-created also takes S3's notifications for
# the data bucket of this account.
resource "aws_sqs_queue_policy" "queue" {
  for_each = local.queues

  queue_url = aws_sqs_queue.queue[each.key].id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = concat(
      [{
        Sid       = "DenyInsecureTransport"
        Effect    = "Deny"
        Principal = "*"
        Action    = "sqs:*"
        Resource  = local.queue_arn[each.key]
        Condition = { Bool = { "aws:SecureTransport" = "false" } }
      }],
      each.key != "object-created" ? [] : [{
        Sid       = "S3ObjectCreated"
        Effect    = "Allow"
        Principal = { Service = "s3.amazonaws.com" }
        Action    = "sqs:SendMessage"
        Resource  = local.queue_arn[each.key]
        Condition = {
          ArnEquals    = { "aws:SourceArn" = "arn:${local.partition}:s3:::${local.bucket_data}" }
          StringEquals = { "aws:SourceAccount" = local.account }
        }
      }],
    )
  })
}

# Each queue feeds its consumer's `live` alias, reporting failures per message. Dead-letter queues only with
# var.dead_letter_handler: by default they wait for an operator's redrive (README), their alarms say they are not empty.
resource "aws_lambda_event_source_mapping" "queue" {
  for_each = local.consumed

  event_source_arn        = local.queue_arn[each.key]
  function_name           = local.alias_arn[each.value.consumer]
  batch_size              = 10
  function_response_types = ["ReportBatchItemFailures"]

  dynamic "scaling_config" {
    for_each = local.queue_concurrency[each.key] == null ? [] : [local.queue_concurrency[each.key]]
    content {
      maximum_concurrency = scaling_config.value
    }
  }

  tags       = local.tags
  depends_on = [aws_sqs_queue.queue, aws_lambda_alias.live, aws_iam_role_policy.function]
}
