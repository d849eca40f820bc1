//! Which build of the register kernel runs: portable, AVX2 or AVX-512, each the same
//! [`kernel`] compiled for its instruction set, chosen at run time from the CPU's flags and the
//! product's shape.

#[cfg(any(
    all(feature = "std", target_arch = "x86_64", not(miri)),
    all(feature = "alloc", miri)
))]
use super::tiles::{TILE_ROWS, tiles};
use super::{Matrix, kernel};
use crate::Reduce;

/// Runs the AVX-512 build's tiles where [`avx512_tiles`] holds, else the AVX-512 build when the
/// CPU has AVX-512F and FMA, the product is blocks of four rows and `b`'s rows are less than 4 KiB apart
/// ([`avx512_blocks`]), else the AVX2 build when it has AVX2 and FMA (cached flags; Miri, which
/// cannot run them, and builds without `std` take the portable one, and Miri the tiles' portable
/// build where their shape fits). With rows 4 KiB apart or more, every load of `b` in a step
/// falls in the same cache set and the AVX-512 build, a 64-byte load a row, took up to 1.85x the
/// AVX2 build's time (BENCHMARKS.md, "AVX-512 where the rows of `B` are close").
#[inline(always)]
pub(super) fn dispatch<T: Reduce, const W: usize, const H: usize, const Q: usize>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    #[cfg(all(feature = "alloc", miri))]
    if tiles_shape::<T>(m, n, &b) {
        return tiles_portable::<T, W, H, Q>(m, k, n, a, b, c);
    }
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    {
        if avx512_tiles::<T>(m, n, &b) {
            // SAFETY: the tiles' build only requires AVX-512F and FMA, which the CPU was just
            // found to have.
            return unsafe { tiles_avx512::<T, W, H, Q>(m, k, n, a, b, c) };
        }
        if avx512_blocks::<T>(m, n, &b) || avx512_stream::<T>(m, k, n, &b) {
            // SAFETY: the AVX-512 build only requires AVX-512F and FMA, which the CPU was just
            // found to have.
            return unsafe { blocks_avx512::<T, W, H, Q>(m, k, n, a, b, c) };
        }
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
        {
            // SAFETY: the AVX2 build only requires AVX2 and FMA, which the CPU was just found
            // to have.
            return unsafe { blocks_avx2::<T, W, H, Q>(m, k, n, a, b, c) };
        }
    }
    blocks_portable::<T, W, H, Q>(m, k, n, a, b, c);
}

/// One build of [`kernel`] a function: each its own instance, compiled for its instruction set
/// (`#[target_feature]`), never inlined into a caller compiled for less.
macro_rules! builds {
    ($($(#[$attr:meta])* $name:ident => $body:ident, fused: $fused:literal;)*) => {$(
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
            $body::<T, W, H, Q, $fused>(m, k, n, a, b, c);
        }
    )*};
}

builds! {
    blocks_portable => kernel, fused: false;
    #[cfg(all(feature = "alloc", miri))]
    tiles_portable => tiles, fused: false;
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    #[target_feature(enable = "avx2,fma")]
    blocks_avx2 => kernel, fused: true;
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    #[target_feature(enable = "avx512f,fma")]
    blocks_avx512 => kernel, fused: true;
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    #[target_feature(enable = "avx512f,fma")]
    tiles_avx512 => tiles, fused: true;
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
            && std::arch::is_x86_feature_detected!("fma")
    }
    #[cfg(not(all(feature = "std", target_arch = "x86_64", not(miri))))]
    {
        let _ = (m, n, b);
        false
    }
}

/// Whether [`dispatch`] runs the AVX-512 build for one row streaming `b` ([`super::stream`]):
/// the CPU has AVX-512F and FMA. Its loads run along `b`'s rows, so their distance does not
/// matter as it does for the blocks.
#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
#[inline(always)]
fn avx512_stream<T>(m: usize, k: usize, n: usize, b: &Matrix<'_, T>) -> bool {
    super::stream::fits(m, k, n, b)
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("fma")
}

/// Whether [`dispatch`] runs the AVX-512 build's tiles ([`tiles`]): the CPU has AVX-512F and
/// FMA and the product's shape fits them ([`tiles_shape`]). Then at every size: the packed
/// double panel streams from L2 or memory in order, and measured faster than matrixmultiply
/// up to `[1024, 1024] x [1024, 1024]` and `k` = 16384 (BENCHMARKS.md, "Tiles of eight rows").
#[cfg(feature = "alloc")]
#[inline(always)]
pub(super) fn avx512_tiles<T>(m: usize, n: usize, b: &Matrix<'_, T>) -> bool {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    {
        tiles_shape::<T>(m, n, b)
            && std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("fma")
    }
    #[cfg(not(all(feature = "std", target_arch = "x86_64", not(miri))))]
    {
        let _ = (m, n, b);
        false
    }
}

/// Whether the tiles take a product of `m` rows by `b` (`n` columns): `b`'s rows contiguous, a
/// double panel of columns, and a tile of rows, or two rows or more where `b`'s rows are less
/// than 4 KiB apart (with fewer than two tiles `b` is read in place, which such rows slow down:
/// [`avx512_blocks`]). A single row stays with the blocks, which take it by four panels at a
/// time.
#[cfg(any(
    all(feature = "std", target_arch = "x86_64", not(miri)),
    all(feature = "alloc", miri)
))]
#[inline(always)]
fn tiles_shape<T>(m: usize, n: usize, b: &Matrix<'_, T>) -> bool {
    let near = b.rows.unsigned_abs().saturating_mul(size_of::<T>()) < 4096;
    b.cols == 1 && n >= 2 * super::lanes::<T>() && (m >= TILE_ROWS || (m >= 2 && near))
}
