#!/usr/bin/env python3
"""Writes an EPD opening book of varied FIDE positions: N games of PLIES random legal plies
from the start (seeded), keeping positions that are not over and not yet lopsided (no
capture in the last two plies, equal material). Each position is meant to be played with
both colours (cutechess-cli `-repeat`, `escalade match -repeat`).

  scripts/strength/openings.py OUT.epd [N=200] [PLIES=8] [SEED=1]
"""
import random
import sys

import chess

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def material(board):
    return sum(
        v * (len(board.pieces(p, chess.WHITE)) - len(board.pieces(p, chess.BLACK)))
        for p, v in VALUES.items()
    )


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    plies = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    seen = set()
    with open(out, "w") as f:
        while len(seen) < n:
            board = chess.Board()
            for _ in range(plies):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            if board.is_game_over() or material(board) != 0 or board.is_check():
                continue
            epd = board.epd()
            if epd not in seen:
                seen.add(epd)
                f.write(epd + "\n")


if __name__ == "__main__":
    main()
