# The smallest useful Sluice on AWS: a VPC with two private subnets (one NAT gateway for the way
# out, free gateway endpoints for S3 and DynamoDB; with vpc_endpoints, interface endpoints for the AWS
# APIs too) and the module with its defaults: MemoryDB, one priority channel, every function on SnapStart
# (no provisioned concurrency, which a new account's concurrency quota cannot hold), no scheduled pipelines yet.

locals {
  azs = ["${var.region}a", "${var.region}b"]
}

resource "aws_vpc" "sluice" {
  cidr_block           = "10.42.0.0/16"
  enable_dns_support   = true
  enable_dns_hostnames = true
  tags                 = merge(var.tags, { Name = var.name })
}

resource "aws_subnet" "private" {
  count = length(local.azs)

  vpc_id                  = aws_vpc.sluice.id
  cidr_block              = cidrsubnet(aws_vpc.sluice.cidr_block, 4, count.index)
  availability_zone       = local.azs[count.index]
  map_public_ip_on_launch = false
  tags                    = merge(var.tags, { Name = "${var.name}-private-${local.azs[count.index]}" })
}

# The NAT gateway's subnet: nothing else runs here.
resource "aws_subnet" "public" {
  vpc_id                  = aws_vpc.sluice.id
  cidr_block              = cidrsubnet(aws_vpc.sluice.cidr_block, 4, 15)
  availability_zone       = local.azs[0]
  map_public_ip_on_launch = false
  tags                    = merge(var.tags, { Name = "${var.name}-nat" })
}

resource "aws_internet_gateway" "sluice" {
  vpc_id = aws_vpc.sluice.id
  tags   = merge(var.tags, { Name = var.name })
}

resource "aws_eip" "nat" {
  domain = "vpc"
  tags   = merge(var.tags, { Name = "${var.name}-nat" })
}

resource "aws_nat_gateway" "sluice" {
  allocation_id = aws_eip.nat.id
  subnet_id     = aws_subnet.public.id
  tags          = merge(var.tags, { Name = var.name })

  depends_on = [aws_internet_gateway.sluice]
}

resource "aws_route_table" "public" {
  vpc_id = aws_vpc.sluice.id
  tags   = merge(var.tags, { Name = "${var.name}-public" })
}

resource "aws_route" "public_internet" {
  route_table_id         = aws_route_table.public.id
  destination_cidr_block = "0.0.0.0/0"
  gateway_id             = aws_internet_gateway.sluice.id
}

resource "aws_route_table_association" "public" {
  subnet_id      = aws_subnet.public.id
  route_table_id = aws_route_table.public.id
}

resource "aws_route_table" "private" {
  vpc_id = aws_vpc.sluice.id
  tags   = merge(var.tags, { Name = "${var.name}-private" })
}

resource "aws_route" "private_nat" {
  route_table_id         = aws_route_table.private.id
  destination_cidr_block = "0.0.0.0/0"
  nat_gateway_id         = aws_nat_gateway.sluice.id
}

resource "aws_route_table_association" "private" {
  count = length(aws_subnet.private)

  subnet_id      = aws_subnet.private[count.index].id
  route_table_id = aws_route_table.private.id
}

# S3 and DynamoDB traffic stays off the NAT gateway (gateway endpoints cost nothing). With vpc_endpoints the module
# makes these two itself, beside the interface endpoints.
resource "aws_vpc_endpoint" "gateway" {
  for_each = var.vpc_endpoints ? toset([]) : toset(["s3", "dynamodb"])

  vpc_id            = aws_vpc.sluice.id
  service_name      = "com.amazonaws.${var.region}.${each.key}"
  vpc_endpoint_type = "Gateway"
  route_table_ids   = [aws_route_table.private.id]
  tags              = merge(var.tags, { Name = "${var.name}-${each.key}" })
}

module "sluice" {
  source = "../../modules/aws"

  name          = var.name
  artifact_path = var.artifact_path
  network = {
    vpc_id          = aws_vpc.sluice.id
    subnet_ids      = aws_subnet.private[*].id
    endpoints       = var.vpc_endpoints
    route_table_ids = [aws_route_table.private.id]
  }
  alert_email = var.alert_email
  tags        = var.tags
  # No depends_on here: it would defer the module's data sources to apply time and leave every
  # policy unknown in the plan. The functions need the NAT route only when they run.
}
