#!/usr/bin/env bash
# The trainer's files from a game-net-datagen.sh directory: each finished chunk
# (DIR/VARIANT-SEED.txt) turned into network inputs in its own form (`escalade net-inputs
# --variant VARIANT`), the chunks numbered 1 of each worker (seeds w*1000+1) gathered into
# OUT.valid, the held-back games the trainer's --valid measures, the rest into OUT.train.
# Each file keeps one header line. OUT.train.evals and OUT.valid.evals hold the table's
# evaluation of each position, a line each (`net-inputs --evals`, in any build), for
# training a correction to it (`train-game-net.py --base`).
#
#   scripts/strength/game-net-inputs.sh DIR OUT
set -euo pipefail
dir=${1:?usage: game-net-inputs.sh DIR OUT}
out=${2:?usage: game-net-inputs.sh DIR OUT}
escalade=${ESCALADE:-$(dirname "$0")/../../target/release/escalade}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$out.train"
: >"$out.valid"
: >"$out.train.evals"
: >"$out.valid.evals"
for chunk in "$dir"/*.txt; do
  name=$(basename "$chunk" .txt)
  variant=${name%-*}
  seed=${name##*-}
  "$escalade" net-inputs --variant "$variant" --input "$chunk" --output "$tmp/$name.inp" \
    --evals "$tmp/$name.evals" >/dev/null
  if [ $((seed % 1000)) -eq 1 ]; then target=$out.valid; else target=$out.train; fi
  # the header once per file
  if [ -s "$target" ]; then tail -n +2 "$tmp/$name.inp" >>"$target"; else cat "$tmp/$name.inp" >>"$target"; fi
  cat "$tmp/$name.evals" >>"$target.evals"
done
echo "$(($(wc -l <"$out.train") - 1)) positions to train on in $out.train," \
  "$(($(wc -l <"$out.valid") - 1)) held back in $out.valid"
