#!/usr/bin/env bash
# One SPRT run of docs/sprt-results.md's base command: NEW against OLD through `escalade match`
# at 3+0.03, Hash 16, from the 200-position book with both colours, SPRT elo0=0 elo1=10
# alpha=beta=0.05, at -concurrency 1 pinned to one core, so that two runs (one per core,
# other seeds) go side by side and pool with pool-sprt.py. Options after the core go to
# NEW alone (`option.Name=value`), to measure a search constant on one binary.
#
#   scripts/strength/sprt.sh NEW OLD SRAND CORE [option.Name=value ...] > run.log 2>&1
#
# Env: VARIANT (normal), TC (3+0.03), ROUNDS (1500), ESCALADE (the runner: OLD).
# The book is made by openings.py into target/strength/openings.epd if missing.
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '2,11p' "$0" >&2
  exit 2
fi
# the binaries as absolute paths: the run goes on from the repository's top
NEW=$(realpath -e "$1")
OLD=$(realpath -e "$2")
SRAND=$3 CORE=$4
shift 4
cd "$(dirname "$0")/../.."
BOOK=target/strength/openings.epd
[ -s "$BOOK" ] || python3 scripts/strength/openings.py "$BOOK"
RUNNER=${ESCALADE:-$OLD}
exec taskset -c "$CORE" "$RUNNER" match -variant "${VARIANT:-normal}" \
  -engine cmd="$NEW" name=New proto=uci "$@" \
  -engine cmd="$OLD" name=Old proto=uci \
  -each tc="${TC:-3+0.03}" option.Hash=16 -games 2 -rounds "${ROUNDS:-1500}" -repeat \
  -concurrency 1 -openings file="$BOOK" order=random \
  -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 -ratinginterval 50 -srand "$SRAND"
