//! Large tables on huge pages: asks Linux to back a table with transparent huge pages
//! (2 MB instead of 4 KB on x86-64) where the system leaves that to the program
//! (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise`, a common default).
//! A probe of a large table then rarely misses the processor's page-translation cache,
//! which otherwise stalls most probes: the table's lines are far apart by design.
//!
//! Only advice: the contents stay as they are, and where the system says no (another
//! system, huge pages off, an old kernel) nothing changes but the speed.

/// Tables smaller than this gain little from huge pages and are left alone.
const LEAST_BYTES: usize = 4 << 20;

/// Advises the system to back the memory of `table` with huge pages (from its first
/// 4 KB page boundary to its last); the pages not yet touched get them when first written.
pub(crate) fn advise_huge_pages<T>(table: &[T]) {
    let bytes = std::mem::size_of_val(table);
    if bytes < LEAST_BYTES {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = table.as_ptr() as usize;
        let first = start.next_multiple_of(PAGE);
        let len = (start + bytes - first) / PAGE * PAGE;
        // SAFETY: MADV_HUGEPAGE only changes how the kernel backs these pages, never their
        // contents, and the range lies within `table`'s own memory.
        let done = unsafe { libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
        if done != 0 {
            log::debug!(
                "no huge pages for the table: {}",
                std::io::Error::last_os_error()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_keeps_the_contents() {
        let mut table = vec![0u64; (LEAST_BYTES / 8) * 2];
        table[12_345] = 7;
        advise_huge_pages(&table);
        table[1_000_000] = 9;
        assert_eq!((table[12_345], table[1_000_000], table[0]), (7, 9, 0));
        advise_huge_pages(&table[..10]);
    }
}
