//! Runs a generated kernel over static operands with a plan computed at compile time.
//!
//! Each function evaluates its [`plan`](crate::layout::plan) in a `const` block, so the extents and
//! strides handed to the rank-8 kernel are constants and the kernel inlines to a loop over them.
//! Each also asserts, at compile time, that the plan covers exactly the output's elements: that
//! is what `Tensor::from_writer` relies on.
//!
//! Large outputs are filled by an out-of-line call. Measured (`cargo xtask insns`, W3a
//! `[64,64]+[64]`): with the fill inlined, LLVM writes the 16 KiB into a stack temporary and then
//! copies it to the caller's destination (16.5k of the 19.9k instructions per call); behind a
//! call, LLVM's call-slot optimisation hands the callee the destination itself, and the copy is
//! gone. Small outputs stay inline: their loops unroll into straight stores that LLVM forwards to
//! the destination anyway, and a call would cost more than the whole kernel (W1 is 14
//! instructions).

use core::marker::PhantomData;
use core::mem::MaybeUninit;

use crate::layout::{Layout, Plan, broadcast_strides, element_count, plan, reach};
use crate::{Operand, Shape, Tensor, kernel};

/// Outputs above this many bytes are filled out of line (see the module doc).
const OUTLINE_BYTES: usize = 1024;

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

/// The compile-time plan of one loop over output shape `S` reading operands `A` (and `B`), and
/// how many source elements each operand's loop reaches.
struct Planned<S, A, B = A>(PhantomData<(S, A, B)>);

impl<S: Shape, A: Operand, B: Operand> Planned<S, A, B> {
    const ZIP: Plan<2> = checked::<2, S>(plan(
        &S::PADDED_DIMS,
        &[strides_of::<A>(), strides_of::<B>()],
    ));
    const ONE: Plan<1> = checked::<1, S>(plan(&S::PADDED_DIMS, &[strides_of::<A>()]));
    const ZIP_REACH: [usize; 2] = [
        reach(&Self::ZIP.dims, &Self::ZIP.strides[0]),
        reach(&Self::ZIP.dims, &Self::ZIP.strides[1]),
    ];
    const ONE_REACH: usize = reach(&Self::ONE.dims, &Self::ONE.strides[0]);
}

/// `out[i] = f(a[i], b[i])` over the broadcast shape `S`.
#[inline(always)]
pub(crate) fn zip<A: Operand, B: Operand, S: Shape, O, F>(a: &A, b: &B, mut f: F) -> Tensor<O, S>
where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    let (a, b) = (a.source(), b.source());
    Tensor::from_writer(|out| {
        if const { size_of::<S::Storage<O>>() > OUTLINE_BYTES } {
            zip_outlined::<A, B, S, O, F>(a, b, out, &mut f)
        } else {
            zip_fill::<A, B, S, O, F>(a, b, out, &mut f)
        }
    })
}

#[inline(always)]
fn zip_fill<A: Operand, B: Operand, S: Shape, O, F>(
    a: &[A::Elem],
    b: &[B::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    let p = Planned::<S, A, B>::ZIP;
    // Constant lengths: after one check each, every row's bounds check folds away.
    let [ra, rb] = Planned::<S, A, B>::ZIP_REACH;
    let (a, b, out) = (&a[..ra], &b[..rb], &mut out[..S::NUM]);
    kernel::zip_r8(p.dims, p.strides[0], p.strides[1], a, b, out, f)
}

#[inline(never)]
fn zip_outlined<A: Operand, B: Operand, S: Shape, O, F>(
    a: &[A::Elem],
    b: &[B::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    zip_fill::<A, B, S, O, F>(a, b, out, f)
}

/// `out[i] = f(a[i])`.
#[inline(always)]
pub(crate) fn map<A: Operand, O, F>(a: &A, mut f: F) -> Tensor<O, A::Shape>
where
    F: FnMut(&A::Elem) -> O,
{
    let a = a.source();
    Tensor::from_writer(|out| {
        if const { size_of::<<A::Shape as Shape>::Storage<O>>() > OUTLINE_BYTES } {
            map_outlined::<A, O, F>(a, out, &mut f)
        } else {
            map_fill::<A, O, F>(a, out, &mut f)
        }
    })
}

#[inline(always)]
fn map_fill<A: Operand, O, F>(a: &[A::Elem], out: &mut [MaybeUninit<O>], f: &mut F)
where
    F: FnMut(&A::Elem) -> O,
{
    let p = Planned::<A::Shape, A>::ONE;
    let a = &a[..Planned::<A::Shape, A>::ONE_REACH];
    let out = &mut out[..<A::Shape as Shape>::NUM];
    kernel::map_r8(p.dims, p.strides[0], a, out, f)
}

#[inline(never)]
fn map_outlined<A: Operand, O, F>(a: &[A::Elem], out: &mut [MaybeUninit<O>], f: &mut F)
where
    F: FnMut(&A::Elem) -> O,
{
    map_fill::<A, O, F>(a, out, f)
}

/// `f(&mut out[i], b[i])` for a row-major `out` of shape `S` and `b` broadcast to it. In place:
/// nothing to copy, so always inline.
#[inline(always)]
pub(crate) fn assign<S: Shape, T, B: Operand>(
    out: &mut [T],
    b: &B,
    mut f: impl FnMut(&mut T, &B::Elem),
) {
    let p = Planned::<S, B>::ONE;
    let b = &b.source()[..Planned::<S, B>::ONE_REACH];
    let out = &mut out[..S::NUM];
    kernel::assign_r8(p.dims, p.strides[0], b, out, &mut f)
}
