//! Matrix products: what an element needs ([`Product`]) and the one kernel every product ends
//! in, `C = A · B` for one matrix of any strides, written into a packed row-major output. The
//! dynamic path (`DynTensor::try_matmul`) loops it over numpy's broadcast batch axes.
//!
//! `f32` and `f64` hand the matrix to a GEMM crate: `gemm` with the opt-in `gemm` feature
//! (AVX-512, AVX2 or FMA kernels chosen at run time, and a large product threaded by the GEMM
//! itself on rayon's pool) when the right operand's rows are contiguous, else `matrixmultiply`
//! with `alloc` (packing, cache blocking and AVX/FMA kernels, the GEMM ndarray uses; it does not
//! slow down on a transposed right operand, where `gemm` does). Below `SMALL_GEMM` (64K)
//! multiply-adds, when the right operand's rows are contiguous (or its columns and the left
//! operand's rows), they run the register kernels of `small` instead: a GEMM's packing costs more
//! than such a product. So do products of any size whose left operand has at most eight rows
//! (sixteen where the kernel's AVX-512 build runs; a vector times a matrix, a small batch): the
//! kernel then reads the right operand once a block of four rows, where a GEMM packs all of it
//! first and fills most of its register tile with padding, and products whose right operand is
//! at most 16 `f32` (8 `f64`) columns wide, which every block of rows then reads from cache.
//! Where the CPU has AVX-512F and FMA, every product of at least four rows (eight when `B`'s rows
//! are 4 KiB apart or more) and two panels of columns whose right operand has contiguous rows
//! runs the kernel's tiles instead, at any size (`small/tiles.rs`: eight rows by two panels of
//! fused multiply-adds, `B` copied panel by panel as a GEMM packs it), which measured faster than
//! matrixmultiply from `[4, 512] x [512, 512]` to `[1024, 1024] x [1024, 1024]` (BENCHMARKS.md,
//! "Tiles of eight rows"). Where the CPU has AVX-512F, a right operand of 2 to 8 `f32` (2 to 4
//! `f64`) columns by at least 16 rows (64 for more than half that many columns) runs a kernel of
//! its own at any size (`small/columns.rs`: each vector a few rows of `B` by its columns, so that
//! every lane works where a panel would fill a quarter). One row times a right operand of at
//! least 1 MiB whose rows are 3 KiB or longer sums `C`'s row in L1 while `B`'s rows stream past
//! (`small/stream.rs`), where the blocks would read `B` from memory down its columns. Other
//! elements, and every element without `alloc`, run those kernels whenever
//! the layouts allow, else a loop in `i, k, j` order.

mod dots;
mod narrow;
mod shape;
mod small;

pub use shape::{Append, InnerDim, MatMul, MatMulWith, NotScalar, SameInner};

use crate::Reduce;

/// One operand matrix: its buffer, the position of element `[0, 0]`, and its row and column
/// strides in elements (any sign, 0 for a broadcast). Every position
/// `base + i * rows + j * cols` it is asked for lies in `data`.
#[derive(Clone, Copy)]
pub(crate) struct Matrix<'a, T> {
    pub data: &'a [T],
    pub base: usize,
    pub rows: isize,
    pub cols: isize,
}

impl<T> Matrix<'_, T> {
    /// The position of row `i`'s first entry (wrapping, as positions of any stride are formed).
    #[inline(always)]
    fn row_start(&self, i: usize) -> usize {
        self.base
            .wrapping_add((i as isize).wrapping_mul(self.rows) as usize)
    }
}

impl<T: Copy> Matrix<'_, T> {
    #[inline(always)]
    fn at(&self, i: usize, j: usize) -> T {
        let off = (i as isize).wrapping_mul(self.rows) + (j as isize).wrapping_mul(self.cols);
        self.data[self.base.wrapping_add(off as usize)]
    }
}

/// Elements of a matrix product: every [`Reduce`] type, integers wrapping on overflow as numpy's
/// do. `Send + Sync` because a large dynamic product is split over threads.
pub trait Product: Reduce + Send + Sync {
    /// `c = a · b` for an `m x k` and a `k x n` matrix, into `c`'s `m * n` elements, row-major.
    #[doc(hidden)]
    #[allow(private_interfaces)]
    fn gemm(
        m: usize,
        k: usize,
        n: usize,
        a: Matrix<'_, Self>,
        b: Matrix<'_, Self>,
        c: &mut [Self],
    ) {
        loop_gemm(m, k, n, a, b, c);
    }

    /// `c = a · b` as [`Product::gemm`] computes it, spread by the GEMM itself over up to
    /// `threads` threads of rayon's pool (one packing of `b` for all of them). `false`, with
    /// nothing written, when the element has no such GEMM: the caller then splits the rows.
    #[doc(hidden)]
    #[allow(private_interfaces)]
    fn gemm_threaded(
        m: usize,
        k: usize,
        n: usize,
        a: Matrix<'_, Self>,
        b: Matrix<'_, Self>,
        c: &mut [Self],
        threads: usize,
    ) -> bool {
        let _ = (m, k, n, a, b, c, threads);
        false
    }
}

/// Products of at most this many multiply-adds whose right operand has contiguous rows skip the
/// GEMM crate for the register kernel ([`small`]), which packs nothing, and so do products of
/// any size whose right operand is short and narrow ([`small::narrow_fits`]) or whose left
/// operand has at most two blocks of the kernel's rows, four where its AVX-512 build runs
/// ([`small::few_rows`]: a vector times a matrix, a small batch), which then reads `B` once a
/// block where a GEMM packs all of it and fills most of its register tile with padding, or
/// whose right operand is one panel wide ([`small::one_panel`]: a batch times a classifier's
/// weights), or which the AVX-512 build's tiles take ([`small::tiles_fit`]): measured in
/// BENCHMARKS.md ("A few rows times a large matrix", "Two blocks of rows at any size", "One
/// panel at any size", "AVX-512 where the rows of `B` are close", "Tiles of eight rows").
#[cfg(feature = "alloc")]
const SMALL_GEMM: usize = 1 << 16;

/// The portable product: for each row of `C`, the rows of `B` scaled by `A`'s entries added in
/// (`i, k, j` order, so the inner loop runs along rows of `B` and `C`); the register kernel
/// ([`small`]) when `B`'s rows are contiguous.
#[inline]
pub(crate) fn loop_gemm<T: Reduce>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
) {
    if small::small_fits(m, k, n, &a, &b) {
        return small::small_gemm(m, k, n, a, b, c);
    }
    for (i, row) in c.chunks_exact_mut(n.max(1)).take(m).enumerate() {
        row.fill(T::ZERO);
        for p in 0..k {
            let x = a.at(i, p);
            if b.cols == 1 {
                let start = b
                    .base
                    .wrapping_add((p as isize).wrapping_mul(b.rows) as usize);
                for (o, &y) in row.iter_mut().zip(&b.data[start..start + n]) {
                    *o = o.plus(x.times(y));
                }
            } else {
                for (j, o) in row.iter_mut().enumerate() {
                    *o = o.plus(x.times(b.at(p, j)));
                }
            }
        }
    }
}

/// The product of small matrices, each element handed to `put(position, value)` (row-major), the
/// last value handed for a position being its element (a row may run on into the next, which then
/// overwrites it: [`window_gemm`]): a row of up to 16 outputs accumulated in registers as `B`'s
/// rows scaled by `A`'s entries (what nalgebra's column-major product does with columns), else one
/// sum over `k` per element, as a hand-written loop. Each sum starts from its first product and
/// adds in `k`'s order either way. With constant extents the compiler unrolls it whole.
#[inline(always)]
pub(crate) fn dot_gemm<T: Reduce>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    mut put: impl FnMut(usize, T),
) {
    const ROW: usize = 16;
    if n <= ROW && k > 0 && n >= 3 && !n.is_multiple_of(4) && b.cols == 1 && b.rows == n as isize {
        return window_gemm(m, k, n, a, b, put);
    }
    if n <= ROW && k > 0 {
        for i in 0..m {
            let mut row = [T::ZERO; ROW];
            let row = &mut row[..n];
            let x = a.at(i, 0);
            for (j, r) in row.iter_mut().enumerate() {
                *r = x.times(b.at(0, j));
            }
            for p in 1..k {
                let x = a.at(i, p);
                for (j, r) in row.iter_mut().enumerate() {
                    *r = r.plus(x.times(b.at(p, j)));
                }
            }
            for (j, &v) in row.iter().enumerate() {
                put(i * n + j, v);
            }
        }
        return;
    }
    for i in 0..m {
        for j in 0..n {
            // Starting from the first product, not from 0: a float `0 + x` is not `x` (for
            // `x = -0.0`), so the compiler would keep the addition.
            let mut acc = match k {
                0 => T::ZERO,
                _ => a.at(i, 0).times(b.at(0, j)),
            };
            for p in 1..k {
                acc = acc.plus(a.at(i, p).times(b.at(p, j)));
            }
            put(i * n + j, acc);
        }
    }
}

/// [`dot_gemm`]'s rows when `B` is packed row-major and `n` is not a whole number of 4-lane
/// vectors (`[3, 3] x [3, 3]`): each output row is accumulated in `n` rounded up to 4 lanes,
/// from windows of `B` that run on into its next row, and handed over as that many lanes, running
/// on into the next output row, which is handed over after it and overwrites them (the last row
/// and the last row of `B` exactly `n`). The extra lanes compute nothing anyone reads, and cutting
/// the rows to `n` lanes is what cost the shuffles (BENCHMARKS.md, static products).
#[inline(always)]
fn window_gemm<T: Reduce>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    mut put: impl FnMut(usize, T),
) {
    let w = n.next_multiple_of(4);
    for i in 0..m {
        let mut row = [T::ZERO; 16];
        let row = &mut row[..w];
        for p in 0..k {
            let x = a.at(i, p);
            let start = b.base + p * n;
            let lanes = if start + w <= b.data.len() { w } else { n };
            let window = &b.data[start..start + lanes];
            for (r, &y) in row.iter_mut().zip(window) {
                *r = match p {
                    // The first product as the start, not 0 + it (`-0.0`).
                    0 => x.times(y),
                    _ => r.plus(x.times(y)),
                };
            }
        }
        let lanes = w.min((m - i) * n);
        for (j, &v) in row[..lanes].iter().enumerate() {
            put(i * n + j, v);
        }
    }
}

macro_rules! portable {
    ($($t:ty)*) => {$( impl Product for $t {} )*};
}

portable!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

/// `f32`/`f64` products through a GEMM crate with `alloc`: `gemm` (feature `gemm`; not under
/// Miri, which cannot run the `cpuid` it sizes its blocks with) or else `matrixmultiply`.
macro_rules! blas {
    ($($t:ty: $sgemm:ident;)*) => {$(
        impl Product for $t {
            // Inline, so a crate compiles the register kernels under it only if it multiplies
            // (they were most of the optimised code of `shaped` itself: BENCHMARKS.md).
            #[allow(private_interfaces)]
            #[inline]
            fn gemm(m: usize, k: usize, n: usize, a: Matrix<'_, $t>, b: Matrix<'_, $t>, c: &mut [$t]) {
                #[cfg(feature = "alloc")]
                {
                    if trivial(m, k, n, c) {
                        return;
                    }
                    #[cfg(all(feature = "std", target_arch = "x86_64"))]
                    if small::try_columns::<$t>(m, k, n, &a, &b, c) {
                        return;
                    }
                    let small = m.saturating_mul(k).saturating_mul(n) <= SMALL_GEMM
                        || small::narrow_fits(k, n, &b)
                        || small::few_rows(m, n, &b)
                        || small::one_panel(k, n, &b)
                        || small::tiles_fit(m, n, &b);
                    if small && small::small_fits(m, k, n, &a, &b) {
                        return small::small_gemm_float(m, k, n, a, b, c);
                    }
                    #[cfg(all(feature = "gemm", not(miri)))]
                    if suits_gemm(&b) {
                        return crate_gemm(m, k, n, a, b, c, gemm::Parallelism::None);
                    }
                    // SAFETY: `a` and `b` point at their element `[0, 0]`; every element
                    // `base + i * rows + p * cols` (i < m, p < k) of `a`, and likewise of `b`,
                    // lies in its slice (the `Matrix` contract, checked by the caller's layout),
                    // and `matrixmultiply` reads only those, through pointers derived from the
                    // slices (wrapping offsets, so negative strides are fine). `c` holds `m * n`
                    // elements (`trivial` asserted it), written row-major (row stride `n`,
                    // column stride 1); with `beta = 0` it is only written. The slices do not
                    // overlap: `c` is borrowed mutably.
                    unsafe {
                        matrixmultiply::$sgemm(
                            m,
                            k,
                            n,
                            1.0,
                            a.data.as_ptr().wrapping_add(a.base),
                            a.rows,
                            a.cols,
                            b.data.as_ptr().wrapping_add(b.base),
                            b.rows,
                            b.cols,
                            0.0,
                            c.as_mut_ptr(),
                            n as isize,
                            1,
                        );
                    }
                }
                #[cfg(not(feature = "alloc"))]
                loop_gemm(m, k, n, a, b, c);
            }

            #[allow(private_interfaces)]
            fn gemm_threaded(
                m: usize,
                k: usize,
                n: usize,
                a: Matrix<'_, $t>,
                b: Matrix<'_, $t>,
                c: &mut [$t],
                threads: usize,
            ) -> bool {
                #[cfg(all(feature = "gemm", not(miri)))]
                if suits_gemm(&b) {
                    if !trivial(m, k, n, c) {
                        crate_gemm(m, k, n, a, b, c, gemm::Parallelism::Rayon(threads));
                    }
                    return true;
                }
                let _ = (m, k, n, a, b, c, threads);
                false
            }
        }
    )*};
}

/// Checks that `c` holds the `m x n` product and fills the products no GEMM call is needed for
/// (an empty result, or `k = 0`: zeros); `true` when it did.
#[cfg(feature = "alloc")]
fn trivial<T: Reduce>(m: usize, k: usize, n: usize, c: &mut [T]) -> bool {
    assert!(c.len() >= m * n, "the output holds the product");
    if m == 0 || n == 0 {
        return true;
    }
    if k == 0 {
        c[..m * n].fill(T::ZERO);
        return true;
    }
    false
}

/// Whether `gemm` is the faster crate for a right operand laid out as `b`: when its rows are
/// contiguous, or nearly (column stride no larger than row stride). Read down its columns (a
/// transposed view), `gemm` took 1.2x its own row-major time and 1.4x numpy's on two threads
/// (BENCHMARKS.md, M4), where `matrixmultiply`, which packs `b` whatever its layout, does not slow
/// down.
#[cfg(all(feature = "gemm", not(miri)))]
fn suits_gemm<T>(b: &Matrix<'_, T>) -> bool {
    b.cols.unsigned_abs() <= b.rows.unsigned_abs()
}

/// `c = a · b` through the `gemm` crate, `m`, `k`, `n` all at least 1.
#[cfg(all(feature = "gemm", not(miri)))]
fn crate_gemm<T: Reduce + 'static>(
    m: usize,
    k: usize,
    n: usize,
    a: Matrix<'_, T>,
    b: Matrix<'_, T>,
    c: &mut [T],
    parallelism: gemm::Parallelism,
) {
    // SAFETY: as for matrixmultiply above: `a` and `b` point at their element `[0, 0]`, and
    // every element `base + i * rows + p * cols` (i < m, p < k; likewise for `b`) lies in its
    // slice by the `Matrix` contract; `gemm` reads only those (column stride before row stride
    // in its arguments), through pointers derived from the slices with wrapping offsets, so
    // negative and zero strides are fine. `c` holds `m * n` elements (`trivial` asserted it) and
    // is written row-major (column stride 1, row stride `n`); `read_dst` is false, so its old
    // contents are never read (`alpha` is then ignored) and the result is `beta * a · b` with
    // `beta = 1`. `c` is borrowed mutably, so it overlaps neither operand; `T` is `f32` or `f64`,
    // types `gemm` supports, and conjugation flags are meaningless for them.
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            c.as_mut_ptr(),
            1,
            n as isize,
            false,
            a.data.as_ptr().wrapping_add(a.base),
            a.cols,
            a.rows,
            b.data.as_ptr().wrapping_add(b.base),
            b.cols,
            b.rows,
            T::ZERO,
            T::ONE,
            false,
            false,
            false,
            parallelism,
        );
    }
}

blas! { f32: sgemm; f64: dgemm; }
