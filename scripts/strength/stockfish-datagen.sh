#!/usr/bin/env bash
# FIDE tuning data from Stockfish self-play: GAMES games of Stockfish against itself at a
# fixed node count a move, refereed by cutechess-cli, each from its own random opening
# (scripts/strength/openings.py, 8 random plies, seeded), turned into `FEN;RESULT` lines
# of quiet positions by scripts/strength/pgn-positions.py; `escalade tune --variant normal`
# reads the output. Self-play at a few thousand nodes is a shallow teacher for FIDE (see
# docs/strength.md); Stockfish at the same node count plays far better games.
#
#   scripts/strength/stockfish-datagen.sh OUT.txt [GAMES=4000] [NODES=5000] [SEED=1]
#
# Finds cutechess-cli as scripts/strength/cutechess-vs-stockfish.sh does ($CUTECHESS or
# PATH). Games are adjudicated (draw after move 40 with 8 moves within 10 cp, resignation
# at 8 pawns for 4 moves) to spend the nodes where results are still open.
# CONCURRENCY=N plays N games at once (default 2). ESCALADE=BIN plays that build of Escalade
# (at the same node count) against Stockfish instead of Stockfish against itself, each
# opening with both colours (GAMES rounded up to an even number): positions of the games
# Escalade misjudges against a stronger player, for FIDE's evaluation network
# (docs/network.md). PGN=FILE keeps the games there (cutechess-cli appends each as it
# ends), so a run stopped early still leaves them for scripts/strength/pgn-positions.py;
# name a new file, as games already in FILE are read too.
set -euo pipefail
OUT=${1:?usage: stockfish-datagen.sh OUT.txt [GAMES] [NODES] [SEED]}
GAMES=${2:-4000}
NODES=${3:-5000}
SEED=${4:-1}
cd "$(dirname "$0")/../.."
CUTECHESS=${CUTECHESS:-$(command -v cutechess-cli || true)}
[ -x "$CUTECHESS" ] || { echo "cutechess-cli not found: set CUTECHESS (see docs/strength.md)" >&2; exit 2; }
STOCKFISH=$(command -v stockfish || echo /usr/games/stockfish)

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [ -n "${ESCALADE:-}" ]; then
  first=(-engine name=Escalade cmd="$(realpath "$ESCALADE")" arg=uci)
  pairing=(-games 2 -rounds $(((GAMES + 1) / 2)) -repeat)
  openings=$(((GAMES + 1) / 2))
else
  first=(-engine name=SF-a cmd="$STOCKFISH")
  pairing=(-games 1 -rounds "$GAMES")
  openings=$GAMES
fi
python3 scripts/strength/openings.py "$WORK/openings.epd" "$openings" 8 "$SEED"
"$CUTECHESS" "${first[@]}" -engine name=SF-b cmd="$STOCKFISH" \
    -each proto=uci tc=inf nodes="$NODES" option.Threads=1 option.Hash=16 \
    -openings file="$WORK/openings.epd" format=epd order=sequential \
    "${pairing[@]}" -concurrency "${CONCURRENCY:-2}" -ratinginterval 0 \
    -draw movenumber=40 movecount=8 score=10 -resign movecount=4 score=800 twosided=true \
    -pgnout "${PGN:-$WORK/games.pgn}" min >/dev/null
python3 scripts/strength/pgn-positions.py "${PGN:-$WORK/games.pgn}" "$OUT"
