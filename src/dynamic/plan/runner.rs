//! The runners: how an element function runs over a planned output, on the calling thread
//! ([`Serial`]) or split over threads ([`Split`]), with the fast paths that skip planning.

use core::mem::MaybeUninit;

use super::coalesce::{for_each_block, odometer, padded_plan};
use super::rows::zip_rows_fast;
use super::simd::zip_plan;
use super::{Dst, Src, packed};
use crate::MAX_RANK;
use crate::dynamic::parallel;
use crate::kernel::{self, row};
use crate::layout::{Plan, unpad};

/// How a binary element function runs over an output: the two loop shapes the planner hands
/// out, each writing every slot of `out` in row-major order. [`Serial`] runs any `FnMut` on the
/// calling thread; [`Split`] runs an `Fn + Sync` over chunks of a large output on several
/// threads ([`parallel`]).
pub(crate) trait Runner<A, B, O> {
    /// Rows of `m`, as [`trailing_block`] found them: `out[i] = f(big[i], small[i % m])`.
    fn rows(&mut self, big_is_a: bool, m: usize, a: &[A], b: &[B], out: &mut [MaybeUninit<O>]);
    /// `out[i] = f(a[i], b[i])` over the output shape `dims`, both broadcast to it.
    fn zip(&mut self, dims: &[usize], a: Src<'_, A>, b: Src<'_, B>, out: &mut [MaybeUninit<O>]);
    /// `out[i] = f(a[i], b[i])` into a destination with any strides (on the calling thread).
    fn zip_strided(&mut self, out: Dst<'_, O>, a: Src<'_, A>, b: Src<'_, B>);
}

/// Runs its function on the calling thread, in order.
pub(crate) struct Serial<F>(pub F);

/// Splits large outputs over threads; its function runs on several at once.
pub(crate) struct Split<F>(pub F);

impl<A, B, O, F: FnMut(&A, &B) -> O> Runner<A, B, O> for Serial<F> {
    #[inline(always)]
    fn rows(&mut self, big_is_a: bool, m: usize, a: &[A], b: &[B], out: &mut [MaybeUninit<O>]) {
        if !out.is_empty() {
            zip_rows_fast(big_is_a, out.len(), m, a, b, out, &mut self.0)
        }
    }

    #[inline(always)]
    fn zip(&mut self, dims: &[usize], a: Src<'_, A>, b: Src<'_, B>, out: &mut [MaybeUninit<O>]) {
        zip(dims, a, b, out, &mut self.0)
    }

    fn zip_strided(&mut self, out: Dst<'_, O>, a: Src<'_, A>, b: Src<'_, B>) {
        let f = &mut self.0;
        super::strided::zip_assign(out, a, b, &mut |o: &mut O, x: &A, y: &B| *o = f(x, y))
    }
}

impl<A: Sync, B: Sync, O: Send, F: Fn(&A, &B) -> O + Sync> Runner<A, B, O> for Split<F> {
    fn zip_strided(&mut self, out: Dst<'_, O>, a: Src<'_, A>, b: Src<'_, B>) {
        let f = &self.0;
        super::strided::zip_assign(out, a, b, &mut |o: &mut O, x: &A, y: &B| *o = f(x, y))
    }

    #[inline(always)]
    fn rows(&mut self, big_is_a: bool, m: usize, a: &[A], b: &[B], out: &mut [MaybeUninit<O>]) {
        if out.is_empty() {
            return;
        }
        let f = &self.0;
        if out.len() == m {
            // One row (same shapes, `[n] + [n]`): cut it like a flat loop.
            return parallel::for_each_rows(out, 1, |first, out| {
                let len = out.len();
                let (a, b) = (&a[first..], &b[first..]);
                zip_rows_fast(big_is_a, len, len, a, b, out, &mut |x, y| f(x, y))
            });
        }
        parallel::for_each_rows(out, m, |first, out| {
            let start = first * m;
            let (a, b) = if big_is_a {
                (&a[start..], b)
            } else {
                (a, &b[start..])
            };
            zip_rows_fast(big_is_a, out.len(), m, a, b, out, &mut |x, y| f(x, y))
        })
    }

    #[inline(always)]
    fn zip(&mut self, dims: &[usize], a: Src<'_, A>, b: Src<'_, B>, out: &mut [MaybeUninit<O>]) {
        let n = out.len();
        if n == 0 {
            return;
        }
        let f = &self.0;
        let Some(p) = zip_plan_of(dims, &a, &b, n) else {
            // Past eight axes: on this thread (the odometer's blocks are its own).
            return zip_odometer(dims, a, b, out, &mut |x, y| f(x, y));
        };
        // Whole rows of the outermost planned axis; a rank-0 plan is one row of one element.
        let at = MAX_RANK - p.rank.max(1);
        let row = n / p.dims[at];
        parallel::for_each_rows(out, row, |first, out| {
            let mut q = p;
            q.dims[at] = out.len() / row;
            let [sa, sb] = [p.strides[0][at], p.strides[1][at]];
            let (ia, ib) = (a.at(first.wrapping_mul(sa)), b.at(first.wrapping_mul(sb)));
            zip_plan(&q, a.data, ia, b.data, ib, out, &mut |x, y| f(x, y))
        })
    }
}

/// `out[i] = f(a[i], b[i])` over the output shape `dims`, writing every slot of `out` (whose
/// length is the element count of `dims`) in row-major order.
#[inline(always)]
pub(crate) fn zip<A, B, O, F: FnMut(&A, &B) -> O>(
    dims: &[usize],
    a: Src<'_, A>,
    b: Src<'_, B>,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    let n = out.len();
    if n == 0 {
        return;
    }
    match zip_plan_of(dims, &a, &b, n) {
        Some(p) => zip_plan(&p, a.data, a.base, b.data, b.base, out, f),
        None => zip_odometer(dims, a, b, out, f),
    }
}

/// [`zip`] above [`MAX_RANK`] axes: the [`odometer`]'s blocks, each run as a plan.
fn zip_odometer<A, B, O, F: FnMut(&A, &B) -> O>(
    dims: &[usize],
    a: Src<'_, A>,
    b: Src<'_, B>,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    let ops = [(a.dims, a.strides), (b.dims, b.strides)];
    odometer(dims, ops, out.len(), |p, [oa, ob], range| {
        zip_plan(p, a.data, a.at(oa), b.data, b.at(ob), &mut out[range], f)
    })
}

/// The plan of a zip over `dims` (`n > 0` elements): one flat loop when both operands are packed
/// in the output's shape or one is a single element beside a packed one, else the coalesced
/// plan; `None` above [`MAX_RANK`] axes.
#[inline(always)]
fn zip_plan_of<A, B>(dims: &[usize], a: &Src<'_, A>, b: &Src<'_, B>, n: usize) -> Option<Plan<2>> {
    let (pa, pb) = (a.packed_as(dims), b.packed_as(dims));
    if pa && pb {
        return Some(flat_plan(n, 1, 1));
    }
    if pa && single(b.dims) {
        return Some(flat_plan(n, 1, 0));
    }
    if pb && single(a.dims) {
        return Some(flat_plan(n, 0, 1));
    }
    padded_plan(dims, [(a.dims, a.strides), (b.dims, b.strides)], n)
}

/// `true` when a shape has exactly one element.
#[inline]
fn single(dims: &[usize]) -> bool {
    dims.iter().all(|&d| d == 1)
}

/// A rank-1 plan of `n` elements with the given strides: the fast paths run through
/// [`zip_plan`] too, so they get the same AVX2 dispatch.
#[inline(always)]
fn flat_plan(n: usize, sa: usize, sb: usize) -> Plan<2> {
    let mut p = Plan {
        rank: 1,
        dims: [1; MAX_RANK],
        strides: [[0; MAX_RANK]; 2],
    };
    p.dims[MAX_RANK - 1] = n;
    p.strides[0][MAX_RANK - 1] = sa;
    p.strides[1][MAX_RANK - 1] = sb;
    p
}

/// `out[i] = f(a[i])` over `a`'s own shape, every slot of `out` written in row-major order.
#[inline(always)]
pub(crate) fn map<A, O, F: FnMut(&A) -> O>(a: Src<'_, A>, out: &mut [MaybeUninit<O>], f: &mut F) {
    let n = out.len();
    if n == 0 {
        return;
    }
    if packed(a.dims, a.strides) {
        return row::map(n, 1, a.data, a.base, out, f);
    }
    for_each_block(a.dims, [(a.dims, a.strides)], n, |p, [oa], range| {
        let (d, [sa]) = (&p.dims, &p.strides);
        let (ia, out) = (a.at(oa), &mut out[range]);
        match p.rank {
            0 | 1 => kernel::map_r1(unpad(d), unpad(sa), a.data, ia, out, f),
            2 if super::tiled::transposed(unpad(sa)) => {
                super::tiled::map2(unpad(d), unpad(sa), a.data, ia, out, f)
            }
            2 => kernel::map_r2(unpad(d), unpad(sa), a.data, ia, out, f),
            _ => kernel::map_r8(*d, *sa, a.data, ia, out, f),
        }
    });
}

/// `f(&mut out[i], b[i])` for a packed row-major `out` of shape `dims` and `b` broadcast to it.
#[inline(always)]
pub(crate) fn assign<T, B, F: FnMut(&mut T, &B)>(
    dims: &[usize],
    out: &mut [T],
    b: Src<'_, B>,
    f: &mut F,
) {
    let n = out.len();
    if n == 0 {
        return;
    }
    if b.packed_as(dims) {
        return row::assign(n, 1, b.data, b.base, out, f);
    }
    for_each_block(dims, [(b.dims, b.strides)], n, |p, [ob], range| {
        let (d, [sb]) = (&p.dims, &p.strides);
        let (ib, out) = (b.at(ob), &mut out[range]);
        match p.rank {
            0 | 1 => kernel::assign_r1(unpad(d), unpad(sb), b.data, ib, out, f),
            2 if super::tiled::transposed(unpad(sb)) => {
                super::tiled::assign2(unpad(d), unpad(sb), b.data, ib, out, f)
            }
            2 => kernel::assign_r2(unpad(d), unpad(sb), b.data, ib, out, f),
            3 => kernel::assign_r3(unpad(d), unpad(sb), b.data, ib, out, f),
            _ => kernel::assign_r8(*d, *sb, b.data, ib, out, f),
        }
    });
}
