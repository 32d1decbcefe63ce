//! Variants XBoard 4.9.1 cannot carry (issue 19): over XBoard the engine says so with a
//! `telluser` naming the browser board, sends no `setup`, and refuses moves and `go`, so
//! XBoard's board never drifts from the engine's. A peer that speaks Escalade's whole
//! dialect (`option Full Dialect=1`, as `escalade match` sends) plays them.

use escalade_tests::pipe::xboard;

const REFUSED: [&str; 7] = [
    "chutes",
    "laddershogi",
    "rope-house",
    "rope-dice",
    "rope-regen",
    "checkercapture",
    "checkercapture-simple-displacement",
];
const CARRIED: [&str; 7] = [
    "normal",
    "escalator",
    "escalator-noleap",
    "escalator-almost",
    "rope",
    "rope-mini",
    "rope-3check",
];

#[test]
fn variants_xboard_cannot_carry_are_refused_with_the_browser_board_named() {
    for name in REFUSED {
        let mut e = xboard();
        e.send(&format!("variant {name}"));
        let told = e.expect("telluser ");
        assert!(
            told.contains(&format!("escalade gui --variant {name}")),
            "{told}"
        );
        e.send("go");
        let refused = e.expect("Error (");
        assert!(refused.contains("escalade gui"), "{refused}");
        e.send("usermove a1a2");
        let illegal = e.expect("Illegal move (");
        assert!(illegal.contains("cannot play"), "{illegal}");
        let rest = e.sync(1);
        assert!(
            rest.iter()
                .all(|l| !l.starts_with("setup") && !l.starts_with("move")),
            "{name}: {rest:?}"
        );
    }
}

#[test]
fn carried_variants_are_not_refused() {
    for name in CARRIED {
        let mut e = xboard();
        e.send(&format!("variant {name}"));
        let lines = e.sync(1);
        assert!(
            lines.iter().all(|l| !l.contains("cannot play")),
            "{name}: {lines:?}"
        );
    }
}

#[test]
fn the_full_dialect_plays_every_variant() {
    for name in REFUSED {
        let mut e = xboard();
        e.send("option Full Dialect=1");
        e.send(&format!("variant {name}"));
        e.send("sd 1");
        e.send("go");
        let mv = e.expect("move ");
        assert!(mv.len() > 5, "{name}: {mv}");
    }
}
