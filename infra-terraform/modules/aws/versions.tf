terraform {
  # 1.9: validations that name other variables; terraform test with mock providers needs 1.7.
  required_version = ">= 1.9"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.100"
    }
  }
}
