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

use escalade_tests::gui::run_page_checks;

#[test]
fn the_board_works_on_a_phone_and_keeps_the_game() {
    let Some(stdout) = run_page_checks("phone.py", "gui-phone-screenshots") else {
        return;
    };
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
