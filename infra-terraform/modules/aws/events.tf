# The execution events (var.execution_events): a bus of their own, which the events function puts each
# transition's CloudEvent on (source io.sluice, detail-type io.sluice.execution.<kind>, detail the CloudEvent);
# subscribers add their own rules on it.
resource "aws_cloudwatch_event_bus" "executions" {
  count = var.execution_events ? 1 : 0

  name = local.event_bus
  tags = local.tags
}
