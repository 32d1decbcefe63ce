//! Bugs of the browser board's page (issue #85), each checked by clicks in headless
//! Chromium through Selenium (`tests/gui/board_fixes.py`): an error toast lets a click
//! through to the Import button it covers, stepping back through the moves hides the live
//! position's engine lines and evaluation bar, in Chutes only the attacked King glows, and a
//! rope-dice roll known by its outcome shows a tick or a cross, not an invented five; the
//! result of a finished game shows over the board; flipped, the coordinates stay on the
//! bottom and left edges. Screenshots go to
//! `target/gui-fix-screenshots/`.
//!
//! Skips with a printed reason when python3 with `selenium`, Chromium or chromedriver is
//! missing, except in CI (`CI=true`), where that is a failure.

use std::path::Path;
use std::process::Command;

use escalade_tests::{find_tool, python_can_import, skip};

#[test]
fn page_bugs_stay_fixed_in_a_real_browser() {
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
        .join("target/gui-fix-screenshots");
    std::fs::create_dir_all(&out).expect("the screenshot directory");
    let run = Command::new("python3")
        .arg(tests_dir.join("gui/board_fixes.py"))
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
    for check in [
        "toast_lets_clicks_through",
        "lines_are_of_the_live_position",
    ] {
        assert!(
            stdout.contains(&format!("ok {check}")),
            "{check} did not run:\n{stdout}"
        );
    }
}
