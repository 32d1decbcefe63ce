#!/usr/bin/env python3
"""Escalade as an OpenBench client sees it, with OpenBench's own client code.

    python3 scripts/openbench.py check --openbench DIR [--engine BIN] [--threads T]

`check` imports `Client/bench.py` and `Client/genfens.py` from an OpenBench source
checkout (DIR: a clone of https://github.com/AndyGrant/OpenBench; nothing of it is copied
here) and runs them on the engine as an OpenBench worker does:

  * `bench.run_benchmark`: `./ENGINE bench` in T processes at once, twice, its regular
    expressions reading the bench node count and the speed; OpenBench refuses an engine
    whose benches differ or fail to parse;
  * `genfens.create_genfens_opening_book`: `./ENGINE "genfens N seed S book None " "quit"`
    in T processes, the `info string genfens FEN` lines turned into an EPD book.

It prints what OpenBench read and exits non-zero when OpenBench's code refuses the engine.
The engine runs as a copy under a name of this run's own (OpenBench's timeout path kills
stalled engines by name; this script replaces that with a message, so that no other
process is touched).

OpenBench's SPSA input for Escalade's search constants is printed by the engine itself:
`escalade uci --openbench-spsa`.
"""

import argparse
import os
import shutil
import sys
import tempfile

def openbench_modules(root):
    """OpenBench's client modules `bench`, `genfens` and `utils`, from its checkout."""
    client = os.path.join(os.path.abspath(root), "Client")
    if not os.path.isfile(os.path.join(client, "bench.py")):
        sys.exit("openbench.py: %s holds no Client/bench.py (an OpenBench checkout?)" % root)
    sys.path.insert(0, client)
    import bench  # noqa: E402  (OpenBench's Client/bench.py)
    import genfens  # noqa: E402
    import utils  # noqa: E402

    def refuse_to_kill(name):
        print("openbench.py: OpenBench would kill %s by name here (timed out)" % name,
              file=sys.stderr)

    utils.kill_process_by_name = refuse_to_kill
    return bench, genfens


def check(args):
    bench, genfens = openbench_modules(args.openbench)
    engine = os.path.abspath(args.engine)
    if not os.path.isfile(engine):
        sys.exit("openbench.py: no engine at %s (cargo build --release --bin escalade)" % engine)
    work = tempfile.mkdtemp(prefix="escalade-openbench-")
    name = "escalade-ob-%d" % os.getpid()
    shutil.copy(engine, os.path.join(work, name))
    os.chdir(work)  # OpenBench runs `./NAME` in its engine directory
    failures = 0
    try:
        nps, nodes = bench.run_benchmark(name, args.threads, 2)
        print("OpenBench bench: %d nodes, %d nps (%d processes x 2 sets, all equal)"
              % (nodes, nps, args.threads))
    except Exception as e:  # OpenBench's refusal, e.g. OpenBenchBadBenchException
        print("OpenBench bench refused the engine: %r" % (e,))
        failures += 1
    book = os.path.join(work, "genfens.epd")
    with open(book, "w") as out:
        try:
            genfens.create_genfens_opening_book({
                "N": args.count, "book": "None", "seeds": [1000 + i for i in range(args.threads)],
                "extra": "", "engine": name, "threads": args.threads, "output": out,
            })
        except Exception as e:
            print("\nOpenBench genfens refused the engine: %r" % (e,))
            failures += 1
    with open(book) as fin:
        lines = [line.rstrip("\n") for line in fin]
    print("\nOpenBench genfens: %d EPD lines, %d distinct, first: %s"
          % (len(lines), len(set(lines)), lines[0] if lines else "(none)"))
    if len(lines) != args.count * args.threads:
        failures += 1
    shutil.rmtree(work)
    return 1 if failures else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="run OpenBench's bench and genfens code on the engine")
    c.add_argument("--openbench", required=True, help="an OpenBench source checkout")
    c.add_argument("--engine", default="target/release/escalade", help="the engine binary")
    c.add_argument("--threads", type=int, default=2, help="processes at once, as a worker")
    c.add_argument("--count", type=int, default=16, help="genfens positions per process")
    args = p.parse_args()
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
