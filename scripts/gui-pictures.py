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

from browser_games import Page, find_tool  # noqa: E402
from peers import Server  # noqa: E402

VARIANTS = ["normal", "checkercapture", "escalator", "laddershogi", "rope", "rope-dice", "chutes"]
DESKTOP = (1366, 768)
PHONE = (390, 844)


def set_size(page, size, mobile):
    w, h = size
    page.d.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": mobile},
    )
    page.d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5 if mobile else 1})


def play_a_while(page, variant, plies):
    """The engine plays both sides until `plies` plies are made, then both sides are human."""
    page.open(variant)
    page.set_players("engine", "engine")
    page.wait(f"{plies} plies of {variant}", lambda: (page.state() or {}).get("ply", 0) >= plies or (page.state() or {}).get("result"), secs=120)
    # through White alone against the engine, so that White ends at the bottom
    page.set_players("human", "engine")
    page.set_players("human", "human")
    page.wait("the engine to stop", lambda: not (page.state() or {}).get("thinking"))


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
                set_size(page, size, mobile)
                play_a_while(page, variant, args.plies)
                select_a_piece(page, i)
                page.js("window.scrollTo(0, 0);")
                time.sleep(0.4)
                print(page.shot(f"{name}-{variant}"), flush=True)
    finally:
        driver.quit()
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
