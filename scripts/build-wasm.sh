#!/usr/bin/env bash
# Builds one WASM module per namespace: every binding crate `crates/portico-wasm-<namespace>` whose
# library is a `cdylib` becomes src/core/wasm/<namespace>/portico_wasm_<namespace>{.js,_bg.wasm}
# (wasm-pack), then is optimised by the wasm-opt of the npm `binaryen` package. A new namespace
# needs only its crate (see crates/portico-wasm-scratch for the boundary they share) and its
# facade file (src/core/wasm<Namespace>.ts). Each crate's `[package.metadata.portico] opt-level`
# sets its optimisation level (3 when absent). Skipped when no Rust source changed since the last
# build.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
root=src/core/wasm
mode=$(cat .cache/wasm-toolchain 2>/dev/null || echo rustup)
stamp=$(cat "$0" Cargo.toml Cargo.lock $(find crates -name '*.rs' -o -name Cargo.toml | sort) | sha256sum | cut -c1-16)
crates=()
for dir in crates/portico-wasm-*/; do
  grep -q 'crate-type *= *\[.*"cdylib"' "$dir/Cargo.toml" && crates+=("$(basename "$dir")")
done
built=true
for crate in "${crates[@]}"; do
  ns=${crate#portico-wasm-}
  [ -f "$root/$ns/portico_wasm_${ns}_bg.wasm" ] || built=false
done
if $built && [ "$(cat "$root/.stamp" 2>/dev/null)" = "$mode-$stamp" ]; then
  exit 0
fi
echo "[build-wasm] building ${crates[*]} ($mode toolchain)"
rm -rf "$root"
for crate in "${crates[@]}"; do
  ns=${crate#portico-wasm-}
  name=portico_wasm_$ns
  out=$root/$ns
  opt=$(sed -n '/^\[package.metadata.portico\]/,/^\[/s/^opt-level *= *"\{0,1\}\([0-9sz]*\)"\{0,1\}.*/\1/p' "crates/$crate/Cargo.toml")
  # Only this build: native tests and `cargo bench` keep the release profile's opt-level 3. With
  # LTO a module is optimised at the level of its binding crate, so the level is set per build.
  export CARGO_PROFILE_RELEASE_OPT_LEVEL=${opt:-3}
  args=(build "crates/$crate" --release --target web --out-dir "$PWD/$out" --out-name "$name" --no-pack)
  if [ "$mode" = debian ]; then
    PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$PWD/target/wasm-debian" \
      wasm-pack --quiet "${args[@]}" -- -Zbuild-std=std,panic_abort
  else
    CARGO_TARGET_DIR="$PWD/target/wasm" wasm-pack --quiet "${args[@]}"
  fi
  rm -f "$out/.gitignore"
  node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$out/${name}_bg.wasm" -o "$out/${name}_bg.wasm"
  raw=$(wc -c < "$out/${name}_bg.wasm")
  gz=$(gzip -9 -c "$out/${name}_bg.wasm" | wc -c)
  echo "[build-wasm] $ns (opt-level $CARGO_PROFILE_RELEASE_OPT_LEVEL): $raw bytes, $gz bytes gzipped"
done
echo "$mode-$stamp" > "$root/.stamp"
