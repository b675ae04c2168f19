#!/usr/bin/env bash
# Refreshes the console's pictures in docs/console: runs the browser test (ConsoleBrowserTest, which writes them to
# local-e2e/target/console-screenshots) and copies them. Needs what the build needs, and /usr/bin/chromium.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/jdk.sh"
sluice_select_jdk
cd "$ROOT"
mvn -B -q test -pl local-e2e -am -Dtest=ConsoleBrowserTest -Dsurefire.failIfNoSpecifiedTests=false
mkdir -p docs/console
cp local-e2e/target/console-screenshots/*.png docs/console/
ls -l docs/console
