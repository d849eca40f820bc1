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

use crate::layout::{Layout, Plan, broadcast_strides, element_count, plan};
use crate::{Operand, Shape, Tensor};

#[cfg(debug_assertions)]
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

/// `out[i] = f(a[i], b[i])` over the broadcast shape `S`.
#[inline(always)]
pub(crate) fn zip<A: Operand, B: Operand, S: Shape, O, F>(a: &A, b: &B, mut f: F) -> Tensor<O, S>
where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    let (a, b) = (a.source(), b.source());
    Tensor::from_writer(|out| imp::zip::<A, B, S, O, F>(a, b, out, &mut f))
}

/// `out[i] = f(a[i])`.
#[inline(always)]
pub(crate) fn map<A: Operand, O, F>(a: &A, mut f: F) -> Tensor<O, A::Shape>
where
    F: FnMut(&A::Elem) -> O,
{
    let a = a.source();
    Tensor::from_writer(|out| imp::map::<A, O, F>(a, out, &mut f))
}

/// `f(&mut out[i], b[i])` for a row-major `out` of shape `S` and `b` broadcast to it.
#[inline(always)]
pub(crate) fn assign<S: Shape, T, B: Operand>(
    out: &mut [T],
    b: &B,
    mut f: impl FnMut(&mut T, &B::Elem),
) {
    imp::assign::<S, T, B, _>(out, b.source(), &mut f)
}

/// `f(&mut out[i], a[i], b[i])` over an existing row-major `out` of shape `S`, both inputs
/// broadcast to it: no temporary, so nothing to copy out.
#[inline(always)]
pub(crate) fn zip_update<S: Shape, A: Operand, B: Operand, O, F>(
    out: &mut [O],
    a: &A,
    b: &B,
    mut f: F,
) where
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    imp::zip_update::<S, A, B, O, F>(out, a.source(), b.source(), &mut f)
}
