//! A rank-2 copy (`map`) whose input walks its rows across the output's columns (a transpose's
//! `to_tensor`): run in tiles, down each tile's columns, where the input's elements are
//! adjacent. A row-by-row loop reads one element per cache line per row and comes back to the
//! same lines rows later, by then evicted for large extents.
//!
//! Measured on `[1024, 1024]` f32, one thread (`cargo bench --bench views`, BENCHMARKS.md):
//! tiled copies take 0.6-0.8x ndarray's `as_standard_layout` (the row-by-row loop took 1.06x).
//! Binary operations with a transposed operand stay on the row-by-row kernels: tiling them was
//! slower in the same bench (the other operand and the output then walk columns too).

use core::mem::MaybeUninit;

/// Output rows per tile.
const TILE_ROWS: usize = 8;
/// Output columns per tile: the transposed input's cache lines per tile. Small on purpose: rows
/// of a power-of-two length (`[1024, 1024]` f32: 4 KiB) fall into one L1 cache set, which holds
/// 8 lines; 16 x 16 tiles were 3.8x slower than 8 x 8 on `[1024, 1024]`, 16 x 64 3.6x.
const TILE_COLS: usize = 8;

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
    let [rows, cols] = d;
    for i0 in (0..rows).step_by(TILE_ROWS) {
        let h = (i0 + TILE_ROWS).min(rows) - i0;
        for j0 in (0..cols).step_by(TILE_COLS) {
            let j1 = (j0 + TILE_COLS).min(cols);
            // Down each column of the tile: the input's elements are adjacent there.
            for j in j0..j1 {
                let start = at(ia, i0, j, sa);
                let col = &a[start..start + h];
                for (ii, x) in col.iter().enumerate() {
                    out[(i0 + ii) * cols + j].write(f(x));
                }
            }
        }
    }
}
