//! The `Position` trait: the one contract between a variant's rules and everything generic
//! (perft, the search, the protocols, the referee, the test suite).
//!
//! A position is immutable from the outside: [`Position::play`] returns the successor
//! (copy-make), so "unmake" is dropping the copy. A *turn* is one [`Position::Move`] however
//! many steps it has (a move plus a placement, a jump path, two sub-moves, a drop); the
//! variant picks a compact move type that says all of it. Chance events are *chance nodes*:
//! positions where nature moves; their "moves" are the outcomes, each with a probability.

use std::fmt::Debug;
use std::hash::Hash;

use crate::{Color, FenError, GameResult, MoveError};

/// One playable form of a game (a sub-variant), as listed by `escalade variants`.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    /// The name used on the command line and in protocols, e.g. `rope-3check`.
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// One line for humans.
    pub description: &'static str,
}

/// Search techniques that rely on assumptions a variant may break. The search consults
/// these constants, never the variant's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pruning {
    /// Null-move pruning (unsound where zugzwang is common or passing is meaningless).
    pub null_move: bool,
    /// Late-move reductions.
    pub late_move_reductions: bool,
    /// Futility and reverse-futility pruning.
    pub futility: bool,
    /// Quiescence may "stand pat" (unsound where captures are compulsory).
    pub stand_pat: bool,
    /// How many plies past the root's depth quiescence still searches every evasion of a
    /// check (`None`: at any depth). Beyond that a position in check is treated as quiet,
    /// for games where chains of checks and evasions (drops, double moves) never run dry.
    pub check_evasion_plies: Option<u8>,
    /// How many plies quiescence searches every tactical move it keeps (`None`: at any
    /// depth). Beyond that it follows only the best-ordered one, a line rather than a tree,
    /// for games where capture chains run long (a crowded board whose captures rarely
    /// lose material).
    pub quiescence_plies: Option<u8>,
}

impl Pruning {
    /// Everything on: FIDE-like games.
    pub const ALL: Pruning = Pruning {
        null_move: true,
        late_move_reductions: true,
        futility: true,
        stand_pat: true,
        check_evasion_plies: None,
        quiescence_plies: None,
    };
    /// Everything off: the safest setting for a new or unusual game.
    pub const NONE: Pruning = Pruning {
        null_move: false,
        late_move_reductions: false,
        futility: false,
        stand_pat: false,
        check_evasion_plies: None,
        quiescence_plies: None,
    };
}

/// The rules of a game: its positions, legal turns, chance outcomes and how games end.
/// Implemented once per game crate; a crate with several forms (sub-variants) lists them
/// in [`Rules::FORMS`] and carries its form in the value. With [`SearchHints`] and
/// [`MoveNotation`] it makes a [`Position`].
pub trait Rules: Clone + Send + Sync + Debug + 'static {
    /// One complete turn (or one chance outcome at a chance node).
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The forms this type plays, indexed by form number.
    const FORMS: &'static [Form];

    /// Whether chance nodes can occur (perft then expands them instead of bulk counting).
    const HAS_CHANCE: bool = false;

    /// How many occurrences of the same position draw the game.
    const REPETITIONS_TO_DRAW: usize = 3;

    /// Whether the repetition draw is *claimed* (FIDE: a player may claim it, the game goes
    /// on otherwise) rather than automatic. A referee ends the game there either way; an
    /// engine asked to move plays on, and the game ends by itself only at
    /// [`AUTOMATIC_REPETITIONS`](Self::AUTOMATIC_REPETITIONS).
    const REPETITION_CLAIMED: bool = false;

    /// Occurrences that end the game without a claim where the repetition draw is claimed
    /// (FIDE's fivefold repetition).
    const AUTOMATIC_REPETITIONS: usize = 5;

    /// The start position of form `form`.
    fn startpos(form: usize) -> Self;

    /// Reads a position of form `form` from its FEN (the variant documents its format).
    fn from_fen(form: usize, fen: &str) -> Result<Self, FenError>;

    /// The position as FEN; `from_fen(form, &p.to_fen())` gives `p` back.
    fn to_fen(&self) -> String;

    /// The form this position belongs to.
    fn form(&self) -> usize;

    /// The side to move (at a chance node: the side that moved into it).
    fn side_to_move(&self) -> Color;

    /// The incrementally maintained Zobrist hash.
    fn hash(&self) -> u64;

    /// The same hash computed from scratch (tests compare the two).
    fn hash_from_scratch(&self) -> u64;

    /// Clears `out` and fills it with every legal turn (or every chance outcome).
    fn generate_moves(&self, out: &mut Vec<Self::Move>);

    /// The position after `mv`, which must come from [`generate_moves`](Self::generate_moves).
    fn play(&self, mv: Self::Move) -> Self;

    /// Whether the side to move is in check (false in games without check).
    fn in_check(&self) -> bool;

    /// Whether this is a chance node (its moves are outcomes with probabilities).
    fn is_chance(&self) -> bool {
        false
    }

    /// Probability of outcome `mv` at a chance node (outcomes sum to 1).
    fn outcome_probability(&self, _mv: Self::Move) -> f64 {
        1.0
    }

    /// A game end decided by the position alone (move-count rule, insufficient material,
    /// check counts, a captured king ...), checked before generating moves.
    fn rule_result(&self) -> Option<GameResult>;

    /// A draw the side to move may claim here but that does not end the game by itself
    /// (FIDE's fifty-move rule), checked after [`rule_result`](Self::rule_result) and the
    /// no-move verdict. The referee and the search count it as a draw; an engine asked to
    /// move from such a position plays on. None by default.
    fn claimable_draw(&self) -> Option<GameResult> {
        None
    }

    /// The result when the side to move has no legal move (mate, stalemate, misère ...).
    fn no_move_result(&self) -> GameResult;

    /// Plies since the last irreversible turn: positions further back cannot repeat.
    fn reversible_plies(&self) -> u32;

    /// The verdict when the last position of `history` has occurred
    /// [`REPETITIONS_TO_DRAW`](Self::REPETITIONS_TO_DRAW) times (a draw unless the variant
    /// has a rule such as perpetual check).
    fn repetition_result(_history: &[Self]) -> GameResult {
        GameResult::Draw("Draw by repetition")
    }

    /// Counts leaf nodes at `depth`; variants may override with a faster path.
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
    }
}

/// What the search may ask of a game beyond its rules: staged move generation, move
/// ordering hints, the table's move codes, and which pruning is sound.
pub trait SearchHints: Rules {
    /// Which pruning techniques the search may use in this game.
    const PRUNING: Pruning = Pruning::ALL;

    /// How many nodes a search thread counts between two looks at its clock, its limits
    /// and the stop flag: a power of two, at most 1,024 (the default). A game whose nodes
    /// are slow (thousands of turns generated and tested a node) looks more often, so a
    /// short clock is never overrun between two looks.
    const NODES_PER_POLL: u64 = 1024;

    /// Staged generation for the search, one entry per stage: the least remaining depth at
    /// which the search generates and tries that stage's moves (see
    /// [`generate_stage`](Self::generate_stage)). The default, one stage at depth 0, is
    /// "every legal move at once". A game with a long tail of turns that rarely matter (a
    /// move times dozens of optional extras) lists the plain moves in stage 0 and the tail
    /// in later, deeper stages, so most nodes never generate it.
    const MOVE_STAGES: &'static [i32] = &[0];

    /// Moves of search stage `stage` (an index into [`MOVE_STAGES`](Self::MOVE_STAGES)):
    /// stage 0 clears `out` and fills it, later stages append. The stages are disjoint sets
    /// of legal moves; stage 0 is empty only when there is no legal move. A later stage may
    /// leave moves out (the search never tries those) and may build on `best`, the best move
    /// the search found at this node so far. The default puts every legal move in stage 0.
    fn generate_stage(&self, stage: usize, best: Option<Self::Move>, out: &mut Vec<Self::Move>) {
        let _ = best;
        if stage == 0 {
            self.generate_moves(out);
        }
    }

    /// The legal move whose [`move_code`](Self::move_code) is `code`, if any (the search uses
    /// it for a table move that is not in stage 0). The default looks through every move.
    fn move_from_code(&self, code: u32) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves.into_iter().find(|&m| Self::move_code(m) == code)
    }

    /// For quiescence when the side to move is not in check: clears `out` and fills it with
    /// every legal move [`is_tactical`](Self::is_tactical) accepts (other legal moves may be
    /// included; the caller filters), and returns whether there is any legal move at all.
    /// The default lists every legal move.
    fn generate_tactical(&self, out: &mut Vec<Self::Move>) -> bool {
        self.generate_moves(out);
        !out.is_empty()
    }

    /// A compact code for the transposition table; two legal moves of one position never
    /// share a code (a stored code is matched against the legal moves, never trusted).
    fn move_code(mv: Self::Move) -> u32;

    /// A key for the search's memory of which moves answer which (continuation history):
    /// what moves where, such as the moving piece (with its colour) and its destination,
    /// so that one key covers the same idea from any square. The default is the move's
    /// code.
    fn history_key(&self, mv: Self::Move) -> u32 {
        Self::move_code(mv)
    }

    /// Whether `mv` belongs in quiescence search (captures, promotions, ...).
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// Move-ordering estimate of what `mv` wins at once (e.g. MVV-LVA); 0 for quiet moves.
    fn tactical_gain(&self, mv: Self::Move) -> i32;

    /// Whether the legal move `mv` gives check, where the game can tell without playing
    /// it (the search then prunes a quiet move unplayed); `None`, the default, when it
    /// cannot. A `Some` must agree with `in_check` of the position after `mv`.
    fn gives_check(&self, _mv: Self::Move) -> Option<bool> {
        None
    }

    /// The position after passing, where passing is a sound search heuristic.
    fn null_move(&self) -> Option<Self> {
        None
    }
}

/// A game's move text and drawings: what protocols, records and the terminal show.
pub trait MoveNotation: Rules {
    /// The move in the variant's documented notation.
    fn move_text(&self, mv: Self::Move) -> String;

    /// The move as game records (PGN) write it: the variant's notation, unless the game has
    /// a standard one of its own (SAN for chess). Never read back by the engine.
    fn record_text(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }

    /// Reads a move in the variant's notation and checks it is legal here.
    ///
    /// The default compares against the text of every legal move; variants override it to
    /// accept more spellings or to give better reasons.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(MoveError::Unparsable("empty move".into()));
        }
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves
            .into_iter()
            .find(|&m| self.move_text(m) == text)
            .ok_or_else(|| MoveError::Illegal("not a legal move here".into()))
    }

    /// Reads a move as people and game records write it: the move text, else the record
    /// text (SAN in chess), else the one legal move whose record text is the same but for
    /// check marks, annotations (`!?`) and `0-0` castling. The first reason
    /// ([`MoveNotation::parse_move`]'s) is the error. A game whose record notation can be
    /// read more leniently, or refused with better reasons (an ambiguous SAN), overrides it.
    fn read_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        let first = match self.parse_move(text) {
            Ok(m) => return Ok(m),
            Err(e) => e,
        };
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        if let Some(&m) = moves.iter().find(|&&m| self.record_text(m) == text) {
            return Ok(m);
        }
        let wanted = bare_record(text);
        let mut same = moves
            .iter()
            .filter(|&&m| bare_record(&self.record_text(m)) == wanted);
        match (same.next(), same.next()) {
            (Some(&m), None) => Ok(m),
            _ => Err(first),
        }
    }

    /// A legible drawing of the position for the terminal (several lines).
    fn board_text(&self) -> String {
        self.to_fen()
    }
}

/// A game as everything generic sees it (perft, the search, the protocols, the referee,
/// the test suite): its [`Rules`], its [`SearchHints`] and its [`MoveNotation`]. Every
/// type with the three is a `Position`.
///
/// ```
/// use escalade_core::{Color, FenError, Form, Game, GameResult, MoveNotation, Position, Rules, SearchHints};
///
/// /// One heap of counters: take 1 or 2, whoever cannot move loses.
/// #[derive(Clone, Debug)]
/// struct Heap { left: u8, white: bool }
///
/// impl Rules for Heap {
///     type Move = u8;
///     const FORMS: &'static [Form] = &[Form { name: "heap", aliases: &[], description: "Nim" }];
///     fn startpos(_: usize) -> Self { Heap { left: 5, white: true } }
///     fn from_fen(_: usize, fen: &str) -> Result<Self, FenError> {
///         let left = fen.parse().map_err(|_| FenError::new("a number"))?;
///         Ok(Heap { left, white: true })
///     }
///     fn to_fen(&self) -> String { self.left.to_string() }
///     fn form(&self) -> usize { 0 }
///     fn side_to_move(&self) -> Color { if self.white { Color::White } else { Color::Black } }
///     fn hash(&self) -> u64 { self.left as u64 * 2 + self.white as u64 }
///     fn hash_from_scratch(&self) -> u64 { self.hash() }
///     fn generate_moves(&self, out: &mut Vec<u8>) {
///         out.clear();
///         out.extend((1..=2).filter(|&n| n <= self.left));
///     }
///     fn play(&self, mv: u8) -> Self { Heap { left: self.left - mv, white: !self.white } }
///     fn in_check(&self) -> bool { false }
///     fn rule_result(&self) -> Option<GameResult> { None }
///     fn no_move_result(&self) -> GameResult { GameResult::win(!self.side_to_move(), "last counter") }
///     fn reversible_plies(&self) -> u32 { 0 }
/// }
///
/// impl SearchHints for Heap {
///     fn move_code(mv: u8) -> u32 { mv as u32 }
///     fn is_tactical(&self, _: u8) -> bool { false }
///     fn tactical_gain(&self, _: u8) -> i32 { 0 }
/// }
///
/// impl MoveNotation for Heap {
///     fn move_text(&self, mv: u8) -> String { format!("take{mv}") }
/// }
///
/// // Heap is now a Position: perft, the game record and the protocols drive it.
/// fn count_leaves<P: Position>(pos: &P, depth: u32) -> u64 { pos.perft(depth) }
/// assert_eq!(count_leaves(&Heap::startpos(0), 2), 4);
/// let mut game = Game::new(Heap::startpos(0));
/// game.play_text("take2").unwrap();
/// assert!(game.play_text("take3").is_err(), "a refused move changes nothing");
/// for _ in 0..3 { game.play_text("take1").unwrap(); }
/// assert_eq!(game.result().and_then(GameResult::winner), Some(Color::Black));
/// ```
pub trait Position: Rules + SearchHints + MoveNotation {}

impl<T: Rules + SearchHints + MoveNotation> Position for T {}

/// A record text without its check marks and annotations (`Nf3+!?`: `Nf3`), castling with
/// letters (`0-0`: `O-O`), as [`MoveNotation::read_move`] compares them.
pub fn bare_record(text: &str) -> &str {
    match text.trim_end_matches(['!', '?', '+', '#']) {
        "0-0" => "O-O",
        "0-0-0" => "O-O-O",
        t => t,
    }
}
