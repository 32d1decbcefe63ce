//! How the nodes of one search split among its root moves: the main thread adds each root
//! move's subtree as it is searched, over every iteration, and the clock
//! ([`crate::stability::Stability`]) gives less time to a move whose best root move has
//! taken nearly all of them (the other moves were refuted quickly: the choice is clear).

/// Nodes spent under each root move in the current search, by move code.
#[derive(Clone, Debug, Default)]
pub struct RootEffort {
    spent: Vec<(u32, u64)>,
}

impl RootEffort {
    /// Forgets the last search.
    pub fn clear(&mut self) {
        self.spent.clear();
    }

    /// Adds `nodes` searched under the root move `code`.
    pub fn add(&mut self, code: u32, nodes: u64) {
        match self.spent.iter_mut().find(|(c, _)| *c == code) {
            Some((_, n)) => *n += nodes,
            None => self.spent.push((code, nodes)),
        }
    }

    /// The share (0 to 1) of all the nodes spent under root moves that went to `code`.
    pub fn share(&self, code: u32) -> f64 {
        let total: u64 = self.spent.iter().map(|&(_, n)| n).sum();
        let mine = self
            .spent
            .iter()
            .find(|(c, _)| *c == code)
            .map_or(0, |&(_, n)| n);
        if total == 0 {
            0.0
        } else {
            mine as f64 / total as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_adds_up_over_iterations() {
        let mut e = RootEffort::default();
        assert_eq!(e.share(7), 0.0);
        e.add(7, 60);
        e.add(9, 20);
        e.add(7, 20);
        assert!((e.share(7) - 0.8).abs() < 1e-12);
        assert!((e.share(9) - 0.2).abs() < 1e-12);
        assert_eq!(e.share(3), 0.0);
        e.clear();
        assert_eq!(e.share(7), 0.0);
    }
}
