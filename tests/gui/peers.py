"""The programs the browser test drives besides the browser: `escalade uci` (to check
each position the page reached against the rules) and `escalade gui --port 0` (the server
under test). Used by browser_games.py."""
import re
import subprocess
import threading
import time

class UciError(Exception):
    pass


class Uci:
    """One `escalade uci` process set to a variant: the referee of the checks and the
    human's thinking (short fixed-depth searches)."""

    def __init__(self, binary, variant):
        self.proc = subprocess.Popen(
            [binary, "uci"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.until(lambda l: l == "uciok", 20)
        self.send(f"setoption name UCI_Variant value {variant}")
        lines = self.sync()
        if not any(f"variant {variant} " in l for l in lines):
            raise UciError(f"escalade uci did not take variant {variant}: {lines}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, done, secs):
        """Lines up to and including the first for which `done` holds."""
        out = []
        box = {}

        def read():
            while True:
                line = self.proc.stdout.readline()
                if not line:
                    box["eof"] = True
                    return
                out.append(line.rstrip("\n"))
                if done(out[-1]):
                    return

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(secs)
        if reader.is_alive():
            raise UciError(f"escalade uci: no answer within {secs} s; got {out[-5:]}")
        if box.get("eof"):
            raise UciError(f"escalade uci ended; got {out[-5:]}")
        return out

    def sync(self):
        self.send("isready")
        return self.until(lambda l: l == "readyok", 30)[:-1]

    def position(self, fen, moves=()):
        """Sets the position; refuses (UciError) a FEN or a move the rules refuse."""
        cmd = f"position fen {fen}" + (" moves " + " ".join(moves) if moves else "")
        self.send(cmd)
        lines = self.sync()
        errors = [l for l in lines if l.startswith("info string error")]
        if errors:
            raise UciError(f"{cmd}: {errors}")
        return lines

    def board(self, fen, moves=()):
        """The rules' drawing of the position (`d`), one string per line."""
        self.position(fen, moves)
        self.send("d")
        lines = self.sync()
        return [l[len("info string ") :] for l in lines if l.startswith("info string ")]

    def legal(self, fen, moves=()):
        """The legal move texts (`go perft 1`)."""
        self.position(fen, moves)
        self.send("go perft 1")
        lines = self.until(lambda l: l.startswith("Nodes searched"), 60)
        return [l.rsplit(":", 1)[0] for l in lines if re.match(r"^\S.*: \d+$", l) and not l.startswith("info")]

    def best(self, fen, depth, only=None):
        """The best move at `depth` (among `only` when given) and its score text."""
        self.position(fen)
        extra = (" searchmoves " + " ".join(only)) if only else ""
        self.send(f"go depth {depth}{extra}")
        lines = self.until(lambda l: l.startswith("bestmove"), 120)
        scores = [re.search(r" score (\S+ \S+)", l) for l in lines if " score " in l]
        scores = [m.group(1) for m in scores if m]
        return lines[-1].split()[1], (scores[-1] if scores else "")

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(5)
        except Exception:
            self.proc.kill()


# ---- the server -------------------------------------------------------------------------


class Server:
    """`escalade gui --port 0`, its URL read from the first line of stdout."""

    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "gui", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        box = {}

        def first_line():
            box["line"] = self.proc.stdout.readline()

        reader = threading.Thread(target=first_line, daemon=True)
        reader.start()
        reader.join(30)
        line = box.get("line", "")
        m = re.match(r"Escalade GUI: (http://127\.0\.0\.1:\d+/)\s*$", line)
        if not m:
            self.stop()
            raise RuntimeError(f"escalade gui printed {line!r}, not its URL")
        self.url = m.group(1)
        # keep draining stderr so the server never blocks on a full pipe
        self.log = []
        threading.Thread(target=self.drain, daemon=True).start()

    def drain(self):
        for line in self.proc.stderr:
            self.log.append(line.rstrip("\n"))

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


# ---- the page ---------------------------------------------------------------------------
