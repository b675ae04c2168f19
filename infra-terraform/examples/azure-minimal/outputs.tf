output "http_api_url" {
  description = "Base URL of the Sluice HTTP API."
  value       = module.sluice.http_api_url
}

output "data_container_url" {
  description = "Blob container whose new blobs start the pipelines' object rules."
  value       = module.sluice.data_container_url
}

output "function_app_name" {
  description = "Name of the Function App."
  value       = module.sluice.function_app_name
}
