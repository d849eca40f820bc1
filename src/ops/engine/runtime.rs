//! Operands with a run-time extent (`Dyn`): the same plan as the static path, computed once per
//! call from the operands' extents, then the same generated kernels (`shared`'s runners, which
//! read a plan at run time). No allocation but the output's, none at all without `alloc` when
//! writing into a destination.

use core::mem::MaybeUninit;

use super::leading::{Leading, batch_of, batched, batched_index};
use super::{imp, shared};
use crate::error::Dims;
use crate::layout::{Padded, Plan, broadcast_strides, plan};
use crate::storage::holder::Holder;
use crate::{MAX_RANK, Operand, Shape, ShapeError, Tensor};

/// The extents of a padded operand, unpadded.
fn unpadded(p: &Padded, rank: usize) -> &[usize] {
    &p.dims[MAX_RANK - rank..]
}

/// numpy's broadcast of two padded operands, each extent then checked against the one the
/// result's type `S` fixes (only a `Dim<1>` against a run-time extent above 1 can differ).
fn broadcast<S: Shape>(
    a: &Padded,
    rank_a: usize,
    b: &Padded,
    rank_b: usize,
) -> Result<[usize; MAX_RANK], ShapeError> {
    let mut out = [1; MAX_RANK];
    // Innermost first, as numpy reports the clash nearest the end.
    for i in (0..MAX_RANK).rev() {
        let (x, y) = (a.dims[i], b.dims[i]);
        let axis = i as isize - MAX_RANK as isize;
        out[i] = if x == y || y == 1 {
            x
        } else if x == 1 {
            y
        } else {
            return Err(ShapeError::Incompatible {
                a: Dims::new(unpadded(a, rank_a)),
                b: Dims::new(unpadded(b, rank_b)),
                axis,
            });
        };
        if let Some(fixed) = S::STATIC_DIMS[i]
            && fixed != out[i]
        {
            return Err(ShapeError::FixedExtent {
                a: Dims::new(unpadded(a, rank_a)),
                b: Dims::new(unpadded(b, rank_b)),
                axis,
                fixed,
            });
        }
    }
    Ok(out)
}

/// Checks that `from` stretches to the target extents `to` (each equal, or 1), as the dynamic
/// path does: [`ShapeError::Incompatible`] when the two do not broadcast at all,
/// [`ShapeError::NotBroadcastableTo`] when the result would not be `to`.
fn check_into(
    from: &Padded,
    rank: usize,
    to: &[usize; MAX_RANK],
    rank_to: usize,
) -> Result<(), ShapeError> {
    let (from_dims, to_dims) = (unpadded(from, rank), &to[MAX_RANK - rank_to..]);
    let mut grows = None;
    for i in (0..MAX_RANK).rev() {
        let (e, t) = (from.dims[i], to[i]);
        let axis = i as isize - MAX_RANK as isize;
        if e != 1 && t != 1 && e != t {
            return Err(ShapeError::Incompatible {
                a: Dims::new(to_dims),
                b: Dims::new(from_dims),
                axis,
            });
        }
        if e != 1 && e != t && grows.is_none() {
            grows = Some(axis);
        }
    }
    match grows {
        None => Ok(()),
        Some(axis) => Err(ShapeError::NotBroadcastableTo {
            from: Dims::new(from_dims),
            to: Dims::new(to_dims),
            axis,
        }),
    }
}

/// A plan over `dims` as the kernels take it (rank 0 runs as a loop of one).
fn planned<const N: usize>(dims: &[usize; MAX_RANK], strides: &[[usize; MAX_RANK]; N]) -> Plan<N> {
    let mut p = plan(dims, strides);
    if p.rank == 0 {
        p.rank = 1;
    }
    p
}

/// An operand's strides inside a broadcast: 0 on its extent-1 axes.
fn stretched(p: &Padded) -> [usize; MAX_RANK] {
    broadcast_strides(&p.dims, &p.strides)
}

/// The last `S::RANK` of padded extents, as `S`'s index type.
fn index_of<S: Shape>(dims: &[usize; MAX_RANK]) -> S::Index {
    let mut index = S::Index::default();
    index.as_mut().copy_from_slice(&dims[MAX_RANK - S::RANK..]);
    index
}

/// Target extents, padded, checked against the target's type (a destination's shape always
/// agrees with it; this keeps a wrong `dims` from ever reaching a kernel).
fn padded_target(dims: &[usize]) -> [usize; MAX_RANK] {
    Padded::new(dims, &[]).dims
}

// Each operation below is its template check, inlined into the caller, then the general plan out
// of line: inlined whole, the general plan's stack frame (padded extents, strides, plan: 0x328
// bytes) and its register saves were paid by the template path too (`[Dyn, 4] + [4]` add_to).

/// `out[i] = f(a[i], b[i])` over the broadcast of `a` and `b`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn zip<H: Holder, A: Operand, B: Operand, S: Shape, O, F>(
    a: &A,
    b: &B,
    f: &mut F,
) -> Result<H::Hold<Tensor<O, S>>, ShapeError>
where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    if Leading::<S, A, B>::ZIP_OK
        && let Some(n) = batch_of(None, &[batched(a, S::RANK), batched(b, S::RANK)])
    {
        let (xa, xb) = (a.source(), b.source());
        return H::try_from_writer::<O, S>(
            batched_index::<S>(n),
            |out: &mut [MaybeUninit<O>]| imp::zip_leading::<A, B, S, O, F>(n, xa, xb, out, f),
        );
    }
    zip_planned::<H, A, B, S, O, F>(a, b, f)
}

#[inline(never)]
fn zip_planned<H: Holder, A: Operand, B: Operand, S: Shape, O, F>(
    a: &A,
    b: &B,
    f: &mut F,
) -> Result<H::Hold<Tensor<O, S>>, ShapeError>
where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    let (xa, xb) = (a.source(), b.source());
    let (pa, pb) = (a.padded(), b.padded());
    let dims = broadcast::<S>(&pa, A::Shape::RANK, &pb, B::Shape::RANK)?;
    let p = planned(&dims, &[stretched(&pa), stretched(&pb)]);
    H::try_from_writer::<O, S>(index_of::<S>(&dims), |out: &mut [MaybeUninit<O>]| {
        shared::zip_any(&p, xa, xb, out, f)
    })
}

/// `out[i] = f(a[i])`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn map<A: Operand, O, F>(a: &A, f: &mut F) -> Result<Tensor<O, A::Shape>, ShapeError>
where
    F: FnMut(&A::Elem) -> O,
{
    if Leading::<A::Shape, A>::ONE_OK
        && let Some(n) = batch_of(None, &[batched(a, A::Shape::RANK)])
    {
        let xa = a.source();
        return Tensor::try_from_writer(
            batched_index::<A::Shape>(n),
            |out: &mut [MaybeUninit<O>]| imp::map_leading::<A, O, F>(n, xa, out, f),
        );
    }
    map_planned(a, f)
}

#[inline(never)]
fn map_planned<A: Operand, O, F>(a: &A, f: &mut F) -> Result<Tensor<O, A::Shape>, ShapeError>
where
    F: FnMut(&A::Elem) -> O,
{
    let xa = a.source();
    let pa = a.padded();
    let p = planned(&pa.dims, &[pa.strides]);
    Tensor::try_from_writer(
        index_of::<A::Shape>(&pa.dims),
        |out: &mut [MaybeUninit<O>]| shared::map_any(&p, xa, out, f),
    )
}

/// `f(&mut out[i], b[i])` for a row-major `out` of extents `out_dims`, `b` broadcast to it.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn assign<S: Shape, T, B: Operand, F: FnMut(&mut T, &B::Elem)>(
    out: &mut [T],
    out_dims: &[usize],
    b: &B,
    f: &mut F,
) -> Result<(), ShapeError> {
    if Leading::<S, B>::ONE_OK
        && let Some(n) = batch_of(out_dims.first().copied(), &[batched(b, S::RANK)])
    {
        imp::assign_leading::<S, T, B, _>(n, out, b.source(), f);
        return Ok(());
    }
    assign_planned::<T, B, F>(out, out_dims, b, f)
}

#[inline(never)]
fn assign_planned<T, B: Operand, F: FnMut(&mut T, &B::Elem)>(
    out: &mut [T],
    out_dims: &[usize],
    b: &B,
    f: &mut F,
) -> Result<(), ShapeError> {
    let pb = b.padded();
    let to = padded_target(out_dims);
    check_into(&pb, B::Shape::RANK, &to, out_dims.len())?;
    let p = planned(&to, &[stretched(&pb)]);
    shared::assign_any(&p, b.source(), out, f);
    Ok(())
}

/// Bias-add shapes into a destination (`[Dyn, Dyn] + [Dyn]` into `[Dyn, Dyn]`): both operands
/// row-major by type, one of the destination's extents and the other its trailing ones. Then the
/// loop is the dynamic path's rows of the smaller one, with no broadcast, no plan and no checks
/// beyond these (the extents are the destination's, so nothing else can clash): `Some` (larger is
/// `a`, the smaller one's element count).
#[cfg(feature = "alloc")]
#[inline]
fn trailing_rows<A: Operand, B: Operand>(
    out_dims: &[usize],
    da: &[usize],
    db: &[usize],
) -> Option<(bool, usize)> {
    use crate::layout::Layout;
    if !(<A::Layout as Layout<A::Shape>>::ROW_MAJOR && <B::Layout as Layout<B::Shape>>::ROW_MAJOR) {
        return None;
    }
    let big_is_a = crate::dynamic::trailing(da, db)?;
    let (big, small) = if big_is_a { (da, db) } else { (db, da) };
    // An element loop, not `==` on slices, which calls `bcmp`.
    let same = big.len() == out_dims.len() && big.iter().zip(out_dims).all(|(x, y)| x == y);
    // Nonzero whenever the destination has an element, and then no larger than its count.
    same.then(|| (big_is_a, crate::layout::checked_count(small).unwrap_or(0)))
}

/// `f(&mut out[i], a[i], b[i])` over a row-major `out` of extents `out_dims`, both inputs
/// broadcast to it.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn zip_update<S: Shape, A: Operand, B: Operand, O, F>(
    out: &mut [O],
    out_dims: &[usize],
    a: &A,
    b: &B,
    f: &mut F,
) -> Result<(), ShapeError>
where
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    if Leading::<S, A, B>::ZIP_OK
        && let Some(n) = batch_of(
            out_dims.first().copied(),
            &[batched(a, S::RANK), batched(b, S::RANK)],
        )
    {
        imp::zip_update_leading::<S, A, B, O, F>(n, out, a.source(), b.source(), f);
        return Ok(());
    }
    zip_update_planned::<A, B, O, F>(out, out_dims, a, b, f)
}

#[inline(never)]
fn zip_update_planned<A: Operand, B: Operand, O, F>(
    out: &mut [O],
    out_dims: &[usize],
    a: &A,
    b: &B,
    f: &mut F,
) -> Result<(), ShapeError>
where
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    #[cfg(feature = "alloc")]
    if let Some((big_is_a, m)) = trailing_rows::<A, B>(out_dims, a.extents(), b.extents()) {
        if !out.is_empty() {
            crate::dynamic::update_rows(big_is_a, m, a.source(), b.source(), out, f);
        }
        return Ok(());
    }
    let (pa, pb) = (a.padded(), b.padded());
    let to = padded_target(out_dims);
    check_into(&pa, A::Shape::RANK, &to, out_dims.len())?;
    check_into(&pb, B::Shape::RANK, &to, out_dims.len())?;
    let p = planned(&to, &[stretched(&pa), stretched(&pb)]);
    shared::zip_update_any(&p, a.source(), b.source(), out, f);
    Ok(())
}
