//! One row of `A` times a `B` too large for L2 (a vector times a matrix): `C`'s row is summed in
//! memory, a block of its columns at a time, while the rows of `B` stream past it in order.
//!
//! The blocks' kernel for one row keeps four panels' sums in registers over the whole of `k` and
//! so reads `B` down its columns, a window of each row in turn: from L3 or memory that is one
//! short run per row (rows 4 KiB apart for `n` = 1024 `f32`), which the prefetchers do not
//! follow, and it took twice numpy's time (BENCHMARKS.md, "A vector times a large matrix").
//! Here each pass reads [`PASS`] rows of `B` along their length, four sequential streams, and
//! adds them into a block of `C`'s row that stays in L1.
//!
//! Each sum still starts from its first product and adds the others in `k`'s order, one rounding
//! a step (fused where the build is), so the result is the same as the blocks' to the bit.

use super::Matrix;
use crate::Reduce;
use crate::simd::Simd;

/// Rows of `B` added in one pass over a block of `C`'s row.
const PASS: usize = 4;

/// Bytes of `C`'s row summed at a time: with the four rows' pieces of `B` streaming past, well
/// inside L1.
const BLOCK_BYTES: usize = 8 << 10;

/// `B`'s size in bytes from which a single row takes [`stream`]: past L2, where the blocks'
/// kernel reads `B` from memory down its columns.
const STREAM_BYTES: usize = 1 << 20;

/// The length of `B`'s rows in bytes from which a single row takes [`stream`]. With shorter rows
/// the blocks' runs down the columns are close enough together to be prefetched, and they were
/// as fast or faster (`[1, 600] x [600, 600]` f32: 21-22 µs against 23-28; `[1, 4096] x
/// [4096, 256]`: 71 against 73-77).
const STREAM_ROW_BYTES: usize = 3 << 10;

/// Whether [`stream`] takes `a · b`: one row, `b`'s rows contiguous and at least
/// [`STREAM_ROW_BYTES`] long, `b` at least [`STREAM_BYTES`].
#[inline(always)]
pub(super) fn fits<T>(m: usize, k: usize, n: usize, b: &Matrix<'_, T>) -> bool {
    let row = n.saturating_mul(core::mem::size_of::<T>());
    m == 1 && b.cols == 1 && row >= STREAM_ROW_BYTES && row.saturating_mul(k) >= STREAM_BYTES
}

/// `c[..n] = a[0, ..] · b` for one row of `a` (`1 x k`) and `b` (`k x n`, contiguous rows).
#[inline(always)]
pub(super) fn stream<T: Reduce, S: Simd<T, W>, const W: usize>(
    s: S,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    let block = (BLOCK_BYTES / core::mem::size_of::<T>().max(1)).max(W) / W * W;
    for j in (0..n).step_by(block) {
        let len = block.min(n - j);
        let out = &mut c[j..j + len];
        // Each sum starts from its first product (a float `0 + x` is not `x` for `x = -0.0`).
        let x0 = a.at(0, 0);
        for (o, &y) in out.iter_mut().zip(row(&b, 0, j, len)) {
            *o = x0.times(y);
        }
        let mut p = 1;
        while p + PASS <= k {
            let mut xs = [x0; PASS];
            let mut ys: [&[T]; PASS] = [&[]; PASS];
            for q in 0..PASS {
                xs[q] = a.at(0, p + q);
                ys[q] = row(&b, p + q, j, len);
            }
            pass::<T, S, W, PASS>(s, out, &xs, &ys);
            p += PASS;
        }
        for p in p..k {
            pass::<T, S, W, 1>(s, out, &[a.at(0, p)], &[row(&b, p, j, len)]);
        }
    }
}

/// Row `p` of `b` from column `j`, `len` long (indexed: a wrong layout panics, never reads
/// outside `b`).
#[inline(always)]
fn row<'a, T>(b: &Matrix<'a, T>, p: usize, j: usize, len: usize) -> &'a [T] {
    let start = b.row_start(p).wrapping_add(j);
    &b.data[start..start + len]
}

/// `out[i] += xs[q] * ys[q][i]` for `q` in order, for every `i`: whole vectors of `W`, then the
/// rest as one vector over copies padded with zeros.
#[inline(always)]
fn pass<T: Reduce, S: Simd<T, W>, const W: usize, const R: usize>(
    s: S,
    out: &mut [T],
    xs: &[T; R],
    ys: &[&[T]; R],
) {
    let whole = out.len() / W * W;
    for (v, lanes) in out[..whole].chunks_exact_mut(W).enumerate() {
        // Loaded and stored whole: summed through the slices, each store might have changed
        // the next row's load, and the compiler kept every lane apart (scalar code, 7x slower).
        let lanes: &mut [T; W] = lanes.try_into().expect("a chunk of W");
        let mut acc = s.load(lanes);
        let at = v * W;
        for (&xq, yq) in xs.iter().zip(ys) {
            let y = s.load(yq[at..at + W].try_into().expect("a window of W"));
            acc = s.mul_add(s.splat(xq), y, acc);
        }
        s.store(acc, lanes);
    }
    let rest = out.len() - whole;
    if rest > 0 {
        let mut lanes = [T::ZERO; W];
        lanes[..rest].copy_from_slice(&out[whole..]);
        let mut acc = s.load(&lanes);
        for (&xq, yq) in xs.iter().zip(ys) {
            let mut y = [T::ZERO; W];
            y[..rest].copy_from_slice(&yq[whole..]);
            acc = s.mul_add(s.splat(xq), s.load(&y), acc);
        }
        s.store(acc, &mut lanes);
        out[whole..].copy_from_slice(&lanes[..rest]);
    }
}
