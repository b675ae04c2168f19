#!/usr/bin/env python3
"""Extracts the Parallel and Map histories AWS recorded into the fixtures of RecordedHistoryTest (api module).

Reads LocalStack's AWS-validated snapshots (a checkout at the commit the orchestration corpus names) and the
orchestration module's recorded corpus (its definitions, inputs and the answers Lambda gave on AWS), and writes one
file per snapshot case whose GetExecutionHistory holds a Parallel's or an inline Map's events:

    python3 api/tools/recorded_histories.py <localstack checkout> <commit> \
        orchestration/src/test/resources/conformance-recorded api/src/test/resources/recorded-history

Each event keeps its type, id, previousEventId and the details the comparison reads (a state's name, a Map's length,
an iteration's name and index). LocalStack lists a Parallel's branch events sorted and with id [0]; those stay so
(id and previousEventId null), and the test lists Sluice's history the same way before comparing.
"""
import json
import os
import subprocess
import sys

KEPT = ("name", "index", "length")


def snapshot(checkout, commit, path):
    text = subprocess.run(["git", "-C", checkout, "show", f"{commit}:{path}"], check=True, capture_output=True, text=True).stdout
    return json.loads(text)


def histories(node, found):
    if isinstance(node, dict):
        if isinstance(node.get("events"), list):
            found.append(node["events"])
        for v in node.values():
            histories(v, found)
    elif isinstance(node, list):
        for v in node:
            histories(v, found)
    return found


def event(e):
    masked = isinstance(e.get("id"), list)
    details = {}
    for k, v in e.items():
        if k.endswith("EventDetails") and isinstance(v, dict):
            details = {f: v[f] for f in KEPT if f in v}
    return {"type": e["type"], "id": None if masked else e["id"],
            "previousEventId": None if masked else e["previousEventId"], "details": details}


def main(checkout, commit, corpus, out):
    os.makedirs(out, exist_ok=True)
    cache = {}
    written = 0
    for category in sorted(os.listdir(corpus)):
        folder = os.path.join(corpus, category)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            case = json.load(open(os.path.join(folder, name)))
            definition = json.dumps(case["definition"])
            if "DISTRIBUTED" in definition or "ItemReader" in definition:
                continue
            file_part, key = case["source"].split(" :: ")
            path = file_part.split(f"/blob/")[1].split("/", 1)[1]
            key = key.split(" (recorded")[0]
            if path not in cache:
                cache[path] = snapshot(checkout, commit, path)
            entry = cache[path].get(key)
            if entry is None:
                continue
            found = histories(entry.get("recorded-content", {}), [])
            if len(found) != 1:
                continue
            events = found[0]
            types = {e["type"] for e in events}
            if not any(t.startswith(("Parallel", "MapState", "MapIteration")) for t in types):
                continue
            started = events[0]["executionStartedEventDetails"]["input"]
            given = json.loads(started) if isinstance(started, str) else started
            run = next((r for r in case["runs"] if r["input"] == given), None)
            fixture = {
                "source": f"https://github.com/localstack/localstack/blob/{commit}/{path} :: {key} "
                          f"(recorded {entry.get('recorded-date')}); definition and Lambda answers from {case['source'].split('; definition ')[-1]}",
                "definition": case["definition"],
                "input": given,
                "tasks": (run or {}).get("tasks", []),
                "events": [event(e) for e in events],
            }
            with open(os.path.join(out, name), "w") as f:
                json.dump(fixture, f, indent=1)
                f.write("\n")
            written += 1
    print(f"{written} histories written to {out}")


if __name__ == "__main__":
    main(*sys.argv[1:5])
