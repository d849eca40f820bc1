//! The operation on one pair of elements behind each operator: `+` on tensors is
//! [`BinaryElements<AddOp, U>`](BinaryElements) on their elements.
//!
//! Each trait has one blanket impl per operation over the matching `core::ops` trait, so any
//! element type with `+` works, and generic code bounds its elements with the familiar
//! `T: Add<Output = T>`. The traits exist for two reasons:
//! - an operator's element function is a plain function generic only over element types, so in
//!   unoptimised builds one copy of a kernel serves every shape (a closure written inside an
//!   operator impl would be a new type for every shape);
//! - a clash of element types (`f32` tensor + `i32` tensor) is reported as the operator's own
//!   error ("cannot add `i32` to `f32`") without the list of every `Add` impl in scope: the
//!   blanket impls are `#[diagnostic::do_not_recommend]`.

use core::ops;

macro_rules! markers {
    ($($Op:ident $sym:literal),*) => {$(
        #[doc = concat!("The operation `", $sym, "`, as a type: names the operation in [`BinaryElements`], [`AssignElements`] or [`UnaryElements`].")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $Op;
    )*};
}
markers!(AddOp "+", SubOp "-", MulOp "*", DivOp "/", RemOp "%", NegOp "-x", NotOp "!x");

crate::diagnostic::message! {
    /// `x op y` on two elements (cloned), for the operation `Op` ([`AddOp`], [`SubOp`], ...).
    pub trait BinaryElements<Op, Rhs> {
        /// The result's element type.
        type Output;
        /// `x op y`.
        fn apply(x: &Self, y: &Rhs) -> Self::Output;
    }
}

crate::diagnostic::message! {
    /// `x op= y` on two elements, for the operation `Op`.
    pub trait AssignElements<Op, Rhs> {
        /// `x op= y`.
        fn apply(x: &mut Self, y: &Rhs);
    }
}

crate::diagnostic::message! {
    /// `op x` on one element (cloned), for [`NegOp`] or [`NotOp`].
    pub trait UnaryElements<Op> {
        /// The result's element type.
        type Output;
        /// `op x`.
        fn apply(x: &Self) -> Self::Output;
    }
}

macro_rules! binary {
    ($($Marker:ident $Op:ident $Assign:ident $op:ident $op_assign:ident),*) => {$(
        #[diagnostic::do_not_recommend]
        impl<T: Clone + ops::$Op<U>, U: Clone> BinaryElements<$Marker, U> for T {
            type Output = T::Output;
            #[inline(always)]
            fn apply(x: &T, y: &U) -> T::Output {
                ops::$Op::$op(x.clone(), y.clone())
            }
        }
        #[diagnostic::do_not_recommend]
        impl<T: ops::$Assign<U>, U: Clone> AssignElements<$Marker, U> for T {
            #[inline(always)]
            fn apply(x: &mut T, y: &U) {
                ops::$Assign::$op_assign(x, y.clone())
            }
        }
    )*};
}
binary!(
    AddOp Add AddAssign add add_assign,
    SubOp Sub SubAssign sub sub_assign,
    MulOp Mul MulAssign mul mul_assign,
    DivOp Div DivAssign div div_assign,
    RemOp Rem RemAssign rem rem_assign
);

macro_rules! unary {
    ($($Marker:ident $Op:ident $op:ident),*) => {$(
        #[diagnostic::do_not_recommend]
        impl<T: Clone + ops::$Op> UnaryElements<$Marker> for T {
            type Output = T::Output;
            #[inline(always)]
            fn apply(x: &T) -> T::Output {
                ops::$Op::$op(x.clone())
            }
        }
    )*};
}
unary!(NegOp Neg neg, NotOp Not not);
