# The example planned against a mocked AWS provider (no credentials, no calls).
mock_provider "aws" {
  source = "../../modules/aws/tests"
}

variables {
  artifact_path = "../../modules/aws/tests/fixtures/bundle.zip"
  alert_email   = "data-platform@example.com"
}

# Applied (with mocks) rather than planned: the module's checks read the route tables of subnets the same run creates,
# which a plan knows only after apply (a warning in a real plan, an error in a test's plan).
run "plans" {
  command = apply

  assert {
    condition     = alltrue([for s in aws_subnet.private : s.map_public_ip_on_launch == false]) && aws_subnet.public.map_public_ip_on_launch == false
    error_message = "no subnet of the example hands out public addresses"
  }
  assert {
    condition     = length(aws_subnet.private) == 2 && aws_subnet.private[0].availability_zone != aws_subnet.private[1].availability_zone
    error_message = "Redis and the functions need two private subnets in different availability zones"
  }
  assert {
    condition     = aws_route.private_nat.destination_cidr_block == "0.0.0.0/0" && toset(keys(aws_vpc_endpoint.gateway)) == toset(["s3", "dynamodb"])
    error_message = "the private subnets reach AWS APIs through the NAT gateway and the S3 and DynamoDB endpoints"
  }
}

run "applies_with_mocks" {
  command = apply

  assert {
    condition     = length(output.functions) == 10 && output.functions["orchestrator"] == "sluice-demo-orchestrator"
    error_message = "the example deploys every Sluice function"
  }
  assert {
    condition     = output.data_bucket == "sluice-demo-data-123456789012-eu-west-1"
    error_message = "the data bucket is named after the deployment, account and region"
  }
  assert {
    # The module's own test asserts redrive, encryption, aliases and policies resource by resource; here the
    # example's deployment as its outputs show it: every queue with its dead-letter queue.
    condition = length(module.sluice.queues) == 26 && alltrue([
      for q in keys(module.sluice.queues) : contains(keys(module.sluice.queues), "${q}-dlq") if !endswith(q, "-dlq")
    ])
    error_message = "every queue of the example (one priority channel: 26) has its dead-letter queue"
  }
  assert {
    condition     = length(module.sluice.functions) == 10 && length(module.sluice.provisioned_concurrency) == 0
    error_message = "the example runs every function on SnapStart alone: no provisioned concurrency"
  }
}

run "vpc_endpoints_replace_the_examples_gateway_endpoints" {
  command = apply
  variables {
    vpc_endpoints = true
  }

  assert {
    condition     = length(aws_vpc_endpoint.gateway) == 0 && toset(keys(module.sluice.vpc_endpoints)) == toset(["secretsmanager", "sqs", "sns", "events", "scheduler", "s3", "dynamodb"])
    error_message = "with vpc_endpoints the module makes the interface and gateway endpoints, and the example none of its own"
  }
}
