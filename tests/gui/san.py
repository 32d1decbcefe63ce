#!/usr/bin/env python3
"""Standard algebraic notation on the browser board for FIDE chess, checked in a real
(headless) Chromium (issue #85): moves typed in SAN (`e4`, `Nf3`) and long algebraic
(`d7d5`) into the move box are played and the move list shows them in SAN; an ambiguous SAN
(`Nd2` with two knights) raises a toast that names both moves and plays nothing; the
engine's lines show their moves in SAN too.

Usage: san.py --bin PATH/escalade --out DIR [--chromium PATH] [--chromedriver PATH].
Screenshots: DIR/san-move-list.png, DIR/san-ambiguous.png, DIR/san-engine-lines.png. Exit status 0 when every check
passed; each failure is printed as `FAILED name: why`.
"""

import re
import sys

from selenium.webdriver.common.by import By

from board_fixes import run_checks
from browser_games import expect

SAN = re.compile(r"^([NBRQK][a-h]?[1-8]?x?[a-h][1-8]|[a-h](x[a-h])?[1-8](=[NBRQ])?|O-O(-O)?)[+#]?$")


def type_move(page, text, ply=None):
    """Types `text` into the move box and presses Enter; with `ply`, waits for that ply."""
    box = page.d.find_element(By.ID, "move-input")
    page.js("arguments[0].scrollIntoView({block: 'center'});", box)
    box.send_keys(text + "\n")
    if ply is not None:
        page.wait(f"{text} played", lambda: (page.state() or {}).get("ply") == ply)


def move_list(page):
    return page.js("return [...document.querySelectorAll('#moves .mv-text')].map((e) => e.textContent);")


def san_entry_in_fide(page):
    """`d4`, `d7d5`, `Nf3`, ... `cxd5`, `exd5` typed in the box: the list reads them in
    SAN, each button's tooltip the long algebraic; `Nd2` (b1 or f3) is refused with both
    SANs and nothing is played; `Nbd2` is."""
    page.open("normal")
    page.set_players("human", "human")
    for ply, text in enumerate(["d4", "d7d5", "Nf3", "Nf6", "c4", "e6", "cxd5", "exd5"], 1):
        type_move(page, text, ply)
    sans = ["d4", "d5", "Nf3", "Nf6", "c4", "e6", "cxd5", "exd5"]
    page.wait("the move list in SAN", lambda: move_list(page) == sans)
    titles = page.js("return [...document.querySelectorAll('#moves .mv')].map((e) => e.title);")
    expect(titles[:4] == ["d2d4", "d7d5", "g1f3", "g8f6"], f"tooltips: {titles}")
    page.js("document.getElementById('moves').scrollIntoView({block: 'center'});")
    page.shot("san-move-list")
    type_move(page, "Nd2")
    page.wait("a toast", lambda: any("ambiguous" in t for t in page.toasts()))
    toast = next(t for t in page.toasts() if "ambiguous" in t)
    expect("Nbd2 or Nfd2" in toast, f"the toast does not name both moves: {toast}")
    page.shot("san-ambiguous")
    expect(page.state()["ply"] == 8, "the ambiguous move changed the game")
    type_move(page, "Nbd2", 9)
    page.wait("Nbd2 in the list", lambda: move_list(page)[-1:] == ["Nbd2"])


def engine_lines_in_san(page):
    """Analysis after `e4 e5`: every move of the engine's lines is shown in SAN, its long
    algebraic as the tooltip."""
    page.open("normal")
    page.set_players("human", "human")
    type_move(page, "e4", 1)
    type_move(page, "e5", 2)
    page.d.find_element(By.ID, "btn-analyze").click()
    moves = "return [...document.querySelectorAll('#lines .pv-move')].map((e) => [e.textContent, e.title]);"
    try:
        page.wait("engine lines of two moves", lambda: len(page.js(moves)) >= 2)
    finally:
        page.shot("san-engine-lines")
    shown = page.js(moves)
    page.d.find_element(By.ID, "btn-analyze").click()
    expect(all(SAN.match(text) for text, _ in shown), f"not SAN: {shown}")
    expect(all(re.match(r"^[a-h][1-8][a-h][1-8][nbrq]?$", title) for _, title in shown), f"tooltips: {shown}")


CHECKS = [san_entry_in_fide, engine_lines_in_san]


def main():
    return run_checks(__doc__, CHECKS)


if __name__ == "__main__":
    sys.exit(main())
