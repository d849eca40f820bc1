//! The register kernel for products whose right operand has contiguous rows: the static kernel's
//! scheme ([`super::dot_gemm`]: a row of `C` accumulated in registers as `B`'s rows scaled by
//! `A`'s entries) for extents known only at run time. A GEMM crate first packs both operands
//! into its own layout, which on small products costs more than the product itself (for
//! `[7, 784] x [784, 10]` f32 matrixmultiply spent more time packing than multiplying); this
//! reads them where they are.
//!
//! `C` is cut into blocks of [`ROWS`] rows by a panel of `W` columns (a 64-byte vector's worth of
//! elements, two AVX2 registers): the block's accumulators stay in registers over the whole of
//! `k`, and each step loads one window of a row of `B` for all its rows. The last panel of a row
//! still computes all `W` lanes, from a window running on into `B`'s next row (or zero-padded
//! past its end), and stores only its own columns; a last block with fewer rows repeats its last
//! row rather than run a second, narrower kernel (the repeated rows are not stored).
//!
//! Each sum starts from its first product and adds the others in `k`'s order, as the naive loop
//! does, so results do not depend on the block or panel an element falls in. On x86-64 with
//! `std` the kernel is also compiled for AVX2 and that build runs when the CPU has it (eight
//! `f32` per instruction instead of SSE2's four), as elsewhere in the crate.

use super::Matrix;
use crate::Reduce;

/// Rows of `C` per block: four rows' accumulators of two AVX2 registers each, with the window
/// of `B` and the four entries of `A`, fit the sixteen registers.
const ROWS: usize = 4;

/// `c = a · b` for an `m x k` and a `k x n` matrix into `c`'s first `m * n` elements,
/// row-major. `b`'s rows must be contiguous (`b.cols == 1`) unless `n == 1`, and `m`, `k`, `n`
/// at least 1.
#[inline]
pub(crate) fn rows_gemm<T: Reduce>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    debug_assert!(m > 0 && k > 0 && n > 0 && (b.cols == 1 || n == 1));
    // A panel is 64 bytes of elements (at least four of them).
    match core::mem::size_of::<T>() {
        0..=4 => dispatch::<T, 16>(m, k, n, a, b, c),
        5..=8 => dispatch::<T, 8>(m, k, n, a, b, c),
        _ => dispatch::<T, 4>(m, k, n, a, b, c),
    }
}

/// Runs the AVX2 build when the CPU has AVX2 (a cached flag; Miri, which cannot run AVX2, and
/// builds without `std` take the portable one).
#[inline(always)]
fn dispatch<T: Reduce, const W: usize>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the AVX2 build only requires AVX2, which the CPU was just found to have.
        return unsafe { blocks_avx2::<T, W>(m, k, n, a, b, c) };
    }
    blocks_portable::<T, W>(m, k, n, a, b, c);
}

#[inline(never)]
fn blocks_portable<T: Reduce, const W: usize>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    blocks::<T, W>(m, k, n, a, b, c);
}

#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx2")]
#[inline(never)]
fn blocks_avx2<T: Reduce, const W: usize>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    blocks::<T, W>(m, k, n, a, b, c);
}

/// Every block of `C`, each stored as its rows' first `min(W, n - j)` columns.
#[inline(always)]
fn blocks<T: Reduce, const W: usize>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    // Every entry of `a` the blocks read lies in its buffer: the positions are affine in the row
    // and the column, so they do if the four corners do (the `Matrix` contract; checked here
    // because the loop below reads `a` unchecked).
    assert!(covers(&a, m, k), "the left operand lies in its buffer");
    for j in (0..n).step_by(W) {
        let windows = full_windows::<T, W>(k, &b, j);
        let width = W.min(n - j);
        for i in (0..m).step_by(ROWS) {
            // Where each row of the block starts in `a` (rows past the last repeat it).
            let mut starts = [0; ROWS];
            for (r, s) in starts.iter_mut().enumerate() {
                let row = (i + r).min(m - 1) as isize;
                *s = a.base.wrapping_add(row.wrapping_mul(a.rows) as usize);
            }
            let acc = block::<T, W>(k, a, &starts, b, j, windows);
            for (r, lanes) in acc.iter().enumerate().take(m - i) {
                let at = (i + r) * n + j;
                store(&mut c[at..at + width], lanes);
            }
        }
    }
}

/// The first `out.len()` (at most `W`) of `lanes` into `out`, as pieces of constant size (8, 4, 2,
/// 1 ...: the binary digits of the length): a copy of a run-time length, as a slice copy or an
/// element loop alike, becomes a call of `memcpy`, which took a sixth of a `[16, 16] x [16, 16]`
/// product's time.
#[inline(always)]
fn store<T: Copy, const W: usize>(out: &mut [T], lanes: &[T; W]) {
    if out.len() == W {
        return out.copy_from_slice(lanes);
    }
    let mut at = 0;
    let mut piece = W / 2;
    while piece > 0 {
        if (out.len() - at) & piece != 0 {
            out[at..at + piece].copy_from_slice(&lanes[at..at + piece]);
            at += piece;
        }
        piece /= 2;
    }
}

/// Whether every position `base + i * rows + p * cols` (`i < m`, `p < k`, both at least 1) of
/// `x` lies in its buffer.
fn covers<T>(x: &Matrix<'_, T>, m: usize, k: usize) -> bool {
    let corner = |i: usize, p: usize| {
        x.base as i128 + i as i128 * x.rows as i128 + p as i128 * x.cols as i128
    };
    let corners = [
        corner(0, 0),
        corner(m - 1, 0),
        corner(0, k - 1),
        corner(m - 1, k - 1),
    ];
    corners
        .iter()
        .all(|&at| at >= 0 && at < x.data.len() as i128)
}

/// The rows `p` of `b` whose window of `W` elements from column `j` lies whole in its buffer:
/// a range, the windows' starts being affine in `p` (and every start in the buffer).
fn full_windows<T, const W: usize>(k: usize, b: &Matrix<'_, T>, j: usize) -> (usize, usize) {
    // Positions and their differences fit `isize`: a slice holds at most `isize::MAX` bytes.
    let (first, step, k) = (b.base.wrapping_add(j) as isize, b.rows, k as isize);
    // The last start a whole window fits after.
    let last = b.data.len() as isize - W as isize;
    let (lo, hi) = if step >= 0 && first > last {
        (0, 0)
    } else if step == 0 {
        (0, k)
    } else if step > 0 {
        // `first + p * step <= last`.
        (0, (last - first) / step + 1)
    } else if first <= last {
        (0, k)
    } else {
        // Starts going down: `p >= (first - last) / -step`, rounded up.
        ((first - last - step - 1) / -step, k)
    };
    (lo.clamp(0, k) as usize, hi.clamp(0, k) as usize)
}

/// The block of rows starting at `starts` in `a`, columns `j..j + W` (those past `n` computed
/// from whatever the window of `b` holds there, and not stored).
#[inline(always)]
fn block<T: Reduce, const W: usize>(
    k: usize,
    a: Matrix<'_, T>,
    starts: &[usize; ROWS],
    b: Matrix<'_, T>,
    j: usize,
    (lo, hi): (usize, usize),
) -> [[T; W]; ROWS] {
    let x = |p: usize| -> [T; ROWS] {
        let col = (p as isize).wrapping_mul(a.cols) as usize;
        let mut out = [T::ZERO; ROWS];
        for (o, &s) in out.iter_mut().zip(starts) {
            // SAFETY: `s + col` is the position of entry `[i, p]` of `a` for a row `i < m` and
            // `p < k`, which `blocks` asserted lies in `a.data` (`covers`).
            *o = unsafe { *a.data.get_unchecked(s.wrapping_add(col)) };
        }
        out
    };
    let start = |p: usize| {
        b.base
            .wrapping_add((p as isize).wrapping_mul(b.rows) as usize)
            .wrapping_add(j)
    };
    // The window of row `p` of `b` from column `j` where it does not lie whole in the buffer:
    // what there is, padded (the columns past `n` are discarded; those before it exist).
    let padded = |p: usize| -> [T; W] {
        let mut pad = [T::ZERO; W];
        let tail = &b.data[start(p)..];
        let len = tail.len().min(W);
        pad[..len].copy_from_slice(&tail[..len]);
        pad
    };
    let whole = |p: usize| -> [T; W] {
        debug_assert!((lo..hi).contains(&p));
        // SAFETY: `p` is in `lo..hi`, whose windows lie whole in `b.data` (`full_windows`).
        unsafe { *b.data.as_ptr().add(start(p)).cast::<[T; W]>() }
    };
    let step = |acc: &mut [[T; W]; ROWS], xp: [T; ROWS], yp: [T; W]| {
        for (lanes, &xr) in acc.iter_mut().zip(&xp) {
            for (o, &v) in lanes.iter_mut().zip(&yp) {
                *o = o.plus(xr.times(v));
            }
        }
    };
    // Each sum starts from its first product (a float `0 + x` is not `x` for `x = -0.0`).
    let (x0, y0) = (
        x(0),
        if lo == 0 && hi > 0 {
            whole(0)
        } else {
            padded(0)
        },
    );
    let mut acc = [[T::ZERO; W]; ROWS];
    for (lanes, &xr) in acc.iter_mut().zip(&x0) {
        for (o, &v) in lanes.iter_mut().zip(&y0) {
            *o = xr.times(v);
        }
    }
    for p in 1..lo.max(1) {
        step(&mut acc, x(p), padded(p));
    }
    for p in lo.max(1)..hi {
        step(&mut acc, x(p), whole(p));
    }
    for p in hi.max(1)..k {
        step(&mut acc, x(p), padded(p));
    }
    acc
}
