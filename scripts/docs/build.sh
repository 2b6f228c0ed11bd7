#!/usr/bin/env bash
# Builds the docs site (npm run docs:build): the API reference from the TSDoc comments, the
# benchmark chart from the benchmarks page's table, every TypeScript sample type-checked, the
# VitePress build, then the built site crawled in Chromium (links and axe). Any failure fails it.
set -euo pipefail
cd "$(dirname "$0")/../.."
step() { printf '\n== docs: %s (%ss so far)\n' "$*" "$SECONDS"; }
step "API reference (TypeDoc)"
rm -rf docs/api
npx typedoc --options docs/typedoc.json --logLevel Error
step "benchmark chart"
npx tsx scripts/docs/benchChart.ts docs/benchmarks.md docs/public/bench-ratios.svg
step "TypeScript samples"
npx tsx scripts/docs/checkSamples.ts
step "VitePress build"
npx vitepress build docs
step "the built site in Chromium (links, axe)"
npx vitest run --project docs
echo "docs: built and checked in ${SECONDS}s"
