#!/usr/bin/env bash
# The examples of the README and the guide (docs/) run as written, top to bottom, in a
# folder holding only the repository's templates/ (as a checkout would): every ```sh
# block of the README but the first (which holds the two commands of a fresh checkout),
# then of each page of the guide in the order docs/README.md lists them, each line with
# `boardpress` the release binary. A line that fails stops the run and is named. Then
# every relative link of the README, ARCHITECTURE.md, CHANGELOG.md and the guide is
# followed (the file, and the heading an anchor names), the README is held to 250
# lines, and the scripts and examples the pages show are run (the pictures into a
# temporary folder, the grade survey on a few puzzles) or, for the fuzz runner, which
# needs nightly, read for syntax (its targets are compiled by tests/run.sh).
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
# The sh blocks, in order: the README's without its first, then the guide's pages.
python3 - README.md docs/README.md >"$work/examples.txt" <<'PY'
import os, re, sys
readme, index = sys.argv[1], sys.argv[2]
pages = [readme] + [os.path.join("docs", m) for m in re.findall(r"^\d+\. \[[^]]*\]\(([a-z-]+\.md)\)", open(index, encoding="utf-8").read(), re.M)]
for page in pages:
    blocks, inside, current = [], False, []
    for line in open(page, encoding="utf-8"):
        if line.rstrip() == "```sh" and not inside:
            inside, current = True, []
        elif line.startswith("```") and inside:
            inside = False
            blocks.append(current)
        elif inside:
            current.append(line.rstrip("\n"))
    for block in blocks[1:] if page == readme else blocks:
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
echo "readme: $count example lines of the README and the guide ran as written, top to bottom"

# Every relative link leads to a file, and every anchor to a heading of it.
python3 - README.md ARCHITECTURE.md CHANGELOG.md docs/*.md <<'PY'
import os, re, sys
def anchors(path):
    found, inside = set(), False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            inside = not inside
        elif not inside and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found
bad, links = [], 0
for page in sys.argv[1:]:
    text = open(page, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        links += 1
        path, _, anchor = target.partition("#")
        file = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        if not os.path.exists(file):
            bad.append(f"{page}: link to {target}: no file {file}")
        elif anchor and file.endswith(".md") and anchor not in anchors(file):
            bad.append(f"{page}: link to {target}: no heading '{anchor}' in {file}")
for b in bad:
    print(b)
if bad:
    sys.exit(1)
print(f"readme: {links} relative links of {len(sys.argv) - 1} pages lead where they say")
PY
lines=$(wc -l <README.md)
[ "$lines" -le 250 ] || { echo "readme: README.md has $lines lines (at most 250: move the rest to docs/)"; exit 1; }

# The scripts and examples the pages show.
bash docs/pictures.sh "$work/pictures" >/dev/null
for png in sheet rulebook book-spread; do
  [ -s "$work/pictures/$png.png" ] || { echo "readme: docs/pictures.sh made no $png.png"; exit 1; }
  [ -f "docs/images/$png.png" ] || { echo "readme: docs/images/$png.png is missing (run bash docs/pictures.sh)"; exit 1; }
done
bash -n fuzz/run.sh
cargo run --release --quiet --example grade_survey -- el 20 readme >/dev/null
cargo run --release --quiet --example grade_survey -- kamon 20 readme >/dev/null
echo "readme: the pictures, the fuzz runner's syntax and the grade survey checked"
