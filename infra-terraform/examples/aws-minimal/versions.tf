terraform {
  required_version = ">= 1.10"

  # The state holds the Redis AUTH password (the secret's value, which MemoryDB and ElastiCache take as an argument):
  # keep it in an encrypted S3 bucket that only the deployers can read, never on a laptop. Partial configuration: pass
  # bucket, key and region with -backend-config at init (README). use_lockfile: S3-native locking (Terraform >= 1.10).
  backend "s3" {
    encrypt      = true
    use_lockfile = true
  }

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.100"
    }
  }
}

provider "aws" {
  region = var.region

  default_tags {
    tags = { "sluice:example" = "aws-minimal" }
  }
}
