#!/usr/bin/env python3
"""The board pictures of the README and the docs, taken from the real board.

Starts `escalade gui --port 0` and, in headless Chromium, lets the engine play each
variant against itself for a few plies, then hands both sides to humans, selects a piece
of the side to move (so its targets show) and saves `OUT/gui-<variant>.png` at desktop size
(1366x768) and `OUT/phone-<variant>.png` at 390x844 with touch, as a phone shows the page.

Usage: scripts/gui-pictures.py ESCALADE_BINARY [OUT] [--plies N] [--variants a,b]
(OUT defaults to docs/images). Needs python3 with `selenium`, Chromium and chromedriver.
"""

import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "gui"))

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

from browser_games import Page, find_tool, set_size  # noqa: E402
from peers import Server  # noqa: E402

VARIANTS = ["normal", "checkercapture", "escalator", "laddershogi", "rope", "rope-dice", "chutes"]
DESKTOP = (1366, 768)
PHONE = (390, 844)


def play_a_while(page, variant, plies):
    """The engine plays both sides until `plies` plies are made, then both sides are human."""
    page.open(variant)
    page.set_players("engine", "engine")
    page.wait(f"{plies} plies of {variant}", lambda: (page.state() or {}).get("ply", 0) >= plies or (page.state() or {}).get("result"), secs=120)
    # through White alone against the engine, so that White ends at the bottom
    page.set_players("human", "engine")
    page.set_players("human", "human")
    page.wait("the engine to stop", lambda: not (page.state() or {}).get("thinking"))


def with_things(page):
    """Chutes: the position reached, loaded again with a ladder and a chute of each side on
    empty middle squares (the engine seldom makes them in its first turns), so the picture
    shows the arrows. A ladder's entrance is on board 0, a chute's on board 1."""
    taken = set(page.js("return window.escalade.state.picture.pieces.map((p) => p.cell);"))
    things = []
    for board, letters in [("0", "Ll"), ("1", "Cc")]:
        used = {t[1:] for t in things}
        free = [f + r for r in "54" for f in "bcdefg" if board + f + r not in taken and f + r not in used]
        picks = [free[0], free[-1]] if len(free) > 1 else []
        things += [letter + square for letter, square in zip(letters, picks)]
    fields = page.state()["fen"].split()
    fields[4] = ",".join(sorted(things, key=lambda t: (t[1], t[2])))
    page.load_fen(" ".join(fields))


# positions changed after the engine's plies, per variant
AFTER_PLAY = {"chutes": with_things}


def select_a_piece(page, seed):
    """Clicks the first cell of a random legal move, so the board shows its targets."""
    firsts = page.js("return (window.escalade.state.moves.next || []).map((e) => e[0]).filter((k) => k.startsWith('c:'));")
    if firsts:
        page.click(random.Random(seed).choice(firsts))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bin")
    ap.add_argument("out", nargs="?", default=os.path.join(HERE, "..", "docs", "images"))
    ap.add_argument("--plies", type=int, default=12)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    args = ap.parse_args()
    chromium = find_tool(None, ["chromium", "chromium-browser", "google-chrome"])
    driver_path = find_tool(None, ["chromedriver"])
    if not chromium or not driver_path:
        print("needs Chromium and chromedriver", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    server = Server(args.bin)
    options = webdriver.ChromeOptions()
    for arg in ["--no-sandbox", "--headless=new", "--window-size=1400,1000", "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(arg)
    options.binary_location = chromium
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        page = Page(driver, server.url, args.out)
        for i, variant in enumerate(args.variants.split(",")):
            for size, mobile, name in [(DESKTOP, False, "gui"), (PHONE, True, "phone")]:
                set_size(page.d, size, mobile)
                play_a_while(page, variant, args.plies)
                if variant in AFTER_PLAY:
                    AFTER_PLAY[variant](page)
                select_a_piece(page, i)
                page.js("window.scrollTo(0, 0); for (const e of document.querySelectorAll('*')) if (e.scrollTop) e.scrollTop = 0;")
                time.sleep(2.5)  # a dice roll shown over the board fades first
                print(page.shot(f"{name}-{variant}"), flush=True)
    finally:
        driver.quit()
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
