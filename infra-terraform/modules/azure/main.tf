# Sluice on Azure: one Function App (Flex Consumption, always-ready instances) running every Sluice
# function from one artifact, Service Bus queues between them, Blob and Table storage, Event Grid
# for new blobs, Azure Managed Redis, Key Vault, one user-assigned identity with role assignments
# scoped to the resources it uses, Application Insights and dead-letter alerts.

data "azurerm_client_config" "current" {}

locals {
  compact = substr(replace(var.name, "-", ""), 0, 14)

  # Service Bus queues: the orchestrator's takes sessions (one execution's messages one at a time
  # across all instances); every queue dead-letters after max_receives deliveries and forwards its
  # dead letters to the dead-letters queue (servicebus.tf, a resource of its own so that it exists
  # before the queues that forward to it), which dlq-handler consumes.
  # Each task function has a queue per priority channel (var.priority_channels), as on AWS: P2's is task-<function>, the
  # others task-<function>-p0, -p1, -p3, each read by the bundle's function of that name (task-read-config-p0, ...).
  channel_suffix = { for c in var.priority_channels : c => c == "P2" ? "" : "-${lower(c)}" }
  task_queues    = [for pair in setproduct(var.task_functions, values(local.channel_suffix)) : "task-${pair[0]}${pair[1]}"]
  # The bundle has a trigger on every channel; those of channels without queues here are disabled (they would not listen).
  other_channels   = setsubtract(["-p0", "-p1", "-p3"], values(local.channel_suffix))
  absent_channels  = [for pair in setproduct(var.task_functions, local.other_channels) : "task-${pair[0]}${pair[1]}"]
  channel_variants = [for pair in setproduct(var.task_functions, ["-p0", "-p1", "-p3"]) : "task-${pair[0]}${pair[1]}"]

  queues = merge(
    { orchestrator = { sessions = true, lock = "PT1M", sent = true }, events = { sessions = false, lock = "PT1M", sent = true } },
    { for q in local.task_queues : q => { sessions = false, lock = "PT5M", sent = true } },
    { "object-created" = { sessions = false, lock = "PT1M", sent = false } }, # sent by Event Grid only
  )


  # The bundle's Storage Queue variants of the queue functions (storage-*) are for Azurite and tests; Service Bus runs here.
  storage_functions = concat(["storage-orchestrator", "storage-events", "storage-dlq-orchestrator", "storage-dlq-events"],
    [for f in var.task_functions : "storage-task-${f}"], [for f in var.task_functions : "storage-dlq-task-${f}"],
  [for q in local.channel_variants : "storage-${q}"], [for q in local.channel_variants : "storage-dlq-${q}"])

  # Flex Consumption names always-ready groups "function:<name>", and all HTTP functions "http".
  always_ready = { for f, n in var.provisioned_concurrency : (f == "http-api" ? "http" : "function:${f}") => n if n > 0 }

  redis_port = 10000
  # ?replica-acks=N: each write waits until N replicas confirmed it (adapters/redis README, "Failover").
  redis_replica_acks = coalesce(var.redis.replica_acks, var.redis.high_availability ? 1 : 0)
  redis_url_query    = local.redis_replica_acks > 0 ? "?replica-acks=${local.redis_replica_acks}" : ""

  # The data container, and Sluice's own blobs in it (adapters' SluiceObjects in triggers: the archive, sleeping executions,
  # history payloads): their BlobCreated events are left out of the object-created subscription (storage.tf), so writing
  # them starts no pipeline and costs no object-trigger invocation (object-trigger ignores them as well).
  data_container         = "data"
  sluice_object_prefixes = ["archive/executions/", "hibernated/executions/", "history/"]
  own_blob_subjects      = [for p in local.sluice_object_prefixes : "/blobServices/default/containers/${local.data_container}/blobs/${p}"]

  tags = merge(var.tags, { "sluice:deployment" = var.name })
}

resource "azurerm_user_assigned_identity" "app" {
  name                = "${var.name}-app"
  location            = var.location
  resource_group_name = var.resource_group_name
  tags                = local.tags
}

resource "azurerm_log_analytics_workspace" "sluice" {
  name                = "${var.name}-logs"
  location            = var.location
  resource_group_name = var.resource_group_name
  sku                 = "PerGB2018"
  retention_in_days   = 30
  tags                = local.tags
}

resource "azurerm_application_insights" "sluice" {
  name                          = "${var.name}-insights"
  location                      = var.location
  resource_group_name           = var.resource_group_name
  workspace_id                  = azurerm_log_analytics_workspace.sluice.id
  application_type              = "java"
  local_authentication_disabled = true # telemetry only with the app's Entra identity
  tags                          = local.tags
}
