//! numpy's broadcasting rule, decided by the type checker.
//!
//! Shapes align on the right; a missing leading axis counts as 1; each aligned pair of extents
//! must be equal or one of them 1, and the result takes the other. Per pair of extents that is
//! four impls of [`BroadcastExtent`]; per pair of ranks, one impl of [`BroadcastWith`] (generated
//! by `shaped_macros::impl_broadcast`) that bounds each aligned pair separately. A clash therefore
//! fails on the two extents that clash, and the error names them:
//!
//! ```text
//! error[E0277]: cannot broadcast extent `Dim<3>` with extent `Dim<2>`
//! ```
//!
//! The check is trait selection, so `cargo check` and the IDE report it, not only a full build.

use crate::{Dim, Extent, One, Shape};

/// Broadcasting of two extents: `Dim<N>` with `Dim<N>`, either with [`One`], `One` with `One`.
#[diagnostic::on_unimplemented(
    message = "cannot broadcast extent `{Self}` with extent `{Rhs}`",
    label = "shapes do not broadcast: an aligned pair of extents is `{Self}` and `{Rhs}`",
    note = "broadcasting aligns shapes on the right; each pair of extents must be equal or one of them 1",
    note = "the extent 1 is the type `One` (`shape![..]` writes it for a literal 1); a hand-written `Dim<1>` is not an extent"
)]
pub trait BroadcastExtent<Rhs: Extent>: Extent {
    /// The extent of the result.
    type Output: Extent;
}

impl<const N: usize> BroadcastExtent<Dim<N>> for Dim<N> {
    type Output = Dim<N>;
}
impl<const N: usize> BroadcastExtent<One> for Dim<N> {
    type Output = Dim<N>;
}
impl<const N: usize> BroadcastExtent<Dim<N>> for One {
    type Output = Dim<N>;
}
impl BroadcastExtent<One> for One {
    type Output = One;
}

/// Shapes that broadcast together, and the shape they broadcast to.
///
/// Implemented for every pair of shapes up to rank [`MAX_RANK`](crate::MAX_RANK) whose aligned
/// extents broadcast. Generic code asks for it once per operation:
/// `where A: BroadcastWith<B>`, and names the result [`Broadcast<A, B>`].
#[diagnostic::on_unimplemented(
    message = "cannot broadcast shape `{Self}` with shape `{Rhs}`",
    note = "broadcasting aligns shapes on the right; each pair of extents must be equal or one of them 1"
)]
pub trait BroadcastWith<Rhs: Shape>: Shape {
    /// The broadcast shape.
    type Output: Shape;
}

/// The shape two shapes broadcast to: `Broadcast<shape![4, 1], shape![3]>` is `shape![4, 3]`.
pub type Broadcast<A, B> = <A as BroadcastWith<B>>::Output;

/// An extent that stretches to `Target`: equal to it, or [`One`].
#[diagnostic::on_unimplemented(
    message = "cannot broadcast extent `{Self}` to extent `{Target}`",
    label = "an axis of extent `{Self}` cannot become `{Target}`",
    note = "only an extent equal to the target's, or 1 (`One`), broadcasts to it; the target's shape never grows"
)]
pub trait ExtentInto<Target: Extent>: Extent {}

impl<const N: usize> ExtentInto<Dim<N>> for Dim<N> {}
impl<E: Extent> ExtentInto<E> for One {}

/// A shape that broadcasts to `Target` without changing `Target`: what
/// [`broadcast_to`](crate::Tensor::broadcast_to) and in-place operators (`a += &b`) require.
#[diagnostic::on_unimplemented(
    message = "cannot broadcast shape `{Self}` to shape `{Target}`",
    label = "this operand has more axes than the target `{Target}`",
    note = "the broadcast result must be exactly the target shape: an in-place operator or `broadcast_to` never grows it"
)]
pub trait BroadcastInto<Target: Shape>: Shape {}

shaped_macros::impl_broadcast!(8);
