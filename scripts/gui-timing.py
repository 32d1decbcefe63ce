#!/usr/bin/env python3
"""Response figures of the browser board (`escalade gui`), in headless Chromium.

  scripts/gui-timing.py target/release/escalade [ROUNDS]

Prints, for the FIDE start and for a Chutes and Ladders position with thousands of legal
turns: the time from navigation to the first drawn position (the page is interactive), the
size of the state message, and the time from a click on a piece to its targets highlighted
(median and worst over ROUNDS clicks, measured in the page from the click event to the
next frame after the marks, so it includes layout and paint). Needs chromium,
chromium-driver and the PyPI package selenium.
"""
import statistics
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

# Chutes after 1. 0e2-0e4 0e7-0e5/ 2. N0g1-0f3/+0e3 0d7-0d5/+1d6: about 3,400 legal turns.
CHUTES_MOVES = ["0e2-0e4", "0e7-0e5/", "N0g1-0f3/+0e3", "0d7-0d5/+1d6"]

CLICK_JS = """
const [cell, done] = [arguments[0], arguments[arguments.length - 1]];
const el = document.querySelector(`[data-cell="${cell}"]`);
const t0 = performance.now();
el.dispatchEvent(new MouseEvent('pointerdown', {bubbles: true, clientX: 0, clientY: 0}));
el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
requestAnimationFrame(() => requestAnimationFrame(() => {
  const marks = document.querySelectorAll('.target').length;
  done([performance.now() - t0, marks]);
}));
"""


def start_server(binary):
    server = subprocess.Popen([binary, "gui", "--port", "0"], stdout=subprocess.PIPE, text=True)
    url = server.stdout.readline().strip().split(" ", 2)[2]
    return server, url


def browser():
    options = Options()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"]:
        options.add_argument(arg)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, js, secs=20):
    deadline = time.time() + secs
    while time.time() < deadline:
        value = driver.execute_script(js)
        if value:
            return value
        time.sleep(0.02)
    raise TimeoutError(js)


def play_moves(driver, moves):
    """Both sides human, then the moves typed into the page's move box."""
    Select(driver.find_element(By.ID, "player-black")).select_by_value("human")
    wait(driver, "return window.escalade.state.players.black == 'human'")
    box = driver.find_element(By.ID, "move-input")
    for ply, mv in enumerate(moves, 1):
        box.send_keys(mv, Keys.ENTER)
        wait(driver, "return document.body.dataset.ply == '%d'" % ply)


def measure(driver, url, moves, origin, rounds):
    driver.get(url)
    ready = wait(driver, "return window.escalade && window.escalade.readyAt")
    play_moves(driver, moves)
    state = driver.execute_script("return JSON.stringify(window.escalade.state)")
    turns = driver.execute_script(
        "const c=(n)=>(n.end?1:0)+(n.next||[]).reduce((a,[k,m])=>a+c(m),0);"
        "return c(window.escalade.state.moves)")
    times = []
    for _ in range(rounds):
        ms, marks = driver.execute_async_script(CLICK_JS, origin)
        assert marks > 0, "no target was highlighted"
        times.append(ms)
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    return ready, len(state), turns, statistics.median(times), max(times)


def main():
    binary = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    server, url = start_server(binary)
    driver = browser()
    cases = [
        ("normal, start", "normal", [], "e2"),
        ("chutes, after 2 turns each", "chutes", CHUTES_MOVES, "0b1"),
    ]
    try:
        for name, variant, moves, origin in cases:
            page = f"{url}?variant={variant}"
            ready, size, turns, median, worst = measure(driver, page, moves, origin, rounds)
            print(f"{name}: interactive {ready:.0f} ms after navigation; state message "
                  f"{size / 1024:.0f} KB with {turns} legal turns; click to highlight "
                  f"median {median:.1f} ms, worst {worst:.1f} ms ({rounds} clicks)")
    finally:
        driver.quit()
        server.kill()


if __name__ == "__main__":
    main()
