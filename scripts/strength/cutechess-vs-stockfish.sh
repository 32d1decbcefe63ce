#!/usr/bin/env bash
# Escalade against Stockfish at UCI_LimitStrength levels and against Fairy-Max, refereed by
# cutechess-cli, from a book of varied, balanced openings (openings.py with Stockfish
# scoring the candidates) played with both colours. Prints the score,
# Elo with its error margin (cutechess-cli's lines) and each engine's thinking time.
#
#   scripts/strength/cutechess-vs-stockfish.sh [GAMES=200] [TC=10+0.1] [ELO levels...]
#   e.g. scripts/strength/cutechess-vs-stockfish.sh 200 10+0.1 2000 2400 fairymax
#
# Finds cutechess-cli on PATH, in $CUTECHESS, or builds it from a cutechess checkout in
# $CUTECHESS_SRC (cmake, Qt 6: see docs/strength.md). Uses target/release/escalade (built
# if missing), Debian's stockfish and fairymax. Results land in target/strength/.
# CONCURRENCY=N plays N games at once (default 1; 2 on a 2-core machine keeps one engine
# thinking per core, as only the side to move thinks). SRAND=N draws the openings in
# another order (default 1): runs with different seeds play different openings and may
# be pooled.
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${1:-200}
TC=${2:-10+0.1}
shift $(( $# > 2 ? 2 : $# ))
LEVELS=("$@")
[ ${#LEVELS[@]} -eq 0 ] && LEVELS=(2000 2400 fairymax)

CUTECHESS=${CUTECHESS:-$(command -v cutechess-cli || true)}
if [ -z "$CUTECHESS" ] && [ -n "${CUTECHESS_SRC:-}" ]; then
  cmake -S "$CUTECHESS_SRC" -B "$CUTECHESS_SRC/build" -DCMAKE_BUILD_TYPE=Release -DWITH_TESTS=OFF >/dev/null
  make -C "$CUTECHESS_SRC/build" -j2 cli >/dev/null
  CUTECHESS="$CUTECHESS_SRC/build/cutechess-cli"
fi
[ -x "$CUTECHESS" ] || { echo "cutechess-cli not found: set CUTECHESS or CUTECHESS_SRC" >&2; exit 2; }
[ -x target/release/escalade ] || cargo build --release --bin escalade
STOCKFISH=$(command -v stockfish || echo /usr/games/stockfish)
FAIRYMAX=$(command -v fairymax || echo /usr/games/fairymax)

OUT=target/strength
mkdir -p "$OUT"
# 200 random 8-ply openings that Stockfish scores within 50 cp of equality at depth 10
BOOK=$OUT/balanced.epd
[ -f "$BOOK" ] || python3 scripts/strength/openings.py "$BOOK" 200 8 1 --engine "$STOCKFISH"

for level in "${LEVELS[@]}"; do
  if [ "$level" = fairymax ]; then
    opponent=(-engine name=Fairy-Max cmd="$FAIRYMAX" proto=xboard)
  else
    opponent=(-engine name="Stockfish-$level" cmd="$STOCKFISH" proto=uci
              option.UCI_LimitStrength=true option.UCI_Elo="$level" option.Threads=1 option.Hash=64)
  fi
  pgn=$OUT/vs-$level.pgn
  rm -f "$pgn"
  echo "== Escalade vs $level: $GAMES games at $TC"
  "$CUTECHESS" -engine name=Escalade cmd="$PWD/target/release/escalade" arg=uci proto=uci \
      option.Threads=1 option.Hash=64 \
      "${opponent[@]}" \
      -each tc="$TC" -games 2 -rounds $(( GAMES / 2 )) -repeat -recover \
      -openings file="$BOOK" format=epd order=random -srand "${SRAND:-1}" \
      -concurrency "${CONCURRENCY:-1}" -ratinginterval 0 -pgnout "$pgn" 2>&1 \
    | grep -E "^(Score of|Elo difference|Finished match|.*loses on time|.*disconnects|.*illegal)" || true
  python3 scripts/strength/time-use.py "$pgn"
done
