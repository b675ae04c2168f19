# The Azure module's locals, evaluated offline: infra-terraform/check copies modules/azure/variables.tf and the
# module's locals blocks (main.tf, workbook.tf) next to this file; no azurerm provider is needed for them (none exists offline).

output "queues" {
  description = "The Service Bus queues the module makes (logical names)."
  value       = local.queues
}

output "disabled_functions" {
  description = "The bundle's functions the Function App disables."
  value       = concat(local.storage_functions, local.absent_channels) # as function.tf's AzureWebJobs.<function>.Disabled
}

output "workbook" {
  description = "The workbook's content (workbook.tf), as data_json holds it."
  value       = local.workbook
}

output "own_blob_subjects" {
  description = "The Event Grid subjects of Sluice's own blobs, which the object-created subscription leaves out (storage.tf)."
  value       = local.own_blob_subjects
}
