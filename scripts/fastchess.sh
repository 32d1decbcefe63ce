#!/usr/bin/env bash
# fastchess (https://github.com/Disservin/fastchess), the match runner many engine authors
# use instead of cutechess-cli, run on Escalade as its users run it: its UCI compliance
# check (`fastchess --compliance ENGINE ARGS`, 40 steps), then a FIDE match of Escalade
# against itself from balanced openings that Escalade's own `genfens` writes (the request
# OpenBench sends), both colours of each opening. Exits non-zero unless every compliance
# step passed and every game finished with no time loss, illegal move, disconnection,
# stall or warning.
#
#   FASTCHESS=/path/to/fastchess scripts/fastchess.sh [GAMES] [TC]
#
# FASTCHESS: a fastchess binary built from its source as its README says (default:
# `fastchess` on the PATH). ESCALADE: the engine (default: target/release/escalade, built
# when missing). GAMES: even, default 20. TC: fastchess's tc=, default 4+0.04 (seconds).
# Logs and the PGN go to target/peers/fastchess-run/.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
games=${1:-20}
tc=${2:-4+0.04}
fastchess=${FASTCHESS:-fastchess}
engine=${ESCALADE:-$root/target/release/escalade}
out=$root/target/peers/fastchess-run

if ! command -v "$fastchess" >/dev/null 2>&1; then
    echo "fastchess.sh: no fastchess at '$fastchess' (build it from its source, then FASTCHESS=/path/to/fastchess)" >&2
    exit 3
fi
if (( games < 2 || games % 2 )); then
    echo "fastchess.sh: GAMES must be even and at least 2, got $games" >&2
    exit 2
fi
if [[ -z ${ESCALADE:-} && ! -x $engine ]]; then
    (cd "$root" && cargo build --release --bin escalade) >&2
fi
if [[ ! -x $engine ]]; then
    echo "fastchess.sh: no engine at $engine" >&2
    exit 2
fi
rm -rf "$out"
mkdir -p "$out"
cd "$out" # fastchess saves its state (config.json) in the working directory

echo "== fastchess --compliance $engine uci"
"$fastchess" --compliance "$engine" uci >"$out/compliance.log" 2>&1 || true
sed 's/\x1b\[[0-9;]*m//g' "$out/compliance.log" >"$out/compliance.txt"
passed=$(grep -c ' Passed Step ' "$out/compliance.txt" || true)
failed=$(grep -c ' Failed' "$out/compliance.txt" || true)
echo "compliance: $passed steps passed, $failed failed"
if [[ $failed != 0 ]] || ! grep -q 'Engine passed all compliance checks' "$out/compliance.txt"; then
    cat "$out/compliance.txt" >&2
    exit 1
fi

rounds=$((games / 2))
echo "== $rounds openings from escalade genfens $rounds seed 86 book None"
"$engine" "genfens $rounds seed 86 book None" quit | sed -n 's/^info string genfens //p' >"$out/openings.epd"
if [[ $(wc -l <"$out/openings.epd") != "$rounds" ]]; then
    echo "fastchess.sh: genfens wrote $(wc -l <"$out/openings.epd") openings, not $rounds" >&2
    exit 1
fi

echo "== fastchess match: $games games at tc=$tc"
set +e
"$fastchess" \
    -engine cmd="$engine" args=uci name=EscaladeA \
    -engine cmd="$engine" args=uci name=EscaladeB \
    -each proto=uci tc="$tc" option.Hash=16 \
    -openings file="$out/openings.epd" format=epd order=sequential \
    -rounds "$rounds" -repeat -concurrency 1 \
    -pgnout file="$out/games.pgn" \
    >"$out/match.log" 2>&1
status=$?
set -e
finished=$(grep -c '^Finished game' "$out/match.log" || true)
errors=$(grep -ciE 'loses on time|timeout|illegal|disconnect|stall|crash|warning|error' "$out/match.log" || true)
bad_terms=$(grep -ciE '^\[Termination "(time forfeit|illegal move|abandoned|stalled)' "$out/games.pgn" || true)
summary=$(grep -E 'Games: [0-9]+, Wins: [0-9]+, Losses: [0-9]+, Draws: [0-9]+' "$out/match.log" | tail -n 1)
echo "match: exit $status, $finished games finished, $errors error lines, $bad_terms bad terminations"
echo "match: ${summary:-no summary line}"
if [[ $status != 0 || $finished != "$games" || $errors != 0 || $bad_terms != 0 ]]; then
    tail -n 40 "$out/match.log" >&2
    exit 1
fi
echo "fastchess: compliance $passed/$passed, $finished games, 0 errors"
