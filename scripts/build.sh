#!/usr/bin/env bash
# Builds the npm package into dist/: the WASM module, the JS modules (scripts/build-lib.ts, one
# plain ES module per source module) and their type declarations (full `.js` paths), and the .wasm file beside the
# WASM glue of each namespace, where `new URL('./wasm/<ns>/portico_wasm_<ns>_bg.wasm', import.meta.url)` in
# core/wasm<Ns>.js finds it.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f src/core/wasm/evm/portico_wasm_evm_bg.wasm ] || bash scripts/build-wasm.sh
rm -rf dist
npx tsx scripts/build-lib.ts
npx tsc -p tsconfig.build.json
# Declarations with full paths (`./x.js`), which TypeScript needs under moduleResolution node16.
npx tsx scripts/completeDeclarationPaths.ts dist
for dir in src/core/wasm/*/; do
  ns=$(basename "$dir")
  mkdir -p "dist/core/wasm/$ns"
  cp "$dir"portico_wasm_"$ns"_bg.wasm "$dir"portico_wasm_"$ns".d.ts "$dir"portico_wasm_"$ns"_bg.wasm.d.ts "dist/core/wasm/$ns/"
done
