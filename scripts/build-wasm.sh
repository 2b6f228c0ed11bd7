#!/usr/bin/env bash
# Builds crates/portico-wasm into src/core/wasm/ with wasm-pack, then optimises it with the
# wasm-opt of the npm `binaryen` package. Skipped when no Rust source changed since the last build.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
out=src/core/wasm
mode=$(cat .cache/wasm-toolchain 2>/dev/null || echo rustup)
stamp=$(cat "$0" Cargo.toml Cargo.lock $(find crates -name '*.rs' -o -name Cargo.toml | sort) | sha256sum | cut -c1-16)
if [ -f "$out/portico_wasm_bg.wasm" ] && [ "$(cat "$out/.stamp" 2>/dev/null)" = "$mode-$stamp" ]; then
  exit 0
fi
echo "[build-wasm] building ($mode toolchain)"
# The WASM module is optimised for size ("s"): at opt-level 3 it is about 5 kB (13 %) larger
# gzipped, over the 35 kB budget (README, Benchmarks). Only this build: native tests and
# `cargo bench` keep the release profile's opt-level 3. (A per-crate opt-level does not help: with
# LTO the whole module is optimised at the level of the bindings crate.)
export CARGO_PROFILE_RELEASE_OPT_LEVEL=s
args=(build crates/portico-wasm --release --target web --out-dir "$PWD/$out" --out-name portico_wasm --no-pack)
if [ "$mode" = debian ]; then
  PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$PWD/target/wasm-debian" \
    wasm-pack --quiet "${args[@]}" -- -Zbuild-std=std,panic_abort
else
  CARGO_TARGET_DIR="$PWD/target/wasm" wasm-pack --quiet "${args[@]}"
fi
node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue \
  "$out/portico_wasm_bg.wasm" -o "$out/portico_wasm_bg.wasm"
echo "$mode-$stamp" > "$out/.stamp"
raw=$(wc -c < "$out/portico_wasm_bg.wasm")
gz=$(gzip -9 -c "$out/portico_wasm_bg.wasm" | wc -c)
echo "[build-wasm] portico_wasm_bg.wasm: $raw bytes, $gz bytes gzipped"
