variable "region" {
  type        = string
  description = "AWS region to deploy to."
  default     = "eu-west-1"
}

variable "name" {
  type        = string
  description = "Name of the deployment: prefix of every resource it creates."
  default     = "sluice-demo"
}

variable "artifact_path" {
  type        = string
  description = "Path of the Sluice AWS bundle built by `./sluice package aws`."
  default     = "../../../adapters/aws/target/sluice-aws.jar"
}

variable "alert_email" {
  type        = string
  description = "E-mail address that receives the alerts (confirm the subscription mail AWS sends). null: none."
  default     = null
}

variable "tags" {
  type        = map(string)
  description = "Tags added to every resource."
  default     = {}
}
