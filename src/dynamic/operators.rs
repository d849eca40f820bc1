//! The std operators on dynamic tensors: `+ - * / %` between a dynamic tensor or view and any
//! [`DynOperand`] (static ones included), a static tensor on the left of a dynamic one, a
//! primitive scalar on the right, `+=` ..., and unary `-`.
//!
//! A shape mismatch panics with the [`ShapeError`](crate::ShapeError) message the matching
//! `try_` method returns (as ndarray's operators do); use the `try_` methods to handle it.

use core::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Rem, RemAssign, Sub, SubAssign,
};

use super::methods::map;
use super::operand::DynOperand;
use super::{DynTensor, DynView, DynViewMut};
use crate::error::shape_panic;
use crate::scalar::for_each_scalar;
use crate::{Shape, Tensor};

macro_rules! binary {
    ($($Op:ident $op:ident $try_op:ident),*) => {$(
        binary!(@lhs $Op $op $try_op [T] DynTensor<T>);
        binary!(@lhs $Op $op $try_op ['a, T] &'a DynTensor<T>);
        binary!(@lhs $Op $op $try_op ['a, T] DynView<'a, T>);
        binary!(@lhs $Op $op $try_op ['a, 'b, T] &'b DynView<'a, T>);
        binary!(@static $Op $op $try_op ['a, T, S: Shape] &'a Tensor<T, S>, &'a DynTensor<T>);
        binary!(@static $Op $op $try_op ['a, T, S: Shape] &'a Tensor<T, S>, DynTensor<T>);
        binary!(@static $Op $op $try_op ['a, T, S: Shape] Tensor<T, S>, &'a DynTensor<T>);
        binary!(@static $Op $op $try_op [T, S: Shape] Tensor<T, S>, DynTensor<T>);
        binary!(@static $Op $op $try_op ['a, 'b, T, S: Shape] &'b Tensor<T, S>, DynView<'a, T>);
        binary!(@static $Op $op $try_op ['a, T, S: Shape] Tensor<T, S>, DynView<'a, T>);
    )*};
    (@lhs $Op:ident $op:ident $try_op:ident [$($g:tt)*] $Lhs:ty) => {
        impl<$($g)*, R: DynOperand<Elem = T>> $Op<R> for $Lhs
        where
            T: Clone + $Op + Sync,
            <T as $Op>::Output: Send,
        {
            type Output = DynTensor<<T as $Op>::Output>;
            #[inline]
            #[track_caller]
            fn $op(self, rhs: R) -> Self::Output {
                match self.$try_op(rhs) {
                    Ok(t) => t,
                    Err(e) => shape_panic(e),
                }
            }
        }
    };
    (@static $Op:ident $op:ident $try_op:ident [$($g:tt)*] $Lhs:ty, $Rhs:ty) => {
        impl<$($g)*> $Op<$Rhs> for $Lhs
        where
            T: Clone + $Op + Sync,
            <T as $Op>::Output: Send,
        {
            type Output = DynTensor<<T as $Op>::Output>;
            #[inline]
            #[track_caller]
            fn $op(self, rhs: $Rhs) -> Self::Output {
                match self.as_dyn().$try_op(rhs) {
                    Ok(t) => t,
                    Err(e) => shape_panic(e),
                }
            }
        }
    };
}

binary!(Add add try_add, Sub sub try_sub, Mul mul try_mul, Div div try_div, Rem rem try_rem);

macro_rules! assign {
    ($($Op:ident $op:ident $try_op:ident),*) => {$(
        assign!(@lhs $Op $op $try_op [T] DynTensor<T>);
        assign!(@lhs $Op $op $try_op ['a, T] DynViewMut<'a, T>);
    )*};
    (@lhs $Op:ident $op:ident $try_op:ident [$($g:tt)*] $Lhs:ty) => {
        impl<$($g)*, R: DynOperand<Elem = T>> $Op<R> for $Lhs
        where
            T: $Op + Clone,
        {
            #[inline]
            #[track_caller]
            fn $op(&mut self, rhs: R) {
                if let Err(e) = self.$try_op(rhs) {
                    shape_panic(e)
                }
            }
        }
    };
}

assign!(AddAssign add_assign try_add_assign, SubAssign sub_assign try_sub_assign,
    MulAssign mul_assign try_mul_assign, DivAssign div_assign try_div_assign,
    RemAssign rem_assign try_rem_assign);

impl<T: Clone + Neg> Neg for &DynTensor<T> {
    type Output = DynTensor<T::Output>;
    #[inline]
    fn neg(self) -> Self::Output {
        self.map(|x| -x)
    }
}

impl<T: Clone + Neg> Neg for DynTensor<T> {
    type Output = DynTensor<T::Output>;
    #[inline]
    fn neg(self) -> Self::Output {
        self.map(|x| -x)
    }
}

/// `op(x, rhs)` for each element `x` of `a`, into a new tensor: the body of every scalar impl
/// below, each passing its operator's function item (a type of its own, so the loop still calls
/// it directly).
///
/// Not inlined: those 420 impls are not generic, so rustc's MIR inliner resolved and inlined
/// this whole chain into each of them while compiling shaped, about 0.5 s of a dependent's
/// clean build (BENCHMARKS.md, "Build time of a dependent"); one call per operation is nothing
/// beside the allocation it makes.
#[inline(never)]
fn with_right<A: DynOperand<Elem = T>, T: Copy>(
    a: &A,
    rhs: T,
    op: impl Fn(T, T) -> T,
) -> DynTensor<T> {
    map(a, move |x: &T| op(*x, rhs))
}

/// `op(x, rhs)` in place for each element `x` of a view (not inlined, as [`with_right`]).
#[inline(never)]
fn each_with<T: Copy>(xs: &mut DynViewMut<'_, T>, rhs: T, op: impl Fn(&mut T, T)) {
    xs.map_inplace(|x| op(x, rhs));
}

/// A primitive scalar on the right of a dynamic tensor, and `tensor ∘= scalar`.
///
/// Not on the left (`2.0 * &t`): those impls on the primitive types would join every "cannot
/// add `i32` to `f32`" diagnostic of the static path (tests/ui/wrong_element_type.rs); use
/// `t.map(|x| 2.0 * x)`.
macro_rules! scalar {
    ($t:ty) => {
        scalar!(@ops $t; Add add AddAssign add_assign, Sub sub SubAssign sub_assign,
            Mul mul MulAssign mul_assign, Div div DivAssign div_assign, Rem rem RemAssign rem_assign);
    };
    (@ops $t:ty; $($Op:ident $op:ident $OpAssign:ident $op_assign:ident),*) => {$(
        scalar!(@form $t, $Op $op [] DynTensor<$t>);
        scalar!(@form $t, $Op $op ['a] &'a DynTensor<$t>);
        scalar!(@form $t, $Op $op ['a] DynView<'a, $t>);
        scalar!(@form $t, $Op $op ['a, 'b] &'b DynView<'a, $t>);
        impl $OpAssign<$t> for DynTensor<$t> {
            #[inline]
            fn $op_assign(&mut self, rhs: $t) {
                each_with(&mut self.view_mut(), rhs, <$t as $OpAssign>::$op_assign);
            }
        }
        impl $OpAssign<$t> for DynViewMut<'_, $t> {
            #[inline]
            fn $op_assign(&mut self, rhs: $t) {
                each_with(self, rhs, <$t as $OpAssign>::$op_assign);
            }
        }
    )*};
    (@form $t:ty, $Op:ident $op:ident [$($g:tt)*] $Lhs:ty) => {
        impl<$($g)*> $Op<$t> for $Lhs {
            type Output = DynTensor<$t>;
            #[inline]
            fn $op(self, rhs: $t) -> DynTensor<$t> {
                with_right(&self, rhs, <$t as $Op>::$op)
            }
        }
    };
}

for_each_scalar!(scalar);
