//! The view operations, the same on [`DynTensor`], [`DynView`] and [`DynViewMut`]: each returns a
//! [`DynView`] of the same elements with a new layout (`view_layout` computes it), nothing
//! copied. A view made from a [`DynView<'a, T>`] borrows the data for `'a`, not the view, so
//! `t.view().t()` can be returned from a function that borrows `t`.
//!
//! The `_mut` forms (`t_mut`, `try_slice_mut`, `try_diagonal_mut`, ...) on [`DynTensor`] and
//! [`DynViewMut`] return a [`DynViewMut`] of the same layout: every operation that keeps each
//! position distinct has one, so in-place operations and `_into` can write through it; a
//! broadcast or `as_strided` view, whose positions may repeat, is read-only.
//!
//! Over 400 lines, half of them the documented examples of the binding view methods: they are
//! one macro, stamped onto three types, so they stay in one file.

use super::iter::{DynIndices, DynIter};
use super::view_layout as vl;
use super::{DynTensor, DynView, DynViewMut};
use crate::{Axes, ShapeError, SliceEntry};

/// The view operations for one type: `$data` is the buffer (`&$lt [T]`), `$layout` the layout
/// (a `&Layout`), both read from `$this`.
macro_rules! view_ops {
    ($ty:ty, $lt:lifetime, |$this:ident| ($data:expr, $layout:expr)) => {
        /// All axes reversed, numpy's `.T`: a view, nothing copied.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
        /// assert_eq!(t.t().shape(), &[3, 2]);
        /// assert_eq!(t.t().to_vec(), [0, 10, 1, 11, 2, 12]);
        /// ```
        pub fn t(&self) -> DynView<$lt, T> {
            let $this = self;
            DynView::new($data, vl::transposed($layout))
        }

        /// The axes in the order `axes` (axis `i` of the result is axis `axes[i]`; negative axes
        /// count from the end), numpy's `transpose(axes)`.
        ///
        /// Errors: [`ShapeError::Permutation`] when `axes` does not have one entry per axis,
        /// [`ShapeError::Axis`] for an axis out of range, [`ShapeError::RepeatedAxis`] for an
        /// axis named twice.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::<f32>::zeros(&[2, 3, 4]);
        /// assert_eq!(t.try_permute(&[2, 0, 1])?.shape(), &[4, 2, 3]);
        /// assert_eq!(t.try_permute(&[-1, 0, 1])?.strides(), &[1, 12, 4]);
        /// assert!(t.try_permute(&[0, 0, 1]).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_permute(&self, axes: &[isize]) -> Result<DynView<$lt, T>, ShapeError> {
            let $this = self;
            Ok(DynView::new($data, vl::permuted($layout, axes)?))
        }

        /// Axes `a` and `b` exchanged (numpy's `swapaxes`).
        ///
        /// Errors: [`ShapeError::Axis`] when either axis is out of range.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
        /// let v = t.try_swap_axes(0, -1)?;
        /// assert_eq!(v.iter().copied().collect::<Vec<_>>(), [0, 10, 1, 11, 2, 12]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_swap_axes(&self, a: isize, b: isize) -> Result<DynView<$lt, T>, ShapeError> {
            let $this = self;
            Ok(DynView::new($data, vl::swapped($layout, a, b)?))
        }

        /// Axis `src` moved to position `dst`, the others in order (numpy's `moveaxis`).
        ///
        /// Errors: [`ShapeError::Axis`] when either axis is out of range.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::<u8>::zeros(&[2, 3, 4]);
        /// assert_eq!(t.try_move_axis(0, -1)?.shape(), &[3, 4, 2]);
        /// assert_eq!(t.try_move_axis(-1, 0)?.shape(), &[4, 2, 3]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_move_axis(&self, src: isize, dst: isize) -> Result<DynView<$lt, T>, ShapeError> {
            let $this = self;
            Ok(DynView::new($data, vl::moved($layout, src, dst)?))
        }

        /// numpy's basic indexing, one entry per leading axis (write them with [`s!`](crate::s):
        /// [`SliceEntry`]s, or plain [`Slice`](crate::Slice)s); the remaining axes stay
        /// whole. A slice keeps its axis: negative indices count from the end, bounds past the
        /// ends clip (an empty view, not an error), a negative step walks backwards. An integer
        /// index removes its axis (`s![.., 4]` is numpy's `a[:, 4]`), negative from the end.
        ///
        /// Errors: [`ShapeError::SliceStep`] for a step of 0, [`ShapeError::TooManySlices`]
        /// for more entries than axes, [`ShapeError::Index`] for an index outside its axis.
        ///
        /// ```
        /// use shaped::{s, DynTensor};
        /// let t = DynTensor::from_fn(&[3, 4], |i| 10 * i[0] + i[1]);
        /// let v = t.try_slice(&s![1.., ..;-2])?;        // t[1:, ::-2]
        /// assert_eq!(v.to_vec(), [13, 11, 23, 21]);
        /// assert!(t.try_slice(&s![5..])?.is_empty());
        /// assert!(t.try_slice(&s![..;0]).is_err());
        /// let row = t.try_slice(&s![-1, 1..3])?;          // t[-1, 1:3]
        /// assert_eq!((row.shape(), row.to_vec()), (&[2][..], vec![21, 22]));
        /// assert!(t.try_slice(&s![.., 4]).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_slice<E: Copy + Into<SliceEntry>>(
            &self,
            slices: &[E],
        ) -> Result<DynView<$lt, T>, ShapeError> {
            let $this = self;
            Ok(DynView::new($data, vl::sliced($layout, slices)?))
        }

        /// The diagonal of axes `axis1` and `axis2` shifted by `offset` (above the main one when
        /// positive), numpy's `diagonal`: both axes removed, the diagonal appended as the last
        /// axis; empty when the offset is past the edge.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::RepeatedAxis`]
        /// when both name the same axis.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let m = DynTensor::from_fn(&[3, 4], |i| 10 * i[0] + i[1]);
        /// assert_eq!(m.try_diagonal(0, 0, 1)?.to_vec(), [0, 11, 22]);
        /// assert_eq!(m.try_diagonal(1, 0, 1)?.to_vec(), [1, 12, 23]);
        /// assert_eq!(m.try_diagonal(-2, 0, 1)?.to_vec(), [20]);
        /// assert!(m.try_diagonal(9, 0, 1)?.is_empty());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_diagonal(
            &self,
            offset: isize,
            axis1: isize,
            axis2: isize,
        ) -> Result<DynView<$lt, T>, ShapeError> {
            let $this = self;
            Ok(DynView::new(
                $data,
                vl::diagonal($layout, offset, axis1, axis2)?,
            ))
        }

        /// Axes of extent 1 removed: every one ([`Axes::All`]) or the ones named.
        ///
        /// Errors: [`ShapeError::Squeeze`] when a named axis has an extent other than 1,
        /// [`ShapeError::Axis`] / [`ShapeError::RepeatedAxis`] for a bad axis.
        pub fn try_squeeze<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
        ) -> Result<DynView<$lt, T>, ShapeError> {
            let $this = self;
            Ok(DynView::new($data, vl::squeezed($layout, axes.into())?))
        }

        /// A new axis of extent 1 at `axis` (`-rank-1..=rank`; `-1` appends), numpy's
        /// `expand_dims`.
        ///
        /// Errors: [`ShapeError::Axis`] when `axis` is out of that range.
        ///
        /// ```
        /// let t = shaped::DynTensor::<f32>::zeros(&[2, 3]);
        /// assert_eq!(t.try_unsqueeze(1)?.shape(), &[2, 1, 3]);
        /// assert_eq!(t.try_unsqueeze(-1)?.shape(), &[2, 3, 1]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_unsqueeze(&self, axis: isize) -> Result<DynView<$lt, T>, ShapeError> {
            let $this = self;
            Ok(DynView::new($data, vl::unsqueezed($layout, axis)?))
        }

        /// The view stretched to `shape` by numpy's rule: stride 0 on every new axis and on every
        /// axis of extent 1 that grows. Nothing is copied.
        ///
        /// Errors: [`ShapeError::NotBroadcastableTo`] when an extent other than 1 differs from
        /// the target's or the view has more axes; [`ShapeError::Overflow`] when `shape` has more
        /// than `usize::MAX` elements.
        ///
        /// ```
        /// let col = shaped::DynTensor::from_shape_vec(&[2, 1], vec![1, 2])?;
        /// let v = col.try_broadcast_to(&[3, 2, 4])?;
        /// assert_eq!((v.strides(), v.get(&[2, 1, 3])), (&[0, 1, 0][..], Some(&2)));
        /// assert!(col.try_broadcast_to(&[3, 4]).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_broadcast_to(&self, shape: &[usize]) -> Result<DynView<$lt, T>, ShapeError> {
            let $this = self;
            Ok(DynView::new($data, vl::broadcast($layout, shape)?))
        }

        /// Every multi-index of the shape in row-major order ([`DynIndices`]).
        pub fn indices(&self) -> DynIndices {
            DynIndices::new(self.shape())
        }

        /// `(multi-index, &element)` in logical row-major order, any strides.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 2], |i| 10 * i[0] + i[1]);
        /// let (at, x) = t.t().indexed_iter().nth(1).unwrap();
        /// assert_eq!((&at[..], *x), (&[0, 1][..], 10));
        /// ```
        pub fn indexed_iter(&self) -> core::iter::Zip<DynIndices, DynIter<$lt, T>> {
            let $this = self;
            let view = DynView::new($data, $layout.clone());
            DynIndices::new(view.shape()).zip(view.iter())
        }

        /// `true` when the elements are packed in row-major order from the first one (numpy's
        /// C-contiguous; extent-1 axes may have any stride).
        pub fn is_standard_layout(&self) -> bool {
            let $this = self;
            let layout: &super::Layout = $layout;
            layout.is_row_major()
        }
    };
}

/// The mutable views: the same layouts as [`view_ops!`], over the data borrowed mutably. Only
/// operations that keep every position distinct (no broadcast, no `as_strided`).
macro_rules! view_mut_ops {
    () => {
        /// All axes reversed, mutable: writes go to the tensor.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let mut m = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
        /// m.t_mut().try_add_assign(&DynTensor::from_shape_vec(&[2], vec![100, 200])?)?;
        /// assert_eq!(m.to_vec(), [100, 101, 102, 210, 211, 212]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn t_mut(&mut self) -> DynViewMut<'_, T> {
            let (data, layout) = self.parts_mut();
            DynViewMut::new(data, vl::transposed(&layout))
        }

        /// [`try_permute`](Self::try_permute), mutable.
        pub fn try_permute_mut(&mut self, axes: &[isize]) -> Result<DynViewMut<'_, T>, ShapeError> {
            let (data, layout) = self.parts_mut();
            Ok(DynViewMut::new(data, vl::permuted(&layout, axes)?))
        }

        /// [`try_swap_axes`](Self::try_swap_axes), mutable.
        pub fn try_swap_axes_mut(
            &mut self,
            a: isize,
            b: isize,
        ) -> Result<DynViewMut<'_, T>, ShapeError> {
            let (data, layout) = self.parts_mut();
            Ok(DynViewMut::new(data, vl::swapped(&layout, a, b)?))
        }

        /// [`try_move_axis`](Self::try_move_axis), mutable.
        pub fn try_move_axis_mut(
            &mut self,
            src: isize,
            dst: isize,
        ) -> Result<DynViewMut<'_, T>, ShapeError> {
            let (data, layout) = self.parts_mut();
            Ok(DynViewMut::new(data, vl::moved(&layout, src, dst)?))
        }

        /// [`try_slice`](Self::try_slice), mutable: numpy's `a[1:, ::-1] += b`.
        ///
        /// ```
        /// use shaped::{s, DynTensor};
        /// let mut t = DynTensor::<i32>::zeros(&[2, 4]);
        /// t.try_slice_mut(&s![.., ..;-2])?.try_add_assign(&DynTensor::from_shape_vec(&[2], vec![1, 2])?)?;
        /// assert_eq!(t.to_vec(), [0, 2, 0, 1, 0, 2, 0, 1]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_slice_mut<E: Copy + Into<SliceEntry>>(
            &mut self,
            slices: &[E],
        ) -> Result<DynViewMut<'_, T>, ShapeError> {
            let (data, layout) = self.parts_mut();
            Ok(DynViewMut::new(data, vl::sliced(&layout, slices)?))
        }

        /// [`try_diagonal`](Self::try_diagonal), mutable (numpy's is read-only; writing a
        /// diagonal is sound here: its positions are distinct).
        ///
        /// ```
        /// let mut m = shaped::DynTensor::<i32>::zeros(&[3, 3]);
        /// m.try_diagonal_mut(0, 0, 1)?.map_inplace(|x| *x = 1);
        /// assert_eq!(m.to_vec(), [1, 0, 0, 0, 1, 0, 0, 0, 1]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_diagonal_mut(
            &mut self,
            offset: isize,
            axis1: isize,
            axis2: isize,
        ) -> Result<DynViewMut<'_, T>, ShapeError> {
            let (data, layout) = self.parts_mut();
            Ok(DynViewMut::new(
                data,
                vl::diagonal(&layout, offset, axis1, axis2)?,
            ))
        }

        /// [`try_squeeze`](Self::try_squeeze), mutable.
        pub fn try_squeeze_mut<'x>(
            &mut self,
            axes: impl Into<Axes<'x>>,
        ) -> Result<DynViewMut<'_, T>, ShapeError> {
            let (data, layout) = self.parts_mut();
            Ok(DynViewMut::new(data, vl::squeezed(&layout, axes.into())?))
        }

        /// [`try_index_axis`](Self::try_index_axis), mutable: numpy's `a[:, i] = ...`.
        ///
        /// ```
        /// let mut t = shaped::DynTensor::<i32>::zeros(&[2, 3]);
        /// t.try_index_axis_mut(1, -1)?.map_inplace(|x| *x = 7);
        /// assert_eq!(t.to_vec(), [0, 0, 7, 0, 0, 7]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_index_axis_mut(
            &mut self,
            axis: isize,
            index: isize,
        ) -> Result<DynViewMut<'_, T>, ShapeError> {
            let (data, layout) = self.parts_mut();
            Ok(DynViewMut::new(data, vl::indexed(&layout, axis, index)?))
        }

        /// [`try_unsqueeze`](Self::try_unsqueeze), mutable.
        pub fn try_unsqueeze_mut(&mut self, axis: isize) -> Result<DynViewMut<'_, T>, ShapeError> {
            let (data, layout) = self.parts_mut();
            Ok(DynViewMut::new(data, vl::unsqueezed(&layout, axis)?))
        }

        /// The same elements with the extents `shape` (one may be `-1`) as a mutable view, when
        /// the strides allow it. Errors as for [`DynView::try_reshape`].
        pub fn try_reshape_mut(
            &mut self,
            shape: &[isize],
        ) -> Result<DynViewMut<'_, T>, ShapeError> {
            let (data, layout) = self.parts_mut();
            let dims = vl::reshape_target(layout.dims(), shape)?;
            let to = crate::error::Dims::new(&dims);
            match vl::reshaped(&layout, dims) {
                Some(l) => Ok(DynViewMut::new(data, l)),
                None => Err(ShapeError::ReshapeCopy {
                    from: crate::error::Dims::new(layout.dims()),
                    to,
                }),
            }
        }
    };
}

impl<T> DynTensor<T> {
    view_ops!(DynTensor<T>, '_, |t| (t.as_slice(), &t.layout()));
    view_mut_ops!();

    /// The same elements with the extents `shape`, one of which may be `-1` (inferred): a move,
    /// nothing copied (the elements of an owned tensor are always packed).
    ///
    /// Errors: [`ShapeError::ReshapeSize`] when `shape` has a different element count (or its
    /// `-1` cannot be inferred), [`ShapeError::ReshapeTarget`] for an entry below `-1` or a
    /// second `-1`.
    ///
    /// ```
    /// let t = shaped::DynTensor::from_fn(&[2, 3], |i| i[0] * 3 + i[1]).try_reshape(&[3, -1])?;
    /// assert_eq!((t.shape(), t[&[2, 0]]), (&[3, 2][..], 4));
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_reshape(self, shape: &[isize]) -> Result<DynTensor<T>, ShapeError> {
        let dims = vl::reshape_target(self.shape(), shape)?;
        Ok(DynTensor::from_parts(self.into_vec(), dims))
    }
}

impl<'a, T> DynView<'a, T> {
    view_ops!(DynView<'a, T>, 'a, |v| (v.data(), v.layout()));

    /// The same elements in row-major order with the extents `shape` (one may be `-1`), as a
    /// view when the strides allow it (numpy's reshape without a copy).
    ///
    /// Errors: [`ShapeError::ReshapeSize`] / [`ShapeError::ReshapeTarget`] as for
    /// [`DynTensor::try_reshape`], and [`ShapeError::ReshapeCopy`] when the view's strides make
    /// a copy necessary (`to_tensor()` first).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
    /// assert_eq!(t.view().try_reshape(&[3, 2])?.to_vec(), [0, 1, 2, 10, 11, 12]);
    /// assert!(t.t().try_reshape(&[6]).is_err());   // a transpose is not contiguous
    /// assert_eq!(t.t().to_tensor().try_reshape(&[6])?.to_vec(), [0, 10, 1, 11, 2, 12]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_reshape(&self, shape: &[isize]) -> Result<DynView<'a, T>, ShapeError> {
        let dims = vl::reshape_target(self.shape(), shape)?;
        let to = crate::error::Dims::new(&dims);
        match vl::reshaped(self.layout(), dims) {
            Some(l) => Ok(DynView::new(self.data(), l)),
            None => Err(ShapeError::ReshapeCopy {
                from: crate::error::Dims::new(self.shape()),
                to,
            }),
        }
    }

    /// A view of `data` with any extents, strides (in elements, negative allowed) and offset of
    /// the first element, numpy's `as_strided` — checked: every position the view reaches must
    /// lie in `data`. Overlapping positions are allowed (the view is read-only).
    ///
    /// Errors: [`ShapeError::OutOfBounds`] naming the positions reached and `data`'s length,
    /// [`ShapeError::Permutation`] when `strides` and `shape` differ in length,
    /// [`ShapeError::Overflow`] when the element count does not fit `usize`.
    ///
    /// ```
    /// use shaped::DynView;
    /// let data = [0, 1, 2, 3, 4, 5];
    /// // Sliding windows of 3: rows overlap.
    /// let w = DynView::try_as_strided(&data, &[4, 3], &[1, 1], 0)?;
    /// assert_eq!(w.to_vec(), [0, 1, 2, 1, 2, 3, 2, 3, 4, 3, 4, 5]);
    /// assert!(DynView::try_as_strided(&data, &[4, 3], &[1, 1], 1).is_err());
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_as_strided(
        data: &'a [T],
        shape: &[usize],
        strides: &[isize],
        offset: usize,
    ) -> Result<DynView<'a, T>, ShapeError> {
        Ok(DynView::new(
            data,
            vl::as_strided(data.len(), shape, strides, offset)?,
        ))
    }
}

impl<T> DynViewMut<'_, T> {
    view_ops!(DynViewMut<'_, T>, '_, |v| (v.buffer(), v.layout()));
    view_mut_ops!();

    /// A read-only view of the same elements with the extents `shape` (one may be `-1`), when
    /// the strides allow it. Errors as for [`DynView::try_reshape`].
    pub fn try_reshape(&self, shape: &[isize]) -> Result<DynView<'_, T>, ShapeError> {
        DynView::new(self.buffer(), self.layout().clone()).try_reshape(shape)
    }
}
