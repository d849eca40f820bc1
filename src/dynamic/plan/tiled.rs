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
            // The tile's columns of `a`, each `TILE` adjacent elements: fixed-size, so the
            // loops below need no bounds checks and the compiler can shuffle them as a block.
            let columns: [&[A; TILE]; TILE] = core::array::from_fn(|jj| {
                let start = at(ia, i0, j0 + jj, sa);
                first_tile(&a[start..])
            });
            for ii in 0..TILE {
                let row = first_tile_mut(&mut out[(i0 + ii) * cols + j0..]);
                for jj in 0..TILE {
                    f(&mut row[jj], &columns[jj][ii]);
                }
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
pub(super) fn zip2<A, B, O, F: FnMut(&A, &B) -> O>(
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
    for i0 in (0..full_rows).step_by(TILE) {
        for j0 in (0..full_cols).step_by(TILE) {
            let columns: [&[A; TILE]; TILE] = core::array::from_fn(|jj| {
                let start = at(ia, i0, j0 + jj, sa);
                first_tile(&a[start..])
            });
            for ii in 0..TILE {
                let brow = first_tile(&b[at(ib, i0 + ii, j0, sb)..]);
                let row = first_tile_mut(&mut out[(i0 + ii) * cols + j0..]);
                for jj in 0..TILE {
                    row[jj].write(f(&columns[jj][ii], &brow[jj]));
                }
            }
        }
    }
    for i in 0..rows {
        let from = if i < full_rows { full_cols } else { 0 };
        for j in from..cols {
            out[i * cols + j].write(f(&a[at(ia, i, j, sa)], &b[at(ib, i, j, sb)]));
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
