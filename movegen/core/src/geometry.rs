//! Board geometry built from an adjacency description instead of shifts hard-wired to 8x8.
//!
//! A [`Geometry`] knows which square indices exist (holes are simply absent), their names
//! and display coordinates, and for every square and direction the set of squares one step
//! reaches. A step may *fork* (reach two squares, as on the escalator board), and a rider
//! keeps its direction through a fork, each branch blocked on its own. From the steps it
//! precomputes full rays, and slides a rider against an occupancy either with the classic
//! "first blocker" trick (when the ray is a simple chain of increasing or decreasing indices)
//! or by walking the ray (forked rays). Leaper tables come from grid coordinates.
//!
//! Geometries are built once per variant (in a lazily built static) and only read afterwards.

use crate::{Bitboard, Square};

/// The eight compass directions as (file, rank) offsets: N, NE, E, SE, S, SW, W, NW.
pub const COMPASS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The eight knight leaps as (file, rank) offsets.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Names of [`COMPASS`] directions, in the same order.
pub const COMPASS_NAMES: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// How a precomputed ray can be cut at its first blocker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RayShape {
    /// A chain whose indices increase: the first blocker is the lowest set bit.
    Increasing,
    /// A chain whose indices decrease: the first blocker is the highest set bit.
    Decreasing,
    /// Anything else (forks, or indices out of order): walk it.
    Walk,
}

/// Adjacency description of a board, turned into a [`Geometry`] by [`GeometryBuilder::build`].
#[derive(Clone, Debug)]
pub struct GeometryBuilder {
    names: Vec<String>,
    coords: Vec<(i8, i8)>,
    exists: Vec<bool>,
    directions: usize,
    links: Vec<(Square, usize, Square)>,
}

impl GeometryBuilder {
    /// An empty description with `capacity` square indices and `directions` directions.
    pub fn new(capacity: usize, directions: usize) -> Self {
        GeometryBuilder {
            names: vec![String::new(); capacity],
            coords: vec![(0, 0); capacity],
            exists: vec![false; capacity],
            directions,
            links: Vec::new(),
        }
    }

    /// Declares square `sq` with its name and display coordinates (file, rank).
    pub fn square(&mut self, sq: Square, name: &str, file: i8, rank: i8) -> &mut Self {
        let i = sq as usize;
        self.names[i] = name.to_string();
        self.coords[i] = (file, rank);
        self.exists[i] = true;
        self
    }

    /// One step from `from` in direction `dir` reaches `to` (call twice for a fork).
    pub fn link(&mut self, from: Square, dir: usize, to: Square) -> &mut Self {
        self.links.push((from, dir, to));
        self
    }

    /// A rectangular grid: square index `rank * files + file` (or `rank * stride + file`
    /// with `stride >= files`), named by `name(file, rank)`, linked in the given
    /// (file, rank) directions. Squares in `holes` are left out and never linked.
    pub fn grid(
        files: i8,
        ranks: i8,
        stride: i8,
        directions: &[(i8, i8)],
        holes: &[(i8, i8)],
        name: impl Fn(i8, i8) -> String,
    ) -> Self {
        let capacity = (ranks as usize) * (stride as usize);
        let mut b = GeometryBuilder::new(capacity, directions.len());
        let index = |f: i8, r: i8| (r as usize * stride as usize + f as usize) as Square;
        let inside = |f: i8, r: i8| {
            (0..files).contains(&f) && (0..ranks).contains(&r) && !holes.contains(&(f, r))
        };
        for r in 0..ranks {
            for f in 0..files {
                if inside(f, r) {
                    b.square(index(f, r), &name(f, r), f, r);
                }
            }
        }
        for r in 0..ranks {
            for f in 0..files {
                if !inside(f, r) {
                    continue;
                }
                for (d, &(df, dr)) in directions.iter().enumerate() {
                    let (tf, tr) = (f + df, r + dr);
                    if inside(tf, tr) {
                        b.link(index(f, r), d, index(tf, tr));
                    }
                }
            }
        }
        b
    }

    /// Finishes the description into lookup tables.
    ///
    /// # Panics
    /// If the board does not fit the bitboard width `B` (a programming error in a variant).
    pub fn build<B: Bitboard>(&self) -> Geometry<B> {
        let n = self.names.len();
        assert!(
            n <= B::BITS as usize,
            "board of {n} squares does not fit {} bits",
            B::BITS
        );
        let dirs = self.directions;
        let mut squares = B::EMPTY;
        for (i, &e) in self.exists.iter().enumerate() {
            if e {
                squares |= B::bit(i as Square);
            }
        }
        let mut step = vec![B::EMPTY; dirs * n];
        for &(from, d, to) in &self.links {
            step[d * n + from as usize] |= B::bit(to);
        }
        let mut geo = Geometry {
            squares,
            names: self.names.clone(),
            coords: self.coords.clone(),
            directions: dirs,
            size: n,
            step,
            ray: vec![B::EMPTY; dirs * n],
            shape: vec![RayShape::Walk; dirs * n],
        };
        for d in 0..dirs {
            for s in 0..n {
                if !self.exists[s] {
                    continue;
                }
                let ray = geo.walk(s as Square, d, B::EMPTY);
                geo.ray[d * n + s] = ray;
                geo.shape[d * n + s] = geo.classify(s as Square, d);
            }
        }
        geo
    }
}

/// Lookup tables for one board: square set, names, steps, rays.
#[derive(Clone, Debug)]
pub struct Geometry<B> {
    squares: B,
    names: Vec<String>,
    coords: Vec<(i8, i8)>,
    directions: usize,
    size: usize,
    step: Vec<B>,
    ray: Vec<B>,
    shape: Vec<RayShape>,
}

impl<B: Bitboard> Geometry<B> {
    /// The squares that exist.
    #[inline(always)]
    pub fn squares(&self) -> B {
        self.squares
    }

    /// Number of square indices (including holes).
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of directions.
    pub fn directions(&self) -> usize {
        self.directions
    }

    /// Whether `sq` is a square of the board.
    pub fn exists(&self, sq: Square) -> bool {
        (sq as usize) < self.size && self.squares.has(sq)
    }

    /// The square's name, e.g. `e4`, `ab4` or `17`.
    pub fn name(&self, sq: Square) -> &str {
        &self.names[sq as usize]
    }

    /// Finds a square by name.
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        self.squares
            .squares()
            .find(|&s| self.names[s as usize] == name)
    }

    /// Display coordinates (file, rank) of a square.
    pub fn coords(&self, sq: Square) -> (i8, i8) {
        self.coords[sq as usize]
    }

    /// Squares one step from `sq` in direction `dir` (two at a fork).
    #[inline(always)]
    pub fn step(&self, sq: Square, dir: usize) -> B {
        self.step[dir * self.size + sq as usize]
    }

    /// Every square along direction `dir` from `sq` on an empty board.
    #[inline(always)]
    pub fn ray(&self, sq: Square, dir: usize) -> B {
        self.ray[dir * self.size + sq as usize]
    }

    /// Squares a rider on `sq` reaches in direction `dir`: empty squares and the first
    /// occupied square on each branch (capture or not is the caller's business).
    #[inline]
    pub fn slide(&self, sq: Square, dir: usize, occupied: B) -> B {
        let i = dir * self.size + sq as usize;
        let ray = self.ray[i];
        let blockers = ray & occupied;
        if blockers.is_empty() {
            return ray;
        }
        match self.shape[i] {
            RayShape::Increasing => ray ^ self.ray[dir * self.size + blockers.lsb() as usize],
            RayShape::Decreasing => ray ^ self.ray[dir * self.size + blockers.msb() as usize],
            RayShape::Walk => self.walk(sq, dir, occupied),
        }
    }

    /// Union of [`slide`](Self::slide) over several directions.
    #[inline]
    pub fn slide_all(&self, sq: Square, dirs: &[usize], occupied: B) -> B {
        let mut out = B::EMPTY;
        for &d in dirs {
            out |= self.slide(sq, d, occupied);
        }
        out
    }

    /// Union of single steps over several directions.
    #[inline]
    pub fn step_all(&self, sq: Square, dirs: &[usize]) -> B {
        let mut out = B::EMPTY;
        for &d in dirs {
            out |= self.step(sq, d);
        }
        out
    }

    /// For every square, the squares reached by the (file, rank) leaps in `offsets`,
    /// computed from display coordinates; holes are never reached (but may be leapt over).
    pub fn leap_table(&self, offsets: &[(i8, i8)]) -> Vec<B> {
        let mut table = vec![B::EMPTY; self.size];
        for s in self.squares.squares() {
            let (f, r) = self.coords(s);
            for t in self.squares.squares() {
                let (tf, tr) = self.coords(t);
                if offsets.contains(&(tf - f, tr - r)) {
                    table[s as usize] |= B::bit(t);
                }
            }
        }
        table
    }

    /// Walks a ray branch by branch, stopping each branch at its first occupied square.
    fn walk(&self, sq: Square, dir: usize, occupied: B) -> B {
        let mut reached = B::EMPTY;
        let mut frontier = self.step(sq, dir);
        while frontier.any() {
            frontier &= !reached;
            reached |= frontier;
            let mut next = B::EMPTY;
            for s in (frontier & !occupied).squares() {
                next |= self.step(s, dir);
            }
            frontier = next;
        }
        reached
    }

    fn classify(&self, sq: Square, dir: usize) -> RayShape {
        let mut cur = sq;
        let (mut up, mut down) = (true, true);
        loop {
            let next = self.step(cur, dir);
            if next.is_empty() {
                break;
            }
            if next.several() {
                return RayShape::Walk;
            }
            let n = next.lsb();
            up &= n > cur;
            down &= n < cur;
            cur = n;
        }
        match (up, down) {
            (true, _) => RayShape::Increasing,
            (_, true) => RayShape::Decreasing,
            _ => RayShape::Walk,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Geometry<u64> {
        GeometryBuilder::grid(8, 8, 8, &COMPASS, &[], |f, r| {
            format!("{}{}", (b'a' + f as u8) as char, r + 1)
        })
        .build()
    }

    #[test]
    fn rook_slide_stops_at_blockers() {
        let g = chess();
        let a1 = g.parse_square("a1").unwrap();
        let a4 = g.parse_square("a4").unwrap();
        let occ = u64::bit(a4);
        let north = g.slide(a1, 0, occ);
        assert_eq!(north.count(), 3);
        assert!(north.has(a4));
        assert_eq!(g.slide(a1, 4, occ), 0);
    }

    #[test]
    fn forked_rays_block_per_branch() {
        // a - b, and b forks north to c and d; c continues to e.
        let mut b = GeometryBuilder::new(5, 1);
        for (i, n) in ["a", "b", "c", "d", "e"].iter().enumerate() {
            b.square(i as Square, n, 0, i as i8);
        }
        b.link(0, 0, 1).link(1, 0, 2).link(1, 0, 3).link(2, 0, 4);
        let g: Geometry<u64> = b.build();
        assert_eq!(g.ray(0, 0), 0b11110);
        // blocking d leaves the c-e branch open
        assert_eq!(g.slide(0, 0, 0b01000), 0b11110);
        // blocking c cuts e
        assert_eq!(g.slide(0, 0, 0b00100), 0b01110);
    }

    #[test]
    fn leap_table_from_coordinates() {
        let g = chess();
        let knight = g.leap_table(&KNIGHT_LEAPS);
        assert_eq!(knight[g.parse_square("a1").unwrap() as usize].count(), 2);
        assert_eq!(knight[g.parse_square("d4").unwrap() as usize].count(), 8);
    }
}
