//! Which shapes a shape can become without a run-time check (`into_shape`): `std::mdspan`'s
//! rule. Static to run-time is free (`Dim<N>` or `One` to `Dyn`), and so is the extent 1 between
//! its two spellings (`One` and `Dim<1>`); run-time to static (`Dyn` to `Dim<N>`) needs the
//! check of `try_into_shape`. The rank never changes.

use crate::{Dim, Dyn, One};

crate::diagnostic::message! {
    /// An extent that becomes the extent `Target` with no run-time check: the same extent, `Dyn`,
    /// or the other spelling of 1 (`One` and `Dim<1>`).
    pub trait ExtentInto<Target> {}
}

#[diagnostic::do_not_recommend]
impl<const N: usize> ExtentInto<Dim<N>> for Dim<N> {}
#[diagnostic::do_not_recommend]
impl ExtentInto<One> for One {}
#[diagnostic::do_not_recommend]
impl ExtentInto<Dyn> for Dyn {}
#[diagnostic::do_not_recommend]
impl<const N: usize> ExtentInto<Dyn> for Dim<N> {}
#[diagnostic::do_not_recommend]
impl ExtentInto<Dyn> for One {}
#[diagnostic::do_not_recommend]
impl ExtentInto<Dim<1>> for One {}
#[diagnostic::do_not_recommend]
impl ExtentInto<One> for Dim<1> {}

crate::diagnostic::message! {
    /// A shape whose every axis becomes the same axis of `Target` with no run-time check
    /// ([`ExtentInto`]); the ranks are equal. What [`Tensor::into_shape`](crate::Tensor::into_shape)
    /// asks.
    pub trait ShapeInto<Target> {}
}
