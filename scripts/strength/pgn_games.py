"""The games of a cutechess-cli PGN, their results and their move comments
(`{score/depth TIMEs}`), shared by the strength scripts that read them (eval-confidence.py,
paired-runs.py, time-use.py)."""
import chess.pgn

POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def read_games(path):
    """Each game of the PGN file at `path`, in order."""
    with open(path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            yield game


def points(game, white):
    """What White (`white` true) or Black scored in `game`; None for an unfinished game."""
    white_points = POINTS.get(game.headers.get("Result"))
    if white_points is None:
        return None
    return white_points if white else 1.0 - white_points


def move_comments(game):
    """(the colour that moved, the move's comment, "" if none) for each move of the main
    line of `game`."""
    node = game
    while node.variations:
        node = node.variations[0]
        yield not node.turn(), node.comment or ""
