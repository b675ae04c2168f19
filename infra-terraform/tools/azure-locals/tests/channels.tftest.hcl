# The Azure module's queues per priority channel (modules/azure/main.tf locals), planned without a provider.
variables {
  name                = "sluice-test"
  name_suffix         = "abcd"
  location            = "westeurope"
  resource_group_name = "rg"
  artifact_path       = "outputs.tf"
}

run "every_channel" {
  command = plan

  variables {
    priority_channels = ["P0", "P1", "P2", "P3"]
  }

  assert {
    condition     = length(output.queues) == 39
    error_message = "expected 39 queues: orchestrator, events, object-created and 9 task functions x 4 priority channels"
  }
  assert {
    condition     = alltrue([for s in ["", "-p0", "-p1", "-p3"] : contains(keys(output.queues), "task-glue-launch${s}")])
    error_message = "each task function needs task-<function> (P2) and -p0, -p1, -p3"
  }
  assert {
    condition     = !contains(output.disabled_functions, "task-glue-launch-p0") && contains(output.disabled_functions, "storage-task-glue-launch-p0") && contains(output.disabled_functions, "storage-dlq-task-glue-launch-p3")
    error_message = "with every channel deployed only the storage-* variants (channels included) are disabled"
  }
}

run "one_channel_by_default" {
  command = plan

  assert {
    condition     = length(output.queues) == 12 && contains(keys(output.queues), "task-read-config") && !contains(keys(output.queues), "task-read-config-p0")
    error_message = "with only P2, each task function has its one queue"
  }
  assert {
    condition     = alltrue([for s in ["-p0", "-p1", "-p3"] : contains(output.disabled_functions, "task-map-run${s}")]) && !contains(output.disabled_functions, "task-map-run")
    error_message = "the Service Bus triggers of channels without queues must be disabled, and P2's kept"
  }
}

run "p2_is_required" {
  command = plan

  variables {
    priority_channels = ["P0", "P1"]
  }

  expect_failures = [var.priority_channels]
}
