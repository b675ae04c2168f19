# HTTP API (var.api_auth: IAM, tenant keys or a Lambda authorizer; payload 2.0) → http-api; EventBridge Scheduler → schedule-tick every
# minute and scheduled-start per scheduled pipeline; Glue job state changes → glue-job-state.

resource "aws_apigatewayv2_api" "http" {
  name = "${var.name}-api"
  description = "Sluice ${var.name} HTTP API (${ {
    iam    = "every route needs SigV4-signed requests", tenant_keys = "http-api checks the tenant key of every request",
    lambda = "a Lambda authorizer, then http-api's tenant keys"
  }[var.api_auth.mode]})"
  protocol_type = "HTTP"
  tags          = local.tags
}

resource "aws_apigatewayv2_integration" "http" {
  api_id                 = aws_apigatewayv2_api.http.id
  integration_type       = "AWS_PROXY"
  integration_uri        = aws_lambda_alias.live["http-api"].arn
  payload_format_version = "2.0"
  timeout_milliseconds   = 29000
}

# With IAM auth the Authorization header carries the SigV4 signature; otherwise it carries the
# tenant key ("Bearer <key>"), which API Gateway passes to http-api as it is (and, with a Lambda
# authorizer, shows the authorizer first: its identity source).
resource "aws_apigatewayv2_route" "http" {
  api_id             = aws_apigatewayv2_api.http.id
  route_key          = "$default"
  target             = "integrations/${aws_apigatewayv2_integration.http.id}"
  authorization_type = { iam = "AWS_IAM", tenant_keys = "NONE", lambda = "CUSTOM" }[var.api_auth.mode]
  authorizer_id      = var.api_auth.mode == "lambda" ? aws_apigatewayv2_authorizer.http[0].id : null
}

resource "aws_apigatewayv2_authorizer" "http" {
  count = var.api_auth.mode == "lambda" ? 1 : 0

  api_id                            = aws_apigatewayv2_api.http.id
  name                              = "${var.name}-authorizer"
  authorizer_type                   = "REQUEST"
  authorizer_uri                    = "arn:${local.partition}:apigateway:${local.region}:lambda:path/2015-03-31/functions/${var.api_auth.authorizer_function_arn}/invocations"
  authorizer_payload_format_version = "2.0"
  enable_simple_responses           = true
  identity_sources                  = ["$request.header.Authorization"]
  authorizer_result_ttl_in_seconds  = var.api_auth.authorizer_ttl_seconds
}

resource "aws_lambda_permission" "authorizer" {
  count = var.api_auth.mode == "lambda" ? 1 : 0

  statement_id  = "${var.name}-HttpApiAuthorizer"
  action        = "lambda:InvokeFunction"
  function_name = var.api_auth.authorizer_function_arn
  principal     = "apigateway.amazonaws.com"
  source_arn    = "${aws_apigatewayv2_api.http.execution_arn}/authorizers/${aws_apigatewayv2_authorizer.http[0].id}"
}

resource "aws_cloudwatch_log_group" "http" {
  name              = "/aws/apigateway/${var.name}-api"
  retention_in_days = 30
  tags              = local.tags
}

resource "aws_apigatewayv2_stage" "http" {
  api_id      = aws_apigatewayv2_api.http.id
  name        = "$default"
  auto_deploy = true

  default_route_settings {
    throttling_burst_limit = 100
    throttling_rate_limit  = 50
  }

  access_log_settings {
    destination_arn = aws_cloudwatch_log_group.http.arn
    format = jsonencode({
      requestId = "$context.requestId", ip = "$context.identity.sourceIp", caller = "$context.identity.caller",
      method    = "$context.httpMethod", path = "$context.path", status = "$context.status",
      latencyMs = "$context.responseLatency", error = "$context.integrationErrorMessage"
    })
  }
  tags = local.tags
}

resource "aws_lambda_permission" "http" {
  statement_id  = "HttpApi"
  action        = "lambda:InvokeFunction"
  function_name = aws_lambda_alias.live["http-api"].function_name
  qualifier     = aws_lambda_alias.live["http-api"].name
  principal     = "apigateway.amazonaws.com"
  source_arn    = "${aws_apigatewayv2_api.http.execution_arn}/*/*"
}

resource "aws_scheduler_schedule_group" "sluice" {
  name = local.scheduler_group
  tags = local.tags
}

resource "aws_scheduler_schedule" "tick" {
  name                = "schedule-tick"
  group_name          = aws_scheduler_schedule_group.sluice.name
  description         = "Advances due timers and left-behind outboxes"
  schedule_expression = "rate(1 minute)"

  flexible_time_window {
    mode = "OFF"
  }

  target {
    arn      = aws_lambda_alias.live["schedule-tick"].arn
    role_arn = aws_iam_role.scheduler.arn
    input    = jsonencode({})

    retry_policy {
      maximum_event_age_in_seconds = 120 # the next tick does the same work
      maximum_retry_attempts       = 2
    }
  }
}

resource "aws_scheduler_schedule" "pipeline" {
  for_each = { for id, p in var.pipelines : id => p if p.schedule != null }

  name                         = "pipeline-${each.key}"
  group_name                   = aws_scheduler_schedule_group.sluice.name
  description                  = "Starts pipeline ${each.key}"
  schedule_expression          = each.value.schedule
  schedule_expression_timezone = each.value.timezone

  flexible_time_window {
    mode = "OFF"
  }

  target {
    arn      = aws_lambda_alias.live["scheduled-start"].arn
    role_arn = aws_iam_role.scheduler.arn
    # scheduled-start names the run after the scheduled time, so a repeated fire starts nothing new, and starts the
    # pipeline only when the schedule the fire names (its own ARN) is enabled, targets it and has this input.
    input = jsonencode({ pipeline = each.key, scheduledTime = "<aws.scheduler.scheduled-time>", schedule = "<aws.scheduler.schedule-arn>" })

    retry_policy {
      maximum_event_age_in_seconds = 3600
      maximum_retry_attempts       = 10
    }
  }
}

resource "aws_cloudwatch_event_rule" "glue_job_state" {
  name        = "${var.name}-glue-job-state"
  description = "Glue job runs of Sluice pipelines finishing: wakes their .sync tasks"
  event_pattern = jsonencode(merge(
    { source = ["aws.glue"], "detail-type" = ["Glue Job State Change"] },
    length(local.glue_jobs) == 0 ? {} : { detail = { jobName = local.glue_jobs } },
  ))
  tags = local.tags
}

resource "aws_cloudwatch_event_target" "glue_job_state" {
  rule = aws_cloudwatch_event_rule.glue_job_state.name
  arn  = aws_lambda_alias.live["glue-job-state"].arn

  retry_policy {
    maximum_event_age_in_seconds = 3600
    maximum_retry_attempts       = 10
  }
}

resource "aws_lambda_permission" "glue_job_state" {
  statement_id  = "GlueJobStateRule"
  action        = "lambda:InvokeFunction"
  function_name = aws_lambda_alias.live["glue-job-state"].function_name
  qualifier     = aws_lambda_alias.live["glue-job-state"].name
  principal     = "events.amazonaws.com"
  source_arn    = aws_cloudwatch_event_rule.glue_job_state.arn
}
