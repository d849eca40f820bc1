//! numpy's `matmul` shape rule on shape types: [`MatMul`], one impl per pair of ranks, generated
//! by `shaped_macros::impl_matmul`.

use crate::{Dim, Extent, One, Shape};

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
#[diagnostic::on_unimplemented(
    message = "cannot multiply shape `{Self}` by shape `{Rhs}`",
    label = "no matrix product of these shapes",
    note = "numpy's rule: [.., M, K] x [.., K, N] gives [.., M, N], the batch axes broadcast"
)]
pub trait MatMul<Rhs: Shape>: Shape {
    /// The product's shape.
    type Output: Shape;
}

/// `Self` and `K` are the same inner extent of a matrix product (numpy does not broadcast it).
#[diagnostic::on_unimplemented(
    message = "inner dimensions differ: `{Self}` vs `{K}`",
    label = "the last axis of the left operand must equal the second-to-last of the right",
    note = "a matrix product [M, K] x [K, N] needs the same K on both sides"
)]
pub trait InnerDim<K: Extent>: Extent {}

impl<const N: usize> InnerDim<Dim<N>> for Dim<N> {}
impl InnerDim<One> for One {}

/// Never implemented: a rank-0 operand of a matrix product (with `Other` the other operand's
/// shape) meets this bound, and its message says why.
#[diagnostic::on_unimplemented(
    message = "a matrix product needs operands of rank 1 or more, and one is rank 0",
    label = "a rank-0 tensor (a scalar) is not a matrix",
    note = "multiply by a scalar element-wise instead (`&a * &s`)"
)]
pub trait NotScalar<Other> {}

/// A batch shape with a matrix's extents appended (`E` is `(M, N)`, `(M,)` or `(N,)`): what
/// [`MatMul`]'s impls compute their output with.
pub trait Append<E> {
    /// The longer shape.
    type Output: Shape;
}

shaped_macros::impl_matmul!(8);
