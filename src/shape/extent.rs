//! One axis length as a type.
//!
//! An extent is [`Dim<N>`] for any `N` (including 0 and values far above 1024) or [`One`], the
//! extent 1 as a type of its own. Keeping 1 apart is what lets broadcasting be plain trait
//! selection: `Dim<N>` with `Dim<N>`, either with `One`, and `One` with `One` are four impls that
//! never overlap, so `Dim<3>` against `Dim<4>` has no impl and `cargo check` rejects it. Write
//! shapes with [`shape!`](macro@crate::shape), which turns a literal `1` into `One`.

use core::fmt::Debug;

use crate::shape::broadcast::{BroadcastExtent, ExtentFrom};

pub(crate) mod sealed {
    pub trait Sealed {}
}

/// An axis length known at compile time: [`Dim<N>`] or [`One`].
///
/// Sealed: these two are the only extents. Every extent broadcasts with itself, to itself (the
/// last two supertraits), which is what lets generic code combine equal shapes with no bound.
pub trait Extent:
    sealed::Sealed
    + Copy
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BroadcastExtent<Self, Output = Self>
    + ExtentFrom<Self>
{
    /// The length.
    const VALUE: usize;
    #[doc(hidden)]
    type Array<X>: IntoIterator<Item = X, IntoIter = Self::ArrayIter<X>>;
    #[doc(hidden)]
    type ArrayIter<X>: Iterator<Item = X>;
    #[doc(hidden)]
    fn array_from_fn<X>(f: impl FnMut(usize) -> X) -> Self::Array<X>;
}

/// The extent `N`, for any `N` except 1 (that is [`One`]).
///
/// `Dim<1>` written by hand is rejected: in a broadcast it fails to match (with a note to write
/// `One`), and any tensor that uses it fails to build, since it would never broadcast:
///
/// ```compile_fail
/// use shaped::{Dim, Tensor};
/// let t = Tensor::<f32, (Dim<1>, Dim<3>)>::filled(1.0);
/// assert_eq!(t.len(), 3); // error: `Dim<1>` is not an extent: write `One` ...
/// ```
/// ```
/// use shaped::{Dim, One, Tensor};
/// let t = Tensor::<f32, (One, Dim<3>)>::filled(1.0);
/// assert_eq!(t.len(), 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dim<const N: usize>;

/// The extent 1: the axis that broadcasts against any other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct One;

impl<const N: usize> sealed::Sealed for Dim<N> {}
impl sealed::Sealed for One {}

impl<const N: usize> Extent for Dim<N> {
    const VALUE: usize = {
        assert!(
            N != 1,
            "`Dim<1>` is not an extent: write `One` for an axis of length 1 (`shape![..]` does this for a literal 1)"
        );
        N
    };
    type Array<X> = [X; N];
    type ArrayIter<X> = core::array::IntoIter<X, N>;
    #[inline]
    fn array_from_fn<X>(f: impl FnMut(usize) -> X) -> [X; N] {
        core::array::from_fn(f)
    }
}

impl Extent for One {
    const VALUE: usize = 1;
    type Array<X> = [X; 1];
    type ArrayIter<X> = core::array::IntoIter<X, 1>;
    #[inline]
    fn array_from_fn<X>(f: impl FnMut(usize) -> X) -> [X; 1] {
        core::array::from_fn(f)
    }
}
