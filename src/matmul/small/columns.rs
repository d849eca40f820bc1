//! Products whose right operand has a few columns (2 to 8 `f32`, 2 to 4 `f64`) and more than a
//! few rows, on AVX-512: a batch of rows through a layer of a few outputs. The blocks' panel
//! would fill a quarter of each vector or less; here every lane works.
//!
//! `B` is copied once into 64-byte vectors, each holding `G` rows of `B` by `N` columns
//! (`G * N` lanes, `N` the columns rounded up to 2, 4 or 8), laid out column by column: lane
//! `q * G + g` is entry `[s * G + g, q]` of vector `s`, zero past `k` and past `n`. `G`
//! consecutive entries of a row of `A` broadcast to every group of `G` lanes (one load, no
//! shuffle) then multiply the whole vector: a row of `C` is `k / G` fused multiply-adds into one
//! vector, eight rows at a time so that the adds do not wait on each other. At the end, each
//! group's `G` lanes are added pairwise (a fixed order, the same for every element) and the
//! first lane of each group is stored.

use super::{Matrix, covers};
use alloc::vec::Vec;

/// Rows of `C` a step: eight independent sums keep the fused adds' pipes busy.
const ROWS: usize = 8;

/// The fewest rows of `a` the kernel takes: two steps of [`ROWS`] (on fewer the blocks were
/// faster); one under Miri.
const MIN_ROWS: usize = if cfg!(miri) { ROWS } else { 2 * ROWS };

/// The kernel's widths for one element type.
pub(crate) trait Widths {
    /// Elements per 64-byte vector.
    const LANES: usize;
    /// The most columns the kernel takes (half a vector: fewer groups of `k` cost more to add up).
    const MAX_COLUMNS: usize;
    /// The fewest rows of `a` the kernel takes with more than half [`Widths::MAX_COLUMNS`]
    /// columns, two entries of `k` a vector: with fewer, `f32`'s blocks were faster. (Under
    /// Miri, [`ROWS`], as [`MIN_ROWS`] is, so that the tests reach it on products Miri interprets
    /// quickly.)
    const WIDE_ROWS: usize;
}

impl Widths for f32 {
    const LANES: usize = 16;
    const MAX_COLUMNS: usize = 8;
    const WIDE_ROWS: usize = if cfg!(miri) { ROWS } else { 64 };
}

impl Widths for f64 {
    const LANES: usize = 8;
    const MAX_COLUMNS: usize = 4;
    const WIDE_ROWS: usize = MIN_ROWS;
}

/// The vector operations the kernel needs for one element type (64-byte vectors).
pub(crate) trait Lanes: Widths + Copy + Default {
    /// The vector type.
    type V: Copy;
    /// A vector of zeros.
    unsafe fn zero() -> Self::V;
    /// The vector at `p` (64 bytes, any alignment).
    unsafe fn load(p: *const Self) -> Self::V;
    /// The `g` elements at `p` repeated across the vector (`g` 2, 4 or 8 in lanes).
    unsafe fn repeat(p: *const Self, g: usize) -> Self::V;
    /// `x * y + acc`, rounded once.
    unsafe fn fused(x: Self::V, y: Self::V, acc: Self::V) -> Self::V;
    /// Each group of `g` lanes' sum, in the group's first lane, then those first lanes' first
    /// `n` stored from `out`.
    unsafe fn store_sums(v: Self::V, g: usize, out: *mut Self, n: usize);
}

// The vectors of AVX-512F.
#[cfg(not(miri))]
mod avx512 {
    use super::Lanes;
    use core::arch::x86_64::*;

    impl Lanes for f32 {
        type V = __m512;

        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn zero() -> __m512 {
            _mm512_setzero_ps()
        }

        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn load(p: *const f32) -> __m512 {
            // SAFETY: the caller's pointer has 16 elements to read.
            unsafe { _mm512_loadu_ps(p) }
        }

        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn repeat(p: *const f32, g: usize) -> __m512 {
            // SAFETY: the caller's pointer has `g` elements to read.
            unsafe {
                match g {
                    8 => _mm512_castpd_ps(_mm512_broadcast_f64x4(_mm256_loadu_pd(p.cast()))),
                    4 => _mm512_broadcast_f32x4(_mm_loadu_ps(p)),
                    _ => _mm512_castpd_ps(_mm512_set1_pd(p.cast::<f64>().read_unaligned())),
                }
            }
        }

        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn fused(x: __m512, y: __m512, acc: __m512) -> __m512 {
            _mm512_fmadd_ps(x, y, acc)
        }

        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn store_sums(v: __m512, g: usize, out: *mut f32, n: usize) {
            // Neighbours, then pairs, then quads (lanes of 128 bits swapped in pairs).
            let mut t = _mm512_add_ps(v, _mm512_permute_ps::<0b10_11_00_01>(v));
            if g >= 4 {
                t = _mm512_add_ps(t, _mm512_permute_ps::<0b01_00_11_10>(t));
            }
            if g >= 8 {
                t = _mm512_add_ps(t, _mm512_shuffle_f32x4::<0b10_11_00_01>(t, t));
            }
            let firsts: [i32; 16] = core::array::from_fn(|q| ((q * g) % 16) as i32);
            // SAFETY: `firsts` is 64 bytes; the caller's `out` has `n <= 8` elements to write, and
            // the masked store writes only those.
            unsafe {
                let index = _mm512_loadu_si512(firsts.as_ptr().cast());
                let sums = _mm512_permutexvar_ps(index, t);
                _mm512_mask_storeu_ps(out, ((1u32 << n) - 1) as u16, sums);
            }
        }
    }

    impl Lanes for f64 {
        type V = __m512d;

        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn zero() -> __m512d {
            _mm512_setzero_pd()
        }

        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn load(p: *const f64) -> __m512d {
            // SAFETY: the caller's pointer has 8 elements to read.
            unsafe { _mm512_loadu_pd(p) }
        }

        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn repeat(p: *const f64, g: usize) -> __m512d {
            // SAFETY: the caller's pointer has `g` elements to read.
            unsafe {
                match g {
                    4 => _mm512_broadcast_f64x4(_mm256_loadu_pd(p)),
                    _ => _mm512_castps_pd(_mm512_broadcast_f32x4(_mm_loadu_ps(p.cast()))),
                }
            }
        }

        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn fused(x: __m512d, y: __m512d, acc: __m512d) -> __m512d {
            _mm512_fmadd_pd(x, y, acc)
        }

        #[inline]
        #[target_feature(enable = "avx512f")]
        unsafe fn store_sums(v: __m512d, g: usize, out: *mut f64, n: usize) {
            // Neighbours, then pairs (lanes of 128 bits swapped in pairs).
            let mut t = _mm512_add_pd(v, _mm512_permute_pd::<0b0101_0101>(v));
            if g >= 4 {
                t = _mm512_add_pd(t, _mm512_shuffle_f64x2::<0b10_11_00_01>(t, t));
            }
            let firsts: [i64; 8] = core::array::from_fn(|q| ((q * g) % 8) as i64);
            // SAFETY: `firsts` is 64 bytes; the caller's `out` has `n <= 4` elements to write, and
            // the masked store writes only those.
            unsafe {
                let index = _mm512_loadu_si512(firsts.as_ptr().cast());
                let sums = _mm512_permutexvar_pd(index, t);
                _mm512_mask_storeu_pd(out, ((1u32 << n) - 1) as u8, sums);
            }
        }
    }
}

// Under Miri, which does not run the AVX-512 instructions: arrays, read and written through the
// same pointers, so that Miri checks every position the kernel touches.
#[cfg(miri)]
mod portable {
    use super::Lanes;

    macro_rules! portable {
        ($t:ty, $lanes:literal) => {
            impl Lanes for $t {
                type V = [$t; $lanes];

                unsafe fn zero() -> Self::V {
                    [0.0; $lanes]
                }

                unsafe fn load(p: *const $t) -> Self::V {
                    // SAFETY: the caller's pointer has `LANES` elements to read.
                    core::array::from_fn(|l| unsafe { p.add(l).read_unaligned() })
                }

                unsafe fn repeat(p: *const $t, g: usize) -> Self::V {
                    // SAFETY: the caller's pointer has `g` elements to read.
                    core::array::from_fn(|l| unsafe { p.add(l % g).read_unaligned() })
                }

                unsafe fn fused(x: Self::V, y: Self::V, acc: Self::V) -> Self::V {
                    core::array::from_fn(|l| x[l].mul_add(y[l], acc[l]))
                }

                unsafe fn store_sums(v: Self::V, g: usize, out: *mut $t, n: usize) {
                    // The vector build's order: neighbours, then pairs, then quads.
                    let mut t = v;
                    let mut width = 1;
                    while width < g {
                        t = core::array::from_fn(|l| t[l] + t[l ^ width]);
                        width *= 2;
                    }
                    for q in 0..n {
                        // SAFETY: the caller's `out` has `n` elements to write.
                        unsafe { out.add(q).write(t[q * g]) };
                    }
                }
            }
        };
    }

    portable!(f32, 16);
    portable!(f64, 8);
}

/// `c = a · b` by the kernel, when the CPU has AVX-512F and the shapes suit it: `a`'s rows
/// contiguous, at least [`MIN_ROWS`] of them (and [`Widths::WIDE_ROWS`]), more than 8 rows of
/// `b` (fewer take the narrow kernel) and 2 to [`Widths::MAX_COLUMNS`] columns. Whether it ran.
#[inline]
pub(crate) fn try_columns<T: Lanes>(
    m: usize,
    k: usize,
    n: usize,
    a: &Matrix<'_, T>,
    b: &Matrix<'_, T>,
    c: &mut [T],
) -> bool {
    let rows = if n > T::MAX_COLUMNS / 2 {
        T::WIDE_ROWS
    } else {
        MIN_ROWS
    };
    let fits = m >= rows && k > 8 && (2..=T::MAX_COLUMNS).contains(&n) && a.cols == 1;
    #[cfg(not(miri))]
    if !fits || !std::arch::is_x86_feature_detected!("avx512f") {
        return false;
    }
    #[cfg(miri)]
    if !fits {
        return false;
    }
    // Every entry of `a` the kernel reads lies in its buffer: the positions are affine in the
    // row and the column, so they do if the four corners do (checked because it reads
    // unchecked).
    assert!(
        covers(a, m, k) && c.len() >= m * n,
        "the operands lie in their buffers"
    );
    // SAFETY: the CPU has AVX-512F (checked above); `a`'s `m x k` entries lie in `a.data` and
    // `c` has `m * n` elements (asserted above); `G` times `n` rounded up to a power of two is
    // `T::LANES` (16 for `f32`, 8 for `f64`).
    unsafe {
        match T::LANES / n.next_power_of_two() {
            8 => columns::<T, 8>(m, k, n, a, b, c),
            4 => columns::<T, 4>(m, k, n, a, b, c),
            _ => columns::<T, 2>(m, k, n, a, b, c),
        }
    }
    true
}

/// The kernel (see the module's documentation), `G` rows of `b` per vector.
///
/// # Safety
/// The CPU has AVX-512F; `a`'s rows are contiguous and its `m x k` entries lie in `a.data`;
/// `c` has `m * n` elements; `G * n.next_power_of_two() == T::LANES`.
#[cfg_attr(not(miri), target_feature(enable = "avx512f"))]
unsafe fn columns<T: Lanes, const G: usize>(
    m: usize,
    k: usize,
    n: usize,
    a: &Matrix<'_, T>,
    b: &Matrix<'_, T>,
    c: &mut [T],
) {
    let steps = k.div_ceil(G);
    let whole = k / G;
    // `B` by vectors of `G` rows, column by column, zero past `k` and `n`: 16 lanes at most.
    let mut packed: Vec<[T; 16]> = alloc::vec![[T::default(); 16]; steps];
    for p in 0..k {
        let vector = &mut packed[p / G];
        for q in 0..n {
            vector[q * G + p % G] = b.at(p, q);
        }
    }
    let data = a.data.as_ptr();
    for i in (0..m).step_by(ROWS) {
        let starts: [usize; ROWS] = core::array::from_fn(|r| a.row_start((i + r).min(m - 1)));
        // SAFETY: the CPU has AVX-512F (the function's contract).
        let mut acc = [unsafe { T::zero() }; ROWS];
        for (s, y) in packed.iter().enumerate().take(whole) {
            // SAFETY: a packed vector has 16 elements, of which `T::LANES` are read.
            let y = unsafe { T::load(y.as_ptr()) };
            for (r, sum) in acc.iter_mut().enumerate() {
                // SAFETY: `starts[r]` is the position of a row of `a` (row `i + r < m`, or the
                // last), whose `k` entries are contiguous in `a.data` (the function's contract);
                // `s * G + G <= whole * G <= k`.
                let x = unsafe { T::repeat(data.add(starts[r] + s * G), G) };
                // SAFETY: the CPU has AVX-512F.
                *sum = unsafe { T::fused(x, y, *sum) };
            }
        }
        if whole < steps {
            // The last entries of each row (fewer than `G`), copied to a buffer of zeros first:
            // read in place, their vector would run past the row.
            // SAFETY: a packed vector has 16 elements, of which `T::LANES` are read.
            let y = unsafe { T::load(packed[whole].as_ptr()) };
            for (r, sum) in acc.iter_mut().enumerate() {
                let rest = &a.data[starts[r] + whole * G..starts[r] + k];
                let mut buf = [T::default(); 8];
                buf[..rest.len()].copy_from_slice(rest);
                // SAFETY: `buf` has 8 elements, at least `G`.
                let x = unsafe { T::repeat(buf.as_ptr(), G) };
                // SAFETY: the CPU has AVX-512F.
                *sum = unsafe { T::fused(x, y, *sum) };
            }
        }
        for (r, &sum) in acc.iter().enumerate().take(m - i) {
            // SAFETY: row `i + r < m` of `c` is its `n` elements from `(i + r) * n`, inside
            // `c` (`m * n` elements).
            unsafe { T::store_sums(sum, G, c.as_mut_ptr().add((i + r) * n), n) };
        }
    }
}
