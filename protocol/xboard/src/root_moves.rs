//! XBoard's `exclude`/`include` (feature `exclude=1`): which root moves the engine searches.
//! The set belongs to one position: any new one (a move, `undo`, `new`, `setboard`) starts
//! again from every legal move. An empty set ("exclude all", or every move excluded) is
//! allowed to defer its effect: the engine then searches every move until one is included.

use escalade_core::MoveError;

use escalade_session::session::{Notation, Session};

/// The root moves to search, as move codes (`Position::move_code`).
#[derive(Clone, Debug, Default)]
pub struct RootMoves {
    /// The position the set belongs to.
    fen: String,
    set: Set,
}

#[derive(Clone, Debug, Default)]
enum Set {
    #[default]
    All,
    /// Every legal move but these.
    Excluding(Vec<u32>),
    /// Only these.
    Only(Vec<u32>),
}

impl RootMoves {
    /// `exclude WHAT` (`include` = false) or `include WHAT`, `WHAT` a move in the GUI's
    /// notation or `all`. A move that is not legal here is an error and changes nothing.
    pub fn change(
        &mut self,
        session: &dyn Session,
        include: bool,
        what: &str,
    ) -> Result<(), MoveError> {
        self.follow(session);
        if what == "all" {
            self.set = if include {
                Set::All
            } else {
                Set::Only(Vec::new())
            };
            return Ok(());
        }
        let code = session.move_code(what, Notation::Gui)?;
        let set = std::mem::take(&mut self.set);
        self.set = match (set, include) {
            (Set::All, true) => Set::All,
            (Set::All, false) => Set::Excluding(vec![code]),
            (Set::Excluding(mut s), false) | (Set::Only(mut s), true) => {
                if !s.contains(&code) {
                    s.push(code);
                }
                if include {
                    Set::Only(s)
                } else {
                    Set::Excluding(s)
                }
            }
            (Set::Excluding(mut s), true) => {
                s.retain(|&c| c != code);
                Set::Excluding(s)
            }
            (Set::Only(mut s), false) => {
                s.retain(|&c| c != code);
                Set::Only(s)
            }
        };
        Ok(())
    }

    /// The codes for `Limits::search_moves` at the session's position (empty: every move).
    pub fn search_moves(&mut self, session: &dyn Session) -> Vec<u32> {
        self.follow(session);
        match &self.set {
            Set::All => Vec::new(),
            Set::Excluding(s) => session
                .legal_move_codes()
                .into_iter()
                .filter(|c| !s.contains(c))
                .collect(),
            Set::Only(s) => s.clone(),
        }
    }

    /// Starts again from every move when the session has moved on to another position.
    fn follow(&mut self, session: &dyn Session) {
        let fen = session.fen(Notation::Engine);
        if fen != self.fen {
            self.fen = fen;
            self.set = Set::All;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use escalade_session::session::{self, Settings};

    #[test]
    fn exclude_and_include_follow_the_position() {
        let mut s = session::open("normal", Settings::default()).unwrap();
        let mut r = RootMoves::default();
        let code = |s: &dyn Session, m: &str| s.move_code(m, Notation::Gui).unwrap();
        assert!(r.search_moves(&*s).is_empty());
        r.change(&*s, false, "e2e4").unwrap();
        let left = r.search_moves(&*s);
        assert_eq!(left.len(), 19);
        assert!(!left.contains(&code(&*s, "e2e4")));
        r.change(&*s, true, "e2e4").unwrap();
        assert_eq!(r.search_moves(&*s).len(), 20);
        r.change(&*s, false, "all").unwrap();
        assert!(r.search_moves(&*s).is_empty());
        r.change(&*s, true, "d2d4").unwrap();
        assert_eq!(r.search_moves(&*s), [code(&*s, "d2d4")]);
        assert!(r.change(&*s, false, "e2e5").is_err());
        assert_eq!(r.search_moves(&*s), [code(&*s, "d2d4")]);
        // a new position: every move again
        s.play("e2e4", Notation::Gui).unwrap();
        assert!(r.search_moves(&*s).is_empty());
    }
}
