#!/usr/bin/env python3
"""Plays complete FIDE games with python-chess against Escalade over UCI and XBoard,
and against Stockfish limited with UCI_LimitStrength.

Usage: python_chess_games.py ESCALADE_BINARY [STOCKFISH_BINARY]
Exit 0 when every game finished without a protocol error; prints one line per game.
A game is "complete" when it ends by the rules or at the ply cap (kept small for speed);
every engine move must be legal (python-chess checks).
"""
import sys

import chess
import chess.engine

PLY_CAP = 80


def play(white, black, limit_w, limit_b, label):
    board = chess.Board()
    engines = {chess.WHITE: (white, limit_w), chess.BLACK: (black, limit_b)}
    while not board.is_game_over(claim_draw=True) and board.ply() < PLY_CAP:
        engine, limit = engines[board.turn]
        result = engine.play(board, limit)
        if result.move is None:
            raise RuntimeError(f"{label}: no move in {board.fen()}")
        if result.move not in board.legal_moves:
            raise RuntimeError(f"{label}: illegal {result.move} in {board.fen()}")
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    text = outcome.result() if outcome else "*"
    print(f"{label}: {board.ply()} plies, {text}")
    return board


def main():
    escalade = sys.argv[1]
    stockfish = sys.argv[2] if len(sys.argv) > 2 else None
    limit = chess.engine.Limit(depth=2)
    uci_a = chess.engine.SimpleEngine.popen_uci([escalade, "uci"])
    uci_b = chess.engine.SimpleEngine.popen_uci([escalade])
    try:
        uci_a.configure({"Hash": 8})
        play(uci_a, uci_b, limit, limit, "uci vs uci")
        info = uci_a.analyse(chess.Board(), chess.engine.Limit(depth=3))
        assert "score" in info and "pv" in info, info
        # multi-PV as python-chess asks for it: three lines, distinct first moves, best first
        lines = uci_a.analyse(chess.Board(), chess.engine.Limit(depth=4), multipv=3)
        assert [l["multipv"] for l in lines] == [1, 2, 3], lines
        assert len({l["pv"][0] for l in lines}) == 3, lines
        scores = [l["score"].white().score(mate_score=100000) for l in lines]
        assert scores == sorted(scores, reverse=True), scores
        # root moves as python-chess restricts them (UCI `go searchmoves`)
        only = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")]
        info = uci_a.analyse(chess.Board(), chess.engine.Limit(depth=3), root_moves=only)
        assert info["pv"][0] in only, info
        # options as python-chess reads and sends them: a button, a handicap
        assert uci_a.options["Clear Hash"].type == "button", uci_a.options["Clear Hash"]
        assert uci_a.options["Skill Level"].max == 20, uci_a.options["Skill Level"]
        uci_a.configure({"Clear Hash": None, "Skill Level": 0})
        info = uci_a.analyse(chess.Board(), chess.engine.Limit(depth=8))
        assert info["depth"] == 1, info
        uci_a.configure({"Skill Level": 20})
    finally:
        uci_a.quit()
        uci_b.quit()

    xb = chess.engine.SimpleEngine.popen_xboard([escalade, "xboard"])
    uci = chess.engine.SimpleEngine.popen_uci([escalade, "uci"])
    try:
        play(xb, uci, limit, limit, "xboard vs uci")
        play(uci, xb, limit, chess.engine.Limit(time=0.05), "uci vs xboard (time)")
        info = xb.analyse(chess.Board(), chess.engine.Limit(depth=3))
        assert "score" in info, info
        # root moves over XBoard (python-chess sends `exclude`/`include`)
        only = [chess.Move.from_uci("b1a3")]
        info = xb.analyse(chess.Board(), chess.engine.Limit(depth=3), root_moves=only)
        assert info["pv"][0] in only, info
        # XBoard options as python-chess reads them (`feature option=...`); it keeps a name
        # only up to its first space, so `Skill Level` and `Clear Hash` are tested through
        # pipes instead (tests/tests/skill_level.rs, clear_hash_perft.rs)
        assert xb.options["MultiPV"].max == 256, xb.options["MultiPV"]
        xb.configure({"MaxDepth": 1})
        result = xb.play(chess.Board(), chess.engine.Limit(depth=8), info=chess.engine.INFO_ALL)
        assert result.move is not None and result.info.get("depth", 1) == 1, result.info
        xb.configure({"MaxDepth": 0})
    finally:
        xb.quit()
        uci.quit()

    if stockfish:
        sf = chess.engine.SimpleEngine.popen_uci(stockfish)
        esc = chess.engine.SimpleEngine.popen_uci([escalade, "uci"])
        try:
            sf.configure({"UCI_LimitStrength": True, "UCI_Elo": 1350})
            play(esc, sf, chess.engine.Limit(depth=3), chess.engine.Limit(time=0.02), "escalade vs stockfish")
        finally:
            sf.quit()
            esc.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
