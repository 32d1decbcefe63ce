#!/usr/bin/env python3
"""How far each engine's own scores can be trusted, from a cutechess-cli PGN (move comments
`{score/depth TIMEs}`, the mover's view in pawns, `+M5`/`-M5` for mates): for each
threshold, the games in which the engine once reported at least that much for itself, and
what it scored in them. A well-judging engine wins most games it once called won; an
overconfident one draws or loses many of them.

  scripts/strength/eval-confidence.py games.pgn [THRESHOLD...]   (default 1 2 3)
"""
import collections
import re
import sys

import chess

from pgn_games import move_comments, points, read_games

SCORE = re.compile(r"^([+-]?)(M?)(\d+(?:\.\d+)?)/\d+")


def reported(comment):
    """The mover's score in pawns from a move comment, or None (book moves, no comment)."""
    m = SCORE.match(comment or "")
    if not m:
        return None
    size = 1000.0 if m.group(2) else float(m.group(3))
    return -size if m.group(1) == "-" else size


def best_reports(game):
    """Each side's highest reported score in one game, by colour (an engine playing itself
    has one name for both)."""
    best = {}
    for mover, comment in move_comments(game):
        score = reported(comment)
        if score is not None:
            best[mover] = max(best.get(mover, score), score)
    return best


def main():
    thresholds = [float(t) for t in sys.argv[2:]] or [1.0, 2.0, 3.0]
    games = collections.Counter()
    above = collections.Counter()
    scored = collections.Counter()
    for game in read_games(sys.argv[1]):
        if points(game, True) is None:
            continue
        best = best_reports(game)
        for side in (chess.WHITE, chess.BLACK):
            name = game.headers.get("White" if side == chess.WHITE else "Black")
            games[name] += 1
            side_points = points(game, side == chess.WHITE)
            for t in thresholds:
                if best.get(side, float("-inf")) >= t:
                    above[name, t] += 1
                    scored[name, t] += side_points
    for name in sorted(games):
        parts = []
        for t in thresholds:
            n = above[name, t]
            share = f"{100 * scored[name, t] / n:.1f}%" if n else "-"
            parts.append(f">= {t:g}: {n} games, scored {scored[name, t]:g} ({share})")
        print(f"{name} ({games[name]} games): " + "; ".join(parts))


if __name__ == "__main__":
    main()
