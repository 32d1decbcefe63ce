#!/usr/bin/env bash
# Long self-play on a clock (docs/robustness.md): GAMES games per variant at 1 s + 0.01 s,
# an XBoard engine against a UCI engine, 2 games at once, Hash 16, through `escalade match`.
# Prints one line per variant: games, faults (time forfeits, illegal moves, crashes,
# stalls), peak RSS of the largest process (GNU time) and wall time; keeps the PGNs.
#
#   scripts/selfplay.sh [GAMES] [OUTDIR] [VARIANT...]     (default: 1000, selfplay, all)
#   ESCALADE_BIN=path/to/escalade scripts/selfplay.sh 50
set -euo pipefail
bin=${ESCALADE_BIN:-$(dirname "$0")/../target/release/escalade}
games=${1:-1000}
out=${2:-selfplay}
shift $(( $# > 2 ? 2 : $# ))
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
  mapfile -t variants < <("$bin" variants | cut -f1)
fi
mkdir -p "$out"
for v in "${variants[@]}"; do
  /usr/bin/time -f "maxrss %M KB wall %e s" -o "$out/$v.time" "$bin" match \
    -engine cmd="$bin" name=X proto=xboard -engine cmd="$bin" name=U proto=uci \
    -each tc=1+0.01 option.Hash=16 -variant "$v" -games "$games" -concurrency 2 -seed 1 \
    -pgnout "$out/selfplay-$v.pgn" > "$out/$v.log" 2> "$out/$v.err"
  faults=$(grep -c '^\[Termination "\(time forfeit\|illegal move\|abandoned\|stalled connection\)"' \
    "$out/selfplay-$v.pgn" || true)
  echo "$v games $(grep -c '^\[Result' "$out/selfplay-$v.pgn") faults $faults $(tail -1 "$out/$v.time")"
done
