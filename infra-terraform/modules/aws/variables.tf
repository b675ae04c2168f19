variable "name" {
  type        = string
  description = "Name of this Sluice deployment: the prefix of every resource, queue and Redis key it owns (for example \"sluice-prod\")."

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{1,18}[a-z0-9]$", var.name))
    error_message = "name must be 3 to 20 lower-case letters, digits and hyphens, starting with a letter (it prefixes queue, bucket and function names, which have length limits)."
  }
}

variable "artifact_path" {
  type        = string
  description = "Path of the Sluice AWS bundle (the zip or shaded jar that `./sluice package aws` builds). Every function runs this one artifact."

  validation {
    condition     = fileexists(var.artifact_path)
    error_message = "artifact_path must name an existing file: build it with `./sluice package aws`."
  }
}

variable "network" {
  type = object({
    vpc_id          = string
    subnet_ids      = list(string)
    endpoints       = optional(bool, false)
    route_table_ids = optional(list(string), [])
  })
  description = "Private subnets (at least two, in different availability zones) for Redis and the functions. They need a way to the AWS APIs the functions call at init and on every invocation (Secrets Manager for the Redis password, SQS, SNS, EventBridge, Scheduler, S3, DynamoDB): a NAT gateway route, or endpoints = true, which creates interface endpoints for the first five in these subnets and gateway endpoints for S3 and DynamoDB on route_table_ids (the subnets' route tables). A check warns at plan time when the first two subnets have neither."

  validation {
    condition     = length(var.network.subnet_ids) >= 2
    error_message = "network.subnet_ids needs at least two subnets in different availability zones."
  }
  validation {
    condition     = !var.network.endpoints || length(var.network.route_table_ids) >= 1
    error_message = "network.endpoints = true needs network.route_table_ids: the route tables of the subnets, for the S3 and DynamoDB gateway endpoints."
  }
}

variable "vpc_access_policy" {
  type        = string
  description = "How the functions' roles may create their network interfaces in the VPC: \"scoped\" (an inline policy limited to this account and region's interfaces, subnets and security groups) or \"managed\" (AWS's AWSLambdaVPCAccessExecutionRole, the same actions on \"*\"). Try scoped first; if Lambda refuses to create or update a function with an EC2 permission error, switch to managed."
  default     = "scoped"

  validation {
    condition     = contains(["scoped", "managed"], var.vpc_access_policy)
    error_message = "vpc_access_policy must be \"scoped\" or \"managed\"."
  }
}

variable "task_functions" {
  type        = list(string)
  description = "Task functions of the bundle; each gets its own FIFO task queue <name>-task-<function>.fifo consumed by task-worker."
  default     = ["read-config", "glue-launch", "copy-to-warehouse", "push-export", "write-status", "dependency-check", "integrations", "executions", "map-run"]

  validation {
    condition     = alltrue([for f in var.task_functions : can(regex("^[a-z][a-z0-9-]{0,40}$", f))])
    error_message = "Each task function name must be lower-case letters, digits and hyphens (at most 41 characters)."
  }
}

variable "priority_channels" {
  type        = list(string)
  description = "Priority channels the task queues are made for (P0 highest); a pipeline's <id>.pipeline.json \"priority\" or a start's override picks one. P2 (every pipeline without a priority) is required. Each channel adds two queues per task function (main and dead-letter) and one event source mapping: the default, P2 alone, makes 26 queues (13 consumed); all four make 80 (40)."
  default     = ["P2"]

  validation {
    condition     = contains(var.priority_channels, "P2") && alltrue([for c in var.priority_channels : contains(["P0", "P1", "P2", "P3"], c)])
    error_message = "priority_channels must hold P2 and only P0, P1, P2 or P3."
  }
}

variable "pipelines" {
  type = map(object({
    schedule  = optional(string)
    timezone  = optional(string, "UTC")
    glue_jobs = optional(list(string), [])
  }))
  description = "Pipelines that need infrastructure, by pipeline id: an EventBridge Scheduler expression (rate(...), cron(...) or at(...)) starts the pipeline through scheduled-start; glue_jobs are the Glue jobs its glue-launch tasks may start (and whose state changes reach glue-job-state)."
  default     = {}

  validation {
    condition     = alltrue([for p in values(var.pipelines) : p.schedule == null || can(regex("^(rate|cron|at)\\(.+\\)$", p.schedule))])
    error_message = "A pipeline schedule must be an EventBridge Scheduler expression: rate(...), cron(...) or at(...)."
  }
}

variable "provisioned_concurrency" {
  type        = map(number)
  description = "Warm instances per function, on its `live` alias (latency-sensitive functions). A function not listed (or 0) has none and starts from a SnapStart snapshot instead: Lambda does not combine the two on one version. Default: none, SnapStart everywhere; provisioned concurrency counts against the account's concurrency quota, which on a new account (10) leaves none to spare."
  default     = {}

  validation {
    condition     = alltrue([for f, n in var.provisioned_concurrency : contains(["orchestrator", "task-worker", "events", "dlq-handler", "delayed-forwarder", "schedule-tick", "scheduled-start", "object-trigger", "glue-job-state", "http-api"], f) && n >= 0 && floor(n) == n])
    error_message = "provisioned_concurrency keys must be Sluice function names (orchestrator, task-worker, events, dlq-handler, delayed-forwarder, schedule-tick, scheduled-start, object-trigger, glue-job-state, http-api) and values whole numbers >= 0."
  }
}

variable "reserved_concurrency" {
  type        = map(number)
  description = "Reserved (maximum) concurrency per function, for functions that must not run wider than their downstream allows. Unlisted functions use the account's unreserved pool."
  default     = {}

  validation {
    condition     = alltrue([for f, n in var.reserved_concurrency : contains(["orchestrator", "task-worker", "events", "dlq-handler", "delayed-forwarder", "schedule-tick", "scheduled-start", "object-trigger", "glue-job-state", "http-api"], f) && n >= 0 && floor(n) == n])
    error_message = "reserved_concurrency keys must be Sluice function names and values whole numbers >= 0."
  }
}

variable "queue_concurrency" {
  type        = map(number)
  description = "Most concurrent invocations an SQS event source mapping may start, by queue (orchestrator, events, task-<function>, object-created): caps queues whose downstream must not be drained too fast. The delayed queue is capped at 5 and dead-letter queues (consumed with dead_letter_handler) at 2 unless listed by their own name (delayed, task-push-export-dlq)."
  default = {
    "task-push-export"       = 2
    "task-copy-to-warehouse" = 2
  }

  validation {
    condition     = alltrue([for q, n in var.queue_concurrency : n >= 2 && n <= 1000 && floor(n) == n])
    error_message = "queue_concurrency values must be whole numbers from 2 to 1000 (SQS event source mappings' maximum concurrency)."
  }
}

variable "max_receives" {
  type        = number
  description = "Receives of a message before SQS moves it to its dead-letter queue (redrive maxReceiveCount); the functions read the same number as SLUICE_MAX_RECEIVES."
  default     = 5

  validation {
    condition     = var.max_receives >= 1 && var.max_receives <= 1000 && floor(var.max_receives) == var.max_receives
    error_message = "max_receives must be a whole number from 1 to 1000."
  }
}

variable "dead_letter_handler" {
  type        = bool
  description = "Whether dlq-handler consumes the dead-letter queues (an event source mapping each), failing each dead-lettered message's execution with Sluice.PoisonMessage and keeping the letter for GET /v1/dead-letters. false (default): the dead-letter queues have no consumer; each has a not-empty alarm on the alert topic, the execution waits, and an operator redrives the messages (aws sqs start-message-move-task) or stops the execution."
  default     = false
}

variable "redis" {
  type = object({
    engine    = optional(string, "memorydb")
    node_type = optional(string)
    replicas  = optional(number, 1)
  })
  description = "Redis for execution state, claims and timers: engine \"memorydb\" (durable: a write is in a multi-AZ transaction log before it is acknowledged, what Sluice's exactly-once commit assumes) or \"elasticache\" (cheaper; a failover can lose the last writes). TLS and password auth always; node_type defaults to db.t4g.small / cache.t4g.micro."
  default     = {}

  validation {
    condition     = contains(["memorydb", "elasticache"], var.redis.engine) && var.redis.replicas >= 0 && var.redis.replicas <= 5
    error_message = "redis.engine must be \"memorydb\" or \"elasticache\", and redis.replicas 0 to 5."
  }
}

variable "warehouse" {
  type = object({
    database           = string
    secret_arn         = string
    cluster_identifier = optional(string)
    workgroup_arn      = optional(string)
  })
  description = "Redshift target of copy-to-warehouse through the Data API: a provisioned cluster (cluster_identifier) or a Serverless workgroup (workgroup_arn), with the Secrets Manager secret holding its database credentials. null: no warehouse access."
  default     = null

  validation {
    condition     = var.warehouse == null || try((var.warehouse.cluster_identifier == null) != (var.warehouse.workgroup_arn == null), false)
    error_message = "warehouse needs exactly one of cluster_identifier and workgroup_arn."
  }
}

variable "integrations" {
  type = object({
    topics             = optional(list(string), [])
    queues             = optional(list(string), [])
    buses              = optional(list(string), [])
    buckets            = optional(list(string), [])
    tables             = optional(map(object({ partition_key = string, sort_key = optional(string, "") })), {})
    http_allowed_hosts = optional(list(string), [])
    http_timeout       = optional(string, "30s")
    statements         = optional(list(object({ actions = list(string), resources = list(string) })), [])
    functions          = optional(list(string), [])
  })
  description = "Service integrations that Task states run through task-worker (Resource arn:aws:states:::sns:publish, sqs:sendMessage, events:putEvents, aws-sdk:s3:*, dynamodb:*, aws-sdk:<service>:<action>, http:invoke): the SNS topic, SQS queue and EventBridge bus names (this account and region) and S3 buckets they may use, each named in task-worker's role and nothing else; the DynamoDB tables Task states name (this account and region), with their keys: the platform's pipelines read and write those tables themselves, a tenant's its own items in the deployment's item table (<name>-items); statements: further IAM actions on resources task-worker's role is granted for the aws-sdk:* calls, as `sluice validate --platform aws` lists them (\"needs on AWS: <action> on <resource>\"); the hosts http:invoke may call; functions: the Lambda functions outside the bundle that Task states call (lambda:invoke, or a Lambda ARN as the Resource; names of this account and region, or ARNs, as `sluice validate --platform aws` lists them: \"lambda:InvokeFunction on ...\"), which task-worker invokes with its role (an unqualified one with any version or alias)."
  default     = {}

  validation {
    condition = alltrue([for n in concat(var.integrations.topics, var.integrations.queues, var.integrations.buses) : can(regex("^[A-Za-z0-9_.-]{1,256}$", n))]) && alltrue([
    for b in var.integrations.buckets : can(regex("^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$", b))])
    error_message = "integrations.topics, queues and buses must be names (letters, digits, '_', '.', '-'), not ARNs or URLs; integrations.buckets must be S3 bucket names."
  }
  validation {
    condition = alltrue([for t in keys(var.integrations.tables) : can(regex("^[A-Za-z0-9_.-]{3,255}$", t))]) && alltrue([
      for s in var.integrations.statements : length(s.actions) > 0 && length(s.resources) > 0 && alltrue([for a in s.actions : can(regex("^[a-z0-9-]+:[A-Za-z0-9*]+$", a))])
    ])
    error_message = "integrations.tables must be keyed by DynamoDB table names (3-255 letters, digits, '_', '.', '-'); each of integrations.statements needs actions (service:Action) and resources."
  }
  validation {
    condition     = alltrue([for f in var.integrations.functions : can(regex("^(arn:aws[a-z-]*:lambda:[a-z0-9-]+:[0-9]{12}:function:)?[A-Za-z0-9_-]{1,64}(:[A-Za-z0-9_$-]{1,128})?$", f))])
    error_message = "integrations.functions must be Lambda function names (with an optional :version or :alias) or function ARNs."
  }
  validation {
    condition     = can(regex("^[0-9]+(ms|s|m)$", var.integrations.http_timeout))
    error_message = "integrations.http_timeout must be a duration such as \"30s\", \"500ms\" or \"2m\"."
  }
}

variable "retention" {
  type = object({
    executions = optional(string, "1d")
    name_reuse = optional(string, "90d")
  })
  description = "How long a finished execution stays in Redis before schedule-tick archives it to the data bucket (archive/executions/), and how long its name stays reserved (Step Functions keeps names 90 days). A pipeline's own \"retention\" wins."
  default     = {}

  validation {
    condition     = can(regex("^[0-9]+(m|h|d)$", var.retention.executions)) && can(regex("^[0-9]+(m|h|d)$", var.retention.name_reuse))
    error_message = "retention.executions and retention.name_reuse must be durations in minutes, hours or days, such as \"12h\" or \"90d\"."
  }
}

variable "hibernate_after" {
  type        = string
  description = "How far away everything a waiting execution waits for must be before it leaves Redis to sleep in the data bucket (hibernated/executions/; a callback or activity task always is): a duration in minutes, hours or days such as \"5m\", or \"off\" (nothing new sleeps; those asleep still read and wake). No lifecycle rule: an object leaves when its execution wakes."
  default     = "5m"

  validation {
    condition     = can(regex("^([0-9]+(m|h|d)|off)$", var.hibernate_after))
    error_message = "hibernate_after must be a duration in minutes, hours or days, such as \"5m\" or \"1h\", or \"off\"."
  }
}

variable "api_auth" {
  type = object({
    mode                    = optional(string, "iam")
    authorizer_function_arn = optional(string)
    authorizer_ttl_seconds  = optional(number, 300)
  })
  description = "Who may call the HTTP API. \"iam\": API Gateway checks a SigV4 signature (callers need execute-api:Invoke on http_api_execution_arn); the signature takes the Authorization header, so use it for deployments without tenant keys. \"tenant_keys\": API Gateway lets every request through with its Authorization header and http-api checks the bundle's tenant keys (Authorization: Bearer <key>). \"lambda\": a Lambda REQUEST authorizer (authorizer_function_arn, payload 2.0, simple responses) sees the Authorization header first; the header still reaches http-api, which checks the tenant key."
  default     = {}

  validation {
    condition     = contains(["iam", "tenant_keys", "lambda"], var.api_auth.mode)
    error_message = "api_auth.mode must be \"iam\", \"tenant_keys\" or \"lambda\"."
  }
  validation {
    condition     = (var.api_auth.mode == "lambda") == (var.api_auth.authorizer_function_arn != null) && (var.api_auth.authorizer_function_arn == null || can(regex("^arn:aws[a-z-]*:lambda:[a-z0-9-]+:[0-9]{12}:function:[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)?$", var.api_auth.authorizer_function_arn)))
    error_message = "api_auth.authorizer_function_arn is required with mode \"lambda\" (and only then), and must be a Lambda function ARN."
  }
  validation {
    condition     = var.api_auth.authorizer_ttl_seconds >= 0 && var.api_auth.authorizer_ttl_seconds <= 3600
    error_message = "api_auth.authorizer_ttl_seconds must be 0 to 3600."
  }
}

variable "custom_domains" {
  type        = list(string)
  description = "Custom domain names mapped to the HTTP API (API Gateway custom domains with an API mapping to its $default stage): http-api answers requests for these hosts too, besides the API's execute-api host."
  default     = []

  validation {
    condition     = alltrue([for d in var.custom_domains : can(regex("^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$", d))])
    error_message = "custom_domains must be lower-case host names such as \"api.example.com\" (no scheme, port or path)."
  }
}

variable "concurrency_quota_floor" {
  type        = number
  description = "The least Lambda concurrency (the account's Concurrent executions quota, L-B99A9384, less what provisioned and reserved concurrency take) a plan accepts without a warning: Sluice's functions, their SQS pollers and API calls run side by side."
  default     = 100
}

variable "execution_events" {
  type        = bool
  description = "Put every execution transition of interest (started, retried, succeeded, failed, aborted; blocked and released by a rule) as a CloudEvent on an EventBridge bus of its own, <name>-executions (source io.sluice, detail-type io.sluice.execution.<kind>), for other systems' rules to subscribe to. false: no bus, no events."
  default     = true
}

variable "alert_email" {
  type        = string
  description = "E-mail address subscribed to the alert topic (dead letters, queue age, failed scheduled invocations). null: subscribe something else to the topic yourself."
  default     = null
}

variable "alarm_actions" {
  type        = list(string)
  description = "More SNS topic ARNs every alarm notifies, on ALARM and on OK, besides the module's alert topic (which alert_email subscribes to): a paging or chat integration's topic, say."
  default     = []

  validation {
    condition     = alltrue([for a in var.alarm_actions : can(regex("^arn:aws[a-z-]*:sns:[a-z0-9-]+:[0-9]{12}:[A-Za-z0-9_-]{1,256}$", a))])
    error_message = "alarm_actions must be SNS topic ARNs (arn:aws:sns:<region>:<account>:<topic>)."
  }
}

variable "failed_executions_threshold" {
  type        = number
  description = "The failed-executions alarm fires when more executions than this failed or timed out within 5 minutes, over every pipeline (0: any)."
  default     = 0

  validation {
    condition     = var.failed_executions_threshold >= 0 && floor(var.failed_executions_threshold) == var.failed_executions_threshold
    error_message = "failed_executions_threshold must be a whole number >= 0."
  }
}

variable "tags" {
  type        = map(string)
  description = "Tags added to every resource that takes them."
  default     = {}
}
