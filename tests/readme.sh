#!/usr/bin/env bash
# The README's examples run as written, top to bottom, in a folder holding only the
# repository's templates/ (as a checkout would): every ```sh
# block but the first (which holds the two commands of a fresh checkout), each line with
# `boardpress` the release binary. A line that fails stops the run and is named.
#   bash tests/readme.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin="$PWD/target/release/boardpress"
export bin
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The examples run from a checkout: its templates (the sample book spec) are at hand.
cp -r templates "$work/templates"
# The sh blocks, in order, without the first.
python3 - README.md >"$work/examples.txt" <<'PY'
import sys
blocks, inside, current = [], False, []
for line in open(sys.argv[1], encoding="utf-8"):
    if line.rstrip() == "```sh" and not inside:
        inside, current = True, []
    elif line.startswith("```") and inside:
        inside = False
        blocks.append(current)
    elif inside:
        current.append(line.rstrip("\n"))
for block in blocks[1:]:
    for line in block:
        if line.strip():
            print(line)
PY
count=0
while IFS= read -r line; do
  count=$((count + 1))
  (cd "$work" && boardpress() { "$bin" "$@"; } && export -f boardpress && bash -c "set -eo pipefail; $line" >/dev/null 2>"$work/.err") ||
    { echo "README example $count failed: $line"; cat "$work/.err"; exit 1; }
done <"$work/examples.txt"
echo "readme: $count example lines ran as written, top to bottom"
