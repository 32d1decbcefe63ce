"""The game-independent core of the evaluation network trainers, shared by train-net.py
(FIDE's network) and train-game-net.py (the other games'): the network's float form and
its training, and the quantized weights of its file. Each trainer owns its inputs (how
positions become input indices, the output bucket of a position, the training target)
and its file's header line; this module owns everything after.

The network: INPUTS sparse inputs -> HIDDEN units, computed for both sides' perspectives
with the same weights, clipped to 0..1 (`crelu`) or clipped and squared (`screlu`), the
side to move's half first -> 1 output per bucket, in units of SCALE centipawns, of which
each position uses its own bucket's. It is fitted with Adam on the mean squared error of
`1 / (1 + 10^(-K * cp / 400))` against each position's target in 0..1; after each step
the weights are clipped to what the quantized network can hold. The rate is cut to 0.3
of itself two thirds of the way through the epochs and again five sixths of the way (the
first epoch always runs at --lr).

Weights are written quantized after the trainer's header line, all little-endian: the
hidden layer as i16 times QA (a row per input, then the biases), the output layer as i16
times QB (each bucket's 2 * HIDDEN weights together, the side to move's units first),
then each bucket's output bias as i32 times QA * QB.

A network read back (--init) starts training from its weights; a --hidden that is a
multiple of its width widens it (see `widen`).
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np

QA, QB, SCALE = 255, 64, 400
# the largest weight the quantized layers hold (i16 / QB, with a margin)
LIMIT = 1.98


def add_options(ap, hidden, epochs, k, buckets, valid_help, bucket_choices=None):
    """The trainer options both trainers take (the defaults given are the trainer's)."""
    ap.add_argument("data")
    ap.add_argument("out")
    ap.add_argument("--hidden", type=int, default=hidden)
    ap.add_argument("--epochs", type=int, default=epochs)
    ap.add_argument("--batch", type=int, default=16384)
    ap.add_argument("--lr", type=float, default=0.002)
    ap.add_argument("--k", type=float, default=k)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--buckets", type=int, default=buckets, choices=bucket_choices)
    ap.add_argument("--activation", choices=("crelu", "screlu"), default="screlu")
    ap.add_argument("--valid", help=valid_help)
    ap.add_argument("--init", help="a network file to start from (fine-tuning)")


def parser(doc):
    """An argument parser described by the first line of a trainer's docstring."""
    return argparse.ArgumentParser(description=doc.splitlines()[0])


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


def forward(params, xs, xn, bucket, activation):
    w1, b1, w2, b2 = params
    acc_s = xs @ w1 + b1
    acc_n = xn @ w1 + b1
    h = np.concatenate([activate(acc_s, activation), activate(acc_n, activation)], axis=1)
    out = h @ w2 + b2  # every bucket's output, in units of SCALE centipawns
    return acc_s, acc_n, h, out[np.arange(len(bucket)), bucket]


def random_params(inputs, hidden, buckets, rng):
    w1 = rng.normal(0, 0.1, (inputs, hidden)).astype(np.float32)
    b1 = np.full(hidden, 0.1, dtype=np.float32)
    w2 = rng.normal(0, 1.0 / hidden, (2 * hidden, buckets)).astype(np.float32)
    return [w1, b1, w2, np.zeros(buckets, dtype=np.float32)]


def initial_params(args, inputs, rng, stored=None):
    """The weights training starts from: random, or (--init) a network file's. `stored`
    is then `(weights, asked, found)`: the file's weights as `read_weights` gives them and
    the header fields besides its width the options ask for and the file holds, which must
    agree (its quantization is QA, QB and SCALE)."""
    hidden = args.hidden
    if stored is None:
        return random_params(inputs, hidden, args.buckets, rng)
    (w1, b1, w2, b2), asked, found = stored
    width = w1.shape[1]
    # a --hidden that is a multiple of the file's width widens it (see `widen`)
    if asked != found or hidden % width:
        sys.exit(
            f"--init {args.init}: shape {(width, *found)}, asked for {(hidden, *asked)} "
            "(--hidden must be the file's width or a multiple of it)"
        )
    params = [
        (w1 / QA).astype(np.float32),
        (b1 / QA).astype(np.float32),
        (w2.T / QB).astype(np.float32),
        (b2 / (QA * QB)).astype(np.float32),
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


def train(args, data, held, stored, t0):
    """Trains on `data`, `(side to move's inputs, other side's inputs, targets, output
    buckets)` (sparse matrices with a row per position, then arrays), from the weights of
    `initial_params`, printing the error after each epoch on `held` (positions alike), or
    with `held` None on 2% of `data` drawn at random and not trained on."""
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(len(data[2]))
    if held is None:
        valid = order[: max(1, len(order) // 50)]
        held = tuple(part[valid] for part in data)
        fit = order[len(valid) :]
    else:
        fit = order
    params = initial_params(args, data[0].shape[1], rng, stored)
    return fit_epochs(params, data, fit, held, args, rng, t0)


def fit_epochs(params, data, fit, held, args, rng, t0):
    """`params` after args.epochs passes over the positions `fit` of `data`. A fifth part
    of `data` (and of `held`), where given, is each position's base value in units of
    SCALE centipawns, which the network's output is added to: the network is then trained
    as a correction to it."""
    w1, _, w2, _ = params  # the weights clipped after each step
    # the curve in units of the output (SCALE centipawns)
    slope = np.float32(np.log(10) * args.k * SCALE / 400)
    opt = Adam(params, args.lr)
    for epoch in range(args.epochs):
        # the two cuts of the module docstring; never in the first epoch
        if epoch > 0 and epoch in (args.epochs * 2 // 3, args.epochs * 5 // 6):
            opt.lr *= 0.3
        rng.shuffle(fit)
        total = 0.0
        for start in range(0, len(fit), args.batch):
            idx = np.sort(fit[start : start + args.batch])
            batch = tuple(part[idx] for part in data)
            squares, grads = gradients(params, batch, slope, args.activation)
            total += squares
            opt.step(params, grads)
            # keep the weights inside what the quantized network can hold
            np.clip(w1, -LIMIT, LIMIT, out=w1)
            np.clip(w2, -LIMIT, LIMIT, out=w2)
        _, _, _, vout = forward(params, held[0], held[1], held[3], args.activation)
        vp = 1 / (1 + np.exp(-slope * (vout + base_of(held))))
        verr = float(np.mean((vp - held[2]) ** 2))
        print(
            f"epoch {epoch + 1}: train {total / len(fit):.6f} valid {verr:.6f} "
            f"({time.time() - t0:.0f} s)",
            file=sys.stderr,
            flush=True,
        )
    return params


def gradients(params, batch, slope, act):
    """The batch's summed squared error and the gradients of its mean for `params`."""
    _, _, w2, _ = params
    bs, bn, by, bb = batch[:4]
    hidden = w2.shape[0] // 2
    count = len(by)
    acc_s, acc_n, h, out = forward(params, bs, bn, bb, act)
    p = 1 / (1 + np.exp(-slope * (out + base_of(batch))))
    err = p - by
    d_out = (2 * err * p * (1 - p) * slope / count).astype(np.float32)
    # only each position's own bucket took part
    d_buckets = np.zeros((count, w2.shape[1]), dtype=np.float32)
    d_buckets[np.arange(count), bb] = d_out
    g_w2 = h.T @ d_buckets
    g_b2 = d_buckets.sum(0)
    d_h = d_out[:, None] * w2.T[bb]
    d_s = d_h[:, :hidden] * slope_of(acc_s, act)
    d_n = d_h[:, hidden:] * slope_of(acc_n, act)
    g_w1 = np.asarray(bs.T @ d_s + bn.T @ d_n, dtype=np.float32)
    g_b1 = d_s.sum(0) + d_n.sum(0)
    return float(err @ err), [g_w1, g_b1, g_w2, g_b2]


def base_of(data):
    """The base values of `data`'s positions (its fifth part), or 0 where it has none."""
    return data[4] if len(data) > 4 else 0


def quantized(params):
    """The integers a network file holds for `params`: w1 (a row per input) and b1 as i16
    times QA, w2 as i16 times QB with a row per bucket, b2 as i32 times QA * QB."""
    w1, b1, w2, b2 = params
    q = lambda a, s: np.clip(np.round(a * s), -32768, 32767).astype("<i2")
    return (
        q(w1, QA),
        q(b1, QA),
        q(w2.T, QB),
        np.round(b2.astype(np.float64) * QA * QB).astype("<i4"),
    )


def write_net(path, header, params):
    """Writes the network file: `header` (without its newline), then the weights."""
    with open(path, "wb") as out:
        out.write(f"{header}\n".encode())
        for part in quantized(params):
            out.write(part.tobytes())


def read_header(path, magic):
    """A network file's header fields after `magic` (which it must start with) and its
    bytes after the header line."""
    raw = Path(path).read_bytes()
    end = raw.index(b"\n")
    header = raw[:end].decode().split()
    if not header or header[0] != magic:
        sys.exit(f"{path}: not a network file ({magic})")
    return header[1:], raw[end + 1 :]


def read_weights(body, inputs, hidden, buckets):
    """The weights `(w1, b1, w2, b2)` of a network file's bytes after its header line, as
    float64 holding the quantized integers (w2 one row per bucket)."""
    count = inputs * hidden + hidden + 2 * hidden * buckets
    shorts = np.frombuffer(body, dtype="<i2", count=count)
    w1 = shorts[: inputs * hidden].reshape(inputs, hidden).astype(np.float64)
    at = inputs * hidden
    b1 = shorts[at : at + hidden].astype(np.float64)
    w2 = shorts[at + hidden :].reshape(buckets, 2 * hidden).astype(np.float64)
    b2 = np.frombuffer(body[2 * count :], dtype="<i4", count=buckets).astype(np.float64)
    return w1, b1, w2, b2
