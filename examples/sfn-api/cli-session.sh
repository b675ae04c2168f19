#!/usr/bin/env bash
# A session with the AWS CLI against Sluice's Step Functions API: create a machine, start it, wait for its task,
# read the history, answer the task token with a failure, redrive the failed execution, answer the new token,
# call TestState, and be an activity worker (create an activity, run a machine whose Task is that activity, take its
# task with get-activity-task, answer it). The commands are those one would type against AWS; only --endpoint-url differs.
#
#   ./sluice serve &                      # prints "Step Functions API on http://127.0.0.1:8083"
#   examples/sfn-api/cli-session.sh [http://127.0.0.1:8083]
#
# It ends with one JSON line: {"execution": ARN, "status": "SUCCEEDED", "redriveCount": 1, "events": N, "testState": {...},
# "activity": {"status": "SUCCEEDED", "input": {...}, "output": {...}}}.
set -euo pipefail

ENDPOINT=${1:-${SFN_ENDPOINT:-http://127.0.0.1:8083}}
HERE=$(cd "$(dirname "$0")" && pwd)
NAME=${SFN_MACHINE:-cli-approval}
ROLE=arn:aws:iam::123456789012:role/sluice-example

# Dummy credentials and no profile of the user's: Sluice in local mode accepts any key (the CLI signs every request).
export AWS_ACCESS_KEY_ID=${AWS_ACCESS_KEY_ID:-sluice-local} AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY:-sluice-local}
export AWS_DEFAULT_REGION=${AWS_DEFAULT_REGION:-us-east-1} AWS_CONFIG_FILE=${AWS_CONFIG_FILE:-/dev/null}
export AWS_SHARED_CREDENTIALS_FILE=${AWS_SHARED_CREDENTIALS_FILE:-/dev/null} AWS_PAGER=""
# StartSyncExecution and TestState go to sync-<host> unless told not to; with an endpoint URL that host does not exist.
export AWS_DISABLE_HOST_PREFIX_INJECTION=true

sfn() { aws stepfunctions --endpoint-url "$ENDPOINT" --output json "$@"; }
say() { echo "cli-session: $*" >&2; }

# Polls until the execution's status is $2 (30 s at most).
wait_status() {
  local status=""
  for _ in $(seq 1 150); do
    status=$(sfn describe-execution --execution-arn "$1" --query status --output text)
    [ "$status" = "$2" ] && return 0
    sleep 0.2
  done
  say "execution $1 is $status, not $2, after 30 s"; return 1
}

# Prints the task token the execution waits for now: the last TaskScheduled event's parameters carry it.
waiting_token() {
  local params=""
  for _ in $(seq 1 150); do
    params=$(sfn get-execution-history --execution-arn "$1" --reverse-order \
      --query "events[?type=='TaskScheduled'] | [0].taskScheduledEventDetails.parameters" --output text)
    if [ "$params" != "None" ] && [ -n "$params" ]; then
      local token
      token=$(jq -r '.Payload.token' <<<"$params")
      if [ "$token" != "${2:-}" ]; then echo "$token"; return 0; fi
    fi
    sleep 0.2
  done
  say "execution $1 waits for no new task after 30 s"; return 1
}

MACHINE=$(sfn create-state-machine --name "$NAME" --definition "file://$HERE/approval.asl.json" --role-arn "$ROLE" \
  --query stateMachineArn --output text)
say "state machine $MACHINE"
sfn list-state-machines --query "stateMachines[?name=='$NAME'].stateMachineArn" --output text >&2

EXECUTION=$(sfn start-execution --state-machine-arn "$MACHINE" --name "order-42-$$" --input '{"order": 42}' \
  --query executionArn --output text)
say "started $EXECUTION"

TOKEN=$(waiting_token "$EXECUTION")
sfn get-execution-history --execution-arn "$EXECUTION" --query 'events[].[id, previousEventId, type]' --output text >&2
sfn send-task-heartbeat --task-token "$TOKEN"
sfn send-task-failure --task-token "$TOKEN" --error Approval.Rejected --cause "the approver said no"
wait_status "$EXECUTION" FAILED
say "failed: $(sfn describe-execution --execution-arn "$EXECUTION" --query '[error, cause, redriveStatus]' --output text)"

sfn redrive-execution --execution-arn "$EXECUTION" >&2
SECOND=$(waiting_token "$EXECUTION" "$TOKEN")
sfn send-task-success --task-token "$SECOND" --task-output '{"approved": true, "by": "cli-session"}'
wait_status "$EXECUTION" SUCCEEDED
DESCRIBED=$(sfn describe-execution --execution-arn "$EXECUTION")
sfn get-execution-history --execution-arn "$EXECUTION" --query 'events[].[id, previousEventId, type]' --output text >&2
EVENTS=$(sfn get-execution-history --execution-arn "$EXECUTION" --query 'length(events)' --output text)
say "succeeded after $(jq .redriveCount <<<"$DESCRIBED") redrive(s): $(jq -r .output <<<"$DESCRIBED")"

TESTED=$(sfn test-state --role-arn "$ROLE" --inspection-level DEBUG --input '{"order": 42, "amount": 120}' --definition \
  '{"Type": "Choice", "Choices": [{"Variable": "$.amount", "NumericGreaterThan": 100, "Next": "NeedsApproval"}], "Default": "AutoApprove"}')
say "TestState: $(jq -c . <<<"$TESTED")"

sfn delete-state-machine --state-machine-arn "$MACHINE"

# An activity worker: the machine's Task names the activity, the worker long-polls for its task (up to 60 s, as on
# AWS; the CLI's read timeout is raised above that), does the work and answers with the task token.
ACTIVITY=$(sfn create-activity --name "$NAME-packing" --query activityArn --output text)
say "activity $ACTIVITY"
WORKED=$(sfn create-state-machine --name "$NAME-packing" --role-arn "$ROLE" --query stateMachineArn --output text --definition \
  "{\"StartAt\": \"Pack\", \"States\": {\"Pack\": {\"Type\": \"Task\", \"Resource\": \"$ACTIVITY\",
    \"Parameters\": {\"order.$\": \"$.order\"}, \"TimeoutSeconds\": 120, \"HeartbeatSeconds\": 60, \"End\": true}}}")
PACKING=$(sfn start-execution --state-machine-arn "$WORKED" --name "pack-42-$$" --input '{"order": 42, "note": "fragile"}' \
  --query executionArn --output text)
TASK=$(sfn get-activity-task --activity-arn "$ACTIVITY" --worker-name cli-session-worker --cli-read-timeout 70)
[ "$(jq -r '.taskToken // empty' <<<"$TASK")" != "" ] || { say "get-activity-task handed out no task: $TASK"; exit 1; }
say "worker got $(jq -r .input <<<"$TASK")"
sfn send-task-heartbeat --task-token "$(jq -r .taskToken <<<"$TASK")"
sfn send-task-success --task-token "$(jq -r .taskToken <<<"$TASK")" --task-output '{"packed": 42, "by": "cli-session-worker"}'
wait_status "$PACKING" SUCCEEDED
PACKED=$(sfn describe-execution --execution-arn "$PACKING")
sfn list-activities --query "activities[].name" --output text >&2
sfn delete-state-machine --state-machine-arn "$WORKED"
sfn delete-activity --activity-arn "$ACTIVITY"

jq -cn --arg execution "$EXECUTION" --argjson described "$DESCRIBED" --argjson events "$EVENTS" --argjson tested "$TESTED" \
  --argjson task "$TASK" --argjson packed "$PACKED" \
  '{execution: $execution, status: $described.status, redriveCount: $described.redriveCount,
    output: ($described.output | fromjson), events: $events, testState: {status: $tested.status, nextState: $tested.nextState},
    activity: {status: $packed.status, input: ($task.input | fromjson), output: ($packed.output | fromjson)}}'
