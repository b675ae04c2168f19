# The module planned (and applied) against a mocked AWS provider: no credentials, no calls.
mock_provider "aws" {
  source = "./tests"
}

variables {
  name          = "sluice-test"
  artifact_path = "tests/fixtures/bundle.zip"
  network       = { vpc_id = "vpc-0123456789abcdef0", subnet_ids = ["subnet-0aaaaaaaaaaaaaaaa", "subnet-0bbbbbbbbbbbbbbbb"] }
  pipelines = {
    orders = { schedule = "cron(0 3 * * ? *)", timezone = "Europe/Paris", glue_jobs = ["orders-raw", "orders-enriched"] }
    fx     = {}
  }
  alert_email = "data-platform@example.com"
}

run "queues_functions_and_policies" {
  command = plan
  # Every priority channel and warm instances, so every kind of queue and both start modes are asserted.
  variables {
    priority_channels       = ["P0", "P1", "P2", "P3"]
    provisioned_concurrency = { orchestrator = 1, "task-worker" = 1, "http-api" = 1 }
  }

  # The default api_auth is IAM: http-api is told so, and a bundle without tenants serves behind it, never open.
  assert {
    condition     = aws_lambda_function.function["http-api"].environment[0].variables.SLUICE_API_PLATFORM_AUTH == "iam" && alltrue([for f, fn in aws_lambda_function.function : f == "http-api" || !contains(keys(fn.environment[0].variables), "SLUICE_API_PLATFORM_AUTH")])
    error_message = "with IAM auth http-api (and only it) must be told sluice.api.platform-auth=iam"
  }

  # Queues: 38 FIFO queues (orchestrator, events, nine task functions x four channels), each with q-dlq.fifo; the one
  # delayed queue and its dead-letter queue; object-created and its dead-letter queue.
  assert {
    condition     = length(aws_sqs_queue.queue) == 2 * (2 + 9 * 4) + 4 && contains(keys(aws_sqs_queue.queue), "task-glue-launch-p0") && contains(keys(aws_sqs_queue.queue), "task-glue-launch-p3-dlq") && !anytrue([for q in keys(aws_sqs_queue.queue) : endswith(q, "-delayed")])
    error_message = "expected 80 queues: orchestrator, events and 9 task functions x 4 priority channels as FIFO queues with their dead-letter queues, one delayed queue (no -delayed companion per queue), object-created, and their DLQs"
  }
  assert {
    condition = (
      aws_sqs_queue.queue["delayed"].name == "sluice-test-delayed" && aws_sqs_queue.queue["delayed"].fifo_queue == null &&
      aws_lambda_event_source_mapping.queue["delayed"].function_name == "arn:aws:lambda:eu-west-1:123456789012:function:sluice-test-delayed-forwarder:live" &&
      aws_lambda_event_source_mapping.queue["delayed"].scaling_config[0].maximum_concurrency == 5 &&
      alltrue([for f in ["orchestrator", "task-worker", "events", "schedule-tick", "http-api"] : contains(flatten([for s in jsondecode(aws_iam_role_policy.function[f].policy).Statement : s.Resource if s.Sid == "SendToQueues"]), "arn:aws:sqs:eu-west-1:123456789012:sluice-test-delayed")]) &&
      contains(flatten([for s in jsondecode(aws_iam_role_policy.function["delayed-forwarder"].policy).Statement : s.Resource if s.Sid == "SendToQueues"]), "arn:aws:sqs:eu-west-1:123456789012:sluice-test-task-glue-launch-p3.fifo")
    )
    error_message = "one standard queue <name>-delayed (what the bundle's SqsTaskQueue sends delayed messages to, each naming its queue) feeds delayed-forwarder five at a time; whoever sends delayed messages may send to it, and delayed-forwarder to every FIFO queue"
  }
  assert {
    condition = alltrue([for q in aws_sqs_queue.queue : (
      q.redrive_policy != null &&
      endswith(jsondecode(q.redrive_policy).deadLetterTargetArn, ":${endswith(q.name, ".fifo") ? "${trimsuffix(q.name, ".fifo")}-dlq.fifo" : "${q.name}-dlq"}") &&
      tonumber(jsondecode(q.redrive_policy).maxReceiveCount) == var.max_receives
    ) if !(endswith(q.name, "-dlq") || endswith(q.name, "-dlq.fifo"))])
    error_message = "every queue that is not a dead-letter queue must redrive to its own <name>-dlq after max_receives receives"
  }
  assert {
    condition = alltrue([for q in aws_sqs_queue.queue : contains([for s in aws_sqs_queue.queue : s.name], (
      endswith(q.name, ".fifo") ? "${trimsuffix(q.name, "-dlq.fifo")}.fifo" : trimsuffix(q.name, "-dlq")
    )) if endswith(q.name, "-dlq") || endswith(q.name, "-dlq.fifo")])
    error_message = "every dead-letter queue must belong to a queue"
  }
  assert {
    condition     = alltrue([for q in aws_sqs_queue.queue : q.sqs_managed_sse_enabled == true])
    error_message = "every queue must be encrypted at rest"
  }
  assert {
    condition     = alltrue([for q in aws_sqs_queue.queue : (endswith(q.name, ".fifo") == (q.fifo_queue == true)) && (q.fifo_queue != true || q.content_based_deduplication == false)])
    error_message = "queues named .fifo must be FIFO queues deduplicating by message id"
  }
  assert {
    condition     = alltrue([for q in aws_sqs_queue.queue : contains([for m in aws_lambda_event_source_mapping.queue : m.event_source_arn], "arn:aws:sqs:eu-west-1:123456789012:${q.name}") == !(endswith(q.name, "-dlq") || endswith(q.name, "-dlq.fifo"))])
    error_message = "every queue must have a consumer (an event source mapping), and by default no dead-letter queue (an alarm, then a redrive on demand)"
  }
  assert {
    condition = alltrue([for s in jsondecode(aws_iam_role_policy.function["dlq-handler"].policy).Statement : !contains(["ReceiveOwnQueues", "SendToQueues"], s.Sid)]) && alltrue([
      for q, a in aws_cloudwatch_metric_alarm.dead_letters : length(a.alarm_actions) == 1 && strcontains(a.alarm_description, "aws sqs start-message-move-task --source-arn arn:aws:sqs:eu-west-1:123456789012:")
    ])
    error_message = "without a dead-letter consumer dlq-handler may neither receive nor send, and each dead-letter queue's alarm alerts on the topic and says how to redrive"
  }
  assert {
    condition = alltrue([for q, m in aws_lambda_event_source_mapping.queue : m.function_name == "arn:aws:lambda:eu-west-1:123456789012:function:sluice-test-${(
      endswith(q, "-dlq") ? "dlq-handler" : q == "delayed" ? "delayed-forwarder" : startswith(q, "task-") ? "task-worker" : q == "object-created" ? "object-trigger" : q
    )}:live"])
    error_message = "every queue must feed its consumer's live alias: dead letters dlq-handler, the delayed queue delayed-forwarder, task queues task-worker, object-created object-trigger, the orchestrator and events queues their namesakes"
  }
  assert {
    condition     = alltrue([for m in aws_lambda_event_source_mapping.queue : m.function_response_types == toset(["ReportBatchItemFailures"])])
    error_message = "every event source mapping must report partial batch failures"
  }
  assert {
    condition     = aws_lambda_event_source_mapping.queue["task-push-export"].scaling_config[0].maximum_concurrency == 2 && aws_lambda_event_source_mapping.queue["task-push-export-p0"].scaling_config[0].maximum_concurrency == 2 && length(aws_lambda_event_source_mapping.queue["orchestrator"].scaling_config) == 0
    error_message = "queue_concurrency must cap push-export's queue and leave the orchestrator's queue alone"
  }

  # Functions: one per Sluice function, one artifact, an alias each, warm or SnapStart.
  assert {
    condition     = toset(keys(aws_lambda_function.function)) == toset(["orchestrator", "task-worker", "events", "dlq-handler", "delayed-forwarder", "schedule-tick", "scheduled-start", "object-trigger", "glue-job-state", "http-api"])
    error_message = "expected one Lambda per Sluice function"
  }
  assert {
    condition = alltrue([for f, fn in aws_lambda_function.function :
      fn.runtime == "java21" && fn.handler == (f == "orchestrator" ? "io.sluice.aws.lean.OrchestratorHandler::handleRequest" : "org.springframework.cloud.function.adapter.aws.FunctionInvoker::handleRequest") && fn.publish &&
      fn.environment[0].variables.SPRING_CLOUD_FUNCTION_DEFINITION == f && fn.environment[0].variables.MAIN_CLASS == (f == "orchestrator" ? "io.sluice.aws.lean.OrchestratorLambda" : "io.sluice.aws.SluiceAwsApplication") &&
      fn.environment[0].variables.SLUICE_MAX_RECEIVES == "5" && fn.environment[0].variables.SLUICE_QUEUE_PREFIX == "sluice-test"
    ])
    error_message = "every function runs java21 through FunctionInvoker (the orchestrator through its own handler), publishes versions, and selects itself with SPRING_CLOUD_FUNCTION_DEFINITION and MAIN_CLASS"
  }
  assert {
    condition     = toset(keys(aws_lambda_alias.live)) == toset(keys(aws_lambda_function.function)) && alltrue([for a in aws_lambda_alias.live : a.name == "live"])
    error_message = "every function must have its live alias"
  }
  assert {
    condition     = toset(keys(aws_lambda_provisioned_concurrency_config.live)) == toset(["orchestrator", "task-worker", "http-api"]) && alltrue([for p in aws_lambda_provisioned_concurrency_config.live : p.qualifier == "live" && p.provisioned_concurrent_executions >= 1])
    error_message = "the latency-sensitive functions must have provisioned concurrency on their live alias"
  }
  assert {
    condition     = alltrue([for f, fn in aws_lambda_function.function : (length(fn.snap_start) == 1) == !contains(keys(aws_lambda_provisioned_concurrency_config.live), f)])
    error_message = "every function without provisioned concurrency must start from SnapStart (and none with it: Lambda does not combine them)"
  }
  assert {
    condition = alltrue([for f, fn in aws_lambda_function.function :
      fn.environment[0].variables.SLUICE_RETENTION == "1d" && fn.environment[0].variables.SLUICE_NAMEREUSE == "90d" &&
      fn.environment[0].variables.SLUICE_HIBERNATE_AFTER == "5m" &&
      fn.environment[0].variables.SLUICE_SCHEDULER_TARGET_ARN == "arn:aws:lambda:eu-west-1:123456789012:function:sluice-test-scheduled-start:live" &&
      fn.environment[0].variables.SLUICE_SCHEDULER_ROLE_ARN == "arn:aws:iam::123456789012:role/sluice-test-scheduler" &&
      (lookup(fn.environment[0].variables, "SLUICE_INTEGRATIONS_ENABLED", "false") == "true") == (f == "task-worker") &&
      (lookup(fn.environment[0].variables, "SLUICE_GLUE_ENABLED", "false") == "true") == contains(["task-worker", "glue-job-state"], f)
    ])
    error_message = "every function reads the retention settings and the scheduler's target and role; only task-worker runs the service integrations; glue-launch (task-worker) and glue-job-state need sluice.glue.enabled"
  }
  assert {
    condition = (
      aws_lambda_function.function["task-worker"].environment[0].variables.SLUICE_INTEGRATIONS_ITEMTABLE == "sluice-test-items" &&
      aws_lambda_function.function["task-worker"].environment[0].variables.SLUICE_INTEGRATIONS_ACCOUNTID == "123456789012" &&
      aws_lambda_function.function["task-worker"].environment[0].variables.SLUICE_SECRETS_ENABLED == "true" &&
      !contains(keys(aws_lambda_function.function["task-worker"].environment[0].variables), "SLUICE_INTEGRATIONS_TOPICS")
    )
    error_message = "task-worker's integrations must keep their items in the item table, name topics in this account, and resolve pipeline secrets"
  }
  assert {
    condition     = alltrue([for fn in aws_lambda_function.function : length(fn.vpc_config) == 1 && fn.logging_config[0].log_format == "JSON"])
    error_message = "every function runs in the private subnets and logs JSON"
  }

  # IAM: no "*" resource where a specific ARN exists, no wildcard actions, no other account.
  assert {
    condition = alltrue(flatten([for p in concat(values(aws_iam_role_policy.function), values(aws_iam_role_policy.network), [aws_iam_role_policy.scheduler]) : [
      for s in jsondecode(p.policy).Statement : !contains(flatten([s.Resource]), "*") || alltrue([for a in flatten([s.Action]) : contains([
        "ec2:DescribeNetworkInterfaces", "ec2:DescribeSubnets",
        "redshift-data:DescribeStatement", "redshift-data:GetStatementResult", "redshift-data:CancelStatement",
      ], a)])
    ]]))
    error_message = "an IAM statement has Resource \"*\" for actions that take a specific ARN"
  }
  assert {
    condition = alltrue(flatten([for p in concat(values(aws_iam_role_policy.function), values(aws_iam_role_policy.network), [aws_iam_role_policy.scheduler]) : [
      for s in jsondecode(p.policy).Statement : [for a in flatten([s.Action]) : a != "*" && !endswith(a, ":*")]
    ]]))
    error_message = "an IAM statement grants a wildcard action"
  }
  assert {
    condition = alltrue(flatten([for p in values(aws_iam_role_policy.function) : [
      for s in jsondecode(p.policy).Statement : [for r in flatten([s.Resource]) : r == "*" || startswith(r, "arn:aws:s3:::") || strcontains(r, ":123456789012:")]
    ]]))
    error_message = "a role names a resource outside this account"
  }
  assert {
    condition     = length(jsondecode(aws_iam_role_policy.function["task-worker"].policy).Statement) == 13 && strcontains(aws_iam_role_policy.function["task-worker"].policy, "job/orders-raw")
    error_message = "task-worker's role must name the pipelines' Glue jobs"
  }
  assert {
    condition = [for s in jsondecode(aws_iam_role_policy.function["task-worker"].policy).Statement : s.Resource if s.Sid == "IntegrationItems"] == [["arn:aws:dynamodb:eu-west-1:123456789012:table/sluice-test-items"]] && alltrue([
      for f, p in aws_iam_role_policy.function : !strcontains(p.policy, "table/sluice-test-items") if f != "task-worker"
    ])
    error_message = "only task-worker's role may name the integrations' item table"
  }
  assert {
    condition = alltrue([for p in values(aws_iam_role_policy.function) : alltrue([
      for s in jsondecode(p.policy).Statement : !contains(["IntegrationTables", "IntegrationFunctions", "IntegrationSdk0", "IntegrationTopics", "IntegrationQueues", "IntegrationBuses", "IntegrationBucketsList", "IntegrationBucketsObjects"], s.Sid)
    ])])
    error_message = "without declared integration targets no role may publish, send or put events outside the deployment"
  }
  assert {
    condition = (
      [for s in jsondecode(aws_iam_role_policy.function["schedule-tick"].policy).Statement : s.Resource if s.Sid == "ArchiveWrite"] == [["arn:aws:s3:::sluice-test-data-123456789012-eu-west-1/archive/executions/*"]] &&
      [for s in jsondecode(aws_iam_role_policy.function["http-api"].policy).Statement : s.Action if s.Sid == "ArchiveRead"] == [["s3:GetObject"]] &&
      [for s in jsondecode(aws_iam_role_policy.function["http-api"].policy).Statement : s.Condition.StringLike["s3:prefix"] if s.Sid == "ArchiveList"] == [["archive/executions/*"]] &&
      alltrue([for f, p in aws_iam_role_policy.function : alltrue([
        for s in jsondecode(p.policy).Statement : !strcontains(jsonencode(s), "arn:aws:s3:::sluice-test-data") || startswith(s.Sid, "SleepingExecutions")
      ]) if !contains(["task-worker", "schedule-tick", "http-api"], f)])
    )
    error_message = "the retention reaper (schedule-tick) may write only the archive, http-api only read it, and no other function may touch the data bucket but its sleeping executions"
  }
  assert {
    condition = alltrue([for f, p in aws_iam_role_policy.function : contains(["delayed-forwarder", "glue-job-state"], f) ? !strcontains(p.policy, "hibernated") : (
      jsonencode([for s in jsondecode(p.policy).Statement : [s.Action, s.Resource] if s.Sid == "SleepingExecutions"]) ==
      jsonencode([[["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], ["arn:aws:s3:::sluice-test-data-123456789012-eu-west-1/hibernated/*"]]]) &&
      jsonencode([for s in jsondecode(p.policy).Statement : [s.Resource, s.Condition.StringLike["s3:prefix"]] if s.Sid == "SleepingExecutionsList"]) ==
      jsonencode([[["arn:aws:s3:::sluice-test-data-123456789012-eu-west-1"], ["hibernated/*"]]])
    )])
    error_message = "every function that moves or reads executions may get, put, delete and list their sleeping objects (hibernated/ in the data bucket) and nothing else through that grant; delayed-forwarder and glue-job-state none"
  }

  # Nothing public.
  assert {
    condition     = alltrue([for b in aws_s3_bucket_public_access_block.bucket : b.block_public_acls && b.block_public_policy && b.ignore_public_acls && b.restrict_public_buckets])
    error_message = "every bucket must block public access"
  }
  assert {
    condition     = aws_apigatewayv2_route.http.authorization_type == "AWS_IAM" && length(aws_apigatewayv2_authorizer.http) == 0
    error_message = "by default the HTTP API must require IAM (SigV4) authorization"
  }
  assert {
    condition     = aws_vpc_security_group_ingress_rule.redis.cidr_ipv4 == null && aws_vpc_security_group_ingress_rule.redis.from_port == 6379
    error_message = "Redis must be reachable only from the functions' security group"
  }
  assert {
    condition     = aws_lambda_permission.http.principal == "apigateway.amazonaws.com" && aws_lambda_permission.glue_job_state.principal == "events.amazonaws.com"
    error_message = "only API Gateway and EventBridge may invoke functions directly"
  }

  # Sluice's own deleted objects in the versioned data bucket do not pile up as noncurrent versions.
  assert {
    condition     = toset([for r in aws_s3_bucket_lifecycle_configuration.data.rule : one(r.filter).prefix if r.status == "Enabled" && one(r.noncurrent_version_expiration).noncurrent_days == 1]) == toset(["hibernated/executions/", "history/"])
    error_message = "the data bucket must expire noncurrent versions of hibernated/executions/ and history/ after a day"
  }

  # Encryption.
  assert {
    condition     = alltrue([for e in aws_s3_bucket_server_side_encryption_configuration.bucket : one(one(e.rule).apply_server_side_encryption_by_default).sse_algorithm == "AES256"])
    error_message = "every bucket must encrypt at rest"
  }
  assert {
    condition     = aws_dynamodb_table.status.server_side_encryption[0].enabled && aws_dynamodb_table.status.point_in_time_recovery[0].enabled
    error_message = "the status table must be encrypted and have point-in-time recovery"
  }
  assert {
    condition     = aws_memorydb_cluster.redis[0].tls_enabled && length(aws_elasticache_replication_group.redis) == 0
    error_message = "Redis must be MemoryDB with TLS by default"
  }
  assert {
    condition = (
      aws_dynamodb_table.items.name == "sluice-test-items" && aws_dynamodb_table.items.hash_key == "scope" && aws_dynamodb_table.items.range_key == "sortKey" &&
      aws_dynamodb_table.items.server_side_encryption[0].enabled && aws_dynamodb_table.items.point_in_time_recovery[0].enabled && aws_dynamodb_table.items.deletion_protection_enabled
    )
    error_message = "the integrations' item table must have KeyValueItemsTable's keys (scope, sortKey), encryption, point-in-time recovery and deletion protection"
  }
  assert {
    condition = aws_dynamodb_table.status.hash_key == "executionId" && toset([for i in aws_dynamodb_table.status.global_secondary_index : "${i.name}:${i.hash_key}:${i.range_key}:${i.projection_type}"]) == toset([
      "by-pipeline:pipeline:startOrder:ALL", "by-pipeline-partition:pipelinePartition:startOrder:ALL",
    ])
    error_message = "the status table must have StatusTable's key (executionId) and its by-pipeline and by-pipeline-partition indexes"
  }
  assert {
    condition     = aws_kms_key.alerts.enable_key_rotation
    error_message = "the alert topic's key must rotate"
  }
  assert {
    # Who may use the alert topic's key: CloudWatch (alarm actions) and the roles of the functions that publish
    # alerts or are failure destinations, those only through SNS; nobody else but the account's administrators.
    condition = {
      for s in jsondecode(aws_kms_key.alerts.policy).Statement : s.Sid => [s.Principal, toset(flatten([s.Action])), try(s.Condition, null)]
      } == {
      AccountAdministers = [{ AWS = "arn:aws:iam::123456789012:root" }, toset(["kms:*"]), null]
      CloudWatchAlarms   = [{ Service = "cloudwatch.amazonaws.com" }, toset(["kms:Decrypt", "kms:GenerateDataKey*"]), null]
      PublishingFunctions = [{ AWS = [for f in ["orchestrator", "events", "dlq-handler", "task-worker", "schedule-tick", "scheduled-start", "glue-job-state"] : "arn:aws:iam::123456789012:role/sluice-test-${f}"] },
      toset(["kms:Decrypt", "kms:GenerateDataKey*"]), { StringEquals = { "kms:ViaService" = "sns.eu-west-1.amazonaws.com" } }]
    }
    error_message = "the alert key's policy must let CloudWatch and exactly the alerting functions' roles (through SNS only) encrypt for the topic, nobody else"
  }
  assert {
    condition = alltrue([for f, p in aws_iam_role_policy.function : strcontains(p.policy, "arn:aws:sns:eu-west-1:123456789012:sluice-test-alerts") == contains(
      [for r in jsondecode(aws_kms_key.alerts.policy).Statement[2].Principal.AWS : trimprefix(r, "arn:aws:iam::123456789012:role/sluice-test-")], f
    )]) && aws_kms_alias.alerts.name == "alias/sluice-test-alerts"
    error_message = "every role that may publish to the alert topic must be in its key's policy, and no other"
  }

  # Triggers and alarms.
  assert {
    condition     = toset(keys(aws_scheduler_schedule.pipeline)) == toset(["orders"]) && aws_scheduler_schedule.pipeline["orders"].schedule_expression_timezone == "Europe/Paris" && aws_scheduler_schedule.tick.schedule_expression == "rate(1 minute)"
    error_message = "scheduled pipelines get one schedule each and schedule-tick runs every minute"
  }
  assert {
    condition     = jsondecode(aws_cloudwatch_event_rule.glue_job_state.event_pattern)["detail-type"] == ["Glue Job State Change"]
    error_message = "the Glue rule must match job state changes"
  }
  assert {
    condition     = length(aws_cloudwatch_metric_alarm.dead_letters) == 40 && length(aws_cloudwatch_metric_alarm.oldest_message) == 40
    error_message = "every dead-letter queue needs a not-empty alarm and every other queue an oldest-message alarm"
  }
  assert {
    condition = (
      toset(keys(aws_cloudwatch_metric_alarm.function_errors)) == toset(keys(aws_lambda_function.function)) &&
      toset(keys(aws_cloudwatch_metric_alarm.function_throttles)) == toset(keys(aws_lambda_function.function)) &&
      alltrue([for f, a in aws_cloudwatch_metric_alarm.function_errors : a.namespace == "AWS/Lambda" && a.metric_name == "Errors" && a.dimensions == tomap({ FunctionName = "sluice-test-${f}" }) && a.statistic == "Sum" && a.threshold == 0 && a.comparison_operator == "GreaterThanThreshold"]) &&
      alltrue([for f, a in aws_cloudwatch_metric_alarm.function_throttles : a.namespace == "AWS/Lambda" && a.metric_name == "Throttles" && a.dimensions == tomap({ FunctionName = "sluice-test-${f}" }) && a.statistic == "Sum" && a.threshold == 0 && a.comparison_operator == "GreaterThanThreshold"])
    )
    error_message = "every function needs an alarm on any error and one on any throttle"
  }

  # Alarms and a dashboard on the runtime's own metrics (monitoring.tf): EMF lines in the deployment's namespace.
  assert {
    condition     = alltrue([for fn in aws_lambda_function.function : fn.environment[0].variables.SLUICE_METRICS_NAMESPACE == "Sluice/sluice-test"])
    error_message = "every function must print its metrics into the deployment's own namespace, Sluice/<name>, which the alarms query"
  }
  assert {
    condition = (
      toset(keys(aws_cloudwatch_metric_alarm.insights)) == toset(["failed-executions", "timers-late", "retention-backlog"]) &&
      one(aws_cloudwatch_metric_alarm.insights["retention-backlog"].metric_query).expression == "SELECT MIN(\"sluice.retention.backlog\") FROM \"Sluice/sluice-test\"" &&
      one(aws_cloudwatch_metric_alarm.insights["failed-executions"].metric_query).expression == "SELECT SUM(\"sluice.executions.ended\") FROM \"Sluice/sluice-test\" WHERE outcome IN ('failed', 'timed_out')" &&
      one(aws_cloudwatch_metric_alarm.insights["timers-late"].metric_query).expression == "SELECT MAX(\"sluice.timer.lag.max\") FROM \"Sluice/sluice-test\"" &&
      alltrue([for a in aws_cloudwatch_metric_alarm.insights : a.threshold >= 0 && a.comparison_operator == "GreaterThanThreshold" && a.treat_missing_data == "notBreaching" &&
      one(a.metric_query).return_data == true && contains([300, 900], one(a.metric_query).period) && a.metric_name == null])
    )
    error_message = "Metrics Insights alarms on executions ended failed or timed out, on late timers and on a retention backlog that does not drain, over the deployment's namespace; no dead-letter arrival alarm without dlq-handler (the queues' not-empty alarms say it)"
  }
  assert {
    condition = (
      aws_cloudwatch_dashboard.sluice.dashboard_name == "sluice-test" &&
      length(jsondecode(aws_cloudwatch_dashboard.sluice.dashboard_body).widgets) == 19 &&
      # Every query reads the namespace the functions write to.
      alltrue([for w in jsondecode(aws_cloudwatch_dashboard.sluice.dashboard_body).widgets : alltrue([for m in w.properties.metrics :
      !startswith(try(m[0].expression, ""), "SELECT") || strcontains(try(m[0].expression, ""), "FROM \"Sluice/sluice-test\"")]) && w.properties.region == "eu-west-1"]) &&
      # Every queue's age and every dead-letter queue's depth, each function's errors and throttles.
      length([for w in jsondecode(aws_cloudwatch_dashboard.sluice.dashboard_body).widgets : w if w.properties.title == "Oldest message age (s)" && length(w.properties.metrics) == 40]) == 1 &&
      length([for w in jsondecode(aws_cloudwatch_dashboard.sluice.dashboard_body).widgets : w if w.properties.title == "Dead-letter queue depth" && length(w.properties.metrics) == 40]) == 1 &&
      contains(flatten([for w in jsondecode(aws_cloudwatch_dashboard.sluice.dashboard_body).widgets : w.properties.metrics if w.properties.title == "Lambda throttles"]), "sluice-test-http-api") &&
      # Redis errors (the round-trip timer's outcomes other than ok) and the API's requests by route and status class.
      length([for w in jsondecode(aws_cloudwatch_dashboard.sluice.dashboard_body).widgets : w if startswith(w.properties.title, "Redis errors") &&
      try(w.properties.metrics[0][0].expression, "") == "SELECT SUM(\"sluice.redis.calls.count\") FROM \"Sluice/sluice-test\" WHERE outcome != 'ok' GROUP BY outcome ORDER BY SUM() DESC LIMIT 10"]) == 1 &&
      length([for w in jsondecode(aws_cloudwatch_dashboard.sluice.dashboard_body).widgets : w if strcontains(try(w.properties.metrics[0][0].expression, ""), "\"sluice.api.requests.count\"") &&
      strcontains(try(w.properties.metrics[0][0].expression, ""), "GROUP BY route, status")]) == 1
    )
    error_message = "the dashboard: 19 graphs over the deployment's namespace in its region, the age of each of the 40 queues, the depth of each of the 40 dead-letter queues, each function's throttles, Redis errors by outcome, API requests by route and status class"
  }
}

run "integrations_are_named_in_task_worker_alone" {
  command = plan

  variables {
    integrations = {
      topics             = ["orders-done"]
      queues             = ["partner-inbox"]
      buses              = ["analytics"]
      buckets            = ["orders-landing-zone"]
      tables             = { Orders = { partition_key = "orderId", sort_key = "line" }, rates = { partition_key = "pair" } }
      http_allowed_hosts = ["api.example.com", "hooks.example.org"]
      statements         = [{ actions = ["dynamodb:DescribeTable"], resources = ["arn:aws:dynamodb:eu-west-1:123456789012:table/Orders"] }]
      functions          = ["scorer", "tagger:prod", "arn:aws:lambda:eu-west-1:210987654321:function:partner-check"]
    }
    retention       = { executions = "12h", name_reuse = "30d" }
    hibernate_after = "off"
  }

  assert {
    condition = {
      for s in jsondecode(aws_iam_role_policy.function["task-worker"].policy).Statement : s.Sid => s.Resource if startswith(s.Sid, "Integration")
      } == {
      IntegrationItems  = ["arn:aws:dynamodb:eu-west-1:123456789012:table/sluice-test-items"]
      IntegrationTables = ["arn:aws:dynamodb:eu-west-1:123456789012:table/Orders", "arn:aws:dynamodb:eu-west-1:123456789012:table/rates"]
      IntegrationFunctions = ["arn:aws:lambda:eu-west-1:123456789012:function:scorer", "arn:aws:lambda:eu-west-1:123456789012:function:scorer:*",
        "arn:aws:lambda:eu-west-1:123456789012:function:tagger:prod",
      "arn:aws:lambda:eu-west-1:210987654321:function:partner-check", "arn:aws:lambda:eu-west-1:210987654321:function:partner-check:*"]
      IntegrationSdk0           = ["arn:aws:dynamodb:eu-west-1:123456789012:table/Orders"]
      IntegrationTopics         = ["arn:aws:sns:eu-west-1:123456789012:orders-done"]
      IntegrationQueues         = ["arn:aws:sqs:eu-west-1:123456789012:partner-inbox"]
      IntegrationBuses          = ["arn:aws:events:eu-west-1:123456789012:event-bus/analytics"]
      IntegrationBucketsList    = ["arn:aws:s3:::orders-landing-zone"]
      IntegrationBucketsObjects = ["arn:aws:s3:::orders-landing-zone/*"]
    }
    error_message = "task-worker's role must name exactly the declared tables, statements, topic, queue, bus and bucket, and the item table"
  }
  assert {
    condition = [for s in jsondecode(aws_iam_role_policy.function["task-worker"].policy).Statement : s.Action if s.Sid == "IntegrationBuses"] == [["events:PutEvents"]] && [
      for s in jsondecode(aws_iam_role_policy.function["task-worker"].policy).Statement : s.Action if s.Sid == "IntegrationTopics"
    ] == [["sns:Publish"]]
    error_message = "integration buses take only events:PutEvents and topics only sns:Publish"
  }
  assert {
    condition     = alltrue([for f, p in aws_iam_role_policy.function : !anytrue([for n in ["orders-done", "partner-inbox", "event-bus/analytics", "orders-landing-zone", "table/rates"] : strcontains(p.policy, n)]) if f != "task-worker"])
    error_message = "no role but task-worker's may name the integrations' topics, queues, buses or buckets"
  }
  assert {
    condition = (
      aws_lambda_function.function["task-worker"].environment[0].variables.SLUICE_INTEGRATIONS_TOPICS == "orders-done" &&
      aws_lambda_function.function["task-worker"].environment[0].variables.SLUICE_INTEGRATIONS_QUEUES == "partner-inbox" &&
      aws_lambda_function.function["task-worker"].environment[0].variables.SLUICE_INTEGRATIONS_BUSES == "analytics" &&
      aws_lambda_function.function["task-worker"].environment[0].variables.SLUICE_INTEGRATIONS_HTTP_ALLOWEDHOSTS == "api.example.com,hooks.example.org" &&
      jsondecode(aws_lambda_function.function["task-worker"].environment[0].variables.SPRING_APPLICATION_JSON).sluice.integrations.tables == {
        Orders = { partitionKey = "orderId", sortKey = "line" }, rates = { partitionKey = "pair", sortKey = "" }
      }
    )
    error_message = "task-worker must declare the integration targets to the bundle (sluice.integrations.*), tables with their keys and case"
  }
  assert {
    condition     = [for s in jsondecode(aws_iam_role_policy.function["task-worker"].policy).Statement : s.Action if s.Sid == "IntegrationFunctions"] == [["lambda:InvokeFunction"]] && alltrue([for f, p in aws_iam_role_policy.function : !strcontains(p.policy, "function:scorer") if f != "task-worker"])
    error_message = "only task-worker may invoke the Lambda functions outside the bundle, and only with lambda:InvokeFunction"
  }
  assert {
    condition     = alltrue([for fn in aws_lambda_function.function : fn.environment[0].variables.SLUICE_TASKFUNCTIONS == "read-config,glue-launch,copy-to-warehouse,push-export,write-status,dependency-check,integrations,executions,map-run"])
    error_message = "every function must know which task functions have queues (a Lambda call of any other goes to integrations)"
  }
  assert {
    condition     = alltrue([for fn in aws_lambda_function.function : fn.environment[0].variables.SLUICE_RETENTION == "12h" && fn.environment[0].variables.SLUICE_NAMEREUSE == "30d" && fn.environment[0].variables.SLUICE_HIBERNATE_AFTER == "off"])
    error_message = "every function must read the configured retention and hibernate_after"
  }
}

run "execution_events_go_to_a_bus_of_their_own" {
  command = plan

  assert {
    condition     = aws_cloudwatch_event_bus.executions[0].name == "sluice-test-executions" && alltrue([for fn in aws_lambda_function.function : fn.environment[0].variables.SLUICE_EVENTS_EVENT_BUS == "sluice-test-executions"])
    error_message = "with execution_events every function must know the bus (SLUICE_EVENTS_EVENT_BUS): its commits carry the events"
  }
  assert {
    condition = [for s in jsondecode(aws_iam_role_policy.function["events"].policy).Statement : s.Resource if s.Sid == "ExecutionEvents"] == [["arn:aws:events:eu-west-1:123456789012:event-bus/sluice-test-executions"]] && alltrue([
      for f, p in aws_iam_role_policy.function : !strcontains(p.policy, "event-bus/sluice-test-executions") if f != "events"
    ])
    error_message = "only the events function may put events on the executions bus"
  }
  assert {
    condition = alltrue([for f in ["http-api", "scheduled-start", "object-trigger", "task-worker", "events"] : contains(flatten(
      [for s in jsondecode(aws_iam_role_policy.function[f].policy).Statement : s.Resource if s.Sid == "SendToQueues"]
    ), "arn:aws:sqs:eu-west-1:123456789012:sluice-test-events.fifo")])
    error_message = "whoever starts executions or holds tasks must send their events to the events queue"
  }
}

run "no_execution_events" {
  command = plan

  variables {
    execution_events    = false
    dead_letter_handler = true
  }

  assert {
    condition = alltrue([for q, v in aws_sqs_queue.queue : (
      aws_lambda_event_source_mapping.queue[q].function_name == "arn:aws:lambda:eu-west-1:123456789012:function:sluice-test-dlq-handler:live" &&
      aws_lambda_event_source_mapping.queue[q].scaling_config[0].maximum_concurrency == 2
    ) if endswith(q, "-dlq")]) && contains(flatten([for s in jsondecode(aws_iam_role_policy.function["dlq-handler"].policy).Statement : s.Resource if s.Sid == "ReceiveOwnQueues"]), "arn:aws:sqs:eu-west-1:123456789012:sluice-test-orchestrator-dlq.fifo")
    error_message = "with dead_letter_handler every dead-letter queue feeds dlq-handler's live alias, two at a time, and its role may receive from them"
  }
  assert {
    condition     = one(aws_cloudwatch_metric_alarm.insights["dead-letters-arrived"].metric_query).expression == "SELECT SUM(\"sluice.deadletters\") FROM \"Sluice/sluice-test\"" && aws_cloudwatch_metric_alarm.insights["dead-letters-arrived"].threshold == 0
    error_message = "with dlq-handler draining the dead-letter queues, an alarm on any arrival it counted (sluice.deadletters)"
  }

  assert {
    condition = length(aws_cloudwatch_event_bus.executions) == 0 && alltrue([for fn in aws_lambda_function.function : !contains(keys(fn.environment[0].variables), "SLUICE_EVENTS_EVENT_BUS")]) && !contains(flatten(
      [for s in jsondecode(aws_iam_role_policy.function["http-api"].policy).Statement : s.Resource if s.Sid == "SendToQueues"]
    ), "arn:aws:sqs:eu-west-1:123456789012:sluice-test-events.fifo")
    error_message = "without execution_events there is no bus, no setting, and the starters do not send to the events queue"
  }
}

run "tenant_keys_pass_the_authorization_header" {
  command = plan

  variables {
    api_auth = { mode = "tenant_keys" }
  }

  assert {
    condition     = aws_apigatewayv2_route.http.authorization_type == "NONE" && length(aws_apigatewayv2_authorizer.http) == 0 && length(aws_lambda_permission.authorizer) == 0
    error_message = "with tenant keys API Gateway must not consume the Authorization header (no IAM auth, no authorizer): http-api checks the key"
  }
  assert {
    condition     = !contains(keys(aws_lambda_function.function["http-api"].environment[0].variables), "SLUICE_API_PLATFORM_AUTH")
    error_message = "with tenant keys http-api must not be told of a platform authentication: without a bundled tenants file it must refuse to start"
  }
}

run "lambda_authorizer_sees_the_authorization_header" {
  command = plan

  variables {
    api_auth = { mode = "lambda", authorizer_function_arn = "arn:aws:lambda:eu-west-1:123456789012:function:tenant-authorizer", authorizer_ttl_seconds = 60 }
  }

  assert {
    condition     = aws_apigatewayv2_route.http.authorization_type == "CUSTOM" && aws_apigatewayv2_authorizer.http[0].authorizer_type == "REQUEST" && aws_apigatewayv2_authorizer.http[0].identity_sources == toset(["$request.header.Authorization"])
    error_message = "a Lambda REQUEST authorizer must guard the route, keyed on the Authorization header"
  }
  assert {
    condition     = aws_lambda_function.function["http-api"].environment[0].variables.SLUICE_API_PLATFORM_AUTH == "lambda-authorizer"
    error_message = "http-api must know the authorizer guards it (sluice.api.platform-auth), so a bundle without tenants serves behind it"
  }
  assert {
    condition = (
      aws_apigatewayv2_authorizer.http[0].authorizer_uri == "arn:aws:apigateway:eu-west-1:lambda:path/2015-03-31/functions/arn:aws:lambda:eu-west-1:123456789012:function:tenant-authorizer/invocations" &&
      aws_apigatewayv2_authorizer.http[0].authorizer_result_ttl_in_seconds == 60 && aws_apigatewayv2_authorizer.http[0].enable_simple_responses &&
      aws_lambda_permission.authorizer[0].principal == "apigateway.amazonaws.com" && aws_lambda_permission.authorizer[0].function_name == "arn:aws:lambda:eu-west-1:123456789012:function:tenant-authorizer"
    )
    error_message = "the authorizer must call the given function (payload 2.0, simple responses, the TTL), and API Gateway be allowed to invoke it"
  }
}

run "lambda_auth_without_an_authorizer_is_refused" {
  command = plan
  variables {
    api_auth = { mode = "lambda" }
  }
  expect_failures = [var.api_auth]
}

run "integration_target_given_as_an_arn_is_refused" {
  command = plan
  variables {
    integrations = { topics = ["arn:aws:sns:eu-west-1:123456789012:orders-done"] }
  }
  expect_failures = [var.integrations]
}

run "one_channel_and_snapstart_alone_by_default" {
  command = plan

  assert {
    condition     = length(aws_sqs_queue.queue) == 2 * (2 + 9) + 4 && length(aws_lambda_event_source_mapping.queue) == 13 && !anytrue([for q in keys(aws_sqs_queue.queue) : can(regex("-p[013](-|$)", q))])
    error_message = "by default one priority channel (P2): 26 queues, 13 event source mappings (none on a dead-letter queue), none for -p0, -p1 or -p3"
  }
  assert {
    condition     = length(aws_lambda_provisioned_concurrency_config.live) == 0 && alltrue([for fn in aws_lambda_function.function : length(fn.snap_start) == 1])
    error_message = "by default no provisioned concurrency (a new account's quota has none to spare): every function starts from SnapStart"
  }
  assert {
    condition     = length(aws_iam_role_policy.network) == 10 && length(aws_iam_role_policy_attachment.vpc_access) == 0 && length(aws_vpc_endpoint.interface) == 0
    error_message = "by default the scoped ENI policy, and no VPC endpoints (the caller's NAT gateway is the way out)"
  }
}

run "custom_domains_are_allowed_hosts" {
  command = apply # the API's own host is known after apply
  variables {
    custom_domains = ["api.example.com", "sluice.data.example.org"]
  }

  assert {
    condition     = endswith(aws_lambda_function.function["http-api"].environment[0].variables.SLUICE_API_ALLOWED_HOSTS, ",api.example.com,sluice.data.example.org")
    error_message = "http-api must allow the API's host and every custom domain"
  }
}

run "custom_domain_with_a_scheme_is_refused" {
  command = plan
  variables {
    custom_domains = ["https://api.example.com"]
  }
  expect_failures = [var.custom_domains]
}

run "managed_vpc_access_policy" {
  command = plan
  variables {
    vpc_access_policy = "managed"
  }

  assert {
    condition = length(aws_iam_role_policy.network) == 0 && toset(keys(aws_iam_role_policy_attachment.vpc_access)) == toset(keys(aws_lambda_function.function)) && alltrue([
    for a in aws_iam_role_policy_attachment.vpc_access : a.policy_arn == "arn:aws:iam::aws:policy/service-role/AWSLambdaVPCAccessExecutionRole"])
    error_message = "vpc_access_policy = managed attaches AWSLambdaVPCAccessExecutionRole to every function's role instead of the scoped policy"
  }
}

run "vpc_endpoints" {
  command = plan
  variables {
    network = { vpc_id = "vpc-0123456789abcdef0", subnet_ids = ["subnet-0aaaaaaaaaaaaaaaa", "subnet-0bbbbbbbbbbbbbbbb"], endpoints = true, route_table_ids = ["rtb-0123456789abcdef0"] }
  }

  assert {
    condition = toset(keys(aws_vpc_endpoint.interface)) == toset(["secretsmanager", "sqs", "sns", "events", "scheduler"]) && alltrue([for e in aws_vpc_endpoint.interface :
    e.private_dns_enabled && e.vpc_endpoint_type == "Interface" && e.service_name == "com.amazonaws.eu-west-1.${split(".", e.service_name)[3]}" && toset(e.subnet_ids) == toset(var.network.subnet_ids)])
    error_message = "network.endpoints creates private-DNS interface endpoints for Secrets Manager, SQS, SNS, EventBridge and Scheduler in the functions' subnets"
  }
  assert {
    condition     = toset(keys(aws_vpc_endpoint.gateway)) == toset(["s3", "dynamodb"]) && alltrue([for e in aws_vpc_endpoint.gateway : e.route_table_ids == toset(["rtb-0123456789abcdef0"])])
    error_message = "network.endpoints creates S3 and DynamoDB gateway endpoints on the subnets' route tables"
  }
  assert {
    condition     = aws_vpc_security_group_ingress_rule.endpoints[0].from_port == 443 && aws_vpc_security_group_ingress_rule.endpoints[0].referenced_security_group_id == aws_security_group.function.id
    error_message = "the interface endpoints take HTTPS from the functions' security group only"
  }
}

run "endpoints_without_route_tables_are_refused" {
  command = plan
  variables {
    network = { vpc_id = "vpc-0123456789abcdef0", subnet_ids = ["subnet-0aaaaaaaaaaaaaaaa", "subnet-0bbbbbbbbbbbbbbbb"], endpoints = true }
  }
  expect_failures = [var.network]
}

run "a_subnet_without_a_way_out_is_reported" {
  command = plan
  override_data {
    target = data.aws_route_table.first
    values = { routes = [] }
  }
  expect_failures = [check.subnets_have_a_way_out]
}

run "a_small_concurrency_quota_is_reported" {
  command = plan
  override_data {
    target = data.aws_servicequotas_service_quota.lambda_concurrency
    values = { value = 10 }
  }
  expect_failures = [check.lambda_concurrency_quota]
}

run "applied_with_mocks" {
  # Values known only after apply (ARNs of aliases, keys) wired where they belong.
  command = apply

  assert {
    condition     = aws_sns_topic.alerts.kms_master_key_id == aws_kms_key.alerts.arn && aws_kms_alias.alerts.target_key_id == aws_kms_key.alerts.key_id
    error_message = "the alert topic must be encrypted with its key"
  }
  assert {
    condition = alltrue([for a in concat(values(aws_cloudwatch_metric_alarm.dead_letters), values(aws_cloudwatch_metric_alarm.oldest_message),
      values(aws_cloudwatch_metric_alarm.function_errors), values(aws_cloudwatch_metric_alarm.function_throttles), values(aws_cloudwatch_metric_alarm.insights)) :
    a.alarm_actions == toset([aws_sns_topic.alerts.arn]) && a.ok_actions == toset([aws_sns_topic.alerts.arn])])
    error_message = "every alarm must alert (and clear) on the encrypted alert topic"
  }
  assert {
    condition     = aws_apigatewayv2_integration.http.integration_uri == aws_lambda_alias.live["http-api"].arn && aws_apigatewayv2_integration.http.payload_format_version == "2.0"
    error_message = "the HTTP API must call http-api's live alias with payload format 2.0"
  }
  assert {
    condition     = aws_scheduler_schedule.pipeline["orders"].target[0].arn == aws_lambda_alias.live["scheduled-start"].arn && jsondecode(aws_scheduler_schedule.pipeline["orders"].target[0].input).pipeline == "orders"
    error_message = "a pipeline schedule must start its pipeline through scheduled-start"
  }
  assert {
    condition     = jsondecode(aws_scheduler_schedule.pipeline["orders"].target[0].input).schedule == "<aws.scheduler.schedule-arn>"
    error_message = "a pipeline schedule must pass its own ARN, which scheduled-start checks the fire against"
  }
  assert {
    condition = anytrue([for s in jsondecode(aws_iam_role_policy.function["scheduled-start"].policy).Statement :
    s.Sid == "CheckFiringSchedule" && s.Action == ["scheduler:GetSchedule"] && s.Resource == ["arn:aws:scheduler:eu-west-1:123456789012:schedule/sluice-test/*"]])
    error_message = "scheduled-start must read the schedules of the deployment's group, and only read them"
  }
  assert {
    condition     = alltrue([for f, fn in aws_lambda_function.function : fn.environment[0].variables.SLUICE_REDIS_AUTH_SECRET_ARN == aws_secretsmanager_secret.redis_auth.arn])
    error_message = "every function reads the Redis password from the secret"
  }
  assert {
    # MemoryDB always speaks the cluster protocol: a single-server client would fail with MOVED/CROSSSLOT.
    condition     = alltrue([for f, fn in aws_lambda_function.function : startswith(fn.environment[0].variables.SLUICE_REDIS_URL, "rediss+cluster://")])
    error_message = "on MemoryDB every function must connect as a Redis Cluster client (rediss+cluster://)"
  }
}

run "alarm_actions_are_added_to_the_topic" {
  command = apply

  variables {
    alarm_actions               = ["arn:aws:sns:eu-west-1:123456789012:pager"]
    failed_executions_threshold = 3
  }

  assert {
    condition = alltrue([for a in concat(values(aws_cloudwatch_metric_alarm.dead_letters), values(aws_cloudwatch_metric_alarm.oldest_message),
      values(aws_cloudwatch_metric_alarm.function_errors), values(aws_cloudwatch_metric_alarm.function_throttles), values(aws_cloudwatch_metric_alarm.insights)) :
    a.alarm_actions == toset([aws_sns_topic.alerts.arn, "arn:aws:sns:eu-west-1:123456789012:pager"]) && a.ok_actions == a.alarm_actions])
    error_message = "every alarm must alert (and clear) on the alert topic and on each of alarm_actions"
  }
  assert {
    condition     = aws_cloudwatch_metric_alarm.insights["failed-executions"].threshold == 3
    error_message = "failed_executions_threshold must be the failed-executions alarm's threshold"
  }
}

run "alarm_action_that_is_not_a_topic_is_refused" {
  command = plan
  variables {
    alarm_actions = ["pager@example.com"]
  }
  expect_failures = [var.alarm_actions]
}

run "elasticache_is_one_node" {
  # A replication group without cluster mode: one primary endpoint, a single-server client.
  command = apply
  variables {
    redis = { engine = "elasticache", replicas = 1 }
  }
  assert {
    condition     = alltrue([for f, fn in aws_lambda_function.function : startswith(fn.environment[0].variables.SLUICE_REDIS_URL, "rediss://")])
    error_message = "on ElastiCache without cluster mode every function must connect to the primary endpoint (rediss://)"
  }
}

run "elasticache_instead_of_memorydb" {
  command = plan

  variables {
    redis = { engine = "elasticache", replicas = 0 }
  }

  assert {
    condition     = length(aws_memorydb_cluster.redis) == 0 && aws_elasticache_replication_group.redis[0].transit_encryption_enabled && aws_elasticache_replication_group.redis[0].at_rest_encryption_enabled
    error_message = "ElastiCache must encrypt in transit and at rest"
  }
}

run "warehouse_statements_are_scoped" {
  command = plan

  variables {
    warehouse = { database = "dev", secret_arn = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:redshift-abcdef", cluster_identifier = "analytics" }
  }

  assert {
    condition     = strcontains(aws_iam_role_policy.function["task-worker"].policy, "arn:aws:redshift:eu-west-1:123456789012:cluster:analytics") && strcontains(aws_iam_role_policy.function["task-worker"].policy, "redshift-data:statement-owner-iam-userid")
    error_message = "the warehouse statements must name the cluster, and the statement reads must be limited to the role's own statements"
  }
}

run "bad_name_is_refused" {
  command = plan
  variables {
    name = "Sluice_Prod"
  }
  expect_failures = [var.name]
}

run "unknown_function_in_provisioned_concurrency_is_refused" {
  command = plan
  variables {
    provisioned_concurrency = { orchestrater = 1 }
  }
  expect_failures = [var.provisioned_concurrency]
}

run "five_field_cron_is_refused" {
  command = plan
  variables {
    pipelines = { orders = { schedule = "0 3 * * *" } }
  }
  expect_failures = [var.pipelines]
}

run "missing_artifact_is_refused" {
  command = plan
  variables {
    artifact_path = "tests/fixtures/no-such-bundle.zip"
  }
  expect_failures = [var.artifact_path]
}
