#!/usr/bin/env bash
# Builds the npm package into dist/: the WASM module, the JS modules (scripts/build-lib.ts, one
# plain ES module per source module) and their type declarations (full `.js` paths), and the .wasm file beside the
# WASM glue, where `new URL('./wasm/portico_wasm_bg.wasm', import.meta.url)` in core/wasm.js finds it.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f src/core/wasm/portico_wasm_bg.wasm ] || bash scripts/build-wasm.sh
rm -rf dist
npx tsx scripts/build-lib.ts
npx tsc -p tsconfig.build.json
# Declarations with full paths (`./x.js`), which TypeScript needs under moduleResolution node16.
npx tsx scripts/completeDeclarationPaths.ts dist
mkdir -p dist/core/wasm
cp src/core/wasm/portico_wasm_bg.wasm src/core/wasm/portico_wasm.d.ts src/core/wasm/portico_wasm_bg.wasm.d.ts dist/core/wasm/
