# Values the module reads from AWS at plan time, as a real account would return them.
mock_data "aws_caller_identity" {
  defaults = {
    account_id = "123456789012"
    arn        = "arn:aws:iam::123456789012:user/terraform"
    user_id    = "AIDAEXAMPLE"
  }
}

mock_data "aws_partition" {
  defaults = {
    partition  = "aws"
    dns_suffix = "amazonaws.com"
  }
}

mock_data "aws_region" {
  defaults = {
    name = "eu-west-1"
  }
}

mock_data "aws_secretsmanager_random_password" {
  defaults = {
    random_password = "mockpasswordmockpasswordmockpasswordmockpassword"
  }
}

# Resources whose ARNs other resources check for their shape: give them valid ones.
mock_resource "aws_sns_topic" {
  defaults = {
    arn = "arn:aws:sns:eu-west-1:123456789012:sluice-test-alerts"
  }
}

mock_resource "aws_kms_key" {
  defaults = {
    arn    = "arn:aws:kms:eu-west-1:123456789012:key/00000000-0000-0000-0000-000000000000"
    key_id = "00000000-0000-0000-0000-000000000000"
  }
}

mock_resource "aws_iam_role" {
  defaults = {
    arn = "arn:aws:iam::123456789012:role/sluice-test-mock"
  }
}

mock_resource "aws_lambda_alias" {
  defaults = {
    arn        = "arn:aws:lambda:eu-west-1:123456789012:function:sluice-test-mock:live"
    invoke_arn = "arn:aws:apigateway:eu-west-1:lambda:path/2015-03-31/functions/arn:aws:lambda:eu-west-1:123456789012:function:sluice-test-mock:live/invocations"
  }
}

mock_resource "aws_lambda_function" {
  defaults = {
    arn        = "arn:aws:lambda:eu-west-1:123456789012:function:sluice-test-mock"
    invoke_arn = "arn:aws:apigateway:eu-west-1:lambda:path/2015-03-31/functions/arn:aws:lambda:eu-west-1:123456789012:function:sluice-test-mock/invocations"
    version    = "1"
  }
}

mock_resource "aws_secretsmanager_secret" {
  defaults = {
    arn = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:sluice-test/redis-auth-AbCdEf"
  }
}

mock_resource "aws_sqs_queue" {
  defaults = {
    arn = "arn:aws:sqs:eu-west-1:123456789012:sluice-test-mock"
    url = "https://sqs.eu-west-1.amazonaws.com/123456789012/sluice-test-mock"
  }
}

mock_resource "aws_cloudwatch_log_group" {
  defaults = {
    arn = "arn:aws:logs:eu-west-1:123456789012:log-group:/aws/mock"
  }
}

mock_resource "aws_cloudwatch_event_rule" {
  defaults = {
    arn = "arn:aws:events:eu-west-1:123456789012:rule/sluice-test-mock"
  }
}

mock_resource "aws_apigatewayv2_api" {
  defaults = {
    execution_arn = "arn:aws:execute-api:eu-west-1:123456789012:abcdef1234"
    api_endpoint  = "https://abcdef1234.execute-api.eu-west-1.amazonaws.com"
  }
}

mock_resource "aws_s3_bucket" {
  defaults = {
    arn = "arn:aws:s3:::sluice-test-mock"
  }
}

mock_resource "aws_memorydb_cluster" {
  defaults = {
    cluster_endpoint = [{ address = "clustercfg.sluice-test-redis.abcdef.memorydb.eu-west-1.amazonaws.com", port = 6379 }]
  }
}

# The checks' reads: a subnet routed through a NAT gateway, and the default Lambda concurrency quota.
mock_data "aws_route_table" {
  defaults = {
    routes = [{ cidr_block = "0.0.0.0/0", nat_gateway_id = "nat-0123456789abcdef0", transit_gateway_id = "", network_interface_id = "", gateway_id = "", ipv6_cidr_block = "", destination_prefix_list_id = "", egress_only_gateway_id = "", instance_id = "", local_gateway_id = "", vpc_endpoint_id = "", vpc_peering_connection_id = "", carrier_gateway_id = "", core_network_arn = "" }]
  }
}

mock_data "aws_servicequotas_service_quota" {
  defaults = {
    value = 1000
  }
}
