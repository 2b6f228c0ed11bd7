#!/usr/bin/env bash
# Every test of the project, after all set-up: Rust (unit, property, vectors, a quick bench run),
# type check, import-cycle check, Vitest (node + real Chromium), then the docs site (built, its samples type-checked, crawled in Chromium), the packed tarball in real
# consumer apps (their installs cached under .cache/consumers) and the first-load size budget.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/setup.sh

step() { printf '\n== %s\n' "$*"; }
step "self-contained"
# Nothing in the project may read a folder beside the clone: CI lays one there (named by
# $beside), users who clone the repository do not have it.
beside=shared
if git ls-files -z | grep -zv '\.md$' | xargs -0 grep -ln -- "\.\./$beside\b" 2>/dev/null; then
  echo "the files above refer to the folder beside the clone: copy what they need into the repository"; exit 1
fi
step "cargo test"
cargo test --workspace --quiet
step "cargo bench (quick mode)"
PORTICO_BENCH_QUICK=1 cargo bench -p portico-core --quiet -- --quiet 2>&1 | tail -n 40
step "typecheck"
npx tsc -p tsconfig.json --noEmit
step "import cycles"
npx madge --circular --extensions ts,tsx --ts-config tsconfig.json src dev tests
step "vitest (node, browser)"
npx vitest run --project node --project browser
step "docs site (API reference, samples type-checked, links and axe in Chromium)"
npm run docs:build
step "consumer apps (the packed tarball in Vite, Vite + vite-plugin-wasm, webpack, Next.js, Node, tsc)"
npx vitest run --project consumers
step "first-load size (Vite consumer build, budget 45 kB min+gz)"
npx tsx scripts/size.ts
