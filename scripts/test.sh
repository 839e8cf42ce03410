#!/usr/bin/env bash
# `npm test`: everything a change can break, on a fresh machine too.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
echo "== type-check" && npx tsc --noEmit -p tsconfig.json
echo "== lint" && npx biome ci .
echo "== build" && npx vite build --logLevel warn
echo "== tests" && npx vitest run
