#!/usr/bin/env python3
"""Bugs of the browser board's page, each checked by clicks in a real (headless) Chromium
(issue #85): an error toast never catches a click meant for the control under it, the
engine's lines and evaluation bar are not shown for an earlier position of the game, in
Chutes only the King that is attacked glows in check, and a rope-dice roll known only by
its outcome is drawn as what it meant (a tick or a cross), not as an invented five; and the
result of a finished game shows over the board itself; flipped, the coordinates run along
the bottom and left edges.

Usage: board_fixes.py --bin PATH/escalade --out DIR [--chromium PATH] [--chromedriver PATH].
Screenshots: DIR/toast-over-import.png, DIR/stepped-back.png,
DIR/chutes-one-king-in-check.png, DIR/rope-dice-roll.png,
DIR/result-on-the-board.png, DIR/flipped-coordinates.png. Exit status 0 when every
check passed; each failure is printed as `FAILED name: why`.
"""

import argparse
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from browser_games import Failure, Page, expect, find_tool
from peers import Server


def toast_lets_clicks_through(page):
    """A refused FEN raises a toast over the panel's corner; the PGN Import button under it
    still gets the click (the toast caught it for about 5 s before)."""
    page.open("normal")
    page.set_players("human", "human")
    box = page.d.find_element(By.ID, "fen-input")
    page.reveal(box)
    box.clear()
    box.send_keys("garbage")
    page.d.find_element(By.ID, "btn-fen").click()
    page.wait("an error toast", lambda: page.js("return document.querySelectorAll('#toasts .toast').length > 0"))
    button = page.d.find_element(By.ID, "btn-pgn-import")
    page.reveal(button)
    # scroll the panel so that the button lies under the toast, as in a smaller window
    page.js(
        "const t = document.querySelector('#toasts .toast').getBoundingClientRect();"
        "const b = arguments[0].getBoundingClientRect();"
        "let box = arguments[0].parentElement;"
        "while (box && !(box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== 'visible')) box = box.parentElement;"
        "(box || document.scrollingElement).scrollTop += (b.top + b.height / 2) - (t.top + t.height / 2);",
        button,
    )
    overlap = page.js(
        "const t = document.querySelector('#toasts .toast').getBoundingClientRect();"
        "const b = arguments[0].getBoundingClientRect();"
        "return !(b.right < t.left || b.left > t.right || b.bottom < t.top || b.top > t.bottom);",
        button,
    )
    page.shot("toast-over-import")
    expect(overlap, "the setup failed: the toast does not cover the Import button")
    hit = page.js(
        "const b = arguments[0].getBoundingClientRect();"
        "const x = Math.min(Math.max(b.left + 4, 0), innerWidth - 1), y = b.top + b.height / 2;"
        "const e = document.elementFromPoint(x, y); return e && (e === arguments[0] || arguments[0].contains(e));",
        button,
    )
    expect(hit, f"the click on Import lands elsewhere (the toast over it: {overlap})")


def lines_are_of_the_live_position(page):
    """With analysis running, stepping back to an earlier position hides the engine's lines
    and dims the bar; back to the game, they return."""
    page.open("normal")
    page.set_players("human", "human")
    page.load_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    typed = page.d.find_element(By.ID, "move-input")
    page.js("arguments[0].scrollIntoView({block: 'center'});", typed)
    typed.send_keys("e7e5\n")
    page.wait("the move played", lambda: (page.state() or {}).get("ply") == 1)
    page.d.find_element(By.ID, "btn-analyze").click()
    rows = "return document.querySelectorAll('#lines .an-table tbody tr').length"
    page.wait("engine lines", lambda: page.js(rows) > 0)
    page.wait("the evaluation bar", lambda: not page.js("return document.getElementById('eval-bar').classList.contains('idle')"))
    page.d.find_element(By.ID, "nav-prev").click()
    page.wait("the earlier position", lambda: page.js("return !document.getElementById('view-bar').hidden"))
    time.sleep(0.6)  # more info messages arrive meanwhile
    page.shot("stepped-back")
    expect(page.js(rows) == 0, "the live position's engine lines are shown for an earlier one")
    expect(
        page.js("return document.getElementById('eval-bar').classList.contains('idle')"),
        "the evaluation bar still shows the live position's score",
    )
    page.d.find_element(By.ID, "btn-live").click()
    page.wait("the lines back", lambda: page.js(rows) > 0)
    page.d.find_element(By.ID, "btn-analyze").click()


def only_the_attacked_king_glows(page):
    """Chutes: White has two Kings and only the one on board 0 is attacked (a rook on its
    file): one glow, on 0e1 (both glowed before)."""
    page.open("chutes")
    page.set_players("human", "human")
    page.load_fen("4r2k/8/8/8/8/8/8/4K3|k7/8/8/8/8/8/8/4K3 w - - - - 0 1")
    page.wait("the check drawn", lambda: page.js("return document.querySelectorAll('circle.check').length > 0"))
    page.shot("chutes-one-king-in-check")
    glows = page.js("return document.querySelectorAll('circle.check').length")
    expect(glows == 1, f"{glows} Kings glow in check, one is attacked")
    checked = page.js("return window.escalade.state.checked")
    expect(checked == ["0e1"], f"the state names {checked} in check")


def a_roll_shows_what_it_meant(page):
    """rope-dice: a roll the server names by its outcome ("survives" or "falls") is drawn
    as a tick or a cross on a blank die, not as a five (drawn whatever the roll meant)."""
    page.open("rope-dice")
    page.set_players("human", "human")
    page.load_fen("3r2k1T3KR2P4 w - - 0 1")
    typed = page.d.find_element(By.ID, "move-input")
    page.js("arguments[0].scrollIntoView({block: 'center'});", typed)
    typed.send_keys("T9x4\n")
    page.wait("the roll in the record", lambda: page.js("return document.querySelectorAll('#moves .roll svg').length > 0"))
    page.shot("rope-dice-roll")
    face = page.js("return document.querySelector('#moves .roll svg').dataset.face")
    pips = page.js("return document.querySelectorAll('#moves .roll svg circle').length")
    text = page.js("return document.querySelector('#moves .roll').title")
    expect(face in ("survives", "falls"), f"the roll {text!r} is drawn as face {face!r}")
    expect(pips == 0, f"the roll {text!r} is drawn with {pips} pips")
    marks = page.js("return document.querySelectorAll('#moves .roll svg .die-mark.' + arguments[0]).length", face)
    expect(marks == 1, f"no {face} mark on the die")


def the_result_shows_on_the_board(page):
    """A mate ends the game: the result shows over the board itself (before, only in the
    status card, which the panel may have scrolled away)."""
    page.open("normal")
    page.set_players("human", "human")
    page.load_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
    typed = page.d.find_element(By.ID, "move-input")
    page.js("arguments[0].scrollIntoView({block: 'center'});", typed)
    typed.send_keys("d8h4\n")
    page.wait("the game over", lambda: (page.state() or {}).get("result"))
    page.js("document.getElementById('board').scrollIntoView({block: 'center'});")
    page.shot("result-on-the-board")
    shown = page.js(
        "const r = document.getElementById('board-result'); if (!r || r.hidden) return null;"
        "const a = r.getBoundingClientRect(), b = document.getElementById('board').getBoundingClientRect();"
        "return {text: r.textContent, inside: a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom};"
    )
    expect(shown is not None, "no result over the board")
    expect("Black wins" in shown["text"] and "0-1" in shown["text"], f"the board says {shown['text']!r}")
    expect(shown["inside"], "the result is not drawn over the board")


def coordinates_stay_on_the_near_edges_when_flipped(page):
    """Flipped, the file letters run along the bottom edge and the rank numbers along the
    left, as on lichess (they went with their squares to the top and the right before)."""
    page.open("normal")
    page.set_players("human", "human")
    flip = page.d.find_element(By.ID, "btn-flip")
    page.js("arguments[0].scrollIntoView({block: 'center'});", flip)
    flip.click()
    page.js("document.getElementById('board').scrollIntoView({block: 'center'});")
    page.shot("flipped-coordinates")
    where = page.js(
        "const b = document.getElementById('board').getBoundingClientRect();"
        "const out = {};"
        "for (const t of document.querySelectorAll('#board text.label')) {"
        "  const r = t.getBoundingClientRect();"
        "  out[t.textContent] = {low: r.top > b.top + b.height / 2, left: r.left < b.left + b.width / 2};"
        "}"
        "return out;"
    )
    expect(where, "no coordinate labels drawn")
    letters = {k: v for k, v in where.items() if k.isalpha()}
    numbers = {k: v for k, v in where.items() if k.isdigit()}
    expect(letters and all(v["low"] for v in letters.values()), f"file letters not along the bottom: {letters}")
    expect(numbers and all(v["left"] for v in numbers.values()), f"rank numbers not along the left: {numbers}")


CHECKS = [
    toast_lets_clicks_through,
    lines_are_of_the_live_position,
    only_the_attacked_king_glows,
    a_roll_shows_what_it_meant,
    the_result_shows_on_the_board,
    coordinates_stay_on_the_near_edges_when_flipped,
]


def run_checks(doc, checks):
    """Runs each of `checks` (a function of a `Page`) in one headless Chromium against one
    server, as the command line (`doc`: the script's usage) says; the exit status."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--chromium", default=None)
    ap.add_argument("--chromedriver", default=None)
    ap.add_argument("--only", default=None, help="run only the check of this name")
    args = ap.parse_args()
    checks = [c for c in checks if not args.only or c.__name__ == args.only]
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


def main():
    return run_checks(__doc__, CHECKS)


if __name__ == "__main__":
    sys.exit(main())
