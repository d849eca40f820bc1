//! The std operators: `+ - * / %` between any two operands (broadcasting), with a primitive
//! scalar on either side, in place (`+=` ...), and unary `-` and `!`.
//!
//! Each impl is stamped out by a `macro_rules!` over the left-hand types, since Rust wants one
//! impl per type constructor; the body is always one call into [`engine`](super::engine).

use core::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Not, Rem, RemAssign, Sub, SubAssign,
};

use super::engine;
use crate::layout::Layout;
use crate::scalar::for_each_scalar;
use crate::{
    Broadcast, BroadcastInto, BroadcastWith, Operand, Shape, Tensor, TensorView, TensorViewMut,
};

/// The element operations as plain functions, generic only over element types: one copy of a
/// kernel then serves every shape in unoptimised builds (a closure written inside an operator
/// impl would be a new type for every shape).
mod elementwise {
    macro_rules! binary_fns {
        ($($Op:ident $op:ident),*) => {$(
            #[inline(always)]
            pub fn $op<T: Clone + core::ops::$Op<U>, U: Clone>(x: &T, y: &U) -> T::Output {
                core::ops::$Op::$op(x.clone(), y.clone())
            }
        )*};
    }
    binary_fns!(Add add, Sub sub, Mul mul, Div div, Rem rem);

    macro_rules! assign_fns {
        ($($Op:ident $op:ident),*) => {$(
            #[inline(always)]
            pub fn $op<T: core::ops::$Op<U>, U: Clone>(x: &mut T, y: &U) {
                core::ops::$Op::$op(x, y.clone())
            }
        )*};
    }
    assign_fns!(AddAssign add_assign, SubAssign sub_assign, MulAssign mul_assign, DivAssign div_assign, RemAssign rem_assign);

    macro_rules! unary_fns {
        ($($Op:ident $op:ident),*) => {$(
            #[inline(always)]
            pub fn $op<T: Clone + core::ops::$Op>(x: &T) -> T::Output {
                core::ops::$Op::$op(x.clone())
            }
        )*};
    }
    unary_fns!(Neg neg, Not not);
}

/// `lhs ∘ rhs` for every left-hand form and any [`Operand`] on the right, broadcasting.
macro_rules! binary {
    ($($Op:ident $op:ident),*) => {$(
        binary!(@lhs $Op $op [T, S: Shape] Tensor<T, S>);
        binary!(@lhs $Op $op ['a, T, S: Shape] &'a Tensor<T, S>);
        binary!(@lhs $Op $op ['a, T, S: Shape, L: Layout<S>] TensorView<'a, T, S, L>);
        binary!(@lhs $Op $op ['a, 'b, T, S: Shape, L: Layout<S>] &'b TensorView<'a, T, S, L>);
    )*};
    (@lhs $Op:ident $op:ident [$($g:tt)*] $Lhs:ty) => {
        impl<$($g)*, R: Operand> $Op<R> for $Lhs
        where
            S: BroadcastWith<R::Shape>,
            T: Clone + $Op<R::Elem>,
            R::Elem: Clone,
        {
            type Output = Tensor<<T as $Op<R::Elem>>::Output, Broadcast<S, R::Shape>>;
            #[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
            fn $op(self, rhs: R) -> Self::Output {
                engine::zip(&self, &rhs, elementwise::$op::<T, R::Elem>)
            }
        }
    };
}

binary!(Add add, Sub sub, Mul mul, Div div, Rem rem);

/// `lhs ∘= rhs`: `rhs` must broadcast to the left operand's shape, which never changes.
macro_rules! assign {
    ($($Op:ident $op:ident),*) => {$(
        assign!(@lhs $Op $op [T, S: Shape] Tensor<T, S>);
        assign!(@lhs $Op $op ['a, T, S: Shape] TensorViewMut<'a, T, S>);
    )*};
    (@lhs $Op:ident $op:ident [$($g:tt)*] $Lhs:ty) => {
        impl<$($g)*, R: Operand> $Op<R> for $Lhs
        where
            R::Shape: BroadcastInto<S>,
            T: $Op<R::Elem>,
            R::Elem: Clone,
        {
            #[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
            fn $op(&mut self, rhs: R) {
                engine::assign::<S, _, _>(self.as_mut_slice(), &rhs, elementwise::$op::<T, R::Elem>)
            }
        }
    };
}

assign!(AddAssign add_assign, SubAssign sub_assign, MulAssign mul_assign, DivAssign div_assign, RemAssign rem_assign);

/// Unary operators for every form.
macro_rules! unary {
    ($($Op:ident $op:ident),*) => {$(
        unary!(@lhs $Op $op [T, S: Shape] Tensor<T, S>);
        unary!(@lhs $Op $op ['a, T, S: Shape] &'a Tensor<T, S>);
        unary!(@lhs $Op $op ['a, T, S: Shape, L: Layout<S>] TensorView<'a, T, S, L>);
        unary!(@lhs $Op $op ['a, 'b, T, S: Shape, L: Layout<S>] &'b TensorView<'a, T, S, L>);
    )*};
    (@lhs $Op:ident $op:ident [$($g:tt)*] $Lhs:ty) => {
        impl<$($g)*> $Op for $Lhs
        where
            T: Clone + $Op,
        {
            type Output = Tensor<<T as $Op>::Output, S>;
            #[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
            fn $op(self) -> Self::Output {
                engine::map(&self, elementwise::$op::<T>)
            }
        }
    };
}

unary!(Neg neg, Not not);

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
