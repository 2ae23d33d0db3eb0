#!/usr/bin/env bash
# Builds the web page into web/dist/: boardpress compiled to WebAssembly and the static
# page around it. Open web/dist/index.html in a browser, or serve the folder with any
# static server; nothing is fetched from anywhere.
#
# Installs what it needs when missing: the wasm32-unknown-unknown target (rustup) and
# the wasm-bindgen command-line tool of exactly the version in Cargo.lock (cargo
# install, about two minutes). Prints the sizes at the end.
#
#   bash web/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "build: installing the wasm32-unknown-unknown target" >&2
  rustup target add wasm32-unknown-unknown
fi

# The tool must match the wasm-bindgen crate the page is built with, to the patch.
version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
[ -n "$version" ] || { echo "build: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
bindgen="$(command -v wasm-bindgen || true)"
[ -z "$bindgen" ] && [ -x "${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen" ] && bindgen="${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen"
if [ -z "$bindgen" ] || [ "$("$bindgen" --version)" != "wasm-bindgen $version" ]; then
  echo "build: installing wasm-bindgen-cli $version" >&2
  # --locked first (the versions its authors tested); a registry mirror that lacks one of
  # them gets the newest compatible versions instead. --force: a tool recorded as
  # installed whose binary has gone is installed again.
  log="$(mktemp)"
  if ! cargo install --quiet --force wasm-bindgen-cli --version "$version" --locked 2>"$log"; then
    echo "build: with --locked it failed ($(grep -m1 '^error' "$log" || tail -n1 "$log")); trying the newest compatible versions" >&2
    cargo install --quiet --force wasm-bindgen-cli --version "$version"
  fi
  rm -f "$log"
  bindgen="${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen"
fi

cargo build --quiet -p boardpress-web --target wasm32-unknown-unknown --profile web
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bindgen" --target no-modules --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$work/pkg" target/wasm32-unknown-unknown/web/boardpress_web.wasm

# The page, then boardpress.js: the worker's code (wasm-bindgen's glue and web/page/
# worker.js) inside one function, which the page starts as a Web Worker from a Blob, and
# the WebAssembly gzipped, as base64 (the page unzips it with the browser's
# DecompressionStream: 2.2 MB to load instead of 5.6 MB, and 1.7 MB instead of 2.2 MB
# sent gzipped). Both load with a plain <script> tag, so the page works from file://
# too, where a browser fetches nothing.
out="$work/dist"
mkdir -p "$out"
cp web/page/index.html web/page/style.css web/page/worker-client.js web/page/dom.js web/page/fields.js web/page/forms.js \
  web/page/results.js web/page/app.js "$out/"
{
  echo "// boardpress $(grep -m1 '^version' Cargo.toml | cut -d'"' -f2) for the browser: made by web/build.sh, do not edit."
  echo "// The Web Worker's code, started by worker-client.js from this function's text."
  echo "function boardpressWorker() {"
  cat "$work/pkg/boardpress_web.js"
  cat web/page/worker.js
  echo "}"
  echo "// boardpress compiled to WebAssembly (wasm-bindgen $version), gzipped, base64."
  printf 'var BOARDPRESS_WASM_GZIP = "'
  gzip -9 -n -c "$work/pkg/boardpress_web_bg.wasm" | base64 -w0
  echo '";'
} >"$out/boardpress.js"

rm -rf web/dist.old
[ -d web/dist ] && mv web/dist web/dist.old
mv "$out" web/dist
rm -rf web/dist.old

wasm="$work/pkg/boardpress_web_bg.wasm"
size() { stat -c %s "$1"; }
gz() { gzip -9c "$1" | wc -c; }
mb() { awk -v b="$1" 'BEGIN { printf "%.2f MB", b / 1e6 }'; }
echo "built web/dist/ (open web/dist/index.html, or serve the folder)"
echo "  WebAssembly      $(mb "$(size "$wasm")"), $(mb "$(gz "$wasm")") gzipped"
echo "  boardpress.js    $(mb "$(size web/dist/boardpress.js)"), $(mb "$(gz web/dist/boardpress.js)") gzipped (the worker and the WebAssembly, gzipped, in base64)"
for f in index.html style.css worker-client.js dom.js fields.js forms.js results.js app.js; do
  echo "  $(printf '%-16s' "$f") $(size "web/dist/$f") bytes"
done
