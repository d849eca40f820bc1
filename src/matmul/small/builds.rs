//! Which build of the register kernel runs: portable, AVX2 or AVX-512, each the same
//! [`kernel`] compiled for its instruction set, chosen at run time from the CPU's flags and the
//! product's shape.

use super::dots::DOT_LANES;
#[cfg(any(
    all(feature = "std", target_arch = "x86_64", not(miri)),
    all(feature = "alloc", miri)
))]
use super::tiles::{TILE_ROWS, tiles};
use super::{Matrix, kernel};
use crate::Reduce;
use crate::simd::{Portable, Simd};

/// The tokens ([`crate::simd`]) each build of the kernel runs with, for an element's widths:
/// [`Arrays`] for every element (arrays of lanes, vectorised by the compiler for the build's
/// instruction set), [`Vectors`] for `f32` and `f64` (`core::arch` vectors where the CPU has
/// them).
pub(crate) trait Family<T: Reduce, const W: usize, const H: usize, const Q: usize> {
    /// The token of the AVX2 build.
    type Avx2: Lanes<T, W, H, Q>;
    /// The token of the AVX-512 builds.
    type Avx512: Lanes<T, W, H, Q>;
}

/// Every width a build of the kernel uses: a panel (`W`), its half and its quarter, and the dot
/// products' lanes.
pub(crate) trait Lanes<T: Reduce, const W: usize, const H: usize, const Q: usize>:
    Simd<T, W> + Simd<T, H> + Simd<T, Q> + Simd<T, { DOT_LANES }>
{
}

impl<T: Reduce, S, const W: usize, const H: usize, const Q: usize> Lanes<T, W, H, Q> for S where
    S: Simd<T, W> + Simd<T, H> + Simd<T, Q> + Simd<T, { DOT_LANES }>
{
}

/// Arrays of lanes in every build (integers, and every element where no vector build exists).
pub(crate) struct Arrays;

impl<T: Reduce, const W: usize, const H: usize, const Q: usize> Family<T, W, H, Q> for Arrays {
    type Avx2 = Portable;
    type Avx512 = Portable;
}

/// `core::arch` vectors in the AVX2 and AVX-512 builds (`f32` and `f64`; the products that take
/// them run with `alloc`).
#[cfg(feature = "alloc")]
pub(crate) struct Vectors;

#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
impl Family<f32, 16, 8, 4> for Vectors {
    type Avx2 = crate::simd::Avx2;
    type Avx512 = crate::simd::Avx512;
}

#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
impl Family<f64, 8, 4, 2> for Vectors {
    type Avx2 = crate::simd::Avx2;
    type Avx512 = crate::simd::Avx512;
}

#[cfg(all(
    feature = "alloc",
    not(all(feature = "std", target_arch = "x86_64", not(miri)))
))]
impl<T: Reduce, const W: usize, const H: usize, const Q: usize> Family<T, W, H, Q> for Vectors {
    type Avx2 = Portable;
    type Avx512 = Portable;
}

/// `f32` and `f64`: [`super::small_gemm`] with the [`Vectors`] builds.
#[cfg(feature = "alloc")]
pub(crate) trait Float: Reduce {
    /// `c = a · b` when [`super::small_fits`].
    fn small_gemm(
        m: usize,
        k: usize,
        n: usize,
        a: Matrix<'_, Self>,
        b: Matrix<'_, Self>,
        c: &mut [Self],
    );
}

#[cfg(feature = "alloc")]
impl Float for f32 {
    #[inline]
    fn small_gemm(
        m: usize,
        k: usize,
        n: usize,
        a: Matrix<'_, f32>,
        b: Matrix<'_, f32>,
        c: &mut [f32],
    ) {
        dispatch::<f32, Vectors, 16, 8, 4>(m, k, n, a, b, c);
    }
}

#[cfg(feature = "alloc")]
impl Float for f64 {
    #[inline]
    fn small_gemm(
        m: usize,
        k: usize,
        n: usize,
        a: Matrix<'_, f64>,
        b: Matrix<'_, f64>,
        c: &mut [f64],
    ) {
        dispatch::<f64, Vectors, 8, 4, 2>(m, k, n, a, b, c);
    }
}

/// Runs the AVX-512 build's tiles where [`avx512_tiles`] holds, else the AVX-512 build when the
/// CPU has AVX-512F and FMA, the product is blocks of four rows and `b`'s rows are less than 4 KiB apart
/// ([`avx512_blocks`]), else the AVX2 build when it has AVX2 and FMA (cached flags; Miri, which
/// cannot run them, and builds without `std` take the portable one, and Miri the tiles' portable
/// build where their shape fits). With rows 4 KiB apart or more, every load of `b` in a step
/// falls in the same cache set and the AVX-512 build, a 64-byte load a row, took up to 1.85x the
/// AVX2 build's time (BENCHMARKS.md, "AVX-512 where the rows of `B` are close").
#[inline(always)]
pub(super) fn dispatch<
    T: Reduce,
    F: Family<T, W, H, Q>,
    const W: usize,
    const H: usize,
    const Q: usize,
>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    #[cfg(all(feature = "alloc", miri))]
    if tiles_shape::<T>(m, n, &b) {
        return tiles_portable::<T, Portable, W, H, Q>(m, k, n, a, b, c);
    }
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    {
        if avx512_tiles::<T>(m, n, &b) {
            // SAFETY: the build requires AVX-512F and FMA, which the CPU was just found to
            // have, and runs with the AVX-512 token.
            return unsafe { tiles_avx512::<T, F::Avx512, W, H, Q>(m, k, n, a, b, c) };
        }
        if avx512_blocks::<T>(m, n, &b) || avx512_stream::<T>(m, k, n, &b) {
            // SAFETY: as above.
            return unsafe { blocks_avx512::<T, F::Avx512, W, H, Q>(m, k, n, a, b, c) };
        }
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
        {
            // SAFETY: the build requires AVX2 and FMA, which the CPU was just found to have,
            // and runs with the AVX2 token.
            return unsafe { blocks_avx2::<T, F::Avx2, W, H, Q>(m, k, n, a, b, c) };
        }
    }
    blocks_portable::<T, Portable, W, H, Q>(m, k, n, a, b, c);
}

/// One build of [`kernel`] a function: each its own instance, compiled for its instruction set
/// (`#[target_feature]`), never inlined into a caller compiled for less, its lanes those of the
/// token `S`.
macro_rules! builds {
    ($($(#[$attr:meta])* $name:ident => $body:ident;)*) => {$(
        $(#[$attr])*
        #[inline(never)]
        fn $name<T: Reduce, S: Lanes<T, W, H, Q>, const W: usize, const H: usize, const Q: usize>(
            m: usize,
            k: usize,
            n: usize,
            a: Matrix<'_, T>,
            b: Matrix<'_, T>,
            c: &mut [T],
        ) {
            // SAFETY: [`dispatch`] runs a build only where the CPU has its features, with a
            // token that needs no more than those.
            let s = unsafe { S::assume() };
            $body::<T, S, W, H, Q>(s, m, k, n, a, b, c);
        }
    )*};
}

builds! {
    blocks_portable => kernel;
    #[cfg(all(feature = "alloc", miri))]
    tiles_portable => tiles;
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    #[target_feature(enable = "avx2,fma")]
    blocks_avx2 => kernel;
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    #[target_feature(enable = "avx512f,fma")]
    blocks_avx512 => kernel;
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    #[target_feature(enable = "avx512f,fma")]
    tiles_avx512 => tiles;
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
