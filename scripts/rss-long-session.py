#!/usr/bin/env python3
"""Memory of one long-lived engine process: a single `escalade uci` plays GAMES games of
self-play in every registered variant (node-limited moves, so the figures do not depend
on the machine's load), switching variants and sending `ucinewgame` between games, and
reports its resident memory (VmRSS) and peak (VmHWM) after the first and the last game of
each variant. Memory that stays flat over the games, at the table size plus a constant,
shows the engine holds nothing per game.

    scripts/rss-long-session.py [BINARY] [GAMES] [NODES] [HASH_MB]
"""
import subprocess
import sys


def status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(value.split()[0]) // 1024
    return fields


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/escalade"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    nodes = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    hash_mb = int(sys.argv[4]) if len(sys.argv) > 4 else 16
    names = subprocess.run([binary, "variants"], capture_output=True, text=True, check=True)
    variants = [line.split("\t")[0] for line in names.stdout.splitlines()]
    engine = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")

    def until(prefix):
        seen = []
        while True:
            line = engine.stdout.readline()
            if not line:
                raise SystemExit(f"the engine ended ({seen[-3:]})")
            seen.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return seen

    send("uci")
    until("uciok")
    send(f"setoption name Hash value {hash_mb}")
    send("setoption name Seed value 7")
    print(f"one process, Hash {hash_mb} MB, {games} games per variant, {nodes} nodes a move")
    print("variant\tplies\tRSS after game 1 (MB)\tRSS after last (MB)\tpeak (MB)")
    total = 0
    for variant in variants:
        send(f"setoption name UCI_Variant value {variant}")
        first = None
        plies_played = 0
        for game in range(games):
            send("ucinewgame")
            moves = []
            for _ in range(160):
                send("position startpos moves " + " ".join(moves) if moves else "position startpos")
                send(f"go nodes {nodes}")
                lines = until("bestmove")
                # dice rolled by the engine for moves given without an outcome join the list
                for line in lines:
                    if line.startswith("info string roll after "):
                        moves.append(line.split(": ", 1)[1])
                best = lines[-1].split()[1]
                if best in ("(none)", "0000"):
                    break
                moves.append(best)
                plies_played += 1
            if game == 0:
                first = status(engine.pid)["VmRSS"]
        now = status(engine.pid)
        total += plies_played
        print(f"{variant}\t{plies_played}\t{first}\t{now['VmRSS']}\t{now['VmHWM']}", flush=True)
    send("quit")
    engine.wait(timeout=30)
    print(f"{total} plies in {games * len(variants)} games, exit code {engine.returncode}")


if __name__ == "__main__":
    main()
