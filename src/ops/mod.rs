//! Element-wise operations: the std operators and the methods (`zip_map`, `map`, ...).
//!
//! Every operation goes through [`Operand`], implemented by owned tensors, references to them and
//! views, so each operator is written once per left-hand type, not once per pair of types. The
//! loops themselves are the generated kernels, run by `engine` with a compile-time plan.

mod arith;
mod checked;
mod choose;
pub use choose::where_;
pub mod element;
mod elementwise;
mod join;
mod keepdims;
pub use join::{concat, concat_to, try_concat, try_concat_to};
mod matmul;
mod reduce;
mod unique;
pub use unique::UniqueRuns;
pub(crate) mod engine;
pub(crate) use crate::error::shape_panic;
pub(crate) use views::derived;
pub(crate) mod axis_iter;
mod reshape;
mod scan;
mod views;

#[cfg(feature = "alloc")]
use alloc::boxed::Box;

use crate::layout::{Layout, Padded, RowMajor};
use crate::shape::kind::Kind;
#[cfg(feature = "alloc")]
use crate::storage::holder::Boxed;
use crate::storage::holder::{Holder, Inline};
use crate::view::ViewKind;
use crate::{Shape, Tensor, TensorView, TensorViewMut};

/// The same methods on every static receiver: [`Tensor`], [`TensorView`] of any layout and
/// [`TensorViewMut`], each body written once (a call of one function over the operand, which
/// every receiver is). `impl<T: [Bound]> { .. }`; the expansion site imports the three types,
/// `Shape` and `Layout`.
macro_rules! on_every_receiver {
    (impl<T: [$($bound:tt)*]> { $($body:tt)* }) => {
        impl<T: $($bound)*, S: Shape> Tensor<T, S> { $($body)* }
        impl<T: $($bound)*, S: Shape, L: Layout<S>> TensorView<'_, T, S, L> { $($body)* }
        impl<T: $($bound)*, S: Shape> TensorViewMut<'_, T, S> { $($body)* }
    };
}
pub(crate) use on_every_receiver;

pub(crate) mod sealed {
    pub trait Sealed {}
}

/// Something an element-wise operation can read: a [`Tensor`], a reference to one, or a view.
///
/// Generic code rarely names it; it is what lets `&a + &b`, `&a + b.view()` and
/// `a.zip_map(&b, f)` share one implementation. Sealed.
pub trait Operand: sealed::Sealed {
    /// The element type.
    type Elem;
    /// The shape.
    type Shape: Shape;
    /// The strides, as a type.
    type Layout: Layout<Self::Shape>;
    /// Where an operation with this operand puts its result: [`Inline`] for tensors and
    /// views, `Boxed` for `Box<Tensor>` (built in place).
    type Holder: Holder;
    /// [`Fixed`](crate::Fixed) when the extents and strides are constants, else
    /// [`Runtime`](crate::Runtime): which arm of an operation runs.
    #[doc(hidden)]
    type Kind: Kind;
    #[doc(hidden)]
    fn source(&self) -> &[Self::Elem];
    /// Extents and strides as a plan reads them: `Layout`'s constants for a shape without
    /// `Dyn`, the operand's own for one with it.
    #[doc(hidden)]
    fn padded(&self) -> Padded;
    /// The extents (the shape's constants, or the stored ones for a shape with `Dyn`).
    #[doc(hidden)]
    fn extents(&self) -> &[usize];
}

/// `Operand` for each form: its layout, and how to reach the elements it reads.
macro_rules! operands {
    ($($(#[$cfg:meta])? [$($g:tt)*] $ty:ty, $layout:ty, $holder:ty, |$this:ident| $source:expr, $dims:expr, $shape:expr;)*) => {$(
        $(#[$cfg])?
        impl<$($g)*> sealed::Sealed for $ty {}
        // Not listed under "the following other types implement" when something else is used
        // as an operand: the note on `Operand` says what is accepted.
        #[diagnostic::do_not_recommend]
        $(#[$cfg])?
        impl<$($g)*> Operand for $ty {
            type Elem = T;
            type Shape = S;
            type Layout = $layout;
            type Holder = $holder;
            type Kind = ViewKind<S, $layout>;
            #[inline(always)]
            fn source(&self) -> &[T] {
                let $this = self;
                $source
            }
            #[inline(always)]
            fn padded(&self) -> Padded {
                let $this = self;
                <ViewKind<S, $layout> as Kind>::padded::<S, $layout>(&$dims)
            }
            #[inline(always)]
            fn extents(&self) -> &[usize] {
                let $this = self;
                $shape
            }
        }
    )*};
}

operands! {
    [T, S: Shape] Tensor<T, S>, RowMajor, Inline, |t| S::Kind::as_slice::<T, S>(&t.data), S::Kind::row_major_view_dims::<S>(t.dims()), t.shape();
    [T, S: Shape] &Tensor<T, S>, RowMajor, Inline, |t| S::Kind::as_slice::<T, S>(&t.data), S::Kind::row_major_view_dims::<S>(t.dims()), t.shape();
    [T, S: Shape, L: Layout<S>] TensorView<'_, T, S, L>, L, Inline, |v| TensorView::source(v), *v.view_dims(), v.shape();
    [T, S: Shape, L: Layout<S>] &TensorView<'_, T, S, L>, L, Inline, |v| TensorView::source(v), *v.view_dims(), v.shape();
    [T, S: Shape] TensorViewMut<'_, T, S>, RowMajor, Inline, |v| v.as_slice(), *v.view_dims(), v.shape();
    [T, S: Shape] &TensorViewMut<'_, T, S>, RowMajor, Inline, |v| v.as_slice(), *v.view_dims(), v.shape();
    #[cfg(feature = "alloc")]
    [T, S: Shape] Box<Tensor<T, S>>, RowMajor, Boxed, |t| S::Kind::as_slice::<T, S>(&t.data), S::Kind::row_major_view_dims::<S>(t.dims()), t.shape();
    #[cfg(feature = "alloc")]
    [T, S: Shape] &Box<Tensor<T, S>>, RowMajor, Boxed, |t| S::Kind::as_slice::<T, S>(&t.data), S::Kind::row_major_view_dims::<S>(t.dims()), t.shape();
}
