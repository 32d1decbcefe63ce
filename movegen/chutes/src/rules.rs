//! The [`Position`] implementation: forms, start position, move generation (Part 1 times
//! Part 2), copy-make, game-end rules (mate, stalemate, 50 moves, only Kings left), and the
//! fast perft that counts Part 2 choices without listing them.

use escalade_core::{Color, FenError, Form, GameResult, MoveError, Pruning};
use escalade_core::{MoveNotation, Rules, SearchHints};

use crate::fen::START_FEN;
use crate::men::Kind;
use crate::moves::{Move, Part2, Special};
use crate::position::Chutes;
use crate::square::NO_SQUARE;
use crate::staged::STAGE_DEPTHS;

/// The forms this crate plays.
pub const CHUTES_FORMS: &[Form] = &[Form {
    name: "chutes",
    aliases: &["chutes-and-ladders", "chutesandladders"],
    description: "Chutes and Ladders Chess (Betza 2003): two boards, two Kings each, turns that add chutes and ladders",
}];

impl Chutes {
    /// The start position.
    pub fn start() -> Chutes {
        Chutes::parse_fen(START_FEN).unwrap_or_else(|e| unreachable!("start FEN: {e}"))
    }

    /// Fast perft: Part 1 is made once per Part 2 family, and the last ply counts Part 2
    /// choices without listing them (quiet placements are counted with a population count).
    pub fn perft_fast(&self, depth: u32) -> u64 {
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
                    n += child.perft_fast(depth - 1);
                });
            }
        });
        n
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
        Chutes::start()
    }

    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        if form != 0 {
            return Err(FenError::new(format!(
                "chutes has one form, not form {form}"
            )));
        }
        Chutes::parse_fen(fen)
    }

    fn to_fen(&self) -> String {
        self.fen()
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
        self.compute_hash()
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

    fn play(&self, mv: Move) -> Self {
        self.play_turn(mv)
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

    fn perft(&self, depth: u32) -> u64 {
        self.perft_fast(depth)
    }
}

impl SearchHints for Chutes {
    /// Null move on (zugzwang is rare with a Part 2 always on offer); futility is off
    /// because a quiet-looking Part 2 can transport a King into mate; late-move reductions
    /// re-search and quiescence may stand pat.
    const PRUNING: Pruning = Pruning {
        null_move: true,
        late_move_reductions: true,
        futility: false,
        stand_pat: true,
        check_evasion_plies: None,
        quiescence_plies: None,
    };

    const MOVE_STAGES: &'static [i32] = &STAGE_DEPTHS;

    /// Part 1 alone; active Part 2 choices; the rest with the best Part 1 (`staged.rs`).
    fn generate_stage(&self, stage: usize, best: Option<Move>, out: &mut Vec<Move>) {
        self.stage_turns(stage, best, out);
    }

    fn move_from_code(&self, code: u32) -> Option<Move> {
        self.turn_from_code(code)
    }

    /// Captures and promotions with no Part 2, from Part 1 alone.
    fn generate_tactical(&self, out: &mut Vec<Move>) -> bool {
        self.tactical_turns(out)
    }

    fn move_code(mv: Move) -> u32 {
        mv.code()
    }

    /// Captures and promotions without a Part 2: quiescence then searches each capture once
    /// instead of once per placement (a capture with no Part 2 is legal whenever the capture is).
    fn is_tactical(&self, mv: Move) -> bool {
        mv.part2() == Part2::Nothing
            && (mv.special().promotion().is_some() || self.captured(mv).is_some())
    }

    fn tactical_gain(&self, mv: Move) -> i32 {
        let victim = self.captured(mv).map_or(0, Kind::value);
        let promo = mv
            .special()
            .promotion()
            .map_or(0, |k| k.value() - Kind::Pawn.value());
        let attacker = self.men.at(mv.from()).map_or(0, |x| x.1.value());
        if victim == 0 && promo == 0 {
            0
        } else {
            victim + promo - attacker / 10
        }
    }

    /// Passing (a search heuristic only): no Part 1, no Part 2, the en-passant right lapses.
    fn null_move(&self) -> Option<Self> {
        if self.first_turn || self.in_check() {
            return None;
        }
        let mut next = *self;
        next.set_en_passant(NO_SQUARE, NO_SQUARE);
        next.halfmove = self.halfmove.saturating_add(1);
        next.finish_turn();
        Some(next)
    }
}

impl MoveNotation for Chutes {
    fn move_text(&self, mv: Move) -> String {
        self.turn_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_turn(text)
    }

    fn board_text(&self) -> String {
        self.drawing()
    }
}

/// Men of `side` on both boards (for callers outside the crate).
pub fn men_of(pos: &Chutes, side: Color, kind: Kind) -> u128 {
    pos.men.of(side, kind)
}
