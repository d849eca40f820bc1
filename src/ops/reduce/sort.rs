//! Sorts along a `const` axis of any static operand, on the dynamic path's sort (shared in
//! [`crate::reduce`]): `argsort` sorts each lane's keys beside their positions (with `alloc`) or
//! the positions in the output's own slots (without: a heap sort, O(n log n)); `sort` sorts
//! each lane of a row-major copy, a lane across rows through a buffer of one lane (with
//! `alloc`), or puts every lane in the order `argsort` finds, in place (without).

#[cfg(feature = "alloc")]
use crate::reduce::argsort::sort_pairs;
#[cfg(not(feature = "alloc"))]
use crate::reduce::argsort::{Lane, sort_positions};

use super::index_of;
use super::walk::{Walk, walk};
use crate::layout::{MAX_RANK, Padded, row_major};
use crate::ops::engine;
use crate::shape::kind::Kind;
use crate::{Operand, Reduce, Shape, Tensor};

/// For each lane of `a` along axis `AX`, the positions that sort it stably.
#[inline]
pub(super) fn argsort<A: Operand, const AX: isize>(a: &A) -> Tensor<usize, A::Shape>
where
    A::Elem: Reduce,
{
    let w = walk::<A, AX>(a);
    let src = a.source();
    let mut out =
        Tensor::<usize, A::Shape>::from_flat_fn_dims(|| index_of::<A::Shape>(a.extents()), |_| 0);
    let idx = out.as_mut_slice();
    #[cfg(feature = "alloc")]
    let mut pairs = alloc::vec::Vec::with_capacity(w.len);
    for n in 0..if w.len == 0 { 0 } else { w.count } {
        let first = w.out.at(n);
        #[cfg(feature = "alloc")]
        {
            sort_pairs(&mut pairs, w.lane(src, n).map(Reduce::sort_key));
            for (j, &(_, p)) in pairs.iter().enumerate() {
                idx[first + j * w.out_step] = p;
            }
        }
        #[cfg(not(feature = "alloc"))]
        {
            let (from, step) = (w.kept.at(n), w.step);
            let mut lane = Lane {
                slots: &mut *idx,
                first,
                step: w.out_step,
                len: w.len,
            };
            sort_positions(&mut lane, |p| src[from + p * step].sort_key());
        }
    }
    out
}

/// A row-major copy of `a` with every lane along axis `AX` sorted stably.
#[inline]
pub(super) fn sorted<A: Operand, const AX: isize>(a: &A) -> Tensor<A::Elem, A::Shape>
where
    A::Elem: Reduce,
{
    let mut out = engine::map(a, |x: &A::Elem| *x);
    #[cfg(feature = "alloc")]
    {
        let (slots, dims) = out.slots_and_dims();
        sort_in_place::<A::Shape, A::Elem, AX>(slots, dims);
    }
    #[cfg(not(feature = "alloc"))]
    {
        // Each element taken from where `argsort` puts it.
        let order = argsort::<A, AX>(a);
        let (w, src, idx) = (walk::<A, AX>(a), a.source(), order.as_slice());
        let dst = out.as_mut_slice();
        for n in 0..if w.len == 0 { 0 } else { w.count } {
            let (first, from) = (w.out.at(n), w.kept.at(n));
            for j in 0..w.len {
                let at = first + j * w.out_step;
                dst[at] = src[from + idx[at] * w.step];
            }
        }
    }
    out
}

/// The walk of axis `AX` of row-major elements of shape `S` and extents `dims`.
#[inline(always)]
fn row_major_walk<S: Shape, const AX: isize>(dims: &[usize]) -> Walk {
    let slot = super::walk::slot(AX, S::RANK);
    S::Kind::pick(
        || {
            const {
                Walk::new(
                    &Padded {
                        dims: S::PADDED_DIMS,
                        strides: row_major(&S::PADDED_DIMS),
                    },
                    super::walk::slot(AX, S::RANK),
                )
            }
        },
        || {
            let mut d = [1; MAX_RANK];
            d[MAX_RANK - dims.len()..].copy_from_slice(dims);
            Walk::new(
                &Padded {
                    dims: d,
                    strides: row_major(&d),
                },
                slot,
            )
        },
    )
}

/// Every lane along axis `AX` of the row-major `slots` (shape `S`, extents `dims`) sorted
/// stably, in place.
#[inline]
pub(super) fn sort_in_place<S: Shape, T: Reduce, const AX: isize>(slots: &mut [T], dims: &[usize]) {
    let w = row_major_walk::<S, AX>(dims);
    if w.len < 2 {
        return;
    }
    if w.step == 1 {
        for n in 0..w.count {
            let first = w.kept.at(n);
            T::sort_stable(&mut slots[first..first + w.len]);
        }
        return;
    }
    #[cfg(feature = "alloc")]
    {
        // A lane across rows: gathered, sorted, put back.
        let mut lane = alloc::vec::Vec::with_capacity(w.len);
        for n in 0..w.count {
            let first = w.kept.at(n);
            lane.clear();
            lane.extend((0..w.len).map(|j| slots[first + j * w.step]));
            T::sort_stable(&mut lane);
            for (j, &v) in lane.iter().enumerate() {
                slots[first + j * w.step] = v;
            }
        }
    }
    #[cfg(not(feature = "alloc"))]
    {
        // The positions that sort each lane, then each lane permuted along its cycles.
        let view = crate::TensorView::<T, S>::from_parts_with(
            slots,
            S::Kind::row_major_view_dims::<S>(index_of::<S>(dims)),
        );
        let mut order = argsort::<_, AX>(&view);
        let idx = order.as_mut_slice();
        for n in 0..w.count {
            let first = w.kept.at(n);
            for start in 0..w.len {
                let at = |j: usize| first + j * w.step;
                if idx[at(start)] == usize::MAX {
                    continue;
                }
                let keep = slots[at(start)];
                let mut j = start;
                loop {
                    let p = core::mem::replace(&mut idx[at(j)], usize::MAX);
                    if p == start {
                        slots[at(j)] = keep;
                        break;
                    }
                    slots[at(j)] = slots[at(p)];
                    j = p;
                }
            }
        }
    }
}
