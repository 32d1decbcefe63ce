//! `escalade_core::Position` for [`CheckerCapture`]: the glue between the rules in this
//! crate and everything generic, plus the game-end verdicts of each form.

use escalade_core::{Color, FenError, Form, GameResult, MoveError, Pruning};
use escalade_core::{MoveNotation, Rules, SearchHints};

use crate::fen::START_FEN;
use crate::forms::{Goal, FORMS};
use crate::position::CheckerCapture;
use crate::types::{Kind, Move};

/// Plies without a pawn move or capture that draw the game (the 50-move rule).
pub const DRAW_PLIES: u32 = 100;

/// Move-ordering values of captured pieces (a captured king decides the game).
const GAIN: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

/// `name` picked by colour.
fn by_color(c: Color, white: &'static str, black: &'static str) -> &'static str {
    match c {
        Color::White => white,
        Color::Black => black,
    }
}

impl Rules for CheckerCapture {
    /// FIDE: threefold repetition is claimed, not automatic (fivefold is).
    const REPETITION_CLAIMED: bool = true;

    type Move = Move;

    const FORMS: &'static [Form] = FORMS;

    fn startpos(form: usize) -> Self {
        CheckerCapture::parse_fen(form, START_FEN).expect("the start FEN is valid")
    }

    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        CheckerCapture::parse_fen(form, fen)
    }

    fn to_fen(&self) -> String {
        self.fen()
    }

    fn form(&self) -> usize {
        self.form as usize
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

    fn generate_moves(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }

    fn play(&self, mv: Move) -> Self {
        self.make(mv)
    }

    fn in_check(&self) -> bool {
        false
    }

    fn rule_result(&self) -> Option<GameResult> {
        let goal = self.rules().goal;
        if self.pieces(self.side, Kind::King) == 0 {
            let victim = self.side;
            return Some(match goal {
                Goal::Misere => GameResult::win(
                    victim,
                    by_color(
                        victim,
                        "White's king was captured (misère win)",
                        "Black's king was captured (misère win)",
                    ),
                ),
                _ => GameResult::win(
                    !victim,
                    by_color(
                        !victim,
                        "White captures the king",
                        "Black captures the king",
                    ),
                ),
            });
        }
        if goal == Goal::SemiMisere {
            let white = self.pieces(Color::White, Kind::Pawn) == 0;
            let black = self.pieces(Color::Black, Kind::Pawn) == 0;
            match (white, black) {
                (true, true) => return Some(GameResult::Draw("Both sides have no pawns")),
                (true, false) => {
                    return Some(GameResult::win(
                        Color::White,
                        "White has no pawns (semi-misère win)",
                    ))
                }
                (false, true) => {
                    return Some(GameResult::win(
                        Color::Black,
                        "Black has no pawns (semi-misère win)",
                    ))
                }
                (false, false) => {}
            }
        }
        None
    }

    fn claimable_draw(&self) -> Option<GameResult> {
        (self.halfmove >= DRAW_PLIES).then_some(GameResult::Draw("Draw by the 50-move rule"))
    }

    fn no_move_result(&self) -> GameResult {
        let stuck = self.side;
        match self.rules().goal {
            Goal::Misere | Goal::SemiMisere => GameResult::win(
                stuck,
                by_color(
                    stuck,
                    "White cannot move (misère win)",
                    "Black cannot move (misère win)",
                ),
            ),
            _ => GameResult::win(
                !stuck,
                by_color(
                    stuck,
                    "White cannot move and loses",
                    "Black cannot move and loses",
                ),
            ),
        }
    }

    fn reversible_plies(&self) -> u32 {
        self.halfmove
    }
}

impl SearchHints for CheckerCapture {
    /// Captures are compulsory and there is no check: quiescence may not stand pat (a side
    /// with a jump must take it), passing is never legal (no null move), and a quiet move
    /// can force a losing multi-jump on the opponent, so futility margins are unsound.
    /// Late-move reductions only reduce (re-searched on fail-high) and stay on.
    const PRUNING: Pruning = Pruning {
        null_move: false,
        late_move_reductions: true,
        futility: false,
        stand_pat: false,
        check_evasion_plies: None,
        quiescence_plies: None,
    };

    fn move_code(mv: Move) -> u32 {
        mv.code()
    }

    fn is_tactical(&self, mv: Move) -> bool {
        mv.captured != 0 || mv.promotion.is_some()
    }

    fn tactical_gain(&self, mv: Move) -> i32 {
        let mut gain = 0;
        let mut caps = mv.captured;
        while caps != 0 {
            let sq = caps.trailing_zeros() as u8;
            caps &= caps - 1;
            gain += self.kind_at(sq).map_or(0, |k| GAIN[k.index()]);
        }
        if let Some(k) = mv.promotion {
            gain += GAIN[k.index()] - GAIN[Kind::Pawn.index()];
        }
        gain
    }
}

impl MoveNotation for CheckerCapture {
    fn move_text(&self, mv: Move) -> String {
        self.write_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.read_move(text)
    }

    fn board_text(&self) -> String {
        self.drawing()
    }
}
