#!/usr/bin/env bash
# The test command: installs the validators the tests use (qpdf, poppler-utils,
# librsvg2-bin, and chromium for the HTML rulebook) when they are missing, then runs
# every test: cargo test, then with the release binary the README's examples as
# written and the golden hashes of every kind of output.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
command -v pdffonts >/dev/null 2>&1 || need+=(poppler-utils)
command -v rsvg-convert >/dev/null 2>&1 || need+=(librsvg2-bin)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing ${need[*]} for the tests" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

cargo test
# The grade checks that take minutes in a debug build run once more, optimised.
cargo test --release --test grades
bash tests/readme.sh
bash tests/golden.sh
