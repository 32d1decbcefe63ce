//! How a Ladder Shogi game ends: no legal turn loses (checkmate or not), only Kings left is
//! a dead draw, fourfold repetition draws unless one side checked with every turn of the
//! cycle (that side loses).

use escalade_core::{Color, GameResult};

use crate::piece::*;
use crate::position::LadderShogi;

impl LadderShogi {
    /// Draw when both sides have nothing but their King on board and in hand.
    pub(crate) fn dead_position(&self) -> Option<GameResult> {
        let only_kings = self.occupied() == self.bb(KING);
        let empty_hands = self.hands.iter().all(|h| h.iter().all(|&n| n == 0));
        (only_kings && empty_hands)
            .then_some(GameResult::Draw("Dead position: only the Kings remain"))
    }

    /// The side to move has no legal turn: it loses, mated or not.
    pub(crate) fn no_turn_result(&self) -> GameResult {
        let winner = !self.side;
        if self.is_in_check() {
            GameResult::mate(winner)
        } else {
            match winner {
                Color::White => GameResult::win(Color::White, "Black has no legal turn"),
                Color::Black => GameResult::win(Color::Black, "White has no legal turn"),
            }
        }
    }

    /// Fourfold repetition of the last position of `history`: a draw, unless one side gave
    /// check with every one of its turns since the first of the four occurrences.
    pub(crate) fn repetition_verdict(history: &[LadderShogi], repetitions: usize) -> GameResult {
        let Some(last) = history.last() else {
            return GameResult::Draw("Draw by repetition");
        };
        let same: Vec<usize> = (0..history.len())
            .filter(|&i| history[i].hash == last.hash)
            .collect();
        let start = same[same.len().saturating_sub(repetitions)];
        let mut always_checked = [true; 2];
        let mut moved = [false; 2];
        for p in &history[start + 1..] {
            let mover = (!p.side).index();
            moved[mover] = true;
            if always_checked[mover] && !p.is_in_check() {
                always_checked[mover] = false;
            }
        }
        let perpetual = |c: Color| moved[c.index()] && always_checked[c.index()];
        match (perpetual(Color::White), perpetual(Color::Black)) {
            (true, false) => GameResult::win(Color::Black, "White loses by perpetual check"),
            (false, true) => GameResult::win(Color::White, "Black loses by perpetual check"),
            _ => GameResult::Draw("Draw by fourfold repetition"),
        }
    }

    /// Rough worth of what a turn captures, for move ordering.
    pub(crate) fn capture_worth(kind: Kind) -> i32 {
        match kind {
            1..=10 => 60 + 40 * kind as i32,
            KING => 10_000,
            BURAKUMIN => 700,
            ROOK | BISHOP => 600,
            LANCE | NINJA | SHOGUN => 350,
            HORSE => 250,
            DRAGON | CRICKET | KAPPA => 400,
            _ => 0,
        }
    }

    /// Total worth of the pieces a turn captures.
    pub(crate) fn gain_of(&self, subs: impl Iterator<Item = crate::moves::SubMove>) -> i32 {
        let mut pos = self.clone();
        let mut gain = 0;
        for sub in subs {
            let victim = pos.board[sub.to as usize];
            if !victim.is_empty() {
                gain += Self::capture_worth(victim.kind());
            }
            pos.apply_sub(sub);
        }
        gain
    }
}
