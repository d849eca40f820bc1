//! Runs a generated kernel over static operands with a plan computed at compile time.
//!
//! Each function evaluates its [`plan`](crate::layout::plan) in a `const` block, so the extents and
//! strides handed to the rank-8 kernel are constants and the kernel inlines to a loop over them.
//! Each also asserts, at compile time, that the plan covers exactly the output's elements: that
//! is what `Tensor::from_writer` relies on.

use crate::layout::{Layout, Plan, broadcast_strides, element_count, plan};
use crate::{Operand, Shape, Tensor, kernel};

/// An operand's strides relative to any shape it broadcasts into: 0 on its extent-1 axes.
const fn strides_of<A: Operand>() -> [usize; crate::MAX_RANK] {
    broadcast_strides(
        &<A::Shape as Shape>::PADDED_DIMS,
        &<A::Layout as Layout<A::Shape>>::STRIDES,
    )
}

const fn checked<const N: usize, S: Shape>(p: Plan<N>) -> Plan<N> {
    assert!(
        element_count(&p.dims) == S::NUM,
        "a loop plan must cover its output exactly"
    );
    p
}

/// `out[i] = f(a[i], b[i])` over the broadcast shape `S`.
#[inline(always)]
pub(crate) fn zip<A: Operand, B: Operand, S: Shape, O>(
    a: &A,
    b: &B,
    mut f: impl FnMut(&A::Elem, &B::Elem) -> O,
) -> Tensor<O, S> {
    let p = const {
        checked::<2, S>(plan(
            &S::PADDED_DIMS,
            &[strides_of::<A>(), strides_of::<B>()],
        ))
    };
    Tensor::from_writer(|out| {
        kernel::zip_r8(
            p.dims,
            p.strides[0],
            p.strides[1],
            a.source(),
            b.source(),
            out,
            &mut f,
        )
    })
}

/// `out[i] = f(a[i])`.
#[inline(always)]
pub(crate) fn map<A: Operand, O>(a: &A, mut f: impl FnMut(&A::Elem) -> O) -> Tensor<O, A::Shape> {
    let p = const {
        checked::<1, A::Shape>(plan(
            &<A::Shape as Shape>::PADDED_DIMS,
            &[strides_of::<A>()],
        ))
    };
    Tensor::from_writer(|out| kernel::map_r8(p.dims, p.strides[0], a.source(), out, &mut f))
}

/// `f(&mut out[i], b[i])` for a row-major `out` of shape `S` and `b` broadcast to it.
#[inline(always)]
pub(crate) fn assign<S: Shape, T, B: Operand>(
    out: &mut [T],
    b: &B,
    mut f: impl FnMut(&mut T, &B::Elem),
) {
    let p = const { checked::<1, S>(plan(&S::PADDED_DIMS, &[strides_of::<B>()])) };
    kernel::assign_r8(p.dims, p.strides[0], b.source(), out, &mut f)
}
