//! The `try_` forms of the element-wise operations: for shapes with a run-time extent
//! ([`Dyn`](crate::Dyn)), whose agreement is only known when the program runs. The operators
//! (`&a + &b`, `a += &b`, `add_to`) panic with the same [`ShapeError`] message; these return it.
//! For shapes without `Dyn` the check was the type's, and they always return `Ok`.
//!
//! ```
//! use shaped::{shape, Tensor};
//! let a = Tensor::<f32, shape![Dyn, 3]>::from_elem(&[2, 3], 1.0)?;
//! let b = Tensor::<f32, shape![Dyn, 3]>::from_elem(&[4, 3], 2.0)?;
//! let err = a.try_add(&b).unwrap_err();
//! assert_eq!(err.to_string(), "cannot broadcast [2, 3] with [4, 3]: axis -2 has 2 vs 4");
//! # Ok::<(), shaped::ShapeError>(())
//! ```

use super::element::{self, AssignElements, BinaryElements};
use super::engine;
use crate::layout::Layout;
use crate::storage::Destination;
use crate::{
    Broadcast, BroadcastInto, BroadcastWith, Operand, Shape, ShapeError, Tensor, TensorView,
    TensorViewMut,
};

/// `try_add` and its siblings, on tensors and views.
macro_rules! try_binary {
    ($($name:ident $to:ident $Marker:ident $sym:literal,)*) => {$(
        #[doc = concat!("`self ", $sym, " other` with broadcasting; an error naming both shapes and the axis when a")]
        /// run-time extent does not broadcast.
        #[inline]
        pub fn $name<R: Operand>(
            &self,
            other: R,
        ) -> Result<Tensor<<T as BinaryElements<element::$Marker, R::Elem>>::Output, Broadcast<S, R::Shape>>, ShapeError>
        where
            S: BroadcastWith<R::Shape>,
            T: BinaryElements<element::$Marker, R::Elem>,
        {
            engine::try_zip(self, &other, <T as BinaryElements<element::$Marker, R::Elem>>::apply)
        }

        #[doc = concat!("`self ", $sym, " other` written into `out`; an error when a run-time extent does not fit it.")]
        #[inline]
        pub fn $to<R: Operand, D: Destination<Elem = <T as BinaryElements<element::$Marker, R::Elem>>::Output>>(
            &self,
            other: R,
            out: &mut D,
        ) -> Result<(), ShapeError>
        where
            S: BroadcastInto<D::Shape>,
            R::Shape: BroadcastInto<D::Shape>,
            T: BinaryElements<element::$Marker, R::Elem>,
        {
            let (slots, dims) = out.slots_and_dims();
            engine::try_zip_update::<D::Shape, _, _, _, _>(slots, dims, self, &other, |o: &mut _, x: &T, y: &R::Elem| {
                *o = <T as BinaryElements<element::$Marker, R::Elem>>::apply(x, y)
            })
        }
    )*};
}

macro_rules! checked {
    () => {
        try_binary! {
            try_add try_add_to AddOp "+",
            try_sub try_sub_to SubOp "-",
            try_mul try_mul_to MulOp "*",
            try_div try_div_to DivOp "/",
            try_rem try_rem_to RemOp "%",
        }

        /// `f(x, y)` for each pair of elements broadcast together; an error naming both shapes
        /// and the axis when a run-time extent does not broadcast.
        #[inline]
        pub fn try_zip_map<R: Operand, O>(
            &self,
            other: R,
            mut f: impl FnMut(T, R::Elem) -> O,
        ) -> Result<Tensor<O, Broadcast<S, R::Shape>>, ShapeError>
        where
            S: BroadcastWith<R::Shape>,
            T: Clone,
            R::Elem: Clone,
        {
            engine::try_zip(self, &other, |x: &T, y: &R::Elem| f(x.clone(), y.clone()))
        }
    };
}

impl<T, S: Shape> Tensor<T, S> {
    checked!();
}

impl<T, S: Shape, L: Layout<S>> TensorView<'_, T, S, L> {
    checked!();
}

/// `try_add_assign` and its siblings: `self ∘= rhs` with `rhs` broadcast to this shape, which
/// never changes; an error naming both shapes and the axis when a run-time extent does not fit.
macro_rules! try_assign {
    ($($name:ident $Marker:ident,)*) => {$(
        #[doc = concat!("The checked form of the in-place operator (`", stringify!($Marker), "`).")]
        #[inline]
        pub fn $name<R: Operand>(&mut self, rhs: R) -> Result<(), ShapeError>
        where
            R::Shape: BroadcastInto<S>,
            T: AssignElements<element::$Marker, R::Elem>,
        {
            let (out, dims) = self.slots_and_dims();
            engine::try_assign::<S, _, _>(out, dims, &rhs, <T as AssignElements<element::$Marker, R::Elem>>::apply)
        }
    )*};
}

macro_rules! checked_assign {
    () => {
        try_assign! {
            try_add_assign AddOp,
            try_sub_assign SubOp,
            try_mul_assign MulOp,
            try_div_assign DivOp,
            try_rem_assign RemOp,
        }

        /// Copies `src` (broadcast to this shape) into this one; an error when a run-time extent
        /// does not fit.
        #[inline]
        pub fn try_assign<R: Operand<Elem = T>>(&mut self, src: R) -> Result<(), ShapeError>
        where
            R::Shape: BroadcastInto<S>,
            T: Clone,
        {
            let (out, dims) = self.slots_and_dims();
            engine::try_assign::<S, _, _>(out, dims, &src, |o: &mut T, x: &T| o.clone_from(x))
        }

        /// Copies `src` (broadcast to this shape) into this one; panics with the
        /// [`try_assign`](Self::try_assign) error when a run-time extent does not fit (a shape
        /// without `Dyn` is checked at compile time).
        #[inline]
        pub fn assign<R: Operand<Elem = T>>(&mut self, src: R)
        where
            R::Shape: BroadcastInto<S>,
            T: Clone,
        {
            if let Err(e) = self.try_assign(src) {
                super::shape_panic(e)
            }
        }
    };
}

impl<T, S: Shape> Tensor<T, S> {
    checked_assign!();
}

impl<T, S: Shape> TensorViewMut<'_, T, S> {
    checked_assign!();
}
