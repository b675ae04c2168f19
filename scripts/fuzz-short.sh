#!/usr/bin/env bash
# A time-bounded coverage-guided fuzzing session (Jazzer's fuzzing mode, JAZZER_FUZZ=1) over the parsers that take the
# most caller text: the JSONata evaluator and the orchestrator queue's message bodies. Each target runs for its
# @FuzzTest maxDuration (60 s) with a random libFuzzer seed; a finding fails the run and is written under the test's
# *Inputs/ resources folder, where `mvn test` replays it from then on (commit it with its fix).
# Not in .ci/run (a time-bounded random session can fail an unchanged commit): run it nightly or before a release.
# What CI runs instead is the deterministic fuzz run of `./sluice test` (mvn verify): every Jazzer target in fuzzing
# mode with the fixed seed and number of executions of the root pom's sluice.fuzz.* properties (the fuzz-* failsafe
# executions of orchestration, triggers and api), so the same commit always fuzzes the same inputs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/jdk.sh
sluice_select_jdk
if [ "$(sluice_jdk_major "$JAVA_HOME")" -ge 24 ]; then
  export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
fi
for target in "orchestration EvaluatorFuzzTest#jsonata" "triggers InboundFuzzTest#orchestratorMessages"; do
  set -- $target
  echo "fuzz: $2 (module $1)"
  log=$(mktemp)
  rc=0
  JAZZER_FUZZ=1 mvn -B -q test -pl "$1" -am -Dtest="$2" -Dsurefire.failIfNoSpecifiedTests=false >"$log" 2>&1 || rc=$?
  grep -a -E '^(Done [0-9]+ runs|== Java Exception|\[ERROR\] (Tests|Failures|  ))' "$log" || true
  if [ "$rc" -ne 0 ]; then
    grep -a -v '^Proc not found' "$log" | tail -60
    rm -f "$log"
    echo "fuzz: $2 found a problem (above); its input is under the test's *Inputs/ folder"
    exit 1
  fi
  rm -f "$log"
done
