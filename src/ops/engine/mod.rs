//! Runs a generated kernel over static operands with a loop plan computed at compile time.
//!
//! The plan ([`plan`](crate::layout::plan)) of every operation is a constant: extents and strides
//! with extent-1 axes dropped and contiguous axes merged. It is asserted, at compile time, to
//! cover exactly the output's elements, which is what `Tensor::from_writer` relies on. What runs
//! it depends on the build:
//! - optimised builds (`specialised`): the kernel of the planned rank, for the planned kind of
//!   innermost row, with the plan's numbers as constants, so it inlines into the loop a careful
//!   person writes over those constants (`cargo xtask insns`: within 1% of hand loops);
//! - unoptimised builds (`shared`, `cfg(debug_assertions)`): one kernel per element types and
//!   operation, reading the plan at run time, shared by every shape. Nothing would optimise the
//!   specialised copies, and generating one per shape was most of a debug build's time
//!   (`cargo xtask compile-time`). Same plan, same kernels, same results.

use core::marker::PhantomData;

use crate::error::shape_panic;
use crate::layout::{Layout, Plan, broadcast_strides, element_count, plan};
use crate::shape::kind::Kind;
use crate::storage::holder::{Holder, Inline};
use crate::{Operand, Shape, ShapeError, Tensor};

mod leading;
mod run;
mod runtime;
pub(crate) use run::Run;
// The run-time plan's runners: every build's `Dyn` operands, and every shape in debug builds.
#[cfg_attr(not(debug_assertions), allow(dead_code))]
mod shared;
#[cfg(debug_assertions)]
use shared as imp;
#[cfg(not(debug_assertions))]
mod specialised;
#[cfg(not(debug_assertions))]
use specialised as imp;

/// An operand's strides relative to any shape it broadcasts into: 0 on its extent-1 axes.
const fn strides_of<A: Operand>() -> [usize; crate::MAX_RANK] {
    broadcast_strides(
        &<A::Shape as Shape>::PADDED_DIMS,
        &<A::Layout as Layout<A::Shape>>::STRIDES,
    )
}

const fn checked<const N: usize, S: Shape>(mut p: Plan<N>) -> Plan<N> {
    assert!(
        element_count(&p.dims) == S::NUM,
        "a loop plan must cover its output exactly"
    );
    // Rank 0 (one element) runs as a rank-1 loop of 1.
    if p.rank == 0 {
        p.rank = 1;
    }
    p
}

/// The compile-time plan of one loop over output shape `S` reading operands `A` (and `B`).
struct Planned<S, A, B = A>(PhantomData<(S, A, B)>);

impl<S: Shape, A: Operand, B: Operand> Planned<S, A, B> {
    const ZIP: Plan<2> = checked::<2, S>(plan(
        &S::PADDED_DIMS,
        &[strides_of::<A>(), strides_of::<B>()],
    ));
    const ONE: Plan<1> = checked::<1, S>(plan(&S::PADDED_DIMS, &[strides_of::<A>()]));
}

/// The kind of an operation over operands `A` and `B`: `Fixed` only when both shapes are.
pub(crate) type KindOf2<A, B> = <<A as Operand>::Kind as Kind>::Or<<B as Operand>::Kind>;

/// Where the result of an operation over `A` and `B` goes: on the heap when either is boxed.
pub(crate) type HolderOf2<A, B> = <<A as Operand>::Holder as Holder>::Or<<B as Operand>::Holder>;

/// `out[i] = f(a[i], b[i])` over the broadcast shape `S`; an error when a run-time extent does
/// not broadcast.
#[inline(always)]
pub(crate) fn try_zip<A: Operand, B: Operand, S: Shape, O, F>(
    a: &A,
    b: &B,
    f: F,
) -> Result<Tensor<O, S>, ShapeError>
where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    <KindOf2<A, B> as Run>::try_zip::<Inline, A, B, S, O, F>(a, b, f)
}

/// `out[i] = f(a[i], b[i])` over the broadcast shape `S`; panics with the error's message when a
/// run-time extent does not broadcast (a static shape never does: the check was the type's).
/// Operators call [`Run::zip`] themselves: one function fewer each in a debug build.
#[inline(always)]
pub(crate) fn zip<A: Operand, B: Operand, S: Shape, O, F>(a: &A, b: &B, f: F) -> Tensor<O, S>
where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    <KindOf2<A, B> as Run>::zip::<Inline, A, B, S, O, F>(a, b, f)
}

/// `out[i] = f(a[i])`.
#[inline(always)]
pub(crate) fn map<A: Operand, O, F>(a: &A, f: F) -> Tensor<O, A::Shape>
where
    F: FnMut(&A::Elem) -> O,
{
    <A::Kind as Run>::map(a, f)
}

/// `f(&mut out[i], b[i])` for a row-major `out` of shape `S` (extents `out_dims`) and `b`
/// broadcast to it; an error when a run-time extent does not fit.
#[inline(always)]
pub(crate) fn try_assign<S: Shape, T, B: Operand>(
    out: &mut [T],
    out_dims: &[usize],
    b: &B,
    f: impl FnMut(&mut T, &B::Elem),
) -> Result<(), ShapeError> {
    <<S::Kind as Kind>::Or<B::Kind> as Run>::try_assign::<S, T, B, _>(out, out_dims, b, f)
}

/// [`try_assign`], panicking with the error's message.
#[inline(always)]
pub(crate) fn assign<S: Shape, T, B: Operand>(
    out: &mut [T],
    out_dims: &[usize],
    b: &B,
    f: impl FnMut(&mut T, &B::Elem),
) {
    if let Err(e) = try_assign::<S, T, B>(out, out_dims, b, f) {
        shape_panic(e)
    }
}

/// `f(&mut out[i], a[i], b[i])` over an existing row-major `out` of shape `S` (extents
/// `out_dims`), both inputs broadcast to it: no temporary, so nothing to copy out.
#[inline(always)]
pub(crate) fn try_zip_update<S: Shape, A: Operand, B: Operand, O, F>(
    out: &mut [O],
    out_dims: &[usize],
    a: &A,
    b: &B,
    f: F,
) -> Result<(), ShapeError>
where
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    <<S::Kind as Kind>::Or<KindOf2<A, B>> as Run>::try_zip_update::<S, A, B, O, F>(
        out, out_dims, a, b, f,
    )
}

/// [`try_zip_update`], panicking with the error's message.
#[inline(always)]
pub(crate) fn zip_update<S: Shape, A: Operand, B: Operand, O, F>(
    out: &mut [O],
    out_dims: &[usize],
    a: &A,
    b: &B,
    f: F,
) where
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    if let Err(e) = try_zip_update::<S, A, B, O, F>(out, out_dims, a, b, f) {
        shape_panic(e)
    }
}
