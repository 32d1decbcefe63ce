//! The browser board in a real browser: headless Chromium, driven by Selenium from
//! `tests/gui/browser_games.py`, plays a short game of every variant against the engine by
//! clicks on the drawn board (FIDE, Rope and Escalator promotions from the menu, a rope-dice
//! roll, a checker-capture triple jump, a Chutes Part 2 ladder, a Ladder Shogi drop and
//! Dragon pair) and checks each position against the rules through `escalade uci`.
//! Screenshots go to `target/gui-screenshots/`; the same games are played again at 390x844
//! with touch, as a phone shows the page (`target/gui-screenshots-phone/`). Every FEN the
//! page showed is then compared here, as a string, with the rules crates' FEN after the
//! same moves (`checks.json`).
//!
//! Skips with a printed reason when python3 with `selenium`, Chromium or chromedriver is
//! missing, except in CI (`CI=true`), where that is a failure.

use std::collections::HashMap;
use std::path::Path;

use escalade::session::{self, Notation, Session, Settings};
use escalade_tests::gui::{target_dir, Browser};
use serde_json::Value;

/// Replays every check of `checks.json` through the rules crates: the page's FEN after the
/// moves must be exactly the rules' FEN.
fn compare_fens(checks: &Path) {
    let text = std::fs::read_to_string(checks).expect("the script writes checks.json");
    let checks: Vec<Value> = serde_json::from_str(&text).expect("checks.json is JSON");
    assert!(checks.len() >= 14, "only {} checks", checks.len());
    let mut sessions: HashMap<String, Box<dyn Session>> = HashMap::new();
    for check in &checks {
        let variant = check["variant"].as_str().expect("a variant");
        let fen = check["fen"].as_str().expect("a FEN");
        let s = sessions.entry(variant.to_string()).or_insert_with(|| {
            session::open(variant, Settings::default()).expect("a known variant")
        });
        s.set_fen(fen, Notation::Engine)
            .unwrap_or_else(|e| panic!("{variant}: the rules refuse the page's FEN {fen}: {e}"));
        let moves = check["moves"].as_array().expect("moves");
        for mv in moves {
            let mv = mv.as_str().expect("a move text");
            s.play(mv, Notation::Engine)
                .unwrap_or_else(|e| panic!("{variant}: {mv} refused after {fen}: {e}"));
        }
        assert_eq!(
            s.fen(Notation::Engine),
            check["expect"].as_str().expect("the page's FEN"),
            "{variant}: the page's FEN after {moves:?} from {fen}"
        );
    }
    let variants: Vec<&String> = sessions.keys().collect();
    assert_eq!(variants.len(), 7, "checks of every variant: {variants:?}");
}

#[test]
fn whole_games_by_clicks_in_a_real_browser() {
    play_every_family("gui-screenshots", &["--strict"]);
}

/// The same games by taps at 390x844 CSS px with touch emulated, as a phone shows the page
/// (Chutes' boards stacked, the rope folded, Ladder Shogi edge to edge).
#[test]
fn whole_games_by_taps_on_a_phone() {
    play_every_family("gui-screenshots-phone", &["--strict", "--phone"]);
}

/// Plays `browser_games.py` with `args`, screenshots in `target/OUT`, and checks every
/// family was played and every FEN the page showed.
fn play_every_family(out: &str, args: &[&str]) {
    let Some(browser) = Browser::find() else {
        return;
    };
    let out = target_dir(out);
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).expect("the screenshot directory");
    let started = std::time::Instant::now();
    let run = browser.run("browser_games.py", &out, args);
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    eprintln!("{stdout}");
    assert!(
        run.status.success(),
        "the browser games failed:\n{stdout}\n{stderr}"
    );
    eprintln!(
        "browser games: {:.1} s, screenshots in {}",
        started.elapsed().as_secs_f64(),
        out.display()
    );
    for variant in [
        "normal",
        "rope",
        "rope-dice",
        "escalator",
        "checkercapture",
        "chutes",
        "laddershogi",
    ] {
        let shot = out.join(format!("{variant}.png"));
        let size = std::fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
        assert!(
            size > 10_000,
            "no screenshot {} ({size} bytes)",
            shot.display()
        );
        assert!(
            stdout.contains(&format!("{variant}:")),
            "{variant} not played:\n{stdout}"
        );
    }
    compare_fens(&out.join("checks.json"));
}
