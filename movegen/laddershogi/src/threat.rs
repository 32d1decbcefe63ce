//! Royal-capture detection: can a side capture the enemy King with some turn (single move,
//! infused double move or energized pair)? Answered from attack tables without generating
//! the side's turns: single moves are table look-ups; for double moves only pieces next to
//! a Cricket are followed, and each first move is kept only if the piece, with its new
//! stage, attacks the King from there on an empty board ("reaches the King in two"); for
//! pairs only partners aligned with the King whose obstacles one move of the other partner
//! can remove are followed, plus (rarely) value partners on one of the King's lines that the
//! other partner's capture can raise by excess experience (`transfer_threat`).

use escalade_core::{Bitboard, Color, Rules, Square};

use crate::piece::*;
use crate::position::LadderShogi;
use crate::tables::{table_index, SQUARES, TABLES};

/// The board facts every threat test needs.
struct Scene {
    by: Color,
    king: Square,
    occ: u128,
    ubb: u128,
    zone: u128,
    kappas: u128,
    frozen: u128,
}

impl LadderShogi {
    /// Whether `by` has a turn that captures the other side's King.
    pub(crate) fn king_capturable(&self, by: Color) -> bool {
        self.capturable(by, false)
    }

    /// `Rules::in_check` when the caller knows whether single moves alone
    /// decide it (geometry rules out every double-move threat).
    #[inline]
    pub(crate) fn check_knowing(&self, single_only: bool) -> bool {
        if let Some(c) = self.check.get() {
            debug_assert_eq!(c, self.king_in_danger(), "stale check in {}", self.to_fen());
            return c;
        }
        let c = self.capturable(!self.side, single_only);
        debug_assert_eq!(c, self.king_in_danger(), "{}", self.to_fen());
        self.check.set(c);
        c
    }

    fn capturable(&self, by: Color, single_only: bool) -> bool {
        let t = &*TABLES;
        let def = !by;
        let ubb = self.bb(BURAKUMIN);
        let kappas = self.bb(KAPPA) & self.by_color[def.index()];
        let sc = Scene {
            by,
            king: self.kings[def.index()],
            occ: self.occupied(),
            ubb,
            zone: t.around(ubb),
            kappas,
            frozen: t.around(kappas),
        };
        let attackers = self.by_color[by.index()];
        let free = attackers & !sc.frozen;
        for s in (free & t.super_attackers[by.index() * SQUARES + sc.king as usize]).squares() {
            if self.piece_hits(s, &sc) {
                return true;
            }
        }
        if single_only {
            return false;
        }
        let crickets = self.bb(CRICKET) & attackers;
        if crickets.any() {
            let enemy_values = self.by_color[def.index()] & self.values();
            let enemy_u = ubb & self.by_color[def.index()];
            for p in (t.around(crickets) & free).squares() {
                let kind = self.board[p as usize].kind();
                let i = table_index(kind, by, p);
                if enemy_u.any()
                    && t.attacks[i].has(sc.king)
                    && self.takes_king_then_u(p, kind, &sc)
                {
                    return true;
                }
                // Who can reach the King in two: without a first capture that raises the
                // stage, the piece must attack the King from one of its first destinations.
                let may_grow = is_value(kind) && (t.attacks[i] & enemy_values).any();
                if (may_grow || t.reach_two[i].has(sc.king)) && self.infused_threat(p, &sc) {
                    return true;
                }
            }
        }
        for dragon in (self.bb(DRAGON) & attackers).squares() {
            let friends = t.king[dragon as usize] & attackers;
            if friends.several() && self.energized_threat(friends, &sc) {
                return true;
            }
            // Excess experience from one value partner's capture may raise another that
            // stands on one of the King's lines.
            let raisers = friends & self.values() & !sc.frozen;
            if raisers.several()
                && (raisers & t.attacks[table_index(10, by, sc.king)]).any()
                && self.transfer_threat(raisers, &sc)
            {
                return true;
            }
        }
        false
    }

    /// Whether the (unpetrified) piece on `s` captures the King in one move.
    fn piece_hits(&self, s: Square, sc: &Scene) -> bool {
        let t = &*TABLES;
        let p = self.board[s as usize];
        if p.kind() != BURAKUMIN {
            return t.hits(p.kind(), sc.by, s, sc.king, sc.occ, sc.zone);
        }
        if !t.attacks(BURAKUMIN, sc.by, s, sc.king) || (t.between(s, sc.king) & sc.occ).any() {
            return false;
        }
        let rest = sc.occ & !sc.ubb & !u128::bit(s) & !u128::bit(sc.king);
        (t.between(s, sc.king) | u128::bit(sc.king))
            .squares()
            .all(|x| (t.king[x as usize] & rest).is_empty())
    }

    /// Whether the infused piece `kind` on `p` captures the King with its first sub-move
    /// along a path next to an enemy Burakumin that its second sub-move then captures from
    /// the King's square (rules section 4: a double move may pass a Burakumin it captures).
    #[cold]
    #[inline(never)]
    fn takes_king_then_u(&self, p: Square, kind: Kind, sc: &Scene) -> bool {
        let t = &*TABLES;
        if !can_capture(kind) || kind == BURAKUMIN {
            return false;
        }
        let k = sc.king;
        let us = sc.by.index();
        // What the piece is on the King's square (no experience from a King).
        let nk = match kind {
            LANCE if t.last_rank[us].has(k) => ROOK,
            NINJA if t.last_rank[us].has(k) => BISHOP,
            HORSE if t.last_two[us].has(k) => SHOGUN,
            1 | 2 if t.last_rank[us].has(k) => return false,
            other => other,
        };
        if (t.king[k as usize] & sc.kappas).any() {
            return false;
        }
        let occ = sc.occ & !u128::bit(p);
        for u in (sc.ubb & self.by_color[(!sc.by).index()]).squares() {
            let others = t.around(sc.ubb & !u128::bit(u));
            if t.hits(kind, sc.by, p, k, sc.occ, others) && t.hits(nk, sc.by, k, u, occ, others) {
                return true;
            }
        }
        false
    }

    /// Whether the infused piece on `p` captures the King with its second move.
    fn infused_threat(&self, p: Square, sc: &Scene) -> bool {
        let t = &*TABLES;
        let kind = self.board[p as usize].kind();
        if !can_capture(kind) || kind == BURAKUMIN {
            return false;
        }
        for m in (self.sub_targets(p, 0) & !u128::bit(sc.king)).squares() {
            let victim = self.board[m as usize].kind();
            let mut nk = kind;
            if is_value(kind) && is_value(victim) {
                nk = (kind + victim).min(10);
            }
            nk = match nk {
                LANCE if t.last_rank[sc.by.index()].has(m) => ROOK,
                NINJA if t.last_rank[sc.by.index()].has(m) => BISHOP,
                HORSE if t.last_two[sc.by.index()].has(m) => SHOGUN,
                k => k,
            };
            if (nk == 1 || nk == 2) && t.last_rank[sc.by.index()].has(m) {
                continue;
            }
            if !t.attacks(nk, sc.by, m, sc.king)
                || (t.king[m as usize] & sc.kappas & !u128::bit(m)).any()
            {
                continue;
            }
            let occ = (sc.occ & !u128::bit(p)) | u128::bit(m);
            let zone = if victim == BURAKUMIN {
                t.around(sc.ubb & !u128::bit(m))
            } else {
                sc.zone
            };
            if t.hits(nk, sc.by, m, sc.king, occ, zone) {
                return true;
            }
        }
        false
    }

    /// Whether some pair of `friends` (neighbours of one Dragon) captures the King: any
    /// partner A moves, then partner B captures.
    fn energized_threat(&self, friends: u128, sc: &Scene) -> bool {
        let t = &*TABLES;
        for b in friends.squares() {
            let kind_b = self.board[b as usize].kind();
            if !can_capture(kind_b) || kind_b == BURAKUMIN || !t.attacks(kind_b, sc.by, b, sc.king)
            {
                continue;
            }
            let path = t.between(b, sc.king);
            let blockers = path & sc.occ;
            let kappas = t.king[b as usize] & sc.kappas;
            let burakumins = sc.ubb & t.around(path | u128::bit(sc.king));
            for a in (friends & !u128::bit(b) & !sc.frozen).squares() {
                let needed = (blockers & !u128::bit(a)) | kappas | burakumins;
                if needed.several() {
                    continue;
                }
                let mut moves = self.sub_targets(a, 0) & !u128::bit(sc.king);
                if needed.any() {
                    moves &= needed;
                }
                for m in moves.squares() {
                    if self.partner_captures_after(a, m, b, kind_b, sc) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether some partner B, a value piece below stage 10, captures the King after
    /// another partner A's capture hands it excess experience (rules L10(c)(d)): A, a value
    /// piece, takes an enemy value piece next to B with a sum above 10, and B, raised by
    /// any amount up to the excess (capped at 10), attacks the King from where it stands.
    /// B's current stage is [`energized_threat`](Self::energized_threat)'s business. Rare:
    /// B must lie on one of the King's lines (every stage attacks only there) next to an
    /// enemy value piece that another value partner attacks. `raisers` are the Dragon's
    /// unpetrified value partners (at least two).
    #[cold]
    #[inline(never)]
    fn transfer_threat(&self, raisers: u128, sc: &Scene) -> bool {
        let t = &*TABLES;
        let prey = self.by_color[(!sc.by).index()] & self.values();
        // A queen's lines from the King are the squares every stage may attack it from.
        for b in (raisers & t.attacks[table_index(10, sc.by, sc.king)]).squares() {
            let kind_b = self.board[b as usize].kind();
            let victims = prey & t.king[b as usize];
            if kind_b == 10 || victims.is_empty() {
                continue;
            }
            if self.raised_partner_hits(raisers, b, kind_b, victims, sc) {
                return true;
            }
        }
        false
    }

    /// [`transfer_threat`](Self::transfer_threat) for one partner B on `b` next to the
    /// enemy value pieces `victims`.
    fn raised_partner_hits(
        &self,
        raisers: u128,
        b: Square,
        kind_b: Kind,
        victims: u128,
        sc: &Scene,
    ) -> bool {
        let t = &*TABLES;
        for a in (raisers & !u128::bit(b)).squares() {
            let kind_a = self.board[a as usize].kind();
            let near = victims & t.attacks[table_index(kind_a, sc.by, a)];
            if near.is_empty() {
                continue;
            }
            let mut targets = None;
            for m in near.squares() {
                let sum = kind_a + self.board[m as usize].kind();
                if sum <= 10 || !targets.get_or_insert_with(|| self.sub_targets(a, 0)).has(m) {
                    continue;
                }
                // A (now a 10) stands on `m`; the victim was a value piece, so neither the
                // Burakumin zone nor B's petrification changes.
                let occ = sc.occ & !u128::bit(a);
                let top = (kind_b + sum - 10).min(10);
                if (kind_b + 1..=top).any(|s| t.hits(s, sc.by, b, sc.king, occ, sc.zone)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether B (on `b`) captures the King after partner A moves `a` -> `m`.
    fn partner_captures_after(
        &self,
        a: Square,
        m: Square,
        b: Square,
        kind_b: Kind,
        sc: &Scene,
    ) -> bool {
        let t = &*TABLES;
        let kind_a = self.board[a as usize].kind();
        let victim = self.board[m as usize].kind();
        let mut occ = (sc.occ & !u128::bit(a)) | u128::bit(m);
        let mut stage = kind_a;
        if is_value(kind_a) && is_value(victim) {
            stage = (kind_a + victim).min(10);
        }
        if (stage == 1 || stage == 2) && t.last_rank[sc.by.index()].has(m) {
            occ &= !u128::bit(m);
        }
        if (t.king[b as usize] & sc.kappas & !u128::bit(m)).any() {
            return false;
        }
        let zone = if victim == BURAKUMIN {
            t.around(sc.ubb & !u128::bit(m))
        } else {
            sc.zone
        };
        t.hits(kind_b, sc.by, b, sc.king, occ, zone)
    }

    /// Whether the side to move's King can be captured by the opponent's next turn.
    pub(crate) fn king_in_danger(&self) -> bool {
        self.king_capturable(!self.side)
    }
}
