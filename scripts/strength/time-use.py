#!/usr/bin/env python3
"""Thinking time per engine from a cutechess-cli PGN (move comments `{score/depth TIMEs}`):
total seconds, average per game, and time forfeits.

  scripts/strength/time-use.py games.pgn
"""
import collections
import re
import sys

import chess.pgn

TIME = re.compile(r"(\d+(?:\.\d+)?)s")


def main():
    totals = collections.Counter()
    games = collections.Counter()
    forfeits = collections.Counter()
    with open(sys.argv[1]) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            names = {chess.WHITE: game.headers.get("White"), chess.BLACK: game.headers.get("Black")}
            for side in names.values():
                games[side] += 1
            node = game
            while node.variations:
                node = node.variations[0]
                mover = names[not node.board().turn]
                m = TIME.search(node.comment or "")
                if m:
                    totals[mover] += float(m.group(1))
            if "time forfeit" in game.headers.get("Termination", "") or "loses on time" in (node.comment or ""):
                loser = names[chess.WHITE] if game.headers.get("Result") == "0-1" else names[chess.BLACK]
                forfeits[loser] += 1
    for name in sorted(games):
        print(f"{name}: {totals[name]:.1f} s thinking over {games[name]} games "
              f"({totals[name] / max(1, games[name]):.2f} s a game), {forfeits[name]} time forfeits")


if __name__ == "__main__":
    main()
