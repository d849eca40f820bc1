//! Element-wise operations: the std operators and the methods (`zip_map`, `map`, ...).
//!
//! Every operation goes through [`Operand`], implemented by owned tensors, references to them and
//! views, so each operator is written once per left-hand type, not once per pair of types. The
//! loops themselves are the generated kernels, run by `engine` with a compile-time plan.

mod arith;
mod elementwise;
pub(crate) mod engine;

use crate::layout::{Layout, RowMajor};
use crate::{Shape, Tensor, TensorView, TensorViewMut};

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
    #[doc(hidden)]
    fn source(&self) -> &[Self::Elem];
}

impl<T, S: Shape> sealed::Sealed for Tensor<T, S> {}
impl<T, S: Shape> Operand for Tensor<T, S> {
    type Elem = T;
    type Shape = S;
    type Layout = RowMajor;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn source(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T, S: Shape> sealed::Sealed for &Tensor<T, S> {}
impl<T, S: Shape> Operand for &Tensor<T, S> {
    type Elem = T;
    type Shape = S;
    type Layout = RowMajor;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn source(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T, S: Shape, L: Layout<S>> sealed::Sealed for TensorView<'_, T, S, L> {}
impl<T, S: Shape, L: Layout<S>> Operand for TensorView<'_, T, S, L> {
    type Elem = T;
    type Shape = S;
    type Layout = L;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn source(&self) -> &[T] {
        TensorView::source(self)
    }
}

impl<T, S: Shape, L: Layout<S>> sealed::Sealed for &TensorView<'_, T, S, L> {}
impl<T, S: Shape, L: Layout<S>> Operand for &TensorView<'_, T, S, L> {
    type Elem = T;
    type Shape = S;
    type Layout = L;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn source(&self) -> &[T] {
        TensorView::source(self)
    }
}

impl<T, S: Shape> sealed::Sealed for &TensorViewMut<'_, T, S> {}
impl<T, S: Shape> Operand for &TensorViewMut<'_, T, S> {
    type Elem = T;
    type Shape = S;
    type Layout = RowMajor;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn source(&self) -> &[T] {
        self.as_slice()
    }
}
