//! numpy's `matmul` shape rule on shape types: [`MatMul`], one impl per pair of ranks, generated
//! by `shaped_macros::impl_matmul`, and [`MatMulWith`], the product methods' bound, one blanket
//! impl over it.
//!
//! The two traits keep a clash's error short. When a bound inside one of the impls fails, the
//! compiler lists every impl of the trait the method's bound names ("the following other types
//! implement trait `MatMul<Rhs>`: ... and 65 others"). `MatMulWith` has one impl, a blanket one,
//! so nothing is listed: the error is the failing bound's own message (the inner extents in
//! plain numbers, the batch extents that clash, a rank-0 operand), and a user's snapshot of it
//! does not change when an impl is added here. Generic code still bounds `MatMul`, and a
//! missing bound is reported as `MatMul`.

use crate::{Dim, Dyn, Extent, One, Shape};

crate::diagnostic::message! {
    /// The shape of `Self x Rhs` under numpy's `matmul`: `[..a, M, K] x [..b, K, N]` is
    /// `[broadcast(a, b), M, N]`; a 1-D left operand is a row and a 1-D right one a column, whose
    /// added axis the result does not have (`[K] x [K]` is rank 0).
    ///
    /// ```
    /// use shaped::matmul::MatMul;
    /// use shaped::shape;
    /// use static_assertions::assert_type_eq_all;
    /// assert_type_eq_all!(<shape![2, 3] as MatMul<shape![3, 4]>>::Output, shape![2, 4]);
    /// assert_type_eq_all!(<shape![5, 1, 2, 3] as MatMul<shape![4, 3, 6]>>::Output, shape![5, 4, 2, 6]);
    /// assert_type_eq_all!(<shape![3] as MatMul<shape![3, 4]>>::Output, shape![4]);
    /// assert_type_eq_all!(<shape![3] as MatMul<shape![3]>>::Output, shape![]);
    /// ```
    ///
    /// Generic code bounds this trait; the product methods take it as it is:
    ///
    /// ```
    /// use shaped::matmul::MatMul;
    /// use shaped::{Shape, Tensor, tensor};
    /// fn product<S, R>(a: &Tensor<f32, S>, b: &Tensor<f32, R>) -> Tensor<f32, <S as MatMul<R>>::Output>
    /// where
    ///     S: MatMul<R>,
    ///     R: Shape,
    /// {
    ///     a.matmul(b)
    /// }
    /// fn into<S, R, O>(a: &Tensor<f32, S>, b: &Tensor<f32, R>, out: &mut Tensor<f32, O>)
    /// where
    ///     S: MatMul<R, Output = O>,
    ///     R: Shape,
    ///     O: Shape,
    /// {
    ///     a.matmul_to(b, out);
    /// }
    /// fn dot<S: MatMul<S, Output = ()>>(a: &Tensor<f32, S>) -> f32 {
    ///     a.dot(a)
    /// }
    /// let a = tensor![[1.0f32, 2.0], [3.0, 4.0]];
    /// let mut out = Tensor::zeros();
    /// into(&a, &a, &mut out);
    /// assert_eq!(product(&a, &a), out);
    /// assert_eq!(dot(&tensor![3.0f32, 4.0]), 25.0);
    /// ```
    pub trait MatMul<Rhs: Shape>: Shape {
        /// The product's shape.
        type Output: Shape;
    }
}

crate::diagnostic::message! {
    /// `Self` and `K` are the same inner extent of a matrix product (numpy does not broadcast it).
    pub trait InnerDim<K: Extent>: Extent {}
}

// Two known extents (`One` is the known 1) meet `SameInner` with their values, whose message
// names both in plain numbers. These impls are not `do_not_recommend`, so that the compiler
// reports `SameInner` rather than this trait.
impl<const N: usize, const M: usize> InnerDim<Dim<M>> for Dim<N> where (): SameInner<N, M> {}
impl<const M: usize> InnerDim<Dim<M>> for One where (): SameInner<1, M> {}
impl<const N: usize> InnerDim<One> for Dim<N> where (): SameInner<N, 1> {}
#[diagnostic::do_not_recommend]
impl InnerDim<One> for One {}
// A run-time extent, checked when the product runs.
#[diagnostic::do_not_recommend]
impl<const N: usize> InnerDim<Dyn> for Dim<N> {}
#[diagnostic::do_not_recommend]
impl<const N: usize> InnerDim<Dim<N>> for Dyn {}
#[diagnostic::do_not_recommend]
impl InnerDim<Dyn> for One {}
#[diagnostic::do_not_recommend]
impl InnerDim<One> for Dyn {}
#[diagnostic::do_not_recommend]
impl InnerDim<Dyn> for Dyn {}

crate::diagnostic::message! {
    /// The known inner extents `K` and `L` of a matrix product are equal: implemented (for every
    /// type; [`InnerDim`] asks it of `()`) when `K == L` only.
    pub trait SameInner<const K: usize, const L: usize> {}
}

// Blanket over `Self`: an impl for `()` alone would make a clash's error add "but trait
// `SameInner<3, 3>` is implemented for it", quoting this line of shaped's source.
impl<T, const K: usize> SameInner<K, K> for T {}

crate::diagnostic::message! {
    /// Never implemented: a rank-0 operand of a matrix product (with `Other` the other operand's
    /// shape) meets this bound, and its message says why.
    pub trait NotScalar<Other> {}
}

/// A batch shape with a matrix's extents appended (`E` is `(M, N)`, `(M,)` or `(N,)`): what
/// [`MatMul`]'s impls compute their output with.
pub trait Append<E> {
    /// The longer shape.
    type Output: Shape;
}

crate::diagnostic::message! {
    /// What the product methods (`matmul`, `try_matmul`, `matmul_to`, `dot`) ask of their
    /// operands' shapes: [`MatMul`], through one blanket impl (see the module). Generic code
    /// bounds [`MatMul`], which implies this.
    pub trait MatMulWith<Rhs: Shape>: Shape {
        /// The product's shape, [`MatMul::Output`].
        type Output: Shape;
    }
}

impl<A: MatMul<B>, B: Shape> MatMulWith<B> for A {
    type Output = <A as MatMul<B>>::Output;
}

shaped_macros::impl_matmul!(8);
