//! Standard algebraic notation on the browser board (issue 85), typed and read in headless
//! Chromium through Selenium (`tests/gui/san.py`): `e4`, `d7d5`, `Nf3` typed into the move
//! box show as `e4 d5 Nf3` in the move list, an ambiguous `Nd2` raises a toast naming
//! `Nbd2` and `Nfd2` and plays nothing, and the engine's lines show SAN. Screenshots go to
//! `target/gui-san-screenshots/`.
//!
//! Skips with a printed reason when python3 with `selenium`, Chromium or chromedriver is
//! missing, except in CI (`CI=true`), where that is a failure.

use escalade_tests::gui::run_page_checks;

#[test]
fn san_entry_in_fide_in_a_real_browser() {
    let Some(stdout) = run_page_checks("san.py", "gui-san-screenshots") else {
        return;
    };
    for check in ["san_entry_in_fide", "engine_lines_in_san"] {
        assert!(
            stdout.contains(&format!("ok {check}")),
            "{check} did not run:\n{stdout}"
        );
    }
}
