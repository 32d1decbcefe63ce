#!/usr/bin/env bash
# Training data for FIDE's evaluation network (scripts/strength/train-net.py): WORKERS
# parallel loops, each writing CHUNKS chunks of 500 self-play games (`escalade datagen`,
# 6 random plies, 500 nodes a move, quiet positions only), every chunk labelled by
# Stockfish at depth LABEL_DEPTH (default 5; its expected score, `stockfish-label.py ...
# depth=5 0`). Chunk c
# of worker w uses the seed w*1000+c, so a run is repeatable; workers are numbered from
# FIRST_WORKER (default 1), so a later run with FIRST_WORKER=3 adds new games to the same
# directory. Touch OUT/STOP to end after
# the chunks in progress. Concatenate the labelled chunks for the trainer:
#   cat OUT/lab-*.txt > fide-net-data.txt
#
#   scripts/strength/net-datagen.sh OUT [CHUNKS=50] [WORKERS=2] [ESCALADE=target/release/escalade] [STOCKFISH=stockfish]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: net-datagen.sh OUT [CHUNKS] [WORKERS] [ESCALADE] [STOCKFISH]}
chunks=${2:-50}
workers=${3:-2}
escalade=${4:-target/release/escalade}
stockfish=${5:-stockfish}
mkdir -p "$out"

worker() {
  local w=$1
  for c in $(seq 1 "$chunks"); do
    [ -e "$out/STOP" ] && return
    local seed=$((w * 1000 + c))
    "$escalade" datagen --variant normal --games 500 --nodes 500 --random-plies 6 \
      --seed "$seed" --out "$out/pos-$seed.txt" >/dev/null
    python3 scripts/strength/stockfish-label.py "$out/pos-$seed.txt" "$out/lab-$seed.tmp" \
      "depth=${LABEL_DEPTH:-5}" 0 "$stockfish" >/dev/null 2>&1
    mv "$out/lab-$seed.tmp" "$out/lab-$seed.txt"
    echo "$(date +%T) worker $w chunk $seed: $(wc -l < "$out/lab-$seed.txt") positions"
  done
}

first=${FIRST_WORKER:-1}
for w in $(seq "$first" $((first + workers - 1))); do
  worker "$w" &
done
wait
echo "labelled positions: $(cat "$out"/lab-*.txt | wc -l) in $out/lab-*.txt"
