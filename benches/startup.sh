#!/usr/bin/env bash
# Start-up and the small sheet, whole process: a 1-puzzle and a 12-puzzle EL sheet with
# their keys (hyperfine, 100 runs each), and the instructions the 12-puzzle sheet
# executes (callgrind, when valgrind is installed: the same count on any load).
#
# Issue 47's target compares the 12-puzzle sheet with a peer doing the same work in the
# same run: Simon Tatham's Solo generating 12 puzzles with their solutions as PostScript,
# turned into a PDF by Ghostscript's ps2pdf. Solo is not part of this project; to
# compare, build it from Tatham's puzzle collection yourself and name the binary:
#
#   bash benches/startup.sh
#   SOLO=/path/to/solo bash benches/startup.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "startup: needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }
cargo build --release --quiet
bin="$PWD/target/release/boardpress"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

commands=(
  "$bin puzzles el --count 1 --out $work/one.pdf -q"
  "$bin puzzles el --count 12 --out $work/twelve.pdf -q"
)
names=("1-puzzle EL sheet" "12-puzzle EL sheet")
if [ -n "${SOLO:-}" ]; then
  command -v ps2pdf >/dev/null || { echo "startup: the comparison needs ps2pdf (apt-get install ghostscript)" >&2; exit 2; }
  commands+=("$SOLO --generate 12 --print 2x3 --with-solutions > $work/solo.ps && ps2pdf $work/solo.ps $work/solo.pdf")
  names+=("Solo: 12 puzzles + solutions, ps2pdf")
fi
hyperfine --warmup 5 --runs 100 --style none --export-json "$work/times.json" "${commands[@]}" >/dev/null
python3 - "$work/times.json" "${names[@]}" <<'EOF'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
names = sys.argv[2:]
for name, r in zip(names, results):
    print(f"{name:40s} {r['mean'] * 1000:7.1f} ms ± {r['stddev'] * 1000:4.1f}  (median {r['median'] * 1000:.1f} ms)")
if len(results) == 3:
    ratio = results[1]["mean"] / results[2]["mean"]
    print(f"the 12-puzzle sheet takes {ratio:.3f} of Solo's time (target: at most 0.05)")
EOF
if command -v valgrind >/dev/null; then
  valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$bin" puzzles el --count 12 --out "$work/cg.pdf" -q 2>"$work/cg.log"
  echo "12-puzzle EL sheet: $(grep -o 'Collected : [0-9]*' "$work/cg.log" | cut -d' ' -f3) instructions (callgrind)"
fi
