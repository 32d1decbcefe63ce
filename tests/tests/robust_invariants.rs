//! Invariants under random play for every registered variant, through the registry: after
//! every ply of random legal games the incremental hash equals the scratch hash, the FEN
//! round-trips, move codes are distinct, the played move's text reads back, copy-make
//! leaves the original untouched, the GUI forms read back (except the listed known defects
//! and lossy FENs) and
//! `Game::result` agrees with the legal move list; every few plies every legal move is
//! checked too. CI plays a few thousand plies per variant;
//! `escalade selfcheck --plies 1000000` is the long run (docs/robustness.md).

use escalade::registry;
use escalade::selfcheck::invariants::PlayPlan;
use escalade::selfcheck::play;

/// Plies per variant in CI.
const PLIES: u64 = 4_000;

/// Variants whose GUI move texts cannot yet say every move (docs/robustness.md, "Defects
/// found"): their GUI round-trip failures are printed, not failed on. Data only.
const KNOWN_GUI_MISMATCHES: &[&str] = &[];

/// Variants whose state does not fit XBoard's FEN (defect 8, expected): a GUI FEN that reads
/// back as another position is allowed there and nowhere else. Data only.
const LOSSY_GUI_FENS: &[&str] = &[
    "rope",
    "rope-mini",
    "rope-3check",
    "rope-regen",
    "rope-house",
    "rope-dice",
    "laddershogi",
];

#[test]
fn random_play_keeps_every_invariant() {
    let mut failures = Vec::new();
    for name in registry::names() {
        let plan = PlayPlan {
            plies: PLIES,
            max_game_plies: 300,
            full_every: 64,
            seed: 5,
        };
        let r = play(name, plan).expect("registered");
        println!(
            "{name}: plies {} games {} finished {} full checks {} in {:.2} s",
            r.plies,
            r.games,
            r.finished,
            r.full_checks,
            r.time.as_secs_f64()
        );
        // GUI round trips: every GUI move text and GUI FEN must read back, except the
        // known defects and lossy FENs listed above (docs/robustness.md, "Defects found").
        if r.gui_mismatches + r.gui_fen_lossy > 0 {
            println!(
                "{name}: {} GUI round-trip failures, {} lossy GUI FENs; e.g. {:?}",
                r.gui_mismatches, r.gui_fen_lossy, r.gui_examples
            );
        }
        if r.gui_mismatches > 0 && !KNOWN_GUI_MISMATCHES.contains(&name) {
            failures.push(format!(
                "{name}: {} GUI round-trip failures, e.g. {:?}",
                r.gui_mismatches, r.gui_examples
            ));
        }
        if r.gui_fen_lossy > 0 && !LOSSY_GUI_FENS.contains(&name) {
            failures.push(format!(
                "{name}: {} GUI FENs read back as another position",
                r.gui_fen_lossy
            ));
        }
        match r.defect {
            Some(d) => failures.push(format!("{name}: {d}")),
            None => assert_eq!(r.plies, PLIES, "{name}"),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
