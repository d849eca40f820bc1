//! Each kind's arm of the element-wise operations, as methods of the kind itself.
//!
//! [`Run`] is a supertrait of [`Kind`](crate::shape::kind::Kind), so an operation calls the arm
//! of its operands' kind directly. The visitor it replaced (`Kind::select`, then the visitor's
//! arm) cost two functions per operation, and an unoptimised build pays for every generic
//! function it instantiates (`cargo xtask compile-time`).
//!
//! [`Fixed`]'s arms run the compile-time plan: in optimised builds the kernel of the planned rank
//! with the plan's numbers as constants (`specialised`); in unoptimised builds the plan read at
//! run time by one kernel per element types (`shared`), called here rather than through a
//! per-shape wrapper. [`Runtime`]'s arms run the run-time plan (`runtime`).

#[cfg(debug_assertions)]
use super::Planned;
use super::runtime;
use crate::error::shape_panic;
use crate::shape::kind::{Fixed, Runtime};
use crate::storage::holder::Holder;
use crate::{Operand, Shape, ShapeError, Tensor};

/// The element-wise operations' arms for one kind of shape; sealed with
/// [`Kind`](crate::shape::kind::Kind), whose supertrait it is.
pub trait Run {
    /// `out[i] = f(a[i], b[i])` over the broadcast shape `S`, handed back by `H`; panics with
    /// the error's message when a run-time extent does not broadcast.
    #[doc(hidden)]
    fn zip<H: Holder, A: Operand, B: Operand, S: Shape, O, F>(
        a: &A,
        b: &B,
        f: F,
    ) -> H::Hold<Tensor<O, S>>
    where
        F: FnMut(&A::Elem, &B::Elem) -> O;

    /// [`zip`](Run::zip) returning the error.
    #[doc(hidden)]
    fn try_zip<H: Holder, A: Operand, B: Operand, S: Shape, O, F>(
        a: &A,
        b: &B,
        f: F,
    ) -> Result<H::Hold<Tensor<O, S>>, ShapeError>
    where
        F: FnMut(&A::Elem, &B::Elem) -> O;

    /// `out[i] = f(a[i])`: the output has the operand's shape, so only an allocation can fail,
    /// and that panics.
    #[doc(hidden)]
    fn map<A: Operand, O, F>(a: &A, f: F) -> Tensor<O, A::Shape>
    where
        F: FnMut(&A::Elem) -> O;

    /// `f(&mut out[i], b[i])` for a row-major `out` of shape `S` (extents `out_dims`) and `b`
    /// broadcast to it; an error when a run-time extent does not fit.
    #[doc(hidden)]
    fn try_assign<S: Shape, T, B: Operand, F>(
        out: &mut [T],
        out_dims: &[usize],
        b: &B,
        f: F,
    ) -> Result<(), ShapeError>
    where
        F: FnMut(&mut T, &B::Elem);

    /// `f(&mut out[i], a[i], b[i])` over an existing row-major `out` of shape `S` (extents
    /// `out_dims`), both inputs broadcast to it; an error when a run-time extent does not fit.
    #[doc(hidden)]
    fn try_zip_update<S: Shape, A: Operand, B: Operand, O, F>(
        out: &mut [O],
        out_dims: &[usize],
        a: &A,
        b: &B,
        f: F,
    ) -> Result<(), ShapeError>
    where
        F: FnMut(&mut O, &A::Elem, &B::Elem);
}

/// [`Fixed`]'s zip, shared by its panicking and its `try_` arm.
macro_rules! fixed_zip {
    ($H:ty, $A:ty, $B:ty, $S:ty, $O:ty, $F:ty; $a:expr, $b:expr, $f:expr) => {{
        let (a, b, mut f) = ($a.source(), $b.source(), $f);
        <$H>::from_writer::<$O, $S>(|out| {
            #[cfg(debug_assertions)]
            super::shared::zip_any(&Planned::<$S, $A, $B>::ZIP, a, b, out, &mut f);
            #[cfg(not(debug_assertions))]
            super::specialised::zip::<$A, $B, $S, $O, $F>(a, b, out, &mut f);
        })
    }};
}

impl Run for Fixed {
    #[inline(always)]
    fn zip<H: Holder, A: Operand, B: Operand, S: Shape, O, F>(
        a: &A,
        b: &B,
        f: F,
    ) -> H::Hold<Tensor<O, S>>
    where
        F: FnMut(&A::Elem, &B::Elem) -> O,
    {
        fixed_zip!(H, A, B, S, O, F; a, b, f)
    }

    #[inline(always)]
    fn try_zip<H: Holder, A: Operand, B: Operand, S: Shape, O, F>(
        a: &A,
        b: &B,
        f: F,
    ) -> Result<H::Hold<Tensor<O, S>>, ShapeError>
    where
        F: FnMut(&A::Elem, &B::Elem) -> O,
    {
        Ok(fixed_zip!(H, A, B, S, O, F; a, b, f))
    }

    #[inline(always)]
    fn map<A: Operand, O, F>(a: &A, mut f: F) -> Tensor<O, A::Shape>
    where
        F: FnMut(&A::Elem) -> O,
    {
        let a = a.source();
        Tensor::from_writer(|out| {
            #[cfg(debug_assertions)]
            super::shared::map_any(&Planned::<A::Shape, A>::ONE, a, out, &mut f);
            #[cfg(not(debug_assertions))]
            super::specialised::map::<A, O, F>(a, out, &mut f);
        })
    }

    #[inline(always)]
    fn try_assign<S: Shape, T, B: Operand, F>(
        out: &mut [T],
        _: &[usize],
        b: &B,
        mut f: F,
    ) -> Result<(), ShapeError>
    where
        F: FnMut(&mut T, &B::Elem),
    {
        #[cfg(debug_assertions)]
        super::shared::assign_any(&Planned::<S, B>::ONE, b.source(), out, &mut f);
        #[cfg(not(debug_assertions))]
        super::specialised::assign::<S, T, B, F>(out, b.source(), &mut f);
        Ok(())
    }

    #[inline(always)]
    fn try_zip_update<S: Shape, A: Operand, B: Operand, O, F>(
        out: &mut [O],
        _: &[usize],
        a: &A,
        b: &B,
        mut f: F,
    ) -> Result<(), ShapeError>
    where
        F: FnMut(&mut O, &A::Elem, &B::Elem),
    {
        let (a, b) = (a.source(), b.source());
        #[cfg(debug_assertions)]
        super::shared::zip_update_any(&Planned::<S, A, B>::ZIP, a, b, out, &mut f);
        #[cfg(not(debug_assertions))]
        super::specialised::zip_update::<S, A, B, O, F>(out, a, b, &mut f);
        Ok(())
    }
}

// `f` is taken by value and lent on: a borrow of a field of a struct holding it kept the whole
// struct on the stack, its fields stored before every call.
impl Run for Runtime {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn zip<H: Holder, A: Operand, B: Operand, S: Shape, O, F>(
        a: &A,
        b: &B,
        mut f: F,
    ) -> H::Hold<Tensor<O, S>>
    where
        F: FnMut(&A::Elem, &B::Elem) -> O,
    {
        match runtime::zip::<H, _, _, _, _, _>(a, b, &mut f) {
            Ok(t) => t,
            Err(e) => shape_panic(e),
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn try_zip<H: Holder, A: Operand, B: Operand, S: Shape, O, F>(
        a: &A,
        b: &B,
        mut f: F,
    ) -> Result<H::Hold<Tensor<O, S>>, ShapeError>
    where
        F: FnMut(&A::Elem, &B::Elem) -> O,
    {
        runtime::zip::<H, _, _, _, _, _>(a, b, &mut f)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn map<A: Operand, O, F>(a: &A, mut f: F) -> Tensor<O, A::Shape>
    where
        F: FnMut(&A::Elem) -> O,
    {
        match runtime::map(a, &mut f) {
            Ok(t) => t,
            Err(e) => shape_panic(e),
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn try_assign<S: Shape, T, B: Operand, F>(
        out: &mut [T],
        out_dims: &[usize],
        b: &B,
        mut f: F,
    ) -> Result<(), ShapeError>
    where
        F: FnMut(&mut T, &B::Elem),
    {
        runtime::assign::<S, _, _, _>(out, out_dims, b, &mut f)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn try_zip_update<S: Shape, A: Operand, B: Operand, O, F>(
        out: &mut [O],
        out_dims: &[usize],
        a: &A,
        b: &B,
        mut f: F,
    ) -> Result<(), ShapeError>
    where
        F: FnMut(&mut O, &A::Elem, &B::Elem),
    {
        runtime::zip_update::<S, _, _, _, _>(out, out_dims, a, b, &mut f)
    }
}
