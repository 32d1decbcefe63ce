#!/usr/bin/env bash
# Lazy SMP figures: `escalade bench`, Stockfish's and Fairy-Stockfish's `bench`, 1 and 2
# threads, interleaved, plus two single-thread escalade benches at once (what two
# independent processes get from this machine: the ceiling for two threads). Wall seconds
# and nodes/s; a peer that is not installed is left out.
#
#   scripts/lazy-smp.sh [ROUNDS] [DEPTH]      (defaults: 3 16; the peers at depth 13)
set -euo pipefail
rounds=${1:-3}
depth=${2:-16}
bin=${ESCALADE_BIN:-$(dirname "$0")/../target/release/escalade}
fsf=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
sf=${STOCKFISH:-/usr/games/stockfish}
for ((r = 1; r <= rounds; r++)); do
  for t in 1 2; do
    /usr/bin/time -f "escalade threads=$t wall %e s" "$bin" bench --threads "$t" --depth "$depth" 2>&1 |
      grep -E "Nodes|wall" | tr '\n' ' '
    echo
    for peer in "$sf" "$fsf"; do
      [ -x "$peer" ] || continue
      /usr/bin/time -f "$(basename "$peer") threads=$t wall %e s" "$peer" bench 16 "$t" 13 2>&1 |
        grep -E "Nodes|wall" | tr '\n' ' '
      echo
    done
  done
  echo -n "escalade, two 1-thread processes at once: "
  ("$bin" bench --depth "$depth" | tail -1 &
    "$bin" bench --depth "$depth" | tail -1
    wait) | tr '\n' ' '
  echo
done
