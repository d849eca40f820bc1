//! Which build of the register kernel runs: portable, AVX2 or AVX-512, each the same
//! [`kernel`] compiled for its instruction set, chosen at run time from the CPU's flags and the
//! product's shape.

use super::{Matrix, kernel};
use crate::Reduce;

/// Runs the AVX-512 build when the CPU has AVX-512F, the product is blocks of four rows and
/// `b`'s rows are less than 4 KiB apart ([`avx512_blocks`]), else the AVX2 build when it has
/// AVX2 (cached flags; Miri, which cannot run either, and builds without `std` take the
/// portable one). With rows 4 KiB apart or more, every load of `b` in a step falls in the same
/// cache set and the AVX-512 build, a 64-byte load a row, took up to 1.85x the AVX2 build's
/// time (BENCHMARKS.md, "AVX-512 where the rows of `B` are close").
#[inline(always)]
pub(super) fn dispatch<T: Reduce, const W: usize, const H: usize, const Q: usize>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    {
        if avx512_blocks::<T>(m, n, &b) {
            // SAFETY: the AVX-512 build only requires AVX-512F, which the CPU was just found
            // to have.
            return unsafe { blocks_avx512::<T, W, H, Q>(m, k, n, a, b, c) };
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the AVX2 build only requires AVX2, which the CPU was just found to have.
            return unsafe { blocks_avx2::<T, W, H, Q>(m, k, n, a, b, c) };
        }
    }
    blocks_portable::<T, W, H, Q>(m, k, n, a, b, c);
}

/// One build of [`kernel`] a function: each its own instance, compiled for its instruction set
/// (`#[target_feature]`), never inlined into a caller compiled for less.
macro_rules! builds {
    ($($(#[$attr:meta])* $name:ident;)*) => {$(
        $(#[$attr])*
        #[inline(never)]
        fn $name<T: Reduce, const W: usize, const H: usize, const Q: usize>(
            m: usize,
            k: usize,
            n: usize,
            a: Matrix<'_, T>,
            b: Matrix<'_, T>,
            c: &mut [T],
        ) {
            kernel::<T, W, H, Q>(m, k, n, a, b, c);
        }
    )*};
}

builds! {
    blocks_portable;
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    #[target_feature(enable = "avx2")]
    blocks_avx2;
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    #[target_feature(enable = "avx512f")]
    blocks_avx512;
}

/// Whether [`dispatch`] runs the AVX-512 build: the CPU has AVX-512F, the product is blocks of
/// four rows of `C` by full panels (one 64-byte register a row; not one row by four panels,
/// narrower panels or dot products, where that build measured no faster or slower) and `b`'s
/// rows are less than 4 KiB apart.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(super) fn avx512_blocks<T>(m: usize, n: usize, b: &Matrix<'_, T>) -> bool {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    {
        let near = b
            .rows
            .unsigned_abs()
            .saturating_mul(core::mem::size_of::<T>())
            < 4096;
        b.cols == 1
            && m >= super::ROWS
            && n > super::lanes::<T>() / 2
            && near
            && std::arch::is_x86_feature_detected!("avx512f")
    }
    #[cfg(not(all(feature = "std", target_arch = "x86_64", not(miri))))]
    {
        let _ = (m, n, b);
        false
    }
}
