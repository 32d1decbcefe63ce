#!/usr/bin/env python3
"""The error of FIDE network files on labelled positions, computed from what the engine
reads (its integer divisions left out, a fraction of a centipawn): the quantized weights,
the king layout and output buckets of each file's header, the squared (or clipped) units,
the output in centipawns through the trainer's curve `1 / (1 + 10^(-K * cp / 400))`
against each label. Give it positions no network was trained on (chunks of games held
back from the data): a random share of the training data flatters a network that learns
its games by heart.

  scripts/strength/net-error.py DATA NET [NET...] [--k 1.6057] [--each]

Prints, per network: its path, the mean squared error and the number of positions; with
--each first every position's evaluation in centipawns for the side to move, one a line
(to hold the trainer and the engine to the same numbers).
"""
import argparse
import importlib.util
from pathlib import Path

import numpy as np

spec = importlib.util.spec_from_file_location(
    "train_net", Path(__file__).with_name("train-net.py")
)
train_net = importlib.util.module_from_spec(spec)
spec.loader.exec_module(train_net)


def evaluations(net, data):
    """Each position's evaluation in centipawns for the side to move, and the labels."""
    (qa, qb, scale, buckets, activation, kings), (w1, b1, w2, b2) = train_net.read_net(net)
    xs, xn, y, counts = train_net.load(data, kings)
    bucket = train_net.bucket_of(counts, buckets)
    units = []
    for x in (xs, xn):
        clipped = np.clip(np.asarray(x @ w1) + b1, 0, qa)
        units.append(clipped * clipped / qa if activation == "screlu" else clipped)
    hidden = np.concatenate(units, axis=1)
    cp = ((hidden * w2[bucket]).sum(1) + b2[bucket]) * scale / (qa * qb)
    return cp, y


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data")
    ap.add_argument("nets", nargs="+")
    ap.add_argument("--k", type=float, default=1.6057)
    ap.add_argument("--each", action="store_true", help="print every evaluation")
    args = ap.parse_args()
    for net in args.nets:
        cp, y = evaluations(net, args.data)
        if args.each:
            print("\n".join(f"{value:.2f}" for value in cp))
        p = 1 / (1 + 10 ** (-args.k * cp / 400))
        print(f"{net} mse {float(np.mean((p - y) ** 2)):.6f} positions {len(y)}")


if __name__ == "__main__":
    main()
