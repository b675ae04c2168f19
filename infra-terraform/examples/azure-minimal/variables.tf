variable "location" {
  type        = string
  description = "Azure region to deploy to (one with Flex Consumption and Azure Managed Redis)."
  default     = "westeurope"
}

variable "name" {
  type        = string
  description = "Name of the deployment: prefix of every resource it creates."
  default     = "sluice-demo"
}

variable "name_suffix" {
  type        = string
  description = "4 to 6 lower-case letters or digits that make the global names unique (for example the first characters of your subscription id)."
}

variable "artifact_path" {
  type        = string
  description = "Path of the Sluice Azure bundle built by `./sluice package azure`."
  default     = "../../../adapters/azure/target/sluice-azure.zip"
}

variable "alert_email" {
  type        = string
  description = "E-mail address that receives the alerts. null: none."
  default     = null
}

variable "tags" {
  type        = map(string)
  description = "Tags added to every resource."
  default     = {}
}
