//! The std operators: `+ - * / %` between any two operands (broadcasting), with a primitive
//! scalar on either side, in place (`+=` ...), and unary `-` and `!`.
//!
//! Each impl is stamped out by a `macro_rules!` over the left-hand types, since Rust wants one
//! impl per type constructor; the body is always one call into [`engine`](super::engine).

use core::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Not, Rem, RemAssign, Sub, SubAssign,
};

use super::element::{self, AssignElements, BinaryElements, UnaryElements};
use super::engine::{self, HolderOf2};
use crate::layout::Layout;
use crate::scalar::for_each_scalar;
use crate::storage::holder::Holder;
use crate::{
    Broadcast, BroadcastInto, BroadcastWith, Operand, Shape, Tensor, TensorView, TensorViewMut,
};

/// `lhs ∘ rhs` for every left-hand form and any [`Operand`] on the right, broadcasting.
macro_rules! binary {
    ($($Op:ident $op:ident $Marker:ident),*) => {$(
        binary!(@lhs $Op $op $Marker [T, S: Shape] Tensor<T, S>);
        binary!(@lhs $Op $op $Marker ['a, T, S: Shape] &'a Tensor<T, S>);
        binary!(@lhs $Op $op $Marker ['a, T, S: Shape, L: Layout<S>] TensorView<'a, T, S, L>);
        binary!(@lhs $Op $op $Marker ['a, 'b, T, S: Shape, L: Layout<S>] &'b TensorView<'a, T, S, L>);
        #[cfg(feature = "alloc")]
        binary!(@lhs $Op $op $Marker [T, S: Shape] alloc::boxed::Box<Tensor<T, S>>);
        #[cfg(feature = "alloc")]
        binary!(@lhs $Op $op $Marker ['a, T, S: Shape] &'a alloc::boxed::Box<Tensor<T, S>>);
    )*};
    (@lhs $Op:ident $op:ident $Marker:ident [$($g:tt)*] $Lhs:ty) => {
        impl<$($g)*, R: Operand> $Op<R> for $Lhs
        where
            S: BroadcastWith<R::Shape>,
            T: BinaryElements<element::$Marker, R::Elem>,
        {
            // A `Box<Tensor>` on either side gives a `Box<Tensor>`, written in place.
            type Output = <HolderOf2<Self, R> as Holder>::Hold<
                Tensor<<T as BinaryElements<element::$Marker, R::Elem>>::Output, Broadcast<S, R::Shape>>,
            >;
            #[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
            fn $op(self, rhs: R) -> Self::Output {
                <engine::KindOf2<Self, R> as engine::Run>::zip::<HolderOf2<Self, R>, _, _, _, _, _>(
                    &self,
                    &rhs,
                    <T as BinaryElements<element::$Marker, R::Elem>>::apply,
                )
            }
        }
    };
}

binary!(Add add AddOp, Sub sub SubOp, Mul mul MulOp, Div div DivOp, Rem rem RemOp);

/// `lhs ∘= rhs`: `rhs` must broadcast to the left operand's shape, which never changes.
macro_rules! assign {
    ($($Op:ident $op:ident $Marker:ident),*) => {$(
        assign!(@lhs $Op $op $Marker [T, S: Shape] Tensor<T, S>);
        assign!(@lhs $Op $op $Marker ['a, T, S: Shape] TensorViewMut<'a, T, S>);
    )*};
    (@lhs $Op:ident $op:ident $Marker:ident [$($g:tt)*] $Lhs:ty) => {
        impl<$($g)*, R: Operand> $Op<R> for $Lhs
        where
            R::Shape: BroadcastInto<S>,
            T: AssignElements<element::$Marker, R::Elem>,
        {
            #[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
            fn $op(&mut self, rhs: R) {
                let (out, dims) = self.slots_and_dims();
                engine::assign::<S, _, _>(out, dims, &rhs, <T as AssignElements<element::$Marker, R::Elem>>::apply)
            }
        }
    };
}

assign!(AddAssign add_assign AddOp, SubAssign sub_assign SubOp, MulAssign mul_assign MulOp, DivAssign div_assign DivOp, RemAssign rem_assign RemOp);

/// Unary operators for every form.
macro_rules! unary {
    ($($Op:ident $op:ident $Marker:ident),*) => {$(
        unary!(@lhs $Op $op $Marker [T, S: Shape] Tensor<T, S>);
        unary!(@lhs $Op $op $Marker ['a, T, S: Shape] &'a Tensor<T, S>);
        unary!(@lhs $Op $op $Marker ['a, T, S: Shape, L: Layout<S>] TensorView<'a, T, S, L>);
        unary!(@lhs $Op $op $Marker ['a, 'b, T, S: Shape, L: Layout<S>] &'b TensorView<'a, T, S, L>);
    )*};
    (@lhs $Op:ident $op:ident $Marker:ident [$($g:tt)*] $Lhs:ty) => {
        impl<$($g)*> $Op for $Lhs
        where
            T: UnaryElements<element::$Marker>,
        {
            type Output = Tensor<<T as UnaryElements<element::$Marker>>::Output, S>;
            #[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
            fn $op(self) -> Self::Output {
                engine::map(&self, <T as UnaryElements<element::$Marker>>::apply)
            }
        }
    };
}

unary!(Neg neg NegOp, Not not NotOp);

/// A primitive scalar on either side of a tensor, and `tensor ∘= scalar`.
macro_rules! scalar {
    ($t:ty) => {
        scalar!(@ops $t; Add add AddAssign add_assign, Sub sub SubAssign sub_assign,
            Mul mul MulAssign mul_assign, Div div DivAssign div_assign, Rem rem RemAssign rem_assign);
    };
    (@ops $t:ty; $($Op:ident $op:ident $OpAssign:ident $op_assign:ident),*) => {$(
        scalar!(@form $t, $Op $op [S: Shape] Tensor<$t, S>);
        scalar!(@form $t, $Op $op ['a, S: Shape] &'a Tensor<$t, S>);
        scalar!(@form $t, $Op $op ['a, S: Shape, L: Layout<S>] TensorView<'a, $t, S, L>);
        scalar!(@form $t, $Op $op ['a, 'b, S: Shape, L: Layout<S>] &'b TensorView<'a, $t, S, L>);
        impl<S: Shape> $OpAssign<$t> for Tensor<$t, S> {
            #[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
            fn $op_assign(&mut self, rhs: $t) {
                self.iter_mut().for_each(|x| x.$op_assign(rhs));
            }
        }
        impl<S: Shape> $OpAssign<$t> for TensorViewMut<'_, $t, S> {
            #[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
            fn $op_assign(&mut self, rhs: $t) {
                self.as_mut_slice().iter_mut().for_each(|x| x.$op_assign(rhs));
            }
        }
    )*};
    (@form $t:ty, $Op:ident $op:ident [$($g:tt)*] $Tensor:ty) => {
        impl<$($g)*> $Op<$t> for $Tensor {
            type Output = Tensor<$t, S>;
            #[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
            fn $op(self, rhs: $t) -> Tensor<$t, S> {
                engine::map(&self, |x: &$t| x.$op(rhs))
            }
        }
        impl<$($g)*> $Op<$Tensor> for $t {
            type Output = Tensor<$t, S>;
            #[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
            fn $op(self, rhs: $Tensor) -> Tensor<$t, S> {
                engine::map(&rhs, |x: &$t| self.$op(*x))
            }
        }
    };
}

for_each_scalar!(scalar);
