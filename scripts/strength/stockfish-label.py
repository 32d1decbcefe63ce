#!/usr/bin/env python3
"""Relabels FIDE tuning data with Stockfish's judgement: each `FEN;RESULT` line (White's
view, as `escalade datagen` and `pgn-positions.py` write) gets the label

    LAMBDA * RESULT + (1 - LAMBDA) * EXPECTED

where EXPECTED is the expected score (win + draw / 2, White's view) from Stockfish's
win/draw/loss model (`UCI_ShowWDL`) after a search of NODES nodes (or, written `depth=D`,
of depth D: a shallow search labels many more positions a minute). A game result alone is
a noisy label (one game decides thousands of positions); a strong engine's expectation is
a smoother one, and the blend keeps the games' word on what wins in the end.

  scripts/strength/stockfish-label.py IN OUT [NODES=2000 or depth=D] [LAMBDA=0.5] [STOCKFISH=stockfish]
"""
import subprocess
import sys


def expected_score(engine, fen, limit):
    """Stockfish's expected score for the side to move, from its last `wdl` report."""
    engine.stdin.write(f"position fen {fen}\ngo {limit}\n")
    engine.stdin.flush()
    wdl = None
    for line in engine.stdout:
        words = line.split()
        if "wdl" in words:
            i = words.index("wdl")
            w, d, _ = (int(x) for x in words[i + 1 : i + 4])
            wdl = (w + d / 2) / 1000
        if words and words[0] == "bestmove":
            return wdl


def main():
    src, dst = sys.argv[1], sys.argv[2]
    nodes = sys.argv[3] if len(sys.argv) > 3 else "2000"
    limit = f"depth {int(nodes[6:])}" if nodes.startswith("depth=") else f"nodes {int(nodes)}"
    weight = float(sys.argv[4]) if len(sys.argv) > 4 else 0.5
    program = sys.argv[5] if len(sys.argv) > 5 else "stockfish"
    engine = subprocess.Popen(
        [program], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    engine.stdin.write("uci\nsetoption name UCI_ShowWDL value true\nsetoption name Hash value 16\nisready\n")
    engine.stdin.flush()
    for line in engine.stdout:
        if line.strip() == "readyok":
            break
    done = 0
    with open(src) as lines, open(dst, "w") as out:
        for line in lines:
            line = line.strip()
            if not line or line.startswith("#") or ";" not in line:
                continue
            fen, result = line.rsplit(";", 1)
            mover = expected_score(engine, fen, limit)
            if mover is None:
                continue
            white = mover if fen.split()[1] == "w" else 1 - mover
            out.write(f"{fen};{weight * float(result) + (1 - weight) * white:.4f}\n")
            done += 1
            if done % 10000 == 0:
                print(f"{done} positions", file=sys.stderr, flush=True)
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()
    print(f"{done} positions labelled to {dst}")


if __name__ == "__main__":
    main()
