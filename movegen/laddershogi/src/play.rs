//! The rules of Ladder Shogi as the core sees them ([`Rules`]): FEN in field order (the
//! fields are read and written in `fen.rs`), the hash from scratch, the legal turns, the
//! position after a turn, check (`threat.rs`), and how a game ends: no legal turn loses
//! (checkmate or not), only Kings left is a dead draw, fourfold repetition draws unless one
//! side checked with every turn of the cycle (that side loses).

use escalade_core::{Color, FenError, Form, GameResult, Rules, Square};

use crate::fen::{
    check_kings, check_placement, parse_board, parse_hands, write_board, write_hands, START_FEN,
};
use crate::legal::LegalTurns;
use crate::moves::Move;
use crate::piece::*;
use crate::position::LadderShogi;
use crate::tables::SQUARES;
use crate::zobrist::{hand_key, piece_key, BLACK_TO_MOVE};

impl Rules for LadderShogi {
    type Move = Move;

    const FORMS: &'static [Form] = &[Form {
        name: "laddershogi",
        aliases: &["ladder-shogi", "ladder"],
        description: "Ladder Shogi (Mason Green, 2005): 10x10, value pieces climb stages 1-10, drops, double turns",
    }];

    const REPETITIONS_TO_DRAW: usize = 4;

    fn startpos(_form: usize) -> Self {
        LadderShogi::from_fen(0, START_FEN).expect("the start FEN is valid")
    }

    /// `<board> <side> <hands> [<reversible plies>]`, checked for a position that can
    /// occur: one King each, no piece next to a Burakumin except Burakumins, no immobile
    /// piece, and the side not to move cannot be captured.
    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        if form != 0 {
            return Err(FenError::new(format!(
                "laddershogi has one form, not form {form}"
            )));
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(3..=4).contains(&fields.len()) {
            return Err(FenError::new(
                "expected 3 or 4 fields: board side hands [reversible plies]",
            ));
        }
        let mut pos = LadderShogi::empty();
        parse_board(&mut pos, fields[0])?;
        pos.side =
            Color::from_fen(fields[1]).ok_or_else(|| FenError::new("side must be w or b"))?;
        parse_hands(&mut pos, fields[2])?;
        if let Some(r) = fields.get(3) {
            pos.reversible = r
                .parse()
                .map_err(|_| FenError::new("reversible plies must be a number"))?;
        }
        check_kings(&pos)?;
        check_placement(&pos)?;
        pos.hash = pos.hash_from_scratch();
        if pos.king_capturable(pos.side) {
            return Err(FenError::new("the side to move could capture the King"));
        }
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        format!(
            "{} {} {} {}",
            write_board(self),
            self.side.fen_char(),
            write_hands(self),
            self.reversible
        )
    }

    fn form(&self) -> usize {
        0
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for sq in 0..SQUARES as Square {
            let p = self.board[sq as usize];
            if !p.is_empty() {
                h ^= piece_key(p.kind(), p.color(), sq);
            }
        }
        for color in Color::BOTH {
            for hk in 0..HAND_KINDS {
                h ^= hand_key(color, hk, self.hands[color.index()][hk]);
            }
        }
        if self.side == Color::Black {
            h ^= BLACK_TO_MOVE;
        }
        h
    }

    /// One turn per distinct resulting position (`turns.rs` lists them, `legal.rs` keeps
    /// the legal ones).
    fn generate_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.for_each_turn(&mut LegalTurns::new(self, out));
    }

    /// Rebuilt by replaying the turn's sub-moves or drop.
    fn play(&self, mv: Move) -> Self {
        let mut child = self.clone();
        let us = self.side;
        if let Some((hk, sq)) = mv.dropped() {
            child.add_hand(us, hk, -1);
            child.put(sq, crate::piece::HAND_BASE[hk], us);
            child.finish_turn(self.reversible, true);
            child.check.forget();
            return child;
        }
        let mut irreversible = false;
        for sub in mv.sub_moves() {
            irreversible |= child.apply_sub(sub).irreversible;
        }
        child.finish_turn(self.reversible, irreversible);
        child.check.forget();
        child
    }

    /// Whether the opponent could capture the King with some turn (`threat.rs`),
    /// remembered after the first question.
    #[inline]
    fn in_check(&self) -> bool {
        match self.check.get() {
            Some(c) => {
                debug_assert_eq!(c, self.king_in_danger(), "stale check in {}", self.to_fen());
                c
            }
            None => {
                let c = self.king_in_danger();
                self.check.set(c);
                c
            }
        }
    }

    /// A dead draw when both sides have nothing but their King on board and in hand.
    fn rule_result(&self) -> Option<GameResult> {
        let only_kings = self.occupied() == self.bb(KING);
        let empty_hands = self.hands.iter().all(|h| h.iter().all(|&n| n == 0));
        (only_kings && empty_hands)
            .then_some(GameResult::Draw("Dead position: only the Kings remain"))
    }

    /// The side to move has no legal turn: it loses, mated or not.
    fn no_move_result(&self) -> GameResult {
        let winner = !self.side;
        if self.in_check() {
            GameResult::mate(winner)
        } else {
            match winner {
                Color::White => GameResult::win(Color::White, "Black has no legal turn"),
                Color::Black => GameResult::win(Color::Black, "White has no legal turn"),
            }
        }
    }

    fn reversible_plies(&self) -> u32 {
        self.reversible
    }

    /// Fourfold repetition of the last position of `history`: a draw, unless one side gave
    /// check with every one of its turns since the first of the four occurrences.
    fn repetition_result(history: &[Self]) -> GameResult {
        let Some(last) = history.last() else {
            return GameResult::Draw("Draw by repetition");
        };
        let same: Vec<usize> = (0..history.len())
            .filter(|&i| history[i].hash == last.hash)
            .collect();
        let start = same[same.len().saturating_sub(Self::REPETITIONS_TO_DRAW)];
        let mut always_checked = [true; 2];
        let mut moved = [false; 2];
        for p in &history[start + 1..] {
            let mover = (!p.side).index();
            moved[mover] = true;
            if always_checked[mover] && !p.in_check() {
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
}
