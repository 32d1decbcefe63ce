//! The rules of FIDE chess as the core sees them ([`Rules`]): FEN (read in `fen.rs`), the
//! hash from scratch, the legal moves (`movegen.rs`), copy-make, the game's ends and the
//! fast perft.

use escalade_core::{write_chess_placement, Bitboard, Color, FenError, Form, GameResult, Rules};

use crate::board::{piece_key, Chess, CASTLE_KEYS, CASTLE_MASK, EP_KEYS, KEYS, SIDE_KEY};
use crate::fen::{parse_fen, write_castling, write_en_passant, START_FEN};
#[cfg(target_arch = "x86_64")]
use crate::movegen::perft_popcnt;
use crate::movegen::{generate, perft_portable, Counter};
use crate::types::{Kind, Move, Piece};

/// Light squares of the board (for same-coloured bishops).
const LIGHT_SQUARES: u64 = 0x55AA_55AA_55AA_55AA;

impl Chess {
    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut c = Counter(0);
        generate(self, &mut c);
        c.0 > 0
    }

    /// Neither side can ever mate: K v K, K+minor v K, or only bishops all on one colour.
    pub fn insufficient_material(&self) -> bool {
        if self.kind_bb(Kind::Pawn) | self.kind_bb(Kind::Rook) | self.kind_bb(Kind::Queen) != 0 {
            return false;
        }
        let knights = self.kind_bb(Kind::Knight);
        let bishops = self.kind_bb(Kind::Bishop);
        let minors = knights | bishops;
        if minors.count() <= 1 {
            return true;
        }
        knights == 0 && (bishops & LIGHT_SQUARES == 0 || bishops & !LIGHT_SQUARES == 0)
    }
}

impl Rules for Chess {
    /// FIDE: threefold repetition is claimed, not automatic (fivefold is).
    const REPETITION_CLAIMED: bool = true;

    type Move = Move;

    const FORMS: &'static [Form] = &[Form {
        name: "normal",
        // "From Position": lichess's `[Variant]` tag for a game of chess from a set-up
        // position (with its `[FEN]`)
        aliases: &["chess", "fide", "standard", "from position"],
        description: "Standard FIDE chess",
    }];

    fn startpos(_form: usize) -> Self {
        parse_fen(START_FEN).expect("the start position is valid")
    }

    /// The crate's public [`parse_fen`], which the evaluation's tests and the network
    /// trainer's test call by that name.
    fn from_fen(_form: usize, fen: &str) -> Result<Self, FenError> {
        parse_fen(fen)
    }

    fn to_fen(&self) -> String {
        let placement = write_chess_placement(|sq| self.piece_at(sq).map(|p| (p.color, p.kind)));
        format!(
            "{placement} {} {} {} {} {}",
            self.side.fen_char(),
            write_castling(self),
            write_en_passant(self),
            self.halfmove,
            self.fullmove
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
        for sq in self.occupied().squares() {
            h ^= piece_key(self.piece_at(sq).expect("occupied"), sq);
        }
        h ^= KEYS[CASTLE_KEYS + self.castling as usize];
        if self.ep < 64 {
            h ^= KEYS[EP_KEYS + (self.ep % 8) as usize];
        }
        if self.side == Color::Black {
            h ^= KEYS[SIDE_KEY];
        }
        h
    }

    fn generate_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        generate(self, out);
    }

    /// Copy-make: the pieces moved (the rook too when castling), a capture or en-passant
    /// victim removed, the en-passant square set only when a capture is possible, the
    /// castling rights the move touches cleared, the clocks and the side to move updated.
    #[inline(always)]
    fn play(&self, mv: Move) -> Self {
        let mut p = *self;
        let us = self.side;
        let from = mv.from();
        let to = mv.to();
        let piece = Piece::from_code(self.mailbox[from as usize]);
        p.halfmove += 1;
        if self.ep < 64 {
            p.hash ^= KEYS[EP_KEYS + (self.ep % 8) as usize];
            p.ep = 64;
        }
        if mv.is_castle() {
            let (rook_from, rook_to) = if to > from {
                (from + 3, from + 1)
            } else {
                (from - 4, from - 1)
            };
            let rook = Piece {
                color: us,
                kind: Kind::Rook,
            };
            p.remove(piece, from);
            p.remove(rook, rook_from);
            p.put(piece, to);
            p.put(rook, rook_to);
        } else {
            if let Some(captured) = self.piece_at(to) {
                p.remove(captured, to);
                p.halfmove = 0;
            }
            p.remove(piece, from);
            let placed = match mv.promotion() {
                Some(kind) => Piece { color: us, kind },
                None => piece,
            };
            p.put(placed, to);
            if piece.kind == Kind::Pawn {
                p.halfmove = 0;
                if mv.is_en_passant() {
                    let victim = if us == Color::White { to - 8 } else { to + 8 };
                    p.remove(
                        Piece {
                            color: !us,
                            kind: Kind::Pawn,
                        },
                        victim,
                    );
                } else if mv.is_double_push() {
                    let target = if us == Color::White {
                        from + 8
                    } else {
                        from - 8
                    };
                    if p.ep_capturable(target, !us) {
                        p.ep = target;
                        p.hash ^= KEYS[EP_KEYS + (target % 8) as usize];
                    }
                }
            }
        }
        let rights = self.castling & CASTLE_MASK[from as usize] & CASTLE_MASK[to as usize];
        if rights != self.castling {
            p.hash ^=
                KEYS[CASTLE_KEYS + self.castling as usize] ^ KEYS[CASTLE_KEYS + rights as usize];
            p.castling = rights;
        }
        if us == Color::Black {
            p.fullmove += 1;
        }
        p.side = !us;
        p.hash ^= KEYS[SIDE_KEY];
        p
    }

    fn in_check(&self) -> bool {
        self.checkers() != 0
    }

    fn rule_result(&self) -> Option<GameResult> {
        if self.insufficient_material() {
            return Some(GameResult::Draw("Draw by insufficient material"));
        }
        // FIDE 9.6.2: 75 moves without a capture or pawn move end the game by themselves
        // (unless the last move mated)
        if self.halfmove >= 150 && (!self.in_check() || self.has_legal_move()) {
            return Some(GameResult::Draw("Draw by seventy-five-move rule"));
        }
        None
    }

    fn claimable_draw(&self) -> Option<GameResult> {
        // a mate given on the hundredth ply still counts
        (self.halfmove >= 100 && (!self.in_check() || self.has_legal_move()))
            .then_some(GameResult::Draw("Draw by fifty-move rule"))
    }

    fn no_move_result(&self) -> GameResult {
        if self.in_check() {
            GameResult::mate(!self.side)
        } else {
            GameResult::Draw("Stalemate")
        }
    }

    fn reversible_plies(&self) -> u32 {
        self.halfmove as u32
    }

    /// Fast perft: copy-make on fixed move lists, bulk counting at the last ply
    /// (`movegen.rs`). On x86-64 CPUs with POPCNT and BMI (detected at run time) the whole
    /// tree walk is compiled for them; elsewhere the portable build runs.
    fn perft(&self, depth: u32) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("bmi1")
            {
                // SAFETY: the features this function is compiled for were detected above.
                return unsafe { perft_popcnt(self, depth) };
            }
        }
        perft_portable(self, depth)
    }
}
