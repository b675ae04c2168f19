# One role per function. Each names only what its function uses: its own log group, the
# queues it consumes (from the event source mappings), the queues it sends to (local.sends),
# the Redis secret, and, for task-worker, the data bucket, the status table, the pipelines'
# secrets, their Glue jobs and the warehouse.

locals {
  sqs_receive = ["sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:ChangeMessageVisibility", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"]
  sqs_send    = ["sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"]

  data_bucket_arn = "arn:${local.partition}:s3:::${local.bucket_data}"
  table_arn       = format(local.arn, "dynamodb", "table/${local.status_table}")
  item_table_arn  = format(local.arn, "dynamodb", "table/${local.item_table}")
  archive_arn     = "${local.data_bucket_arn}/archive/executions/*"
  topic_arn       = format(local.arn, "sns", local.alert_topic)
  scheduler_role  = "arn:${local.partition}:iam::${local.account}:role/${var.name}-scheduler"
  warehouse_arn = var.warehouse == null ? null : (
    var.warehouse.workgroup_arn != null ? var.warehouse.workgroup_arn : format(local.arn, "redshift", "cluster:${var.warehouse.cluster_identifier}")
  )

  # Waiting executions sleep in the data bucket (hibernated/executions/, adapters/aws AwsPorts.hostExecutions): every
  # function that starts, moves, ends or reads executions puts them to sleep, wakes them (deleting their object) or
  # reads them there. Not delayed-forwarder (it only moves messages) nor glue-job-state (it sends a callback).
  hibernated_arn = "${local.data_bucket_arn}/hibernated/*"
  sleeping       = ["orchestrator", "task-worker", "events", "dlq-handler", "schedule-tick", "scheduled-start", "object-trigger", "http-api"]

  # Statements only some functions need.
  own = {
    "task-worker" = flatten([
      { Sid = "DataBucketList", Action = ["s3:ListBucket"], Resource = [local.data_bucket_arn], Condition = null },
      { Sid = "DataBucketObjects", Action = ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], Resource = ["${local.data_bucket_arn}/*"], Condition = null },
      { Sid = "StatusTable", Action = ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:Query", "dynamodb:ConditionCheckItem"], Resource = [local.table_arn, "${local.table_arn}/index/*"], Condition = null },
      { Sid = "PipelineSecrets", Action = ["secretsmanager:GetSecretValue"], Resource = [format(local.arn, "secretsmanager", "secret:${local.pipeline_secrets}*")], Condition = null },
      length(local.glue_jobs) == 0 ? [] : [
        { Sid = "GlueJobs", Action = ["glue:StartJobRun", "glue:GetJobRun", "glue:GetJobRuns", "glue:BatchStopJobRun"], Resource = [for j in local.glue_jobs : format(local.arn, "glue", "job/${j}")], Condition = null },
      ],
      # (a for with if, not a conditional: the statements differ in shape)
      [for s in [
        { Sid = "WarehouseStatements", Action = ["redshift-data:ExecuteStatement", "redshift-data:BatchExecuteStatement"], Resource = [local.warehouse_arn], Condition = null },
        # These three have no resource type; the condition limits them to this role's own statements.
        { Sid = "WarehouseOwnStatements", Action = ["redshift-data:DescribeStatement", "redshift-data:GetStatementResult", "redshift-data:CancelStatement"], Resource = ["*"], Condition = { StringEquals = { "redshift-data:statement-owner-iam-userid" = "$${aws:userid}" } } },
        { Sid = "WarehouseCredentials", Action = ["secretsmanager:GetSecretValue"], Resource = [try(var.warehouse.secret_arn, "")], Condition = null },
      ] : s if var.warehouse != null],
      # Service integrations (the integrations task function): the item table (tenants' dynamodb:*), and only the
      # tables, topics, queues, buses, buckets and statements var.integrations names.
      { Sid = "IntegrationItems", Action = ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query"], Resource = [local.item_table_arn], Condition = null },
      # dynamodb:* of the platform's pipelines: the tables Task states name, called with this role.
      length(var.integrations.tables) == 0 ? [] : [
        { Sid = "IntegrationTables", Action = ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:Query"], Resource = [for t in keys(var.integrations.tables) : format(local.arn, "dynamodb", "table/${t}")], Condition = null },
      ],
      # lambda:invoke / Lambda ARNs of functions outside the bundle (the integrations function calls them with this role); an
      # unqualified one with any version or alias too, as Step Functions' own generated policies grant (function:name:*).
      length(var.integrations.functions) == 0 ? [] : [
        { Sid = "IntegrationFunctions", Action = ["lambda:InvokeFunction"], Resource = flatten([for f in var.integrations.functions : [
          for a in [startswith(f, "arn:") ? f : format(local.arn, "lambda", "function:${f}")] : length(split(":", a)) == 7 ? [a, "${a}:*"] : [a]
        ]]), Condition = null },
      ],
      # aws-sdk:<service>:<action> (the generic integration): what validate --platform aws listed.
      [for i, st in var.integrations.statements : { Sid = "IntegrationSdk${i}", Action = st.actions, Resource = st.resources, Condition = null }],
      length(var.integrations.topics) == 0 ? [] : [
        { Sid = "IntegrationTopics", Action = ["sns:Publish"], Resource = [for t in var.integrations.topics : format(local.arn, "sns", t)], Condition = null },
      ],
      length(var.integrations.queues) == 0 ? [] : [
        { Sid = "IntegrationQueues", Action = ["sqs:SendMessage", "sqs:GetQueueUrl"], Resource = [for q in var.integrations.queues : format(local.arn, "sqs", q)], Condition = null },
      ],
      length(var.integrations.buses) == 0 ? [] : [
        { Sid = "IntegrationBuses", Action = ["events:PutEvents"], Resource = [for b in var.integrations.buses : format(local.arn, "events", "event-bus/${b}")], Condition = null },
      ],
      length(var.integrations.buckets) == 0 ? [] : [
        { Sid = "IntegrationBucketsList", Action = ["s3:ListBucket"], Resource = [for b in var.integrations.buckets : "arn:${local.partition}:s3:::${b}"], Condition = null },
        { Sid = "IntegrationBucketsObjects", Action = ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], Resource = [for b in var.integrations.buckets : "arn:${local.partition}:s3:::${b}/*"], Condition = null },
      ],
    ])
    # The retention reaper (each tick): finished executions into the archive, and their status
    # rows, the index that lists span the archive by.
    "schedule-tick" = [
      { Sid = "ArchiveWrite", Action = ["s3:PutObject"], Resource = [local.archive_arn], Condition = null },
      { Sid = "ArchivedStatusRows", Action = ["dynamodb:GetItem", "dynamodb:UpdateItem"], Resource = [local.table_arn], Condition = null },
    ]
    # The execution events, as CloudEvents on the deployment's bus (events.tf).
    events = var.execution_events ? [
      { Sid = "ExecutionEvents", Action = ["events:PutEvents"], Resource = [format(local.arn, "events", "event-bus/${local.event_bus}")], Condition = null },
    ] : []
    # Reads of archived executions and their lists.
    "http-api" = [
      { Sid = "ArchiveList", Action = ["s3:ListBucket"], Resource = [local.data_bucket_arn], Condition = { StringLike = { "s3:prefix" = ["archive/executions/*"] } } },
      { Sid = "ArchiveRead", Action = ["s3:GetObject"], Resource = [local.archive_arn], Condition = null },
      { Sid = "StatusRows", Action = ["dynamodb:GetItem", "dynamodb:Query"], Resource = [local.table_arn, "${local.table_arn}/index/*"], Condition = null },
    ]
    # Each fire is checked against the schedule it names (its pipeline, target and state), in the deployment's group only.
    "scheduled-start" = [
      { Sid = "CheckFiringSchedule", Action = ["scheduler:GetSchedule"], Resource = [format(local.arn, "scheduler", "schedule/${local.scheduler_group}/*")], Condition = null },
    ]
    # Timers too long for a queue delay may become one-time schedules in the deployment's group.
    orchestrator = [
      { Sid = "TimerSchedules", Action = ["scheduler:CreateSchedule", "scheduler:UpdateSchedule", "scheduler:DeleteSchedule", "scheduler:GetSchedule"], Resource = [format(local.arn, "scheduler", "schedule/${local.scheduler_group}/*")], Condition = null },
      { Sid = "PassSchedulerRole", Action = ["iam:PassRole"], Resource = [local.scheduler_role], Condition = { StringEquals = { "iam:PassedToService" = "scheduler.amazonaws.com" } } },
    ]
  }

  statements = { for f in keys(local.functions) : f => [for s in flatten([
    { Sid = "OwnLogs", Action = ["logs:CreateLogStream", "logs:PutLogEvents"], Resource = ["${local.log_group_arn[f]}:*"], Condition = null },
    length(local.receives[f]) == 0 ? [] : [{ Sid = "ReceiveOwnQueues", Action = local.sqs_receive, Resource = [for q in local.receives[f] : local.queue_arn[q]], Condition = null }],
    length(local.sends[f]) == 0 ? [] : [{ Sid = "SendToQueues", Action = local.sqs_send, Resource = [for q in distinct(local.sends[f]) : local.queue_arn[q]], Condition = null }],
    { Sid = "RedisAuthToken", Action = ["secretsmanager:GetSecretValue"], Resource = [format(local.arn, "secretsmanager", "secret:${local.redis_secret}-??????")], Condition = null },
    contains(local.alerting, f) ? [{ Sid = "Alerts", Action = ["sns:Publish"], Resource = [local.topic_arn], Condition = null }] : [],
    # (two conditionals, not one of two statements: their Conditions differ in type)
    contains(local.sleeping, f) ? [{ Sid = "SleepingExecutionsList", Action = ["s3:ListBucket"], Resource = [local.data_bucket_arn], Condition = { StringLike = { "s3:prefix" = ["hibernated/*"] } } }] : [],
    contains(local.sleeping, f) ? [{ Sid = "SleepingExecutions", Action = ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], Resource = [local.hibernated_arn], Condition = null }] : [],
    lookup(local.own, f, []),
  ]) : merge({ Effect = "Allow" }, { for k, v in s : k => v if v != null })] }
}

resource "aws_iam_role" "function" {
  for_each = local.functions

  name        = "${var.name}-${each.key}"
  description = "Sluice ${each.key}: only its own queues, secrets and data"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "lambda.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
  tags = local.tags
}

resource "aws_iam_role_policy" "function" {
  for_each = local.functions

  name   = "sluice-${each.key}"
  role   = aws_iam_role.function[each.key].id
  policy = jsonencode({ Version = "2012-10-17", Statement = local.statements[each.key] })
}

# Lambda creates the functions' network interfaces with the role (what AWSLambdaVPCAccessExecutionRole
# grants on "*", limited to this account and region). Unproven offline: var.vpc_access_policy = "managed" attaches
# the AWS managed policy instead.
resource "aws_iam_role_policy" "network" {
  for_each = var.vpc_access_policy == "scoped" ? local.functions : {}

  name = "sluice-network"
  role = aws_iam_role.function[each.key].id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      {
        Sid      = "DescribeNetwork" # EC2 Describe* actions have no resource type
        Effect   = "Allow"
        Action   = ["ec2:DescribeNetworkInterfaces", "ec2:DescribeSubnets"]
        Resource = ["*"]
      },
      {
        Sid    = "InterfacesInOwnSubnets"
        Effect = "Allow"
        Action = ["ec2:CreateNetworkInterface"]
        # The deployment's subnets and security group are chosen by vpc_config; naming their ids
        # here would leave the policy unknown until they exist (and unreviewable in a plan).
        Resource = [for r in ["network-interface/*", "subnet/*", "security-group/*"] : format(local.arn, "ec2", r)]
      },
      {
        Sid      = "ManageInterfaces"
        Effect   = "Allow"
        Action   = ["ec2:DeleteNetworkInterface", "ec2:AssignPrivateIpAddresses", "ec2:UnassignPrivateIpAddresses"]
        Resource = [format(local.arn, "ec2", "network-interface/*")]
      },
    ]
  })
}

resource "aws_iam_role_policy_attachment" "vpc_access" {
  for_each = var.vpc_access_policy == "managed" ? local.functions : {}

  role       = aws_iam_role.function[each.key].name
  policy_arn = "arn:${local.partition}:iam::aws:policy/service-role/AWSLambdaVPCAccessExecutionRole"
}

# EventBridge Scheduler runs pipeline schedules, the minute tick and timer schedules as this role.
resource "aws_iam_role" "scheduler" {
  name        = "${var.name}-scheduler"
  description = "EventBridge Scheduler for Sluice ${var.name}: invokes scheduled-start and schedule-tick, sends timers to the orchestrator"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "scheduler.amazonaws.com" }
      Action    = "sts:AssumeRole"
      Condition = { StringEquals = { "aws:SourceAccount" = local.account } }
    }]
  })
  tags = local.tags
}

resource "aws_iam_role_policy" "scheduler" {
  name = "sluice-scheduler"
  role = aws_iam_role.scheduler.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      { Sid = "InvokeScheduledFunctions", Effect = "Allow", Action = ["lambda:InvokeFunction"], Resource = [local.alias_arn["scheduled-start"], local.alias_arn["schedule-tick"]] },
      { Sid = "TimersToOrchestrator", Effect = "Allow", Action = ["sqs:SendMessage"], Resource = [local.queue_arn["orchestrator"]] },
    ]
  })
}
