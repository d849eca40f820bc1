//! numpy's `matmul` shape rule on shape types: [`MatMul`], one impl per pair of ranks, generated
//! by `shaped_macros::impl_matmul`.

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
    pub trait MatMul<Rhs: Shape>: Shape {
        /// The product's shape.
        type Output: Shape;
    }
}

crate::diagnostic::message! {
    /// `Self` and `K` are the same inner extent of a matrix product (numpy does not broadcast it).
    pub trait InnerDim<K: Extent>: Extent {}
}

#[diagnostic::do_not_recommend]
impl<const N: usize> InnerDim<Dim<N>> for Dim<N> {}
#[diagnostic::do_not_recommend]
impl InnerDim<One> for One {}
// The extent 1 in either spelling; and a run-time extent, checked when the product runs.
#[diagnostic::do_not_recommend]
impl InnerDim<Dim<1>> for One {}
#[diagnostic::do_not_recommend]
impl InnerDim<One> for Dim<1> {}
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

shaped_macros::impl_matmul!(8);
