#!/usr/bin/env bash
# `npm test`: everything a change can break, on a fresh machine too.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
echo "== type-check" && npx tsc --noEmit -p tsconfig.json
echo "== lint" && npx biome ci .
echo "== build" && npx vite build --logLevel warn
echo "== tests"
# The tests run in a process group of their own, so whatever they leave behind when they end (a
# server that a timed-out test started) or when this script is stopped is stopped with them.
set -m
npx vitest run &
tests=$!
stop_leftovers() { kill -TERM -- "-$tests" 2>/dev/null || true; }
trap stop_leftovers EXIT
trap 'stop_leftovers; exit 130' INT
trap 'stop_leftovers; exit 143' TERM HUP
wait "$tests"
