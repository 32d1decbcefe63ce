//! The transposition table's memory: zeroed words straight from the system. On Linux a
//! table of 4 to 128 MB is mapped anonymously, offered for transparent huge pages (2 MB
//! instead of 4 KB on x86-64) where the system leaves that to the program
//! (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise`, a common default), and
//! its pages are faulted in at once (`MADV_POPULATE_WRITE`, Linux 5.14 and later), when the
//! table is made: at `setoption name Hash`, `ucinewgame` or XBoard `new`, off the clock,
//! and not in the first search. A probe of such a table then rarely misses the processor's
//! page-translation cache, which otherwise stalls most probes: the table's lines are far
//! apart by design (at Hash 64 on small pages the search ran about 13% slower). Elsewhere,
//! or for a small table, the allocator gives zeroed memory (`calloc`-style, through
//! `bytemuck`); so does a table larger than 128 MB, which would take too long to fault in.
//!
//! A map always gives fresh zero pages; the allocator may hand back memory it has freed,
//! which it must first write zeros over (and which is no longer offered for huge pages).

use std::ops::Deref;
use std::sync::atomic::AtomicU64;

/// Tables smaller than this gain little from huge pages and come from the allocator.
#[cfg(target_os = "linux")]
const LEAST_BYTES: usize = 4 << 20;
/// Tables larger than this come from the allocator on small pages, faulted in as the
/// search first writes them: the system zeroes every page it faults in, 2 MB at a time for
/// a huge page, so a huge-page table takes time in proportion to its size when it is made
/// (a 2 GB table, faulted in by its first search, took `go movetime 20` to 445 ms). Up to
/// this size that is about 10 ms per `ucinewgame` (up to 250 ms the first time, while the
/// system gathers free 2 MB pieces).
#[cfg(target_os = "linux")]
const MOST_BYTES: usize = 128 << 20;

/// A table's words, all zero when made.
pub(crate) enum Words {
    /// Mapped from the system.
    #[cfg(target_os = "linux")]
    Mapped(memmap2::MmapMut),
    /// From the allocator.
    Allocated(Box<[AtomicU64]>),
}

impl Words {
    /// `len` zeroed words, or `None` when the system cannot give them.
    pub(crate) fn zeroed(len: usize) -> Option<Words> {
        #[cfg(target_os = "linux")]
        if (LEAST_BYTES..=MOST_BYTES).contains(&len.saturating_mul(8)) {
            if let Ok(map) = memmap2::MmapMut::map_anon(len * 8) {
                if let Err(e) = map.advise(memmap2::Advice::HugePage) {
                    log::debug!("no huge pages for the table: {e}");
                }
                // fault every page in now, off the clock, rather than in the first search
                // (an older system refuses: its pages are faulted in as they are used)
                if let Err(e) = map.advise(memmap2::Advice::PopulateWrite) {
                    log::debug!("table pages left to fault in as used: {e}");
                }
                return Some(Words::Mapped(map));
            }
        }
        bytemuck::allocation::try_zeroed_slice_box::<AtomicU64>(len)
            .ok()
            .map(Words::Allocated)
    }
}

impl Default for Words {
    /// No words (what a table leaves behind when its memory is freed apart).
    fn default() -> Words {
        Words::Allocated(Box::default())
    }
}

impl Deref for Words {
    type Target = [AtomicU64];

    #[inline(always)]
    fn deref(&self) -> &[AtomicU64] {
        match self {
            #[cfg(target_os = "linux")]
            Words::Mapped(map) => {
                // SAFETY: the map is page-aligned (more than `AtomicU64` needs), holds
                // `map.len()` initialized bytes (zero pages at first) and lives as long as
                // `self`; `AtomicU64` has the layout of `u64`, any bits are a valid value,
                // and the map's own byte views are never used, so every access goes
                // through these atomics.
                unsafe { std::slice::from_raw_parts(map.as_ptr().cast(), map.len() / 8) }
            }
            Words::Allocated(words) => words,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn words_start_zeroed_and_keep_what_is_stored() {
        for len in [8, 3 << 20, (128 << 20) / 8 + 8] {
            let words = Words::zeroed(len).unwrap();
            assert_eq!(words.len(), len);
            assert!(words
                .iter()
                .step_by(4099)
                .all(|w| w.load(Ordering::Relaxed) == 0));
            words[len - 1].store(7, Ordering::Relaxed);
            words[len / 2].store(9, Ordering::Relaxed);
            assert_eq!(words[len - 1].load(Ordering::Relaxed), 7);
            assert_eq!(words[len / 2].load(Ordering::Relaxed), 9);
        }
        assert!(Words::default().is_empty());
    }

    /// Only tables from `LEAST_BYTES` to `MOST_BYTES` (both included) are mapped.
    #[cfg(target_os = "linux")]
    #[test]
    fn only_middle_sizes_are_mapped() {
        let cases = [
            (8, false),
            (LEAST_BYTES / 8 - 1, false),
            (LEAST_BYTES / 8, true),
            (3 << 20, true),
            (MOST_BYTES / 8, true),
            (MOST_BYTES / 8 + 1, false),
        ];
        for (len, mapped) in cases {
            let words = Words::zeroed(len).unwrap();
            assert_eq!(matches!(words, Words::Mapped(_)), mapped, "{len} words");
        }
    }
}
