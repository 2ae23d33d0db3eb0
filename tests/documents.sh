#!/usr/bin/env bash
# One document of every kind — each game's board, puzzle sheet, rulebook and booklet, on
# A4 and on Letter, plus SVG pages — through the real validators, and every one made
# twice (and puzzles with --jobs 1 and --jobs 2) to show the bytes do not change.
#   bash tests/documents.sh [FOLDER]     (default: a temporary folder)
# Needs qpdf, pdffonts/pdftotext (poppler-utils) and rsvg-convert (librsvg2-bin):
# `bash tests/run.sh` installs them. Run from the repository; builds the release binary.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin="$PWD/target/release/boardpress"
work="${1:-$(mktemp -d)}"
mkdir -p "$work/first" "$work/second"
fail=0
problem() { echo "FAIL $*"; fail=1; }

# name | arguments | text pdftotext must give back (the title, then the seed if there is one)
documents=()
for paper in a4 letter; do
  documents+=(
    "el-board-$paper|board el --paper $paper|EL — 6x6 board"
    "kamon-board-$paper|board kamon --seed ci --paper $paper|Kamon|seed: ci"
    "six-board-$paper|board six --paper $paper|SIX — hex paper"
    "six-tokens-$paper|board six --tokens --paper $paper|SIX — tokens to cut out"
    "gosforth-board-$paper|board gosforth --seed ci --count 2 --paper $paper|Gosforth — practice positions|seed: ci"
    "el-puzzles-$paper|puzzles el --seed ci --count 6 --paper $paper|EL — win in one|seed: ci"
    "el-two-$paper|puzzles el --task win-in-two --seed ci --count 6 --paper $paper|EL — win in two|seed: ci"
    "el-defend-$paper|puzzles el --task defend --seed ci --count 6 --paper $paper|EL — defend|seed: ci"
    "kamon-puzzles-$paper|puzzles kamon --seed ci --count 4 --paper $paper|Kamon — win in one|seed: ci"
    "kamon-two-$paper|puzzles kamon --task win-in-two --seed ci --count 4 --paper $paper|Kamon — win in two|seed: ci"
    "kamon-defend-$paper|puzzles kamon --task defend --seed ci --count 4 --paper $paper|Kamon — defend|seed: ci"
    "six-puzzles-$paper|puzzles six --seed ci --count 4 --paper $paper|SIX — win in one|seed: ci"
    "six-block-$paper|puzzles six --task block --seed ci --count 4 --paper $paper|SIX — stop the threat|seed: ci"
    "six-two-$paper|puzzles six --task win-in-two --seed ci --count 4 --paper $paper|SIX — win in two|seed: ci"
    "six-defend-$paper|puzzles six --task defend --seed ci --count 4 --paper $paper|SIX — defend|seed: ci"
    "gosforth-puzzles-$paper|puzzles gosforth --seed ci --count 6 --paper $paper|Gosforth|seed: ci"
  )
  for game in el kamon six gosforth all; do
    documents+=("$game-rules-$paper|rules $game --paper $paper|boardpress")
    documents+=("$game-booklet-$paper|rules $game --booklet --paper $paper|boardpress")
  done
done
titles=(el:EL kamon:Kamon six:SIX gosforth:Gosforth all:Contents)

pdfs=0
for entry in "${documents[@]}"; do
  IFS='|' read -r name args want_title want_seed <<<"$entry"
  for pass in first second; do
    # shellcheck disable=SC2086
    "$bin" $args --out "$work/$pass/$name.pdf" >/dev/null 2>"$work/err" || { problem "$name: $(cat "$work/err")"; continue 2; }
  done
  f="$work/first/$name.pdf"
  cmp -s "$f" "$work/second/$name.pdf" || problem "$name: two runs gave different bytes"
  qpdf --check "$f" >/dev/null || problem "$name: qpdf --check"
  pdffonts "$f" | tail -n +3 | awk '$(NF-4) != "yes" { bad = 1 } END { exit bad }' || problem "$name: a font is not embedded"
  text="$(pdftotext "$f" -)"
  case "$name" in *-rules-*|*-booklet-*)
    game="${name%%-*}"
    for t in "${titles[@]}"; do [ "${t%%:*}" = "$game" ] && want_title="${t#*:}"; done ;;
  esac
  grep -qF -- "$want_title" <<<"$text" || problem "$name: title '$want_title' not in pdftotext"
  [ -z "${want_seed:-}" ] || grep -qF -- "$want_seed" <<<"$text" || problem "$name: '$want_seed' not in pdftotext"
  # The command printed in the footer makes the same bytes again.
  recreate="$(grep -m1 -o 'recreate with: boardpress .*' <<<"$text" | sed 's/^recreate with: boardpress //')"
  if [ -z "$recreate" ]; then
    problem "$name: no 'recreate with:' command in pdftotext"
  else
    eval "\"\$bin\" $recreate --out \"\$work/recreated.pdf\"" >/dev/null 2>"$work/err" || problem "$name: $recreate: $(cat "$work/err")"
    cmp -s "$f" "$work/recreated.pdf" || problem "$name: 'boardpress $recreate' from its footer gives other bytes"
  fi
  pdfs=$((pdfs + 1))
  want_seed=""
done

# SVG pages of every kind, rendered by librsvg.
svgs=0
for args in "board el" "board kamon --seed ci --tokens" "board six --tokens" "board gosforth --seed ci --count 2" \
            "puzzles el --seed ci --count 6" "puzzles kamon --task win-in-two --seed ci --count 4" \
            "puzzles six --seed ci --count 4" "puzzles gosforth --seed ci --count 6" \
            "puzzles el --seed ci --count 2 --diagrams" "rules el" "rules kamon --booklet --paper letter"; do
  stem="$work/svg/$(tr ' ' '_' <<<"$args" | tr -d -)"
  mkdir -p "$stem"
  # shellcheck disable=SC2086
  "$bin" $args --format svg --out "$stem/page.svg" >/dev/null 2>"$work/err" || { problem "svg $args: $(cat "$work/err")"; continue; }
  mkdir -p "$stem.again"
  # shellcheck disable=SC2086
  "$bin" $args --format svg --out "$stem.again/page.svg" >/dev/null
  diff -rq "$stem" "$stem.again" >/dev/null || problem "svg $args: two runs gave different files"
  for s in "$stem"/*.svg; do
    rsvg-convert "$s" -o "$s.png" 2>"$work/err" || problem "$s: rsvg-convert: $(cat "$work/err")"
    svgs=$((svgs + 1))
  done
done

# Thread count does not change a byte: JSON Lines and PDF, --jobs 1 against --jobs 2.
jobs_checked=0
for args in "puzzles el --task win-in-two --count 200" "puzzles kamon --task win-in-two --count 100" \
            "puzzles six --count 40" "puzzles gosforth --count 60" "puzzles el --count 200 --difficulty hard"; do
  for format in jsonl pdf; do
    for j in 1 2; do
      # shellcheck disable=SC2086
      "$bin" $args --seed jobs --format "$format" --jobs "$j" --quiet --out "$work/jobs$j.$format" >/dev/null
    done
    cmp -s "$work/jobs1.$format" "$work/jobs2.$format" || problem "$args --format $format: --jobs 1 and --jobs 2 differ"
    jobs_checked=$((jobs_checked + 1))
  done
done

# Without the `parallel` feature (no rayon: what a browser build has) the bytes are the
# same: a serial build of the binary against the release one. It is a debug build in the
# usual target folder, where the web page's tests (tests/run.sh) left the library built
# with the same features.
cargo build --quiet --no-default-features --features terminal
serial="$work/boardpress-serial"
cp target/debug/boardpress "$serial"
serial_checked=0
for args in "puzzles el --task win-in-two --count 20" "puzzles kamon --count 20" "puzzles six --task block --count 3" \
            "puzzles gosforth --count 20 --task win-in-one" "puzzles el --count 30 --size 8 --numbers 8"; do
  for format in jsonl pdf; do
    # shellcheck disable=SC2086
    "$bin" $args --seed serial --format "$format" --quiet --out "$work/parallel.$format" >/dev/null
    # shellcheck disable=SC2086
    "$serial" $args --seed serial --format "$format" --quiet --out "$work/serial.$format" >/dev/null
    cmp -s "$work/parallel.$format" "$work/serial.$format" || problem "$args --format $format: the serial build differs"
    serial_checked=$((serial_checked + 1))
  done
done
"$bin" verify "$work/parallel.jsonl" >"$work/verify-parallel.txt"
"$serial" verify "$work/parallel.jsonl" >"$work/verify-serial.txt"
cmp -s "$work/verify-parallel.txt" "$work/verify-serial.txt" || problem "verify: the serial build reports otherwise"

echo "documents: $pdfs PDFs (qpdf --check, pdffonts all embedded, pdftotext gives title and seed,"
echo "           made twice: same bytes; the footer's command run again: same bytes);"
echo "           $svgs SVG pages rendered by rsvg-convert (made twice: same bytes); $jobs_checked outputs identical with --jobs 1 and --jobs 2;"
echo "           $serial_checked outputs identical from a build without the parallel feature"
exit $fail
