//! The register kernels of small products, which read the operands where they are: a GEMM crate
//! first packs both into its own layout, which on small products costs more than the product
//! itself (for `[7, 784] x [784, 10]` f32 matrixmultiply spent more time packing than
//! multiplying).
//!
//! When the right operand has contiguous rows: the static kernel's scheme ([`super::dot_gemm`]: a
//! row of `C` accumulated in registers as `B`'s rows scaled by `A`'s entries) for extents known
//! only at run time.
//!
//! `C` is cut into blocks of [`ROWS`] rows by a panel of `W` columns (a 64-byte vector's worth of
//! elements, two AVX2 registers): the block's accumulators stay in registers over the whole of
//! `k`, and each step loads one window of a row of `B` for all its rows. The last panel of a row
//! is `W`, `W / 2` or `W / 4` wide, the narrowest that holds the columns left, and still computes
//! all its lanes, from a window running on into `B`'s next row (or zero-padded
//! past its end), and stores only its own columns; a last block with fewer rows repeats its last
//! row rather than run a second, narrower kernel (the repeated rows are not stored). With fewer
//! rows than a block and many panels (a vector times a matrix) a block is instead one row by four
//! panels, so that its four sums are not the same row's computed four times.
//!
//! Each sum starts from its first product and adds the others in `k`'s order, as the naive loop
//! does, so results do not depend on the block or panel an element falls in.
//!
//! When instead `A`'s rows and `B`'s columns are contiguous and `B`'s rows are not, or `B` has
//! fewer columns than a vector has lanes (a matrix times a vector, a dot product), each element
//! is a dot product along `k` (`dots.rs`, 4-byte elements or one column, `k` of at least 256,
//! or of at least 8 with one column). The narrow kernel (a short, narrow `B`) is in `narrow.rs`.
//!
//! On x86-64 with `std` the kernels are also compiled for AVX2 with FMA and that build runs when
//! the CPU has them (eight `f32` per instruction instead of SSE2's four, and one fused
//! multiply-add for a multiply and an add: each sum then rounded once a step, as BLAS kernels
//! round it), as elsewhere in the crate, and for AVX-512F with FMA, which runs blocks of four
//! rows by full panels when `B`'s rows are close (`avx512_blocks`), and the tiles of `tiles.rs`
//! (eight rows by two panels) for products of at least four rows and two panels
//! (`builds::avx512_tiles`). The portable build multiplies and adds apart: without the
//! instruction, a fused multiply-add is a library call.
//!
//! Every kernel is written once over a token of [`crate::simd`]: in the AVX builds of `f32` and
//! `f64` its lanes are `core::arch` vectors, elsewhere (integers, the portable build, Miri) arrays
//! of lanes. No closure or generic helper that holds a multiply-add is defined outside the
//! kernels' `#[inline(always)]` functions, so that what runs is the same in every profile a
//! dependent builds shaped with (`cargo xtask profiles`).

mod builds;
// The tiles run in the AVX-512 build, and under Miri in the portable one (to check them).
#[cfg(any(
    all(feature = "std", target_arch = "x86_64", not(miri)),
    all(feature = "alloc", miri)
))]
mod tiles;
// One row times a `B` past L2: `C`'s row summed in L1 as `B`'s rows stream past.
pub(super) mod stream;
// A few columns on AVX-512, and under Miri on arrays in its place (to check its reads and writes).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod columns;

use super::{Matrix, dots};
use crate::Reduce;
use crate::simd::Simd;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
pub(crate) use columns::try_columns;

/// Rows of `C` per block: four rows' accumulators of two AVX2 registers each, with the window
/// of `B` and the four entries of `A`, fit the sixteen registers.
pub(crate) const ROWS: usize = 4;

/// Left operands of at most this many rows (two blocks) take the register kernel at any size:
/// it reads `b` once a block, where a GEMM crate packs all of `b` first and pads its taller
/// register tile (BENCHMARKS.md, "Two blocks of rows at any size"). With more blocks the
/// GEMM's packed panels, read from L1 by every block, win.
#[cfg(feature = "alloc")]
const FEW_ROWS: usize = 2 * ROWS;

/// Left operands of at most this many rows (four blocks) take the register kernel at any size
/// when its AVX-512 build runs ([`builds::avx512_blocks`]): with one 64-byte register a row of
/// a block it measured 0.7x matrixmultiply's time at 12 and 16 rows (BENCHMARKS.md, "AVX-512
/// where the rows of `B` are close").
#[cfg(feature = "alloc")]
const FEW_ROWS_AVX512: usize = 4 * ROWS;

/// Whether a product of `m` rows by `b` (`n` columns) takes the register kernel at any size:
/// [`FEW_ROWS`], or [`FEW_ROWS_AVX512`] where the AVX-512 build would run it.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn few_rows<T>(m: usize, n: usize, b: &Matrix<'_, T>) -> bool {
    m <= FEW_ROWS || (m <= FEW_ROWS_AVX512 && builds::avx512_blocks::<T>(m, n, b))
}

/// Whether the AVX-512 build's tiles take the product at any size ([`builds::avx512_tiles`]):
/// sixteen sums in registers a tile, fused, and `B` copied panel by panel, they measured faster
/// than matrixmultiply at every size tried (BENCHMARKS.md, "Tiles of eight rows").
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn tiles_fit<T>(m: usize, n: usize, b: &Matrix<'_, T>) -> bool {
    builds::avx512_tiles::<T>(m, n, b)
}

/// Whether `b` (`k x n`) has contiguous rows, is at most one panel wide and small enough to stay
/// in cache while every block of rows reads it: then the register kernel takes the product at
/// any size, as every block reads the same panel, where a GEMM crate packs all of `a` and pads
/// its register tile (BENCHMARKS.md, "One panel at any size"). Measured up to 1 MiB.
#[cfg(feature = "alloc")]
pub(crate) fn one_panel<T>(k: usize, n: usize, b: &Matrix<'_, T>) -> bool {
    b.cols == 1
        && n <= lanes::<T>()
        && k.saturating_mul(n)
            .saturating_mul(core::mem::size_of::<T>())
            <= 1 << 20
}

/// Whether [`small_gemm`] can compute `a · b` (`m x k` by `k x n`): nothing is empty, and
/// either `b`'s rows are contiguous or `a`'s rows and `b`'s columns are.
#[inline(always)]
pub(crate) fn small_fits<T>(
    m: usize,
    k: usize,
    n: usize,
    a: &Matrix<'_, T>,
    b: &Matrix<'_, T>,
) -> bool {
    m > 0 && k > 0 && n > 0 && (b.cols == 1 || n == 1 || dots::fits(k, n, a, b))
}

/// Whether `b` is short and narrow enough for [`super::narrow`] (which [`small_gemm`] then runs,
/// at any `m`): at most 8 rows of at most half a panel.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn narrow_fits<T>(k: usize, n: usize, b: &Matrix<'_, T>) -> bool {
    match lanes::<T>() {
        16 => super::narrow::fits::<T, 8>(k, n, b),
        8 => super::narrow::fits::<T, 4>(k, n, b),
        _ => super::narrow::fits::<T, 2>(k, n, b),
    }
}

/// Lanes of a panel or a dot product's step: a 64-byte vector's worth of `T` (at least four).
const fn lanes<T>() -> usize {
    match core::mem::size_of::<T>() {
        0..=4 => 16,
        5..=8 => 8,
        _ => 4,
    }
}

/// `c = a · b` for an `m x k` and a `k x n` matrix into `c`'s first `m * n` elements,
/// row-major, when [`small_fits`]: lanes as arrays ([`crate::simd::Portable`]), in the build of
/// [`builds::dispatch`]'s choice.
#[inline]
pub(crate) fn small_gemm<T: Reduce>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    debug_assert!(small_fits(m, k, n, &a, &b));
    match lanes::<T>() {
        16 => builds::dispatch::<T, builds::Arrays, 16, 8, 4>(m, k, n, a, b, c),
        8 => builds::dispatch::<T, builds::Arrays, 8, 4, 2>(m, k, n, a, b, c),
        _ => builds::dispatch::<T, builds::Arrays, 4, 2, 1>(m, k, n, a, b, c),
    }
}

/// [`small_gemm`] for `f32` and `f64`: the AVX2 and AVX-512 builds keep their lanes in
/// `core::arch` vectors, so that they run as fast in every profile a dependent builds them with.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn small_gemm_float<T: builds::Float>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    debug_assert!(small_fits(m, k, n, &a, &b));
    T::small_gemm(m, k, n, a, b, c);
}

/// The kernel for the operands' layouts: dot products when `b`'s rows are not contiguous, or
/// when it has fewer columns than a panel has lanes (all but `n` of them would be wasted) and
/// the dot products can read it.
#[inline(always)]
fn kernel<T: Reduce, S, const W: usize, const H: usize, const Q: usize>(
    s: S,
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) where
    S: Simd<T, W> + Simd<T, H> + Simd<T, Q> + Simd<T, { dots::DOT_LANES }>,
{
    if super::narrow::fits::<T, H>(k, n, &b) {
        return super::narrow::narrow::<T, S, H>(s, m, k, n, a, b, c);
    }
    if stream::fits(m, k, n, &b) {
        return stream::stream::<T, S, W>(s, k, n, a, b, c);
    }
    let rows = b.cols == 1 || n == 1;
    if dots::fits(k, n, &a, &b) && (!rows || n < W / 4) {
        dots::dots::<T, S>(s, m, k, n, a, b, c);
    } else {
        blocks::<T, S, W, H, Q>(s, m, k, n, a, b, c);
    }
}

/// Every block of `C`, each stored as its rows' first `min(W, n - j)` columns.
#[inline(always)]
fn blocks<T: Reduce, S, const W: usize, const H: usize, const Q: usize>(
    s: S,
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) where
    S: Simd<T, W> + Simd<T, H> + Simd<T, Q>,
{
    // Every entry of `a` the blocks read lies in its buffer: the positions are affine in the row
    // and the column, so they do if the four corners do (the `Matrix` contract; checked here
    // because the loop below reads `a` unchecked).
    assert!(covers(&a, m, k), "the left operand lies in its buffer");
    let panels = n.div_ceil(W);
    if m < ROWS && 2 * m * panels.div_ceil(ROWS) <= panels {
        // Fewer rows than a block and several panels (a vector times a matrix): each row by four
        // panels at a time (panels past the last repeat it, not stored) rather than rows
        // repeated, when that makes at most half as many blocks: each reads four windows of `b`
        // per step instead of one.
        for i in 0..m {
            let starts = [a.row_start(i); ROWS];
            for first in (0..panels).step_by(ROWS) {
                let mut cols = [0; ROWS];
                let mut windows = [(0, 0); ROWS];
                for q in 0..ROWS {
                    cols[q] = (first + q).min(panels - 1) * W;
                    windows[q] = full_windows::<T, W>(k, &b, cols[q]);
                }
                let acc = block::<T, S, W>(s, k, a, &starts, b, &cols, &windows, None);
                for (q, &v) in acc.iter().enumerate().take(panels - first) {
                    let at = i * n + cols[q];
                    let lanes = <S as Simd<T, W>>::to_array(s, v);
                    store(&mut c[at..at + W.min(n - cols[q])], &lanes);
                }
            }
        }
        return;
    }
    // The panels of `W` columns, the last no wider than it needs, in halves and quarters of `W`
    // (`[7, 784] x [784, 10]` f64: 8 and 2 columns rather than 8 and 8), each width its own build.
    for j in (0..n).step_by(W) {
        match n - j {
            w if w > H => panel::<T, S, W>(s, m, k, n, a, b, c, j),
            w if w > Q => panel::<T, S, H>(s, m, k, n, a, b, c, j),
            _ => panel::<T, S, Q>(s, m, k, n, a, b, c, j),
        }
    }
}

/// The blocks of rows of `C` by the panel of `P` columns from `j` (up to `n`).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn panel<T: Reduce, S: Simd<T, P>, const P: usize>(
    s: S,
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
    j: usize,
) {
    let whole = full_windows::<T, P>(k, &b, j);
    let windows = [whole; ROWS];
    let pads = Pads::<T, P>::new(k, &b, j, whole);
    let width = P.min(n - j);
    for i in (0..m).step_by(ROWS) {
        // Where each row of the block starts in `a` (rows past the last repeat it).
        let mut starts = [0; ROWS];
        for (r, start) in starts.iter_mut().enumerate() {
            *start = a.row_start((i + r).min(m - 1));
        }
        let acc = block::<T, S, P>(s, k, a, &starts, b, &[j; ROWS], &windows, pads.as_ref());
        for (r, &v) in acc.iter().enumerate().take(m - i) {
            let at = (i + r) * n + j;
            store(&mut c[at..at + width], &s.to_array(v));
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

/// The window of `W` elements of row `p` of `b` from column `j` as far as the buffer holds it,
/// then zeros (the columns past `n` are discarded; those before it exist).
#[inline(always)]
fn padded_window<T: Reduce, const W: usize>(b: &Matrix<'_, T>, p: usize, j: usize) -> [T; W] {
    let start = b
        .base
        .wrapping_add((p as isize).wrapping_mul(b.rows) as usize)
        .wrapping_add(j);
    let mut out = [T::ZERO; W];
    let tail = &b.data[start..];
    let len = tail.len().min(W);
    out[..len].copy_from_slice(&tail[..len]);
    out
}

/// The padded windows of a panel's rows that do not lie whole in `b` (rows before `lo` and from
/// `hi` on), copied once for the whole panel when they are few (the last rows of a small `b`,
/// the usual case), instead of once per block: the copy calls `memcpy`, four times a block,
/// which made `[1000, 3] x [3, 3]` take 4x numpy's time.
struct Pads<T, const W: usize> {
    rows: [[T; W]; PADS],
    lo: usize,
    hi: usize,
}

/// The most rows [`Pads`] keeps.
const PADS: usize = 8;

impl<T: Reduce, const W: usize> Pads<T, W> {
    /// The windows from column `j` of the rows outside `lo..hi`, or `None` when they are more
    /// than [`PADS`].
    #[inline(always)]
    fn new(k: usize, b: &Matrix<'_, T>, j: usize, (lo, hi): (usize, usize)) -> Option<Self> {
        if lo + (k - hi) > PADS {
            return None;
        }
        let mut rows = [[T::ZERO; W]; PADS];
        for (slot, p) in rows.iter_mut().zip((0..lo).chain(hi..k)) {
            *slot = padded_window(b, p, j);
        }
        Some(Pads { rows, lo, hi })
    }

    /// The window of row `p` (outside `lo..hi`).
    #[inline(always)]
    fn get(&self, p: usize) -> [T; W] {
        self.rows[if p < self.lo {
            p
        } else {
            self.lo + p - self.hi
        }]
    }
}

/// One block of `C`: [`ROWS`] slots, slot `q` the row of `a` starting at `starts[q]` times the
/// columns `cols[q]..cols[q] + W` of `b` (those past `n` computed from whatever the window of `b`
/// holds there, and not stored), whose windows lie whole in `b` for the rows `p` in
/// `windows[q]`; the others read from `pads` where it has them, else copied one by one. Four
/// rows by one panel, or one row by four panels.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn block<T: Reduce, S: Simd<T, W>, const W: usize>(
    s: S,
    k: usize,
    a: Matrix<'_, T>,
    starts: &[usize; ROWS],
    b: Matrix<'_, T>,
    cols: &[usize; ROWS],
    windows: &[(usize, usize); ROWS],
    pads: Option<&Pads<T, W>>,
) -> [S::V; ROWS] {
    let slots = Slots {
        a,
        starts,
        b,
        cols,
        windows,
        pads,
    };
    // Every slot's window whole for `p` in `lo..hi`; outside, each slot checks its own.
    let lo = windows.iter().map(|w| w.0).max().unwrap_or(0);
    let hi = windows.iter().map(|w| w.1).min().unwrap_or(0);
    // Each sum starts from its first product (a float `0 + x` is not `x` for `x = -0.0`).
    let (x0, y0) = (slots.entries(0), slots.checked(s, 0));
    let mut acc = y0;
    for q in 0..ROWS {
        acc[q] = s.mul(s.splat(x0[q]), y0[q]);
    }
    for p in 1..lo.max(1) {
        step(s, &mut acc, slots.entries(p), slots.checked(s, p));
    }
    for p in lo.max(1)..hi {
        step(s, &mut acc, slots.entries(p), slots.whole(s, p));
    }
    for p in hi.max(1).max(lo.max(1))..k {
        step(s, &mut acc, slots.entries(p), slots.checked(s, p));
    }
    acc
}

/// One step of a block: each slot's sum plus its entry of `a` times its window of `b`.
#[inline(always)]
fn step<T: Reduce, S: Simd<T, W>, const W: usize>(
    s: S,
    acc: &mut [S::V; ROWS],
    x: [T; ROWS],
    y: [S::V; ROWS],
) {
    for q in 0..ROWS {
        acc[q] = s.mul_add(s.splat(x[q]), y[q], acc[q]);
    }
}

/// What a block reads: [`block`]'s arguments, with its reads as methods (functions, not
/// closures: a closure left out of line is compiled without the build's features).
struct Slots<'s, 'a, T, const W: usize> {
    a: Matrix<'a, T>,
    starts: &'s [usize; ROWS],
    b: Matrix<'a, T>,
    cols: &'s [usize; ROWS],
    windows: &'s [(usize, usize); ROWS],
    pads: Option<&'s Pads<T, W>>,
}

impl<T: Reduce, const W: usize> Slots<'_, '_, T, W> {
    /// Each slot's entry `[i, p]` of `a`.
    #[inline(always)]
    fn entries(&self, p: usize) -> [T; ROWS] {
        let col = (p as isize).wrapping_mul(self.a.cols) as usize;
        let mut out = [T::ZERO; ROWS];
        for (o, &start) in out.iter_mut().zip(self.starts) {
            // SAFETY: `start + col` is the position of entry `[i, p]` of `a` for a row `i < m`
            // and `p < k`, which `blocks` asserted lies in `a.data` (`covers`).
            *o = unsafe { *self.a.data.get_unchecked(start.wrapping_add(col)) };
        }
        out
    }

    /// Slot `q`'s window of row `p` of `b`, where `p` is in `windows[q]`.
    #[inline(always)]
    fn window<S: Simd<T, W>>(&self, s: S, p: usize, q: usize) -> S::V {
        debug_assert!((self.windows[q].0..self.windows[q].1).contains(&p));
        let start = self
            .b
            .base
            .wrapping_add((p as isize).wrapping_mul(self.b.rows) as usize)
            .wrapping_add(self.cols[q]);
        // SAFETY: `p` is in `windows[q]`, the rows whose windows from column `cols[q]` lie
        // whole in `b.data` (`full_windows`).
        unsafe { s.load_ptr(self.b.data.as_ptr().add(start)) }
    }

    /// Every slot's window of row `p`, all of which lie whole in `b`.
    #[inline(always)]
    fn whole<S: Simd<T, W>>(&self, s: S, p: usize) -> [S::V; ROWS] {
        [
            self.window(s, p, 0),
            self.window(s, p, 1),
            self.window(s, p, 2),
            self.window(s, p, 3),
        ]
    }

    /// Every slot's window of row `p`, read whole where it lies whole in `b`, else its copy.
    #[inline(always)]
    fn checked<S: Simd<T, W>>(&self, s: S, p: usize) -> [S::V; ROWS] {
        [
            self.checked_one(s, p, 0),
            self.checked_one(s, p, 1),
            self.checked_one(s, p, 2),
            self.checked_one(s, p, 3),
        ]
    }

    /// Slot `q`'s window of row `p`, read whole where it lies whole in `b`, else its copy.
    #[inline(always)]
    fn checked_one<S: Simd<T, W>>(&self, s: S, p: usize, q: usize) -> S::V {
        if (self.windows[q].0..self.windows[q].1).contains(&p) {
            return self.window(s, p, q);
        }
        let copy = match self.pads {
            Some(pads) => pads.get(p),
            None => padded_window(&self.b, p, self.cols[q]),
        };
        s.load(&copy)
    }
}
