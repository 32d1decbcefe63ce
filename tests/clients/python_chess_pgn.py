"""Reads a PGN file written by `escalade match` with python-chess and checks every game:
python-chess accepts every move, each move token is exactly the SAN python-chess writes for
that move, the `PlyCount` tag matches, and a game that ends in mate on the board carries the
mating side's result.

    python3 python_chess_pgn.py GAMES.pgn      (one line per game; exits non-zero on a fault)
"""
import io
import re
import sys

import chess
import chess.pgn

NOT_A_MOVE = re.compile(r"^\d+\.+$|^(1-0|0-1|1/2-1/2|\*)$")


def move_tokens(block):
    """The move tokens of one game's text (tags, comments, numbers and result removed)."""
    text = block.split("\n\n", 1)[1] if "\n\n" in block else ""
    text = re.sub(r"\{[^}]*\}", " ", text)
    return [t for t in text.split() if not NOT_A_MOVE.match(t)]


def check_game(number, block):
    game = chess.pgn.read_game(io.StringIO(block))
    if game is None or game.errors:
        raise SystemExit(f"game {number}: python-chess refused it: {game and game.errors}")
    board = game.board()
    sans = []
    for mv in game.mainline_moves():
        sans.append(board.san(mv))
        board.push(mv)
    tokens = move_tokens(block)
    if tokens != sans:
        raise SystemExit(f"game {number}: not python-chess's SAN:\n ours   {tokens}\n theirs {sans}")
    plies = len(sans)
    if int(game.headers.get("PlyCount", plies)) != plies:
        raise SystemExit(f"game {number}: PlyCount {game.headers['PlyCount']} != {plies}")
    result = game.headers["Result"]
    if board.is_checkmate():
        expected = "0-1" if board.turn == chess.WHITE else "1-0"
        if result != expected:
            raise SystemExit(f"game {number}: mate on the board but result {result}")
    print(f"game {number}: {plies} plies, {result}")


def main(path):
    with open(path, encoding="utf-8") as f:
        blocks = re.split(r"\n\s*\n(?=\[Event )", f.read().strip())
    if not blocks or not blocks[0]:
        raise SystemExit("no game in the file")
    for number, block in enumerate(blocks, 1):
        check_game(number, block)
    print(f"{len(blocks)} games, every move in python-chess's SAN")


if __name__ == "__main__":
    main(sys.argv[1])
