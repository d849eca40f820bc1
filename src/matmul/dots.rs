//! Products whose every element is a dot product along `k` of a contiguous row of `a` and a
//! contiguous column of `b` (a transposed right operand, a matrix times a vector), a choice of
//! [`super::small`]'s: [`DOT_LANES`] lanes of products summed per step, for four elements of `C`
//! at once, the lanes added up in order at the end, so that results do not depend on where an
//! element falls.

use super::Matrix;
use crate::Reduce;
use crate::simd::Simd;

/// `c = a · b` (`m x k` by `k x n`, row-major into `c`) when [`fits`].
#[inline(always)]
pub(super) fn dots<T: Reduce, S: Simd<T, DOT_LANES>>(
    s: S,
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    if n == 1 {
        // A matrix times a vector: the four sums of a step share the vector's window.
        dots_of::<T, S, true>(s, m, k, n, a, b, c);
    } else {
        dots_of::<T, S, false>(s, m, k, n, a, b, c);
    }
}

/// Whether [`dots`] can read `a` and `b`: `a`'s rows and `b`'s columns are contiguous, and
/// at least [`MIN_K`] long: on shorter ones adding up the lanes of each sum and starting the
/// next cost as much as the products, and matrixmultiply was faster (`[32, 64]` times a
/// transposed `[32, 64]` f32, in a scratch timing: 8.7 us against 3.2). Elements of four bytes
/// or less, or any with one column (a matrix times a vector, where the blocks would use one lane of
/// each panel): the `f64` build was slower than matrixmultiply on `[7, 784]` times a transposed
/// `[10, 784]` (BENCHMARKS.md, "Small products").
///
/// With one column, from one whole step of lanes on ([`DOT_LANES`]; a shorter `k` is
/// [`super::narrow`]'s): the blocks, which keep one lane of each panel, were several times
/// slower below 256 (BENCHMARKS.md, "A matrix times a vector").
#[inline(always)]
pub(super) fn fits<T>(k: usize, n: usize, a: &Matrix<'_, T>, b: &Matrix<'_, T>) -> bool {
    let shortest = if n == 1 { DOT_LANES } else { MIN_K };
    (size_of::<T>() <= 4 || n == 1) && k >= shortest && a.cols == 1 && b.rows == 1
}

/// The shortest `k` [`dots`] takes (see [`fits`]). Under Miri 24 instead, as the thread split's
/// thresholds are (`dynamic::parallel`): the tests then reach this kernel, its whole steps and
/// its rest, on products Miri interprets in a second rather than forty (it runs every lane of
/// every step as a call of its own).
const MIN_K: usize = if cfg!(miri) { 24 } else { 256 };

/// Elements of `C` per step of [`dots`].
const DOTS: usize = 4;

/// Lanes of each sum of [`dots`], whatever the element: one AVX2 vector of `f32`, two of `f64`.
/// Each sum's lanes are added up one after another at its end, so more lanes cost more there
/// than they gain in the loop (S3, S4 in BENCHMARKS.md).
pub(super) const DOT_LANES: usize = 8;

/// Each element of `C` as the dot product of a row of `a` and a column of `b`, both contiguous:
/// four consecutive elements of `C` at a time (four columns of a row, or with one column four
/// rows; the last ones repeated when fewer are left, not stored), each sum kept in `W` lanes
/// over `k`'s whole steps, the lanes added up in a fixed order, then the last `k % W` products.
/// `ONE_COLUMN` when `n` is 1: the four sums then read the same window of `b`, loaded once.
#[inline(always)]
fn dots_of<T: Reduce, S: Simd<T, DOT_LANES>, const ONE_COLUMN: bool>(
    s: S,
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    const W: usize = DOT_LANES;
    let full = k - k % W;
    let total = m * n;
    for e in (0..total).step_by(DOTS) {
        let mut xs: [&[T]; DOTS] = [&[]; DOTS];
        let mut ys: [&[T]; DOTS] = [&[]; DOTS];
        // Element `e` is `[e / n, e % n]`; the next ones follow along the row (one division
        // per step, not per element).
        let (mut i, mut j) = (e / n, e % n);
        for q in 0..DOTS {
            xs[q] = line(&a, i, a.rows, k);
            ys[q] = line(&b, j, b.cols, k);
            if e + q + 1 < total {
                j += 1;
                if j == n {
                    (i, j) = (i + 1, 0);
                }
            }
        }
        let zero = s.splat(T::ZERO);
        let mut acc = [zero; DOTS];
        for p in (0..full).step_by(W) {
            if ONE_COLUMN {
                let y = s.load(chunk(&ys[0][p..]));
                for q in 0..DOTS {
                    acc[q] = s.add(acc[q], s.mul(s.load(chunk(&xs[q][p..])), y));
                }
            } else {
                for q in 0..DOTS {
                    let (x, y) = (s.load(chunk(&xs[q][p..])), s.load(chunk(&ys[q][p..])));
                    acc[q] = s.add(acc[q], s.mul(x, y));
                }
            }
        }
        let width = DOTS.min(total - e);
        for (q, o) in c[e..e + width].iter_mut().enumerate() {
            // The last `k % W` products one by one, after the lanes' sum.
            let mut sum = sum_lanes(s.to_array(acc[q]));
            for (&u, &v) in xs[q][full..].iter().zip(&ys[q][full..]) {
                sum = sum.plus(u.times(v));
            }
            *o = sum;
        }
    }
}

/// The `k` elements from line `i` of `x` on, lines `stride` apart: a row of `a` or a column of
/// `b` in [`dots`] (with `k == 1` any stride reads the one element).
#[inline(always)]
fn line<'a, T>(x: &Matrix<'a, T>, i: usize, stride: isize, k: usize) -> &'a [T] {
    let start = x
        .base
        .wrapping_add((i as isize).wrapping_mul(stride) as usize);
    &x.data[start..start + k]
}

/// The first `W` elements of `s`.
#[inline(always)]
fn chunk<T, const W: usize>(s: &[T]) -> &[T; W] {
    s[..W].try_into().expect("W elements")
}

/// The sum of `W` lanes, from the first to the last (a fixed order). Not halves added pairwise,
/// as vector instructions would: LLVM then built the whole kernel's sums from 2-lane vectors,
/// half of them kept on the stack for 8-byte elements (S4 in BENCHMARKS.md).
#[inline(always)]
fn sum_lanes<T: Reduce, const W: usize>(lanes: [T; W]) -> T {
    let mut sum = lanes[0];
    for &x in &lanes[1..] {
        sum = sum.plus(x);
    }
    sum
}
