//! The shared transposition table: lock-free, made only of atomics.
//!
//! The table's memory comes zeroed from the system (`hugepages.rs`: up to 128 MB mapped on
//! huge pages where it can and faulted in when made, in about 10 ms; a larger table is
//! made at once and its pages faulted in as the search writes them); a new game gets a
//! fresh table the same way instead of writing zeros over the old one (see
//! `Engine::clear`). Sizes are capped at half of the machine's memory.
//!
//! Each entry is two `AtomicU64` words: `check ^ data` and `data`, where `check` is the
//! key's low 48 bits under the position's static evaluation (16 bits; the game's own, before
//! any correction, so that a node found again need not evaluate). A reader accepts an entry
//! only when `word0 ^ word1` gives back its own key's low 48 bits, so a torn write (two
//! threads storing into one entry at once) reads as a miss instead of as garbage. The key's
//! high bits pick the cluster (for a table of 2^16 clusters or more, 4 MB, they are all
//! implied by it), so the evaluation costs no key bits a probe could tell apart by. There
//! is no lock, and no `unsafe` but the prefetch hint (and the view of mapped memory as
//! words, in `hugepages.rs`). Entries come in clusters of four (one 64-byte cache line); a store
//! replaces the entry of the same key, else an empty one, else the one whose depth is
//! lowest once its age (generations since it was written) is counted against it.
//!
//! `data` packs the move code (32 bits), the score (16), the depth (7), the "on a principal
//! variation" flag (1), the bound (2), a "has a move" flag (1) and the generation (5). The
//! flag sticks: a store for a key whose entry has it keeps it (as the move is kept). The
//! move is the game's `Position::move_code`; the search looks it up among the legal moves
//! and never plays a stored code it cannot find.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::hugepages::Words;

/// Entries per cluster (one cache line of 4 x 16 bytes).
const CLUSTER: usize = 4;
/// Bytes per cluster.
const CLUSTER_BYTES: usize = CLUSTER * 16;
/// Generations wrap at this value (5 bits).
const GENERATIONS: u8 = 32;
/// The deepest stored depth (7 bits; deeper results are stored as this deep).
const MAX_DEPTH: i32 = 127;
/// The bit of `data` that holds the "on a principal variation" flag (above the depth).
const PV_BIT: u32 = 55;
/// The key bits an entry is checked by; the evaluation takes the 16 above them.
const KEY_BITS: u64 = (1 << 48) - 1;
/// The evaluation field of an entry that has none.
const NO_EVAL: u16 = i16::MIN as u16;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (no move beat alpha).
    Upper = 1,
    /// The true value is at least the score (a beta cutoff).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

impl Bound {
    /// What a node's `best` score, searched in the window `(original_alpha, beta)` and
    /// having raised alpha to `alpha`, says about its value.
    #[inline]
    pub fn of(best: i32, original_alpha: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles the window `(alpha, beta)`.
    #[inline(always)]
    pub fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move's code, if one was stored.
    pub move_code: Option<u32>,
    /// Score in table form (mates counted from this node, see `score::to_tt`).
    pub score: i32,
    /// Remaining depth the score was searched to (0: quiescence; at most 127).
    pub depth: i32,
    pub bound: Bound,
    /// The node was on a principal variation: a PV node, or one whose entry said so.
    pub pv: bool,
    /// The game's static evaluation of the position (`Evaluate::evaluate`, before any
    /// correction), if the node computed one that fits in 16 bits.
    pub eval: Option<i32>,
}

struct Packed;

impl Packed {
    fn encode(e: &Entry, generation: u8) -> u64 {
        let code = e.move_code.unwrap_or(0) as u64;
        let score = (e.score as i16) as u16 as u64;
        let depth = e.depth.clamp(0, MAX_DEPTH) as u64;
        let flags =
            (e.bound as u64) | ((e.move_code.is_some() as u64) << 2) | ((generation as u64) << 3);
        code | (score << 32) | (depth << 48) | ((e.pv as u64) << PV_BIT) | (flags << 56)
    }

    /// The check word of an entry for `key` holding `eval`.
    fn check(key: u64, eval: Option<i32>) -> u64 {
        let bits = eval
            .and_then(|e| i16::try_from(e).ok())
            .map_or(NO_EVAL, |e| e as u16);
        (key & KEY_BITS) | (bits as u64) << 48
    }

    /// Whether a check word (`word0 ^ word1`) belongs to `key`.
    #[inline(always)]
    fn belongs(check: u64, key: u64) -> bool {
        (check ^ key) & KEY_BITS == 0
    }

    /// The evaluation a check word holds.
    fn eval(check: u64) -> Option<i32> {
        let bits = (check >> 48) as u16;
        (bits != NO_EVAL).then_some(bits as i16 as i32)
    }

    fn decode(data: u64, check: u64) -> Option<Entry> {
        let flags = (data >> 56) as u8;
        let bound = match flags & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        Some(Entry {
            move_code: (flags & 4 != 0).then_some(data as u32),
            score: ((data >> 32) as u16 as i16) as i32,
            depth: Self::depth(data),
            bound,
            pv: (data >> PV_BIT) & 1 != 0,
            eval: Self::eval(check),
        })
    }

    fn generation(data: u64) -> u8 {
        (data >> 59) as u8
    }

    fn depth(data: u64) -> i32 {
        ((data >> 48) & MAX_DEPTH as u64) as i32
    }
}

/// A table at least this large (bytes) is freed on a thread of its own: giving back
/// gigabytes of touched pages takes long enough to hold up `readyok`.
const FREE_APART_BYTES: usize = 64 << 20;

/// The largest table asked for, in MB (1 TB); larger requests are clamped first.
const MAX_MB: usize = 1 << 20;

/// The largest table this machine gives, in MB: half of its physical memory (read from
/// `/proc/meminfo`; 1 TB where that cannot be read).
pub fn max_hash_mb() -> usize {
    static CAP: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CAP.get_or_init(|| {
        std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|text| {
                let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
                let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
                Some((kb / 1024 / 2).max(1))
            })
            .unwrap_or(MAX_MB)
            .min(MAX_MB)
    })
}

/// The transposition table shared by every search thread.
pub struct TranspositionTable {
    words: Words,
    clusters: usize,
    generation: AtomicU64,
}

impl Drop for TranspositionTable {
    fn drop(&mut self) {
        if self.words.len() * 8 < FREE_APART_BYTES {
            return;
        }
        let words = std::mem::take(&mut self.words);
        let freed = std::thread::Builder::new()
            .name("free-table".into())
            .spawn(move || drop(words));
        if let Err(e) = freed {
            log::warn!("cannot free the table in the background: {e}");
        }
    }
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one cluster, at most [`max_hash_mb`]),
    /// zeroed by the system without touching its pages. A size the machine cannot give is
    /// halved until the allocation succeeds (with a warning), never an abort.
    pub fn new(mb: usize) -> Self {
        let cap = max_hash_mb();
        if mb > cap {
            log::warn!(
                "hash of {mb} MB is more than half of this machine's memory; using {cap} MB"
            );
        }
        let mb = mb.clamp(1, cap);
        let mut clusters = (mb.saturating_mul(1024 * 1024) / CLUSTER_BYTES).max(1);
        let words = loop {
            match Words::zeroed(clusters * CLUSTER * 2) {
                Some(words) => break words,
                None if clusters > 1 => clusters /= 2,
                None => {
                    let words = (0..CLUSTER * 2).map(|_| AtomicU64::new(0)).collect();
                    break Words::Allocated(words);
                }
            }
        };
        if clusters * CLUSTER_BYTES < mb.saturating_mul(1024 * 1024) {
            log::warn!(
                "hash of {mb} MB not available; using {} MB",
                (clusters * CLUSTER_BYTES) >> 20
            );
        }
        TranspositionTable {
            words,
            clusters,
            generation: AtomicU64::new(0),
        }
    }

    /// Empties the table by writing zeros over it (tests; a new game replaces the table
    /// instead, which does not wait for the writes).
    #[cfg(test)]
    pub fn clear(&self) {
        for w in self.words.iter() {
            w.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries written from now on are younger than the rest.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store((g + 1) % GENERATIONS as u64, Ordering::Relaxed);
    }

    fn current_generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed) as u8
    }

    #[inline]
    fn cluster_start(&self, key: u64) -> usize {
        let index = ((key as u128 * self.clusters as u128) >> 64) as usize;
        index * CLUSTER * 2
    }

    /// Hints the processor to fetch the cluster of `key`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let ptr = self.words[self.cluster_start(key)].as_ptr() as *const i8;
            // SAFETY: prefetching is only a hint and never faults; `ptr` points into `words`.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(ptr) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let start = self.cluster_start(key);
        for slot in self.words[start..start + CLUSTER * 2].chunks_exact(2) {
            let data = slot[1].load(Ordering::Relaxed);
            let check = slot[0].load(Ordering::Relaxed) ^ data;
            if Packed::belongs(check, key) {
                return Packed::decode(data, check);
            }
        }
        None
    }

    /// Stores `entry` for `key`. A move or an evaluation already stored for the same key is
    /// kept when the new entry has none.
    pub fn store(&self, key: u64, mut entry: Entry) {
        let start = self.cluster_start(key);
        let generation = self.current_generation();
        let mut victim = start;
        let mut victim_worth = i32::MAX;
        for i in 0..CLUSTER {
            let at = start + 2 * i;
            let data = self.words[at + 1].load(Ordering::Relaxed);
            let check = self.words[at].load(Ordering::Relaxed) ^ data;
            if Packed::belongs(check, key) {
                if let Some(old) = Packed::decode(data, check) {
                    if entry.move_code.is_none() {
                        entry.move_code = old.move_code;
                    }
                    entry.eval = entry.eval.or(old.eval);
                    entry.pv |= old.pv;
                    // keep a deeper result of this search unless the new one is exact
                    if entry.bound != Bound::Exact
                        && old.depth > entry.depth + 2
                        && Packed::generation(data) == generation
                    {
                        return;
                    }
                }
                victim = at;
                break;
            }
            if data == 0 {
                victim = at;
                break;
            }
            let age = (GENERATIONS + generation - Packed::generation(data)) % GENERATIONS;
            let worth = Packed::depth(data) - 8 * age as i32;
            if worth < victim_worth {
                victim_worth = worth;
                victim = at;
            }
        }
        let data = Packed::encode(&entry, generation);
        let check = Packed::check(key, entry.eval);
        self.words[victim].store(check ^ data, Ordering::Relaxed);
        self.words[victim + 1].store(data, Ordering::Relaxed);
    }

    /// Per mille of the sampled entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.current_generation();
        let sample = (1000 / CLUSTER).min(self.clusters) * CLUSTER;
        let used = (0..sample)
            .filter(|&i| {
                let data = self.words[2 * i + 1].load(Ordering::Relaxed);
                data != 0 && Packed::generation(data) == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(code: Option<u32>, score: i32, depth: i32, bound: Bound) -> Entry {
        Entry {
            move_code: code,
            score,
            depth,
            bound,
            pv: false,
            eval: None,
        }
    }

    #[test]
    fn stores_and_reads_back_every_field() {
        let tt = TranspositionTable::new(1);
        let e = entry(Some(0xDEAD_BEEF), -31_000, 17, Bound::Lower);
        tt.store(0x1234_5678_9ABC_DEF0, e);
        assert_eq!(tt.probe(0x1234_5678_9ABC_DEF0), Some(e));
        assert_eq!(tt.probe(0x1234_5678_9ABC_DEF1), None);
        let e2 = entry(None, 32_000, 0, Bound::Exact);
        tt.store(7, e2);
        assert_eq!(tt.probe(7), Some(e2));
    }

    #[test]
    fn the_evaluation_is_stored_kept_by_a_later_store_and_none_when_too_large() {
        let tt = TranspositionTable::new(1);
        let key = 0x0F0F_1234_5678_9ABC;
        let with_eval = Entry {
            eval: Some(-1234),
            ..entry(Some(3), 50, 4, Bound::Lower)
        };
        tt.store(key, with_eval);
        assert_eq!(tt.probe(key), Some(with_eval));
        tt.store(key, entry(None, 60, 5, Bound::Upper));
        let got = tt.probe(key).expect("stored");
        assert_eq!(
            (got.eval, got.score, got.move_code),
            (Some(-1234), 60, Some(3))
        );
        for (eval, read) in [
            (32_767, Some(32_767)),
            (-32_767, Some(-32_767)),
            (-32_768, None),
            (40_000, None),
        ] {
            tt.store(
                99,
                Entry {
                    eval: Some(eval),
                    ..entry(None, 0, 1, Bound::Exact)
                },
            );
            assert_eq!(tt.probe(99).expect("stored").eval, read, "{eval}");
            tt.clear();
        }
    }

    /// After a search, every position along random lines from the root whose entry keeps
    /// an evaluation has the game's own.
    #[test]
    fn the_evaluations_a_search_keeps_are_the_games_own() {
        use escalade_core::{splitmix64, Rules};
        use escalade_eval::Evaluate;
        use escalade_fide::Chess;

        let fen = "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10";
        let root = Chess::from_fen(0, fen).unwrap();
        for seed_base in [5u64, 6] {
            let mut engine = crate::Engine::<Chess>::new();
            engine.set_hash_mb(4);
            let limits = crate::Limits {
                depth: Some(8),
                ..crate::Limits::default()
            };
            engine.search(&[root], &limits, &mut |_| {});
            let (mut seed, mut checked, mut moves) = (seed_base, 0, Vec::new());
            for _line in 0..300 {
                let mut pos = root;
                for _ply in 0..6 {
                    if let Some(eval) = engine.tt.probe(pos.hash()).and_then(|e| e.eval) {
                        assert_eq!(eval, pos.evaluate(), "{}", pos.to_fen());
                        checked += 1;
                    }
                    pos.generate_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    seed = splitmix64(seed);
                    pos = pos.play(moves[(seed % moves.len() as u64) as usize]);
                }
            }
            assert!(checked > 300, "{checked} evaluations checked");
        }
    }

    #[test]
    fn bounds_settle_the_right_windows() {
        assert!(Bound::Exact.cuts(5, 10, 20));
        assert!(Bound::Lower.cuts(20, 10, 20) && !Bound::Lower.cuts(19, 10, 20));
        assert!(Bound::Upper.cuts(10, 10, 20) && !Bound::Upper.cuts(11, 10, 20));
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let tt = TranspositionTable::new(1);
        let key = 0xABCD_EF01_2345_6789;
        tt.store(key, entry(Some(5), 10, 3, Bound::Exact));
        let start = tt.cluster_start(key);
        // another thread's data half lands in the slot
        tt.words[start + 1].store(
            Packed::encode(&entry(Some(9), 99, 9, Bound::Upper), 0),
            Ordering::Relaxed,
        );
        assert_eq!(tt.probe(key), None);
    }

    #[test]
    fn keeps_the_move_when_a_moveless_entry_replaces_it() {
        let tt = TranspositionTable::new(1);
        tt.store(42, entry(Some(77), 5, 4, Bound::Lower));
        tt.store(42, entry(None, 8, 5, Bound::Upper));
        let got = tt.probe(42).expect("stored");
        assert_eq!(got.move_code, Some(77));
        assert_eq!(got.score, 8);
    }

    #[test]
    fn the_pv_flag_is_stored_and_sticks_to_its_key() {
        let tt = TranspositionTable::new(1);
        let pv = Entry {
            pv: true,
            ..entry(Some(3), -7, 127, Bound::Exact)
        };
        tt.store(42, pv);
        assert_eq!(tt.probe(42), Some(pv));
        tt.store(42, entry(None, 9, 200, Bound::Lower));
        let got = tt.probe(42).expect("stored");
        assert!(got.pv, "a later store for the key keeps the flag");
        assert_eq!(
            (got.depth, got.score),
            (MAX_DEPTH, 9),
            "deeper is stored as 127"
        );
        tt.store(43, entry(None, 9, 3, Bound::Lower));
        assert!(!tt.probe(43).expect("stored").pv);
    }

    #[test]
    fn replaces_old_generations_before_deep_current_entries() {
        // one cluster only: every key collides
        let tt = TranspositionTable {
            words: Words::Allocated((0..8).map(|_| AtomicU64::new(0)).collect()),
            clusters: 1,
            generation: AtomicU64::new(0),
        };
        for k in 1..=4u64 {
            tt.store(k, entry(Some(k as u32), 0, 6, Bound::Exact));
        }
        tt.new_search();
        tt.store(10, entry(Some(10), 0, 1, Bound::Exact));
        assert!(tt.probe(10).is_some());
        tt.store(11, entry(Some(11), 0, 1, Bound::Exact));
        assert!(
            tt.probe(10).is_some() && tt.probe(11).is_some(),
            "old deep entries go first"
        );
        let old_left = (1..=4u64).filter(|&k| tt.probe(k).is_some()).count();
        assert_eq!(old_left, 2);
    }

    #[test]
    fn hashfull_counts_current_generation_and_clear_empties() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..200_000u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                entry(None, 0, 1, Bound::Exact),
            );
        }
        let full = tt.hashfull();
        assert!(full > 900, "hashfull {full}");
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        tt.clear();
        assert_eq!(tt.probe(0), None);
    }

    #[test]
    fn concurrent_writers_never_produce_a_wrong_hit() {
        let tt = std::sync::Arc::new(TranspositionTable {
            words: Words::Allocated((0..8).map(|_| AtomicU64::new(0)).collect()),
            clusters: 1,
            generation: AtomicU64::new(0),
        });
        let handles: Vec<_> = (0..2u64)
            .map(|t| {
                let tt = tt.clone();
                std::thread::spawn(move || {
                    for i in 0..20_000u64 {
                        let key = (i % 16) * 2 + t + 1;
                        // the score encodes the key, so a wrong hit is visible
                        tt.store(key, entry(Some(key as u32), key as i32, 1, Bound::Exact));
                        if let Some(e) = tt.probe(key) {
                            assert_eq!(e.score, key as i32);
                        }
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().expect("writer thread");
        }
    }
}
