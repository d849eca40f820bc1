//! Rank-2 plans that read one operand transposed (its rows run across the output's columns):
//! a copy (`to_tensor` of a transpose) and a binary operation whose other operand has contiguous
//! rows. They run in 8 x 8 tiles: the transposed operand's tile is read down its columns, where
//! its elements are adjacent, as eight fixed-size arrays, and the output (and the other operand)
//! along their rows; fixed sizes leave no bounds checks in the tile. A row-by-row loop reads one
//! element per cache line per row and comes back to each line rows later, by then evicted.
//! Figures: BENCHMARKS.md (`cargo bench --bench views`).

use core::mem::MaybeUninit;

/// Rows and columns per tile. Small on purpose: rows of a power-of-two length (`[1024, 1024]`
/// f32: 4 KiB) fall into one L1 cache set, which holds 8 lines; 16 x 16 tiles were 3.8x slower
/// than 8 x 8 on `[1024, 1024]`, 16 x 64 3.6x.
const TILE: usize = 8;

/// `$body` for `$jj` in `0..TILE`, written out: at `opt-level = 2` the loop was not unrolled,
/// and the tile's eight columns were not shuffled as a block (1.3x the instructions of `-O3`'s).
macro_rules! across_tile {
    (|$jj:ident| $body:expr) => {{
        const { assert!(TILE == 8) };
        {
            let $jj = 0;
            $body;
        }
        {
            let $jj = 1;
            $body;
        }
        {
            let $jj = 2;
            $body;
        }
        {
            let $jj = 3;
            $body;
        }
        {
            let $jj = 4;
            $body;
        }
        {
            let $jj = 5;
            $body;
        }
        {
            let $jj = 6;
            $body;
        }
        {
            let $jj = 7;
            $body;
        }
    }};
}

/// `true` when a rank-2 plan with these strides (outer, inner) reads its input transposed: the
/// inner stride is not 0 or 1 while the outer one is 1.
#[inline]
pub(super) fn transposed([outer, inner]: [usize; 2]) -> bool {
    outer == 1 && inner > 1
}

/// The position of element `(i, j)` from `base` with strides `s` (two's complement, wrapping).
#[inline(always)]
fn at(base: usize, i: usize, j: usize, s: [usize; 2]) -> usize {
    base.wrapping_add(i.wrapping_mul(s[0]))
        .wrapping_add(j.wrapping_mul(s[1]))
}

/// `out[i][j] = f(a[i, j])` over `d = [rows, cols]`, tile by tile; `out` is `rows * cols` slots,
/// row-major.
#[inline(always)]
pub(super) fn map2<A, O, F: FnMut(&A) -> O>(
    d: [usize; 2],
    sa: [usize; 2],
    a: &[A],
    ia: usize,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    each2(
        d,
        sa,
        a,
        ia,
        out,
        &mut |slot: &mut MaybeUninit<O>, x: &A| {
            slot.write(f(x));
        },
    )
}

/// `put(&mut out[i][j], a[i, j])` over `d = [rows, cols]`, tile by tile, for a packed row-major
/// `out` already holding elements (an assignment through a transposed destination, once its axes
/// are in memory order, reads its source transposed).
#[inline(always)]
pub(super) fn assign2<A, T, F: FnMut(&mut T, &A)>(
    d: [usize; 2],
    sa: [usize; 2],
    a: &[A],
    ia: usize,
    out: &mut [T],
    f: &mut F,
) {
    each2(d, sa, a, ia, out, f)
}

/// The tile walk of [`map2`] and [`assign2`]: `put(slot, element)` for each output slot.
#[inline(always)]
fn each2<A, X>(
    d: [usize; 2],
    sa: [usize; 2],
    a: &[A],
    ia: usize,
    out: &mut [X],
    f: &mut impl FnMut(&mut X, &A),
) {
    let [rows, cols] = d;
    let (full_rows, full_cols) = (rows - rows % TILE, cols - cols % TILE);
    for i0 in (0..full_rows).step_by(TILE) {
        for j0 in (0..full_cols).step_by(TILE) {
            let columns = tile_columns(a, ia, i0, j0, sa);
            for ii in 0..TILE {
                let row = first_tile_mut(&mut out[(i0 + ii) * cols + j0..]);
                across_tile!(|jj| f(&mut row[jj], &columns[jj][ii]));
            }
        }
    }
    // The ragged right and bottom edges, element by element.
    for i in 0..rows {
        let from = if i < full_rows { full_cols } else { 0 };
        for j in from..cols {
            f(&mut out[i * cols + j], &a[at(ia, i, j, sa)]);
        }
    }
}

/// `out[i][j] = f(a[i, j], b[i, j])` over `d = [rows, cols]` where `a` is read transposed (see
/// [`transposed`]) and `b`'s rows are contiguous (inner stride 1): tile by tile, `a`'s tile read
/// down its columns, `b` and `out` along their rows.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn zip2<A, B, O, F: FnMut(&A, &B) -> O, const AVX2: bool>(
    d: [usize; 2],
    sa: [usize; 2],
    sb: [usize; 2],
    a: &[A],
    ia: usize,
    b: &[B],
    ib: usize,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    let [rows, cols] = d;
    let (full_rows, full_cols) = (rows - rows % TILE, cols - cols % TILE);
    if size_of::<A>() <= 8 && !core::mem::needs_drop::<A>() {
        bands::<A, B, O, F, AVX2>([full_rows, full_cols], cols, sa, sb, a, ia, b, ib, out, f);
    } else {
        tiles(full_rows, full_cols, cols, sa, sb, a, ia, b, ib, out, f);
    }
    for i in 0..rows {
        let from = if i < full_rows { full_cols } else { 0 };
        for j in from..cols {
            out[i * cols + j].write(f(&a[at(ia, i, j, sa)], &b[at(ib, i, j, sb)]));
        }
    }
}

/// [`zip2`]'s whole tiles (`full_rows` by `full_cols`, of an output `cols` wide), each applying
/// `f` along its rows.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn tiles<A, B, O, F: FnMut(&A, &B) -> O>(
    full_rows: usize,
    full_cols: usize,
    cols: usize,
    sa: [usize; 2],
    sb: [usize; 2],
    a: &[A],
    ia: usize,
    b: &[B],
    ib: usize,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    for i0 in (0..full_rows).step_by(TILE) {
        for j0 in (0..full_cols).step_by(TILE) {
            let columns = tile_columns(a, ia, i0, j0, sa);
            for ii in 0..TILE {
                let brow = first_tile(&b[at(ib, i0 + ii, j0, sb)..]);
                let row = first_tile_mut(&mut out[(i0 + ii) * cols + j0..]);
                across_tile!(|jj| {
                    row[jj].write(f(&columns[jj][ii], &brow[jj]));
                });
            }
        }
    }
}

/// Columns of `a` a band of [`bands`] transposes before applying `f`.
const BAND: usize = 64;

/// [`tiles`] for elements of `a` of at most eight bytes without a destructor: each band of
/// [`TILE`] rows by up to [`BAND`] columns of `a` transposed tile by tile into a buffer (AVX2's
/// shuffles for four-byte elements in the AVX2 build, [`transposed_tile`], else element copies),
/// then `f` applied along each of its rows beside `b`'s, a loop of run-time length. The loop is
/// what the compiler vectorises at every `opt-level`: the tile's eight lanes written out were
/// vectorised only at `opt-level = 3`, whose SLP vectoriser `opt-level = 2` does not run
/// (transposed add 1.3-1.6x the default profile's time).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn bands<A, B, O, F: FnMut(&A, &B) -> O, const AVX2: bool>(
    [full_rows, full_cols]: [usize; 2],
    cols: usize,
    sa: [usize; 2],
    sb: [usize; 2],
    a: &[A],
    ia: usize,
    b: &[B],
    ib: usize,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    let mut band = [const { [const { MaybeUninit::<A>::uninit() }; BAND] }; TILE];
    for i0 in (0..full_rows).step_by(TILE) {
        for j0 in (0..full_cols).step_by(BAND) {
            let width = BAND.min(full_cols - j0);
            for jt in (0..width).step_by(TILE) {
                let columns = tile_columns(a, ia, i0, j0 + jt, sa);
                #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
                if AVX2 && size_of::<A>() == 4 && align_of::<A>() <= 4 {
                    // SAFETY: `AVX2` is true in the AVX2 build only, which runs where the CPU
                    // has AVX2.
                    let token = unsafe { <crate::simd::Avx2 as crate::simd::Token>::assume() };
                    transposed_tile(token, &columns, &mut band, jt);
                    continue;
                }
                copied_tile(&columns, &mut band, jt);
            }
            for (ii, src) in band.iter().enumerate() {
                let at_b = at(ib, i0 + ii, j0, sb);
                let brow = &b[at_b..at_b + width];
                let at_out = (i0 + ii) * cols + j0;
                let row = &mut out[at_out..at_out + width];
                for ((o, x), y) in row.iter_mut().zip(&src[..width]).zip(brow) {
                    // SAFETY: `src[..width]` holds the bits of `width` elements of `a` (no
                    // destructor), lent as shared references only.
                    o.write(f(unsafe { x.assume_init_ref() }, y));
                }
            }
        }
    }
}

/// The columns of `a`'s tile from `(i0, j0)`, each `TILE` adjacent elements: fixed-size, so the
/// loops over the tile need no bounds checks and the compiler can shuffle them as a block. A
/// loop, not `core::array::from_fn`: under `codegen-units = 1` its closure was left out of line
/// and called once a column (transposed add 1.7x the default profile's time).
#[inline(always)]
fn tile_columns<A>(a: &[A], ia: usize, i0: usize, j0: usize, sa: [usize; 2]) -> [&[A; TILE]; TILE] {
    let mut columns = [first_tile(&a[at(ia, i0, j0, sa)..]); TILE];
    for (jj, column) in columns.iter_mut().enumerate().skip(1) {
        *column = first_tile(&a[at(ia, i0, j0 + jj, sa)..]);
    }
    columns
}

/// The tile whose columns are `columns`, as its rows, into columns `jt..jt + TILE` of `band`,
/// element by element: `band[ii][jt + jj]` gets the bits of `columns[jj][ii]`.
#[inline(always)]
fn copied_tile<A>(
    columns: &[&[A; TILE]; TILE],
    band: &mut [[MaybeUninit<A>; BAND]; TILE],
    jt: usize,
) {
    for (jj, column) in columns.iter().enumerate() {
        for (row, x) in band.iter_mut().zip(column.iter()) {
            // SAFETY: `x` is a valid `A`; its bits go into a `MaybeUninit`, which never drops
            // them, and are lent out as shared references only (`bands`).
            row[jt + jj] = MaybeUninit::new(unsafe { core::ptr::read(x) });
        }
    }
}

/// The tile whose columns are `columns` (four-byte elements), as its rows, into columns
/// `jt..jt + TILE` of `band`: `band[ii][jt + jj]` gets the bits of `columns[jj][ii]`. The 8 x 8 transpose in AVX2's shuffles, which the compiler
/// builds from the plain loop only at `opt-level = 3` and not the same way for every CPU
/// (`opt-level = 2`: 1.3x the time, `target-cpu=native`: 1.5x).
#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
#[inline(always)]
fn transposed_tile<A>(
    _: crate::simd::Avx2,
    columns: &[&[A; TILE]; TILE],
    band: &mut [[MaybeUninit<A>; BAND]; TILE],
    jt: usize,
) {
    use core::arch::x86_64::*;
    assert!(size_of::<A>() == 4 && TILE == 8 && jt + TILE <= BAND);
    // SAFETY: the token proves the CPU has AVX2; each column is 8 four-byte elements (32 bytes)
    // read unaligned, and each row's `jt..jt + 8` of `band` is 32 bytes (asserted in bounds)
    // written unaligned.
    unsafe {
        let r: [__m256; TILE] = [
            _mm256_loadu_ps(columns[0].as_ptr().cast()),
            _mm256_loadu_ps(columns[1].as_ptr().cast()),
            _mm256_loadu_ps(columns[2].as_ptr().cast()),
            _mm256_loadu_ps(columns[3].as_ptr().cast()),
            _mm256_loadu_ps(columns[4].as_ptr().cast()),
            _mm256_loadu_ps(columns[5].as_ptr().cast()),
            _mm256_loadu_ps(columns[6].as_ptr().cast()),
            _mm256_loadu_ps(columns[7].as_ptr().cast()),
        ];
        // Pairs of columns interleaved, then pairs of pairs, then the 128-bit halves.
        let t0 = _mm256_unpacklo_ps(r[0], r[1]);
        let t1 = _mm256_unpackhi_ps(r[0], r[1]);
        let t2 = _mm256_unpacklo_ps(r[2], r[3]);
        let t3 = _mm256_unpackhi_ps(r[2], r[3]);
        let t4 = _mm256_unpacklo_ps(r[4], r[5]);
        let t5 = _mm256_unpackhi_ps(r[4], r[5]);
        let t6 = _mm256_unpacklo_ps(r[6], r[7]);
        let t7 = _mm256_unpackhi_ps(r[6], r[7]);
        let u0 = _mm256_shuffle_ps::<0x44>(t0, t2);
        let u1 = _mm256_shuffle_ps::<0xEE>(t0, t2);
        let u2 = _mm256_shuffle_ps::<0x44>(t1, t3);
        let u3 = _mm256_shuffle_ps::<0xEE>(t1, t3);
        let u4 = _mm256_shuffle_ps::<0x44>(t4, t6);
        let u5 = _mm256_shuffle_ps::<0xEE>(t4, t6);
        let u6 = _mm256_shuffle_ps::<0x44>(t5, t7);
        let u7 = _mm256_shuffle_ps::<0xEE>(t5, t7);
        let rows = [
            _mm256_permute2f128_ps::<0x20>(u0, u4),
            _mm256_permute2f128_ps::<0x20>(u1, u5),
            _mm256_permute2f128_ps::<0x20>(u2, u6),
            _mm256_permute2f128_ps::<0x20>(u3, u7),
            _mm256_permute2f128_ps::<0x31>(u0, u4),
            _mm256_permute2f128_ps::<0x31>(u1, u5),
            _mm256_permute2f128_ps::<0x31>(u2, u6),
            _mm256_permute2f128_ps::<0x31>(u3, u7),
        ];
        for (row, v) in band.iter_mut().zip(rows) {
            _mm256_storeu_ps(row[jt..jt + TILE].as_mut_ptr().cast(), v);
        }
    }
}

/// The first `TILE` elements of `s` as an array reference.
#[inline(always)]
fn first_tile<X>(s: &[X]) -> &[X; TILE] {
    match s.first_chunk::<TILE>() {
        Some(t) => t,
        None => panic!("a tile reaches past its slice"),
    }
}

/// The first `TILE` elements of `s` as a mutable array reference.
#[inline(always)]
fn first_tile_mut<X>(s: &mut [X]) -> &mut [X; TILE] {
    match s.first_chunk_mut::<TILE>() {
        Some(t) => t,
        None => panic!("a tile reaches past its slice"),
    }
}
