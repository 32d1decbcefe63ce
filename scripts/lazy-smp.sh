#!/usr/bin/env bash
# Lazy SMP figures: `escalade bench` and Fairy-Stockfish's `bench`, 1 and 2 threads,
# interleaved, plus two single-thread escalade benches at once (what two independent
# processes get from this machine: the ceiling for two threads). Wall seconds and nodes/s.
#
#   scripts/lazy-smp.sh [ROUNDS] [DEPTH]      (defaults: 3 16; Fairy-Stockfish at depth 13)
set -euo pipefail
rounds=${1:-3}
depth=${2:-16}
bin=${ESCALADE_BIN:-$(dirname "$0")/../target/release/escalade}
fsf=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
for ((r = 1; r <= rounds; r++)); do
  for t in 1 2; do
    /usr/bin/time -f "escalade threads=$t wall %e s" "$bin" bench --threads "$t" --depth "$depth" 2>&1 |
      grep -E "Nodes|wall" | tr '\n' ' '
    echo
    if [ -x "$fsf" ]; then
      /usr/bin/time -f "fairy-stockfish threads=$t wall %e s" "$fsf" bench 16 "$t" 13 2>&1 |
        grep -E "Nodes|wall" | tr '\n' ' '
      echo
    fi
  done
  echo -n "escalade, two 1-thread processes at once: "
  ("$bin" bench --depth "$depth" | tail -1 &
    "$bin" bench --depth "$depth" | tail -1
    wait) | tr '\n' ' '
  echo
done
