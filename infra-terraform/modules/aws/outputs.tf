output "http_api_url" {
  description = "Base URL of the Sluice HTTP API. With api_auth.mode \"iam\" requests must be SigV4-signed by a principal allowed execute-api:Invoke on http_api_execution_arn; otherwise they carry a tenant key (Authorization: Bearer <key>)."
  value       = aws_apigatewayv2_stage.http.invoke_url
}

output "http_api_execution_arn" {
  description = "Execution ARN of the HTTP API, for callers' execute-api:Invoke policies (\"<arn>/*/*\")."
  value       = aws_apigatewayv2_api.http.execution_arn
}

output "functions" {
  description = "Lambda function name of each Sluice function."
  value       = { for f, fn in aws_lambda_function.function : f => fn.function_name }
}

output "queues" {
  description = "SQS queue URL by logical queue name (orchestrator, events, task-<function>, object-created, the delayed queue `delayed`, and each one's -dlq)."
  value       = { for q, queue in aws_sqs_queue.queue : q => queue.url }
}

output "data_bucket" {
  description = "S3 bucket of the pipelines' objects; objects created in it reach object-trigger."
  value       = aws_s3_bucket.bucket["data"].bucket
}

output "status_table" {
  description = "DynamoDB status table that write-status writes."
  value       = aws_dynamodb_table.status.name
}

output "item_table" {
  description = "DynamoDB table holding the items of the dynamodb:* service integrations (task-worker alone reads and writes it)."
  value       = aws_dynamodb_table.items.name
}

output "alert_topic_arn" {
  description = "SNS topic that alarms and failed asynchronous invocations publish to."
  value       = aws_sns_topic.alerts.arn
}

output "redis_url" {
  description = "URL of the deployment's Redis: rediss+cluster:// for MemoryDB, rediss:// for ElastiCache (the password is in redis_auth_secret_arn)."
  value       = local.redis_url
}

output "redis_auth_secret_arn" {
  description = "Secrets Manager secret holding the Redis password."
  value       = aws_secretsmanager_secret.redis_auth.arn
}

output "pipeline_secrets_prefix" {
  description = "Name prefix under which task-worker may read pipeline secrets (<prefix><tenant>/<name>)."
  value       = local.pipeline_secrets
}

output "scheduler_group" {
  description = "EventBridge Scheduler group of the deployment's schedules."
  value       = aws_scheduler_schedule_group.sluice.name
}

output "execution_event_bus" {
  description = "Name of the EventBridge bus the execution events (CloudEvents) are put on, for subscribers' rules; null without execution_events."
  value       = var.execution_events ? aws_cloudwatch_event_bus.executions[0].name : null
}

output "provisioned_concurrency" {
  description = "Warm instances per function on its live alias (empty: every function starts from SnapStart)."
  value       = local.warm
}

output "vpc_endpoints" {
  description = "The VPC endpoints the module made (network.endpoints), by service: interface endpoints and the S3 and DynamoDB gateway endpoints."
  value       = merge({ for s, e in aws_vpc_endpoint.interface : s => e.id }, { for s, e in aws_vpc_endpoint.gateway : s => e.id })
}
