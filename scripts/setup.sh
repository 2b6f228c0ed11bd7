#!/usr/bin/env bash
# Installs everything Portico needs, on a fresh machine or an old one; quick when all is there.
#   - Chromium (Debian) for the browser tests
#   - PostgreSQL (Debian's postgresql): the backend tests start a throwaway server from its binaries
#   - the wasm32 target: rustup first, else Debian's Rust with its library sources (-Zbuild-std)
#   - wasm-bindgen-cli at the version in Cargo.lock, and wasm-pack
#   - npm dependencies (npm install when package.json or package-lock.json changed; not `npm ci`,
#     which refuses this lock file: npm leaves out the other platforms' EDR packages that Node 20
#     skips, and `npm ci` then calls the lock out of sync)
#   - the WASM build (scripts/build-wasm.sh, skipped when the crates did not change)
#   - btcd, the Go Bitcoin node, for dev/bitcoin (regtest), into .cache/go-bin (skipped when there)
# PORTICO_WASM_TOOLCHAIN=debian forces the Debian path (to test it where rustup works).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
log() { printf '[setup] %s\n' "$*"; }
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
mkdir -p .cache

missing_debs() { for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || printf '%s ' "$p"; done; }
apt_install() {
  [ -z "$*" ] && return 0
  log "apt-get install $*"
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

# --- Rust toolchain (native, for tests and benches) ---------------------------------------------
if ! command -v cargo >/dev/null 2>&1; then
  log "no cargo on PATH: install Rust with rustup first (https://rustup.rs)"; exit 1
fi

# --- The wasm32 target ---------------------------------------------------------------------------
mode="${PORTICO_WASM_TOOLCHAIN:-}"
if [ -z "$mode" ]; then
  if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    mode=rustup
  elif timeout 120 rustup target add wasm32-unknown-unknown >/dev/null 2>&1; then
    mode=rustup
  else
    mode=debian
  fi
fi
debs="$(missing_debs chromium)"
# The backend's storage tests run on PGlite and on a real PostgreSQL: initdb + pg_ctl from here.
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then debs+="postgresql "; fi
if [ "$mode" = debian ]; then
  debs+="$(missing_debs rustc-web cargo-web rust-web-src rust-web-llvm lld-22)"
fi
# shellcheck disable=SC2086
apt_install $debs
if [ "$mode" = debian ]; then
  # wasm-pack looks for this folder before it builds; Debian's sysroot has none for wasm32.
  $SUDO mkdir -p /usr/lib/rustlib/wasm32-unknown-unknown/lib
fi
echo "$mode" > .cache/wasm-toolchain
log "wasm32 toolchain: $mode"

# --- wasm-bindgen-cli and wasm-pack ------------------------------------------------------------
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  log "cargo install wasm-bindgen-cli $want (was: ${have:-none})"
  # --locked first; a yanked pin in its lock file falls back to a fresh resolution.
  cargo install -q wasm-bindgen-cli --version "=$want" --locked 2>/dev/null \
    || cargo install -q wasm-bindgen-cli --version "=$want"
fi
if ! command -v wasm-pack >/dev/null 2>&1; then
  log "cargo install wasm-pack"
  cargo install -q wasm-pack --locked 2>/dev/null || cargo install -q wasm-pack
fi

# --- btcd (dev/bitcoin: a Bitcoin node in regtest) ---------------------------------------------
# From the Go module proxy; about 90 s the first time. dev/bitcoin finds it in .cache/go-bin (or
# at $PORTICO_BTCD).
btcd_version=v0.24.2
if [ "$(cat .cache/go-bin/.btcd-version 2>/dev/null)" != "$btcd_version" ] || [ ! -x .cache/go-bin/btcd ]; then
  go=$(command -v go || echo /usr/local/go/bin/go)
  if [ -x "$go" ]; then
    log "go install btcd $btcd_version"
    GOBIN="$PWD/.cache/go-bin" "$go" install "github.com/btcsuite/btcd@$btcd_version" "github.com/btcsuite/btcd/cmd/btcctl@$btcd_version"
    echo "$btcd_version" > .cache/go-bin/.btcd-version
  else
    log "no Go on PATH: btcd not installed (dev/bitcoin and its tests need it; install Go 1.22+)"
  fi
fi

# --- npm dependencies ----------------------------------------------------------------------------
lock_hash=$(cat package.json package-lock.json | sha256sum | cut -c1-16)
if [ ! -d node_modules ] || [ "$(cat node_modules/.portico-lock 2>/dev/null)" != "$lock_hash" ]; then
  log "npm install"
  npm install --no-audit --no-fund --loglevel=error
  echo "$lock_hash" > node_modules/.portico-lock
fi

# --- The WASM module ----------------------------------------------------------------------------
bash scripts/build-wasm.sh
