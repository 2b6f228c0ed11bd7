#!/usr/bin/env bash
# Sets everything up, then starts the local stack and the demo page (Ctrl-C stops all of it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec npx tsx dev/start.ts "$@"
