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

variable "vpc_endpoints" {
  type        = bool
  description = "Interface endpoints for Secrets Manager, SQS, SNS, EventBridge and Scheduler (and the S3 and DynamoDB gateway endpoints through the module): AWS API traffic stays in the VPC, off the NAT gateway (about $7.50 a month per endpoint and availability zone)."
  default     = false
}
