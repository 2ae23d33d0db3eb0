"""The form of our PDFs and SVGs, read back by tools that are not ours: poppler's word
boxes (pdftotext -bbox) and Ghostscript's render of each page, whole and with its text
removed (gs -dFILTERTEXT), each page first set on a sheet an inch larger all round
(pikepdf) so that ink past its edge shows. SVGs are read the
same way after librsvg turns them into PDF (rsvg-convert), their viewBox widened alike.

It counts the four faults the library's own form check (crates/core/src/form/) refuses:

  off-live   a word outside the live area: 9 pt inside a sheet's edge, 18 pt inside a
             book page's or cover's TrimBox, inside a picture's frame;
  on-text    two words on each other;
  mark       dark ink under a dark word, in the page drawn without its text (light
             words on dark ink, a letter on a piece, are fine);
  clipped    ink where nothing is printed: within 9 pt of a sheet's edge, past a book
             page's bleed, outside a picture's frame.

    python tests/form.py [--expect KIND] MEDIUM:FILE ...

MEDIUM is sheet, book or picture. Prints a line per file; exits 1 when a fault is found
(with --expect KIND: when that kind of fault is not found in every file).
"""

import re
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy
import pikepdf

DPI = 144
PX = DPI / 72.0
# The sheet the page is set on reaches this far past every edge (pt).
MARGIN = 36.0
SHEET_LIVE = 9.0
BOOK_LIVE = 18.0
# DejaVu Sans, which every word of ours is set in: a word box from pdftotext spans the
# font's ascent and descent (1.164 em); the baseline is 0.236 em above its bottom.
BOX_EM = 1.164
DESCENT_EM = 0.236
# Grey levels (0 black, 255 white): ink, and any mark at all.
INK = 200
ANY = 245


def run(*args):
    return subprocess.run(args, check=True, capture_output=True).stdout


def enlarged_pdf(src: Path, dst: Path):
    """A copy whose pages sit on a sheet MARGIN larger all round; returns each page's
    (width, height, trim) with trim (left, top, right, bottom) in the copy's top-down
    coordinates, or None when the page has no TrimBox of its own."""
    boxes = []
    with pikepdf.open(src) as pdf:
        for page in pdf.pages:
            x0, y0, x1, y1 = [float(v) for v in page.mediabox]
            trim = None
            if "/TrimBox" in page:
                t = [float(v) for v in page.TrimBox]
                if any(abs(a - b) > 0.01 for a, b in zip(t, (x0, y0, x1, y1))):
                    trim = (MARGIN + t[0] - x0, MARGIN + y1 - t[3], MARGIN + t[2] - x0, MARGIN + y1 - t[1])
            big = pikepdf.Array([x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN])
            page.MediaBox = big
            page.CropBox = big
            for name in ("/TrimBox", "/BleedBox", "/ArtBox"):
                if name in page:
                    del page[name]
            boxes.append((x1 - x0, y1 - y0, trim))
        pdf.save(dst)
    return boxes


def svg_as_pdf(src: Path, dst: Path):
    """The SVG with its viewBox widened by MARGIN all round, as a PDF (librsvg)."""
    text = src.read_text(encoding="utf-8")
    head = re.search(r"<svg\b[^>]*>", text).group(0)
    w = float(re.search(r'width="([\d.]+)mm"', head).group(1))
    h = float(re.search(r'height="([\d.]+)mm"', head).group(1))
    m = MARGIN * 25.4 / 72.0
    wide = re.sub(r'viewBox="[^"]*"', f'viewBox="{-m} {-m} {w + 2 * m} {h + 2 * m}"', head)
    wide = re.sub(r'width="[\d.]+mm"', f'width="{w + 2 * m}mm"', wide)
    wide = re.sub(r'height="[\d.]+mm"', f'height="{h + 2 * m}mm"', wide)
    widened = dst.with_suffix(".svg")
    widened.write_text(text.replace(head, wide, 1), encoding="utf-8")
    run("rsvg-convert", "-f", "pdf", "-o", str(dst), str(widened))
    return [(w * 72.0 / 25.4, h * 72.0 / 25.4, None)]


def read_pgm(path: Path):
    """A binary PGM (P5): its header's four fields (comments skipped), then the pixels."""
    data = path.read_bytes()
    fields, at = [], 0
    while len(fields) < 4:
        while data[at : at + 1].isspace():
            at += 1
        if data[at : at + 1] == b"#":
            at = data.index(b"\n", at) + 1
            continue
        start = at
        while not data[at : at + 1].isspace():
            at += 1
        fields.append(data[start:at])
    width, height = int(fields[1]), int(fields[2])
    return numpy.frombuffer(data[at + 1 : at + 1 + width * height], dtype=numpy.uint8).reshape(height, width)


def renders(pdf: Path, work: Path, pages: int):
    """Each page drawn whole and drawn without its text, by one renderer (Ghostscript),
    so that the two line up pixel for pixel."""
    for name, extra in (("full", []), ("bare", ["-dFILTERTEXT"])):
        run("gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", *extra, "-sDEVICE=pgmraw", f"-r{DPI}",
            f"-sOutputFile={work / name}-%d.pgm", str(pdf))
    return [(read_pgm(work / f"full-{k + 1}.pgm"), read_pgm(work / f"bare-{k + 1}.pgm")) for k in range(pages)]


def words(pdf: Path):
    """Each page's words: (text, left, top, right, bottom) in pt from the top-left."""
    html = run("pdftotext", "-bbox", str(pdf), "-").decode("utf-8")
    pages = []
    for page in re.findall(r"<page [^>]*>(.*?)</page>", html, re.S):
        found = []
        for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', page):
            found.append((m.group(5), *[float(m.group(k)) for k in range(1, 5)]))
        pages.append(found)
    return pages


def ink_band(word):
    """Where a word's letters are: between its baseline and the height of its capitals,
    and a little inside its advance (pt)."""
    _, left, top, right, bottom = word
    size = (bottom - top) / BOX_EM
    base = bottom - DESCENT_EM * size
    inset = 0.08 * size
    return left + inset, base - 0.70 * size, right - inset, base - 0.04 * size


def pixels(image, box):
    left, top, right, bottom = box
    y0, y1 = int(round(top * PX)), int(round(bottom * PX))
    x0, x1 = int(round(left * PX)), int(round(right * PX))
    h, w = image.shape
    return image[max(y0, 0) : max(min(y1, h), 0), max(x0, 0) : max(min(x1, w), 0)]


def check(medium: str, path: Path, work: Path):
    """The faults of one file: a list of (kind, page, what)."""
    pdf = work / "copy.pdf"
    boxes = svg_as_pdf(path, pdf) if path.suffix == ".svg" else enlarged_pdf(path, pdf)
    images = renders(pdf, work, len(boxes))
    faults = []
    for k, ((width, height, trim), page_words, (full, bare)) in enumerate(zip(boxes, words(pdf), images)):
        page = (MARGIN, MARGIN, MARGIN + width, MARGIN + height)
        if medium == "sheet":
            live = printed = (page[0] + SHEET_LIVE, page[1] + SHEET_LIVE, page[2] - SHEET_LIVE, page[3] - SHEET_LIVE)
        elif medium == "book":
            t = trim or page
            live = (t[0] + BOOK_LIVE, t[1] + BOOK_LIVE, t[2] - BOOK_LIVE, t[3] - BOOK_LIVE)
            printed = page
        else:
            live = printed = page
        bands = [ink_band(w) for w in page_words]
        for w, b in zip(page_words, bands):
            if b[0] < live[0] - 0.5 or b[1] < live[1] - 0.5 or b[2] > live[2] + 0.5 or b[3] > live[3] + 0.5:
                faults.append(("off-live", k + 1, w[0]))
        # Every pair of words at once: how far their bands overlap across and down.
        b = numpy.array(bands, dtype=float).reshape(-1, 4)
        across = numpy.minimum.outer(b[:, 2], b[:, 2]) - numpy.maximum.outer(b[:, 0], b[:, 0])
        down = numpy.minimum.outer(b[:, 3], b[:, 3]) - numpy.maximum.outer(b[:, 1], b[:, 1])
        for i, j in zip(*numpy.nonzero(numpy.triu((across > 0.3) & (down > 0.3), 1))):
            faults.append(("on-text", k + 1, f"{page_words[i][0]} / {page_words[j][0]}"))
        for w, b in zip(page_words, bands):
            drawn, under = pixels(full, b).astype(int), pixels(bare, b).astype(int)
            if under.size == 0:
                continue
            # The word's own pixels are where the page differs with and without text; a
            # light word (a white letter on a dark piece) is left alone.
            written = numpy.abs(drawn - under) > 30
            if written.any() and numpy.median(drawn[written]) > 150:
                continue
            if (under < INK).sum() >= 3:
                faults.append(("mark", k + 1, w[0]))
        # Anti-aliasing may spread ink a pixel past an edge it lies on.
        outside = numpy.ones(full.shape, dtype=bool)
        y0, x0 = int(printed[1] * PX) - 1, int(printed[0] * PX) - 1
        y1, x1 = int(printed[3] * PX) + 2, int(printed[2] * PX) + 2
        outside[max(y0, 0) : y1, max(x0, 0) : x1] = False
        if ((full < ANY) & outside).sum() >= 4:
            faults.append(("clipped", k + 1, "ink outside what is printed"))
    return faults, len(boxes)


def main(args):
    expect = None
    if args[:1] == ["--expect"]:
        expect, args = args[1], args[2:]
    failed = False
    pages_checked = 0
    tally = {}
    for arg in args:
        medium, _, name = arg.partition(":")
        with tempfile.TemporaryDirectory() as tmp:
            faults, pages = check(medium, Path(name), Path(tmp))
        pages_checked += pages
        kinds = sorted({f[0] for f in faults})
        for kind in kinds:
            tally[kind] = tally.get(kind, 0) + sum(1 for f in faults if f[0] == kind)
        if expect:
            ok = expect in kinds
            print(f"{'found' if ok else 'MISSED'} {expect:9} {Path(name).name}")
            failed = failed or not ok
        elif faults:
            failed = True
            print(f"FAULT {Path(name).name}: {len(faults)} ({', '.join(kinds)})")
            for kind, page, what in faults[:6]:
                print(f"  page {page}: {kind}: {what}")
    summary = ", ".join(f"{k} {n}" for k, n in sorted(tally.items())) or "no fault"
    print(f"form.py: {len(args)} files, {pages_checked} pages read back: {summary}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
