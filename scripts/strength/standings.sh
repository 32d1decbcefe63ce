#!/usr/bin/env bash
# One row of the standings table (docs/strength.md): the engine NEW against OLD in
# VARIANT, from PAIRS balanced openings of that game (`escalade genfens`, seed SEED: random
# plies kept where NEW's search scores them near equal), each played from both sides at
# TC, one game at a time; `escalade match` prints the pentanomial Elo and the time losses.
# The book is written to LOGDIR/book-VARIANT.fen, the match's output to
# LOGDIR/standings-VARIANT.log. BOOK=FILE plays the first PAIRS openings of FILE instead
# (for a game whose balanced openings are all drawn: a book of `escalade openings` with one
# side better, each opening still played from both sides).
#
#   scripts/strength/standings.sh VARIANT OLD NEW [PAIRS=100] [TC=10+0.1] [SEED=84] [LOGDIR=.]
set -euo pipefail
variant=${1:?usage: standings.sh VARIANT OLD NEW [PAIRS] [TC] [SEED] [LOGDIR]}
old=${2:?the old engine}
new=${3:?the new engine}
pairs=${4:-100}
tc=${5:-10+0.1}
seed=${6:-84}
logdir=${7:-.}
book=$logdir/book-$variant.fen
if [ -n "${BOOK:-}" ]; then
  head -n "$pairs" "$BOOK" >"$book"
else
  "$new" genfens "$pairs" seed "$seed" book None variant "$variant" |
    sed -n 's/^info string genfens //p' >"$book"
fi
"$new" match -variant "$variant" \
  -engine cmd="$new" name=New proto=uci -engine cmd="$old" name=Old proto=uci \
  -each tc="$tc" option.Hash=16 -games 2 -rounds "$pairs" -repeat -concurrency 1 \
  -openings file="$book" format=fen order=sequential -srand "$seed" -ratinginterval 10 \
  >"$logdir/standings-$variant.log" 2>&1
tail -n 4 "$logdir/standings-$variant.log"
