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

/// The most rows of `b` the narrow kernel keeps.
const MAX_K: usize = 8;

/// Whether [`narrow`] computes `a · b` with `L` lanes: `b` has at most [`MAX_K`] rows of at most
/// `L` contiguous columns.
#[inline(always)]
pub(crate) fn fits<T, const L: usize>(k: usize, n: usize, b: &Matrix<'_, T>) -> bool {
    k > 0 && k <= MAX_K && n > 0 && n <= L && (b.cols == 1 || n == 1)
}

/// `c = a · b` for an `m x k` and a `k x n` matrix into `c`'s first `m * n` elements, row-major,
/// when [`fits`].
#[inline(always)]
pub(crate) fn narrow<T: Reduce, const L: usize>(
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
        1 => rows_of::<T, L, 1>(m, n, a, b, c),
        2 => rows_of::<T, L, 2>(m, n, a, b, c),
        3 => rows_of::<T, L, 3>(m, n, a, b, c),
        4 => rows_of::<T, L, 4>(m, n, a, b, c),
        5 => rows_of::<T, L, 5>(m, n, a, b, c),
        6 => rows_of::<T, L, 6>(m, n, a, b, c),
        7 => rows_of::<T, L, 7>(m, n, a, b, c),
        _ => rows_of::<T, L, 8>(m, n, a, b, c),
    }
}

/// [`narrow`] for `k == K`.
#[inline(always)]
fn rows_of<T: Reduce, const L: usize, const K: usize>(
    m: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    let mut rows = [[T::ZERO; L]; K];
    for (p, row) in rows.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate().take(n) {
            *v = b.at(p, j);
        }
    }
    // Two loops, not one with a test per row: contiguous rows of `a` (one bounds check a row)
    // or any strides.
    if a.cols == 1 {
        each_row::<T, L, K>(m, n, &rows, c, |i| {
            let start = a.row_start(i);
            *<&[T; K]>::try_from(&a.data[start..start + K]).expect("K entries")
        });
    } else {
        each_row::<T, L, K>(m, n, &rows, c, |i| core::array::from_fn(|p| a.at(i, p)));
    }
}

/// Each row of `C`: the sum of `rows` scaled by row `i` of `a` (`row_of(i)`), stored as a whole
/// vector while one fits before the end (the next row overwrites the lanes past `n`), then the
/// last rows' first `n` lanes.
#[inline(always)]
fn each_row<T: Reduce, const L: usize, const K: usize>(
    m: usize,
    n: usize,
    rows: &[[T; L]; K],
    c: &mut [T],
    row_of: impl Fn(usize) -> [T; K],
) {
    let sum = |x: [T; K]| -> [T; L] {
        let mut acc = rows[0].map(|v| x[0].times(v));
        for p in 1..K {
            for (o, &v) in acc.iter_mut().zip(&rows[p]) {
                *o = o.plus(x[p].times(v));
            }
        }
        acc
    };
    let total = m * n;
    // Rows whose whole vector fits: `i * n + L <= total`.
    let whole = if total >= L { (total - L) / n + 1 } else { 0 }.min(m);
    let c = &mut c[..total];
    // Two rows a step: their sums are independent, so their multiplies and adds interleave.
    let mut i = 0;
    while i + 2 <= whole {
        let (s0, s1) = (sum(row_of(i)), sum(row_of(i + 1)));
        c[i * n..i * n + L].copy_from_slice(&s0);
        c[(i + 1) * n..(i + 1) * n + L].copy_from_slice(&s1);
        i += 2;
    }
    while i < m {
        let s = sum(row_of(i));
        c[i * n..(i + 1) * n].copy_from_slice(&s[..n]);
        i += 1;
    }
}
