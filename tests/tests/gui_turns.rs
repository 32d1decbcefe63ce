//! Turns on the browser board (issue #85), played by clicks and drags in headless Chromium
//! through Selenium (`tests/gui/turns.py`): a jump chain drawn landing by landing with the
//! jumped men fading and a dragged first hop staying, Chutes' Part 2 offered on the boards
//! as Part 1 left them, a premove made during the engine's think (played when legal,
//! dropped when not) with the engine's move gliding in, and a drop dragged out of Ladder
//! Shogi's hand. Screenshots go to `target/gui-turns-screenshots/`.
//!
//! Skips with a printed reason when python3 with `selenium`, Chromium or chromedriver is
//! missing, except in CI (`CI=true`), where that is a failure.

use std::path::Path;
use std::process::Command;

use escalade_tests::{find_tool, python_can_import, skip};

#[test]
fn turns_are_drawn_as_they_happen_in_a_real_browser() {
    let browsers = [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ];
    let Some(chromium) = find_tool(&browsers) else {
        return skip("Chromium is not installed (apt-get install chromium)");
    };
    let Some(driver) = find_tool(&["chromedriver"]) else {
        return skip("chromedriver is not installed (apt-get install chromium-driver)");
    };
    if !python_can_import("selenium.webdriver.chrome.service") {
        return skip("python3 with the `selenium` package is not installed (pip install selenium)");
    }
    let tests_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = tests_dir
        .parent()
        .expect("the workspace")
        .join("target/gui-turns-screenshots");
    std::fs::create_dir_all(&out).expect("the screenshot directory");
    let run = Command::new("python3")
        .arg(tests_dir.join("gui/turns.py"))
        .arg("--bin")
        .arg(escalade_tests::escalade_bin())
        .arg("--out")
        .arg(&out)
        .arg("--chromium")
        .arg(&chromium)
        .arg("--chromedriver")
        .arg(&driver)
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "turn checks failed:\n{stdout}\n{stderr}"
    );
    for check in [
        "jump_chain_drawn_landing_by_landing",
        "chutes_part2_on_the_board_after_part1",
        "premove_played_or_dropped",
        "drop_dragged_from_the_hand",
    ] {
        assert!(
            stdout.contains(&format!("ok {check}")),
            "{check} did not run:\n{stdout}"
        );
    }
}
