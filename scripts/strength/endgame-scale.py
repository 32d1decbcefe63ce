#!/usr/bin/env python3
"""How far Escalade's evaluation of endgames is from Stockfish's, by kind of endgame.

Collects the endgame positions (at most PIECES pieces besides kings, every fourth ply, no
check, each placement once) of the games in the PGN files, scores each with Escalade
(depth 1) and Stockfish (depth 14), and prints for each class of endgame (`endgame_class`:
the hard-to-win kinds of the endgame-scaling experiment in docs/strength.md) the share of
Escalade's score that Stockfish's keeps: the least-squares slope through the origin, both
scores clipped to 600 cp, from the side Escalade's score favours (positions it scores
within 30 cp, or past 2000, left out). Positions are cached in OUT (a line per position:
FEN;escalade;stockfish), so a second run with the same OUT only fits.

    scripts/strength/endgame-scale.py OUT ESCALADE STOCKFISH GAMES.pgn...

Needs python-chess. A share near 1 in every class means an evaluation as confident as
Stockfish's deeper search.
"""

import collections
import os
import sys

import chess
import chess.engine
import chess.pgn

PIECES = 10
VALUES = {chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def endgames(paths):
    """Yield each endgame placement of the games once."""
    seen = set()
    for path in paths:
        with open(path) as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                board = game.board()
                for ply, move in enumerate(game.mainline_moves(), 1):
                    board.push(move)
                    pieces = len(board.piece_map()) - 2
                    if pieces > PIECES or ply % 4 or board.is_check() or board.is_game_over():
                        continue
                    if board.board_fen() not in seen:
                        seen.add(board.board_fen())
                        yield board.copy()


def collect(out, escalade, stockfish, paths):
    esc = chess.engine.SimpleEngine.popen_uci(escalade)
    sf = chess.engine.SimpleEngine.popen_uci(stockfish)
    try:
        with open(out, "w") as f:
            for board in endgames(paths):
                e = esc.analyse(board, chess.engine.Limit(depth=1))["score"]
                s = sf.analyse(board, chess.engine.Limit(depth=14))["score"]
                e = e.pov(board.turn).score(mate_score=30000)
                s = s.pov(board.turn).score(mate_score=30000)
                f.write(f"{board.fen()};{e};{s}\n")
    finally:
        esc.quit()
        sf.quit()


def pieces_value(board, side):
    return sum(VALUES[p.piece_type] for p in board.piece_map().values()
               if p.color == side and p.piece_type in VALUES)


def opposite_bishops_only(board):
    for side in chess.COLORS:
        others = board.occupied_co[side] & ~board.pawns & ~board.kings
        bishops = board.bishops & board.occupied_co[side]
        if len(board.pieces(chess.BISHOP, side)) != 1 or others != bishops:
            return False
    light = [bool(board.pieces(chess.BISHOP, s) & chess.BB_LIGHT_SQUARES) for s in chess.COLORS]
    return light[0] != light[1]


def endgame_class(board, strong):
    weak = not strong
    sp, wp = len(board.pieces(chess.PAWN, strong)), len(board.pieces(chess.PAWN, weak))
    sv, wv = pieces_value(board, strong), pieces_value(board, weak)
    knights = board.occupied_co[strong] & ~board.kings == board.knights & board.occupied_co[strong]
    if sp == 0 and (sv - wv <= 3 or (knights and len(board.pieces(chess.KNIGHT, strong)) <= 2)):
        return "no pawns, at most a minor ahead"
    if opposite_bishops_only(board):
        return "opposite bishops only"
    if sv == wv and sv > 0 and sp <= wp + 1:
        if sp <= 2:
            return "same pieces, <= a pawn up, <= 2 pawns"
        if sv <= 10:
            return "same pieces, <= a pawn up, >= 3 pawns"
    return "other"


def fit(out):
    classes = collections.defaultdict(list)
    with open(out) as f:
        for line in f:
            fen, e, s = line.strip().split(";")
            e, s = int(e), int(s)
            if abs(e) > 2000 or abs(s) > 2000 or abs(e) < 30:
                continue
            board = chess.Board(fen)
            sign = 1 if e > 0 else -1
            strong = board.turn if e > 0 else not board.turn
            classes[endgame_class(board, strong)].append((e * sign, s * sign))
    for name, pairs in sorted(classes.items()):
        num = sum(min(e, 600) * max(min(s, 600), -600) for e, s in pairs)
        den = sum(min(e, 600) ** 2 for e, _ in pairs)
        mean_e = sum(e for e, _ in pairs) / len(pairs)
        mean_s = sum(s for _, s in pairs) / len(pairs)
        print(f"{name:40s} {len(pairs):5d} positions  Escalade {mean_e:5.0f}  "
              f"Stockfish {mean_s:5.0f}  share {num / den:5.2f}")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    out, escalade, stockfish, paths = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    if paths and not os.path.exists(out):
        collect(out, escalade, stockfish, paths)
    fit(out)


if __name__ == "__main__":
    main()
