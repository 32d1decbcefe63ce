#!/usr/bin/env python3
"""Trains FIDE's evaluation network from labelled positions and writes it in the format
`movegen/fide/src/eval/net.rs` reads (`fide.net`). This script owns FIDE's inputs (the
FENs' pieces, the king layouts), its output buckets and its file's header line; the
network, its training and the weights' layout in the file are net_training.py's, shared
with train-game-net.py (the other games' trainer).

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
import sys
import time

import numpy as np
import scipy.sparse as sp

import net_training
from net_training import QA, QB, SCALE

PIECES = "PNBRQK"
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


def bucket_of(counts, buckets):
    width = -(-MOST_PIECES // buckets)
    return np.minimum(np.maximum(counts - 2, 0) // width, buckets - 1)


def read_net(path):
    """A network file's header fields `(qa, qb, scale, buckets, activation, kings)` and
    its weights `(w1, b1, w2, b2)` as float64 holding the quantized integers (w2 one row
    per bucket)."""
    header, body = net_training.read_header(path, MAGIC)
    hidden, qa, qb, scale, buckets = (int(f) for f in header[:5])
    activation = header[5]
    kings = header[6] if len(header) > 6 else "plain"
    inputs = 768 * (max(KING_LAYOUTS[kings][1]) + 1)
    weights = net_training.read_weights(body, inputs, hidden, buckets)
    return (qa, qb, scale, buckets, activation, kings), weights


def init_net(args):
    """--init's weights, the header fields the options ask for and the file's (as
    `net_training.initial_params` takes them)."""
    (qa, qb, scale, buckets, activation, kings), weights = read_net(args.init)
    asked = (args.buckets, args.activation, args.kings, QA, QB, SCALE)
    return weights, asked, (buckets, activation, kings, qa, qb, scale)


def train(args):
    t0 = time.time()
    xs, xn, y, counts = load(args.data, args.kings)
    data = (xs, xn, y, bucket_of(counts, args.buckets))
    print(f"{len(y)} positions read in {time.time() - t0:.0f} s", file=sys.stderr)
    held = None
    if args.valid:
        held = load(args.valid, args.kings)
        held = (*held[:3], bucket_of(held[3], args.buckets))
    stored = init_net(args) if args.init else None
    return net_training.train(args, data, held, stored, t0)


def write(params, path, activation, kings):
    buckets = params[2].shape[1]
    layout = "" if kings == "plain" else f" {kings}"
    header = f"{MAGIC} {params[0].shape[1]} {QA} {QB} {SCALE} {buckets} {activation}{layout}"
    net_training.write_net(path, header, params)


def main():
    ap = net_training.parser(__doc__)
    net_training.add_options(
        ap,
        hidden=128,
        epochs=12,
        k=1.6057,
        buckets=8,
        valid_help="held-out positions (FEN;LABEL lines)",
        bucket_choices=range(1, MOST_PIECES + 1),
    )
    ap.add_argument("--kings", choices=sorted(KING_LAYOUTS), default="plain")
    args = ap.parse_args()
    write(train(args), args.out, args.activation, args.kings)
    print(f"network written to {args.out}")


if __name__ == "__main__":
    main()
