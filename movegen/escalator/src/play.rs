//! The escalator's rules as the core sees them ([`Rules`]): the position after a move
//! (copy-make, the hash updated incrementally), the legal moves (`movegen.rs`), check, the
//! game's ends, FEN in field order (the fields are read and written in `fen.rs`) and the
//! hash from scratch.

use escalade_core::{Bitboard, Color, FenError, Form, GameResult, Rules, Square};

use crate::fen::{
    parse_castling, parse_en_passant, parse_number, parse_placement, validate, write_castling,
    write_en_passant, write_placement, START_FEN, START_FEN_ALMOST,
};
use crate::movegen::{castle_rook, Filter};
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::{
    Escalator, BLACK_KING_SIDE, BLACK_QUEEN_SIDE, FORMS, FORM_ALMOST, NO_SQUARE, WHITE_KING_SIDE,
    WHITE_QUEEN_SIDE,
};
use crate::zobrist::{ep_key, piece_key, CASTLING_KEYS, WHITE_TO_MOVE_KEY};

/// Castling rights that survive a move touching `sq` (as origin or destination).
const fn rights_kept(sq: Square) -> u8 {
    match sq {
        0 => !WHITE_QUEEN_SIDE,
        4 => !(WHITE_KING_SIDE | WHITE_QUEEN_SIDE),
        7 => !WHITE_KING_SIDE,
        52 => !BLACK_QUEEN_SIDE,
        56 => !(BLACK_KING_SIDE | BLACK_QUEEN_SIDE),
        59 => !BLACK_KING_SIDE,
        _ => 0xFF,
    }
}

impl Escalator {
    /// Whether neither side can ever mate: K v K, K+B v K, K+N v K (the rules verified that
    /// no mate exists with a lone minor on this board, whatever the bishop's square colour).
    pub fn insufficient_material(&self) -> bool {
        let heavy = self.kind_pieces(Kind::Crab)
            | self.kind_pieces(Kind::Rook)
            | self.kind_pieces(Kind::Queen)
            | self.kind_pieces(Kind::Chancellor);
        let minors = self.kind_pieces(Kind::Knight) | self.kind_pieces(Kind::Bishop);
        heavy == 0 && minors.count() <= 1
    }
}

impl Rules for Escalator {
    /// FIDE: threefold repetition is claimed, not automatic (fivefold is).
    const REPETITION_CLAIMED: bool = true;

    type Move = Move;

    const FORMS: &'static [Form] = &FORMS;

    fn startpos(form: usize) -> Self {
        let fen = if form == FORM_ALMOST {
            START_FEN_ALMOST
        } else {
            START_FEN
        };
        Escalator::from_fen(form, fen).expect("the start FEN is valid")
    }

    /// Placement, side, castling, e.p., and the clocks if given.
    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError> {
        if form >= FORMS.len() {
            return Err(FenError::new(format!("no form {form}")));
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::new(format!(
                "expected 4 to 6 fields, found {}",
                fields.len()
            )));
        }
        let mut pos = Escalator::empty(form);
        parse_placement(&mut pos, fields[0])?;
        pos.side = Color::from_fen(fields[1])
            .ok_or_else(|| FenError::new(format!("side to move '{}' is not w or b", fields[1])))?;
        validate(&pos)?;
        parse_castling(&mut pos, fields[2])?;
        parse_en_passant(&mut pos, fields[3])?;
        pos.halfmove = parse_number(fields.get(4).copied(), 0, "halfmove clock")?;
        pos.fullmove = parse_number(fields.get(5).copied(), 1, "fullmove number")?;
        if pos.fullmove == 0 {
            return Err(FenError::new("fullmove number must be at least 1"));
        }
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        let side = self.side.fen_char().to_string();
        let (halfmove, fullmove) = (self.halfmove.to_string(), self.fullmove.to_string());
        [
            write_placement(self),
            side,
            write_castling(self),
            write_en_passant(self),
            halfmove,
            fullmove,
        ]
        .join(" ")
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
        let mut h = 0;
        for side in Color::BOTH {
            for kind in Kind::ALL {
                for sq in self.pieces(side, kind).squares() {
                    h ^= piece_key(side, kind, sq);
                }
            }
        }
        h ^= CASTLING_KEYS[self.castling() as usize];
        if let Some((t, v)) = self.en_passant() {
            h ^= ep_key(t, v);
        }
        if self.side() == Color::White {
            h ^= WHITE_TO_MOVE_KEY;
        }
        h
    }

    fn generate_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let filter = Filter::new(self);
        self.crab_moves(&filter, out);
        self.piece_moves(&filter, out);
        self.king_moves(&filter, out);
    }

    /// Copy-make, the hash updated incrementally.
    fn play(&self, mv: Move) -> Self {
        let mut next = self.clone();
        let us = self.side;
        if let Some((t, v)) = self.en_passant() {
            next.hash ^= ep_key(t, v);
            next.ep_target = NO_SQUARE;
            next.ep_victim = NO_SQUARE;
        }
        let mover = next.remove(mv.from);
        let mut irreversible = mover.kind() == Kind::Crab;
        match mv.kind {
            MoveKind::Capture => {
                next.remove(mv.to);
                irreversible = true;
            }
            MoveKind::EnPassant => {
                next.remove(self.ep_victim);
                irreversible = true;
            }
            MoveKind::DoubleStep => {
                let via = (Self::board().crab_push[us.index()][mv.from as usize]).lsb();
                next.ep_target = via;
                next.ep_victim = mv.to;
                next.hash ^= ep_key(via, mv.to);
            }
            MoveKind::CastleKing | MoveKind::CastleQueen => {
                let (rook_from, rook_to) = castle_rook(us, mv.kind);
                next.remove(rook_from);
                next.put(us, Kind::Rook, rook_to);
            }
            MoveKind::Quiet => {}
        }
        next.put(us, mv.promotion.unwrap_or(mover.kind()), mv.to);
        let rights = self.castling & rights_kept(mv.from) & rights_kept(mv.to);
        if rights != self.castling {
            next.hash ^= CASTLING_KEYS[self.castling as usize] ^ CASTLING_KEYS[rights as usize];
            next.castling = rights;
        }
        next.halfmove = if irreversible {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Color::White {
            // Black moves first, so a full move ends with White's reply.
            next.fullmove = self.fullmove.saturating_add(1);
        }
        next.side = !us;
        next.hash ^= WHITE_TO_MOVE_KEY;
        next
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    fn rule_result(&self) -> Option<GameResult> {
        if self.insufficient_material() {
            return Some(GameResult::Draw("Draw by insufficient material"));
        }
        None
    }

    fn claimable_draw(&self) -> Option<GameResult> {
        if self.halfmove < 100 {
            return None;
        }
        // a mate given on the hundredth ply still counts (the no-move verdict comes first)
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        (!(moves.is_empty() && self.in_check()))
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
        self.halfmove as u32
    }
}
