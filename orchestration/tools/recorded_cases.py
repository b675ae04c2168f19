#!/usr/bin/env python3
"""Builds the AWS-recorded conformance corpus from LocalStack's Step Functions snapshot tests.

LocalStack records each of its `markers.aws.validated` tests against AWS and keeps what AWS answered in
`*.snapshot.json` (the execution histories: input, then output or error and cause). The definitions are JSON5
templates beside them, chosen (and sometimes edited) by the Python test. This script reads the three as data
(the test through `ast`, never importing or running it), keeps each test whose definition is a template taken
as it is (or with what the test fills in, transcribed in EDITS), and writes one case per test under
orchestration/src/test/resources/conformance-recorded/<category>/. A test whose only edit points a Task at the Lambda
function it created keeps its Task: the function's answers recorded on AWS stand in for it ("tasks" of each run).
Everything else is counted in SKIPPED.md with the reason. Nothing of LocalStack's code is copied or run.

Usage: recorded_cases.py <localstack checkout (its tests/aws/services/stepfunctions tree)> <commit> <out dir>
"""
import ast
import itertools
import json
import os
import re
import sys
from collections import Counter, defaultdict

from localstack_tests import EDITS, SERVICE_MARKERS, TestFile, json5, lambda_wiring, param_sets

SFN = "tests/aws/services/stepfunctions"


def runs_of(content):
    """Every execution a snapshot entry recorded: (input, terminal event) from each history, or the
    choice tests' {input, output} list."""
    found = []

    def walk(v):
        if isinstance(v, dict):
            exc = v.get("exception")
            if isinstance(exc, dict) and exc.get("exception_typename") == "InvalidDefinition" \
                    and "CreateStateMachine" in exc.get("exception_value", ""):
                found.append(("invalid", exc["exception_value"]))
                return
            ev = v.get("events")
            if isinstance(ev, list) and ev and ev[0].get("type") == "ExecutionStarted":
                found.append(("history", ev))
                return
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            if v and all(isinstance(x, dict) and set(x) == {"input", "output"} for x in v):
                found.extend(("case", x) for x in v)
                return
            for x in v:
                walk(x)

    walk(content)
    return found


# Values LocalStack's snapshot transformers put where AWS's answer held an ARN, id, time or random number.
PLACEHOLDER = re.compile(r"^<[^<>]+>$|^(timestamp|date|RandomNumberGenerated|generated-uuid)$|snf_role_arn|111111111111|arn:<|<[A-Za-z]+_\d+[a-z]*>")


TIME_PLACEHOLDER = r"timestamp|date|<timestamp>|<date>"


def unstable(value):
    if isinstance(value, dict):
        return any(unstable(k) or unstable(v) for k, v in value.items())
    if isinstance(value, list):
        return any(unstable(v) for v in value)
    return isinstance(value, str) and PLACEHOLDER.search(value) is not None


def placeholders(value):
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in placeholders(k) + placeholders(v)]
    if isinstance(value, list):
        return [p for v in value for p in placeholders(v)]
    return [value] if isinstance(value, str) and PLACEHOLDER.search(value) else []


def maybe_json(v):
    if isinstance(v, str):
        try:
            return json.loads(v)
        except ValueError:
            return v
    return v


def expectation(kind, rec):
    if kind == "invalid":
        return None, {"invalidDefinition": rec.split("Invalid State Machine Definition: ", 1)[-1].strip("'")}
    if kind == "case":
        return maybe_json(rec["input"]), {"output": maybe_json(rec["output"])}
    start, last = rec[0], rec[-1]
    inp = maybe_json(start["executionStartedEventDetails"].get("input", {}))
    t = last["type"]
    if t == "ExecutionSucceeded":
        return inp, {"output": maybe_json(last["executionSucceededEventDetails"].get("output"))}
    if t == "ExecutionFailed":
        d = last.get("executionFailedEventDetails", {})
        exp = {"error": d.get("error")}  # None: a Fail state without Error fails the execution with none
        if "cause" in d:
            # LocalStack parsed a JSON cause; AWS's text was the Lambda runtime's json.dumps, spaced as here
            exp["cause"] = d["cause"] if isinstance(d["cause"], str) else json.dumps(d["cause"])
        return inp, exp
    return inp, {"unsupported": t}


def task_script(events):
    """What each Lambda invocation answered, in the order AWS recorded them."""
    script = []
    for e in events:
        t = e["type"]
        if t == "LambdaFunctionSucceeded":
            script.append({"return": maybe_json(e["lambdaFunctionSucceededEventDetails"].get("output"))})
        elif t == "TaskSucceeded":
            out = maybe_json(e["taskSucceededEventDetails"].get("output"))
            script.append({"return": out["Payload"] if isinstance(out, dict) and "Payload" in out else out})
        elif t in ("LambdaFunctionFailed", "TaskFailed"):
            d = e.get("lambdaFunctionFailedEventDetails") or e.get("taskFailedEventDetails") or {}
            cause = d.get("cause", "")
            script.append({"throw": {"Error": d.get("error"),
                                     "Cause": cause if isinstance(cause, str) else json.dumps(cause)}})
        elif t in ("LambdaFunctionTimedOut", "TaskTimedOut", "LambdaFunctionScheduleFailed", "LambdaFunctionStartFailed",
                   "TaskSubmitFailed", "TaskStartFailed"):
            return None
    return script


def category(folder, definition, test=""):
    text = json.dumps(definition)
    if folder in ("base", "scenarios") and re.search(r"json_?path", test) and '"JSONata"' not in text:
        return "paths"
    named = {"choice_operators": "choice", "intrinsic_functions": "intrinsics", "assign": "variables",
             "query_language": "jsonata", "evaluate_jsonata": "jsonata", "arguments": "jsonata",
             "outputdecl": "jsonata", "context_object": "paths", "states_variables": "error-handling",
             "error_handling": "error-handling", "base": "states", "comments": "states"}
    if folder == "scenarios":
        if '"Type": "Map"' in text:
            return "map"
        if '"Type": "Parallel"' in text:
            return "parallel"
        if '"Retry"' in text or '"Catch"' in text:
            return "error-handling"
        return "states"
    return named.get(folder, folder)


def choice_definition(tf, fn, template_file, run_input):
    """The choice tests fill an operator (and, unless add_literal_value=False, the value) into one template."""
    for call in ast.walk(fn):
        if isinstance(call, ast.Call) and ast.unparse(call.func) == "create_and_test_comparison_function":
            op = next((a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)), None)
            op = op or next((k.value.value for k in call.keywords if k.arg == "comparison_func_name"), None)
            literal = not any(k.arg == "add_literal_value" and isinstance(k.value, ast.Constant)
                              and k.value.value is False for k in call.keywords)
            text = json.dumps(json5(open(template_file).read())).replace("%ComparisonOperatorType%", op)
            if literal:
                text = text.replace('"$.Value"', json.dumps(run_input["Value"]))
            return json.loads(text)
    return None


def main(root, commit, out):
    skipped = Counter()
    written = Counter()
    runs_total = Counter()
    skipped_runs = Counter()
    for dirpath, _, files in sorted(os.walk(os.path.join(root, SFN, "v2"))):
        for f in sorted(files):
            if not f.endswith(".snapshot.json"):
                continue
            snap_path = os.path.join(dirpath, f)
            py = os.path.relpath(snap_path, root).replace(".snapshot.json", ".py")
            folder = os.path.basename(dirpath)
            if folder == "v2" or folder in ("test_state", "local_mocking", "services", "callback", "activities",
                                             "credentials", "express", "logs", "timeouts"):
                skipped[f"{folder}: API, test-state, service integrations or callbacks, not an execution's semantics"] += 1
                continue
            snapshot = json.load(open(snap_path))
            tf = TestFile(root, py)
            by_name = defaultdict(list)
            for cls, fn, class_decos in tf.tests():
                by_name[fn.name].append((cls, fn, class_decos))
            for key, entry in snapshot.items():
                test = key.split("::")[-1]
                name, _, param = test.partition("[")
                param = param[:-1] if param else ""
                cands = by_name.get(name, [])
                if not cands:
                    skipped[f"{folder}: snapshot of a test no longer in the file"] += 1
                    continue
                same_class = [c for c in cands if c[0] == key.split("::")[-2]]
                if not same_class and "::" in key.split(".py::", 1)[1]:
                    skipped[f"{folder}: snapshot under an older class name (a duplicate of a current one)"] += 1
                    continue
                cls, fn, class_decos = (same_class or cands)[0]
                decos = class_decos + " " + " ".join(ast.unparse(d) for d in fn.decorator_list)
                if "markers.aws.validated" not in decos:
                    skipped[f"{folder}: not marked aws.validated (LocalStack-only or unvalidated)"] += 1
                    continue
                body = "\n".join(ast.unparse(stmt) for stmt in fn.body)
                service = next((why for m, why in SERVICE_MARKERS if re.search(m, body)), None)
                wiring = None
                if service == "needs a Lambda function" and name not in EDITS:
                    wiring = lambda_wiring(tf, fn)
                    if wiring is not None:
                        service = None
                if service:
                    skipped[f"{folder}: {service}"] += 1
                    continue
                sets = param_sets(fn)
                if sets is None:
                    skipped[f"{folder}: parameters computed in Python"] += 1
                    continue
                chosen = None
                for combo in itertools.product(*sets):
                    if "-".join(c[0] for c in combo) == param:
                        chosen = combo
                        break
                if param and chosen is None:
                    skipped[f"{folder}: parameter id not resolved"] += 1
                    continue
                files = set()
                for _, _, v in chosen or ():
                    files |= tf.template(v)
                params = {c[1]: tf.literal(c[2]) for c in chosen or ()}
                if not files:
                    files = tf.template(ast.Module(body=fn.body, type_ignores=[]))
                if not files and "create_and_test_comparison_function" in "\n".join(ast.unparse(x) for x in fn.body):
                    files = {os.path.join(root, SFN, "templates/choiceoperators/statemachines/template.json5")}
                if len(files) != 1:
                    skipped[f"{folder}: {'no template' if not files else 'several templates'} in one test"] += 1
                    continue
                template_file = files.pop()
                is_choice = "create_and_test_comparison_function" in body
                edit = EDITS.get(name) or wiring
                edits = edit is None and re.search(r"\]\s*=|\.replace\(|\.update\(|\.pop\(|\bdel\b|json\.loads\(definition", body)
                if edits and not is_choice:
                    skipped[f"{folder}: definition edited in Python"] += 1
                    continue
                try:
                    definition = json5(open(template_file).read())
                    if edit is not None:
                        definition = edit(definition, params)
                except KeyError:
                    skipped[f"{folder}: parameter of the definition not resolved"] += 1
                    continue
                except (ValueError, OSError) as e:
                    skipped[f"{folder}: template unreadable ({e.__class__.__name__})"] += 1
                    continue
                resources = re.findall(r'"Resource": "arn:aws[^:]*:([a-z-]+):(?::[^:"]*:)?([a-z0-9-]*)', json.dumps(definition))
                resources = [r for r in resources if not (wiring is not None and (r[0] == "lambda" or r[1] == "lambda"))]
                if resources:
                    svc = resources[0][1] if resources[0][0] == "states" else resources[0][0]
                    skipped[f"{folder}: a Task calls an AWS service ({svc})"] += 1
                    continue
                runs, seen = [], set()
                for kind, rec in runs_of(entry["recorded-content"]):
                    runs_total[folder] += 1
                    inp, exp = expectation(kind, rec)
                    if "unsupported" in exp:
                        skipped_runs[f"{folder}: ends {exp['unsupported']}"] += 1
                        continue
                    script = task_script(rec) if kind == "history" and wiring is not None else []
                    if script is None:
                        skipped_runs[f"{folder}: a Lambda invocation timed out or was not started"] += 1
                        continue
                    known = json.dumps([inp, script])
                    if unstable(inp) and any(re.fullmatch(TIME_PLACEHOLDER, ph) for ph in placeholders(inp)):
                        skipped_runs[f"{folder}: the input holds a time LocalStack replaced"] += 1
                        continue
                    if unstable(exp.get("output")) and all(ph in known for ph in placeholders(exp.get("output"))):
                        pass  # every replaced value in the output came from the input or a recorded answer: echoed
                    elif unstable(inp) or unstable(exp.get("output")):
                        skipped_runs[f"{folder}: expectation holds a value LocalStack replaced (ARN, id, time)"] += 1
                        continue
                    if "cause" in exp and unstable(exp["cause"]):
                        exp.pop("cause")
                    run = {"input": inp, "expect": exp}
                    if script:
                        run["tasks"] = script
                    if is_choice:
                        run["definition"] = choice_definition(tf, fn, template_file, inp)
                    sig = json.dumps(run, sort_keys=True)
                    if sig not in seen:
                        seen.add(sig)
                        runs.append(run)
                if not runs:
                    skipped[f"{folder}: no usable recorded execution"] += 1
                    continue
                cat = category(folder, definition, name)
                case = {
                    "description": f"{name}{'[' + param + ']' if param else ''} as AWS ran it",
                    "category": cat,
                    "oracle": "aws-recorded",
                    "source": f"https://github.com/localstack/localstack/blob/{commit}/{os.path.relpath(snap_path, root)}"
                              f" :: {key} (recorded {entry.get('recorded-date')}; marked aws.validated); "
                              f"definition {os.path.relpath(template_file, root)}",
                    "definition": definition,
                    "runs": runs,
                }
                if wiring is not None and "LAMBDA_ID_FUNCTION" in body:
                    # The function returns its event (LocalStack's lambdafunctions/id_function.py): it answers the
                    # invocations AWS recorded no answer for here, such as those of a distributed Map's children,
                    # whose events are in the child executions' histories, not in this one.
                    case["lambda"] = {"answers": "its event", "source": f"https://github.com/localstack/localstack/blob/{commit}/"
                                      f"{SFN}/templates/services/lambdafunctions/id_function.py"}
                safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{f.replace('.snapshot.json', '')}__{test}")[:150]
                os.makedirs(os.path.join(out, cat), exist_ok=True)
                if os.path.exists(os.path.join(out, cat, safe + ".json")):  # the same test name in another class
                    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{f.replace('.snapshot.json', '')}__{cls}__{test}")[:150]
                with open(os.path.join(out, cat, safe + ".json"), "w") as fh:
                    json.dump(case, fh, indent=1, ensure_ascii=False)
                    fh.write("\n")
                written[cat] += len(runs)
    with open(os.path.join(out, "SKIPPED.md"), "w") as fh:
        fh.write(f"# What recorded_cases.py left out (LocalStack {commit})\n\nTests (snapshot entries):\n\n")
        for why, n in sorted(skipped.items()):
            fh.write(f"- {n}: {why}\n")
        fh.write("\nRecorded executions of converted tests:\n\n")
        for why, n in sorted(skipped_runs.items()):
            fh.write(f"- {n}: {why}\n")
    print("runs written per category:", dict(written), "total", sum(written.values()))
    print("tests skipped:", sum(skipped.values()), "runs skipped:", sum(skipped_runs.values()))


if __name__ == "__main__":
    main(*sys.argv[1:4])
