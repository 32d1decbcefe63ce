"""The games of a cutechess-cli PGN and their move comments (`{score/depth TIMEs}`), shared
by the strength scripts that read them (eval-confidence.py, time-use.py)."""
import chess.pgn


def read_games(path):
    """Each game of the PGN file at `path`, in order."""
    with open(path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            yield game


def move_comments(game):
    """(the colour that moved, the move's comment, "" if none) for each move of the main
    line of `game`."""
    node = game
    while node.variations:
        node = node.variations[0]
        yield not node.turn(), node.comment or ""
