#!/usr/bin/env bash
# Training data for a game's evaluation network (scripts/strength/train-game-net.py): each
# of WORKERS parallel loops plays chunks of GAMES self-play games (`escalade datagen
# --scores`, 6 random plies, NODES nodes a move, quiet positions only), cycling through
# the variants named (repeat a name to weigh it), until OUT/STOP exists or CHUNKS chunks
# are written. Chunk c of worker w uses the seed w*1000+c and is written to
# OUT/VARIANT-SEED.txt as `FEN;RESULT;CP` lines (White's view; CP the score of the search
# that chose the move there, the label, with the game's result). Chunk 1 of each worker
# is the one to hold back for measuring. A run is repeatable from its seeds.
#
#   WORKERS=2 CHUNKS=100 GAMES=200 NODES=5000 FIRST_WORKER=1 \
#     scripts/strength/game-net-datagen.sh OUT VARIANT [VARIANT...]
set -euo pipefail
out=${1:?usage: game-net-datagen.sh OUT VARIANT [VARIANT...]}
shift
variants=("$@")
[ ${#variants[@]} -gt 0 ] || { echo "name at least one variant" >&2; exit 2; }
escalade=${ESCALADE:-$(dirname "$0")/../../target/release/escalade}
workers=${WORKERS:-2}
chunks=${CHUNKS:-100}
games=${GAMES:-200}
nodes=${NODES:-5000}
mkdir -p "$out"

worker() {
  local w=$1
  for c in $(seq 1 "$chunks"); do
    [ -e "$out/STOP" ] && return
    local seed=$((w * 1000 + c))
    local variant=${variants[$(((c - 1) % ${#variants[@]}))]}
    "$escalade" datagen --variant "$variant" --games "$games" --nodes "$nodes" \
      --random-plies 6 --seed "$seed" --scores --out "$out/$variant-$seed.tmp" >/dev/null
    mv "$out/$variant-$seed.tmp" "$out/$variant-$seed.txt"
    echo "$(date +%T) worker $w chunk $seed ($variant): $(wc -l < "$out/$variant-$seed.txt") positions"
  done
}

first=${FIRST_WORKER:-1}
for w in $(seq "$first" $((first + workers - 1))); do
  worker "$w" &
done
wait
