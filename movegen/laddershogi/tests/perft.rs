//! Perft figures of the rules file (LS-2) and the start position's invariants (LS-1).

mod common;

use escalade_core::Position;
use escalade_laddershogi::{LadderShogi, START_FEN};

#[test]
fn ls2_perft_start() {
    let p = LadderShogi::startpos(0);
    assert_eq!(p.to_fen(), START_FEN);
    assert_eq!(common::turns(&p).len(), 15, "{:?}", common::turns(&p));
    assert_eq!(p.perft(1), 15);
    assert_eq!(p.perft(2), 225);
}
