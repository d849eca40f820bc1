//! Products whose right operand is short and narrow (at most [`MAX_K`] rows of at most one
//! vector's width: a batch of points times a 3 x 3 rotation, rows of features times a small
//! weight), at any number of rows: `b`'s rows are copied once, padded to a vector's lanes, and
//! each row of `C` is their sum scaled by the row of `a`, stored as one whole vector (running on
//! into the next row, which overwrites it) except at the end. A GEMM crate packs all of `a`
//! first, and the block kernel of [`super::small`] spends most of a block on bookkeeping for so
//! few columns (BENCHMARKS.md, "Small products").
//!
//! Each sum starts from its first product and adds the others in `k`'s order, as the naive loop
//! does.

use super::Matrix;
use crate::Reduce;
use crate::simd::Simd;

/// The most rows of `b` the narrow kernel keeps.
const MAX_K: usize = 8;

/// Whether [`narrow`] computes `a · b` with `L` lanes: `b` has at most [`MAX_K`] rows of at most
/// `L` contiguous columns.
#[inline(always)]
pub(crate) fn fits<T, const L: usize>(k: usize, n: usize, b: &Matrix<'_, T>) -> bool {
    k > 0 && k <= MAX_K && n > 0 && n <= L && (b.cols == 1 || n == 1)
}

/// `c = a · b` for an `m x k` and a `k x n` matrix into `c`'s first `m * n` elements, row-major,
/// when [`fits`], `L` lanes of the token `S`.
#[inline(always)]
pub(crate) fn narrow<T: Reduce, S: Simd<T, L>, const L: usize>(
    s: S,
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    debug_assert!(fits::<T, L>(k, n, &b));
    // `k` as a constant, so that a row's steps are unrolled and `b`'s rows stay in registers.
    match k {
        1 => rows_of::<T, S, L, 1>(s, m, n, a, b, c),
        2 => rows_of::<T, S, L, 2>(s, m, n, a, b, c),
        3 => rows_of::<T, S, L, 3>(s, m, n, a, b, c),
        4 => rows_of::<T, S, L, 4>(s, m, n, a, b, c),
        5 => rows_of::<T, S, L, 5>(s, m, n, a, b, c),
        6 => rows_of::<T, S, L, 6>(s, m, n, a, b, c),
        7 => rows_of::<T, S, L, 7>(s, m, n, a, b, c),
        _ => rows_of::<T, S, L, 8>(s, m, n, a, b, c),
    }
}

/// [`narrow`] for `k == K`.
#[inline(always)]
fn rows_of<T: Reduce, S: Simd<T, L>, const L: usize, const K: usize>(
    s: S,
    m: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    let mut copy = [[T::ZERO; L]; K];
    for (p, row) in copy.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate().take(n) {
            *v = b.at(p, j);
        }
    }
    let zero = s.splat(T::ZERO);
    let mut rows = [zero; K];
    for (v, row) in rows.iter_mut().zip(&copy) {
        *v = s.load(row);
    }
    // Two loops, not one with a test per row: contiguous rows of `a` (one bounds check a row)
    // or any strides.
    if a.cols == 1 {
        each_row::<T, S, L, K, true>(s, m, n, &rows, a, c);
    } else {
        each_row::<T, S, L, K, false>(s, m, n, &rows, a, c);
    }
}

/// Row `i` of `a`, whose `K` entries are contiguous where `CONTIGUOUS`.
#[inline(always)]
fn row_of<T: Copy, const K: usize, const CONTIGUOUS: bool>(a: &Matrix<'_, T>, i: usize) -> [T; K] {
    if CONTIGUOUS {
        let start = a.row_start(i);
        return *<&[T; K]>::try_from(&a.data[start..start + K]).expect("K entries");
    }
    let mut out = [a.at(i, 0); K];
    for (p, o) in out.iter_mut().enumerate().skip(1) {
        *o = a.at(i, p);
    }
    out
}

/// The sum of `rows` scaled by `x`, in `k`'s order, each step a multiply and an add.
#[inline(always)]
fn sum<T: Reduce, S: Simd<T, L>, const L: usize, const K: usize>(
    s: S,
    rows: &[S::V; K],
    x: [T; K],
) -> S::V {
    let mut acc = s.mul(s.splat(x[0]), rows[0]);
    for p in 1..K {
        acc = s.add(acc, s.mul(s.splat(x[p]), rows[p]));
    }
    acc
}

/// Each row of `C`: the sum of `rows` scaled by row `i` of `a`, stored as a whole vector while
/// one fits before the end (the next row overwrites the lanes past `n`), then the last rows'
/// first `n` lanes.
#[inline(always)]
fn each_row<T: Reduce, S: Simd<T, L>, const L: usize, const K: usize, const CONTIGUOUS: bool>(
    s: S,
    m: usize,
    n: usize,
    rows: &[S::V; K],
    a: Matrix<'_, T>,
    c: &mut [T],
) {
    let total = m * n;
    // Rows whose whole vector fits: `i * n + L <= total`.
    let whole = if total >= L { (total - L) / n + 1 } else { 0 }.min(m);
    let c = &mut c[..total];
    // Two rows a step: their sums are independent, so their multiplies and adds interleave.
    let mut i = 0;
    while i + 2 <= whole {
        let s0 = sum::<T, S, L, K>(s, rows, row_of::<T, K, CONTIGUOUS>(&a, i));
        let s1 = sum::<T, S, L, K>(s, rows, row_of::<T, K, CONTIGUOUS>(&a, i + 1));
        s.store(s0, (&mut c[i * n..i * n + L]).try_into().expect("L lanes"));
        s.store(
            s1,
            (&mut c[(i + 1) * n..(i + 1) * n + L])
                .try_into()
                .expect("L lanes"),
        );
        i += 2;
    }
    while i < m {
        let v = sum::<T, S, L, K>(s, rows, row_of::<T, K, CONTIGUOUS>(&a, i));
        c[i * n..(i + 1) * n].copy_from_slice(&s.to_array(v)[..n]);
        i += 1;
    }
}
