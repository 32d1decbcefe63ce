//! The tactics suite's prover and its data files (issue 84, item 4).
//!
//! [`prove`] answers "can the side to move force a win within N of its own turns?" by a
//! plain exhaustive AND-OR search over a game's [`Rules`] alone: its move generation, its
//! chance outcomes and its verdicts ([`Rules::rule_result`], [`Rules::no_move_result`],
//! [`Rules::claimable_draw`], which scores as a draw as it does in the engine's search).
//! There is no evaluation and no pruning but the exact cut-offs of a boolean search: an
//! attacker's turn is won as soon as one move wins, a defender's turn is lost as soon as
//! one reply escapes, and a chance node is won only when every outcome is. The engine under
//! test plays no part in it. Repetition is not modelled: a line of at most a few turns from
//! a position without history cannot repeat a position often enough to draw.
//!
//! A data file (`tests/data/tactics/<variant>.epd`) holds one position a line,
//! `FEN ; win N ; MOVE MOVE ...` (the proven distance in the mover's own turns, then every
//! first move that wins within it, in the variant's move text), optionally followed by
//! `; fails REASON` for a position the engine is known not to solve in time. Blank lines
//! and lines starting with `#` are comments. [`parse_line`] reads one line.

use escalade_core::{Color, GameResult, Rules};

/// The search gave up: it visited more nodes than its budget allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exhausted;

/// A proven forced win: its distance and every first move that achieves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof<M> {
    /// The fewest own turns (the first move included) in which the win is forced.
    pub distance: u32,
    /// Every first move that forces the win within `distance` own turns.
    pub moves: Vec<M>,
}

/// The verdict of the rules on a position that is not a chance node, if the game is over
/// there (a claimable draw counts as a draw, as in the engine's search). `moves` is filled
/// with the legal moves whenever the rules needed them.
pub fn verdict<P: Rules>(pos: &P, moves: &mut Vec<P::Move>) -> Option<GameResult> {
    moves.clear();
    if let Some(r) = pos.rule_result() {
        return Some(r);
    }
    pos.generate_moves(moves);
    if moves.is_empty() {
        return Some(pos.no_move_result());
    }
    pos.claimable_draw()
}

/// Counts nodes against a budget.
struct Search {
    nodes: u64,
    budget: u64,
}

impl Search {
    /// Whether `attacker` can force a win from `pos` within `own` more turns of its own.
    fn wins<P: Rules>(&mut self, pos: &P, attacker: Color, own: u32) -> Result<bool, Exhausted> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(Exhausted);
        }
        let mut moves = Vec::new();
        if P::HAS_CHANCE && pos.is_chance() {
            // nature moves: the win must hold whatever the outcome
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                return Ok(false);
            }
            for m in moves {
                if !self.wins(&pos.play(m), attacker, own)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        if let Some(r) = verdict(pos, &mut moves) {
            return Ok(r.winner() == Some(attacker));
        }
        if pos.side_to_move() == attacker {
            if own == 0 {
                return Ok(false);
            }
            for m in moves {
                if self.wins(&pos.play(m), attacker, own - 1)? {
                    return Ok(true);
                }
            }
            Ok(false)
        } else {
            for m in moves {
                if !self.wins(&pos.play(m), attacker, own)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
    }
}

/// The shortest forced win for the side to move within `max_own` of its own turns, with
/// every first move achieving it; `Ok(None)` when there is none (or the position is over
/// or a chance node); `Err` when more than `budget` nodes would be needed to tell.
pub fn prove<P: Rules>(
    pos: &P,
    max_own: u32,
    budget: u64,
) -> Result<Option<Proof<P::Move>>, Exhausted> {
    if P::HAS_CHANCE && pos.is_chance() {
        return Ok(None);
    }
    let mut moves = Vec::new();
    if verdict(pos, &mut moves).is_some() {
        return Ok(None);
    }
    let attacker = pos.side_to_move();
    let mut search = Search { nodes: 0, budget };
    for distance in 1..=max_own {
        let mut winning = Vec::new();
        for &m in &moves {
            if search.wins(&pos.play(m), attacker, distance - 1)? {
                winning.push(m);
            }
        }
        if !winning.is_empty() {
            return Ok(Some(Proof {
                distance,
                moves: winning,
            }));
        }
    }
    Ok(None)
}

/// Whether the legal move `mv` forces a win for the side to move within `max_own` of its
/// own turns, `mv` included (a longer win than the shortest still counts); `Err` past
/// `budget` nodes.
pub fn move_wins_within<P: Rules>(
    pos: &P,
    mv: P::Move,
    max_own: u32,
    budget: u64,
) -> Result<bool, Exhausted> {
    let mut search = Search { nodes: 0, budget };
    search.wins(&pos.play(mv), pos.side_to_move(), max_own.saturating_sub(1))
}

/// One position of a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position.
    pub fen: String,
    /// The proven distance in the mover's own turns.
    pub distance: u32,
    /// Every winning first move, in the variant's move text.
    pub moves: Vec<String>,
    /// Why the engine is known to fail it, if it is.
    pub fails: Option<String>,
}

/// Reads one line of a data file: `Ok(None)` for a blank or comment line, `Err` with the
/// reason for a malformed one.
pub fn parse_line(line: &str) -> Result<Option<Entry>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let fields: Vec<&str> = line.split(" ; ").map(str::trim).collect();
    if fields.len() < 3 || fields.len() > 4 {
        return Err("expected `FEN ; win N ; MOVES` and maybe `; fails REASON`".into());
    }
    let distance = fields[1]
        .strip_prefix("win ")
        .and_then(|n| n.trim().parse::<u32>().ok())
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("expected `win N` (N >= 1), found {:?}", fields[1]))?;
    let moves: Vec<String> = fields[2].split_whitespace().map(String::from).collect();
    if moves.is_empty() {
        return Err("no winning move listed".into());
    }
    let fails = match fields.get(3) {
        None => None,
        Some(f) => Some(
            f.strip_prefix("fails ")
                .map(|r| r.trim().to_string())
                .ok_or_else(|| format!("expected `fails REASON`, found {f:?}"))?,
        ),
    };
    Ok(Some(Entry {
        fen: fields[0].to_string(),
        distance,
        moves,
        fails,
    }))
}

/// Writes an entry as a data-file line (the inverse of [`parse_line`]).
pub fn format_line(entry: &Entry) -> String {
    let mut line = format!(
        "{} ; win {} ; {}",
        entry.fen,
        entry.distance,
        entry.moves.join(" ")
    );
    if let Some(reason) = &entry.fails {
        line.push_str(" ; fails ");
        line.push_str(reason);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_core::MoveNotation;

    /// The proof's distance and its moves' texts, sorted.
    fn proof_of<P: MoveNotation>(pos: &P, max: u32) -> Option<(u32, Vec<String>)> {
        let proof = prove(pos, max, 10_000_000).expect("within the budget")?;
        let mut texts: Vec<String> = proof.moves.iter().map(|&m| pos.move_text(m)).collect();
        texts.sort();
        Some((proof.distance, texts))
    }

    fn chess(fen: &str) -> escalade_fide::Chess {
        escalade_fide::Chess::from_fen(0, fen).expect("a FEN")
    }

    #[test]
    fn a_back_rank_mate_is_the_one_win_in_one() {
        let pos = chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(proof_of(&pos, 3), Some((1, vec!["a1a8".to_string()])));
    }

    #[test]
    fn a_king_and_rook_mate_in_two_starts_with_the_king() {
        // 1. Kc7 Ka7 (the only move) 2. Ra1#; no mate in one (Ra1+ Kb8, Rb8+ Kxb8)
        let pos = chess("k7/8/2K5/8/8/8/8/1R6 w - - 0 1");
        let (distance, moves) = proof_of(&pos, 3).expect("a forced mate");
        assert_eq!(distance, 2);
        assert!(moves.contains(&"c6c7".to_string()), "{moves:?}");
        assert!(!moves.contains(&"b1a1".to_string()), "{moves:?}");
    }

    #[test]
    fn no_win_is_found_where_there_is_none_and_a_small_budget_gives_up() {
        let pos = chess("k7/8/8/8/8/8/8/K7 w - - 0 1");
        assert_eq!(proof_of(&pos, 2), None);
        let pos = chess("k7/8/2K5/8/8/8/8/1R6 w - - 0 1");
        assert_eq!(prove(&pos, 3, 10), Err(Exhausted));
    }

    #[test]
    fn the_third_check_wins_only_when_two_were_given() {
        let rope = |fen: &str| escalade_rope::Rope::from_fen(2, fen).expect("a rope-3check FEN");
        let (distance, moves) =
            proof_of(&rope("1G1R3CK5T1k1g2 w - 2+1 1 51"), 1).expect("a third check");
        assert_eq!(distance, 1);
        assert!(moves.iter().all(|m| m.starts_with("T15")), "{moves:?}");
        assert_eq!(proof_of(&rope("1G1R3CK5T1k1g2 w - 0+1 1 51"), 1), None);
    }

    #[test]
    fn lines_read_back_and_bad_lines_are_refused() {
        let entry = Entry {
            fen: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
            distance: 2,
            moves: vec!["a1a2".into(), "b1b2".into()],
            fails: Some("too deep".into()),
        };
        assert_eq!(parse_line(&format_line(&entry)), Ok(Some(entry)));
        assert_eq!(parse_line("# comment"), Ok(None));
        assert_eq!(parse_line("   "), Ok(None));
        assert!(parse_line("fen only").is_err());
        assert!(parse_line("fen ; win x ; a1a2").is_err());
        assert!(parse_line("fen ; win 0 ; a1a2").is_err());
        assert!(parse_line("fen ; win 1 ;  ").is_err());
        assert!(parse_line("fen ; win 1 ; a1a2 ; because").is_err());
    }
}
