#!/usr/bin/env python3
"""Trains a game's evaluation network from the inputs `escalade net-inputs` writes and
writes it as an `escalade-net-1` network file. This script owns the inputs file's reading,
the training target, the output buckets and the network file's header; the network and
its training are net_training.py's, shared with FIDE's train-net.py.

Input: a header line `escalade-net-inputs GAME INPUTS MOST_PIECES` (the variant family,
the number of inputs of a perspective, the most pieces a position holds), then a line
`PIECES;RESULT;CP;A1 A2 ...;B1 B2 ...` per position: its number of pieces, the game's
result (0, 0.5 or 1) and the search's score in centipawns, both from the side to move's
view, and the active inputs (0 <= i < INPUTS, space separated, either list may be empty)
from the side to move's perspective (A) and the other side's (B).

Each position is fitted to `LAMBDA * sigmoid(K * CP) + (1 - LAMBDA) * RESULT`, where
`sigmoid(x) = 1 / (1 + 10^(-x / 400))`, through `sigmoid(K * cp)` of the network's
centipawns. The network: INPUTS -> HIDDEN for both perspectives with the same weights,
`crelu` or `screlu`, the side to move's half first -> 1 output in centipawns from the
output bucket `min(PIECES * BUCKETS // (MOST_PIECES + 1), BUCKETS - 1)`.

The file: a header line `escalade-net-1 GAME INPUTS HIDDEN QA QB SCALE BUCKETS
MOST_PIECES ACTIVATION`, then the weights as net_training.py writes them (w1 INPUTS x
HIDDEN i16, b1, each bucket's 2 * HIDDEN output weights, the output biases as i32).

  scripts/strength/train-game-net.py DATA OUT [--hidden 64] [--epochs 10] [--batch 16384]
      [--lr 0.002] [--k 1.0] [--lambda 0.5] [--seed 1] [--buckets 4]
      [--activation screlu|crelu] [--valid FILE] [--init NET] [--dump-eval FILE]
      [--base FILE --valid-base FILE]

With --base FILE (one value a line for each position of DATA, in centipawns from the side
to move's view: `escalade net-inputs --evals`, the table's evaluation) the network is
trained as a correction to that value: the fitted curve is `sigmoid(K * (base + net))`,
and the game adds the network to its table (--valid-base: the same for --valid's
positions).

The held-out error printed after each epoch is on 2% of DATA drawn at random, or with
--valid on FILE's positions (an inputs file of the same game; all of DATA is then
trained on). --init NET starts from NET's weights (its header must match the options and
DATA's; a --hidden that is a multiple of NET's width widens it); with --epochs 0 NET is
only read (DATA's positions are not). --dump-eval FILE prints, for each position of the
inputs file FILE, the written network's evaluation in centipawns as the engine computes
it (integers, divisions rounding down), one a line on stdout; everything else goes to
stderr.

Needs numpy and scipy (`pip install numpy scipy`).
"""
import sys
import time

import numpy as np
import scipy.sparse as sp

import net_training
from net_training import QA, QB, SCALE

INPUTS_MAGIC = "escalade-net-inputs"
MAGIC = "escalade-net-1"
# the text read at a time, in characters
BLOCK = 1 << 22
# the numbers ';' and the line ends are read as
FIELD, LINE = -1e18, -2e18


def read_header(path):
    """An inputs file's header: `(game, inputs, most_pieces)`."""
    with open(path) as lines:
        fields = lines.readline().split()
    if len(fields) != 4 or fields[0] != INPUTS_MAGIC:
        sys.exit(f"{path}: not an inputs file ({INPUTS_MAGIC} GAME INPUTS MOST_PIECES)")
    return fields[1], int(fields[2]), int(fields[3])


def capacity(path):
    """The number of positions of an inputs file and, for each perspective, at least its
    number of inputs (one more than its spaces a position), read as bytes."""
    lines = ours = theirs = 0
    semicolons = np.uint8(0)  # counted modulo 256: their count modulo 4 is the field
    with open(path, "rb") as f:
        header = f.readline()
        last = header[-1:]
        while chunk := f.read(BLOCK):
            raw = np.frombuffer(chunk, dtype=np.uint8)
            field = np.cumsum(raw == ord(";"), dtype=np.uint8) + semicolons
            semicolons = field[-1]
            spaces = raw == ord(" ")
            ours += int(np.count_nonzero(spaces & (field % 4 == 3)))
            theirs += int(np.count_nonzero(spaces & (field % 4 == 0)))
            lines += chunk.count(b"\n")
            last = chunk[-1:]
    lines += last not in (b"\n", b"")
    return lines, ours + lines, theirs + lines


def blocks(path):
    """An inputs file's position lines, in blocks of whole lines."""
    with open(path) as f:
        f.readline()
        rest = ""
        while chunk := f.read(BLOCK):
            chunk = rest + chunk
            end = chunk.rfind("\n") + 1
            rest = chunk[end:]
            if end:
                yield chunk[:end]
        if rest.strip():
            yield rest + "\n"


def parse(text):
    """A block's positions: `(pieces, results, cps)` and each perspective's inputs and
    their counts, or None if a line is not of the form."""
    if "\n\n" in text or text.startswith("\n"):
        text = "".join(line for line in text.splitlines(True) if line.strip())
    try:
        values = np.fromstring(text.replace(";", " -1e18 ").replace("\n", " -2e18 "), sep=" ")
    except ValueError:  # a word that is not a number
        return None
    ends = np.flatnonzero(values == LINE)
    fields = np.flatnonzero(values == FIELD)
    if len(fields) != 4 * len(ends) or len(ends) != text.count("\n"):
        return None
    fields = fields.reshape(-1, 4)
    starts = np.concatenate([[0], ends[:-1] + 1])[: len(ends)]
    if np.any(fields[:, :3] != starts[:, None] + [1, 3, 5]) or np.any(fields[:, 3] > ends):
        return None
    zone = np.zeros(len(values), dtype=np.int8)
    zone[fields[:, 2]] = 1
    zone[fields[:, 3]] = 1
    zone[ends] = -2
    zone = np.cumsum(zone, dtype=np.int8)  # 1 in the A list, 2 in the B list
    inputs = values > FIELD / 2
    perspectives = [values[(zone == z) & inputs] for z in (1, 2)]
    counts = [fields[:, 3] - fields[:, 2] - 1, ends - fields[:, 3] - 1]
    scalars = values[starts], values[fields[:, 0] + 1], values[fields[:, 1] + 1]
    return scalars, perspectives, counts


def check(scalars, perspectives, inputs):
    """What is wrong with a block's numbers, if anything."""
    pieces, results, cps = scalars
    if not np.all(np.isfinite(pieces) & np.isfinite(cps)):
        return "PIECES and CP must be integers"
    if np.any((pieces < 0) | (pieces != np.floor(pieces)) | (cps != np.floor(cps))):
        return "PIECES and CP must be integers, PIECES >= 0"
    if np.any((results < 0) | (results > 1)):
        return "RESULT must be in 0..1"
    for active in perspectives:
        if np.any((active < 0) | (active >= inputs) | (active != np.floor(active))):
            return f"inputs must be integers in 0..{inputs - 1}"
    return None


def load(path):
    """An inputs file's header and positions: `(xs, xn, pieces, results, cps)`, the
    inputs of both perspectives as sparse matrices (the side to move's first). The inputs
    go into arrays sized once by `capacity`, so memory stays near the matrices' own."""
    header = read_header(path)
    n, *room = capacity(path)
    active = [np.empty(size, dtype=np.int32) for size in room]
    counts = [np.zeros(n + 1, dtype=np.int64) for _ in room]
    scalars = [np.empty(n, dtype=np.float32) for _ in range(3)]
    done, filled = 0, [0, 0]
    for text in blocks(path):
        block = parse(text)
        problem = check(*block[:2], header[1]) if block else "not PIECES;RESULT;CP;A...;B..."
        if problem:
            last = done + text.count("\n")
            sys.exit(f"{path}: a line of positions {done + 1}-{last}: {problem}")
        size = len(block[0][0])
        for whole, part in zip(scalars, block[0]):
            whole[done : done + size] = part
        for p in range(2):
            active[p][filled[p] : filled[p] + len(block[1][p])] = block[1][p]
            filled[p] += len(block[1][p])
            counts[p][done + 1 : done + 1 + size] = block[2][p]
        done += size
    ones = np.ones(max(filled), dtype=np.float32)
    xs, xn = (
        sp.csr_matrix((ones[:f], a[:f], np.cumsum(c[: done + 1])), shape=(done, header[1]))
        for a, c, f in zip(active, counts, filled)
    )
    return header, (xs, xn, *(s[:done] for s in scalars))


def bucket_of(pieces, buckets, most_pieces):
    return np.minimum(pieces.astype(np.int64) * buckets // (most_pieces + 1), buckets - 1)


def positions(path, args, header=None):
    """An inputs file's positions as net_training.train takes them: `(xs, xn, targets,
    buckets)`; its header must be `header` if given."""
    found, (xs, xn, pieces, results, cps) = load(path)
    if header is not None and found != header:
        sys.exit(f"{path}: header {found}, {header} expected")
    if not len(pieces):
        sys.exit(f"{path}: no positions")
    fitted = 1 / (1 + 10 ** (-args.k * cps.astype(np.float64) / 400))
    targets = (args.lambda_ * fitted + (1 - args.lambda_) * results).astype(np.float32)
    return found, (xs, xn, targets, bucket_of(pieces, args.buckets, found[2]))


def read_net(path):
    """A network file's header fields `(game, inputs, qa, qb, scale, buckets,
    most_pieces, activation)` and its weights as net_training.read_weights gives them."""
    fields, body = net_training.read_header(path, MAGIC)
    if len(fields) != 9:
        sys.exit(f"{path}: a header of 9 fields after {MAGIC} expected")
    game, (inputs, hidden, qa, qb, scale, buckets, most) = fields[0], map(int, fields[1:8])
    found = (game, inputs, qa, qb, scale, buckets, most, fields[8])
    return found, net_training.read_weights(body, inputs, hidden, buckets)


def init_net(args, header):
    """--init's weights, the header fields the options and DATA's `header` ask for and
    the file's (as `net_training.initial_params` takes them)."""
    game, inputs, most = header
    asked = (game, inputs, QA, QB, SCALE, args.buckets, most, args.activation)
    found, weights = read_net(args.init)
    return weights, asked, found


def train(args):
    """The trained network's float weights and DATA's header."""
    t0 = time.time()
    header = read_header(args.data)
    stored = init_net(args, header) if args.init else None
    if args.epochs == 0:
        rng = np.random.default_rng(args.seed)
        return net_training.initial_params(args, header[1], rng, stored), header
    data = with_base(positions(args.data, args)[1], args.base)
    print(f"{len(data[2])} positions read in {time.time() - t0:.0f} s", file=sys.stderr)
    held = with_base(positions(args.valid, args, header)[1], args.valid_base) if args.valid else None
    return net_training.train(args, data, held, stored, t0), header


def with_base(data, path):
    """`data` with each position's base value from `path` (centipawns a line) as its
    fifth part, in units of SCALE centipawns; `data` itself when `path` is None."""
    if path is None:
        return data
    base = np.loadtxt(path, dtype=np.float32, ndmin=1)
    if len(base) != len(data[2]):
        sys.exit(f"{path}: {len(base)} values for {len(data[2])} positions")
    return (*data, base / SCALE)


def net_header(params, header, activation, buckets):
    game, inputs, most = header
    hidden = params[0].shape[1]
    return f"{MAGIC} {game} {inputs} {hidden} {QA} {QB} {SCALE} {buckets} {most} {activation}"


def evaluate(net, xs, xn, bucket, activation):
    """Each position's evaluation in centipawns from the quantized weights `net`, in the
    engine's integer arithmetic (divisions rounding down), a thousand positions at a
    time; and how many positions had a unit's sum outside i16 (the engine's accumulators
    would wrap there)."""
    w1, b1, w2, b2 = (np.asarray(part, dtype=np.int64) for part in net)
    out = np.empty(xs.shape[0], dtype=np.int64)
    wide = 0
    for start in range(0, len(out), 1024):
        rows = slice(start, start + 1024)
        sums = np.concatenate([x[rows].astype(np.int64) @ w1 + b1 for x in (xs, xn)], axis=1)
        wide += int(np.count_nonzero(np.any((sums < -32768) | (sums > 32767), axis=1)))
        v = np.clip(sums, 0, QA)
        w = w2[bucket[rows]]
        if activation == "screlu":
            total = (v * v * w).sum(1) // QA + b2[bucket[rows]]
        else:
            total = (v * w).sum(1) + b2[bucket[rows]]
        out[rows] = total * SCALE // (QA * QB)
    return out, wide


def dump_eval(params, path, header, args):
    """Prints the evaluation of each position of the inputs file `path`."""
    found, (xs, xn, pieces, _, _) = load(path)
    if found != header:
        sys.exit(f"{path}: header {found}, {header} expected")
    bucket = bucket_of(pieces, args.buckets, header[2])
    cp, wide = evaluate(net_training.quantized(params), xs, xn, bucket, args.activation)
    if wide:
        print(f"{path}: {wide} positions with a unit's sum outside i16", file=sys.stderr)
    sys.stdout.write("".join(f"{value}\n" for value in cp))


def main():
    ap = net_training.parser(__doc__)
    net_training.add_options(
        ap, hidden=64, epochs=10, k=1.0, buckets=4, valid_help="held-out positions (an inputs file)"
    )
    ap.add_argument("--lambda", dest="lambda_", metavar="LAMBDA", type=float, default=0.5)
    ap.add_argument("--dump-eval", help="print the network's evaluations of an inputs file")
    ap.add_argument("--base", help="DATA's base values (net-inputs --evals): train a correction")
    ap.add_argument("--valid-base", help="--valid's base values")
    args = ap.parse_args()
    if (args.base is None) != (args.valid_base is None) and args.valid:
        ap.error("--base and --valid-base go together")
    if args.buckets < 1 or args.hidden < 1:
        ap.error("--buckets and --hidden must be at least 1")
    params, header = train(args)
    header_line = net_header(params, header, args.activation, args.buckets)
    net_training.write_net(args.out, header_line, params)
    print(f"network written to {args.out}", file=sys.stderr)
    if args.dump_eval:
        dump_eval(params, args.dump_eval, header, args)


if __name__ == "__main__":
    main()
