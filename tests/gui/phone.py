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

import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_games import Failure, Page, expect, set_size
from board_fixes import run_checks

PHONE = (390, 844)
DESKTOP = (1366, 768)
MIN_CELL = 36  # px: the smallest cell across a finger can hit (Ladder Shogi's 10 files: 38 at most)

# the families at a phone's size, each with a first move made by taps (origin, destination)
FAMILIES = ["normal", "checkercapture", "escalator", "chutes", "rope", "rope-mini", "laddershogi"]
DESKTOP_SHOTS = ["chutes", "rope", "escalator"]
CELLS = {}  # family -> the smallest cell's px at 390x844

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


def fresh(page, variant):
    """Opens `variant` with no saved game and both sides human, the board scrolled to the top."""
    page.open(variant)
    page.set_players("human", "human")
    page.js("window.scrollTo(0, 0); document.getElementById('board').scrollIntoView({block: 'start'});")


def two_click_move(page):
    """A legal move made by two cell clicks (origin, destination) that ends the turn."""
    for key, node in (page.tree() or {}).get("next", []):
        if not key.startswith("c:"):
            continue
        for key2, child in node.get("next", []):
            if key2.startswith("c:") and child.get("end") and not child.get("next"):
                return [key, key2]
    return None


def tap_a_move(page, variant):
    clicks = two_click_move(page)
    expect(clicks, f"{variant}: no two-click move in {str(page.tree())[:300]}")
    before = page.state()["ply"]
    for click in clicks:
        el = page.element(click)
        page.js("arguments[0].scrollIntoView({block: 'center'});", el)
        page.click(click)
    page.wait(f"{variant}: the move {clicks} made by taps", lambda: (page.state() or {}).get("ply", 0) > before)


def phone_boards(page):
    """Each family at 390x844: the board within the screen's width, its smallest cell at
    least MIN_CELL px, a move made by taps; Chutes' boards stacked, the rope folded."""
    set_size(page.d, PHONE, True)
    for variant in FAMILIES:
        fresh(page, variant)
        least, name = page.js(SMALLEST_CELL)
        CELLS[variant] = least
        print(f"cell {variant} {least} ({name})", flush=True)
        page.shot(f"phone-{variant}")
        box = page.js("const r = document.getElementById('board').getBoundingClientRect(); return [r.left, r.right, document.documentElement.scrollWidth];")
        expect(box[0] >= 0 and box[1] <= PHONE[0] and box[2] <= PHONE[0], f"{variant}: the board or page overflows the width: {box}")
        expect(least >= MIN_CELL, f"{variant}: the smallest cell {name} is {least} px across (< {MIN_CELL})")
        if variant == "chutes":
            where = page.js(
                "const r = (n) => [...document.querySelectorAll('[data-cell]')].find((e) => e.getAttribute('data-cell') === n).getBoundingClientRect();"
                "const a = r('0a8'), b = r('1a8'); return [a.left, a.bottom, b.left, b.top];"
            )
            expect(abs(where[0] - where[2]) < 2 and where[3] > where[1], f"chutes: board 1 is not under board 0: {where}")
        if variant == "rope":
            rows = page.js("return new Set([...document.querySelectorAll('#board polygon.cell[data-cell]')].map((c) => Math.round(c.getBoundingClientRect().top))).size")
            expect(rows >= 3, f"rope: the 21 cells stand in {rows} rows")
        tap_a_move(page, variant)


def menu_leaves_the_notes(page):
    """Chutes at 390x844: after Part 1, the "End turn here" menu covers none of the notes."""
    set_size(page.d, PHONE, True)
    fresh(page, "chutes")
    # things left to make in Part 2: a move may end after Part 1 or go on
    page.load_fen("2r3k1/5ppp/8/8/8/8/4R3/4R2K|8/8/8/8/8/8/8/8 w - - la3,lb3,cc3,cd3 - 0 1")
    page.js("window.scrollTo(0, 0);")
    path = None
    for key, node in page.tree().get("next", []):
        for key2, child in node.get("next", []):
            if child.get("end") and child.get("next"):
                path = [key, key2]
                break
        if path:
            break
    expect(path, "no move of Chutes that may go on")
    for click in path:
        page.js("arguments[0].scrollIntoView({block: 'center'});", page.element(click))
        page.click(click)
    page.wait("the End turn menu", lambda: page.js("return !document.getElementById('choice-menu').hidden"))
    page.js("document.getElementById('choice-menu').scrollIntoView({block: 'center'});")
    page.shot("phone-chutes-end-turn")
    over = page.js(
        "const m = document.getElementById('choice-menu').getBoundingClientRect();"
        "const n = document.getElementById('notes').getBoundingClientRect();"
        "return !(m.bottom <= n.top || m.top >= n.bottom || m.right <= n.left || m.left >= n.right) ? [m.top, m.bottom, n.top, n.bottom] : null;"
    )
    expect(over is None, f"the menu covers the notes: {over}")
    page.end_turn()


def right_button(page, from_el, to_el, modifier=None):
    """A right-button drag (or click) from one cell to another, through CDP mouse events."""
    pts = []
    for el in (from_el, to_el):
        pts.append(page.js("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", el))
    mods = {"shift": 8, "alt": 1}.get(modifier, 0)
    for kind, (x, y) in [("mousePressed", pts[0]), ("mouseMoved", pts[1]), ("mouseReleased", pts[1])]:
        page.d.execute_cdp_cmd(
            "Input.dispatchMouseEvent",
            {"type": kind, "x": x, "y": y, "button": "right", "buttons": 2 if kind != "mouseReleased" else 0, "clickCount": 1, "modifiers": mods},
        )


def drawn(page):
    return page.js("return [...document.querySelectorAll('.layer-drawings [data-from]')].map((e) => [e.getAttribute('class'), e.dataset.from, e.dataset.to, e.dataset.brush]);")


def arrows_and_circles(page):
    """Desktop: right-drag e2-e4 draws a green arrow, again removes it; Shift gives red; a
    right-click on d4 a circle; a left click clears; no context menu; flipped too."""
    set_size(page.d, DESKTOP, False)
    fresh(page, "normal")
    e2, e4, d4 = (page.element(c) for c in ("c:e2", "c:e4", "c:d4"))
    right_button(page, e2, e4)
    expect(drawn(page) == [["drawn-arrow", "e2", "e4", "green"]], f"after a right-drag e2-e4: {drawn(page)}")
    right_button(page, d4, d4, "shift")
    expect(["drawn-circle", "d4", "", "red"] in drawn(page), f"after a shift right-click on d4: {drawn(page)}")
    page.shot("desktop-drawings")
    right_button(page, e2, e4)
    expect(drawn(page) == [["drawn-circle", "d4", "", "red"]], f"the same arrow again did not remove it: {drawn(page)}")
    page.d.find_element(By.ID, "btn-flip").click()
    right_button(page, page.element("c:g1"), page.element("c:f3"), "alt")
    expect(["drawn-arrow", "g1", "f3", "blue"] in drawn(page), f"flipped, alt right-drag g1-f3: {drawn(page)}")
    ActionChains(page.d).move_to_element(page.element("c:a5")).click().perform()
    expect(drawn(page) == [], f"a left click left {drawn(page)}")
    page.d.find_element(By.ID, "btn-flip").click()


def mute_is_remembered(page):
    """The mute switch turns sounds off and stays off after a reload."""
    set_size(page.d, DESKTOP, False)
    fresh(page, "normal")
    button = page.d.find_element(By.ID, "btn-mute")
    expect(button.get_attribute("aria-pressed") == "false", "sounds start muted")
    page.js("arguments[0].scrollIntoView({block: 'center'});", button)
    button.click()
    expect(button.get_attribute("aria-pressed") == "true", "the switch did not mute")
    page.open("normal", keep=True)
    button = page.d.find_element(By.ID, "btn-mute")
    expect(button.get_attribute("aria-pressed") == "true" and "off" in button.text, f"after a reload the switch says {button.text!r}")
    page.js("arguments[0].click();", button)


def sounds_play(page):
    """With sounds allowed under test: a move sounds 'move', a capture 'capture'."""
    set_size(page.d, DESKTOP, False)
    fresh(page, "normal")
    page.js("localStorage.setItem('escalade.sound.test', '1'); localStorage.setItem('escalade.muted', '0');")
    page.open("normal", keep=True)
    page.set_players("human", "human")
    for click in ["c:e2", "c:e4", "c:d7", "c:d5", "c:e4", "c:d5"]:
        page.click(click)
        time.sleep(0.15)
    page.wait("three plies", lambda: page.state()["ply"] == 3)
    sounds = page.js("return window.escalade.sounds || []")
    expect(sounds == ["move", "move", "capture"], f"sounds played: {sounds}")
    page.js("localStorage.removeItem('escalade.sound.test');")


def game_kept_across_reload(page):
    """Three moves, a reload: the same ply and FEN, the players kept; New game forgets it."""
    set_size(page.d, DESKTOP, False)
    fresh(page, "escalator")
    for click in ["c:b7", "c:bc5", "c:g2", "c:fg4", "c:g8", "c:f6"]:
        page.click(click)
        time.sleep(0.1)
    page.wait("three plies", lambda: page.state()["ply"] == 3)
    before = page.state()
    page.wait("the game saved", lambda: (page.js("return JSON.parse(localStorage.getItem('escalade.game') || 'null')") or {}).get("ply") == 3)
    page.open("escalator", keep=True)
    page.wait("the game restored", lambda: (page.state() or {}).get("ply") == 3)
    after = page.state()
    expect(after["fen"] == before["fen"], f"restored {after['fen']}, played {before['fen']}")
    expect(after["players"] == before["players"], f"players {after['players']}, were {before['players']}")
    page.d.get(page.url)  # no variant in the URL: the saved game too
    page.wait("the game restored without a variant", lambda: (page.js("const s = window.escalade && window.escalade.state; return s && s.ply") or 0) == 3)
    page.shot("desktop-restored")
    page.js("document.getElementById('btn-new').click();")
    page.wait("a new game", lambda: page.js("const s = window.escalade.state; return s && s.ply === 0"))
    saved = page.js("return JSON.parse(localStorage.getItem('escalade.game') || 'null')")
    expect(not saved or saved.get("ply") == 0, f"New game kept {saved}")


def escalator_arrows_and_legend(page):
    """The escalator's links have a head at each end and the legend explains them."""
    set_size(page.d, DESKTOP, False)
    fresh(page, "escalator")
    heads = page.js("return [...document.querySelectorAll('g.link.escalator')].map((g) => g.querySelectorAll('polygon').length)")
    expect(heads and all(h == 2 for h in heads), f"escalator arrow heads: {heads}")
    legend = page.js("return [...document.querySelectorAll('#legend .legend-item')].filter((li) => li.querySelector('svg.legend-link')).map((li) => li.textContent)")
    expect(legend and "both" in legend[0], f"the legend's link lines: {legend}")


def desktop_shots(page):
    set_size(page.d, DESKTOP, False)
    for variant in DESKTOP_SHOTS:
        fresh(page, variant)
        page.js("window.scrollTo(0, 0);")
        least, _ = page.js(SMALLEST_CELL)
        print(f"desktop cell {variant} {least}", flush=True)
        page.shot(f"desktop-{variant}")
    page.js("document.getElementById('sec-legend').open = true; document.getElementById('legend').scrollIntoView();")
    page.shot("desktop-escalator-legend")


def main():
    return run_checks(__doc__, CHECKS)


CHECKS = [
    phone_boards,
    menu_leaves_the_notes,
    arrows_and_circles,
    mute_is_remembered,
    sounds_play,
    game_kept_across_reload,
    escalator_arrows_and_legend,
    desktop_shots,
]

if __name__ == "__main__":
    sys.exit(main())
