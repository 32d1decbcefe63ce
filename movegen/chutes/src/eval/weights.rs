//! Every weight of the Chutes and Ladders evaluation, in centipawns: the [`Weights`] struct,
//! walked as a named flat vector by [`WeightSet`] (the values in use are in the generated
//! table `tuned.rs`). Nothing is derived from them, so there is nothing to rebuild.

use escalade_eval::WeightSet;

/// The weights, in centipawns (and two counts of the king-board term).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material per kind, pawn to king (Kings are never captured: 0).
    pub material: [i32; 6],
    /// Pawn bonus by ranks advanced (index 0 = home rank).
    pub pawn_advance: [i32; 8],
    /// Knights and bishops: bonus per step closer to the centre (0..3).
    pub minor_centre: i32,
    /// Per square next to a King that an enemy man attacks.
    pub king_zone_attacked: i32,
    /// Per enemy queen, rook or minor on a King's board (a queen counting
    /// `queen_attacker_count`, the others 1), beyond `free_attackers`.
    pub king_board_attackers: i32,
    /// What an enemy queen counts for among the attackers on a King's board.
    pub queen_attacker_count: i32,
    /// How many of those attackers cost nothing.
    pub free_attackers: i32,
    /// A King the opponent can transport, by a thing made under it, onto an attacked square.
    pub transport_into_attack: i32,
    /// A King the opponent can transport at all (a quiet nuisance).
    pub transportable_king: i32,
    /// Per thing owned (flexibility: it can be removed later, and it is there).
    pub owned_thing: i32,
    /// Per free ownership slot (a placement still available).
    pub free_slot: i32,
    /// Per entrance next to an enemy King that we attack (its escape is shut).
    pub entrance_next_to_enemy_king: i32,
    /// The side to move's tempo.
    pub tempo: i32,
}

impl Weights {
    /// Every weight 0: the shape the table is read into.
    pub const ZERO: Weights = Weights {
        material: [0; 6],
        pawn_advance: [0; 8],
        minor_centre: 0,
        king_zone_attacked: 0,
        king_board_attackers: 0,
        queen_attacker_count: 0,
        free_attackers: 0,
        transport_into_attack: 0,
        transportable_king: 0,
        owned_thing: 0,
        free_slot: 0,
        entrance_next_to_enemy_king: 0,
        tempo: 0,
    };
}

impl WeightSet for Weights {
    fn visit(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
        for (i, v) in self.material.iter_mut().enumerate() {
            f(&format!("material[{i}]"), v);
        }
        for (i, v) in self.pawn_advance.iter_mut().enumerate() {
            f(&format!("pawn_advance[{i}]"), v);
        }
        f("minor_centre", &mut self.minor_centre);
        f("king_zone_attacked", &mut self.king_zone_attacked);
        f("king_board_attackers", &mut self.king_board_attackers);
        f("queen_attacker_count", &mut self.queen_attacker_count);
        f("free_attackers", &mut self.free_attackers);
        f("transport_into_attack", &mut self.transport_into_attack);
        f("transportable_king", &mut self.transportable_king);
        f("owned_thing", &mut self.owned_thing);
        f("free_slot", &mut self.free_slot);
        f(
            "entrance_next_to_enemy_king",
            &mut self.entrance_next_to_enemy_king,
        );
        f("tempo", &mut self.tempo);
    }
}
