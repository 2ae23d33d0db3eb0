#!/usr/bin/env bash
# Peak memory of the whole process (GNU time's maximum resident set size) against the
# size of the file written, for the documents of issue 47's table: the target is at most
# 60 MB plus twice the file. Prints one row a document and exits with status 1 if any
# row is over. Uses the release build (built if missing); takes about a minute.
#
#   bash benches/memory.sh            # every row
#   bash benches/memory.sh quick      # the rows under a few seconds
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin="$PWD/target/release/boardpress"
[ -x /usr/bin/time ] || { echo "memory: needs GNU time (apt-get install time)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The 300-page book of benches/book.rs (its spec file, benches/book.toml).
cp benches/book.toml "$work/book.toml"
# The same book twice over (600 pages): its sections again, titled apart (each section's
# puzzles are seeded by its place in the book, so the second half's are new ones).
awk '/^\[\[section\]\]/ { on = 1 } !on' "$work/book.toml" >"$work/book600.toml"
awk '/^\[\[section\]\]/ { on = 1 } on' "$work/book.toml" >"$work/sections.toml"
cat "$work/sections.toml" >>"$work/book600.toml"
sed 's/^title = "/title = "More /' "$work/sections.toml" >>"$work/book600.toml"

rows=(
  "puzzles el --count 12|sheet.pdf"
  "puzzles el --count 500|sheet.pdf"
  "puzzles el --count 2000|sheet.pdf"
  "puzzles kamon --count 1000|sheet.pdf"
  "puzzles el --count 2000 --format svg|svg"
  "book $work/book.toml --jobs 1|book.pdf"
)
if [ "${1:-}" != quick ]; then
  # The records of the largest sheet, for render (made here, not measured).
  "$bin" puzzles kamon --count 10000 --format jsonl --out "$work/kamon.jsonl" -q
  rows+=(
    "book $work/book600.toml --jobs 1|book600.pdf"
    "puzzles el --count 10000|sheet.pdf"
    "puzzles kamon --count 10000|sheet.pdf"
    "render $work/kamon.jsonl|sheet.pdf"
  )
fi

over=0
printf '%-46s %8s %10s %10s %10s\n' "work" "time" "written" "peak" "target"
for row in "${rows[@]}"; do
  args="${row%|*}"
  out="$work/${row#*|}"
  rm -rf "$out" "$work/svg-out"
  if [ "${row#*|}" = svg ]; then
    mkdir -p "$work/svg-out"
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %M' -o "$work/t" "$bin" $args --out "$work/svg-out/s.svg" -q
    written=$(du -cb "$work"/svg-out/* | tail -1 | cut -f1)
  else
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %M' -o "$work/t" "$bin" $args --out "$out" -q
    written=$(stat -c %s "$out")
  fi
  read -r secs kb <"$work/t"
  peak=$((kb * 1024))
  target=$((60 * 1000 * 1000 + 2 * written))
  mark=""
  [ "$peak" -le "$target" ] || { mark="  OVER"; over=1; }
  shown="${args/$work\//}"
  awk -v w="$shown" -v s="$secs" -v o="$written" -v p="$peak" -v t="$target" -v m="$mark" \
    'BEGIN { printf "%-46s %7ss %8.2f MB %7.1f MB %7.1f MB%s\n", w, s, o / 1e6, p / 1e6, t / 1e6, m }'
done
exit $over
