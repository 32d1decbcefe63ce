//! Perft from every form's start position. Depths 1-3 of `rope` and `rope-mini` are the
//! rules file's figures (section 7); deeper ones and the other forms are this
//! implementation's own figures, cross-checked against the core's generic perft at
//! depth 4 and kept as regression values. The deep test is ignored by default:
//! `cargo test --release -p escalade-rope --test perft_figures -- --ignored`.

use escalade_core::perft;
use escalade_core::Rules;
use escalade_rope::{Rope, FORMS};

/// (form name, perft at depths 1..=8).
const FIGURES: [(&str, [u64; 8]); 6] = [
    ("rope", [4, 16, 68, 289, 1509, 7836, 47534, 285944]),
    ("rope-mini", [4, 16, 76, 361, 2042, 11314, 69950, 425842]),
    ("rope-3check", [4, 16, 68, 289, 1509, 7836, 47534, 285944]),
    ("rope-regen", [4, 16, 68, 289, 1509, 7836, 47534, 285944]),
    ("rope-house", [4, 16, 68, 289, 1509, 7876, 48586, 305612]),
    (
        "rope-dice",
        [7, 49, 378, 2916, 28832, 288140, 3592710, 45076552],
    ),
];

/// Depth-10 figures (depth 8 for the dice form, whose tree is wider).
const DEEP: [(&str, u32, u64); 6] = [
    ("rope", 10, 12871602),
    ("rope-mini", 10, 17706686),
    ("rope-3check", 10, 12871602),
    ("rope-regen", 10, 12870729),
    ("rope-house", 10, 16734114),
    ("rope-dice", 8, 45076552),
];

fn start(name: &str) -> Rope {
    let form = FORMS
        .iter()
        .position(|f| f.name == name)
        .expect("a form name");
    Rope::startpos(form)
}

#[test]
fn start_position_perft_to_depth_6() {
    for (name, figures) in FIGURES {
        let p = start(name);
        for (d, &want) in figures.iter().enumerate().take(6) {
            assert_eq!(p.perft(d as u32 + 1), want, "{name} perft({})", d + 1);
        }
        assert_eq!(perft::perft(&p, 4), figures[3], "{name}: generic perft(4)");
    }
}

#[test]
#[ignore = "a few seconds in release mode"]
fn start_position_perft_deep() {
    for (name, figures) in FIGURES {
        let p = start(name);
        assert_eq!(p.perft(7), figures[6], "{name} perft(7)");
        assert_eq!(p.perft(8), figures[7], "{name} perft(8)");
    }
    for (name, depth, want) in DEEP {
        assert_eq!(start(name).perft(depth), want, "{name} perft({depth})");
    }
}
