//! The rules of Chutes and Ladders Chess as the core sees them ([`Rules`]): forms, start
//! position, FEN in field order (the fields are read and written in `fen.rs`), the hash from
//! scratch, move generation (Part 1 times Part 2), copy-make (the parts made in `part1.rs`
//! and `part2.rs`), game-end rules (mate, stalemate, 50 moves, only Kings left), and the
//! fast perft that counts Part 2 choices without listing them.

use escalade_core::{Bitboard, Color, FenError, Form, GameResult, Rules};

use crate::fen::{
    read_boards, read_castling, read_clocks, read_en_passant, read_first_turn, read_things,
    validate, write_boards, write_castling, write_en_passant, write_things, START_FEN,
};
use crate::keys;
use crate::men::Kind;
use crate::moves::{Move, Part2, Special};
use crate::position::Chutes;
use crate::square::NO_SQUARE;

/// The forms this crate plays.
pub const CHUTES_FORMS: &[Form] = &[Form {
    name: "chutes",
    aliases: &["chutes-and-ladders", "chutesandladders"],
    description: "Chutes and Ladders Chess (Betza 2003): two boards, two Kings each, turns that add chutes and ladders",
}];

impl Chutes {
    /// The start position, [`Rules::startpos`] of the one form: kept for the evaluation's
    /// tests (`eval/tests.rs`), to go once they call `startpos(0)`.
    pub fn start() -> Chutes {
        Chutes::startpos(0)
    }

    /// Whether only Kings are left on both boards.
    pub fn only_kings(&self) -> bool {
        self.men.occupied() == self.men.kinds[Kind::King.index()]
    }

    /// The number of legal Part 1 moves.
    pub fn count_part1(&self) -> usize {
        let mut n = 0;
        self.for_each_legal_part1(|_, _| n += 1);
        n
    }

    /// The man captured by `m`'s Part 1, if any.
    pub fn captured(&self, m: Move) -> Option<Kind> {
        if m.special() == Special::EnPassant {
            return Some(Kind::Pawn);
        }
        match self.men.at(m.to()) {
            Some((side, kind)) if side != self.side => Some(kind),
            _ => None,
        }
    }
}

impl Rules for Chutes {
    /// FIDE: threefold repetition is claimed, not automatic (fivefold is).
    const REPETITION_CLAIMED: bool = true;

    type Move = Move;

    const FORMS: &'static [Form] = CHUTES_FORMS;

    fn startpos(_form: usize) -> Self {
        Chutes::from_fen(0, START_FEN).unwrap_or_else(|e| unreachable!("start FEN: {e}"))
    }

    /// `BOARD0|BOARD1 SIDE CASTLING EP THINGS FIRST HALFMOVE FULLMOVE`; missing trailing
    /// fields take their defaults (`- - - - 0 1`).
    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        if form != 0 {
            return Err(FenError::new(format!(
                "chutes has one form, not form {form}"
            )));
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(FenError::new(
                "expected at least the boards and the side to move",
            ));
        }
        if fields.len() > 8 {
            return Err(FenError::new("too many fields (expected 8)"));
        }
        let field = |i: usize, default: &'static str| fields.get(i).copied().unwrap_or(default);
        let mut p = Chutes::empty();
        read_boards(&mut p, fields[0])?;
        p.side = Color::from_fen(fields[1])
            .ok_or_else(|| FenError::new("side to move must be w or b"))?;
        read_castling(&mut p, field(2, "-"))?;
        read_things(&mut p, field(4, "-"))?;
        read_en_passant(&mut p, field(3, "-"))?;
        read_first_turn(&mut p, field(5, "-"))?;
        read_clocks(&mut p, field(6, "0"), field(7, "1"))?;
        validate(&p)?;
        p.hash = p.hash_from_scratch();
        Ok(p)
    }

    fn to_fen(&self) -> String {
        let side = self.side.fen_char().to_string();
        let first = if self.first_turn { "first" } else { "-" };
        let (halfmove, fullmove) = (self.halfmove.to_string(), self.fullmove.to_string());
        [
            write_boards(self),
            side,
            write_castling(self),
            write_en_passant(self),
            write_things(self),
            first.to_string(),
            halfmove,
            fullmove,
        ]
        .join(" ")
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
        for side in Color::BOTH {
            for kind in Kind::ALL {
                for sq in self.men.of(side, kind).squares() {
                    h ^= keys::man(side, kind, sq);
                }
            }
        }
        for fr in 0..64u8 {
            if let Some((chute, owner)) = self.thing_at(fr) {
                h ^= keys::thing(chute, owner, fr);
            }
        }
        h ^= keys::castling(self.castling);
        if self.ep_target != NO_SQUARE {
            h ^= keys::en_passant(self.ep_target, self.ep_victim);
        }
        if self.side == Color::Black {
            h ^= keys::black_to_move();
        }
        if self.first_turn {
            h ^= keys::first_turn();
        }
        h
    }

    /// Every (Part 1, Part 2) pair: first every Part 1 without Part 2, then the rest.
    fn generate_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.for_each_legal_part1(|m, _| out.push(m));
        if self.first_turn {
            return;
        }
        let lines = self.pin_lines(self.side);
        for i in 0..out.len() {
            let m = out[i];
            let kind = self.men.at(m.from()).map_or(Kind::Pawn, |x| x.1);
            let after = self.apply_part1(m, kind);
            let lines = self.pin_lines_after(&after, kind, lines);
            after.for_each_part2_lines(lines, |p2| {
                if p2 != Part2::Nothing {
                    out.push(m.with(p2));
                }
            });
        }
    }

    /// Part 1 (the chess move and its transport), then Part 2 (a thing made or removed),
    /// then the move passes to the other side.
    fn play(&self, mv: Move) -> Self {
        let kind = self.men.at(mv.from()).map_or(Kind::Pawn, |(_, k)| k);
        let mut p = self.apply_part1(mv, kind);
        p.apply_part2(mv.part2());
        p.finish_turn();
        p
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    fn rule_result(&self) -> Option<GameResult> {
        if self.only_kings() {
            return Some(GameResult::Draw("Draw: only Kings remain"));
        }
        None
    }

    fn claimable_draw(&self) -> Option<GameResult> {
        // a mate on the last ply of the count still wins
        (self.halfmove >= 100 && !(self.in_check() && self.count_part1() == 0))
            .then_some(GameResult::Draw("Draw by the 50-move rule"))
    }

    fn no_move_result(&self) -> GameResult {
        if self.in_check() {
            GameResult::mate(!self.side)
        } else {
            GameResult::Draw("Draw by stalemate")
        }
    }

    fn reversible_plies(&self) -> u32 {
        self.halfmove
    }

    /// Fast perft: Part 1 is made once per Part 2 family, and the last ply counts Part 2
    /// choices without listing them (quiet placements are counted with a population count).
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        let lines = self.pin_lines(self.side);
        self.for_each_legal_part1(|m, kind| {
            let after = self.apply_part1(m, kind);
            let lines = self.pin_lines_after(&after, kind, lines);
            if depth == 1 {
                n += after.count_part2_lines(lines);
            } else {
                after.for_each_part2_lines(lines, |p2| {
                    let mut child = after;
                    child.apply_part2(p2);
                    child.finish_turn();
                    n += child.perft(depth - 1);
                });
            }
        });
        n
    }
}

/// Men of `side` on both boards (for callers outside the crate).
pub fn men_of(pos: &Chutes, side: Color, kind: Kind) -> u128 {
    pos.men.of(side, kind)
}
