#!/usr/bin/env python3
"""Pools the SPRT of several `escalade match` runs of the same two engines under the same
hypotheses (runs continued with another -srand, or side by side at -concurrency 1): sums
the last `Ptnml(0-2): a, b, c, d, e` line of each log and prints the pooled pentanomial
counts, the Elo of the mean pair score and the log-likelihood ratio with the runner's own
formula (normal GSPRT over pairs: n (s1 - s0) (2 mean - s0 - s1) / (2 var)) and bounds.

  scripts/strength/pool-sprt.py [--elo0 0] [--elo1 10] [--alpha 0.05] [--beta 0.05] LOG...
"""
import argparse
import math
import re
import sys

PTNML = re.compile(r"Ptnml\(0-2\): (\d+), (\d+), (\d+), (\d+), (\d+)")


def last_counts(path):
    """The pentanomial counts of the last report in the log at `path`."""
    with open(path, encoding="utf-8", errors="replace") as f:
        found = [m for m in map(PTNML.search, f) if m]
    if not found:
        sys.exit(f"pool-sprt: no Ptnml(0-2) line in {path}")
    return [int(x) for x in found[-1].groups()]


def expected_score(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def main():
    p = argparse.ArgumentParser(description="Pool the SPRT of several match logs.")
    p.add_argument("--elo0", type=float, default=0.0)
    p.add_argument("--elo1", type=float, default=10.0)
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("logs", nargs="+")
    a = p.parse_args()
    total = [0] * 5
    for path in a.logs:
        counts = last_counts(path)
        print(f"{path}: Ptnml(0-2): {', '.join(map(str, counts))}")
        total = [t + c for t, c in zip(total, counts)]
    n = sum(total)
    if n == 0:
        sys.exit("pool-sprt: no pairs")
    mean = sum(c * k / 4 for k, c in enumerate(total)) / n
    var = sum(c * (k / 4 - mean) ** 2 for k, c in enumerate(total)) / n
    s0, s1 = expected_score(a.elo0), expected_score(a.elo1)
    llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var) if var > 0 else 0.0
    elo = -400 * math.log10(1 / mean - 1) if 0 < mean < 1 else math.copysign(math.inf, mean - 0.5)
    lower, upper = math.log(a.beta / (1 - a.alpha)), math.log((1 - a.beta) / a.alpha)
    verdict = "H1 accepted" if llr >= upper else "H0 accepted" if llr <= lower else "no bound yet"
    print(f"pooled: Ptnml(0-2): {', '.join(map(str, total))}  pairs {n}  games {2 * n}")
    print(f"score {mean:.4f}  Elo {elo:.1f}  LLR {llr:.2f} ({lower:.2f}, {upper:.2f})  {verdict}")


if __name__ == "__main__":
    main()
