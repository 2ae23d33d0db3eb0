#!/usr/bin/env bash
# Start-up and the small sheet, whole process: a 1-puzzle and a 12-puzzle EL sheet with
# their keys (hyperfine without a shell, 100 runs each), and the instructions the
# 12-puzzle sheet executes (callgrind, when valgrind is installed: the same count on any
# load).
#
# Issue 47's target compares the 12-puzzle sheet with a peer doing the same work in the
# same run: Simon Tatham's Solo generating 12 puzzles with their solutions as PostScript,
# turned into a PDF by Ghostscript's ps2pdf, in ten alternating rounds (the ratio is the
# median of the rounds'). Solo is not part of this project; to
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

hyperfine -N --warmup 5 --runs 100 --style none --export-json "$work/times.json" \
  "$bin puzzles el --count 1 --out $work/one.pdf -q" \
  "$bin puzzles el --count 12 --out $work/twelve.pdf -q" >/dev/null
python3 - "$work/times.json" <<'EOF'
import json, sys
names = ["1-puzzle EL sheet", "12-puzzle EL sheet"]
for name, r in zip(names, json.load(open(sys.argv[1]))["results"]):
    print(f"{name:40s} {r['mean'] * 1000:7.1f} ms ± {r['stddev'] * 1000:4.1f}  (median {r['median'] * 1000:.1f} ms)")
EOF
if [ -n "${SOLO:-}" ]; then
  command -v ps2pdf >/dev/null || { echo "startup: the comparison needs ps2pdf (apt-get install ghostscript)" >&2; exit 2; }
  # The machine's speed drifts over minutes, so the sheet and Solo are measured in
  # alternating rounds (30 runs of the sheet, then 10 of Solo) and compared round by round.
  rounds=10
  for round in $(seq "$rounds"); do
    hyperfine -N --warmup 3 --runs 30 --style none --export-json "$work/sheet$round.json" \
      "$bin puzzles el --count 12 --out $work/twelve.pdf -q" >/dev/null
    hyperfine --warmup 1 --runs 10 --style none --export-json "$work/solo$round.json" \
      "$SOLO --generate 12 --print 2x3 --with-solutions > $work/solo.ps && ps2pdf $work/solo.ps $work/solo.pdf" >/dev/null
  done
  python3 - "$work" "$rounds" <<'EOF'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
mean = lambda name, i: json.load(open(f"{work}/{name}{i}.json"))["results"][0]["mean"] * 1000
sheet = [mean("sheet", i) for i in range(1, rounds + 1)]
solo = [mean("solo", i) for i in range(1, rounds + 1)]
ratios = sorted(a / b for a, b in zip(sheet, solo))
print(f"{'Solo: 12 puzzles + solutions, ps2pdf':40s} {statistics.median(solo):7.1f} ms  (median of {rounds} rounds)")
print(f"the 12-puzzle sheet takes {statistics.median(ratios):.3f} of Solo's time "
      f"(median of {rounds} alternating rounds, {ratios[0]:.3f} to {ratios[-1]:.3f}; target: at most 0.05)")
EOF
fi
if command -v valgrind >/dev/null; then
  valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$bin" puzzles el --count 12 --out "$work/cg.pdf" -q 2>"$work/cg.log"
  echo "12-puzzle EL sheet: $(grep -o 'Collected : [0-9]*' "$work/cg.log" | cut -d' ' -f3) instructions (callgrind)"
fi
