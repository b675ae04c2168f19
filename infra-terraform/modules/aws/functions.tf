# The one artifact, uploaded once: Lambda takes at most 50 MB directly, a Spring bundle is larger.
resource "aws_s3_object" "artifact" {
  bucket      = aws_s3_bucket.bucket["artifacts"].id
  key         = "sluice/${filesha256(var.artifact_path)}.jar"
  source      = var.artifact_path
  source_hash = filesha256(var.artifact_path)
  tags        = local.tags

  depends_on = [aws_s3_bucket_public_access_block.bucket, aws_s3_bucket_server_side_encryption_configuration.bucket]
}

resource "aws_cloudwatch_log_group" "function" {
  for_each = local.functions

  name              = "/aws/lambda/${var.name}-${each.key}"
  retention_in_days = 30
  tags              = local.tags
}

resource "aws_security_group" "function" {
  name        = "${var.name}-functions"
  description = "Sluice functions: no inbound; outbound to AWS APIs, Redis and export targets"
  vpc_id      = var.network.vpc_id
  tags        = local.tags
}

resource "aws_vpc_security_group_egress_rule" "function" {
  security_group_id = aws_security_group.function.id
  description       = "AWS APIs (through the VPC's NAT or endpoints), Redis, push-export targets (HTTP, SFTP)"
  ip_protocol       = "tcp"
  from_port         = 0
  to_port           = 65535
  cidr_ipv4         = "0.0.0.0/0"
}

resource "aws_lambda_function" "function" {
  for_each = local.functions

  function_name    = "${var.name}-${each.key}"
  description      = "Sluice ${each.key}"
  role             = aws_iam_role.function[each.key].arn
  runtime          = "java21"
  handler          = local.handler_of[each.key]
  architectures    = ["arm64"]
  s3_bucket        = aws_s3_object.artifact.bucket
  s3_key           = aws_s3_object.artifact.key
  source_code_hash = filebase64sha256(var.artifact_path)
  memory_size      = each.value.memory
  timeout          = each.value.timeout
  publish          = true

  reserved_concurrent_executions = lookup(var.reserved_concurrency, each.key, -1)

  # SnapStart restores published versions from a snapshot taken after init; Lambda does not
  # combine it with provisioned concurrency, so warm functions go without.
  dynamic "snap_start" {
    for_each = contains(keys(local.warm), each.key) ? [] : ["PublishedVersions"]
    content {
      apply_on = snap_start.value
    }
  }

  vpc_config {
    subnet_ids         = var.network.subnet_ids
    security_group_ids = [aws_security_group.function.id]
  }

  environment {
    variables = merge(local.environment, { SPRING_CLOUD_FUNCTION_DEFINITION = each.key, MAIN_CLASS = local.main_class_of[each.key] },
      each.key == "task-worker" ? local.task_worker_environment : {},
      # The execution events (adapters/aws AwsEvents): every function that commits transitions puts them on the events
      # queue, and events puts them on the bus.
      var.execution_events ? { SLUICE_EVENTS_EVENT_BUS = local.event_bus } : {},
      each.key == "glue-job-state" ? { SLUICE_GLUE_ENABLED = "true" } : {},
      # http-api answers only requests for its own API's host (the API's Host check, see docs/local-runtime.md, "The HTTP API").
      # Requests through a custom domain carry its name (var.custom_domains).
      each.key == "http-api" ? { SLUICE_API_ALLOWED_HOSTS = join(",", concat([trimprefix(aws_apigatewayv2_api.http.api_endpoint, "https://")], var.custom_domains)) } : {},
      # Without a bundled tenants file http-api serves only behind API Gateway's own authentication (CloudApiAuth);
      # with tenant_keys it refuses to start without one rather than serve an open API.
      each.key == "http-api" && var.api_auth.mode != "tenant_keys" ? {
        SLUICE_API_PLATFORM_AUTH = { iam = "iam", lambda = "lambda-authorizer" }[var.api_auth.mode]
      } : {},
      # The object rules ./sluice package aws bundles from the pipelines folder's triggers.json.
    each.key == "object-trigger" ? { SLUICE_TRIGGERS_RULES = "classpath:pipelines/triggers.json" } : {})
  }

  logging_config {
    log_format = "JSON"
    log_group  = aws_cloudwatch_log_group.function[each.key].name
  }

  tags       = local.tags
  depends_on = [aws_iam_role_policy.function, aws_iam_role_policy.network, aws_iam_role_policy_attachment.vpc_access]
}

# Every trigger and event source calls the `live` alias, so a deploy moves all of them at once
# and provisioned concurrency stays on the version that serves.
resource "aws_lambda_alias" "live" {
  for_each = local.functions

  name             = "live"
  description      = "The version every trigger of ${each.key} calls"
  function_name    = aws_lambda_function.function[each.key].function_name
  function_version = aws_lambda_function.function[each.key].version
}

resource "aws_lambda_provisioned_concurrency_config" "live" {
  for_each = local.warm

  function_name                     = aws_lambda_alias.live[each.key].function_name
  qualifier                         = aws_lambda_alias.live[each.key].name
  provisioned_concurrent_executions = each.value
}

# Asynchronous invocations (schedules, EventBridge) that keep failing end as an alert.
resource "aws_lambda_function_event_invoke_config" "async" {
  for_each = toset(local.async)

  function_name                = aws_lambda_alias.live[each.key].function_name
  qualifier                    = aws_lambda_alias.live[each.key].name
  maximum_retry_attempts       = 2
  maximum_event_age_in_seconds = 3600

  destination_config {
    on_failure {
      destination = aws_sns_topic.alerts.arn
    }
  }
}
