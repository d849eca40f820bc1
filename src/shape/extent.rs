//! One axis length as a type.
//!
//! An extent is [`Dim<N>`] for any `N` (0, 1 and values far above 1024 included), [`One`], the
//! extent 1 that broadcasts, or [`Dyn`], a length known only at run time. Keeping the
//! broadcasting 1 apart is what lets broadcasting be plain trait selection: the nine pairs of
//! kinds are nine impls that never overlap (`crate::shape::broadcast`), so `Dim<3>` against
//! `Dim<4>` has no impl and `cargo check` rejects it. Write shapes with
//! [`shape!`](macro@crate::shape), which turns a literal `1` into `One` and `Dyn` into [`Dyn`].

use core::fmt::Debug;

use crate::shape::broadcast::{BroadcastExtent, ExtentFrom};
use crate::shape::kind::{Fixed, Kind, Runtime};

pub(crate) mod sealed {
    pub trait Sealed {}
}

/// An axis length: [`Dim<N>`] and [`One`], known at compile time, or [`Dyn`], known at run time.
///
/// Sealed: these three are the only extents. Every extent broadcasts with itself, to itself (the
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
    /// The length when it is known at compile time, `None` for [`Dyn`].
    const STATIC: Option<usize>;
    /// The length, for an extent known at compile time. Naming it for [`Dyn`] fails the build
    /// (code that needs the length as a constant cannot take a run-time axis).
    const VALUE: usize;
    /// [`Fixed`] for `Dim<N>` and `One`, [`Runtime`] for `Dyn`: what a shape holding this extent
    /// must store beside its elements.
    type Kind: Kind;
    #[doc(hidden)]
    type Array<X>: IntoIterator<Item = X, IntoIter = Self::ArrayIter<X>>;
    #[doc(hidden)]
    type ArrayIter<X>: Iterator<Item = X>;
    #[doc(hidden)]
    fn array_from_fn<X>(f: impl FnMut(usize) -> X) -> Self::Array<X>;
}

/// The extent `N`, for any `N`.
///
/// `Dim<1>` (a const parameter instantiated with 1) is a legal extent of length 1, but it does not
/// stretch: only [`One`] broadcasts against a longer axis. Stable Rust cannot let `Dim<1>` stretch
/// (`Dim<N>` with `Dim<N>` and `Dim<1>` with `Dim<N>` would overlap), so generic code over a batch
/// `B` works for `B = 1` as long as every operand has the same `B`:
///
/// ```
/// use shaped::{shape, Tensor};
/// fn double<const B: usize>(x: &Tensor<f32, shape![B, 3]>) -> Tensor<f32, shape![B, 3]> {
///     x + x
/// }
/// let one = Tensor::<f32, shape![1, 3]>::filled(1.0).into_shape();   // `One` -> `Dim<1>`
/// assert_eq!(double::<1>(&one).as_slice(), &[2.0; 3]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dim<const N: usize>;

/// The extent 1: the axis that broadcasts against any other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct One;

/// An extent known at run time: `shape![Dyn, 784]` is `(Dyn, Dim<784>)`, a batch of any size with
/// 784 features.
///
/// A tensor or view whose shape has a `Dyn` axis keeps its extents beside its elements
/// (`shape()` reads them); against a known extent `N` a `Dyn` axis gives `N` (its run-time value
/// must be `N` or 1), against `One` or `Dyn` it stays `Dyn`. Known extents that clash are still
/// a compile error, whatever else the shapes hold.
///
/// ```
/// use shaped::{shape, Tensor};
/// let x = Tensor::<f32, shape![Dyn, 3]>::from_shape_vec(&[2, 3], vec![1.0; 6])?;
/// let b = Tensor::<f32, shape![3]>::filled(0.5);
/// let y = &x + &b;                                   // shape![Dyn, 3]
/// assert_eq!((y.shape(), y.as_slice()[5]), (&[2, 3][..], 1.5));
/// # Ok::<(), shaped::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dyn;

impl<const N: usize> sealed::Sealed for Dim<N> {}
impl sealed::Sealed for One {}
impl sealed::Sealed for Dyn {}

impl<const N: usize> Extent for Dim<N> {
    const STATIC: Option<usize> = Some(N);
    const VALUE: usize = N;
    type Kind = Fixed;
    type Array<X> = [X; N];
    type ArrayIter<X> = core::array::IntoIter<X, N>;
    #[inline]
    fn array_from_fn<X>(f: impl FnMut(usize) -> X) -> [X; N] {
        core::array::from_fn(f)
    }
}

impl Extent for One {
    const STATIC: Option<usize> = Some(1);
    const VALUE: usize = 1;
    type Kind = Fixed;
    type Array<X> = [X; 1];
    type ArrayIter<X> = core::array::IntoIter<X, 1>;
    #[inline]
    fn array_from_fn<X>(f: impl FnMut(usize) -> X) -> [X; 1] {
        core::array::from_fn(f)
    }
}

impl Extent for Dyn {
    const STATIC: Option<usize> = None;
    const VALUE: usize = panic!(
        "a `Dyn` extent has no compile-time value: this operation needs every extent known at compile time"
    );
    type Kind = Runtime;
    // Never built: a shape with a `Dyn` axis stores its elements on the heap or borrows them.
    type Array<X> = [X; 0];
    type ArrayIter<X> = core::array::IntoIter<X, 0>;
    #[inline]
    fn array_from_fn<X>(f: impl FnMut(usize) -> X) -> [X; 0] {
        core::array::from_fn(f)
    }
}
