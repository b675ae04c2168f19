# The data bucket (pipelines' objects; its ObjectCreated events start object rules) and the
# artifacts bucket (the bundle). Both private, encrypted, TLS only.
resource "aws_s3_bucket" "bucket" {
  for_each = { data = local.bucket_data, artifacts = local.bucket_artifacts }

  bucket = each.value
  tags   = local.tags
}

resource "aws_s3_bucket_public_access_block" "bucket" {
  for_each = aws_s3_bucket.bucket

  bucket                  = each.value.id
  block_public_acls       = true
  block_public_policy     = true
  ignore_public_acls      = true
  restrict_public_buckets = true
}

resource "aws_s3_bucket_ownership_controls" "bucket" {
  for_each = aws_s3_bucket.bucket

  bucket = each.value.id
  rule {
    object_ownership = "BucketOwnerEnforced"
  }
}

resource "aws_s3_bucket_server_side_encryption_configuration" "bucket" {
  for_each = aws_s3_bucket.bucket

  bucket = each.value.id
  rule {
    apply_server_side_encryption_by_default {
      sse_algorithm = "AES256"
    }
  }
}

resource "aws_s3_bucket_versioning" "bucket" {
  for_each = aws_s3_bucket.bucket

  bucket = each.value.id
  versioning_configuration {
    status = "Enabled"
  }
}

# The data bucket is versioned, so each object Sluice deletes for itself (a sleeping execution's once it wakes, history
# payloads once their execution leaves) would stay as a noncurrent version for ever: those expire a day after.
resource "aws_s3_bucket_lifecycle_configuration" "data" {
  bucket = aws_s3_bucket.bucket["data"].id

  dynamic "rule" {
    for_each = { sleeping = "hibernated/executions/", history = "history/" }
    content {
      id     = "sluice-${rule.key}-noncurrent"
      status = "Enabled"
      filter {
        prefix = rule.value
      }
      noncurrent_version_expiration {
        noncurrent_days = 1
      }
      expiration {
        expired_object_delete_marker = true
      }
    }
  }

  depends_on = [aws_s3_bucket_versioning.bucket]
}

resource "aws_s3_bucket_policy" "bucket" {
  for_each = aws_s3_bucket.bucket

  bucket = each.value.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "DenyInsecureTransport"
      Effect    = "Deny"
      Principal = "*"
      Action    = "s3:*"
      Resource  = [each.value.arn, "${each.value.arn}/*"]
      Condition = { Bool = { "aws:SecureTransport" = "false" } }
    }]
  })
  depends_on = [aws_s3_bucket_public_access_block.bucket]
}

# Every ObjectCreated, Sluice's own objects too (archive/, hibernated/, history/): S3 filters take prefixes, they cannot
# leave one out, so object-trigger ignores those (triggers SluiceObjects).
resource "aws_s3_bucket_notification" "data" {
  bucket = aws_s3_bucket.bucket["data"].id

  queue {
    queue_arn = aws_sqs_queue.queue["object-created"].arn
    events    = ["s3:ObjectCreated:*"]
  }

  depends_on = [aws_sqs_queue_policy.queue]
}

# write-status rows, dependency-check's reads and the index the HTTP API lists archived runs by:
# the layout of adapters/aws StatusTable (executionId; by-pipeline and by-pipeline-partition
# ordered by startOrder).
resource "aws_dynamodb_table" "status" {
  name                        = local.status_table
  billing_mode                = "PAY_PER_REQUEST"
  hash_key                    = "executionId"
  deletion_protection_enabled = true

  dynamic "attribute" {
    for_each = ["executionId", "pipeline", "pipelinePartition", "startOrder"]
    content {
      name = attribute.value
      type = "S"
    }
  }
  dynamic "global_secondary_index" {
    for_each = { "by-pipeline" = "pipeline", "by-pipeline-partition" = "pipelinePartition" }
    content {
      name            = global_secondary_index.key
      hash_key        = global_secondary_index.value
      range_key       = "startOrder"
      projection_type = "ALL"
    }
  }

  point_in_time_recovery {
    enabled = true
  }
  server_side_encryption {
    enabled = true
  }
  tags = local.tags
}

# The items of the dynamodb:* service integrations (getItem, putItem, updateItem, deleteItem,
# query), the layout of adapters/aws KeyValueItemsTable: hash key scope, range key sortKey.
resource "aws_dynamodb_table" "items" {
  name                        = local.item_table
  billing_mode                = "PAY_PER_REQUEST"
  hash_key                    = "scope"
  range_key                   = "sortKey"
  deletion_protection_enabled = true

  attribute {
    name = "scope"
    type = "S"
  }
  attribute {
    name = "sortKey"
    type = "S"
  }

  point_in_time_recovery {
    enabled = true
  }
  server_side_encryption {
    enabled = true
  }
  tags = local.tags
}

# The Redis password: made by Secrets Manager once, kept (ignore_changes) afterwards. Redis
# takes it as a plain argument, so it is in the Terraform state too: keep the state encrypted.
data "aws_secretsmanager_random_password" "redis" {
  password_length     = 48
  exclude_punctuation = true
}

resource "aws_secretsmanager_secret" "redis_auth" {
  name                    = local.redis_secret
  description             = "Password of the Sluice ${var.name} Redis (read by the functions through SLUICE_REDIS_AUTH_SECRET_ARN)"
  recovery_window_in_days = 7
  tags                    = local.tags
}

resource "aws_secretsmanager_secret_version" "redis_auth" {
  secret_id     = aws_secretsmanager_secret.redis_auth.id
  secret_string = data.aws_secretsmanager_random_password.redis.random_password

  lifecycle {
    ignore_changes = [secret_string]
  }
}

# Alerts: CloudWatch alarms publish to an encrypted topic only through a customer managed key
# whose policy lets CloudWatch use it; the publishing functions' roles are named there too.
resource "aws_kms_key" "alerts" {
  description         = "Sluice ${var.name} alert topic"
  enable_key_rotation = true
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      {
        Sid       = "AccountAdministers"
        Effect    = "Allow"
        Principal = { AWS = "arn:${local.partition}:iam::${local.account}:root" }
        Action    = "kms:*"
        Resource  = "*"
      },
      {
        Sid       = "CloudWatchAlarms"
        Effect    = "Allow"
        Principal = { Service = "cloudwatch.amazonaws.com" }
        Action    = ["kms:Decrypt", "kms:GenerateDataKey*"]
        Resource  = "*"
      },
      {
        Sid       = "PublishingFunctions"
        Effect    = "Allow"
        Principal = { AWS = [for f in local.alerting : local.role_arn[f]] }
        Action    = ["kms:Decrypt", "kms:GenerateDataKey*"]
        Resource  = "*"
        Condition = { StringEquals = { "kms:ViaService" = "sns.${local.region}.amazonaws.com" } }
      },
    ]
  })
  tags = local.tags

  depends_on = [aws_iam_role.function] # KMS refuses principals that do not exist yet
}

resource "aws_kms_alias" "alerts" {
  name          = "alias/${var.name}-alerts"
  target_key_id = aws_kms_key.alerts.key_id
}

resource "aws_sns_topic" "alerts" {
  name              = local.alert_topic
  kms_master_key_id = aws_kms_key.alerts.arn
  tags              = local.tags
}

resource "aws_sns_topic_subscription" "email" {
  count = var.alert_email == null ? 0 : 1

  topic_arn = aws_sns_topic.alerts.arn
  protocol  = "email"
  endpoint  = var.alert_email
}
