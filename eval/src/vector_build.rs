//! Runs a kernel compiled for the widest vector instructions the processor has: on x86-64
//! with AVX2, a copy of the kernel built for AVX2 (256-bit lanes), elsewhere the portable
//! build. A kernel's `run` is `#[inline(always)]`, as is all it calls that should share the
//! wider lanes, so the whole kernel is compiled into that copy; the results are the same
//! integers either way. The one `unsafe` of this crate is here.

/// A piece of code to compile for several instruction sets: implement `run` with
/// `#[inline(always)]`.
pub(crate) trait Kernel {
    /// What the kernel gives back.
    type Output;
    /// The kernel's work.
    fn run(self) -> Self::Output;
}

/// Runs `kernel` in the build for the widest vectors the processor has.
#[inline(always)]
pub(crate) fn widest<K: Kernel>(kernel: K) -> K::Output {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, as just detected.
        #[allow(unsafe_code)]
        return unsafe { with_avx2(kernel) };
    }
    kernel.run()
}

/// `kernel` compiled for AVX2.
///
/// # Safety
/// Only on a processor with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(unsafe_code)]
unsafe fn with_avx2<K: Kernel>(kernel: K) -> K::Output {
    kernel.run()
}
