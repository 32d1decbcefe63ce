//! Each thread's memo of the accumulators of the last position its network evaluated: the
//! inputs active from each perspective (sorted) and the hidden sums they give. The next
//! position's accumulators are the memo's with the rows of the inputs that went taken out
//! and those that came added (consecutive evaluations of a search differ by a move or a
//! few), or built afresh when more inputs differ than the position has. Never changes a
//! result: only how it is reached.

use std::cell::RefCell;

use escalade_core::Color;

use crate::net::Network;
use crate::Evaluate;

/// One perspective's accumulator and the inputs it sums.
#[derive(Default)]
struct View {
    inputs: Vec<u16>,
    sums: Vec<i16>,
}

#[derive(Default)]
struct Memo {
    /// The network the views belong to ([`Network::key`]).
    owner: u64,
    views: [View; 2],
    scratch: Vec<u16>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Brings this thread's accumulators to `pos` and calls `f` with White's and Black's.
pub(crate) fn with_accumulators<P: Evaluate, R>(
    net: &Network,
    pos: &P,
    f: impl FnOnce(&[i16], &[i16]) -> R,
) -> R {
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        let memo = &mut *memo;
        let owner = net.key();
        if memo.owner != owner {
            memo.owner = owner;
            memo.views = Default::default();
        }
        for (side, view) in [Color::White, Color::Black]
            .into_iter()
            .zip(&mut memo.views)
        {
            memo.scratch.clear();
            pos.net_inputs(side, &mut memo.scratch);
            memo.scratch.sort_unstable();
            update(net, view, &memo.scratch);
            std::mem::swap(&mut view.inputs, &mut memo.scratch);
        }
        f(&memo.views[0].sums, &memo.views[1].sums)
    })
}

/// Brings `view.sums` from `view.inputs` to `now` (sorted); the caller stores `now`.
fn update(net: &Network, view: &mut View, now: &[u16]) {
    let changes = differences(&view.inputs, now);
    if view.sums.len() != net.hidden() || changes > now.len() {
        view.sums.clear();
        view.sums.extend_from_slice(net.biases());
        now.iter().for_each(|&i| net.add_row(&mut view.sums, i));
        return;
    }
    merge(&view.inputs, now, |input, added| {
        if added {
            net.add_row(&mut view.sums, input);
        } else {
            net.sub_row(&mut view.sums, input);
        }
    });
}

/// Inputs in one sorted list and not the other.
fn differences(was: &[u16], now: &[u16]) -> usize {
    let mut count = 0;
    merge(was, now, |_, _| count += 1);
    count
}

/// Walks two sorted lists, calling `f(input, true)` for an input only in `now` and
/// `f(input, false)` for one only in `was` (a repeated input counts each time).
fn merge(was: &[u16], now: &[u16], mut f: impl FnMut(u16, bool)) {
    let (mut i, mut j) = (0, 0);
    loop {
        match (was.get(i), now.get(j)) {
            (None, None) => return,
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
            }
            (Some(&a), Some(&b)) if a < b => {
                f(a, false);
                i += 1;
            }
            (Some(&a), None) => {
                f(a, false);
                i += 1;
            }
            (_, Some(&b)) => {
                f(b, true);
                j += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::merge;

    #[test]
    fn merge_names_what_went_and_what_came() {
        let mut seen = Vec::new();
        merge(&[1, 3, 5, 5, 9], &[2, 3, 5, 10], |i, added| {
            seen.push((i, added))
        });
        assert_eq!(
            seen,
            [(1, false), (2, true), (5, false), (9, false), (10, true)]
        );
    }
}
