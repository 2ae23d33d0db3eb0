#!/usr/bin/env bash
# Golden hashes: every case of tests/golden/cases.txt (boards, puzzle sheets of every
# task, JSON Lines, rulebooks, renders, solve and verify reports) made with the release
# binary, each file and the case's standard output hashed with SHA-256 and compared with
# tests/golden/sha256.txt. A refactoring must leave every hash as it is.
#   bash tests/golden.sh            compare (exit 1 on any difference, listing them)
#   bash tests/golden.sh --bless    record the current hashes (after a deliberate change)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin="$PWD/target/release/boardpress"
root="$(mktemp -d)"
# GOLDEN_KEEP=FOLDER keeps every case's files there, to compare contents after a change.
trap 'if [ -n "${GOLDEN_KEEP:-}" ]; then rm -rf "$GOLDEN_KEEP"; mv "$root" "$GOLDEN_KEEP"; else rm -rf "$root"; fi' EXIT
export bin
# The repository, for cases that copy a file of it (a sample book spec).
export repo="$PWD"
unset SOURCE_DATE_EPOCH
actual="$root/actual.txt"
: >"$actual"
while IFS= read -r line; do
  case "$line" in ''|'#'*) continue ;; esac
  name="${line%%:*}"
  commands="${line#*: }"
  dir="$root/$name"
  mkdir -p "$dir"
  (cd "$dir" && boardpress() { "$bin" "$@"; } && export -f boardpress && bash -c "set -eo pipefail; $commands") >"$root/$name.stdout" 2>"$root/$name.stderr" ||
    { echo "golden: case $name failed: $(cat "$root/$name.stderr")"; exit 1; }
  (cd "$dir" && find . -type f | LC_ALL=C sort | while read -r f; do echo "$name/${f#./} $(sha256sum "$f" | cut -d' ' -f1)"; done) >>"$actual"
  echo "$name/stdout $(sha256sum "$root/$name.stdout" | cut -d' ' -f1)" >>"$actual"
done <tests/golden/cases.txt
if [ "${1:-}" = "--bless" ]; then
  cp "$actual" tests/golden/sha256.txt
  echo "golden: recorded $(wc -l <"$actual") hashes in tests/golden/sha256.txt"
  exit 0
fi
if diff -u tests/golden/sha256.txt "$actual" >"$root/diff"; then
  echo "golden: $(wc -l <"$actual") files and outputs identical to tests/golden/sha256.txt"
else
  echo "golden: differences from tests/golden/sha256.txt (- recorded, + now):"
  grep '^[-+][^-+]' "$root/diff"
  exit 1
fi
