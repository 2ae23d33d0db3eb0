#!/usr/bin/env bash
# The form of what we print, read back by tools that are not ours (tests/form.py:
# poppler's word boxes, poppler's render and Ghostscript's render without the text):
#   1. faults planted in pages written past the library's check are found, each kind;
#   2. the documents of issue 45's six findings, made as a user made them, have none;
#   3. half the matrix of tests/form.rs (every kind of document, en/de/fr, A4/Letter/book
#      trims, the longest inputs), every other file, has none.
#   bash tests/form.sh [FOLDER]     (default: a temporary folder)
# Needs poppler-utils, ghostscript and librsvg2-bin (tests/run.sh installs them); installs
# pikepdf and numpy into the virtual environment under target/ the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin="$PWD/target/release/boardpress"
venv="$PWD/target/standards-venv"
if ! "$venv/bin/python" -c "import pikepdf, numpy" 2>/dev/null; then
  echo "installing pikepdf and numpy (to read pages back) into $venv" >&2
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "pikepdf==9.11.0" "numpy==2.2.6"
fi
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
py() { "$venv/bin/python" tests/form.py "$@"; }

# The matrix (and the planted pages), written by the library's own test.
FORM_MATRIX_OUT="$work/matrix" cargo test --release --quiet --test form >/dev/null

# 1. Each kind of fault, planted, is found again.
for kind in OffLiveArea:off-live TextOnText:on-text MarkOnText:mark Clipped:clipped; do
  py --expect "${kind#*:}" "sheet:$work/matrix/planted/${kind%%:*}.pdf" "sheet:$work/matrix/planted/${kind%%:*}.svg"
done

# 2. The six findings of issue 45, as a user makes them.
f="$work/findings"
mkdir -p "$f"
title="Classe de 4e B – Fiche de travail hebdomadaire n° 12 : stratégies gagnantes au jeu EL (grille 6x6)"
(
  cd "$f"
  "$bin" puzzles el --count 8 --difficulty easy --lang fr --paper letter --name-line --title "$title" --out 1-el.pdf
  "$bin" puzzles kamon --count 4 --lang de --name-line --title "$title" --out 1-kamon.pdf
  "$bin" board gosforth --title "$title" --name-line --out 1-gosforth.pdf
  "$bin" board gosforth --lang fr --out 2-gosforth-fr.pdf
  "$bin" puzzles kamon --count 2 --format svg --diagrams --out 3-kamon.svg
  "$bin" rules kamon --booklet --out 4-kamon-booklet.pdf
  "$bin" rules six --booklet --lang de --out 4-six-booklet.pdf
  "$bin" puzzles kamon --count 8 --out 5-kamon-key.pdf
  "$bin" rules kamon --lang fr --out 5-kamon-rules.pdf
  "$bin" puzzles gosforth --count 6 --out 5-gosforth.pdf
  sed -e 's/^trim = .*/trim = "6x9in"/' "$OLDPWD/templates/book.toml" >book.toml
  "$bin" book book.toml --cover 6-book-cover.pdf --out 6-book.pdf
) >/dev/null 2>"$f/err" || { cat "$f/err"; exit 1; }
py sheet:"$f"/1-el.pdf sheet:"$f"/1-kamon.pdf sheet:"$f"/1-gosforth.pdf sheet:"$f"/2-gosforth-fr.pdf \
  $(for s in "$f"/3-kamon-*.svg; do echo "picture:$s"; done) \
  sheet:"$f"/4-kamon-booklet.pdf sheet:"$f"/4-six-booklet.pdf \
  sheet:"$f"/5-kamon-key.pdf sheet:"$f"/5-kamon-rules.pdf sheet:"$f"/5-gosforth.pdf \
  book:"$f"/6-book.pdf book:"$f"/6-book-cover.pdf

# 3. Half the matrix, two files at a time: every other file of each medium in name order
# (the library's own check above read every page of all of it).
for medium in sheet book picture; do
  find "$work/matrix/$medium" -type f | LC_ALL=C sort | awk 'NR % 2 == 1' | sed "s|^|$medium:|"
done | xargs -n 12 -P 2 "$venv/bin/python" tests/form.py >"$work/matrix.log" || { grep -v '^form.py' "$work/matrix.log"; exit 1; }
awk '/^form.py:/ { files += $2; pages += $4 } END { print "form.py: half the matrix: " files " files, " pages " pages read back: no fault" }' "$work/matrix.log"
