#!/usr/bin/env python3
"""Writes an EPD opening book of varied FIDE positions: N games of PLIES random legal plies
from the start (seeded), keeping positions that are not over and not yet lopsided (no
check, equal material). With --engine, each candidate is also searched by that UCI engine
(Stockfish) to --depth, and only positions it scores within --window centipawns of
equality are kept: random plies alone leave pieces hanging (in the 200-position book of
equal material, Stockfish scores half beyond a pawn and 16 beyond five), and such
openings decide a game before it starts. Each position is meant to be played with both
colours (cutechess-cli `-repeat`, `escalade match -repeat`). Prints how many candidates
were kept.

  scripts/strength/openings.py OUT.epd [N=200] [PLIES=8] [SEED=1]
      [--engine /usr/games/stockfish] [--depth 10] [--window 50]

Needs python-chess (`pip install chess`).
"""
import argparse
import random

import chess
import chess.engine

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
# random games that never give a usable position stop the search for more
MOST_CANDIDATES_PER_POSITION = 1000


def material(board):
    return sum(
        v * (len(board.pieces(p, chess.WHITE)) - len(board.pieces(p, chess.BLACK)))
        for p, v in VALUES.items()
    )


def candidate(rng, plies):
    """A position after `plies` random legal plies, if it is not over, in check or
    unequal in material."""
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return None
        board.push(rng.choice(moves))
    if board.is_game_over() or material(board) != 0 or board.is_check():
        return None
    return board


def balanced(engine, board, depth, window):
    """Whether the engine scores `board` within `window` centipawns of equality."""
    info = engine.analyse(board, chess.engine.Limit(depth=depth))
    score = info["score"].white().score(mate_score=100_000)
    return abs(score) <= window


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("n", nargs="?", type=int, default=200)
    ap.add_argument("plies", nargs="?", type=int, default=8)
    ap.add_argument("seed", nargs="?", type=int, default=1)
    ap.add_argument("--engine", help="a UCI engine that scores candidates (Stockfish)")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--window", type=int, default=50, help="centipawns either side of 0")
    args = ap.parse_args()
    if args.n < 1 or args.plies < 0 or args.depth < 1 or args.window < 0:
        ap.error("N and --depth must be positive, PLIES and --window not negative")
    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine) if args.engine else None
    seen = set()
    tried = 0
    try:
        with open(args.out, "w") as f:
            while len(seen) < args.n and tried < args.n * MOST_CANDIDATES_PER_POSITION:
                tried += 1
                board = candidate(rng, args.plies)
                if board is None or board.epd() in seen:
                    continue
                if engine and not balanced(engine, board, args.depth, args.window):
                    continue
                seen.add(board.epd())
                f.write(board.epd() + "\n")
    finally:
        if engine:
            engine.quit()
    print(f"kept {len(seen)} of {tried} candidates")
    if len(seen) < args.n:
        raise SystemExit(f"only {len(seen)} positions found after {tried} candidates")


if __name__ == "__main__":
    main()
