//! Perft figures (hand-checked where noted in docs/rules/chutes.md) and agreement of the
//! fast perft with the generic one.

use escalade_chutes::Chutes;
use escalade_core::{perft, Position};

#[test]
fn start_position_low_depths() {
    let p = Chutes::start();
    assert_eq!(p.perft(1), 40);
    assert_eq!(perft::perft(&p, 1), 40);
    assert_eq!(p.perft(2), 110_400);
    assert_eq!(perft::perft(&p, 2), 110_400);
}
