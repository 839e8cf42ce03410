#!/usr/bin/env bash
# `npm test`: everything a change can break, on a fresh machine too.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
echo "== type-check" && npx tsc --noEmit -p tsconfig.json
echo "== lint" && npx biome ci .
echo "== build" && npx vite build --logLevel warn
# The tests run in a process group of their own, so whatever they leave behind when they end (a
# server that a timed-out test started) or when this script is stopped is stopped with them.
set -m
tests=
stop_leftovers() { [ -n "$tests" ] && kill -TERM -- "-$tests" 2>/dev/null || true; }
trap stop_leftovers EXIT
trap 'stop_leftovers; exit 130' INT
trap 'stop_leftovers; exit 143' TERM HUP
run_project() {
  npx vitest run --project "$1" &
  tests=$!
  local status=0
  wait "$tests" || status=$?
  stop_leftovers
  tests=
  return "$status"
}

# Each kind of test runs in a vitest run of its own, so the servers one kind's global setup starts
# (the integration tests' two, the browser tests' one) run only while that kind does: idle, a
# server still requotes its liquidity ladders, and on two cores that slowed every other test.
# A failing kind does not stop the next: the run reports every failure, then exits non-zero.
# The summary reporter (tests/support/summary-reporter.ts) lists each failure in one file, printed
# once all three kinds have run, so the end of the output names what failed in any of them.
failures=$(mktemp)
export TEST_FAILURES_FILE="$failures"
failed=0
outcomes=
for project in unit integration e2e; do
  echo "== tests: $project"
  if run_project "$project"; then
    outcomes="$outcomes $project:passed"
  else
    failed=1
    outcomes="$outcomes $project:FAILED"
  fi
done
echo "== outcome:$outcomes"
if [ -s "$failures" ]; then
  echo "== failures"
  cat "$failures"
fi
rm -f "$failures"
exit "$failed"
