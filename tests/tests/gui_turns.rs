//! Turns on the browser board (issue #85), played by clicks and drags in headless Chromium
//! through Selenium (`tests/gui/turns.py`): a jump chain drawn landing by landing with the
//! jumped men fading and a dragged first hop staying, Chutes' Part 2 offered on the boards
//! as Part 1 left them, a premove made during the engine's think (played when legal,
//! dropped when not) with the engine's move gliding in, and a drop dragged out of Ladder
//! Shogi's hand. Screenshots go to `target/gui-turns-screenshots/`.
//!
//! Skips with a printed reason when python3 with `selenium`, Chromium or chromedriver is
//! missing, except in CI (`CI=true`), where that is a failure.

use escalade_tests::gui::run_page_checks;

#[test]
fn turns_are_drawn_as_they_happen_in_a_real_browser() {
    let Some(stdout) = run_page_checks("turns.py", "gui-turns-screenshots") else {
        return;
    };
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
