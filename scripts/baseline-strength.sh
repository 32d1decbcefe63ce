#!/usr/bin/env bash
# Escalade against the two built-in baseline opponents in every registered variant:
# the random mover (`option.RandomMover=true`) and a depth-1 searcher (`option.MaxDepth=1`).
# Escalade searches a fixed number of nodes per move, so the results do not depend on the
# machine's load; every game starts with 4 random plies (seeded), each opening played with
# both colours, so a deterministic pair of engines still plays varied games. Prints one line per variant and opponent: wins-draws-losses of Escalade.
#
#   scripts/baseline-strength.sh [GAMES] [NODES] [OUTDIR] [VARIANT...]
#
# Defaults: 100 games, 20000 nodes, OUTDIR `strength`, every variant of `escalade variants`.
# Needs a release build (cargo build --release); PGN files go to OUTDIR.
set -euo pipefail
games=${1:-100}
nodes=${2:-20000}
out=${3:-strength}
shift $(($# < 3 ? $# : 3))
bin=${ESCALADE_BIN:-$(dirname "$0")/../target/release/escalade}
mkdir -p "$out"
printf '%-36s %-8s %s\n' variant opponent "Escalade W-D-L (reasons)"
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
  mapfile -t variants < <("$bin" variants | cut -f1)
fi
for variant in "${variants[@]}"; do
  for opponent in random depth1; do
    case $opponent in
      random) opt=option.RandomMover=true ;;
      depth1) opt=option.MaxDepth=1 ;;
    esac
    "$bin" match -variant "$variant" \
      -engine cmd="$bin" name=Escalade \
      -engine cmd="$bin" name="$opponent" "$opt" \
      -each proto=uci nodes="$nodes" -games "$games" -repeat -openings plies=4 \
      -concurrency 2 -maxmoves 200 \
      -seed 1 -pgnout "$out/$variant-$opponent.pgn" >"$out/$variant-$opponent.log" 2>&1
    wdl=$(awk '$2 == "Escalade" { print $NF }' "$out/$variant-$opponent.log" | tail -1)
    reasons=$(grep -o '{[^}]*}' "$out/$variant-$opponent.log" | sort | uniq -c | sort -rn |
      awk '{ n = $1; $1 = ""; printf "%s%d%s", sep, n, $0; sep = ", " }')
    printf '%-36s %-8s %s (%s)\n' "$variant" "$opponent" "$wdl" "$reasons"
  done
done
