//! Each thread's memo of the accumulators of the last position its network evaluated: the
//! inputs active from each perspective (as bit sets, [`InputSet`]) and the hidden sums they
//! give. The next position's accumulators are the memo's with the rows of the inputs that
//! went taken out and those that came added, found set by set with an exclusive or
//! (consecutive evaluations of a search differ by a move or a few). Never changes a result:
//! only how it is reached.

use std::cell::RefCell;

use escalade_core::Color;

use crate::{vector_build, Evaluate, InputSet};

/// One perspective's accumulator and the inputs it sums.
#[derive(Default)]
struct View {
    sets: Vec<InputSet>,
    sums: Vec<i16>,
}

/// What the memo needs of a network: its key, its width, its biases and its input rows.
pub(crate) trait Rows {
    /// A key two networks share only when they compute the same.
    fn key(&self) -> u64;
    /// Hidden units per perspective.
    fn hidden(&self) -> usize;
    /// The hidden biases: an accumulator with no input active.
    fn biases(&self) -> &[i16];
    /// Adds input `input`'s row to `acc`.
    fn add_row(&self, acc: &mut [i16], input: u16);
    /// Takes input `input`'s row from `acc`.
    fn sub_row(&self, acc: &mut [i16], input: u16);
}

#[derive(Default)]
struct Memo {
    /// The network the views belong to ([`Rows::key`]).
    owner: u64,
    views: [View; 2],
    /// The input sets of the position being evaluated.
    scratch: Vec<InputSet>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Brings this thread's accumulators to `pos` (in the build for the widest vectors the
/// processor has) and calls `f` with White's and Black's.
#[inline(always)]
pub(crate) fn with_accumulators<P: Evaluate, R>(
    net: &impl Rows,
    pos: &P,
    f: impl FnOnce(&[i16], &[i16]) -> R,
) -> R {
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        let memo = &mut *memo;
        vector_build::widest(BringViews { net, pos, memo });
        f(&memo.views[0].sums, &memo.views[1].sums)
    })
}

/// The memo's update to a position, as a kernel for the widest vectors.
struct BringViews<'a, N, P> {
    net: &'a N,
    pos: &'a P,
    memo: &'a mut Memo,
}

impl<N: Rows, P: Evaluate> vector_build::Kernel for BringViews<'_, N, P> {
    type Output = ();

    #[inline(always)]
    fn run(self) {
        let Self { net, pos, memo } = self;
        let owner = net.key();
        if memo.owner != owner {
            memo.owner = owner;
            memo.views = Default::default();
        }
        memo.bring_view(net, pos, Color::White);
        memo.bring_view(net, pos, Color::Black);
    }
}

impl Memo {
    /// Brings `side`'s view to `pos`.
    #[inline(always)]
    fn bring_view<P: Evaluate>(&mut self, net: &impl Rows, pos: &P, side: Color) {
        self.scratch.clear();
        pos.net_input_sets(side, &mut self.scratch);
        let view = &mut self.views[side.index()];
        update(net, view, &self.scratch);
        std::mem::swap(&mut view.sets, &mut self.scratch);
    }
}

/// Brings `view.sums` from `view.sets` to `now`; the caller stores `now`. The two lists
/// are walked together by base: a base in both gives what went and came by an exclusive
/// or, a base in one list alone went or came whole (exact in any order of bases, quickest
/// when both lists have the same, set for set).
#[inline(always)]
fn update(net: &impl Rows, view: &mut View, now: &[InputSet]) {
    let sums = &mut view.sums;
    if sums.len() != net.hidden() {
        sums.clear();
        sums.extend_from_slice(net.biases());
        for set in now {
            add_rows(net, sums, set.base, set.bits);
        }
        return;
    }
    let was = &view.sets;
    // the usual case: the same bases in the same order, most sets unchanged; the walk
    // below takes over from the first base that differs
    let same = was.iter().zip(now).take_while(|(a, b)| a.base == b.base);
    let mut common = 0;
    for (a, b) in same {
        let changed = a.bits ^ b.bits;
        if changed != 0 {
            sub_rows(net, sums, a.base, a.bits & changed);
            add_rows(net, sums, b.base, b.bits & changed);
        }
        common += 1;
    }
    let (mut i, mut j) = (common, common);
    loop {
        match (was.get(i), now.get(j)) {
            (Some(a), Some(b)) if a.base == b.base => {
                sub_rows(net, sums, a.base, a.bits & !b.bits);
                add_rows(net, sums, b.base, b.bits & !a.bits);
                i += 1;
                j += 1;
            }
            (Some(a), Some(b)) if a.base < b.base => {
                sub_rows(net, sums, a.base, a.bits);
                i += 1;
            }
            (Some(a), None) => {
                sub_rows(net, sums, a.base, a.bits);
                i += 1;
            }
            (_, Some(b)) => {
                add_rows(net, sums, b.base, b.bits);
                j += 1;
            }
            (None, None) => return,
        }
    }
}

/// Adds the rows of the inputs `base + i`, for each bit `i` of `bits`, to `sums`.
#[inline(always)]
fn add_rows(net: &impl Rows, sums: &mut [i16], base: u16, mut bits: u64) {
    while bits != 0 {
        net.add_row(sums, base + bits.trailing_zeros() as u16);
        bits &= bits - 1;
    }
}

/// Takes the rows of the inputs `base + i`, for each bit `i` of `bits`, from `sums`.
#[inline(always)]
fn sub_rows(net: &impl Rows, sums: &mut [i16], base: u16, mut bits: u64) {
    while bits != 0 {
        net.sub_row(sums, base + bits.trailing_zeros() as u16);
        bits &= bits - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{update, Rows, View};
    use crate::InputSet;

    /// One hidden unit whose row for input `i` is `i + 1`: the sum names the inputs.
    struct Counting;

    impl Rows for Counting {
        fn key(&self) -> u64 {
            1
        }
        fn hidden(&self) -> usize {
            1
        }
        fn biases(&self) -> &[i16] {
            &[0]
        }
        fn add_row(&self, acc: &mut [i16], input: u16) {
            acc[0] += input as i16 + 1;
        }
        fn sub_row(&self, acc: &mut [i16], input: u16) {
            acc[0] -= input as i16 + 1;
        }
    }

    fn fresh(sets: &[InputSet]) -> i16 {
        let mut list = Vec::new();
        InputSet::expand(sets, &mut list);
        list.iter().map(|&i| i as i16 + 1).sum()
    }

    #[test]
    fn an_update_gives_the_sums_of_the_new_sets_whatever_their_bases() {
        let set = InputSet::new;
        let steps: [&[InputSet]; 5] = [
            &[set(0, 0b11), set(64, 0b1)],
            &[set(0, 0b110), set(64, 0b1)],
            &[set(0, 0b110), set(128, 0b1000), set(192, 1)],
            &[set(64, 0b1), set(192, 0b10)],
            &[set(192, 0b10), set(0, 0b1)],
        ];
        let mut view = View::default();
        for now in steps {
            update(&Counting, &mut view, now);
            view.sets = now.to_vec();
            assert_eq!(view.sums, [fresh(now)], "{now:?}");
        }
    }
}
