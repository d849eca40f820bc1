//! The run-time arm's fast path: when the only run-time extent is the outermost axis of the
//! result (a batch, `[Dyn, 784]`), every stride and every inner extent is still a constant, so
//! the loop plan is computed at compile time as for a static shape, with the batch standing in
//! as a placeholder extent, and only the outermost count is filled in when the operation runs.
//! The generated kernels then see the inner extents as constants: an innermost `Dim<4>` stays an
//! unrolled row, exactly as in the static path.
//!
//! Taken when every operand's outermost extent is, at run time, the batch itself or 1 by its
//! type (a batch of 1 broadcast at run time, or batches that differ, go to the general plan).

use core::marker::PhantomData;

use crate::layout::{Layout, Plan, broadcast_strides, plan, row_major};
use crate::{MAX_RANK, Operand, Shape};

/// The placeholder extent of the batch in the compile-time plan: not 1, so the axis is kept.
const BATCH: usize = 2;

/// Whether `S`'s only run-time extent is its outermost axis (and it has one).
const fn leading_only(dims: &[Option<usize>; MAX_RANK], rank: usize) -> bool {
    if rank == 0 || dims[MAX_RANK - rank].is_some() {
        return false;
    }
    let mut i = MAX_RANK - rank + 1;
    while i < MAX_RANK {
        if dims[i].is_none() {
            return false;
        }
        i += 1;
    }
    true
}

/// An operand fits the template when its extent on the result's outermost axis (if it reaches
/// it) is run-time or 1, and all its other extents are known. (A known extent above 1 there would
/// have to equal the batch, which the template cannot know: a target `[Dyn]` written from `[2]`.)
const fn operand_fits(dims: &[Option<usize>; MAX_RANK], rank: usize, out_rank: usize) -> bool {
    let mut i = MAX_RANK - rank;
    while i < MAX_RANK {
        let outer = rank == out_rank && i == MAX_RANK - rank;
        match dims[i] {
            None if !outer => return false,
            Some(d) if outer && d != 1 => return false,
            _ => {}
        }
        i += 1;
    }
    true
}

/// Extents with each run-time one replaced by the placeholder.
const fn template_dims(dims: &[Option<usize>; MAX_RANK]) -> [usize; MAX_RANK] {
    let mut out = [1; MAX_RANK];
    let mut i = 0;
    while i < MAX_RANK {
        out[i] = match dims[i] {
            Some(d) => d,
            None => BATCH,
        };
        i += 1;
    }
    out
}

/// A row-major operand's strides inside the template broadcast: 0 on its extent-1 axes.
const fn template_strides(dims: &[Option<usize>; MAX_RANK]) -> [usize; MAX_RANK] {
    let d = template_dims(dims);
    broadcast_strides(&d, &row_major(&d))
}

/// The template plan of an operation over result shape `S` reading `A` (and `B`).
pub(super) struct Leading<S, A, B = A>(PhantomData<(S, A, B)>);

impl<S: Shape, A: Operand, B: Operand> Leading<S, A, B> {
    /// Every operand row-major (a tensor, or a view of `RowMajor` layout whose strides the
    /// template can know), `S` batched, the operands fitting.
    pub(super) const ZIP_OK: bool = leading_only(&S::STATIC_DIMS, S::RANK)
        && <A::Layout as Layout<A::Shape>>::ROW_MAJOR
        && <B::Layout as Layout<B::Shape>>::ROW_MAJOR
        && operand_fits(&A::Shape::STATIC_DIMS, A::Shape::RANK, S::RANK)
        && operand_fits(&B::Shape::STATIC_DIMS, B::Shape::RANK, S::RANK);
    pub(super) const ONE_OK: bool = leading_only(&S::STATIC_DIMS, S::RANK)
        && <A::Layout as Layout<A::Shape>>::ROW_MAJOR
        && operand_fits(&A::Shape::STATIC_DIMS, A::Shape::RANK, S::RANK);
    pub(super) const ZIP: Plan<2> = rank1(plan(
        &template_dims(&S::STATIC_DIMS),
        &[
            template_strides(&A::Shape::STATIC_DIMS),
            template_strides(&B::Shape::STATIC_DIMS),
        ],
    ));
    pub(super) const ONE: Plan<1> = rank1(plan(
        &template_dims(&S::STATIC_DIMS),
        &[template_strides(&A::Shape::STATIC_DIMS)],
    ));
}

/// Rank 0 runs as a loop of one.
const fn rank1<const N: usize>(mut p: Plan<N>) -> Plan<N> {
    if p.rank == 0 {
        p.rank = 1;
    }
    p
}

/// The template `p` with its outermost count for a batch of `n`: the batch is always in the
/// outermost planned axis (its placeholder is not 1, and nothing lies outside it), alone or
/// merged with the axes inside it.
#[inline(always)]
pub(super) fn with_batch<const N: usize>(p: &Plan<N>, n: usize) -> Plan<N> {
    let mut out = *p;
    let at = MAX_RANK - p.rank;
    out.dims[at] = p.dims[at] / BATCH * n;
    out
}

/// The outermost extent of `x` when its type has a run-time one on the result's outermost axis
/// (rank `out_rank`), else `None`.
#[inline(always)]
pub(super) fn batched<X: Operand>(x: &X, out_rank: usize) -> Option<usize> {
    let rank = X::Shape::RANK;
    if rank == out_rank && <X::Shape as Shape>::STATIC_DIMS[MAX_RANK - rank].is_none() {
        x.extents().first().copied()
    } else {
        None
    }
}

/// The batch: `n` for a destination of `n` rows, else the first batched operand's; `Some` only
/// when every batched operand has exactly that outermost extent (a run-time broadcast of 1, or a
/// mismatch, goes to the general plan, which decides).
#[inline(always)]
pub(super) fn batch_of(n: Option<usize>, batches: &[Option<usize>]) -> Option<usize> {
    let n = n.or_else(|| batches.iter().copied().flatten().next())?;
    batches.iter().flatten().all(|&b| b == n).then_some(n)
}

/// `S`'s extents with a batch of `n`, as its index type.
#[inline(always)]
pub(super) fn batched_index<S: Shape>(n: usize) -> S::Index {
    let mut index = S::Index::default();
    for (e, f) in index
        .as_mut()
        .iter_mut()
        .zip(&S::STATIC_DIMS[MAX_RANK - S::RANK..])
    {
        *e = f.unwrap_or(n);
    }
    index
}
