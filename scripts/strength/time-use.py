#!/usr/bin/env python3
"""Thinking time per engine from a cutechess-cli PGN (move comments `{score/depth TIMEs}`):
total seconds, average per game, and time forfeits.

  scripts/strength/time-use.py games.pgn
"""
import collections
import re
import sys

import chess

from pgn_games import move_comments, read_games

TIME = re.compile(r"(\d+(?:\.\d+)?)s")


def main():
    totals = collections.Counter()
    games = collections.Counter()
    forfeits = collections.Counter()
    for game in read_games(sys.argv[1]):
        names = {chess.WHITE: game.headers.get("White"), chess.BLACK: game.headers.get("Black")}
        for side in names.values():
            games[side] += 1
        last = ""
        for mover, comment in move_comments(game):
            last = comment
            m = TIME.search(comment)
            if m:
                totals[names[mover]] += float(m.group(1))
        if "time forfeit" in game.headers.get("Termination", "") or "loses on time" in last:
            loser = names[chess.WHITE] if game.headers.get("Result") == "0-1" else names[chess.BLACK]
            forfeits[loser] += 1
    for name in sorted(games):
        print(f"{name}: {totals[name]:.1f} s thinking over {games[name]} games "
              f"({totals[name] / max(1, games[name]):.2f} s a game), {forfeits[name]} time forfeits")


if __name__ == "__main__":
    main()
