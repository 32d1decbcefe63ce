//! The rope's rules as the core sees them ([`Rules`]): the position after a turn or a chance
//! outcome (copy-make), the legal turns, check, the game's ends, FEN in field order (the
//! fields are read and written in `fen.rs`) and the hash from scratch.

use escalade_core::{Bitboard, Color, FenError, Form, GameResult, Rules};

use crate::fen::{field_count_error, form_field_count};
use crate::form::{Special, FORMS, RULES};
use crate::moves::{MoveKind, RopeMove};
use crate::position::{Rope, NO_SQUARE};
use crate::zobrist::MAX_HAND;
use crate::Kind;

impl Rules for Rope {
    type Move = RopeMove;

    const FORMS: &'static [Form] = FORMS;

    const HAS_CHANCE: bool = true;

    fn startpos(form: usize) -> Self {
        Rope::from_fen(form, RULES[form].start_fen).expect("start positions are valid")
    }

    /// `BOARD[HAND] SIDE SWAPS [FORM FIELDS] HALFMOVE FULLMOVE`, the clocks optional.
    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        let Some(rules) = RULES.get(form) else {
            return Err(FenError::new(format!("no rope form number {form}")));
        };
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let clocks = 3 + form_field_count(rules.special);
        if fields.len() != clocks && fields.len() != clocks + 2 {
            return Err(field_count_error(rules.special, fields.len()));
        }
        let mut p = Rope::empty(form);
        p.read_placement(fields[0])?;
        p.side = Color::from_fen(fields[1]).ok_or_else(|| {
            FenError::new(format!("side to move must be w or b, not {:?}", fields[1]))
        })?;
        p.read_swaps(fields[2])?;
        p.read_form_fields(&fields[3..clocks])?;
        if let [halfmove, fullmove] = fields[clocks..] {
            p.read_clocks(halfmove, fullmove)?;
        }
        p.validate()?;
        p.hash = p.hash_from_scratch();
        Ok(p)
    }

    fn to_fen(&self) -> String {
        let mut fields = vec![
            self.write_placement(),
            self.side.fen_char().to_string(),
            self.write_swaps().to_string(),
        ];
        fields.extend(self.write_form_fields());
        fields.extend([self.halfmove.to_string(), self.fullmove.to_string()]);
        fields.join(" ")
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
        use crate::zobrist as z;
        let mut h = 0;
        for c in Color::BOTH {
            for k in Kind::ALL {
                for sq in self.pieces(c, k).squares() {
                    h ^= z::piece(c, k, sq);
                }
                for n in 1..=self.hands[c.index()][k.index()] {
                    h ^= z::hand(c, k, n);
                }
            }
            for (d, k) in self.stacks[c.index()].iter().enumerate() {
                h ^= z::stack(c, d, k);
            }
            if self.swap_right[c.index()] {
                h ^= z::swap_right(c);
            }
            if self.cooldown[c.index()] {
                h ^= z::cooldown(c);
            }
            h ^= z::checks(c, self.checks[c.index()]);
        }
        for sq in self.promoted.squares() {
            h ^= z::promoted(sq);
        }
        if self.side == Color::Black {
            h ^= z::black_to_move();
        }
        if self.pending != NO_SQUARE {
            h ^= z::pending(self.pending);
        }
        h
    }

    /// The legal moves (`movegen.rs`), or the two outcomes at a chance node.
    fn generate_moves(&self, out: &mut Vec<RopeMove>) {
        out.clear();
        self.for_each_legal(&mut |m| {
            out.push(m);
            false
        });
    }

    /// A turn moves, captures (into a hand or onto a regeneration stack where the form
    /// says so), promotes, swaps or drops; then come the form's after-move steps:
    /// regeneration, the check count, or the pending survival roll.
    fn play(&self, mv: RopeMove) -> Self {
        let mut p = self.clone();
        let us = self.side;
        let them = !us;
        match mv.kind {
            MoveKind::Survives => {
                p.set_pending(NO_SQUARE);
                p.flip_side();
                return p;
            }
            MoveKind::Falls => {
                let sq = self.pending;
                p.remove(us, self.kind_at(us, sq), sq);
                p.set_pending(NO_SQUARE);
                p.flip_side();
                return p;
            }
            _ => {}
        }
        let special = self.special();
        let mut capture = false;
        let mut promotion = false;
        let mut roll = NO_SQUARE;
        match mv.kind {
            MoveKind::Normal | MoveKind::Promote(_) => {
                let (from, to) = (mv.from, mv.to);
                let kind = self.kind_at(us, from);
                if self.colors[them.index()].has(to) {
                    capture = true;
                    let victim = self.kind_at(them, to);
                    let back = if self.promoted.has(to) {
                        Kind::Pawn
                    } else {
                        victim
                    };
                    p.remove(them, victim, to);
                    match special {
                        Special::House
                            if (p.hands[us.index()][back.index()] as usize) < MAX_HAND =>
                        {
                            p.add_to_hand(us, back)
                        }
                        Special::Regeneration if !p.stacks[them.index()].is_full() => {
                            p.push_stack(them, back)
                        }
                        _ => {}
                    }
                }
                let was_promoted = self.promoted.has(from);
                p.remove(us, kind, from);
                let new_kind = match mv.kind {
                    MoveKind::Promote(k) => {
                        promotion = true;
                        k
                    }
                    _ => kind,
                };
                p.put(us, new_kind, to);
                if was_promoted || (promotion && self.rules().tracks_promotion()) {
                    p.mark_promoted(to);
                }
                if special == Special::Dice && kind != Kind::King {
                    roll = to;
                }
            }
            MoveKind::Swap => {
                p.remove(us, Kind::King, mv.from);
                p.remove(us, Kind::Gold, mv.to);
                p.put(us, Kind::King, mv.to);
                p.put(us, Kind::Gold, mv.from);
                p.set_swap_right(us, false);
            }
            MoveKind::Drop(kind) => {
                p.take_from_hand(us, kind);
                p.put(us, kind, mv.to);
            }
            MoveKind::Survives | MoveKind::Falls => unreachable!("handled above"),
        }
        p.halfmove = if capture || promotion {
            0
        } else {
            p.halfmove.saturating_add(1)
        };
        match special {
            Special::Regeneration => p.regenerate(us, capture),
            Special::ThreeCheck if p.king_attacked(them) => {
                let n = (p.checks[us.index()] + 1).min(3);
                p.set_checks(us, n);
            }
            _ => {}
        }
        if roll != NO_SQUARE {
            p.set_pending(roll);
        } else {
            p.flip_side();
        }
        p
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    fn is_chance(&self) -> bool {
        self.pending_roll().is_some()
    }

    fn outcome_probability(&self, mv: RopeMove) -> f64 {
        let Some(sq) = self.pending_roll() else {
            return 1.0;
        };
        let survive = self.kind_at(self.side, sq).dice_level() as f64 / 6.0;
        match mv.kind {
            MoveKind::Survives => survive,
            MoveKind::Falls => 1.0 - survive,
            _ => 0.0,
        }
    }

    /// Three checks, a King exposed by a fall, insufficient material, the no-progress rule.
    fn rule_result(&self) -> Option<GameResult> {
        if self.pending != NO_SQUARE {
            return None;
        }
        if let Some(r) = self.decided_result() {
            return Some(r);
        }
        if self.insufficient_material() {
            return Some(GameResult::Draw("Draw by insufficient material"));
        }
        if self.halfmove >= self.rules().no_progress {
            // a mate on the last ply is progress: it wins
            if self.king_attacked(self.side) && !self.has_legal_move() {
                return None;
            }
            return Some(GameResult::Draw("Draw by the no-progress rule"));
        }
        None
    }

    fn no_move_result(&self) -> GameResult {
        if let Some(r) = self.decided_result() {
            return r;
        }
        if self.king_attacked(self.side) {
            GameResult::mate(!self.side)
        } else {
            GameResult::Draw("Draw by stalemate")
        }
    }

    /// Plies back to the last turn before which no position can recur. Captures reset it,
    /// except where captured pieces come back (hands, stacks): there it is the whole game.
    /// In `rope-dice` a chance node is an extra step of the game record, so it is doubled.
    fn reversible_plies(&self) -> u32 {
        let plies_played = 2 * (self.fullmove as u32 - 1) + self.side.index() as u32;
        match self.special() {
            Special::House | Special::Regeneration => plies_played.max(self.halfmove as u32),
            Special::Dice => 2 * self.halfmove as u32 + 1,
            _ => self.halfmove as u32,
        }
    }

    /// The fast perft of `perft.rs`, one move buffer per ply.
    fn perft(&self, depth: u32) -> u64 {
        let mut buffers: Vec<Vec<RopeMove>> = (0..=depth).map(|_| Vec::with_capacity(64)).collect();
        self.count(depth, &mut buffers)
    }
}

impl Rope {
    /// The regeneration step after `color`'s move: the top of its stack returns to the
    /// empty home square unless the move captured or `color` regenerated last time.
    fn regenerate(&mut self, color: Color, captured: bool) {
        let home = self.tables().home[color.index()];
        if !captured
            && !self.occupied().has(home)
            && !self.stacks[color.index()].is_empty()
            && !self.cooldown[color.index()]
        {
            let kind = self.pop_stack(color);
            self.put(color, kind, home);
            self.set_cooldown(color, true);
        } else {
            self.set_cooldown(color, false);
        }
    }
}
