#!/usr/bin/env python3
"""Least-privilege check over `terraform show -json` of a real plan of an AWS root.

Plans ROOT (a copy: an override file is written into it) with the offline AWS provider and fake
credentials. The only AWS calls a plan of the module makes are two data sources
(GetCallerIdentity, GetRandomPassword); they go to a stub on 127.0.0.1, and a proxy set to a closed
loopback port catches anything else, so nothing leaves the machine.

Then, for every function's role, every statement must name only that function's own resources:
the queues it consumes (read from the event source mappings in the plan), the queues SENDS below
allows, its own log group, the deployment's Redis secret, and, for task-worker alone, the data
bucket, the status table, the integrations' item table, the pipeline secrets, the Glue jobs, the
warehouse and the topics, queues, buses and buckets the module's `integrations` input declares;
schedule-tick may write the execution archive and status rows, http-api read both; the functions that
move or read executions (SLEEPING) may get, put, delete and list their sleeping objects (hibernated/ in the
data bucket) and no other part of it. Every ARN must
exist in the plan (or be an input such as the warehouse), belong to the plan's account and region,
and no statement may use "*" unless its actions have no resource type. The alert topic's key may be
used by CloudWatch and, through SNS only, by exactly the roles of the functions that raise alerts;
every function has an alarm on its Errors and one on its Throttles.

usage: aws_policy_check.py ROOT ARTIFACT [terraform]
"""
import fnmatch
import http.server
import json
import os
import re
import subprocess
import sys
import threading

ACCOUNT, REGION = "123456789012", "eu-west-1"

# Which queues (logical names, after "<name>-") each function may send to. "task-*" is every
# task queue. Written out here on purpose, apart from the module's locals: this is the review.
SENDS = {
    "orchestrator": ["orchestrator", "events", "task-*", "delayed"],
    "task-worker": ["orchestrator", "events", "task-*", "delayed"],
    "events": ["orchestrator", "events", "delayed"],
    "dlq-handler": ["orchestrator"],
    "delayed-forwarder": ["orchestrator", "events", "task-*"],
    "schedule-tick": ["orchestrator", "events", "task-*", "delayed"],
    "scheduled-start": ["orchestrator", "events"],
    "object-trigger": ["orchestrator", "events"],
    "glue-job-state": ["orchestrator", "task-glue-launch"],
    "http-api": ["orchestrator", "events", "delayed"],
}
# ("delayed" is the one standard queue every FIFO queue's delayed messages wait in, naming the queue they are for.)
# (the "events" sends of task-worker, events, scheduled-start, object-trigger and http-api: with execution_events,
# a start's commit carries its started event, and a held task its blocked and released ones)
# The functions whose waiting executions sleep in the data bucket's hibernated/ (every one that moves or reads executions).
SLEEPING = {"orchestrator", "task-worker", "events", "dlq-handler", "schedule-tick", "scheduled-start", "object-trigger", "http-api"}
ALERTING = {"orchestrator", "events", "dlq-handler", "task-worker", "schedule-tick", "scheduled-start", "glue-job-state"}
# Actions that have no resource type: only these may use "*".
NO_RESOURCE_TYPE = {"ec2:DescribeNetworkInterfaces", "ec2:DescribeSubnets", "redshift-data:DescribeStatement",
                    "redshift-data:GetStatementResult", "redshift-data:CancelStatement"}
SQS_RECEIVE = {"sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:ChangeMessageVisibility"}


class Stub(http.server.BaseHTTPRequestHandler):
    unexpected = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        target = self.headers.get("X-Amz-Target", "")
        if "Action=GetCallerIdentity" in body:
            self.answer("text/xml", f"""<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
<GetCallerIdentityResult><Arn>arn:aws:iam::{ACCOUNT}:user/plan</Arn><UserId>AIDAPLAN</UserId><Account>{ACCOUNT}</Account></GetCallerIdentityResult>
<ResponseMetadata><RequestId>00000000-0000-0000-0000-000000000000</RequestId></ResponseMetadata></GetCallerIdentityResponse>""")
        elif target == "secretsmanager.GetRandomPassword":
            self.answer("application/x-amz-json-1.1", json.dumps({"RandomPassword": "p" * 48}))
        else:
            Stub.unexpected.append(target or body[:80])
            self.send_response(400)
            self.end_headers()

    def answer(self, content_type, text):
        data = text.encode()
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def plan(root, artifact, terraform):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Stub)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    endpoint = f"http://127.0.0.1:{server.server_address[1]}"
    with open(os.path.join(root, "zz_policy_check_override.tf"), "w") as f:
        f.write(f"""provider "aws" {{
  region                      = "{REGION}"
  access_key                  = "plan-only"
  secret_key                  = "plan-only"
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
  skip_region_validation      = true
  endpoints {{
    sts            = "{endpoint}"
    secretsmanager = "{endpoint}"
  }}
}}
""")
    env = dict(os.environ, HTTPS_PROXY="http://127.0.0.1:9", HTTP_PROXY="http://127.0.0.1:9", NO_PROXY="127.0.0.1",
               AWS_EC2_METADATA_DISABLED="true", AWS_CONFIG_FILE="/dev/null", AWS_SHARED_CREDENTIALS_FILE="/dev/null")
    env.pop("AWS_PROFILE", None)
    args = [terraform, "plan", "-refresh=false", "-input=false", "-lock=false", "-no-color", "-out=policy.tfplan"]
    if artifact:
        args.append(f"-var=artifact_path={artifact}")
    try:
        run = subprocess.run(args, cwd=root, env=env, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"terraform plan failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
        shown = subprocess.run([terraform, "show", "-json", "policy.tfplan"], cwd=root, env=env, capture_output=True, text=True, check=True)
    finally:
        server.shutdown()
    if Stub.unexpected:
        sys.exit(f"the plan made AWS calls the check does not expect: {Stub.unexpected}")
    return json.loads(shown.stdout)


def resources(module):
    for r in module.get("resources", []):
        yield r
    for child in module.get("child_modules", []):
        yield from resources(child)


def check(doc):
    planned = [r for r in resources(doc["planned_values"]["root_module"]) if r["mode"] == "managed"]
    by_type = {}
    for r in planned:
        by_type.setdefault(r["type"], []).append(r)
    functions = {r["values"]["function_name"]: r for r in by_type.get("aws_lambda_function", [])}
    if not functions:
        return ["the plan has no Lambda functions"]
    name = os.path.commonprefix(sorted(functions)).rstrip("-")
    sluice = {fn[len(name) + 1:] for fn in functions}
    unknown = sluice - set(SENDS)
    problems = [f"function {f} is not in the check's table: review its permissions and add it" for f in sorted(unknown)]

    arn = lambda service, rest: f"arn:aws:{service}:{REGION}:{ACCOUNT}:{rest}"
    queues = {q["values"]["name"] for q in by_type.get("aws_sqs_queue", [])}
    consumes = {}
    for m in by_type.get("aws_lambda_event_source_mapping", []):
        fn = m["values"].get("function_name")
        match = re.fullmatch(re.escape(arn("lambda", f"function:{name}-")) + r"(.+):live", fn or "")
        if not match:
            problems.append(f"event source mapping of {m['values']['event_source_arn']} does not call a live alias: {fn}")
            continue
        consumes.setdefault(match.group(1), set()).add((m["values"].get("event_source_arn") or ":?").rsplit(":", 1)[1])
    buckets = {b["values"]["bucket"] for b in by_type.get("aws_s3_bucket", [])}
    data_bucket = f"{name}-data-{ACCOUNT}-{REGION}"
    tables = {t["values"]["name"] for t in by_type.get("aws_dynamodb_table", [])}
    topics = {t["values"]["name"] for t in by_type.get("aws_sns_topic", [])}
    event_buses = {b["values"]["name"] for b in by_type.get("aws_cloudwatch_event_bus", [])}
    secrets = {s["values"]["name"] for s in by_type.get("aws_secretsmanager_secret", [])}
    logs = {g["values"]["name"] for g in by_type.get("aws_cloudwatch_log_group", [])}
    groups = {g["values"]["name"] for g in by_type.get("aws_scheduler_schedule_group", [])}
    scheduler_role = f"arn:aws:iam::{ACCOUNT}:role/{name}-scheduler"
    inputs = doc.get("variables", {})

    def queue_allowed(fn, queue):
        if not queue.startswith(name + "-"):
            return False
        logical = queue[len(name) + 1:].removesuffix(".fifo")
        return any(fnmatch.fnmatchcase(logical, p) for p in SENDS.get(fn, []))

    integrations = find_module_input(doc, "integrations") or {}
    declared = lambda kind: set(integrations.get(kind) or [])
    item_table = f"{name}-items"
    archive = f"arn:aws:s3:::{data_bucket}/archive/executions/*"
    hibernated = f"arn:aws:s3:::{data_bucket}/hibernated/*"

    def allowed(fn, action, resource, statement):
        """None when fine, else why not."""
        service = action.split(":")[0]
        # Service integrations run in task-worker alone, on what var.integrations names.
        if fn == "task-worker" and action in {"sqs:SendMessage", "sqs:GetQueueUrl"} and resource.removeprefix(arn("sqs", "")) in declared("queues"):
            return None
        if fn == "task-worker" and action == "sns:Publish" and resource.removeprefix(arn("sns", "")) in declared("topics"):
            return None
        if service == "events":
            bus = resource.removeprefix(arn("events", "event-bus/"))
            if fn == "task-worker" and action == "events:PutEvents" and bus in declared("buses"):
                return None
            # the execution events: the events function puts them on the deployment's own bus
            if fn == "events" and action == "events:PutEvents" and bus == f"{name}-executions" and bus in event_buses:
                return None
            return "an event bus that is not declared for it"
        if resource == "*":
            if action not in NO_RESOURCE_TYPE:
                return "'*' for an action that takes a specific ARN"
            if service == "redshift-data" and "statement-owner-iam-userid" not in json.dumps(statement.get("Condition", {})):
                return "statement reads not limited to the role's own statements"
            return None
        if service == "sqs":
            queue = resource.removeprefix(arn("sqs", ""))
            if queue == resource or queue not in queues:
                return "not a queue of this deployment"
            if action in SQS_RECEIVE and queue not in consumes.get(fn, set()):
                return "receives from a queue it does not consume"
            if action == "sqs:SendMessage" and not queue_allowed(fn, queue):
                return "sends to a queue the table does not give it"
            return None
        if service == "logs":
            group = resource.removeprefix(arn("logs", "log-group:")).removesuffix(":*")
            return None if group == f"/aws/lambda/{name}-{fn}" and group in logs else "not its own log group"
        if service == "secretsmanager":
            if resource == arn("secretsmanager", f"secret:{name}/redis-auth-??????") and f"{name}/redis-auth" in secrets:
                return None
            if fn == "task-worker" and resource == arn("secretsmanager", f"secret:{name}/pipelines/*"):
                return None
            warehouse = (inputs.get("warehouse") or {}).get("value")
            if fn == "task-worker" and warehouse is None:
                warehouse = find_module_input(doc, "warehouse")
            if fn == "task-worker" and warehouse and resource == warehouse.get("secret_arn"):
                return None
            return "a secret that is not its own"
        if service == "sns":
            return None if fn in ALERTING and resource.removeprefix(arn("sns", "")) in topics else "not the alert topic"
        if service == "s3":
            bucket = resource.removeprefix("arn:aws:s3:::").split("/")[0]
            if fn == "task-worker" and (bucket == data_bucket and bucket in buckets or bucket in declared("buckets")):
                return None
            # the retention reaper writes the archive, the HTTP API reads it; nothing else of the bucket
            if fn == "schedule-tick" and action == "s3:PutObject" and resource == archive:
                return None
            if fn == "http-api" and action == "s3:GetObject" and resource == archive:
                return None
            if fn == "http-api" and action == "s3:ListBucket" and resource == f"arn:aws:s3:::{data_bucket}" and \
                    statement.get("Condition", {}).get("StringLike", {}).get("s3:prefix") == ["archive/executions/*"]:
                return None
            # waiting executions sleep under hibernated/: the functions that move or read executions keep them there
            if fn in SLEEPING and action in {"s3:GetObject", "s3:PutObject", "s3:DeleteObject"} and resource == hibernated:
                return None
            if fn in SLEEPING and action == "s3:ListBucket" and resource == f"arn:aws:s3:::{data_bucket}" and \
                    statement.get("Condition", {}).get("StringLike", {}).get("s3:prefix") == ["hibernated/*"]:
                return None
            return "a bucket (or part of one) that is not its own"
        if service == "dynamodb":
            table = resource.removeprefix(arn("dynamodb", "table/")).split("/")[0]
            # dynamodb:* of the platform's pipelines: task-worker reads and writes the tables var.integrations declares
            if fn == "task-worker" and table in set((integrations.get("tables") or {}).keys()) and "/" not in resource.removeprefix(arn("dynamodb", "table/")) \
                    and action in {"dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:Query"}:
                return None
            if table not in tables:
                return "a table the plan does not create"
            if table == item_table:
                return None if fn == "task-worker" and action in {"dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query"} else "the integrations' item table"
            if fn == "task-worker":
                return None
            if fn == "schedule-tick" and action in {"dynamodb:GetItem", "dynamodb:UpdateItem"} and "/" not in resource.removeprefix(arn("dynamodb", "table/")):
                return None
            if fn == "http-api" and action in {"dynamodb:GetItem", "dynamodb:Query"}:
                return None
            return "a table that is not its own"
        if service == "glue":
            jobs = set()
            for p in (find_module_input(doc, "pipelines") or {}).values():
                jobs.update(p.get("glue_jobs") or [])
            job = resource.removeprefix(arn("glue", "job/"))
            return None if fn == "task-worker" and job in jobs else "a Glue job no pipeline declares"
        if service == "redshift-data":
            warehouse = find_module_input(doc, "warehouse") or {}
            expected = warehouse.get("workgroup_arn") or arn("redshift", f"cluster:{warehouse.get('cluster_identifier')}")
            return None if fn == "task-worker" and resource == expected else "not the configured warehouse"
        if service == "scheduler":
            in_group = any(resource == arn("scheduler", f"schedule/{g}/*") for g in groups)
            if fn == "scheduled-start":  # reads the schedule a fire names, nothing else
                return None if in_group and action == "scheduler:GetSchedule" else "more than reading the schedules of its group"
            return None if fn == "orchestrator" and in_group else "schedules outside its group"
        if service == "iam" and action == "iam:PassRole":
            passed = statement.get("Condition", {}).get("StringEquals", {}).get("iam:PassedToService")
            return None if fn == "orchestrator" and resource == scheduler_role and passed == "scheduler.amazonaws.com" else "passes a role it should not"
        if service == "ec2":
            ok = resource in {arn("ec2", "network-interface/*"), arn("ec2", "security-group/*"), arn("ec2", "subnet/*")}
            return None if ok and action.startswith(("ec2:CreateNetworkInterface", "ec2:DeleteNetworkInterface", "ec2:AssignPrivate", "ec2:UnassignPrivate")) else "network permissions beyond its interfaces"
        return f"an action the check does not know ({action}): review it and teach the check"

    summary = {}
    for p in by_type.get("aws_iam_role_policy", []):
        fn = p.get("index")
        if fn not in sluice:
            continue  # the scheduler's role: checked by terraform test
        if p["values"].get("policy") is None:
            problems.append(f"{fn}: policy {p['values'].get('name')} is not known at plan time, so it cannot be reviewed")
            continue
        for s in json.loads(p["values"]["policy"])["Statement"]:
            if s.get("Effect") != "Allow":
                continue
            for action in [s["Action"]] if isinstance(s["Action"], str) else s["Action"]:
                if action == "*" or action.endswith(":*"):
                    problems.append(f"{fn}: wildcard action {action}")
                    continue
                for resource in [s["Resource"]] if isinstance(s["Resource"], str) else s["Resource"]:
                    why = allowed(fn, action, resource, s)
                    if why:
                        problems.append(f"{fn}: {action} on {resource}: {why}")
                    else:
                        summary.setdefault(fn, set()).add(resource)
        # Lambda polls with the role: the role must reach every queue the function consumes.
    for fn, qs in consumes.items():
        granted = summary.get(fn, set())
        for q in sorted(qs):
            if arn("sqs", q) not in granted:
                problems.append(f"{fn}: consumes {q} but its role cannot receive from it")
    for fn in sorted(sluice):
        if fn not in summary:
            problems.append(f"{fn}: no role policy found")
    problems += alerts(by_type, name, sluice)
    return problems, {fn: len(r) for fn, r in summary.items()}


KEY_USE = {"kms:Decrypt", "kms:GenerateDataKey*"}


def alerts(by_type, name, sluice):
    """The alert topic's key and the alarms: who may use the key, and that every function's errors and throttles alert."""
    problems = []
    keys = [k for k in by_type.get("aws_kms_key", []) if k["values"].get("policy")]
    if len(keys) != 1:
        return [f"alert key: expected one customer managed key with a policy, found {len(keys)}"]
    roles = {f"arn:aws:iam::{ACCOUNT}:role/{name}-{fn}": fn for fn in sluice}
    users = set()
    for s in json.loads(keys[0]["values"]["policy"])["Statement"]:
        actions = {s["Action"]} if isinstance(s["Action"], str) else set(s["Action"])
        principal = s.get("Principal", {})
        if s.get("Effect") != "Allow":
            continue
        if principal == {"AWS": f"arn:aws:iam::{ACCOUNT}:root"}:
            continue  # the account administers its key (and IAM policies may then grant it)
        if principal == {"Service": "cloudwatch.amazonaws.com"}:
            if not actions <= KEY_USE:
                problems.append(f"alert key: cloudwatch.amazonaws.com may {sorted(actions - KEY_USE)}, more than alarm actions need")
            continue
        aws = principal.get("AWS")
        for who in [aws] if isinstance(aws, str) else (aws or ["?"]):
            fn = roles.get(who)
            via = s.get("Condition", {}).get("StringEquals", {}).get("kms:ViaService")
            if fn is None or fn not in ALERTING:
                problems.append(f"alert key: {who} may use it but does not raise alerts")
            elif not actions <= KEY_USE or via != f"sns.{REGION}.amazonaws.com":
                problems.append(f"alert key: {who} may {sorted(actions)} other than through SNS")
            else:
                users.add(fn)
        if "AWS" not in principal and principal != {"Service": "cloudwatch.amazonaws.com"}:
            problems.append(f"alert key: {principal} may use it")
    for fn in sorted(ALERTING & sluice - users):
        problems.append(f"alert key: {fn} publishes alerts but the key's policy does not let it encrypt them")
    alarms = {(a["values"].get("namespace"), a["values"].get("metric_name"), (a["values"].get("dimensions") or {}).get("FunctionName"))
              for a in by_type.get("aws_cloudwatch_metric_alarm", [])}
    for fn in sorted(sluice):
        for metric in ("Errors", "Throttles"):
            if ("AWS/Lambda", metric, f"{name}-{fn}") not in alarms:
                problems.append(f"alarms: {fn} has no alarm on its {metric}")
    return problems


def find_module_input(doc, variable):
    """A module call's literal argument, from the configuration section of the plan."""
    def walk(module):
        for call in module.get("module_calls", {}).values():
            expr = call.get("expressions", {}).get(variable)
            if expr and "constant_value" in expr:
                return expr["constant_value"]
            found = walk(call.get("module", {}))
            if found is not None:
                return found
        return None
    return walk(doc.get("configuration", {}).get("root_module", {}))


def planted(doc):
    """Copies of the plan, each with one over-grant planted in a role policy: the check must report every one."""
    name = os.path.commonprefix(sorted(r["values"]["function_name"] for r in resources(doc["planned_values"]["root_module"])
                                       if r["type"] == "aws_lambda_function")).rstrip("-")
    data = f"arn:aws:s3:::{name}-data-{ACCOUNT}-{REGION}"
    grants = [
        ("orchestrator", "s3:GetObject", f"{data}/*"),
        ("glue-job-state", "s3:PutObject", f"{data}/hibernated/*"),
        ("http-api", "s3:PutObject", f"{data}/archive/executions/*"),
        ("schedule-tick", "s3:GetObject", f"{data}/configs/*"),
        ("http-api", "dynamodb:PutItem", f"arn:aws:dynamodb:{REGION}:{ACCOUNT}:table/{name}-items"),
        ("events", "sns:Publish", f"arn:aws:sns:{REGION}:{ACCOUNT}:orders-done"),
        ("orchestrator", "events:PutEvents", f"arn:aws:events:{REGION}:{ACCOUNT}:event-bus/analytics"),
        ("events", "events:PutEvents", f"arn:aws:events:{REGION}:{ACCOUNT}:event-bus/analytics"),
        ("orchestrator", "events:PutEvents", f"arn:aws:events:{REGION}:{ACCOUNT}:event-bus/{name}-executions"),
        ("task-worker", "sqs:SendMessage", f"arn:aws:sqs:{REGION}:{ACCOUNT}:someone-elses-queue"),
        ("task-worker", "sqs:SendMessage", "*"),
        ("http-api", "dynamodb:GetItem", f"arn:aws:dynamodb:{REGION}:{ACCOUNT}:table/orders"),
        ("task-worker", "dynamodb:DeleteTable", f"arn:aws:dynamodb:{REGION}:{ACCOUNT}:table/orders"),
        ("scheduled-start", "scheduler:UpdateSchedule", f"arn:aws:scheduler:{REGION}:{ACCOUNT}:schedule/{name}/*"),
    ]
    for what, change in [(f"alert key: arn:aws:iam::{ACCOUNT}:role/{name}-http-api may use it", planted_key_user),
                         ("alarms: task-worker has no alarm on its Throttles", planted_missing_alarm)]:
        copy = json.loads(json.dumps(doc))
        change(copy, name)
        yield what, copy
    for fn, action, resource in grants:
        copy = json.loads(json.dumps(doc))
        for r in resources(copy["planned_values"]["root_module"]):
            if r["type"] == "aws_iam_role_policy" and r.get("index") == fn and r["values"]["name"] == f"sluice-{fn}":
                policy = json.loads(r["values"]["policy"])
                policy["Statement"].append({"Sid": "Planted", "Effect": "Allow", "Action": [action], "Resource": [resource]})
                r["values"]["policy"] = json.dumps(policy)
        yield f"{fn}: {action} on {resource}", copy


def planted_key_user(doc, name):
    for r in resources(doc["planned_values"]["root_module"]):
        if r["type"] == "aws_kms_key" and r["values"].get("policy"):
            policy = json.loads(r["values"]["policy"])
            policy["Statement"].append({"Sid": "Planted", "Effect": "Allow", "Action": ["kms:Decrypt"], "Resource": "*",
                                        "Principal": {"AWS": f"arn:aws:iam::{ACCOUNT}:role/{name}-http-api"}})
            r["values"]["policy"] = json.dumps(policy)


def planted_missing_alarm(doc, name):
    module = doc["planned_values"]["root_module"]
    def drop(m):
        m["resources"] = [r for r in m.get("resources", []) if not (r["type"] == "aws_cloudwatch_metric_alarm"
                          and (r["values"].get("dimensions") or {}).get("FunctionName") == f"{name}-task-worker"
                          and r["values"].get("metric_name") == "Throttles")]
        for child in m.get("child_modules", []):
            drop(child)
    drop(module)


def main():
    root, artifact = sys.argv[1], sys.argv[2]
    terraform = sys.argv[3] if len(sys.argv) > 3 else "terraform"
    doc = plan(root, artifact, terraform)
    missed = []
    count = 0
    for what, copy in planted(doc):
        count += 1
        result = check(copy)
        found = result if isinstance(result, list) else result[0]
        if not any(p.startswith(what) for p in found):
            missed.append(what)
    if missed:
        print(f"the check does not report planted over-grants: {missed}")
        sys.exit(1)
    result = check(doc)
    if isinstance(result, list):
        problems, counts = result, {}
    else:
        problems, counts = result
    for p in problems:
        print(f"  {p}")
    if problems:
        print(f"{len(problems)} permission(s) name resources that are not the function's own")
        sys.exit(1)
    print(f"{len(counts)} roles, each naming only its own resources ({sum(counts.values())} resource grants); {count} planted over-grants reported")


if __name__ == "__main__":
    main()
