#!/usr/bin/env bash
# Does Escalade keep its clock in every variant? Self-play through `escalade match` with no
# grace margin (a move after the flag loses on time), at a Fischer and a repeating control,
# for every variant `escalade variants` lists (or those VARIANTS names). Prints each match's
# result line and the games lost on time; exits 1 if any game was lost on time.
#
#   [VARIANTS="chutes rope-dice"] scripts/strength/time-losses.sh [GAMES=10] \
#     [CONTROLS="2+0.05 40/2"] [THREADS=1]
#
# Uses $ESCALADE, else target/release/escalade (built if missing); PGNs land in
# target/strength/time/.
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${1:-10}
CONTROLS=${2:-"2+0.05 40/2"}
THREADS=${3:-1}
ESC=${ESCALADE:-$PWD/target/release/escalade}
[ -x "$ESC" ] || cargo build --release --bin escalade
OUT=target/strength/time
mkdir -p "$OUT"
losses=0
for variant in ${VARIANTS:-$("$ESC" variants | cut -f1)}; do
  for tc in $CONTROLS; do
    pgn="$OUT/$variant-${tc//\//_}.pgn"
    rm -f "$pgn"
    log=$("$ESC" match -variant "$variant" \
        -engine cmd="$ESC" name=A proto=uci -engine cmd="$ESC" name=B proto=uci \
        -each tc="$tc" option.Threads="$THREADS" option.Hash=64 \
        -games 2 -rounds $(( (GAMES + 1) / 2 )) -repeat -concurrency 2 -srand 1 \
        -pgnout "$pgn" 2>&1)
    lost=$(grep -c "loses on time" <<<"$log" || true)
    losses=$(( losses + lost ))
    printf '%-34s %-8s %s; lost on time: %s\n' "$variant" "$tc" \
      "$(grep -E '^Score of' <<<"$log" | tail -1)" "$lost"
  done
done
echo "games lost on time in all: $losses"
[ "$losses" -eq 0 ]
