# A root that uses every optional part of the module (scheduled pipelines with Glue jobs, a
# warehouse, ElastiCache, service integrations on named topics, queues, buses and buckets, a
# Lambda authorizer), planned by tools/aws_policy_check.py so that the policy check sees
# every statement the module can write.
terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.100"
    }
  }
}

provider "aws" {
  region = "eu-west-1"
}

module "sluice" {
  source = "../.."

  name          = "sluice-policy"
  artifact_path = "${path.module}/../fixtures/bundle.zip"
  network       = { vpc_id = "vpc-0123456789abcdef0", subnet_ids = ["subnet-0aaaaaaaaaaaaaaaa", "subnet-0bbbbbbbbbbbbbbbb"] }
  pipelines = {
    orders = { schedule = "cron(0 3 * * ? *)", glue_jobs = ["orders-raw", "orders-enriched"] }
    fx     = { schedule = "rate(1 hour)" }
  }
  warehouse = {
    database           = "analytics"
    secret_arn         = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:redshift-admin-AbCdEf"
    cluster_identifier = "analytics"
  }
  redis = { engine = "elasticache" }
  integrations = {
    topics  = ["orders-done"]
    queues  = ["partner-inbox"]
    buses   = ["analytics"]
    buckets = ["orders-landing-zone"]
    tables  = { orders = { partition_key = "orderId", sort_key = "line" } }
  }
  retention = { executions = "12h" }
  api_auth  = { mode = "lambda", authorizer_function_arn = "arn:aws:lambda:eu-west-1:123456789012:function:tenant-authorizer" }
}
