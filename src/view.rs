//! Views: [`TensorView`] (read-only, any static layout) and [`TensorViewMut`] (row-major).
//!
//! A view's shape and strides are part of its type, so a kernel over a view sees constants just
//! as over an owned tensor. A broadcast view ([`Tensor::broadcast_to`](crate::Tensor::broadcast_to))
//! has stride 0 on its stretched axes; only [`TensorViewMut`] can be written, and it is always
//! row-major, so writing through a broadcast view is impossible by type.

use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

use crate::layout::index::offset_of;
use crate::layout::{BroadcastLayout, Layout, RowMajor};
use crate::shape::kind::Kind;
use crate::tensor::index_out_of_bounds;
use crate::{BroadcastInto, MAX_RANK, Shape};

/// How a view of shape `S` laid out by `L` is kept: [`Fixed`](crate::Fixed) when its extents and
/// strides are constants, [`Runtime`](crate::Runtime) when its shape has a `Dyn` axis or it was
/// taken from a source that has one (an entry of `[2, Dyn, 4]` is a `[2, 4]` whose strides are
/// only known at run time). A row-major view follows its shape.
pub(crate) type ViewKind<S, L = RowMajor> =
    <<L as Layout<S>>::Kind as Kind>::Or<<S as Shape>::Kind>;

/// What a view of shape `S` laid out by `L` keeps beside its elements: nothing when it is
/// [`Fixed`](crate::Fixed), its extents and strides when it is [`Runtime`](crate::Runtime).
pub(crate) type ViewDims<S, L = RowMajor> = <ViewKind<S, L> as Kind>::ViewDims<S>;

/// A read-only view of shape `S`, laid out by `L` (row-major, or broadcast with stride 0).
pub struct TensorView<'a, T, S: Shape, L: Layout<S> = RowMajor> {
    data: &'a [T],
    dims: ViewDims<S, L>,
    _shape: PhantomData<(S, L)>,
}

/// A mutable, row-major view of shape `S`.
pub struct TensorViewMut<'a, T, S: Shape> {
    data: &'a mut [T],
    dims: ViewDims<S>,
    _shape: PhantomData<S>,
}

impl<T, S: Shape, L: Layout<S>> Clone for TensorView<'_, T, S, L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, S: Shape, L: Layout<S>> Copy for TensorView<'_, T, S, L> {}

/// The strides of `S` under `L`, unpadded (a shape without `Dyn`).
pub(crate) fn strides<S: Shape, L: Layout<S>>() -> &'static [usize] {
    let padded: &'static [usize; MAX_RANK] = const { &L::STRIDES };
    &padded[MAX_RANK - S::RANK..]
}

impl<'a, T, S: Shape, L: Layout<S>> TensorView<'a, T, S, L> {
    /// `data` holds every element the layout reaches (the source tensor's elements); a shape
    /// without `Dyn`.
    #[inline]
    pub(crate) fn from_parts(data: &'a [T]) -> Self {
        Self::from_parts_with(data, <ViewKind<S, L> as Kind>::fixed_view_dims::<S>())
    }

    /// `data` holds every element that `dims` (for a shape with `Dyn`) and `L` reach.
    #[inline]
    pub(crate) fn from_parts_with(data: &'a [T], dims: ViewDims<S, L>) -> Self {
        Self {
            data,
            dims,
            _shape: PhantomData,
        }
    }

    /// What the view keeps beside its elements.
    #[inline]
    pub(crate) fn view_dims(&self) -> &ViewDims<S, L> {
        &self.dims
    }

    /// The elements the view reads, in the source's order (not the view's, when broadcast).
    #[inline]
    pub(crate) fn source(&self) -> &'a [T] {
        self.data
    }

    /// The extents.
    #[inline]
    pub fn shape(&self) -> &[usize] {
        <ViewKind<S, L> as Kind>::view_dims::<S>(&self.dims)
    }

    /// The same view (views are `Copy`): what `view()` gives on a tensor, so code (and
    /// [`slice!`](macro@crate::slice)) can ask any of them for a view.
    #[inline]
    pub fn view(&self) -> Self {
        *self
    }

    /// Strides in elements; 0 on broadcast axes.
    #[inline]
    pub fn strides(&self) -> &[usize] {
        <ViewKind<S, L> as Kind>::view_strides::<S, L>(&self.dims)
    }

    /// Number of elements the view shows (counting repeats of broadcast elements).
    #[inline]
    pub fn len(&self) -> usize {
        crate::layout::element_count(self.shape())
    }

    /// `true` when some extent is 0.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The element at `index`, or `None` when a coordinate is out of its extent.
    #[inline]
    pub fn get(&self, index: S::Index) -> Option<&'a T> {
        let off = offset_of(index.as_ref(), self.shape(), self.strides())?;
        self.data.get(off)
    }

    /// The elements in the view's row-major order.
    pub fn iter(&self) -> crate::iter::ViewIter<'a, T, S, L> {
        crate::iter::ViewIter::new(*self)
    }

    /// Every multi-index of the view's shape, in row-major order.
    #[inline]
    pub fn indices(&self) -> crate::iter::Indices<S> {
        let mut dims = S::Index::default();
        dims.as_mut().copy_from_slice(self.shape());
        crate::iter::Indices::new(dims)
    }

    /// `(multi-index, &element)` in the view's row-major order.
    ///
    /// ```
    /// use shaped::tensor;
    /// let m = tensor![[1, 2], [3, 4]];
    /// let pairs: Vec<_> = m.t().indexed_iter().collect();
    /// assert_eq!(pairs[1], ([0, 1], &3));
    /// ```
    #[inline]
    pub fn indexed_iter(
        &self,
    ) -> core::iter::Zip<crate::iter::Indices<S>, crate::iter::ViewIter<'a, T, S, L>> {
        self.indices().zip(self.iter())
    }

    /// This view broadcast further to `S2`, still without copying. The target must contain
    /// this shape by numpy's rule: checked at compile time where both extents are known, when
    /// the program runs where one is `Dyn`. A `Dyn` axis of `S2` takes the extent of the
    /// source's axis aligned with it (the source must have one: give other extents to
    /// [`try_broadcast_to`](Self::try_broadcast_to)). Panics with the
    /// [`ShapeError`](crate::ShapeError) `try_broadcast_to` returns.
    #[inline]
    pub fn broadcast_to<S2: Shape>(&self) -> TensorView<'a, T, S2, BroadcastLayout<S, L>>
    where
        S: BroadcastInto<S2>,
    {
        <ViewKind<S2, BroadcastLayout<S, L>> as Kind>::pick(
            || TensorView::from_parts(self.data),
            || {
                let mut dims = S2::Index::default();
                let (to, from) = (dims.as_mut(), self.shape());
                let fixed = &S2::STATIC_DIMS[MAX_RANK - S2::RANK..];
                for (back, (d, f)) in to.iter_mut().zip(fixed).rev().enumerate() {
                    *d = match f {
                        Some(f) => *f,
                        None if back < from.len() => from[from.len() - 1 - back],
                        None => crate::ops::shape_panic(crate::ShapeError::Rank {
                            shape: crate::error::Dims::new(from),
                            rank: S2::RANK,
                        }),
                    };
                }
                match self.try_broadcast_to::<S2>(dims.as_ref()) {
                    Ok(v) => v,
                    Err(e) => crate::ops::shape_panic(e),
                }
            },
        )
    }

    /// This view broadcast to `S2` with extents `dims` (the ones `S2` knows must agree), without
    /// copying: stride 0 on every new or stretched axis.
    ///
    /// Errors: [`ShapeError::StaticMismatch`](crate::ShapeError::StaticMismatch) or
    /// [`ShapeError::Rank`](crate::ShapeError::Rank) when `dims` do not fit `S2`,
    /// [`ShapeError::NotBroadcastableTo`](crate::ShapeError::NotBroadcastableTo) when this
    /// view's shape does not stretch to them.
    ///
    /// ```
    /// use shaped::{shape, tensor, Tensor};
    /// let row = tensor![1, 2, 3];
    /// let rows = row.view().try_broadcast_to::<shape![Dyn, 3]>(&[4, 3])?;
    /// assert_eq!((rows.shape(), rows.strides(), rows[[3, 2]]), (&[4, 3][..], &[0, 1][..], 3));
    /// assert!(row.view().try_broadcast_to::<shape![Dyn, 3]>(&[4, 4]).is_err());
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_broadcast_to<S2: Shape>(
        &self,
        dims: &[usize],
    ) -> Result<TensorView<'a, T, S2, BroadcastLayout<S, L>>, crate::ShapeError>
    where
        S: BroadcastInto<S2>,
    {
        let to = crate::tensor::check_dims::<S2>(dims)?;
        let mut checked = Ok(());
        let view_dims =
            crate::ops::derived::<S, L, S2, BroadcastLayout<S, L>>(&self.dims, |src, out| {
                checked = crate::layout::derive::broadcast(to.as_ref(), src, out)
            });
        checked?;
        Ok(TensorView::from_parts_with(self.data, view_dims))
    }

    /// The elements copied into an owned tensor.
    pub fn to_tensor(&self) -> crate::Tensor<T, S>
    where
        T: Clone,
    {
        self.map(|x| x)
    }
}

impl<T, S: Shape, L: Layout<S>> Index<S::Index> for TensorView<'_, T, S, L> {
    type Output = T;
    #[inline]
    #[track_caller]
    fn index(&self, index: S::Index) -> &T {
        match self.get(index) {
            Some(x) => x,
            None => index_out_of_bounds(index.as_ref(), self.shape()),
        }
    }
}

impl<'a, T, S: Shape> TensorViewMut<'a, T, S> {
    /// `data` is exactly the `S::NUM` elements, row-major (a shape without `Dyn`).
    #[inline]
    pub(crate) fn from_slice(data: &'a mut [T]) -> Self {
        Self::from_slice_with(data, S::Kind::fixed_view_dims::<S>())
    }

    /// `data` is exactly the elements of extents `dims`, row-major.
    #[inline]
    pub(crate) fn from_slice_with(data: &'a mut [T], dims: ViewDims<S>) -> Self {
        Self {
            data,
            dims,
            _shape: PhantomData,
        }
    }

    /// What the view keeps beside its elements.
    #[inline]
    pub(crate) fn view_dims(&self) -> &ViewDims<S> {
        &self.dims
    }

    /// The elements, mutable, beside the extents.
    #[inline(always)]
    pub(crate) fn slots_and_dims(&mut self) -> (&mut [T], &[usize]) {
        (self.data, S::Kind::view_dims::<S>(&self.dims))
    }

    /// The extents.
    #[inline]
    pub fn shape(&self) -> &[usize] {
        S::Kind::view_dims::<S>(&self.dims)
    }

    /// The elements in row-major order.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        self.data
    }

    /// The elements in row-major order, mutable.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.data
    }

    /// The elements in row-major order.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, T> {
        self.data.iter()
    }

    /// The elements in row-major order, mutable.
    #[inline]
    pub fn iter_mut(&mut self) -> core::slice::IterMut<'_, T> {
        self.data.iter_mut()
    }

    /// A read-only view of the same elements.
    #[inline]
    pub fn view(&self) -> TensorView<'_, T, S> {
        TensorView::from_parts_with(self.data, self.dims)
    }
}

impl<T, S: Shape> Index<S::Index> for TensorViewMut<'_, T, S> {
    type Output = T;
    #[inline]
    #[track_caller]
    fn index(&self, index: S::Index) -> &T {
        match crate::tensor::row_major_offset(index.as_ref(), self.shape()) {
            Some(off) => &self.data[off],
            None => index_out_of_bounds(index.as_ref(), self.shape()),
        }
    }
}

impl<T, S: Shape> IndexMut<S::Index> for TensorViewMut<'_, T, S> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, index: S::Index) -> &mut T {
        match crate::tensor::row_major_offset(index.as_ref(), self.shape()) {
            Some(off) => &mut self.data[off],
            None => index_out_of_bounds(index.as_ref(), S::Kind::view_dims::<S>(&self.dims)),
        }
    }
}

impl<T: PartialEq<U>, U, S: Shape, L: Layout<S>, L2: Layout<S>> PartialEq<TensorView<'_, U, S, L2>>
    for TensorView<'_, T, S, L>
{
    fn eq(&self, other: &TensorView<'_, U, S, L2>) -> bool {
        self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}
