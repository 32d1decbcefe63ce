#!/usr/bin/env python3
"""Two runs of one engine against the same opponent on the same openings (two cutechess-cli
PGNs, for example two builds' runs of cutechess-vs-stockfish.sh with the same SRAND),
compared game by game: each opening and colour's score in the first run less its score in
the second, averaged, with a 95% margin. Pairing removes the openings' own share of the
noise, so the margin is narrower than the two runs' Elo margins taken apart.

  scripts/strength/paired-runs.py FIRST.pgn SECOND.pgn [ENGINE]

ENGINE is the engine's name in the `White`/`Black` tags (default Escalade). A game is keyed
by its `FEN` tag (the opening), the engine's colour and how often that pair came before.
Unfinished games are left out; finished games found in one run only are left out and
counted ("unpaired").
"""
import collections
import math
import sys

from pgn_games import points, read_games


def scores(path, engine):
    """{(opening, engine plays white, occurrence): the engine's score} of the PGN at `path`."""
    out = {}
    seen = collections.Counter()
    for game in read_games(path):
        tags = game.headers
        white = tags.get("White") == engine
        if not white and tags.get("Black") != engine:
            continue
        key = (tags.get("FEN", ""), white)
        seen[key] += 1
        scored = points(game, white)
        if scored is not None:
            out[key + (seen[key],)] = scored
    return out


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.split("\n\n")[1])
    engine = sys.argv[3] if len(sys.argv) == 4 else "Escalade"
    first, second = (scores(path, engine) for path in sys.argv[1:3])
    keys = [key for key in first if key in second]
    if len(keys) < 2:
        sys.exit(f"only {len(keys)} games of {engine} are in both runs: nothing to compare")
    diffs = [first[key] - second[key] for key in keys]
    n = len(diffs)
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    margin = 1.96 * math.sqrt(variance / n)
    unpaired = len(first) + len(second) - 2 * n
    first_mean = sum(first[key] for key in keys) / n
    second_mean = sum(second[key] for key in keys) / n
    print(f"{n} paired games of {engine} ({unpaired} unpaired left out): "
          f"first {first_mean:.3f}, second {second_mean:.3f} a game; "
          f"difference {mean:+.3f} ± {margin:.3f} (95%)")


if __name__ == "__main__":
    main()
