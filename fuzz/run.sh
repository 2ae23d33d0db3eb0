#!/usr/bin/env bash
# Runs every fuzz target for a fixed number of executions and prints what each did.
#   bash fuzz/run.sh            # 100000 runs per target
#   bash fuzz/run.sh 1000000    # more
# Needs the nightly toolchain and cargo-fuzz (installed here when missing). Seed corpora
# come from the release binary's own output (every game's IDs and JSON Lines records,
# the built-in rulebook templates) and from the IDs the tests' tables say are refused
# (crates/boardpress/tests/refused_ids/). The corpora are kept in fuzz/corpus/
# (git-ignored); crashes land in fuzz/artifacts/<target>/.
set -euo pipefail
runs="${1:-100000}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
cd "$root"

rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked

cargo build --release --quiet
bin="$root/target/release/boardpress"
corpus="$here/corpus"
mkdir -p "$corpus"/{el_id,kamon_id,six_id,gosforth_id,params,jsonl,rulebook}
seeds="$(mktemp -d)"
trap 'rm -rf "$seeds"' EXIT

# JSON Lines of every game and task; each record's ID goes to its game's corpus.
n=0
for spec in "el" "el --task win-in-two" "el --size 8 --numbers 8 --players 3" "kamon" "kamon --task win-in-two" \
            "six" "six --task block" "six --round 2" "six --task win-in-two" "gosforth" "gosforth --task win-in-one"; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  "$bin" puzzles $spec --count 8 --seed fuzz --format jsonl --out "$seeds/$n.jsonl" --quiet >/dev/null
  head -c 4000 "$seeds/$n.jsonl" > "$corpus/jsonl/seed-$n"
  i=0
  grep -o '"id":"[^"]*"' "$seeds/$n.jsonl" | sed 's/^"id":"//; s/"$//' | while read -r id; do
    i=$((i + 1))
    game="${id%%:*}"
    printf '%s' "$id" > "$corpus/${game}_id/seed-$n-$i"
  done
done
# The IDs each game's notation refuses (the tests' tables): seeds at the edge of valid.
for table in "$root"/crates/boardpress/tests/refused_ids/*.txt; do
  game="$(basename "$table" .txt)"
  i=0
  grep -v -e '^#' -e '^[[:space:]]*$' "$table" | cut -d' ' -f1 | while read -r id; do
    i=$((i + 1))
    printf '%s' "$id" > "$corpus/${game}_id/refused-$i"
  done
done
for t in "$root"/crates/*/src/rules.md; do cp "$t" "$corpus/rulebook/seed-$(basename "$(dirname "$(dirname "$t")")").md"; done
i=0
for p in 6x6 8x8,n8 7x7,n8,consecutive 8x8,p3 8x8,n8,p4,any 5x5,n5,k4,snake,p2full,balance el kamon six gosforth a4 letter; do
  i=$((i + 1)); printf '%s' "$p" > "$corpus/params/seed-$i"
done

printf '%-12s %10s %9s %10s %s\n' target runs seconds execs/s findings
# (seconds: wall time of the whole run, start-up and corpus loading included)
for target in el_id kamon_id six_id gosforth_id params jsonl rulebook; do
  log="$seeds/$target.log"
  status=0
  start="$(date +%s.%N)"
  cargo +nightly fuzz run "$target" "$corpus/$target" -- -runs="$runs" -max_len=4096 -print_final_stats=1 \
    >"$log" 2>&1 || status=$?
  done_line="$(grep -E '^Done [0-9]+ runs in [0-9]+ second' "$log" | tail -1 || true)"
  done_runs="$(echo "$done_line" | awk '{print $2}')"
  secs="$(awk -v now="$(date +%s.%N)" -v t0="$start" 'BEGIN { printf "%.1f", now - t0 }')"
  rate="$(awk -v n="${done_runs:-0}" -v s="$secs" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')"
  found="$(ls "$here/artifacts/$target" 2>/dev/null | wc -l | tr -d ' ')"
  if [ "$status" -ne 0 ]; then
    printf '%-12s %10s %9s %10s %s\n' "$target" "${done_runs:-?}" "${secs:-?}" "${rate:-?}" "CRASH (exit $status), see below"
    grep -E 'panicked|ERROR|SUMMARY|artifact' "$log" | head -20
  else
    printf '%-12s %10s %9s %10s %s\n' "$target" "${done_runs:-?}" "${secs:-?}" "${rate:-?}" "none (${found} files in artifacts/)"
  fi
done
