#!/usr/bin/env python3
"""Trains FIDE's evaluation network from labelled positions and writes it in the format
`movegen/fide/src/eval/net.rs` reads (`fide.net`).

Input: `FEN;LABEL` lines (White's view), as `escalade datagen` with
`stockfish-label.py` write them: LABEL is an expected score in 0..1.

The network: 768 inputs per king bucket (colour relative to the perspective, kind,
square turned for Black; in a mirrored layout, files mirrored when the perspective's king
stands on e-h; the perspective king's square picks the bucket, see --kings) -> HIDDEN,
computed for both sides' perspectives with the same weights, clipped to 0..1 (`crelu`)
or clipped and squared (`screlu`), the side to move's half first -> 1 output in
centipawns, from the output bucket of the number of pieces (BUCKETS buckets of
ceil(32 / BUCKETS) pieces, from 2 up). Its output is fitted through the tuner's own
curve, `1 / (1 + 10^(-K * cp / 400))`, so the network's centipawns are on the scale of
the hand-set evaluation (the search's margins assume it).

Weights are written quantized: the hidden layer as i16 times QA, the output layer as
i16 times QB, biases likewise (the output biases times QA * QB), each bucket's output
weights together; all little-endian, preceded by a header line (magic, hidden size, QA,
QB, the output scale, the number of buckets, the activation, and the king layout unless
it is `plain`). The king layouts are `movegen/fide/src/eval/net_kings.rs`'s: `plain` (one
bucket, no mirror), `mirror` (one bucket, mirrored), `mirror4` (mirrored; the king on rank
1 files a-b, rank 1 files c-d, rank 2, ranks 3-8, seen from its side after mirroring).

  scripts/strength/train-net.py DATA OUT [--hidden 128] [--epochs 12] [--k 1.6057]
      [--buckets 8] [--activation screlu] [--kings plain] [--valid FILE] [--init NET]

The held-out error printed after each epoch is on 2% of DATA drawn at random, or with
--valid on FILE's positions (all of DATA is then trained on). Positions of one game are
alike, so a random 2% flatters a network that learns the games by heart: hold out whole
chunks of games (`net-error.py` measures a finished network on them).

With --init NET training starts from NET's weights instead of random ones (the shape
options must match NET's header): a network fine-tuned on new games, usually with a
smaller --lr and fewer epochs. A --hidden that is a multiple of NET's width widens it:
each unit is split into that many copies whose output weights sum to the original's, so
training starts from what NET computes, with more units to learn with.

The rate is cut to 0.3 of itself two thirds of the way through the epochs and again five
sixths of the way (with --epochs 2 both cuts fall on the second epoch; the first epoch
always runs at --lr).

Needs numpy and scipy (`pip install numpy scipy`).
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np
import scipy.sparse as sp

PIECES = "PNBRQK"
QA, QB, SCALE = 255, 64, 400
MAGIC = "escalade-fide-net-2"
MOST_PIECES = 32
KING = 5
# each layout: mirrored or not, and the bucket of a king on each square of files a-d
# (seen from its side after mirroring; index rank * 8 + file)
KING_LAYOUTS = {
    "plain": (False, [0] * 64),
    "mirror": (True, [0] * 64),
    "mirror4": (True, [0, 0, 1, 1, 1, 1, 0, 0] + [2] * 8 + [3] * 48),
}


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


def king_view(own_king, layout):
    """For kings on `own_king` (squares seen from their side): what each perspective's
    squares are XORed with (7 when mirrored) and the first input of its bucket."""
    mirrored, table = KING_LAYOUTS[layout]
    flip = np.where(mirrored & (own_king % 8 >= 4), 7, 0)
    return flip, np.asarray(table)[own_king ^ flip] * 768


def load(path, layout="plain"):
    """Sparse inputs of both perspectives (side to move first), the labels (the side
    to move's expected score) and each position's number of pieces. The inputs are
    gathered into arrays sized once from the line count (at most 32 pieces a position),
    so memory stays near the matrices' own."""
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
    # Black's view of the same piece: colours swapped, the square turned by rank
    black = np.where(white >= 384, white - 384, white + 384) ^ 56
    # each side's king (its square seen from its side) picks its view
    owner = np.repeat(np.arange(n), counts[:n])
    white_king = np.zeros(n, dtype=np.int32)
    black_king = np.zeros(n, dtype=np.int32)
    white_king[owner[white // 64 == KING]] = white[white // 64 == KING] % 64
    black_king[owner[black // 64 == KING]] = black[black // 64 == KING] % 64
    for side, king in ((white, white_king), (black, black_king)):
        flip, offset = king_view(king, layout)
        side ^= flip[owner]
        side += offset[owner]
    flip = np.repeat(black_to_move[:n], counts[:n])
    ours = np.where(flip, black, white)
    theirs = np.where(flip, white, black)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(counts[:n], out=indptr[1:])
    ones = np.ones(filled, dtype=np.float32)
    inputs = 768 * (max(KING_LAYOUTS[layout][1]) + 1)
    xs = sp.csr_matrix((ones, ours, indptr), shape=(n, inputs))
    xn = sp.csr_matrix((ones, theirs, indptr), shape=(n, inputs))
    return xs, xn, labels[:n].copy(), counts[:n].copy()


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


def activate(acc, activation):
    clipped = np.clip(acc, 0, 1)
    return clipped * clipped if activation == "screlu" else clipped


def slope_of(acc, activation):
    """The activation's derivative at `acc`."""
    inside = (acc > 0) & (acc < 1)
    return 2 * acc * inside if activation == "screlu" else inside


def bucket_of(counts, buckets):
    width = -(-MOST_PIECES // buckets)
    return np.minimum(np.maximum(counts - 2, 0) // width, buckets - 1)


def forward(params, xs, xn, bucket, activation):
    w1, b1, w2, b2 = params
    acc_s = xs @ w1 + b1
    acc_n = xn @ w1 + b1
    h = np.concatenate([activate(acc_s, activation), activate(acc_n, activation)], axis=1)
    out = h @ w2 + b2  # every bucket's output, in units of SCALE centipawns
    return acc_s, acc_n, h, out[np.arange(len(bucket)), bucket]


def read_net(path):
    """A network file's header fields `(qa, qb, scale, buckets, activation, kings)` and
    its weights `(w1, b1, w2, b2)` as float64 holding the quantized integers (w2 one row
    per bucket)."""
    raw = Path(path).read_bytes()
    end = raw.index(b"\n")
    header = raw[:end].decode().split()
    if header[0] != MAGIC:
        sys.exit(f"{path}: not a network file ({MAGIC})")
    hidden, qa, qb, scale, buckets = (int(f) for f in header[1:6])
    activation = header[6]
    kings = header[7] if len(header) > 7 else "plain"
    inputs = 768 * (max(KING_LAYOUTS[kings][1]) + 1)
    body = raw[end + 1 :]
    count = inputs * hidden + hidden + 2 * hidden * buckets
    shorts = np.frombuffer(body, dtype="<i2", count=count)
    w1 = shorts[: inputs * hidden].reshape(inputs, hidden).astype(np.float64)
    at = inputs * hidden
    b1 = shorts[at : at + hidden].astype(np.float64)
    w2 = shorts[at + hidden :].reshape(buckets, 2 * hidden).astype(np.float64)
    b2 = np.frombuffer(body[2 * len(shorts) :], dtype="<i4").astype(np.float64)
    return (qa, qb, scale, buckets, activation, kings), (w1, b1, w2, b2)


def initial_params(args, inputs, rng):
    """The weights training starts from: random, or (--init) a network file's, which must
    have the shape asked for."""
    hidden = args.hidden
    if not args.init:
        w1 = rng.normal(0, 0.1, (inputs, hidden)).astype(np.float32)
        b1 = np.full(hidden, 0.1, dtype=np.float32)
        w2 = rng.normal(0, 1.0 / hidden, (2 * hidden, args.buckets)).astype(np.float32)
        return [w1, b1, w2, np.zeros(args.buckets, dtype=np.float32)]
    (qa, qb, scale, buckets, activation, kings), (w1, b1, w2, b2) = read_net(args.init)
    width = w1.shape[1]
    # a --hidden that is a multiple of the file's width widens it (see `widen`)
    asked = (args.buckets, args.activation, args.kings, QA, QB, SCALE)
    found = (buckets, activation, kings, qa, qb, scale)
    if asked != found or hidden % width:
        sys.exit(
            f"--init {args.init}: shape {(width, *found)}, asked for {(hidden, *asked)} "
            "(--hidden must be the file's width or a multiple of it)"
        )
    params = [
        (w1 / qa).astype(np.float32),
        (b1 / qa).astype(np.float32),
        (w2.T / qb).astype(np.float32),
        (b2 / (qa * qb)).astype(np.float32),
    ]
    return widen(params, hidden // width, rng) if hidden > width else params


def widen(params, copies, rng):
    """The same network with each hidden unit split into `copies` units: the same input
    weights and bias, the output weights shared out between them in random parts that sum
    to the original's, so the widened network computes what the narrow one does (to the
    output layer's rounding once written) while training can pull the copies apart."""
    w1, b1, w2, b2 = params
    width = w1.shape[1]
    parts = rng.uniform(0.5, 1.5, (copies, width)).astype(np.float32)
    parts /= parts.sum(0)
    # w2's rows: the side to move's units, then the other side's
    halves = (w2[:width], w2[width:])
    wide_w2 = [np.concatenate([half * parts[c][:, None] for c in range(copies)]) for half in halves]
    return [
        np.tile(w1, copies),
        np.tile(b1, copies),
        np.concatenate(wide_w2).astype(np.float32),
        b2,
    ]


def train(args):
    t0 = time.time()
    xs, xn, y, counts = load(args.data, args.kings)
    buckets = bucket_of(counts, args.buckets)
    act = args.activation
    n = len(y)
    print(f"{n} positions read in {time.time() - t0:.0f} s", file=sys.stderr)
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(n)
    if args.valid:
        held = load(args.valid, args.kings)
        held = (*held[:3], bucket_of(held[3], args.buckets))
        fit = order
    else:
        valid = order[: max(1, n // 50)]
        held = (xs[valid], xn[valid], y[valid], buckets[valid])
        fit = order[len(valid):]
    hidden = args.hidden
    params = initial_params(args, xs.shape[1], rng)
    w1, _, w2, _ = params  # the weights clipped after each step
    # the curve in units of the output (SCALE centipawns)
    slope = np.float32(np.log(10) * args.k * SCALE / 400)
    lr = args.lr
    opt = Adam(params, lr)
    for epoch in range(args.epochs):
        # the two cuts of the module docstring; never in the first epoch
        if epoch > 0 and epoch in (args.epochs * 2 // 3, args.epochs * 5 // 6):
            opt.lr *= 0.3
        rng.shuffle(fit)
        total = 0.0
        for start in range(0, len(fit), args.batch):
            idx = np.sort(fit[start : start + args.batch])
            bs, bn, by, bb = xs[idx], xn[idx], y[idx], buckets[idx]
            acc_s, acc_n, h, out = forward(params, bs, bn, bb, act)
            p = 1 / (1 + np.exp(-slope * out))
            err = p - by
            total += float(err @ err)
            d_out = (2 * err * p * (1 - p) * slope / len(idx)).astype(np.float32)
            # only each position's own bucket took part
            d_buckets = np.zeros((len(idx), args.buckets), dtype=np.float32)
            d_buckets[np.arange(len(idx)), bb] = d_out
            g_w2 = h.T @ d_buckets
            g_b2 = d_buckets.sum(0)
            d_h = d_out[:, None] * w2.T[bb]
            d_s = d_h[:, :hidden] * slope_of(acc_s, act)
            d_n = d_h[:, hidden:] * slope_of(acc_n, act)
            g_w1 = np.asarray(bs.T @ d_s + bn.T @ d_n, dtype=np.float32)
            g_b1 = d_s.sum(0) + d_n.sum(0)
            opt.step(params, [g_w1, g_b1, g_w2, g_b2])
            # keep the weights inside what the quantized network can hold
            np.clip(w1, -1.98, 1.98, out=w1)
            np.clip(w2, -1.98, 1.98, out=w2)
        _, _, _, vout = forward(params, held[0], held[1], held[3], act)
        vp = 1 / (1 + np.exp(-slope * vout))
        verr = float(np.mean((vp - held[2]) ** 2))
        print(
            f"epoch {epoch + 1}: train {total / len(fit):.6f} valid {verr:.6f} "
            f"({time.time() - t0:.0f} s)",
            file=sys.stderr,
            flush=True,
        )
    return params


def write(params, path, activation, kings):
    w1, b1, w2, b2 = params
    q = lambda a, s: np.clip(np.round(a * s), -32768, 32767).astype("<i2")
    buckets = w2.shape[1]
    layout = "" if kings == "plain" else f" {kings}"
    with open(path, "wb") as out:
        out.write(
            f"{MAGIC} {w1.shape[1]} {QA} {QB} {SCALE} {buckets} {activation}{layout}\n".encode()
        )
        out.write(q(w1, QA).tobytes())
        out.write(q(b1, QA).tobytes())
        out.write(q(w2.T, QB).tobytes())  # bucket by bucket
        out.write(np.round(b2.astype(np.float64) * QA * QB).astype("<i4").tobytes())


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
    ap.add_argument("--buckets", type=int, default=8, choices=range(1, MOST_PIECES + 1))
    ap.add_argument("--activation", choices=("crelu", "screlu"), default="screlu")
    ap.add_argument("--kings", choices=sorted(KING_LAYOUTS), default="plain")
    ap.add_argument("--valid", help="held-out positions (FEN;LABEL lines)")
    ap.add_argument("--init", help="a network file to start from (fine-tuning)")
    args = ap.parse_args()
    write(train(args), args.out, args.activation, args.kings)
    print(f"network written to {args.out}")


if __name__ == "__main__":
    main()
