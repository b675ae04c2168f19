# Sluice on AWS: one Lambda per Sluice function from one artifact, the SQS queues between them,
# Redis, the object bucket, the status table, the triggers and the alarms.
#
# ARNs of what this module creates are built from names (locals.arn) rather than read from the
# resources, so every IAM policy is known at plan time: `terraform plan` shows exactly what each
# role may touch, and the checks in infra-terraform/ read those policies offline.

data "aws_caller_identity" "current" {}
data "aws_partition" "current" {}
data "aws_region" "current" {}

locals {
  account   = data.aws_caller_identity.current.account_id
  partition = data.aws_partition.current.partition
  region    = data.aws_region.current.name
  arn       = "arn:${local.partition}:%s:${local.region}:${local.account}:%s"

  main_class = "io.sluice.aws.SluiceAwsApplication"
  # The orchestrator, which every transition goes through, starts lean: its own handler invokes it through Spring Cloud
  # Function without starting a Spring Boot application (SnapStart hooks and all). Its MAIN_CLASS is what
  # FunctionInvoker would start should the handler be switched back to it: the functionally registered orchestrator.
  main_class_of = { for f in keys(local.functions) : f => f == "orchestrator" ? "io.sluice.aws.lean.OrchestratorLambda" : local.main_class }
  handler_of = { for f in keys(local.functions) : f => f == "orchestrator" ? "io.sluice.aws.lean.OrchestratorHandler::handleRequest" :
  "org.springframework.cloud.function.adapter.aws.FunctionInvoker::handleRequest" }

  # Every Sluice function: its timeout (s) and memory (MB). An SQS consumer's queue keeps a
  # message invisible for six times its consumer's timeout, as Lambda advises.
  functions = {
    orchestrator        = { timeout = 60, memory = 1024 }
    "task-worker"       = { timeout = 300, memory = 2048 }
    events              = { timeout = 60, memory = 1024 }
    "dlq-handler"       = { timeout = 60, memory = 1024 }
    "delayed-forwarder" = { timeout = 60, memory = 512 }
    "schedule-tick"     = { timeout = 120, memory = 1024 }
    "scheduled-start"   = { timeout = 60, memory = 1024 }
    "object-trigger"    = { timeout = 60, memory = 1024 }
    "glue-job-state"    = { timeout = 60, memory = 1024 }
    "http-api"          = { timeout = 29, memory = 1536 }
  }
  warm = { for f, n in var.provisioned_concurrency : f => n if n > 0 }

  # FIFO queues (logical names, as the bundle's QueueNames has them) and their consumers. Each
  # q gets q.fifo and its dead-letter queue q-dlq.fifo. FIFO queues take no per-message delay: every delayed message
  # (timers, backoffs) waits in the one standard queue `delayed` (and its dead-letter queue), naming the queue it is for.
  # Each task function has a queue per priority channel (var.priority_channels): P2's is task-<function>, the others
  # task-<function>-p0, -p1, -p3, all consumed by task-worker through their own event source mappings.
  channel_suffix = { for c in var.priority_channels : c => c == "P2" ? "" : "-${lower(c)}" }
  fifo = merge(
    { orchestrator = "orchestrator", events = "events" },
    { for pair in setproduct(var.task_functions, values(local.channel_suffix)) : "task-${pair[0]}${pair[1]}" => "task-worker" },
  )
  queues = merge(
    { for q, c in local.fifo : q => { name = "${var.name}-${q}.fifo", fifo = true, kind = "main", consumer = c, dlq = "${q}-dlq" } },
    { for q, c in local.fifo : "${q}-dlq" => { name = "${var.name}-${q}-dlq.fifo", fifo = true, kind = "dlq", consumer = "dlq-handler", dlq = null } },
    {
      delayed       = { name = "${var.name}-delayed", fifo = false, kind = "delayed", consumer = "delayed-forwarder", dlq = "delayed-dlq" }
      "delayed-dlq" = { name = "${var.name}-delayed-dlq", fifo = false, kind = "dlq", consumer = "dlq-handler", dlq = null }
      # S3 cannot notify FIFO queues: object-created is a standard queue.
      "object-created"     = { name = "${var.name}-object-created", fifo = false, kind = "main", consumer = "object-trigger", dlq = "object-created-dlq" }
      "object-created-dlq" = { name = "${var.name}-object-created-dlq", fifo = false, kind = "dlq", consumer = "dlq-handler", dlq = null }
    },
  )
  queue_arn = { for q, v in local.queues : q => format(local.arn, "sqs", v.name) }
  # Dead-letter consumers only record messages: two at a time is plenty; the delayed queue, which every timer and backoff
  # passes through, five. A channel queue takes its own entry, else its function's (task-push-export-p0 as task-push-export).
  queue_concurrency = { for q, v in local.queues : q => lookup(var.queue_concurrency, q,
  v.kind == "dlq" ? 2 : v.kind == "delayed" ? 5 : lookup(var.queue_concurrency, replace(q, "/-p[013]$/", ""), null)) }

  # What each function sends to (logical queue names). Receiving is granted from the event
  # source mappings above: a function may receive only from the queues it consumes.
  task_queues  = [for pair in setproduct(var.task_functions, values(local.channel_suffix)) : "task-${pair[0]}${pair[1]}"]
  main_fifo    = keys(local.fifo)
  with_delayed = { for q in local.main_fifo : q => [q, "delayed"] }
  # With execution events, whoever starts executions (the start's commit has the started event) or holds tasks (blocked,
  # released) also sends to the events queue.
  event_sends = var.execution_events ? ["events"] : []
  sends = {
    orchestrator        = flatten([for q in concat(["orchestrator", "events"], local.task_queues) : local.with_delayed[q]])
    "task-worker"       = concat(flatten([for q in concat(["orchestrator"], local.task_queues) : local.with_delayed[q]]), local.event_sends)
    events              = concat(local.with_delayed["orchestrator"], local.event_sends)
    "dlq-handler"       = var.dead_letter_handler ? ["orchestrator"] : []
    "delayed-forwarder" = local.main_fifo
    "schedule-tick"     = flatten([for q in local.main_fifo : local.with_delayed[q]])
    "scheduled-start"   = concat(["orchestrator"], local.event_sends)
    "object-trigger"    = concat(["orchestrator"], local.event_sends)
    "glue-job-state"    = concat(["orchestrator"], contains(var.task_functions, "glue-launch") ? ["task-glue-launch"] : [])
    "http-api"          = concat(local.with_delayed["orchestrator"], local.event_sends)
  }
  # Dead-letter queues have no consumer unless var.dead_letter_handler: an alarm each (alarms.tf), then a redrive on demand.
  consumed = { for q, v in local.queues : q => v if v.kind != "dlq" || var.dead_letter_handler }
  receives = { for f in keys(local.functions) : f => [for q, v in local.consumed : q if v.consumer == f] }

  # Who raises alerts (directly, or as the failure destination of an asynchronous invocation).
  alerting = ["orchestrator", "events", "dlq-handler", "task-worker", "schedule-tick", "scheduled-start", "glue-job-state"]
  async    = ["schedule-tick", "scheduled-start", "glue-job-state"]

  bucket_data      = "${var.name}-data-${local.account}-${local.region}"
  bucket_artifacts = "${var.name}-artifacts-${local.account}-${local.region}"
  status_table     = "${var.name}-status"
  item_table       = "${var.name}-items"
  alert_topic      = "${var.name}-alerts"
  event_bus        = "${var.name}-executions"
  scheduler_group  = var.name
  redis_secret     = "${var.name}/redis-auth"
  # Pipelines' own secrets (a tenant t's secret n is <name>/pipelines/t/n).
  pipeline_secrets = "${var.name}/pipelines/"
  glue_jobs        = distinct(flatten([for p in values(var.pipelines) : p.glue_jobs]))

  role_arn      = { for f in keys(local.functions) : f => "arn:${local.partition}:iam::${local.account}:role/${var.name}-${f}" }
  function_arn  = { for f in keys(local.functions) : f => format(local.arn, "lambda", "function:${var.name}-${f}") }
  alias_arn     = { for f in keys(local.functions) : f => "${local.function_arn[f]}:live" }
  log_group_arn = { for f in keys(local.functions) : f => format(local.arn, "logs", "log-group:/aws/lambda/${var.name}-${f}") }

  environment = {
    SLUICE_REDIS_URL             = local.redis_url
    SLUICE_REDIS_AUTH_SECRET_ARN = aws_secretsmanager_secret.redis_auth.arn
    SLUICE_REDIS_KEY_PREFIX      = var.name
    SLUICE_REGION                = local.region
    SLUICE_QUEUE_PREFIX          = var.name
    # The functions with task queues: a Task calling any other Lambda function goes to integrations, which invokes it.
    SLUICE_TASKFUNCTIONS         = join(",", var.task_functions)
    SLUICE_MAX_RECEIVES          = tostring(var.max_receives)
    SLUICE_S3_BUCKET             = local.bucket_data
    SLUICE_DYNAMODB_STATUS_TABLE = local.status_table
    SLUICE_SNS_ALERT_TOPIC_ARN   = aws_sns_topic.alerts.arn
    SLUICE_SCHEDULER_GROUP       = local.scheduler_group
    # What the bundle's schedule reconciler (sluice.scheduler.*) points pipeline schedules at.
    SLUICE_SCHEDULER_TARGET_ARN = local.alias_arn["scheduled-start"]
    SLUICE_SCHEDULER_ROLE_ARN   = local.scheduler_role
    SLUICE_SECRETS_PREFIX       = local.pipeline_secrets
    MAIN_CLASS                  = local.main_class
    # C1 only, and no Spring Boot background pre-initializer (it warms converters and validation on a second
    # thread that a one-vCPU function does not have; bench coldstart runs the same options).
    JAVA_TOOL_OPTIONS = "-XX:+TieredCompilation -XX:TieredStopAtLevel=1 -Dspring.backgroundpreinitializer.ignore=true"
    # The orchestrator stamps each finished execution with its retention, schedule-tick archives
    # and reaps, http-api refuses a reused name within name_reuse (sluice.retention, sluice.name-reuse).
    SLUICE_RETENTION = var.retention.executions
    SLUICE_NAMEREUSE = var.retention.name_reuse
    # Waiting executions sleep in the data bucket's hibernated/ after this (adapters/aws AwsPorts.hostExecutions).
    SLUICE_HIBERNATE_AFTER = var.hibernate_after
    # The CloudWatch namespace of the functions' embedded-metric lines, one per deployment (monitoring.tf alarms on it).
    SLUICE_METRICS_NAMESPACE = local.metrics_namespace
  }

  # Settings only some functions read: the service integrations run in task-worker (the
  # integrations task function; sluice.integrations.* as adapters/aws AwsIntegrationProperties
  # binds them), glue-launch there and glue-job-state read sluice.glue.enabled, and only
  # task-worker resolves pipeline secrets.
  integration_environment = merge(
    {
      SLUICE_INTEGRATIONS_ENABLED      = "true"
      SLUICE_INTEGRATIONS_ITEMTABLE    = local.item_table
      SLUICE_INTEGRATIONS_ACCOUNTID    = local.account
      SLUICE_INTEGRATIONS_HTTP_TIMEOUT = var.integrations.http_timeout
    },
    # An empty list means "any" to the bundle; IAM then grants none, so only declared names are set.
    length(var.integrations.topics) == 0 ? {} : { SLUICE_INTEGRATIONS_TOPICS = join(",", var.integrations.topics) },
    length(var.integrations.queues) == 0 ? {} : { SLUICE_INTEGRATIONS_QUEUES = join(",", var.integrations.queues) },
    length(var.integrations.buses) == 0 ? {} : { SLUICE_INTEGRATIONS_BUSES = join(",", var.integrations.buses) },
    length(var.integrations.http_allowed_hosts) == 0 ? {} : { SLUICE_INTEGRATIONS_HTTP_ALLOWEDHOSTS = join(",", var.integrations.http_allowed_hosts) },
    # Table names are map keys, which environment variables cannot carry case-preserved.
    length(var.integrations.tables) == 0 ? {} : { SPRING_APPLICATION_JSON = jsonencode({ sluice = { integrations = { tables = {
      for t, k in var.integrations.tables : t => { partitionKey = k.partition_key, sortKey = k.sort_key }
    } } } }) },
  )
  task_worker_environment = merge(local.integration_environment, { SLUICE_GLUE_ENABLED = "true", SLUICE_SECRETS_ENABLED = "true" })

  tags = merge(var.tags, { "sluice:deployment" = var.name })
}
