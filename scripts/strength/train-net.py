#!/usr/bin/env python3
"""Trains FIDE's evaluation network from labelled positions and writes it in the format
`movegen/fide/src/eval/net.rs` reads (`fide.net`).

Input: `FEN;LABEL` lines (White's view), as `escalade datagen` with
`stockfish-label.py` write them: LABEL is an expected score in 0..1.

The network: 768 inputs (colour relative to the perspective, kind, square mirrored for
Black) -> HIDDEN, computed for both sides' perspectives with the same weights, clipped to
0..1, the side to move's half first -> 1 output in centipawns. Its output is fitted
through the tuner's own curve, `1 / (1 + 10^(-K * cp / 400))`, so the network's
centipawns are on the scale of the hand-set evaluation (the search's margins assume it).

Weights are written quantized: the hidden layer as i16 times QA, the output layer as
i16 times QB, biases likewise (the output bias times QA * QB); all little-endian,
preceded by a header line (magic, hidden size, QA, QB, the output scale).

  scripts/strength/train-net.py DATA OUT [--hidden 128] [--epochs 12] [--k 1.6057]

Needs numpy and scipy (`pip install numpy scipy`).
"""
import argparse
import sys
import time

import numpy as np
import scipy.sparse as sp

PIECES = "PNBRQK"
QA, QB, SCALE = 255, 64, 400
MAGIC = "escalade-fide-net-1"


def features(board):
    """The active input indices of a FEN's board field from White's perspective."""
    out = []
    rank = 7
    file = 0
    for ch in board:
        if ch == "/":
            rank -= 1
            file = 0
        elif ch.isdigit():
            file += int(ch)
        else:
            color = 0 if ch.isupper() else 1
            out.append(color * 384 + PIECES.index(ch.upper()) * 64 + rank * 8 + file)
            file += 1
    return out


def load(path):
    """Sparse inputs of both perspectives (side to move first), and the labels (the side
    to move's expected score). The inputs are gathered into arrays sized once from the
    line count (at most 32 pieces a position), so memory stays near the matrices' own."""
    with open(path) as lines:
        capacity = sum(1 for _ in lines)
    white = np.empty(capacity * 32, dtype=np.int16)
    counts = np.zeros(capacity, dtype=np.int64)
    black_to_move = np.zeros(capacity, dtype=bool)
    labels = np.empty(capacity, dtype=np.float32)
    n = filled = 0
    with open(path) as lines:
        for line in lines:
            line = line.strip()
            if not line or ";" not in line:
                continue
            fen, label = line.rsplit(";", 1)
            board, side = fen.split(maxsplit=2)[:2]
            active = features(board)
            white[filled : filled + len(active)] = active
            filled += len(active)
            counts[n] = len(active)
            black_to_move[n] = side == "b"
            y = float(label)
            labels[n] = 1.0 - y if side == "b" else y
            n += 1
    white = white[:filled].astype(np.int32)
    # Black's view of the same piece: colours swapped, the square mirrored by rank
    black = np.where(white >= 384, white - 384, white + 384) ^ 56
    flip = np.repeat(black_to_move[:n], counts[:n])
    ours = np.where(flip, black, white)
    theirs = np.where(flip, white, black)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(counts[:n], out=indptr[1:])
    ones = np.ones(filled, dtype=np.float32)
    xs = sp.csr_matrix((ones, ours, indptr), shape=(n, 768))
    xn = sp.csr_matrix((ones, theirs, indptr), shape=(n, 768))
    return xs, xn, labels[:n].copy()


class Adam:
    def __init__(self, params, lr):
        self.lr = lr
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, params, grads):
        self.t += 1
        b1, b2 = 0.9, 0.999
        for p, g, m, v in zip(params, grads, self.m, self.v):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            mhat = m / (1 - b1**self.t)
            vhat = v / (1 - b2**self.t)
            p -= self.lr * mhat / (np.sqrt(vhat) + 1e-8)


def forward(params, xs, xn):
    w1, b1, w2, b2 = params
    acc_s = xs @ w1 + b1
    acc_n = xn @ w1 + b1
    h = np.concatenate([np.clip(acc_s, 0, 1), np.clip(acc_n, 0, 1)], axis=1)
    out = h @ w2 + b2  # in units of SCALE centipawns
    return acc_s, acc_n, h, out[:, 0]


def train(args):
    t0 = time.time()
    xs, xn, y = load(args.data)
    n = len(y)
    print(f"{n} positions read in {time.time() - t0:.0f} s", file=sys.stderr)
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(n)
    valid = order[: max(1, n // 50)]
    fit = order[len(valid):]
    hidden = args.hidden
    w1 = rng.normal(0, 0.1, (768, hidden)).astype(np.float32)
    b1 = np.full(hidden, 0.1, dtype=np.float32)
    w2 = rng.normal(0, 1.0 / hidden, (2 * hidden, 1)).astype(np.float32)
    b2 = np.zeros(1, dtype=np.float32)
    params = [w1, b1, w2, b2]
    # the curve in units of the output (SCALE centipawns)
    slope = np.float32(np.log(10) * args.k * SCALE / 400)
    lr = args.lr
    opt = Adam(params, lr)
    for epoch in range(args.epochs):
        if epoch in (args.epochs * 2 // 3, args.epochs * 5 // 6):
            opt.lr *= 0.3
        rng.shuffle(fit)
        total = 0.0
        for start in range(0, len(fit), args.batch):
            idx = np.sort(fit[start : start + args.batch])
            bs, bn, by = xs[idx], xn[idx], y[idx]
            acc_s, acc_n, h, out = forward(params, bs, bn)
            p = 1 / (1 + np.exp(-slope * out))
            err = p - by
            total += float(err @ err)
            d_out = (2 * err * p * (1 - p) * slope / len(idx)).astype(np.float32)[:, None]
            g_w2 = h.T @ d_out
            g_b2 = d_out.sum(0)
            d_h = d_out @ w2.T
            d_s = d_h[:, :hidden] * ((acc_s > 0) & (acc_s < 1))
            d_n = d_h[:, hidden:] * ((acc_n > 0) & (acc_n < 1))
            g_w1 = np.asarray(bs.T @ d_s + bn.T @ d_n, dtype=np.float32)
            g_b1 = d_s.sum(0) + d_n.sum(0)
            opt.step(params, [g_w1, g_b1, g_w2, g_b2])
            # keep the weights inside what the quantized network can hold
            np.clip(w1, -1.98, 1.98, out=w1)
            np.clip(w2, -1.98, 1.98, out=w2)
        _, _, _, vout = forward(params, xs[valid], xn[valid])
        vp = 1 / (1 + np.exp(-slope * vout))
        verr = float(np.mean((vp - y[valid]) ** 2))
        print(
            f"epoch {epoch + 1}: train {total / len(fit):.6f} valid {verr:.6f} "
            f"({time.time() - t0:.0f} s)",
            file=sys.stderr,
            flush=True,
        )
    return params


def write(params, path):
    w1, b1, w2, b2 = params
    q = lambda a, s: np.clip(np.round(a * s), -32768, 32767).astype("<i2")
    with open(path, "wb") as out:
        out.write(f"{MAGIC} {w1.shape[1]} {QA} {QB} {SCALE}\n".encode())
        out.write(q(w1, QA).tobytes())
        out.write(q(b1, QA).tobytes())
        out.write(q(w2[:, 0], QB).tobytes())
        out.write(np.array([round(float(b2[0]) * QA * QB)], dtype="<i4").tobytes())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data")
    ap.add_argument("out")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--batch", type=int, default=16384)
    ap.add_argument("--lr", type=float, default=0.002)
    ap.add_argument("--k", type=float, default=1.6057)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    write(train(args), args.out)
    print(f"network written to {args.out}")


if __name__ == "__main__":
    main()
