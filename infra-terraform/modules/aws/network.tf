# The functions' way to the AWS APIs from private subnets: a NAT gateway the caller provides, or (network.endpoints)
# interface endpoints for what the functions call (Secrets Manager at init for the Redis password: a SnapStart publish
# fails without it) and free gateway endpoints for S3 and DynamoDB.

locals {
  interface_endpoints = var.network.endpoints ? toset(["secretsmanager", "sqs", "sns", "events", "scheduler"]) : toset([])
  gateway_endpoints   = var.network.endpoints ? toset(["s3", "dynamodb"]) : toset([])
}

resource "aws_security_group" "endpoints" {
  count = var.network.endpoints ? 1 : 0

  name        = "${var.name}-endpoints"
  description = "Sluice VPC interface endpoints: HTTPS from the functions only"
  vpc_id      = var.network.vpc_id
  tags        = local.tags
}

resource "aws_vpc_security_group_ingress_rule" "endpoints" {
  count = var.network.endpoints ? 1 : 0

  security_group_id            = aws_security_group.endpoints[0].id
  description                  = "HTTPS from the Sluice functions"
  ip_protocol                  = "tcp"
  from_port                    = 443
  to_port                      = 443
  referenced_security_group_id = aws_security_group.function.id
}

resource "aws_vpc_endpoint" "interface" {
  for_each = local.interface_endpoints

  vpc_id              = var.network.vpc_id
  service_name        = "com.amazonaws.${local.region}.${each.key}"
  vpc_endpoint_type   = "Interface"
  subnet_ids          = var.network.subnet_ids
  security_group_ids  = [aws_security_group.endpoints[0].id]
  private_dns_enabled = true
  tags                = merge(local.tags, { Name = "${var.name}-${each.key}" })
}

resource "aws_vpc_endpoint" "gateway" {
  for_each = local.gateway_endpoints

  vpc_id            = var.network.vpc_id
  service_name      = "com.amazonaws.${local.region}.${each.key}"
  vpc_endpoint_type = "Gateway"
  route_table_ids   = var.network.route_table_ids
  tags              = merge(local.tags, { Name = "${var.name}-${each.key}" })
}

# A subnet without a default route (NAT gateway, transit gateway, an appliance) and without the endpoints cannot reach
# Secrets Manager: the functions' init fails, and with it every SnapStart publish. Checked on the first two subnets
# (at least two are required); a warning at plan time, as a check cannot stop an apply.
check "subnets_have_a_way_out" {
  data "aws_route_table" "first" {
    subnet_id = var.network.subnet_ids[0]
  }

  assert {
    condition = var.network.endpoints || anytrue([for r in data.aws_route_table.first.routes :
    r.cidr_block == "0.0.0.0/0" && (r.nat_gateway_id != "" || r.transit_gateway_id != "" || r.network_interface_id != "")])
    error_message = "Subnet ${var.network.subnet_ids[0]} has no default route through a NAT gateway, transit gateway or appliance, and network.endpoints is false: the functions could not reach Secrets Manager, SQS or the other AWS APIs. Add a NAT route, or set network.endpoints = true with network.route_table_ids."
  }
}

check "second_subnet_has_a_way_out" {
  data "aws_route_table" "second" {
    subnet_id = var.network.subnet_ids[1]
  }

  assert {
    condition = var.network.endpoints || anytrue([for r in data.aws_route_table.second.routes :
    r.cidr_block == "0.0.0.0/0" && (r.nat_gateway_id != "" || r.transit_gateway_id != "" || r.network_interface_id != "")])
    error_message = "Subnet ${var.network.subnet_ids[1]} has no default route through a NAT gateway, transit gateway or appliance, and network.endpoints is false: the functions could not reach Secrets Manager, SQS or the other AWS APIs. Add a NAT route, or set network.endpoints = true with network.route_table_ids."
  }
}

# Lambda's Concurrent executions quota: 1,000 by default, as low as 10 on a new account, where Lambda keeps 10 unreserved
# and provisioned concurrency cannot be set at all (https://docs.aws.amazon.com/lambda/latest/dg/lambda-concurrency.html).
check "lambda_concurrency_quota" {
  data "aws_servicequotas_service_quota" "lambda_concurrency" {
    service_code = "lambda"
    quota_code   = "L-B99A9384"
  }

  assert {
    condition = data.aws_servicequotas_service_quota.lambda_concurrency.value - sum(concat([0], values(var.provisioned_concurrency))) - sum(concat([0], [
    for n in values(var.reserved_concurrency) : n])) >= var.concurrency_quota_floor
    error_message = "This account's Lambda Concurrent executions quota in ${local.region} is ${data.aws_servicequotas_service_quota.lambda_concurrency.value}; less the provisioned (${sum(concat([0], values(var.provisioned_concurrency)))}) and reserved (${sum(concat([0], values(var.reserved_concurrency)))}) concurrency this deployment asks for, that is under ${var.concurrency_quota_floor}. Request an increase of quota L-B99A9384 (Service Quotas > AWS Lambda > Concurrent executions, e.g. aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000) before applying, or lower provisioned_concurrency."
  }
}
