#!/usr/bin/env bash
# Builds the npm package into dist/: the WASM module, the JS entry points (Vite library mode) and
# their type declarations (the .wasm itself is emitted by the Vite build, as an asset).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f src/core/wasm/portico_wasm_bg.wasm ] || bash scripts/build-wasm.sh
rm -rf dist
npx tsx scripts/build-lib.ts
npx tsc -p tsconfig.build.json
mkdir -p dist/core/wasm
cp src/core/wasm/portico_wasm.d.ts src/core/wasm/portico_wasm_bg.wasm.d.ts dist/core/wasm/
