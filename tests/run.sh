#!/usr/bin/env bash
# The test command: installs the validators the tests use when they are missing
# (tests/install.sh: qpdf, poppler-utils, librsvg2-bin, ghostscript, chromium for the HTML
# rulebook and the web page, node and npm), then runs every test: cargo test, then with the release
# binary the README's examples as written and the golden hashes of every kind of output,
# then the web page built and tested in a real browser. The PDF standards are checked by
# an independent validator (page-validation from PyPI, installed into a virtual
# environment under target/ by tests/standards.sh), and the form of every kind of page
# (nothing off the live area, no text on text, no mark across a word, nothing clipped)
# by the library's own check over the whole matrix and by tools that are not ours
# reading a sample back (tests/form.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

bash tests/install.sh

# `cargo test ARGS`, with the test programs run two at a time (many hold one long test,
# which leaves the second processor idle): each program's summary line is printed, and a
# failing program's whole output. The documentation's examples run after them.
tests_two_at_a_time() {
  local list
  list="$(mktemp)"
  cargo test "$@" --no-run --message-format=json-render-diagnostics | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["manifest_path"].rsplit("/", 1)[0], m["executable"], sep="\n")' >"$list"
  # Two lines a program: its package's folder (where cargo runs its tests), the program.
  # shellcheck disable=SC2016
  xargs -d '\n' -n 2 -P 2 bash -c 'name="${2##*/}" && name="${name%-*}"
    if out="$(cd "$1" && "$2" 2>&1)"; then echo "$name: $(grep -m1 "^test result" <<<"$out")"
    else printf "%s\n%s: FAILED\n" "$out" "$name"; exit 255; fi' sh <"$list" || { rm -f "$list"; return 1; }
  rm -f "$list"
  cargo test "$@" --doc --quiet
}

# The command line's and the library's tests, and the foundations' own with every feature
# (the full fonts, as the command line has them): one build, whose features are the
# command line's.
tests_two_at_a_time -p boardpress-cli -p boardpress -p boardpress-core -p boardpress-layout -p boardpress-render --all-features
# The crates' own tests with the web page's font subsets, and the web page's.
tests_two_at_a_time -p boardpress-core -p boardpress-game -p boardpress-el -p boardpress-kamon -p boardpress-six \
  -p boardpress-gosforth -p boardpress-layout -p boardpress-render -p boardpress-rulebook
tests_two_at_a_time -p boardpress-web
# The surveys run optimised only (each makes hundreds of puzzles or every kind of document:
# in a debug build they take minutes): the grade checks, the quality survey, the formats
# guide's own checker and the type sweeps. The library is the release build's own.
cargo test --release --test grades --test quality --test formats_checker --test typography
bash tests/readme.sh
bash tests/golden.sh
bash tests/standards.sh
bash tests/form.sh

# The web page: built (the wasm target and wasm-bindgen's tool installed if missing),
# then its every kind of document compared with the command line's, and the page itself
# driven in headless Chromium (Playwright and axe-core from npm, versions locked).
bash web/build.sh
(cd web && npm ci --no-audit --no-fund --loglevel=error)
node web/tests/same-bytes.mjs
node web/tests/memory.mjs
node web/tests/size.mjs
node web/tests/browser.mjs
