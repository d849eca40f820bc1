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
//!
//! # What generic code gets for free
//! Two facts hold for every shape, and the traits say so, so that generic code never has to
//! prove them with a `where` clause:
//! - **a shape broadcasts with itself, to itself**: [`Shape`] has `BroadcastWith<Self, Output =
//!   Self>` and `BroadcastFrom<Self>` among its supertraits;
//! - **a broadcast result is a shape like any other**: for `A: BroadcastWith<B>`, the bounds on
//!   [`BroadcastWith::Output`] say that `Broadcast<A, B>` broadcasts with `A` and with `B` back
//!   to itself, and that both `A` and `B` broadcast into it.
//!
//! Both are proved once, inside the crate, from the same facts about the four extent impls
//! (the bounds on [`BroadcastExtent::Output`]). The one fact the type system cannot carry is the
//! mirror image, `A: BroadcastWith<Broadcast<A, B>>` (a bound on `A`, where only bounds on the
//! result can be attached), so generic code puts the broadcast result on the left of an operator:
//! `&d * &a`, not `&a * &d`.
//!
//! In-place writes (`a += &b`, [`broadcast_to`](crate::Tensor::broadcast_to), `add_to`) need the
//! target's side of the rule: [`BroadcastFrom`] is implemented by the target, for the same reason,
//! and [`BroadcastInto`] reads it the other way round for `where` clauses.

use crate::{Dim, Dyn, Extent, One, Shape};

crate::diagnostic::message! {
    /// Broadcasting of two extents: `Dim<N>` with `Dim<N>`, either with [`One`], `One` with `One`.
    ///
    /// The bounds on [`Output`](Self::Output) are what every impl satisfies and what generic code
    /// relies on: the result broadcasts with either input back to itself, and either input
    /// stretches to it.
    pub trait BroadcastExtent<Rhs>: Sized {
        /// The extent of the result.
        type Output: Extent
            + BroadcastExtent<Self, Output = Self::Output>
            + BroadcastExtent<Rhs, Output = Self::Output>
            + ExtentFrom<Self>
            + ExtentFrom<Rhs>;
    }
}

// `Dim<N>` with `Dim<M>` is one impl that asks `SameDim`, rather than one impl per matching
// pair: a clash then fails on `SameDim` ("expected `Dim<3>`, found `Dim<2>`") instead of listing
// every impl of this trait.
#[diagnostic::do_not_recommend]
impl<const N: usize, const M: usize> BroadcastExtent<Dim<M>> for Dim<N>
where
    Dim<N>: SameDim<Dim<M>>,
{
    type Output = Dim<N>;
}
#[diagnostic::do_not_recommend]
impl<const N: usize> BroadcastExtent<One> for Dim<N> {
    type Output = Dim<N>;
}
#[diagnostic::do_not_recommend]
impl<const N: usize> BroadcastExtent<Dim<N>> for One {
    type Output = Dim<N>;
}
#[diagnostic::do_not_recommend]
impl BroadcastExtent<One> for One {
    type Output = One;
}
// A run-time extent against a known one gives the known one (MLIR's rule: its value must be that
// or 1, checked when the operation runs); against `One` or another run-time extent it stays
// run-time.
#[diagnostic::do_not_recommend]
impl<const N: usize> BroadcastExtent<Dyn> for Dim<N> {
    type Output = Dim<N>;
}
#[diagnostic::do_not_recommend]
impl<const N: usize> BroadcastExtent<Dim<N>> for Dyn {
    type Output = Dim<N>;
}
#[diagnostic::do_not_recommend]
impl BroadcastExtent<Dyn> for One {
    type Output = Dyn;
}
#[diagnostic::do_not_recommend]
impl BroadcastExtent<One> for Dyn {
    type Output = Dyn;
}
#[diagnostic::do_not_recommend]
impl BroadcastExtent<Dyn> for Dyn {
    type Output = Dyn;
}

crate::diagnostic::message! {
    /// Two extents `Dim<N>` and `Dim<M>` with `N == M`: the one case where two extents other than
    /// [`One`] broadcast.
    pub trait SameDim<Other> {}
}

// Two impls, neither recommended: with a single impl rustc 1.95 quotes its source line in every
// clash, and users' trybuild snapshots of their own shape contracts would then break whenever
// this file moves. The second impl is never used (a `Dyn` axis goes through `BroadcastExtent`).
#[diagnostic::do_not_recommend]
impl<const N: usize> SameDim<Dim<N>> for Dim<N> {}
#[diagnostic::do_not_recommend]
impl<const N: usize> SameDim<Dyn> for Dim<N> {}

crate::diagnostic::message! {
    /// Shapes that broadcast together, and the shape they broadcast to.
    ///
    /// Implemented for every pair of shapes up to rank [`MAX_RANK`](crate::MAX_RANK) whose aligned
    /// extents broadcast. Generic code asks for it once per pair of input shapes:
    /// `where A: BroadcastWith<B>`, and names the result [`Broadcast<A, B>`]. The result needs no
    /// further bound: it broadcasts with `A` and `B` again, and both broadcast into it.
    ///
    /// ```
    /// use shaped::{Broadcast, BroadcastWith, Shape, Tensor, tensor};
    ///
    /// // One bound for the one pair of input shapes; `d` then meets `a` and `b` freely.
    /// fn f<A: Shape + BroadcastWith<B>, B: Shape>(a: &Tensor<f32, A>, b: &Tensor<f32, B>) -> Tensor<f32, Broadcast<A, B>> {
    ///     let mut d = a - b;
    ///     d = &d * a;
    ///     d += b;
    ///     d
    /// }
    /// assert_eq!(f(&tensor![[1.0], [2.0]], &tensor![1.0, 2.0]), tensor![[1.0, 1.0], [3.0, 2.0]]);
    /// ```
    pub trait BroadcastWith<Rhs>: Sized {
        /// The broadcast shape.
        type Output: Shape
            + BroadcastWith<Self, Output = Self::Output>
            + BroadcastWith<Rhs, Output = Self::Output>
            + BroadcastFrom<Self>
            + BroadcastFrom<Rhs>;
    }
}

/// The shape two shapes broadcast to: `Broadcast<shape![4, 1], shape![3]>` is `shape![4, 3]`.
pub type Broadcast<A, B> = <A as BroadcastWith<B>>::Output;

crate::diagnostic::message! {
    /// An extent that an extent `Src` stretches to: `Src` is equal to it, or [`One`].
    pub trait ExtentFrom<Src> {}
}

#[diagnostic::do_not_recommend]
impl<const N: usize, const M: usize> ExtentFrom<Dim<M>> for Dim<N> where Dim<N>: SameDim<Dim<M>> {}
#[diagnostic::do_not_recommend]
impl<const N: usize> ExtentFrom<One> for Dim<N> {}
#[diagnostic::do_not_recommend]
impl ExtentFrom<One> for One {}
// With a run-time extent on either side, the write is checked when it runs: the source's extent
// must equal the target's, or be 1.
#[diagnostic::do_not_recommend]
impl<const N: usize> ExtentFrom<Dyn> for Dim<N> {}
#[diagnostic::do_not_recommend]
impl ExtentFrom<Dyn> for One {}
#[diagnostic::do_not_recommend]
impl<const N: usize> ExtentFrom<Dim<N>> for Dyn {}
#[diagnostic::do_not_recommend]
impl ExtentFrom<One> for Dyn {}
#[diagnostic::do_not_recommend]
impl ExtentFrom<Dyn> for Dyn {}

crate::diagnostic::message! {
    /// A target shape that a shape `Src` broadcasts to without changing the target: what in-place
    /// operators (`a += &b`), `add_to` and [`broadcast_to`](crate::Tensor::broadcast_to) require.
    ///
    /// Implemented by the target so that a broadcast result can carry it (see the module docs);
    /// `where` clauses usually read better as [`BroadcastInto`], which is the same relation.
    pub trait BroadcastFrom<Src> {}
}

/// A shape that broadcasts to `Target` without changing `Target`: `Target: BroadcastFrom<Self>`
/// read from the source's side, for `where` clauses.
///
/// ```
/// use shaped::{BroadcastInto, Shape, Tensor, tensor};
///
/// fn accumulate<S: Shape, B: BroadcastInto<S>>(acc: &mut Tensor<f32, S>, b: &Tensor<f32, B>) {
///     *acc += b;
/// }
/// let mut acc = tensor![[1.0, 2.0], [3.0, 4.0]];
/// accumulate(&mut acc, &tensor![10.0, 20.0]);
/// assert_eq!(acc, tensor![[11.0, 22.0], [13.0, 24.0]]);
/// ```
pub trait BroadcastInto<Target>: Shape {}

impl<S: Shape, Target: BroadcastFrom<S>> BroadcastInto<Target> for S {}

crate::diagnostic::message! {
    /// A shape with no more axes than `Target`: broadcasting into `Target` never adds axes to it.
    pub trait RankAtMost<Target> {}
}

shaped_macros::impl_broadcast!(8);
