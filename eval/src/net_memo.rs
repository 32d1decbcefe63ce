//! Each thread's memo of the accumulators of the last position its network evaluated: the
//! inputs active from each perspective (sorted) and the hidden sums they give. The next
//! position's accumulators are the memo's with the rows of the inputs that went taken out
//! and those that came added (consecutive evaluations of a search differ by a move or a
//! few), or built afresh when more inputs differ than the position has. Never changes a
//! result: only how it is reached.

use std::cell::RefCell;

use escalade_core::Color;

use crate::{vector_build, Evaluate};

/// One perspective's accumulator and the inputs it sums.
#[derive(Default)]
struct View {
    inputs: Vec<u16>,
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
    /// The inputs of the position being evaluated, and what differs from the view's.
    scratch: Vec<u16>,
    gone: Vec<u16>,
    came: Vec<u16>,
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
        pos.net_inputs(side, &mut self.scratch);
        if !P::NET_INPUTS_SORTED {
            self.scratch.sort_unstable();
        }
        let view = &mut self.views[side.index()];
        update(net, view, &self.scratch, &mut self.gone, &mut self.came);
        std::mem::swap(&mut view.inputs, &mut self.scratch);
    }
}

/// Brings `view.sums` from `view.inputs` to `now` (sorted); the caller stores `now`.
/// `gone` and `came` are scratch lists.
#[inline(always)]
fn update(net: &impl Rows, view: &mut View, now: &[u16], gone: &mut Vec<u16>, came: &mut Vec<u16>) {
    gone.clear();
    came.clear();
    differences(&view.inputs, now, gone, came);
    if view.sums.len() != net.hidden() || gone.len() + came.len() > now.len() {
        view.sums.clear();
        view.sums.extend_from_slice(net.biases());
        for &i in now {
            net.add_row(&mut view.sums, i);
        }
        return;
    }
    for &i in gone.iter() {
        net.sub_row(&mut view.sums, i);
    }
    for &i in came.iter() {
        net.add_row(&mut view.sums, i);
    }
}

/// Walks two sorted lists together, appending to `gone` the inputs only in `was` and to
/// `came` those only in `now` (a repeated input counts each time).
#[inline(always)]
fn differences(was: &[u16], now: &[u16], gone: &mut Vec<u16>, came: &mut Vec<u16>) {
    let (mut i, mut j) = (0, 0);
    while i < was.len() && j < now.len() {
        let (a, b) = (was[i], now[j]);
        if a == b {
            i += 1;
            j += 1;
        } else if a < b {
            gone.push(a);
            i += 1;
        } else {
            came.push(b);
            j += 1;
        }
    }
    gone.extend_from_slice(&was[i..]);
    came.extend_from_slice(&now[j..]);
}

#[cfg(test)]
mod tests {
    use super::differences;

    #[test]
    fn the_differences_are_what_went_and_what_came() {
        let (mut gone, mut came) = (Vec::new(), Vec::new());
        differences(&[1, 3, 5, 5, 9], &[2, 3, 5, 10], &mut gone, &mut came);
        assert_eq!((gone, came), (vec![1, 5, 9], vec![2, 10]));
    }
}
