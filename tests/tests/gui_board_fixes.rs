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

use escalade_tests::gui::run_page_checks;

#[test]
fn page_bugs_stay_fixed_in_a_real_browser() {
    let Some(stdout) = run_page_checks("board_fixes.py", "gui-fix-screenshots") else {
        return;
    };
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
