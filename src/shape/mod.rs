//! Shapes as types: the type-level half of the crate, in one folder.
//!
//! - [`Shape`] (this file): a tuple of extents, `()` through rank [`MAX_RANK`];
//! - [`extent`]: one axis length as a type, [`Dim<N>`](crate::Dim), [`One`](crate::One) or
//!   [`Dyn`](crate::Dyn);
//! - [`kind`]: whether a shape is known whole at compile time, the one switch between inline
//!   and run-time storage and loop plans;
//! - [`broadcast`]: numpy's broadcasting rule, decided by the type checker;
//! - [`axis`]: the axis algebra (the extent at an axis, an axis removed, inserted, replaced,
//!   squeezed, the axes reversed, permuted, swapped, moved, a diagonal).
//!
//! Shapes are tuples so that they read well in errors and docs: `shape![2, 1, 4]` is
//! `(Dim<2>, One, Dim<4>)`. The impls for every rank are generated (`shaped_macros::impl_shapes`);
//! each recurses on its tail to build the nested-array storage. (The flat row-major view of that
//! storage is one pointer cast in `Tensor::as_slice`, not a recursion: a recursion costs a chain
//! of generic functions per shape, which `cargo xtask compile-time` showed in every build.)
//! Everything a kernel needs (dims, strides, element count) is an associated constant, usable in
//! `const` context.

use core::fmt::Debug;

use crate::MAX_RANK;
use broadcast::{BroadcastFrom, BroadcastWith};

pub mod axis;
pub mod broadcast;
pub mod convert;
pub mod extent;
pub mod kind;

pub(crate) mod sealed {
    pub trait Sealed {}
}

/// The rank and every extent of a tensor, as a type.
///
/// Every shape broadcasts with itself to itself (`BroadcastWith<Self, Output = Self>`) and into
/// itself (`BroadcastFrom<Self>`): these are supertraits, so `S: Shape` alone lets generic code
/// add, compare or assign two tensors of shape `S`.
///
/// ```
/// use shaped::{shape, Shape};
/// type S = shape![2, 3, 4];
/// const N: usize = <S as Shape>::NUM;
/// assert_eq!((S::RANK, S::DIMS, N, S::STRIDES), (3, [2, 3, 4], 24, [12, 4, 1]));
/// ```
pub trait Shape:
    sealed::Sealed
    + Copy
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BroadcastWith<Self, Output = Self>
    + BroadcastFrom<Self>
{
    /// Number of axes.
    const RANK: usize;
    /// [`Fixed`](kind::Fixed) when every extent is known at compile time,
    /// [`Runtime`](kind::Runtime) when one is [`Dyn`](crate::Dyn).
    type Kind: kind::Kind;
    /// A multi-index, `[usize; RANK]`.
    type Index: Copy
        + Debug
        + Default
        + Eq
        + core::hash::Hash
        + AsRef<[usize]>
        + AsMut<[usize]>
        + Send
        + Sync
        + 'static;
    /// The extents, outermost first. Like the constants below, only for a shape without a
    /// [`Dyn`](crate::Dyn) axis: naming it for one fails the build.
    const DIMS: Self::Index;
    /// Number of elements: the product of the extents (1 for rank 0). A shape whose product
    /// overflows `usize` is rejected when this constant is evaluated.
    const NUM: usize;
    /// Row-major strides in elements: the last axis has stride 1.
    const STRIDES: Self::Index;
    /// Each extent when known at compile time, `None` for a [`Dyn`](crate::Dyn) axis,
    /// right-aligned in [`MAX_RANK`] slots (leading slots `Some(1)`).
    const STATIC_DIMS: [Option<usize>; MAX_RANK];
    /// The extents right-aligned in [`MAX_RANK`] slots, leading slots 1: the form every
    /// compile-time plan works on, whatever the rank.
    #[doc(hidden)]
    const PADDED_DIMS: [usize; MAX_RANK];

    /// The elements of a [`Fixed`](kind::Fixed) shape: `T` nested in arrays.
    #[doc(hidden)]
    type Nested<T>;
    #[doc(hidden)]
    type IntoIter<T>: Iterator<Item = T>;
    #[doc(hidden)]
    fn build<T>(base: usize, f: &mut impl FnMut(usize) -> T) -> Self::Nested<T>;
    #[doc(hidden)]
    fn into_flat_iter<T>(s: Self::Nested<T>) -> Self::IntoIter<T>;

    /// The extents as a slice (a shape without a [`Dyn`](crate::Dyn) axis; a tensor's or view's
    /// `shape()` works for every shape).
    #[inline]
    fn dims() -> &'static [usize] {
        let padded: &'static [usize; MAX_RANK] = const { &Self::PADDED_DIMS };
        &padded[MAX_RANK - Self::RANK..]
    }
}

impl sealed::Sealed for () {}

/// Rank 0: one element, broadcasts with every shape.
impl Shape for () {
    const RANK: usize = 0;
    type Kind = kind::Fixed;
    const STATIC_DIMS: [Option<usize>; MAX_RANK] = [Some(1); MAX_RANK];
    type Index = [usize; 0];
    const DIMS: [usize; 0] = [];
    const NUM: usize = 1;
    const STRIDES: [usize; 0] = [];
    const PADDED_DIMS: [usize; MAX_RANK] = [1; MAX_RANK];
    type Nested<T> = T;
    type IntoIter<T> = core::iter::Once<T>;
    #[inline]
    fn build<T>(base: usize, f: &mut impl FnMut(usize) -> T) -> T {
        f(base)
    }
    #[inline]
    fn into_flat_iter<T>(s: T) -> core::iter::Once<T> {
        core::iter::once(s)
    }
}

shaped_macros::impl_shapes!(8);
