variable "name" {
  type        = string
  description = "Name of this Sluice deployment: the prefix of every resource, queue and Redis key it owns (for example \"sluice-prod\")."

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{1,14}[a-z0-9]$", var.name))
    error_message = "name must be 3 to 16 lower-case letters, digits and hyphens, starting with a letter (storage account and Key Vault names have tight length limits)."
  }
}

variable "name_suffix" {
  type        = string
  description = "4 to 6 lower-case letters or digits that make the globally unique names (storage accounts, Key Vault, Function App, Service Bus, Redis) unique; pick once and keep."

  validation {
    condition     = can(regex("^[a-z0-9]{4,6}$", var.name_suffix))
    error_message = "name_suffix must be 4 to 6 lower-case letters or digits."
  }
}

variable "location" {
  type        = string
  description = "Azure region of every resource (one that offers Flex Consumption and Azure Managed Redis, e.g. \"westeurope\")."
}

variable "resource_group_name" {
  type        = string
  description = "Existing resource group that receives every resource of the deployment."
}

variable "artifact_path" {
  type        = string
  description = "Path of the Sluice Azure bundle (the zip that `./sluice package azure` builds), deployed to the Function App."

  validation {
    condition     = fileexists(var.artifact_path)
    error_message = "artifact_path must name an existing file: build it with `./sluice package azure`."
  }
}

variable "task_functions" {
  type        = list(string)
  description = "Task functions of the bundle; each gets its own Service Bus queue <name>-task-<function>, consumed by the bundle's function task-<function>."
  default     = ["read-config", "glue-launch", "copy-to-warehouse", "push-export", "write-status", "dependency-check", "integrations", "executions", "map-run"]

  validation {
    condition     = alltrue([for f in var.task_functions : can(regex("^[a-z][a-z0-9-]{0,40}$", f))])
    error_message = "Each task function name must be lower-case letters, digits and hyphens (at most 41 characters)."
  }
}

variable "priority_channels" {
  type        = list(string)
  description = "Priority channels the task queues are made for (P0 highest), as in the AWS module: a pipeline's <id>.pipeline.json \"priority\" or a start's override picks one. Each task function gets <name>-task-<function> (P2) and <name>-task-<function>-p0, -p1, -p3, each read by the bundle's function of that name (on Flex Consumption, each Service Bus function scales as instances of its own). P2 (every pipeline without a priority) is required; the default, P2 alone, makes 12 queues, all four make 39."
  default     = ["P2"]

  validation {
    condition     = contains(var.priority_channels, "P2") && alltrue([for c in var.priority_channels : contains(["P0", "P1", "P2", "P3"], c)])
    error_message = "priority_channels must hold P2 and only P0, P1, P2 or P3."
  }
}

variable "provisioned_concurrency" {
  type        = map(number)
  description = "Always-ready instances per function (Flex Consumption's provisioned concurrency), by the bundle's function names: orchestrator, events, dlq-handler, schedule-tick, object-trigger, object-trigger-servicebus, http-api (the app's HTTP group) and task-<function> for each of task_functions (e.g. task-read-config), or a channel's task-<function>-p0 (-p1, -p3)."
  default = {
    orchestrator       = 1
    "task-read-config" = 1
    "http-api"         = 1
  }

  validation {
    condition = alltrue([for f, n in var.provisioned_concurrency : contains(concat(
      ["orchestrator", "events", "dlq-handler", "schedule-tick", "object-trigger", "object-trigger-servicebus", "http-api"],
      [for pair in setproduct(var.task_functions, ["", "-p0", "-p1", "-p3"]) : "task-${pair[0]}${pair[1]}"]
    ), f) && n >= 0 && floor(n) == n])
    error_message = "provisioned_concurrency keys must be function names of the Azure bundle (orchestrator, events, dlq-handler, schedule-tick, object-trigger, object-trigger-servicebus, http-api, or task-<one of task_functions>, optionally with -p0, -p1 or -p3; there is no task-worker on Azure) and values whole numbers >= 0."
  }
}

variable "max_receives" {
  type        = number
  description = "Deliveries of a message before Service Bus dead-letters it (max delivery count); the functions read the same number as SLUICE_MAX_RECEIVES."
  default     = 5

  validation {
    condition     = var.max_receives >= 1 && var.max_receives <= 2000 && floor(var.max_receives) == var.max_receives
    error_message = "max_receives must be a whole number from 1 to 2000."
  }
}

variable "redis" {
  type = object({
    sku_name          = optional(string, "Balanced_B0")
    high_availability = optional(bool, false)
    replica_acks      = optional(number)
  })
  description = "Azure Managed Redis for execution state, claims, timers and schedules: TLS only, AOF persistence every second, no eviction. high_availability adds a replica. replica_acks: how many replicas must confirm each write before the app takes it as done (the URL's ?replica-acks=N, Redis WAIT); null means 1 with high_availability (a failover then loses no acknowledged write; writes wait, and retry, while the replica is away, as during maintenance) and 0 without."
  default     = {}

  validation {
    condition     = var.redis.replica_acks == null || contains(var.redis.high_availability ? [0, 1] : [0], coalesce(var.redis.replica_acks, 0))
    error_message = "redis.replica_acks must be 0 or 1 with high_availability (one replica), and 0 without."
  }
}

variable "execution_events" {
  type        = bool
  description = "Publish every execution transition of interest (started, retried, succeeded, failed, aborted; blocked and released by a rule) as a CloudEvent to an Event Grid topic of its own, <name>-<name_suffix>-executions (type io.sluice.execution.<kind>), for other systems to subscribe to. false: no topic, no events."
  default     = true
}

variable "hibernate_after" {
  type        = string
  description = "How far away everything a waiting execution waits for must be before it leaves Redis to sleep in the data container (hibernated/executions/; a callback or activity task always is): a duration in minutes, hours or days such as \"5m\", or \"off\" (nothing new sleeps; those asleep still read and wake). No lifecycle rule: an object leaves when its execution wakes."
  default     = "5m"

  validation {
    condition     = can(regex("^([0-9]+(m|h|d)|off)$", var.hibernate_after))
    error_message = "hibernate_after must be a duration in minutes, hours or days, such as \"5m\" or \"1h\", or \"off\"."
  }
}

variable "api_platform_auth" {
  type        = string
  description = "The authentication in front of the HTTP API when the bundle has no tenants file: \"easy-auth\" (App Service authentication on the app), \"api-management\" (API Management as the only route to it) or \"function-keys\" (the bundle built with ./sluice package azure --platform-auth function-keys, whose http-api trigger asks for a function key); every caller it lets through is then the platform's operator. null: the bundle's tenants.json decides (each request carries a tenant key), and without one the http-api refuses to start rather than serve an open API (its trigger is anonymous)."
  default     = null

  validation {
    condition     = var.api_platform_auth == null || contains(["easy-auth", "api-management", "function-keys"], coalesce(var.api_platform_auth, "-"))
    error_message = "api_platform_auth must be null, \"easy-auth\", \"api-management\" or \"function-keys\"."
  }
}

variable "alert_email" {
  type        = string
  description = "E-mail address of the alert action group (dead letters). null: add receivers to the action group yourself."
  default     = null
}

variable "action_group_ids" {
  type        = list(string)
  description = "More Azure Monitor action groups (resource ids) every alert notifies, besides the module's own (which alert_email joins): a pager's or a chat's, say."
  default     = []

  validation {
    condition     = alltrue([for a in var.action_group_ids : can(regex("^/subscriptions/[^/]+/resourceGroups/[^/]+/providers/(?i:microsoft\\.insights)/actionGroups/[^/]+$", a))])
    error_message = "action_group_ids must be action group resource ids (/subscriptions/<id>/resourceGroups/<group>/providers/microsoft.insights/actionGroups/<name>)."
  }
}

variable "failed_executions_threshold" {
  type        = number
  description = "The failed-executions alert fires when more executions than this failed or timed out within 5 minutes, over every pipeline (0: any)."
  default     = 0

  validation {
    condition     = var.failed_executions_threshold >= 0 && floor(var.failed_executions_threshold) == var.failed_executions_threshold
    error_message = "failed_executions_threshold must be a whole number >= 0."
  }
}

variable "queue_backlog_threshold" {
  type        = number
  description = "The queue-backlog alert fires when a Service Bus queue has held more active messages than this for 15 minutes (Service Bus reports no oldest-message age)."
  default     = 1000

  validation {
    condition     = var.queue_backlog_threshold >= 1
    error_message = "queue_backlog_threshold must be at least 1."
  }
}

variable "tags" {
  type        = map(string)
  description = "Tags added to every resource that takes them."
  default     = {}
}
