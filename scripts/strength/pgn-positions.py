#!/usr/bin/env python3
"""Turns finished FIDE games (PGN) into tuning data for `escalade tune`: one line
`FEN;RESULT` (1.0, 0.5, 0.0 from White's view) for every quiet position, the same
filter `escalade datagen` applies to its own games: past the first SKIP plies of the
game's record, not in check, and the move played there neither a capture, a promotion nor
a check (a static evaluation cannot see a pending exchange or attack). Games without a
decisive or drawn result tag are left out.

  scripts/strength/pgn-positions.py GAMES.pgn OUT.txt [SKIP=8]
"""
import sys

import chess
import chess.pgn

RESULTS = {"1-0": "1.0", "1/2-1/2": "0.5", "0-1": "0.0"}


def quiet_positions(game, skip):
    board = game.board()
    for ply, move in enumerate(game.mainline_moves()):
        quiet = not (
            board.is_check()
            or board.is_capture(move)
            or move.promotion
            or board.gives_check(move)
        )
        if ply >= skip and quiet:
            yield board.fen()
        board.push(move)


def main():
    pgn_path, out_path = sys.argv[1], sys.argv[2]
    skip = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    games = positions = 0
    with open(pgn_path) as pgn, open(out_path, "w") as out:
        while (game := chess.pgn.read_game(pgn)) is not None:
            result = RESULTS.get(game.headers.get("Result", "*"))
            if result is None:
                continue
            games += 1
            for fen in quiet_positions(game, skip):
                out.write(f"{fen};{result}\n")
                positions += 1
    print(f"{games} games, {positions} quiet positions -> {out_path}", file=sys.stderr)


if __name__ == "__main__":
    main()
