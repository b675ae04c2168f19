output "http_api_url" {
  description = "Base URL of the Sluice HTTP API (SigV4-signed requests only)."
  value       = module.sluice.http_api_url
}

output "data_bucket" {
  description = "Bucket whose new objects start the pipelines' object rules."
  value       = module.sluice.data_bucket
}

output "functions" {
  description = "Lambda function name of each Sluice function."
  value       = module.sluice.functions
}

output "alert_topic_arn" {
  description = "SNS topic of the alerts."
  value       = module.sluice.alert_topic_arn
}
