#!/usr/bin/env bash
# The standards every PDF claims, checked by an independent validator: one document of
# every kind — puzzle sheets and their keys, a worksheet with its own header, records
# rendered, boards, token and piece sheets, score tracks, practice positions, hex paper,
# rulebooks plain and booklet, the compendium, a user's template, books and covers (one
# print-ready, black-ink) — in English, German and French, each through page-validation
# (PyPI; PDF/UA-1 and PDF/A-2a as veraPDF states them): no rule may fail.
#   bash tests/standards.sh [FOLDER]     (default: a temporary folder)
# Installs page-validation into a virtual environment under target/ the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin="$PWD/target/release/boardpress"
venv="$PWD/target/standards-venv"
if ! "$venv/bin/python" -c "import page" 2>/dev/null; then
  echo "installing page-validation 0.11.0 (PDF/UA and PDF/A validator) into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "page-validation==0.11.0"
fi
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
cat >"$work/club.md" <<'EOF'
# Our club's EL evening

Bring a pen. The first game is on this board:

```el
id: el:6x6:....../....../....../....../....../......:r
caption: An empty board, {mover} to start
```

| Round | Time |
|-------|------|
| First | 19:00 |
| Final | 21:00 |

1. Sit down.
2. Play.
EOF
for lang in en de fr; do
  d="$work/$lang"
  mkdir -p "$d"
  cp "$work/club.md" "$d/club.md"
  sed -e "s/^# lang = \"de\".*/lang = \"$lang\"/" templates/book.toml >"$d/book.toml"
  sed -e "s/^bleed = false/bleed = true\npdf_x = true\nink = \"black\"\ndate = \"2026-11-26\"/" "$d/book.toml" >"$d/print.toml"
  jobs=(
    "sheet-el|puzzles el --seed std --count 6"
    "sheet-kamon-defend|puzzles kamon --task defend --seed std --count 4"
    "sheet-six-two|puzzles six --task win-in-two --seed std --count 4"
    "sheet-gosforth|puzzles gosforth --seed std --count 4"
    "worksheet|puzzles el --seed std --count 4 --title Klasse-3B --subtitle Freitag --name-line --author Teacher"
    "board-el|board el"
    "board-kamon|board kamon --seed std --tokens"
    "board-kamon-blank|board kamon --blank"
    "board-six|board six"
    "board-six-tokens|board six --tokens"
    "board-gosforth|board gosforth"
    "board-gosforth-practice|board gosforth --seed std --count 2"
    "rules-el|rules el"
    "rules-kamon-booklet|rules kamon --booklet"
    "rules-all|rules all"
    "rules-template|rules --template club.md --author Club"
    "book|book book.toml --cover $d/book-cover.pdf"
    "book-print|book print.toml --cover $d/book-print-cover.pdf"
  )
  for job in "${jobs[@]}"; do
    IFS='|' read -r name args <<<"$job"
    # A book's language is its spec's; every other command takes --lang.
    case "$args" in book*) language=() ;; *) language=(--lang "$lang") ;; esac
    # shellcheck disable=SC2086
    (cd "$d" && "$bin" $args "${language[@]}" --out "$d/$name.pdf" >/dev/null 2>"$d/err") ||
      { echo "standards: $lang $name: $(cat "$d/err")"; exit 1; }
  done
  "$bin" puzzles six --seed std --count 3 --format jsonl --out "$d/six.jsonl" >/dev/null
  "$bin" render "$d/six.jsonl" --lang "$lang" --out "$d/render-six.pdf" >/dev/null
done
for lang in en de fr; do
  for f in "$work/$lang"/*.pdf; do mv "$f" "$work/$lang/$lang-$(basename "$f")"; done
done
"$venv/bin/python" tests/standards.py "$work"/{en,de,fr}/*.pdf
