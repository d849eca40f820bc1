//! Writes through a destination with any (non-overlapping) strides: a transposed, sliced or
//! diagonal mutable view. The destination is planned as one more operand, so its axes coalesce
//! with the inputs'; the outer axes are walked here and each innermost row runs the shared row
//! loops of `kernel::row` when the destination's row is contiguous (it is, after coalescing, for
//! every packed or merely sliced destination), or an indexed loop otherwise.

use super::coalesce::for_each_block;
use super::order::by_destination;
use super::{Dst, Src};
use crate::MAX_RANK;
use crate::kernel::row;
use crate::layout::Plan;

/// The position of element `j` of a row from `i` with stride `s` (two's complement, wrapping).
#[inline(always)]
fn at(i: usize, j: usize, s: usize) -> usize {
    i.wrapping_add(j.wrapping_mul(s))
}

/// Calls `row(offsets, n, strides)` for every innermost row of a plan whose blocks start at
/// `start`: the outer axes walked as an odometer, last one fastest.
#[inline(always)]
fn for_each_row<const N: usize>(
    p: &Plan<N>,
    start: [usize; N],
    mut row: impl FnMut([usize; N], usize, [usize; N]),
) {
    let first = MAX_RANK - p.rank.max(1);
    let n = p.dims[MAX_RANK - 1];
    let inner: [usize; N] = core::array::from_fn(|k| p.strides[k][MAX_RANK - 1]);
    let rows: usize = p.dims[first..MAX_RANK - 1].iter().product();
    let mut index = [0usize; MAX_RANK];
    let mut off = start;
    for _ in 0..rows {
        row(off, n, inner);
        for ax in (first..MAX_RANK - 1).rev() {
            index[ax] += 1;
            for (o, s) in off.iter_mut().zip(&p.strides) {
                *o = o.wrapping_add(s[ax]);
            }
            if index[ax] < p.dims[ax] {
                break;
            }
            for (o, s) in off.iter_mut().zip(&p.strides) {
                *o = o.wrapping_sub(s[ax].wrapping_mul(p.dims[ax]));
            }
            index[ax] = 0;
        }
    }
}

/// `f(&mut out[i], b[i])` over `out`'s shape through its strides, `b` broadcast to it.
pub(crate) fn assign<T, B, F: FnMut(&mut T, &B)>(out: Dst<'_, T>, b: Src<'_, B>, f: &mut F) {
    let n = crate::dynamic::layout::checked_count(out.dims).unwrap_or(0);
    if n == 0 {
        return;
    }
    if let Some((base, dims, [ob])) = by_destination(&out, [(b.base, b.dims, b.strides)]) {
        return super::assign(&dims, &mut out.data[base..base + n], ob.src(b.data), f);
    }
    let ops = [(out.dims, out.strides), (b.dims, b.strides)];
    for_each_block(out.dims, ops, n, |p, [oo, ob], _| {
        let start = [out.base.wrapping_add(oo), b.base.wrapping_add(ob)];
        for_each_row(p, start, |[io, ib], n, [so, sb]| {
            if so == 1 {
                row::assign(n, sb, b.data, ib, &mut out.data[io..io + n], f);
            } else {
                for j in 0..n {
                    f(&mut out.data[at(io, j, so)], &b.data[at(ib, j, sb)]);
                }
            }
        });
    });
}

/// `f(&mut out[i], a[i], b[i])` over `out`'s shape through its strides, `a` and `b` broadcast
/// to it.
pub(crate) fn zip_assign<T, A, B, F: FnMut(&mut T, &A, &B)>(
    out: Dst<'_, T>,
    a: Src<'_, A>,
    b: Src<'_, B>,
    f: &mut F,
) {
    let n = crate::dynamic::layout::checked_count(out.dims).unwrap_or(0);
    if n == 0 {
        return;
    }
    let operands = [(a.base, a.dims, a.strides), (b.base, b.dims, b.strides)];
    if let Some((base, dims, [oa, ob])) = by_destination(&out, operands) {
        let strides = crate::dynamic::dims::Strides::row_major(&dims);
        let packed = Dst {
            data: out.data,
            base,
            dims: &dims,
            strides: &strides,
        };
        return zip_walk(packed, oa.src(a.data), ob.src(b.data), n, f);
    }
    zip_walk(out, a, b, n, f)
}

/// [`zip_assign`]'s loop over `out`'s axes in their order (`n` elements, at least one).
fn zip_walk<T, A, B, F: FnMut(&mut T, &A, &B)>(
    out: Dst<'_, T>,
    a: Src<'_, A>,
    b: Src<'_, B>,
    n: usize,
    f: &mut F,
) {
    let ops = [
        (out.dims, out.strides),
        (a.dims, a.strides),
        (b.dims, b.strides),
    ];
    for_each_block(out.dims, ops, n, |p, [oo, oa, ob], _| {
        let start = [
            out.base.wrapping_add(oo),
            a.base.wrapping_add(oa),
            b.base.wrapping_add(ob),
        ];
        for_each_row(p, start, |[io, ia, ib], n, [so, sa, sb]| {
            if so == 1 {
                row::zip_assign(
                    n,
                    sa,
                    sb,
                    a.data,
                    ia,
                    b.data,
                    ib,
                    &mut out.data[io..io + n],
                    f,
                );
            } else {
                for j in 0..n {
                    f(
                        &mut out.data[at(io, j, so)],
                        &a.data[at(ia, j, sa)],
                        &b.data[at(ib, j, sb)],
                    );
                }
            }
        });
    });
}
