#!/usr/bin/env python3
"""Whole games on the browser board, played by clicks in a real (headless) Chromium.

Starts `escalade gui --port 0`, and for each variant opens `URL?variant=NAME`, sets the
players with the page's selectors (Escalator: Black moves first, so the human takes
Black), loads a short position with the page's FEN box, and plays the human's side by
clicking the drawn board: for each move the script finds the click path whose `end` is
the wanted move text in `window.escalade.state.moves` and clicks each
`[data-cell]`/`[data-hand]`/`[data-choice]` element in turn (and `[data-end="1"]` when the
move ends at a node that also goes on). The engine answers every move but the last; the
game ends with a result whose banner is checked.

After every move (the human's and the engine's) the page's FEN (`window.escalade.state`)
is checked against the rules through `escalade uci`: the position `fen BEFORE moves MOVE
[ROLL]` and the position `fen AFTER` must draw the same board (`d`; its text names the
FEN itself in Escalator and Chutes). The server's record (the state's history and the PGN
that the page's Export button fetches) replayed from the start must reach the same board.
Every check is also written to `OUT/checks.json` (start FEN, moves, the page's FEN after
them) for a caller that compares the FEN strings exactly (`tests/tests/gui_browser.rs`).

Features clicked on purpose: a FIDE promotion from the menu, an Escalator promotion from
the menu (Black), a Rope promotion (Router), a rope-dice move followed by the roll shown on
the page, a checker-capture triple jump clicked landing by landing, a Chutes turn with a
Part 2 ladder, a Ladder Shogi drop from the hand and a Ladder Shogi Dragon pair.

Usage: browser_games.py --bin PATH/escalade --out DIR [--variants a,b] [--chromium PATH]
[--chromedriver PATH] [--strict] [--phone] (`--phone`: at 390x844 with touch, as a
phone). Screenshots: DIR/<variant>.png (the finished game) and a few DIR/<variant>-<moment>.png (a menu open, a roll shown). Exit status 0 when every game
passed.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import traceback

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

# ---- the rules, through `escalade uci` ------------------------------------------------------


from peers import Server, Uci, UciError  # noqa: E402


HOOKS = r"""
if (!window.__escaladeHooks) {
  window.__escaladeHooks = true;
  window.__states = [];
  window.__rolls = [];
  window.__toasts = [];
  let current = window.escalade.state;
  if (current) window.__states.push(current);
  Object.defineProperty(window.escalade, "state", {
    configurable: true,
    get() { return current; },
    set(v) { current = v; window.__states.push(v); },
  });
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (!(n instanceof HTMLElement)) continue;
      if (n.classList.contains("roll-pop")) {
        const caption = n.querySelector(".roll-caption");
        window.__rolls.push(caption ? caption.textContent : "");
      }
      if (n.classList.contains("toast")) window.__toasts.push(n.textContent);
    }
  }).observe(document.body, { childList: true, subtree: true });
}
"""

# the parts of a state the checks read (the picture and the click tree stay in the page)
BRIEF = "({ply: s.ply, fen: s.fen, turn: s.turn, variant: s.variant, history: s.history, result: s.result, players: s.players, thinking: s.thinking})"


class Failure(Exception):
    pass


def expect(cond, message):
    if not cond:
        raise Failure(message)


class Page:
    def __init__(self, driver, url, out):
        self.d = driver
        self.url = url
        self.out = out

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def wait(self, what, pred, secs=20, step=0.05):
        deadline = time.time() + secs
        while True:
            value = pred()
            if value:
                return value
            if time.time() > deadline:
                raise Failure(f"timed out after {secs} s waiting for {what}")
            time.sleep(step)

    def open(self, variant, keep=False):
        """Opens the page on `variant`; unless `keep`, without the game a former page saved
        in the browser's storage (the page restores it on load)."""
        if not keep:
            self.d.get(f"{self.url}no-such-page")
            self.js("localStorage.clear();")
        self.d.get(f"{self.url}?variant={variant}")
        self.wait("the page's first state", lambda: self.js("return document.body.dataset.ready === '1' && !!window.escalade"))
        self.js(HOOKS)
        self.wait(
            f"a state of {variant}",
            lambda: self.js("const s = window.escalade.state; return s && s.variant === arguments[0];", variant),
        )

    def state(self):
        return self.js(f"const s = window.escalade.state; return s ? {BRIEF} : null;")

    def states(self):
        return self.js(f"return window.__states.map((s) => {BRIEF});")

    def tree(self):
        return self.js("return window.escalade.state.moves;")

    def rolls(self):
        return self.js("return window.__rolls.slice();")

    def toasts(self):
        return self.js("return window.__toasts.slice();")

    def shot(self, name):
        path = os.path.join(self.out, f"{name}.png")
        self.d.save_screenshot(path)
        return path

    # -- the panel's controls

    def set_players(self, white, black):
        """Through the Players selectors; the side that becomes human is set first, so the
        engine never gets both sides in between."""
        order = [("black", black), ("white", white)] if black == "human" else [("white", white), ("black", black)]
        for side, who in order:
            select = self.d.find_element(By.ID, f"player-{side}")
            self.reveal(select)
            Select(select).select_by_value(who)
            self.wait(
                f"{side} played by {who}",
                lambda: (self.state() or {}).get("players", {}).get(side) == who,
            )

    def reveal(self, element):
        """Opens the <details> section that holds `element` (a click on its summary) and
        scrolls it into view."""
        section = self.js("return arguments[0].closest('details');", element)
        if section is not None and not section.get_attribute("open"):
            section.find_element(By.TAG_NAME, "summary").click()
            self.wait("the section to open", lambda: section.get_attribute("open") is not None)
        self.js("arguments[0].scrollIntoView({block: 'center'});", element)

    def load_fen(self, fen):
        """Types the FEN into the FEN box and presses Load; waits for the new game."""
        box = self.d.find_element(By.ID, "fen-input")
        self.reveal(box)
        before = len(self.states())
        box.clear()
        box.send_keys(fen)
        self.d.find_element(By.ID, "btn-fen").click()
        board = fen.split()[0]

        def loaded():
            new = self.states()[before:]
            return next((s for s in new if s["ply"] == 0 and not s["history"] and s["fen"].split()[0] == board), None)

        return self.wait(f"the position {fen}", loaded)

    # -- the board

    def element(self, click):
        """The element a click of the tree stands for."""
        kind, name = click[:2], click[2:]
        attr = {"c:": "data-cell", "h:": "data-hand", "o:": "data-choice"}[kind]
        found = self.js(
            "const [attr, name] = arguments; return [...document.querySelectorAll(`[${attr}]`)].filter((e) => e.getAttribute(attr) === name);",
            attr,
            name,
        )
        expect(len(found) == 1, f"{len(found)} elements with {attr}={name!r} on the page")
        return found[0]

    def offered(self, click, at_root):
        """Whether the page marks `click` as a next click (a highlighted cell, a marked hand
        group, a menu button)."""
        el = self.element(click)
        if click.startswith("o:"):
            return el.is_displayed()
        cls = (el.get_attribute("class") or "").split()
        return ("movable" in cls) if at_root else ("target" in cls or "movable" in cls)

    def click(self, click):
        el = self.element(click)
        try:
            el.click()
        except WebDriverException as e:
            raise Failure(f"cannot click {click}: {e.msg if hasattr(e, 'msg') else e}")

    def covered(self, cells):
        """The cells among `cells` whose drawn centre is under the choice menu."""
        return self.js(
            """
            const out = [];
            for (const name of arguments[0]) {
              const cell = [...document.querySelectorAll('[data-cell]')].find((e) => e.getAttribute('data-cell') === name);
              if (!cell) continue;
              const r = cell.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              if (hit && hit.closest('#choice-menu')) out.push(name);
            }
            return out;
            """,
            cells,
        )

    def hidden_menu_drawn(self):
        """The size and place of the choice menu when it is hidden but still drawn."""
        return self.js(
            "const m = document.getElementById('choice-menu'); const r = m.getBoundingClientRect();"
            " return m.hidden && r.width > 0 ? `${Math.round(r.width)}x${Math.round(r.height)} px at (${Math.round(r.left)}, ${Math.round(r.top)})` : null;"
        )

    def end_turn(self):
        buttons = self.d.find_elements(By.CSS_SELECTOR, '[data-end="1"]')
        expect(len(buttons) == 1 and buttons[0].is_displayed(), f'the "end the turn here" button is not shown ({len(buttons)} found)')
        buttons[0].click()


def click_paths(tree, text):
    """Every click path of the tree that ends the move `text`, with whether its last node
    also goes on (then the turn is ended with the end button)."""
    found = []

    def walk(node, path):
        if node.get("end") == text:
            found.append((path, bool(node.get("next"))))
        for click, child in node.get("next") or []:
            walk(child, path + [click])

    walk(tree or {}, [])
    return found


# ---- the games --------------------------------------------------------------------------


def is_pair(text):
    """A Ladder Shogi Dragon pair: two sub-moves of two pieces (the second does not start
    where the first ended)."""
    if "," not in text:
        return False
    first, second = text.split(",", 1)
    return re.findall(r"[a-j]\d+", first)[-1] != re.findall(r"[a-j]\d+", second)[0]


class Step:
    """One human move: a fixed text, or the best move found by a short search (among the
    moves `only` accepts); `check(path, text, game)` checks what the move is about."""

    def __init__(self, text=None, about="", only=None, check=None, shot=None):
        self.text = text
        self.about = about
        self.only = only
        self.check = check
        self.shot = shot


def menu_choice(label):
    def check(path, text, game):
        expect(path[-1] == f"o:{label}", f"{text}: the last click is {path[-1]}, not the menu choice {label}")

    return check


def multi_jump(jumps):
    def check(path, text, game):
        cells = [c for c in path if c.startswith("c:")]
        expect(text.count("x") >= jumps, f"{text} is not a jump of {jumps} or more")
        expect(len(cells) == text.count("x") + 1, f"{text}: clicks {path} are not the origin and every landing")

    return check


def part2(path, text, game):
    expect("/+" in text, f"{text} makes no chute or ladder")
    entrance = text.split("/+")[1]
    expect(path[-1] == f"c:{entrance}", f"{text}: the last click {path[-1]} is not the entrance {entrance}")
    expect(len(path) == 3, f"{text}: expected origin, square stepped on, entrance; got {path}")


def hand_drop(path, text, game):
    expect("@" in text and path[0].startswith("h:"), f"{text}: {path} is not a drop from the hand")
    expect(path[-1] == "c:" + text.split("@")[1], f"{text}: the drop ends on {path[-1]}")


def dragon_pair(path, text, game):
    expect(is_pair(text), f"{text} is not a Dragon pair")
    expect(len(path) == 4 and all(c.startswith("c:") for c in path), f"{text}: {path} are not four cells")


def rolled(path, text, game):
    game.want_roll = True


class Game:
    def __init__(self, variant, fen, human, steps, depth, extra=4, fallback=None):
        self.variant = variant
        self.fen = fen
        self.human = human  # "white" or "black"
        self.steps = steps
        self.depth = depth
        self.extra = extra  # searched moves allowed after the planned ones
        self.fallback = fallback  # (fen, steps) loaded when no result came
        self.want_roll = False


GAMES = [
    # 1. Kg6 Kg8 (forced) 2. b8=Q# from the menu
    Game(
        "normal",
        "7k/1P6/5K2/8/8/8/8/8 w - - 0 1",
        "white",
        [Step("f6g6", "king move"), Step("b7b8q", "promotion to a Queen from the menu", check=menu_choice("Queen"), shot="menu")],
        depth=6,
    ),
    # 1. P19-20=R (Router from the menu), Dove moves, 2. Router takes it: mate
    Game(
        "rope",
        "4T4K5k2P1d w - 0 1",
        "white",
        [Step("P19-20=R", "promotion to a Router from the menu", check=menu_choice("Router"), shot="menu"), Step(about="mate")],
        depth=7,
    ),
    # 1. T9x4 (a roll), then mate by searching; if the dice spoil it, a King hop mates
    Game(
        "rope-dice",
        "3r2k1T3KR2P4 w - - 0 1",
        "white",
        [Step("T9x4", "a Torch capture, then the roll", check=rolled)],
        depth=5,
        extra=5,
        fallback=("k4KR3P2d3D3 w - - 0 1", [Step("K6^8", "a King hop that uncovers the Router: mate (no roll)")]),
    ),
    # Black first: 1... Qe2 2. Kg1 (forced) 2... c2-b1=Q# from the menu
    Game(
        "escalator",
        "6k1/8/1b6/6/6/3q4/2c5/7K b - - 0 1",
        "black",
        [Step("d3e2", "queen move"), Step("c2b1q", "crab promotion to a Queen from the menu", check=menu_choice("Queen"), shot="menu")],
        depth=6,
    ),
    # 1. Qf3 e2xg4 (forced jump) 2. Kh3xf5xh5xh7: three jumps, the last takes the King
    Game(
        "checkercapture",
        "8/8/7k/3Q2p1/8/7K/3pp3/8 w - - 0 1",
        "white",
        [
            Step("d5f3", "queen sacrifice"),
            Step(about="a multi-jump taking the King", only=lambda m: m.count("x") >= 2, check=multi_jump(2), shot="jump"),
        ],
        depth=6,
    ),
    # 1. R0e2-0e8/+0a6 (check, and a ladder made in Part 2), R0c8x0e8, 2. mate
    Game(
        "chutes",
        "2r3k1/5ppp/8/8/8/8/4R3/4R2K|8/8/8/8/8/8/8/8 w - - la3,lb3,cc3,cd3 - 0 1",
        "white",
        [Step("R0e2-0e8/+0a6", "check with a ladder made in Part 2", check=part2, shot="part2"), Step(about="mate")],
        depth=4,
    ),
    # 1. U@i9 (a Burakumin from the hand), then a Dragon pair mates
    Game(
        "laddershogi",
        "6k3/10/10/2D1v15/1L1V86/10/10/10/10/4K5 w U 0",
        "white",
        [
            Step("U@i9", "a drop from the hand", check=hand_drop, shot="drop"),
            Step(about="a Dragon pair", only=is_pair, check=dragon_pair, shot="pair"),
        ],
        depth=4,
    ),
]


class Runner:
    def __init__(self, args, driver, server):
        self.args = args
        self.page = Page(driver, server.url, args.out)
        self.server = server
        self.checks = []
        self.problems = []
        self.seen = set()
        self.mark = 0  # the number of states seen before the last human move

    def say(self, text):
        print(f"  {text}", flush=True)

    def problem(self, variant, kind, text):
        """A page problem that does not stop the game (a failure with --strict); the first
        of each kind per variant is kept."""
        key = (variant, kind)
        if key not in self.seen:
            self.seen.add(key)
            self.problems.append(f"{variant}: {text}")
            self.say(f"page problem: {text}")

    def same_board(self, uci, fen_a, moves_a, fen_b, what):
        """The rules' drawing of `fen_a` after `moves_a` equals that of `fen_b`."""
        try:
            played = uci.board(fen_a, moves_a)
            read = uci.board(fen_b)
        except UciError as e:
            raise Failure(f"{what}: the rules refuse it: {e}")
        expect(
            played == read,
            f"{what}: the page's FEN {fen_b!r} is not the rules' position after {moves_a} from {fen_a!r}:\n"
            + "\n".join(played)
            + "\n-- page --\n"
            + "\n".join(read),
        )

    def record(self, variant, fen, moves, after):
        self.checks.append({"variant": variant, "fen": fen, "moves": moves, "expect": after})

    def human_move(self, game, uci, step):
        page = self.page
        before = page.state()
        expect(before["result"] is None, f"the game is over before {step.about}: {before['result']}")
        expect(before["turn"] == game.human, f"it is {before['turn']}'s turn, not the human's ({game.human})")
        text = step.text
        if text is None:
            only = None
            if step.only:
                only = [m for m in uci.legal(before["fen"]) if step.only(m)]
                expect(only, f"no legal move for {step.about} in {before['fen']}")
            text, score = uci.best(before["fen"], game.depth, only)
            self.say(f"search: {text} ({score})")
        paths = click_paths(page.tree(), text)
        expect(paths, f"no click path of the page's tree ends the move {text}")
        path, go_on = paths[0]
        if step.check:
            step.check(path, text, game)
        n_states = self.mark = len(page.states())
        n_rolls = len(page.rolls())
        node = page.tree()
        for i, click in enumerate(path):
            expect(page.offered(click, i == 0), f"{text}: the page does not offer the click {click} after {path[:i]}")
            if i > 0 and page.d.find_element(By.ID, "choice-menu").is_displayed():
                targets = [c[2:] for c, _ in node.get("next") or [] if c.startswith("c:")]
                hidden = page.covered(targets)
                if hidden:
                    self.problem(game.variant, "covered", f"after the clicks {' '.join(path[:i])} the choice menu covers the cells {', '.join(hidden)} that may be clicked next")
            if step.shot and i == len(path) - 1:
                page.shot(f"{game.variant}-{step.shot}")
            page.click(click)
            node = dict(node.get("next"))[click]
        if go_on:
            if step.shot:
                page.shot(f"{game.variant}-{step.shot}")
            page.end_turn()
        self.say(f"clicked {' '.join(path)}{' + end' if go_on else ''} = {text}")
        drawn = page.hidden_menu_drawn()
        if drawn:
            self.problem(game.variant, "hidden menu", f"the hidden choice menu (#choice-menu[hidden]) is still drawn: {drawn} (CSS display:flex overrides [hidden])")
        ply = before["ply"] + 1
        played = page.wait(
            f"the move {text} on the page",
            lambda: next((s for s in page.states()[n_states:] if s["ply"] == ply), None),
        )
        last = played["history"][-1]
        expect(last["text"] == text, f"the page played {last['text']}, not {text}")
        moves = [text] + list(last.get("rolls") or [])
        self.same_board(uci, before["fen"], moves, played["fen"], f"after {text}")
        self.record(game.variant, before["fen"], moves, played["fen"])
        if game.want_roll:
            game.want_roll = False
            expect(last.get("rolls"), f"{text}: no roll in the history")
            shown = page.wait("the roll shown over the board", lambda: page.rolls()[n_rolls:], secs=5)
            page.shot(f"{game.variant}-roll")
            expect(last["rolls"][0] in shown[0] or shown[0] in last["rolls"][0], f"the page showed the roll {shown[0]!r}, the history says {last['rolls']}")
            chips = page.js("return [...document.querySelectorAll('#moves .roll')].map((e) => e.title);")
            expect(any(last["rolls"][0] in c for c in chips), f"no roll chip {last['rolls']} in the move list: {chips}")
            self.say(f"roll shown: {shown[0]!r}; move list: {chips}")
        return played

    def engine_move(self, game, uci, played):
        page = self.page
        ply = played["ply"] + 1
        answer = page.wait("the engine's answer", lambda: next((s for s in page.states()[self.mark :] if s["ply"] == ply), None), secs=30)
        last = answer["history"][-1]
        moves = [last["text"]] + list(last.get("rolls") or [])
        self.same_board(uci, played["fen"], moves, answer["fen"], f"after the engine's {last['text']}")
        self.record(game.variant, played["fen"], moves, answer["fen"])
        self.say(f"engine: {' '.join(moves)}")
        page.wait("the page drawing the answer", lambda: page.js("return document.body.dataset.ply") == str(ply))
        return answer

    def play_steps(self, game, uci, steps):
        """Plays the planned steps, then up to `game.extra` searched moves, each answered by
        the engine, until a result; returns the last state."""
        planned = list(steps)
        searched = 0
        state = None
        while planned or searched < game.extra:
            if planned:
                step = planned.pop(0)
            else:
                searched += 1
                step = Step(about="search")
            state = self.human_move(game, uci, step)
            if state["result"] is None:
                state = self.engine_move(game, uci, state)
            if state["result"] is not None:
                break
        return state

    def finish(self, game, uci, start, final):
        page = self.page
        result = final["result"]
        winner = "1-0" if game.human == "white" else "0-1"
        expect(result["score"] == winner, f"the result is {result}, not a win of the human ({winner})")
        expect(result.get("reason"), f"the result {result} gives no reason")
        banner = page.wait("the result banner", lambda: page.js("const b = document.querySelector('.result-banner'); return b && b.textContent;"))
        expect(result["score"] in banner and result["reason"] in banner, f"the banner says {banner!r}, the state {result}")
        expect(page.js("return document.body.dataset.ply") == str(final["ply"]), "body data-ply is not the final ply")
        expect(page.js("return window.escalade.state.fen") == final["fen"], "window.escalade.state is not the final state")
        # the FEN box shows the game's FEN
        box = page.d.find_element(By.ID, "fen-input").get_attribute("value")
        expect(box == final["fen"], f"the FEN box shows {box!r}, the state {final['fen']!r}")
        # the server's record: the history from the start, and the exported PGN
        moves = [t for h in final["history"] for t in [h["text"]] + list(h.get("rolls") or [])]
        self.same_board(uci, start["fen"], moves, final["fen"], "the whole game")
        self.record(game.variant, start["fen"], moves, final["fen"])
        export = page.d.find_element(By.ID, "btn-pgn-export")
        page.reveal(export)
        export.click()
        pgn = page.wait("the exported PGN", lambda: page.js("const t = document.getElementById('pgn-text').value; return t.includes('[Variant') && t;"))
        tag = re.search(r'\[FEN "([^"]*)"\]', pgn)
        expect(tag and tag.group(1) == start["fen"], f"the PGN's FEN tag is not the loaded position: {pgn[:300]}")
        expect(f'[Variant "{game.variant}"]' in pgn, f"the PGN names another variant: {pgn[:300]}")
        expect(f'[Result "{winner}"]' in pgn, f"the PGN's result is not {winner}")
        for h in final["history"]:
            # the record text: SAN in FIDE chess, the move text elsewhere
            expect(h["record"] in pgn, f"the PGN lacks the move {h['record']} ({h['text']})")
        page.js("window.scrollTo(0, 0); document.querySelector('.panel')?.scrollTo?.(0, 0);")
        self.say(f"result {result['score']} ({result['reason']}); banner {' '.join(banner.split())!r}")

    def run(self, game):
        page = self.page
        print(f"{game.variant}:", flush=True)
        t0 = time.time()
        page.open(game.variant)
        white, black = ("human", "engine") if game.human == "white" else ("engine", "human")
        page.set_players(white, black)
        uci = Uci(self.args.bin, game.variant)
        try:
            start = page.load_fen(game.fen)
            self.say(f"loaded {start['fen']}")
            self.same_board(uci, game.fen, [], start["fen"], "the loaded FEN")
            final = self.play_steps(game, uci, game.steps)
            if final["result"] is None and game.fallback:
                fen, steps = game.fallback
                self.say(f"no result after {final['ply']} plies: loading the finishing position")
                start = page.load_fen(fen)
                final = self.play_steps(game, uci, steps)
            expect(final["result"] is not None, f"no result after {final['ply']} plies: {final['fen']}")
            self.finish(game, uci, start, final)
            toasts = page.toasts()
            expect(not toasts, f"the page showed error messages: {toasts}")
            page.shot(game.variant)
        finally:
            uci.close()
        self.say(f"ok in {time.time() - t0:.1f} s")


def find_tool(given, names):
    if given:
        return given
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def set_size(driver, size, mobile):
    """The page as a screen of `size` (width, height) CSS px shows it; `mobile`: a phone,
    with touch events."""
    w, h = size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": mobile},
    )
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5 if mobile else 1})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", required=True, help="the escalade binary")
    ap.add_argument("--out", required=True, help="directory for the screenshots and checks.json")
    ap.add_argument("--variants", default="", help="comma-separated subset of the games")
    ap.add_argument("--chromium", default=None)
    ap.add_argument("--chromedriver", default=None)
    ap.add_argument("--strict", action="store_true", help="page problems that do not stop a game fail the run")
    ap.add_argument("--phone", action="store_true", help="play at 390x844 CSS px with touch, as a phone shows the page")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    chromium = find_tool(args.chromium, ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"])
    driver_path = find_tool(args.chromedriver, ["chromedriver"])
    if not chromium or not driver_path:
        print(f"missing browser: chromium={chromium} chromedriver={driver_path}", file=sys.stderr)
        return 2
    wanted = [v for v in args.variants.split(",") if v]
    games = [g for g in GAMES if not wanted or g.variant in wanted]

    t0 = time.time()
    server = Server(args.bin)
    print(f"server {server.url}", flush=True)
    options = webdriver.ChromeOptions()
    for arg in ["--no-sandbox", "--headless=new", "--window-size=1400,1000", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(arg)
    options.binary_location = chromium
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = None
    failed = []
    runner = None
    try:
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        driver.set_page_load_timeout(30)
        if args.phone:
            set_size(driver, (390, 844), True)
        runner = Runner(args, driver, server)
        for game in games:
            try:
                runner.run(game)
            except Exception as e:  # one game's failure does not hide the others
                failed.append(game.variant)
                print(f"FAILED {game.variant}: {e}", flush=True)
                if not isinstance(e, Failure):
                    traceback.print_exc()
                try:
                    runner.page.shot(f"{game.variant}-failed")
                except Exception:
                    pass
        console = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        for entry in console:
            print(f"browser console: {entry.get('message')}", flush=True)
        crashes = [e for e in console if "Uncaught" in e.get("message", "")]
        if crashes:
            failed.append("page script errors")
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
    if runner is not None:
        with open(os.path.join(args.out, "checks.json"), "w") as f:
            json.dump(runner.checks, f, indent=1)
    if runner is not None and runner.problems:
        print("page problems:\n  " + "\n  ".join(runner.problems))
        if args.strict:
            failed.append("page problems (--strict)")
    if server.log:
        print("server log:\n  " + "\n  ".join(server.log[-20:]))
    print(f"{len(games) - len([f for f in failed if f in [g.variant for g in games]])}/{len(games)} games passed in {time.time() - t0:.1f} s")
    if failed:
        print(f"FAILED: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
