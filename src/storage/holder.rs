//! Where an operation's result is put: inline (a [`Tensor`] returned by value) or on the heap
//! (`Box<Tensor>`), chosen by the operands' types. An operation with a `Box<Tensor>` operand
//! returns a `Box<Tensor>` whose elements are written in place, so an 8 MiB HD image never
//! passes through the stack, not even in a debug build (nalgebra#1148: `Box::new(a + b)` first
//! builds the sum on the stack).

#[cfg(feature = "alloc")]
use alloc::boxed::Box;
#[cfg(feature = "alloc")]
use core::marker::PhantomData;
use core::mem::MaybeUninit;

use crate::shape::kind::Kind;
#[cfg(feature = "alloc")]
use crate::shape::kind::Select;
use crate::{Shape, ShapeError, Tensor};

mod sealed {
    pub trait Sealed {}
}

/// [`Inline`] or [`Boxed`]: how an operation hands back its result. Sealed.
pub trait Holder: sealed::Sealed {
    /// The result as handed back: `X` itself, or `Box<X>`.
    type Hold<X>;
    /// `Boxed` when either is.
    type Or<H: Holder>: Holder;
    /// A tensor of a shape without `Dyn`, its slots written by `fill` (the contract of
    /// `Tensor::from_writer`).
    #[doc(hidden)]
    fn from_writer<O, S: Shape>(
        fill: impl FnOnce(&mut [MaybeUninit<O>]),
    ) -> Self::Hold<Tensor<O, S>>;
    /// A tensor of extents `dims`, any shape, its slots written by `fill`.
    #[doc(hidden)]
    fn try_from_writer<O, S: Shape>(
        dims: S::Index,
        fill: impl FnOnce(&mut [MaybeUninit<O>]),
    ) -> Result<Self::Hold<Tensor<O, S>>, ShapeError>;
}

/// The result returned by value: what operations on tensors and views give.
#[derive(Clone, Copy, Debug, Default)]
pub struct Inline;

impl sealed::Sealed for Inline {}

impl Holder for Inline {
    type Hold<X> = X;
    type Or<H: Holder> = H;
    #[inline(always)]
    fn from_writer<O, S: Shape>(fill: impl FnOnce(&mut [MaybeUninit<O>])) -> Tensor<O, S> {
        Tensor {
            data: S::Kind::from_writer::<O, S>(fill),
        }
    }
    #[inline(always)]
    fn try_from_writer<O, S: Shape>(
        dims: S::Index,
        fill: impl FnOnce(&mut [MaybeUninit<O>]),
    ) -> Result<Tensor<O, S>, ShapeError> {
        Tensor::try_from_writer(dims, fill)
    }
}

/// The result on the heap, written in place: what operations with a `Box<Tensor>` operand give.
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, Debug, Default)]
pub struct Boxed;

#[cfg(feature = "alloc")]
impl sealed::Sealed for Boxed {}

#[cfg(feature = "alloc")]
impl Holder for Boxed {
    type Hold<X> = Box<X>;
    type Or<H: Holder> = Boxed;
    #[inline]
    fn from_writer<O, S: Shape>(fill: impl FnOnce(&mut [MaybeUninit<O>])) -> Box<Tensor<O, S>> {
        Tensor::boxed_from_writer(fill)
    }
    #[inline]
    fn try_from_writer<O, S: Shape>(
        dims: S::Index,
        fill: impl FnOnce(&mut [MaybeUninit<O>]),
    ) -> Result<Box<Tensor<O, S>>, ShapeError> {
        S::Kind::select(BoxedBuild::<O, S, _> {
            dims,
            fill,
            _o: PhantomData,
        })
    }
}

/// The two arms of a boxed result: nested arrays written in place in a fresh allocation, or (a
/// shape with `Dyn`, whose elements are on the heap already) the small tensor header boxed.
#[cfg(feature = "alloc")]
struct BoxedBuild<O, S: Shape, F> {
    dims: S::Index,
    fill: F,
    _o: PhantomData<O>,
}

#[cfg(feature = "alloc")]
impl<O, S: Shape, F: FnOnce(&mut [MaybeUninit<O>])> Select for BoxedBuild<O, S, F> {
    type Output = Result<Box<Tensor<O, S>>, ShapeError>;
    #[inline]
    fn fixed(self) -> Self::Output {
        Ok(Tensor::boxed_from_writer(self.fill))
    }
    #[inline]
    fn runtime(self) -> Self::Output {
        Tensor::try_from_writer(self.dims, self.fill).map(Box::new)
    }
}
