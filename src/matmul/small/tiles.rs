//! The AVX-512 build's tile for products past a few rows: [`TILE_ROWS`] rows of `C` by two
//! panels, sixteen 64-byte accumulators of the 32 registers, where the four-row block keeps four.
//! A step loads two windows of `B` and eight entries of `A` for sixteen fused multiply-adds (the
//! block: one and four for four), so neither the loads nor the adds' latency bound it. For many
//! rows of a larger `B`, each double panel of `B` is first copied to aligned lines in `k`'s order,
//! read by every tile of rows from L1 or L2, as a GEMM crate packs it; `A` is read where it is,
//! eight rows at a time.
//!
//! Tiles of eight rows cover the rows, then tiles of four (the last repeating its last row); the
//! columns past the double panels take tiles of one panel, the last no wider than it needs and
//! copied with zeros past `n`. Two rows alone take tiles of two rows by four panels first, so that
//! each window of `B` serves both rows with eight sums in registers, where a tile of four rows
//! would compute each row twice (BENCHMARKS.md, "Two and three rows by tiles").
//! Every sum starts from its first product and adds the others in
//! `k`'s order, as everywhere in the kernel, fused throughout.

use super::{Matrix, ROWS, covers, store};
use crate::Reduce;
use crate::simd::Simd;
use alloc::vec::Vec;

/// Rows of `C` per tile; the rows past the last whole tile take tiles of [`ROWS`].
pub(super) const TILE_ROWS: usize = 8;

/// Products of at least this many rows copy each double panel of `b` first ([`Pair`]) when `b`
/// is larger than [`PACK_BYTES`], every tile of rows then reading it from aligned lines in order;
/// with fewer, each double panel is read by at most two tiles, from where it is (unless `b`'s rows
/// are 4 KiB apart or more).
const PACK_ROWS: usize = 2 * TILE_ROWS;

/// A right operand of at most this many bytes stays in L1 read in place, and is not copied: the
/// copy took a tenth of `[64, 64] x [64, 64]`'s time. Read in place, a larger one's rows fell
/// into a few of L1's sets and evicted each other (`[128, 128] x [128, 128]` f32 took 1.3x
/// numpy's time).
const PACK_BYTES: usize = 32 << 10;

/// `c = a · b` (as [`super::kernel`] takes it; `b`'s rows contiguous, at least two rows and a
/// double panel of columns) by tiles, the block's panels past the last double panel.
#[inline(always)]
pub(super) fn tiles<T: Reduce, S, const W: usize, const H: usize, const Q: usize>(
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
    // Every entry the tiles read lies in its buffer: the positions are affine in the row and the
    // column, so they do if the four corners do (the `Matrix` contract; checked here because the
    // tiles read unchecked).
    assert!(
        covers(&a, m, k) && covers(&b, k, n),
        "the operands lie in their buffers"
    );
    let wide = n - n % (2 * W);
    // Rows 4 KiB apart or more fall in a few of L1's sets: read in place, each step's windows
    // evicted each other (BENCHMARKS.md, "AVX-512 where the rows of `B` are close").
    let near = b.rows.unsigned_abs().saturating_mul(size_of::<T>()) < 4096;
    let bytes = k.saturating_mul(n).saturating_mul(size_of::<T>());
    let pack = (m >= PACK_ROWS && bytes > PACK_BYTES) || !near;
    let mut packed: Vec<Pair<T, W>> = Vec::new();
    if pack && wide > 0 {
        packed.resize_with(k, || Pair([[T::ZERO; W]; 2]));
    }
    // Two rows by four panels where they fit: each window of `b` read once for both rows, which
    // a tile of four rows would repeat.
    let mut j0 = 0;
    if m == 2 && !pack {
        j0 = n - n % (4 * W);
        for j in (0..j0).step_by(4 * W) {
            // SAFETY: `j + 4 * W <= j0 <= n`, `b` covers `[k, n]`, and the tiles read rows
            // `p < k`.
            let y = unsafe { InPlace::new(b, j) };
            let starts = [a.row_start(0), a.row_start(1)];
            let acc = tile::<T, S, W, 4, 2, _>(s, k, a, &starts, &y);
            put::<T, S, W, 4>(s, &acc, c, j, n, 4 * W);
        }
    }
    for j in (j0..wide).step_by(2 * W) {
        if pack {
            for (p, Pair([left, right])) in packed.iter_mut().enumerate() {
                let row = &b.data[start(&b, p, j)..start(&b, p, j) + 2 * W];
                left.copy_from_slice(&row[..W]);
                right.copy_from_slice(&row[W..]);
            }
            tile_rows::<T, S, W, 2, _>(s, m, k, n, a, c, j, 2 * W, &Packed(&packed));
        } else {
            // SAFETY: `j + 2 * W <= wide <= n`, `b` covers `[k, n]`, and the tiles read rows
            // `p < k`.
            let y = unsafe { InPlace::new(b, j) };
            tile_rows::<T, S, W, 2, _>(s, m, k, n, a, c, j, 2 * W, &y);
        }
    }
    // The columns past the double panels: a whole panel read in place, the rest copied.
    let mut j = wide;
    if n - j >= W {
        // SAFETY: `j + W <= n`, `b` covers `[k, n]`, and the tiles read rows `p < k`.
        let y = unsafe { InPlace::new(b, j) };
        tile_rows::<T, S, W, 1, _>(s, m, k, n, a, c, j, W, &y);
        j += W;
    }
    match n - j {
        0 => {}
        w if w > H => narrow_tiles::<T, S, W>(s, m, k, n, a, b, c, j),
        w if w > Q => narrow_tiles::<T, S, H>(s, m, k, n, a, b, c, j),
        _ => narrow_tiles::<T, S, Q>(s, m, k, n, a, b, c, j),
    }
}

/// Every row of `C` by the `P` panels of `V` columns from column `j` (the first `width` stored),
/// whose row `p` `y` reads: tiles of [`TILE_ROWS`], then of [`ROWS`] (the last repeating its
/// last row, not stored).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn tile_rows<T: Reduce, S: Simd<T, V>, const V: usize, const P: usize, Y: Rows<T, V, P>>(
    s: S,
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    c: &mut [T],
    j: usize,
    width: usize,
    y: &Y,
) {
    let tiled = m - m % TILE_ROWS;
    for i in (0..tiled).step_by(TILE_ROWS) {
        let starts = row_starts::<T, TILE_ROWS>(&a, i, m);
        let acc = tile::<T, S, V, P, TILE_ROWS, Y>(s, k, a, &starts, y);
        put::<T, S, V, P>(s, &acc[..TILE_ROWS.min(m - i)], c, i * n + j, n, width);
    }
    for i in (tiled..m).step_by(ROWS) {
        let starts = row_starts::<T, ROWS>(&a, i, m);
        let acc = tile::<T, S, V, P, ROWS, Y>(s, k, a, &starts, y);
        put::<T, S, V, P>(s, &acc[..ROWS.min(m - i)], c, i * n + j, n, width);
    }
}

/// Where rows `i..i + R` of `a` start (rows past the last, `m - 1`, repeat it).
#[inline(always)]
fn row_starts<T, const R: usize>(a: &Matrix<'_, T>, i: usize, m: usize) -> [usize; R] {
    let mut starts = [0; R];
    for (r, start) in starts.iter_mut().enumerate() {
        *start = a.row_start((i + r).min(m - 1));
    }
    starts
}

/// A tile's rows into `c` from position `at`, rows `n` apart: `width` columns, all of the tile's
/// or fewer than its first panel.
#[inline(always)]
fn put<T: Copy, S: Simd<T, V>, const V: usize, const P: usize>(
    s: S,
    acc: &[[S::V; P]],
    c: &mut [T],
    at: usize,
    n: usize,
    width: usize,
) {
    for (r, panels) in acc.iter().enumerate() {
        let at = at + r * n;
        if width == V * P {
            for (q, &lanes) in panels.iter().enumerate() {
                let out = &mut c[at + q * V..at + (q + 1) * V];
                s.store(lanes, out.try_into().expect("a panel"));
            }
        } else {
            store(&mut c[at..at + width], &s.to_array(panels[0]));
        }
    }
}

/// The columns of `C` from `j` (fewer than `V`) by tiles of one panel of `V` lanes, `b`'s
/// windows copied first, zero past `n`: a window of the last rows read in place would run past
/// `b`'s buffer. With eight rows' sums in registers, the fused adds no longer wait on each
/// other as the block's four did (`[100, 100] x [100, 100]`: the last four columns took an
/// eighth of the product's time).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn narrow_tiles<T: Reduce, S: Simd<T, V>, const V: usize>(
    s: S,
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
    j: usize,
) {
    let width = n - j;
    let mut packed = alloc::vec![[T::ZERO; V]; k];
    for (p, window) in packed.iter_mut().enumerate() {
        let row = &b.data[start(&b, p, j)..start(&b, p, j) + width];
        // A loop of constant length: `copy_from_slice` of a few elements was a `memmove` call
        // a row (BENCHMARKS.md, "The tiles' last columns").
        for (q, slot) in window.iter_mut().enumerate() {
            if q < width {
                *slot = row[q];
            }
        }
    }
    tile_rows::<T, S, V, 1, _>(s, m, k, n, a, c, j, width, &Windows(&packed));
}

/// The position of entry `[p, j]` of `b` (rows contiguous).
#[inline(always)]
fn start<T>(b: &Matrix<'_, T>, p: usize, j: usize) -> usize {
    b.base
        .wrapping_add((p as isize).wrapping_mul(b.rows) as usize)
        .wrapping_add(j)
}

/// Where a tile reads row `p`'s `P` windows of `V` columns of `b`: a trait of functions, not a
/// closure, which once left out of line would be compiled without the build's features.
trait Rows<T, const V: usize, const P: usize> {
    /// The first element of row `p`'s window `q`, which has `V` elements to read.
    fn window(&self, p: usize, q: usize) -> *const T;
}

/// `b`'s windows from column `j`, read where they are.
struct InPlace<'a, T> {
    b: Matrix<'a, T>,
    j: usize,
}

impl<'a, T> InPlace<'a, T> {
    /// # Safety
    /// `b` covers `[k, n]` (its columns contiguous), `j + P * V <= n` for the `P` and `V` it is
    /// read with, and it is read for rows `p < k` only.
    #[inline(always)]
    unsafe fn new(b: Matrix<'a, T>, j: usize) -> Self {
        InPlace { b, j }
    }
}

impl<T, const V: usize, const P: usize> Rows<T, V, P> for InPlace<'_, T> {
    #[inline(always)]
    fn window(&self, p: usize, q: usize) -> *const T {
        self.b
            .data
            .as_ptr()
            .wrapping_add(start(&self.b, p, self.j) + q * V)
    }
}

/// Double panels copied to aligned lines.
struct Packed<'a, T, const W: usize>(&'a [Pair<T, W>]);

impl<T, const W: usize> Rows<T, W, 2> for Packed<'_, T, W> {
    #[inline(always)]
    fn window(&self, p: usize, q: usize) -> *const T {
        self.0[p].0[q].as_ptr()
    }
}

/// One panel's windows copied, zero past `n`.
struct Windows<'a, T, const V: usize>(&'a [[T; V]]);

impl<T, const V: usize> Rows<T, V, 1> for Windows<'_, T, V> {
    #[inline(always)]
    fn window(&self, p: usize, _: usize) -> *const T {
        self.0[p].as_ptr()
    }
}

/// Two windows of a row of `B`, on a cache line of their own.
#[repr(C, align(64))]
struct Pair<T, const W: usize>([[T; W]; 2]);

/// One tile: the `R` rows of `a` starting at `starts` times the `P` panels of `V` columns whose
/// row `p` `y` reads, for `p < k` (at least one).
#[inline(always)]
fn tile<T: Reduce, S: Simd<T, V>, const V: usize, const P: usize, const R: usize, Y>(
    s: S,
    k: usize,
    a: Matrix<'_, T>,
    starts: &[usize; R],
    y: &Y,
) -> [[S::V; P]; R]
where
    Y: Rows<T, V, P>,
{
    // Each row's sums written out one row at a time with constant indices, not in a loop over
    // the rows: in a loop, `f64`'s eight rows were vectorised across (the entries of `a`
    // gathered, the sums scattered to memory), 15x slower. A macro, not a closure (see `Rows`).
    macro_rules! each_row {
        (|$r:ident| $body:block) => {{
            const { assert!(R == 2 || R == ROWS || R == TILE_ROWS) };
            {
                let $r = 0;
                $body
            }
            {
                let $r = 1;
                $body
            }
            if R >= ROWS {
                {
                    let $r = 2;
                    $body
                }
                {
                    let $r = 3;
                    $body
                }
            }
            if R == TILE_ROWS {
                {
                    let $r = 4;
                    $body
                }
                {
                    let $r = 5;
                    $body
                }
                {
                    let $r = 6;
                    $body
                }
                {
                    let $r = 7;
                    $body
                }
            }
        }};
    }
    // Each sum starts from its first product (a float `0 + x` is not `x` for `x = -0.0`).
    let y0 = windows::<T, S, V, P, Y>(s, y, 0);
    let mut acc = [y0; R];
    each_row!(|r| {
        let xr = s.splat(entry(&a, starts, r, 0));
        for (sum, &window) in acc[r].iter_mut().zip(&y0) {
            *sum = s.mul(xr, window);
        }
    });
    for p in 1..k {
        // By value: borrowed, the rows were not unrolled and the sums left registers.
        let yp = windows::<T, S, V, P, Y>(s, y, p);
        each_row!(|r| {
            let xr = s.splat(entry(&a, starts, r, p));
            for (sum, &window) in acc[r].iter_mut().zip(&yp) {
                *sum = s.mul_add(xr, window, *sum);
            }
        });
    }
    acc
}

/// Row `p`'s `P` windows, loaded.
#[inline(always)]
fn windows<T: Copy, S: Simd<T, V>, const V: usize, const P: usize, Y: Rows<T, V, P>>(
    s: S,
    y: &Y,
    p: usize,
) -> [S::V; P] {
    // SAFETY: every window of a row `p < k` has `V` elements to read (`InPlace::new`'s
    // contract, or a copy of `V` elements).
    let first = unsafe { s.load_ptr(y.window(p, 0)) };
    let mut out = [first; P];
    for (q, v) in out.iter_mut().enumerate().skip(1) {
        // SAFETY: as above.
        *v = unsafe { s.load_ptr(y.window(p, q)) };
    }
    out
}

/// The entry `[i, p]` of `a` for the tile's row `r`. Read one at a time where it is used: read
/// as an array of eight, they were gathered into one vector and spilled.
#[inline(always)]
fn entry<T: Copy, const R: usize>(a: &Matrix<'_, T>, starts: &[usize; R], r: usize, p: usize) -> T {
    let col = (p as isize).wrapping_mul(a.cols) as usize;
    // SAFETY: `starts[r] + col` is the position of entry `[i, p]` of `a` for a row `i < m` and
    // `p < k`, which `tiles` asserted lies in `a.data` (`covers`).
    unsafe { *a.data.get_unchecked(starts[r].wrapping_add(col)) }
}
