//! The browser board on a phone and its extras (issue #85), checked by real clicks in
//! headless Chromium through Selenium (`tests/gui/phone.py`): at 390x844 CSS px every
//! family's smallest cell is at least 36 px across, Chutes' boards are stacked and the rope
//! folded, a move is made by taps in each family, and the "End turn here" menu leaves the
//! notes uncovered; right-click arrows and circles, the mute switch kept across a reload,
//! the move sounds, the game kept across a reload, the escalator's two-headed arrows and
//! their legend line. Screenshots at 390x844 and 1366x768 go to
//! `target/gui-phone-screenshots/`.
//!
//! Skips with a printed reason when python3 with `selenium`, Chromium or chromedriver is
//! missing, except in CI (`CI=true`), where that is a failure.

use std::path::Path;
use std::process::Command;

use escalade_tests::{find_tool, python_can_import, skip};

#[test]
fn the_board_works_on_a_phone_and_keeps_the_game() {
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
        .join("target/gui-phone-screenshots");
    std::fs::create_dir_all(&out).expect("the screenshot directory");
    let run = Command::new("python3")
        .arg(tests_dir.join("gui/phone.py"))
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
        "page checks failed:\n{stdout}\n{stderr}"
    );
    print!("{stdout}");
    for check in [
        "phone_boards",
        "menu_leaves_the_notes",
        "arrows_and_circles",
        "mute_is_remembered",
        "sounds_play",
        "game_kept_across_reload",
        "escalator_arrows_and_legend",
        "desktop_shots",
    ] {
        assert!(
            stdout.contains(&format!("ok {check}")),
            "{check} did not run:\n{stdout}"
        );
    }
}
