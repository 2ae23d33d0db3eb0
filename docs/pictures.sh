#!/usr/bin/env bash
# The pictures of the README, made from the real output of the release binary so that
# they never go stale: a puzzle sheet, a rulebook page and a book spread, as PNG.
#   bash docs/pictures.sh            writes docs/images/*.png
#   bash docs/pictures.sh FOLDER     writes them into FOLDER instead (the tests do)
# Needs pdftoppm (poppler-utils) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs/images}"
mkdir -p "$out"
cargo build --release --quiet
bin="$PWD/target/release/boardpress"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$bin" puzzles el --count 6 --seed club-night --out "$work/sheet.pdf" >/dev/null
"$bin" rules kamon --out "$work/rules.pdf" >/dev/null
"$bin" book templates/book.toml --out "$work/book.pdf" >/dev/null

# page FILE.pdf FIRST LAST NAME: pages FIRST..LAST side by side, at 50 dpi, as NAME.png.
page() {
  pdftoppm -r 50 -f "$2" -l "$3" "$1" "$work/$4"
  python3 - "$out/$4.png" "$work/$4"-*.ppm <<'PY'
import struct, sys, zlib
def read_ppm(path):
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    assert fields[0] == b"P6" and fields[3] == b"255", path
    width, height = int(fields[1]), int(fields[2])
    pixels = data[pos + 1:]
    return width, height, [pixels[r * width * 3:(r + 1) * width * 3] for r in range(height)]
pages = [read_ppm(p) for p in sorted(sys.argv[2:])]
gap = 12  # a gutter of white between facing pages
height = max(h for _, h, _ in pages)
width = sum(w for w, _, _ in pages) + gap * (len(pages) - 1)
rows = []
for r in range(height):
    row = b""
    for k, (w, h, lines) in enumerate(pages):
        row += lines[r] if r < h else b"\xff" * (w * 3)
        if k < len(pages) - 1:
            row += b"\xff" * (gap * 3)
    rows.append(b"\x00" + row)
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
PY
  echo "wrote $out/$4.png"
}
page "$work/sheet.pdf" 1 1 sheet
page "$work/rules.pdf" 3 3 rulebook
page "$work/book.pdf" 20 21 book-spread
