# Redis: MemoryDB by default (durable), ElastiCache on request. TLS, a password from Secrets
# Manager, private subnets, reachable from the functions' security group only.

locals {
  memorydb   = var.redis.engine == "memorydb"
  redis_user = "${var.name}-app"
  redis_port = 6379
  # MemoryDB always runs the cluster protocol (its shards own hash slots), so the client is a cluster client; the
  # ElastiCache replication group here has cluster mode off: one primary endpoint, a single-server client.
  redis_url = local.memorydb ? (
    "rediss+cluster://${local.redis_user}@${aws_memorydb_cluster.redis[0].cluster_endpoint[0].address}:${local.redis_port}"
    ) : (
    "rediss://${aws_elasticache_replication_group.redis[0].primary_endpoint_address}:${local.redis_port}"
  )
}

resource "aws_security_group" "redis" {
  name        = "${var.name}-redis"
  description = "Sluice Redis: reachable from the Sluice functions only"
  vpc_id      = var.network.vpc_id
  tags        = local.tags
}

resource "aws_vpc_security_group_ingress_rule" "redis" {
  security_group_id            = aws_security_group.redis.id
  description                  = "Redis (TLS) from the Sluice functions"
  ip_protocol                  = "tcp"
  from_port                    = local.redis_port
  to_port                      = local.redis_port
  referenced_security_group_id = aws_security_group.function.id
}

# MemoryDB
resource "aws_memorydb_subnet_group" "redis" {
  count = local.memorydb ? 1 : 0

  name       = "${var.name}-redis"
  subnet_ids = var.network.subnet_ids
  tags       = local.tags
}

resource "aws_memorydb_user" "redis" {
  count = local.memorydb ? 1 : 0

  user_name = local.redis_user
  # Only this deployment's keys (the key prefix is the deployment's name).
  access_string = "on ~${var.name}:* &* +@all"
  authentication_mode {
    type      = "password"
    passwords = [aws_secretsmanager_secret_version.redis_auth.secret_string]
  }
  tags = local.tags

  lifecycle {
    ignore_changes = [authentication_mode]
  }
}

resource "aws_memorydb_acl" "redis" {
  count = local.memorydb ? 1 : 0

  name       = "${var.name}-redis"
  user_names = [aws_memorydb_user.redis[0].user_name]
  tags       = local.tags
}

resource "aws_memorydb_cluster" "redis" {
  count = local.memorydb ? 1 : 0

  name                     = "${var.name}-redis"
  node_type                = coalesce(var.redis.node_type, "db.t4g.small")
  num_shards               = 1 # one shard: the Sluice client talks to a single endpoint
  num_replicas_per_shard   = var.redis.replicas
  acl_name                 = aws_memorydb_acl.redis[0].name
  tls_enabled              = true
  subnet_group_name        = aws_memorydb_subnet_group.redis[0].name
  security_group_ids       = [aws_security_group.redis.id]
  port                     = local.redis_port
  snapshot_retention_limit = 7
  tags                     = local.tags
}

# ElastiCache
resource "aws_elasticache_subnet_group" "redis" {
  count = local.memorydb ? 0 : 1

  name       = "${var.name}-redis"
  subnet_ids = var.network.subnet_ids
  tags       = local.tags
}

resource "aws_elasticache_replication_group" "redis" {
  count = local.memorydb ? 0 : 1

  replication_group_id       = "${var.name}-redis"
  description                = "Sluice ${var.name} execution state"
  engine                     = "redis"
  engine_version             = "7.1"
  node_type                  = coalesce(var.redis.node_type, "cache.t4g.micro")
  num_cache_clusters         = 1 + var.redis.replicas
  automatic_failover_enabled = var.redis.replicas > 0
  multi_az_enabled           = var.redis.replicas > 0
  port                       = local.redis_port
  transit_encryption_enabled = true
  at_rest_encryption_enabled = true
  auth_token                 = aws_secretsmanager_secret_version.redis_auth.secret_string
  subnet_group_name          = aws_elasticache_subnet_group.redis[0].name
  security_group_ids         = [aws_security_group.redis.id]
  snapshot_retention_limit   = 1
  tags                       = local.tags

  lifecycle {
    ignore_changes = [auth_token]
  }
}
