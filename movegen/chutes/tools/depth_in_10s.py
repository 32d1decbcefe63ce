#!/usr/bin/env python3
"""Depth reached by `escalade uci` in a fixed move time from middlegame Chutes positions.

Usage: depth_in_10s.py PATH/TO/escalade [MOVETIME_MS]   (default 10000, one thread, 16 MB)
Prints one line per position: the last `info depth` line of the search and the best move.
"""
import subprocess
import sys

POSITIONS = [
    # both boards: an Italian opening, full material, no things yet
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R|"
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq|KQkq - - - 4 5",
    # engine self-play from the start, 30 plies at 300 ms: eight things on the board
    "r1bqkb1r/ppp1pppp/2n1p1b1/6P1/3p1n2/3P1N1P/PPP1PP2/R2QKB1R|"
    "r2qk1nr/ppp3pp/2n2p2/2bN4/8/2NPN3/PPPBPPPP/R1BQKB1R w KQkq|KQkq - "
    "ld2,Lc3,Cf3,cd4,cg4,ld5,Le5,Ce6 - 3 16",
    # engine self-play from the start, 50 plies at 200 ms
    "3rkb1r/ppp1pppp/4p1b1/1P4P1/1Bb5/P3PN1P/8/R3K2R|"
    "r2qk1nr/1pp4p/2n2p2/2bNn1p1/p7/P1NPN3/1PP1PPPP/R1BQKB1R w KQk|KQkq - "
    "lb1,Lc3,Cf3,cd4,cg4,ld5,Le5,Ce6 - 0 26",
    # engine self-play from the start (staged search), 36 plies at 200 ms: seven things
    "r2qk1nr/pp3ppp/3p4/4n3/1n4P1/1NNP1P1P/PPP2P2/2RQK2R|"
    "r2qk2r/ppp2ppp/2pb1n2/2bpp3/P7/2N1B3/1PP1PPPP/R1BQKB1R w Kkq|KQkq - "
    "cb3,cd3,le3,Cb4,ld4,Cg4,Lc6 - 1 19",
]


def main():
    exe = sys.argv[1]
    movetime = sys.argv[2] if len(sys.argv) > 2 else "10000"
    p = subprocess.Popen([exe, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def until(prefix):
        lines = []
        while True:
            line = p.stdout.readline()
            if not line:
                return lines
            lines.append(line.rstrip())
            if line.startswith(prefix):
                return lines

    send("uci")
    until("uciok")
    send("setoption name UCI_Variant value chutes")
    for i, fen in enumerate(POSITIONS, 1):
        send("ucinewgame")
        send("isready")
        until("readyok")
        send("position fen " + fen)
        send("go movetime " + movetime)
        lines = until("bestmove")
        infos = [l for l in lines if l.startswith("info depth")]
        last = infos[-1] if infos else "(no info line)"
        fields = last.split()
        pick = {k: fields[fields.index(k) + 1] for k in ("depth", "nodes", "nps", "time")
                if k in fields}
        print(f"P{i}: depth {pick.get('depth')} nodes {pick.get('nodes')} "
              f"nps {pick.get('nps')} time {pick.get('time')} | {lines[-1]}", flush=True)
    send("quit")


if __name__ == "__main__":
    main()
