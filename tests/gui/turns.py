#!/usr/bin/env python3
"""Turns on the browser board, played through real clicks and drags in a headless
Chromium (issue #85): a jump chain drawn landing by landing (the piece on its landing,
the jumped man fading, a dragged first hop staying where it was dropped), a Chutes turn
whose Part 2 is offered on the boards as Part 1 left them, a premove made while the
engine thinks (played when its turn comes, dropped when not legal), a move gliding in,
and a drop dragged out of Ladder Shogi's hand.

Usage: turns.py --bin PATH/escalade --out DIR [--chromium PATH] [--chromedriver PATH].
Screenshots: DIR/jump-chain-in-progress.png, DIR/chutes-part2-in-progress.png,
DIR/premove-shown.png, DIR/hand-drag.png. Exit status 0 when every check passed; each
failure is printed as `FAILED name: why`.
"""

import sys
import time

from selenium.webdriver.common.action_chains import ActionChains

from browser_games import Page, expect
from board_fixes import run_checks

GLIDE_HOOK = r"""
window.__glided = 0;
if (!window.__glideHook) {
  window.__glideHook = true;
  new MutationObserver((records) => {
    for (const r of records) if (r.target.classList && r.target.classList.contains('gliding')) window.__glided++;
  }).observe(document.getElementById('board'), { attributes: true, attributeFilter: ['class'], subtree: true });
}
"""


def drag(page, source, target):
    """Presses on `source`, moves over `target` in a few steps and releases there."""
    ActionChains(page.d).click_and_hold(source).move_by_offset(5, 5).move_to_element(target).pause(0.05).release().perform()


def pieces_at(page, cell):
    """Classes of the drawn pieces standing (`data-at`) or fading (`data-faded`) on `cell`."""
    return page.js(
        "const c = arguments[0]; return [...document.querySelectorAll('#board .layer-pieces > g')]"
        ".filter((g) => g.getAttribute('data-at') === c || g.getAttribute('data-faded') === c)"
        ".map((g) => (g.getAttribute('data-faded') ? 'faded ' : 'at ') + g.getAttribute('class'));",
        cell,
    )


def targets(page):
    return page.js("return [...document.querySelectorAll('#board polygon.cell.target')].map((p) => p.dataset.cell);")


def jump_chain_drawn_landing_by_landing(page):
    """Checker-capture: the Rook c3 jumps d4 and f6 (c3-e5-g7). The first hop, dragged,
    stays on e5, the man on d4 fades with a cross, g7 is offered; a click on g7 ends it."""
    page.open("checkercapture")
    page.set_players("human", "human")
    page.load_fen("7k/8/5p2/8/3p4/2R5/8/K7 w - - 0 1")
    page.js("document.getElementById('board').scrollIntoView({block: 'center'});")
    drag(page, page.element("c:c3"), page.element("c:e5"))
    page.wait("the rook drawn on e5", lambda: pieces_at(page, "e5") == ["at piece"])
    expect(pieces_at(page, "c3") == [], f"the rook still drawn on c3: {pieces_at(page, 'c3')}")
    expect(pieces_at(page, "d4") == ["faded piece captured"], f"the jumped man on d4 is drawn as {pieces_at(page, 'd4')}")
    expect(pieces_at(page, "f6") == ["at piece"], "the man still to jump on f6 is not drawn")
    expect(targets(page) == ["g7"], f"the targets after the first landing are {targets(page)}")
    page.shot("jump-chain-in-progress")
    page.click("c:g7")
    page.wait("the chain played", lambda: (page.state() or {}).get("ply") == 1)
    history = page.state()["history"]
    expect(len(history) == 1 and "x" in history[0]["text"], f"the record is {history}")
    page.wait(
        "the position after the chain drawn",
        lambda: pieces_at(page, "g7") == ["at piece"] and pieces_at(page, "d4") == [] and pieces_at(page, "f6") == [],
        secs=3,
    )


def chutes_part2_on_the_board_after_part1(page):
    """Chutes: the Rook 0e2 takes the Rook on 0e8 (check); Part 2 is then offered with the
    Rook on 0e8 and 0e2 empty (the taken Rook fading under it), and a ladder made on 0a6
    completes the turn."""
    page.open("chutes")
    page.set_players("human", "human")
    page.load_fen("4r1k1/5ppp/8/8/8/8/4R3/4R2K|8/8/8/8/8/8/8/8 w - - la3,lb3,cc3,cd3 - 0 1")
    page.js("document.getElementById('board').scrollIntoView({block: 'center'});")
    page.click("c:0e2")
    page.click("c:0e8")
    page.wait("the rook drawn on 0e8", lambda: "at piece" in pieces_at(page, "0e8"))
    expect(pieces_at(page, "0e2") == [], f"the rook still drawn on 0e2: {pieces_at(page, '0e2')}")
    expect(sorted(pieces_at(page, "0e8")) == ["at piece", "faded piece captured"], f"0e8 holds {pieces_at(page, '0e8')}")
    offered = targets(page)
    expect("0a6" in offered and len(offered) > 20, f"Part 2 offers {len(offered)} cells: {offered[:8]}")
    expect(page.js("return document.querySelectorAll('[data-end=\"1\"]').length") == 1, "no End turn here button")
    page.shot("chutes-part2-in-progress")
    page.click("c:0a6")
    page.wait("the turn played", lambda: (page.state() or {}).get("ply") == 1)
    text = page.state()["history"][0]["text"]
    expect(text.endswith("/+0a6"), f"the turn played is {text}")


def premove_played_or_dropped(page):
    """White (human) plays e2e4 against the engine; during its think g1-f3 is premoved,
    shown in the premove colour, and played as soon as the engine has answered (gliding
    in). Then a1-a5 (through the a2 pawn) is premoved: dropped silently."""
    page.open("normal")
    page.set_players("human", "engine")
    page.load_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    page.js("document.getElementById('board').scrollIntoView({block: 'center'});")
    page.js(GLIDE_HOOK)
    page.click("c:e2")
    page.click("c:e4")
    page.wait("the engine thinking", lambda: (page.state() or {}).get("ply") == 1)
    page.click("c:g1")
    page.click("c:f3")
    marked = page.js("return [...document.querySelectorAll('#board .layer-premove polygon')].length")
    still = (page.state() or {}).get("ply") == 1
    if still:
        page.shot("premove-shown")
        expect(marked == 2, f"{marked} premove cells marked")
    page.wait("the premove played", lambda: (page.state() or {}).get("ply") >= 3, secs=30)
    history = page.state()["history"]
    expect(history[2]["text"] == "g1f3", f"the record is {[h['text'] for h in history]}")
    expect(page.js("return window.__glided") > 0, "no piece glided in")
    page.wait("the engine thinking again", lambda: page.js("return window.escalade.state.thinking && window.escalade.state.ply === 3"))
    page.click("c:a1")
    page.click("c:a5")
    page.wait("the engine's answer", lambda: (page.state() or {}).get("ply") == 4, secs=30)
    time.sleep(0.8)
    expect(page.state()["ply"] == 4, "an illegal premove was played")
    marked = page.js("return [...document.querySelectorAll('#board .layer-premove polygon')].length")
    expect(marked == 0, f"{marked} premove cells still marked after it was dropped")


def drop_dragged_from_the_hand(page):
    """Ladder Shogi: White's Burakumin is dragged out of the hand onto i9 (U@i9)."""
    page.open("laddershogi")
    page.set_players("human", "human")
    page.load_fen("6k3/10/10/2D1v15/1L1V86/10/10/10/10/4K5 w U 0")
    hand = page.js("return [...document.querySelectorAll('[data-hand]')].find((b) => b.closest('#bar-bottom'));")
    expect(hand is not None, "no hand group in White's bar")
    page.js("arguments[0].scrollIntoView({block: 'center'});", hand)
    drag(page, hand, page.element("c:i9"))
    page.wait("the drop played", lambda: (page.state() or {}).get("ply") == 1)
    page.shot("hand-drag")
    text = page.state()["history"][0]["text"]
    expect(text == "U@i9", f"the move played is {text}")


CHECKS = [
    jump_chain_drawn_landing_by_landing,
    chutes_part2_on_the_board_after_part1,
    premove_played_or_dropped,
    drop_dragged_from_the_hand,
]


def main():
    return run_checks(__doc__, CHECKS)


if __name__ == "__main__":
    sys.exit(main())
