//! [`DynView`] and [`DynViewMut`]: borrowed dynamic-rank tensors.
//!
//! A `DynView` reads through any [`Layout`]: the whole tensor, a broadcast (stride 0 on
//! stretched axes), a transpose, a slice with negative steps, a diagonal, `as_strided`. A
//! `DynViewMut` takes only layouts that reach each element once (the `_mut` views), so a write
//! can never go through a stride-0 axis or land twice: broadcasting gives a `DynView`, and the
//! type system keeps it read-only.

use alloc::vec::Vec;
use core::fmt;

use super::dims::DimVec;
use super::iter::DynIter;
use super::layout::{Layout, count_or_err};
use super::plan::{Dst, Src};
use super::{buffer, plan};
use crate::ShapeError;

/// A read-only view of a dynamic-rank tensor: elements of a borrowed buffer laid out by a
/// [`Layout`] (strides may be 0 after a broadcast).
///
/// ```
/// use shaped::DynTensor;
/// let row = DynTensor::from_shape_vec(&[3], vec![1, 2, 3])?;
/// let v = row.try_broadcast_to(&[2, 3])?;      // nothing copied: stride 0 on the new axis
/// assert_eq!((v.shape(), v.strides()), (&[2, 3][..], &[0, 1][..]));
/// assert_eq!(v.to_vec(), [1, 2, 3, 1, 2, 3]);
/// # Ok::<(), shaped::ShapeError>(())
/// ```
#[derive(Clone)]
pub struct DynView<'a, T> {
    data: &'a [T],
    layout: Layout,
}

/// A mutable view of a dynamic-rank tensor: the whole of it, or a transposed, sliced,
/// permuted or diagonal part (`try_slice_mut`, `t_mut`, ...). Never broadcast: no two positions
/// are one element, so every write lands once.
pub struct DynViewMut<'a, T> {
    data: &'a mut [T],
    layout: Layout,
}

/// `len` elements fill the extents `dims` exactly (`from_shape`'s check).
pub(super) fn check_length(dims: &[usize], len: usize) -> Result<(), ShapeError> {
    if count_or_err(dims)? != len {
        return Err(ShapeError::data_length(dims, len));
    }
    Ok(())
}

impl<'a, T> DynView<'a, T> {
    /// A row-major view of extents `dims` over `data`, nothing copied (ndarray's
    /// `ArrayView::from_shape`): a buffer from elsewhere, seen with any rank.
    ///
    /// Errors: as [`DynTensor::from_shape_vec`](crate::DynTensor::from_shape_vec)'s.
    ///
    /// ```
    /// use shaped::{DynView, ShapeError};
    /// let buf = [1, 2, 3, 4, 5, 6];
    /// let v = DynView::from_shape(&[2, 3], &buf)?;
    /// assert_eq!((v.shape(), v.get(&[1, 0])), (&[2, 3][..], Some(&4)));
    /// let err = DynView::from_shape(&[4, 2], &buf).unwrap_err();
    /// assert_eq!(err.to_string(), "data has 6 elements, but shape [4, 2] needs 8");
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn from_shape(dims: &[usize], data: &'a [T]) -> Result<Self, ShapeError> {
        check_length(dims, data.len())?;
        Ok(Self::new(data, Layout::row_major(DimVec::from_slice(dims))))
    }

    /// A view of `data` through `layout`; every position the layout reaches is in bounds.
    #[inline]
    pub(crate) fn new(data: &'a [T], layout: Layout) -> Self {
        Self {
            data,
            layout: layout.anchored(),
        }
    }

    /// The buffer the view reads (its layout's offset and strides say where).
    #[inline]
    pub(crate) fn data(&self) -> &'a [T] {
        self.data
    }

    /// The extents, outermost first.
    #[inline]
    pub fn shape(&self) -> &[usize] {
        self.layout.dims()
    }

    /// The strides in elements (0 on a broadcast axis, negative on a reversed one).
    #[inline]
    pub fn strides(&self) -> &[isize] {
        self.layout.strides()
    }

    /// Extents, strides and offset.
    #[inline]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Number of axes.
    #[inline]
    pub fn rank(&self) -> usize {
        self.layout.rank()
    }

    /// Number of elements (positions, counting repeated ones of a broadcast).
    #[inline]
    pub fn len(&self) -> usize {
        self.layout.len()
    }

    /// `true` when some extent is 0.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.layout.is_empty()
    }

    /// The elements in row-major order, when they are packed that way (`None` for a
    /// transposed or strided view), as ndarray's `as_slice`; borrowed for as long as the data.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_fn(&[2, 2], |i| 2 * i[0] + i[1]);
    /// assert_eq!(t.view().as_slice(), Some(&[0, 1, 2, 3][..]));
    /// assert_eq!(t.t().as_slice(), None);
    /// ```
    #[inline]
    pub fn as_slice(&self) -> Option<&'a [T]> {
        let data: &'a [T] = self.data;
        let n = self.len();
        self.layout
            .is_row_major()
            .then(|| &data[self.layout.offset..self.layout.offset + n])
    }

    /// The element at `index`, or `None` when the index has the wrong rank or is out of bounds.
    #[inline]
    pub fn get(&self, index: &[usize]) -> Option<&'a T> {
        let data: &'a [T] = self.data;
        data.get(self.layout.position(index)?)
    }

    /// The elements in logical row-major order (the last axis fastest).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
    /// let v = t.view().try_swap_axes(0, 1)?;
    /// assert_eq!(v.iter().copied().collect::<Vec<_>>(), [0, 10, 1, 11, 2, 12]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    #[inline]
    pub fn iter(&self) -> DynIter<'a, T> {
        DynIter::new(self.data, &self.layout)
    }

    /// The elements in logical row-major order, cloned (through the planned kernels).
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Clone,
    {
        let src = plan::Src {
            data: self.data,
            base: self.layout.offset,
            dims: self.layout.dims(),
            strides: self.layout.strides(),
        };
        buffer::filled_by(self.len(), self.shape(), |out| {
            plan::map(src, out, &mut T::clone)
        })
        .unwrap_or_else(|e| crate::error::shape_panic(e))
    }
}

impl<T: fmt::Debug> fmt::Debug for DynView<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynView")
            .field("shape", &self.shape())
            .field("data", &DebugIter(self.iter()))
            .finish()
    }
}

struct DebugIter<I>(I);

impl<I: Clone + Iterator> fmt::Debug for DebugIter<I>
where
    I::Item: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.clone()).finish()
    }
}

impl<T: PartialEq<U>, U> PartialEq<DynView<'_, U>> for DynView<'_, T> {
    fn eq(&self, other: &DynView<'_, U>) -> bool {
        self.shape() == other.shape() && self.iter().zip(other.iter()).all(|(x, y)| x == y)
    }
}

impl<'a, T> IntoIterator for &DynView<'a, T> {
    type Item = &'a T;
    type IntoIter = DynIter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T> DynViewMut<'a, T> {
    /// A mutable row-major view of extents `dims` over `data`, nothing copied (ndarray's
    /// `ArrayViewMut::from_shape`).
    ///
    /// Errors: as [`DynTensor::from_shape_vec`](crate::DynTensor::from_shape_vec)'s.
    ///
    /// ```
    /// use shaped::{DynTensor, DynViewMut, ShapeError};
    /// let mut buf = [0; 6];
    /// let mut v = DynViewMut::from_shape(&[2, 3], &mut buf)?;
    /// v.try_add_assign(&DynTensor::from_shape_vec(&[3], vec![1, 2, 3])?)?;
    /// assert_eq!(buf, [1, 2, 3, 1, 2, 3]);
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn from_shape(dims: &[usize], data: &'a mut [T]) -> Result<Self, ShapeError> {
        check_length(dims, data.len())?;
        Ok(Self::new(data, Layout::row_major(DimVec::from_slice(dims))))
    }

    /// A mutable view of `data` laid out by `layout`, which reaches each position once and
    /// stays in bounds.
    #[inline]
    pub(crate) fn new(data: &'a mut [T], layout: Layout) -> Self {
        Self {
            data,
            layout: layout.anchored(),
        }
    }

    /// The buffer the view writes (its layout says where).
    #[inline]
    pub(crate) fn buffer(&self) -> &[T] {
        self.data
    }

    /// The buffer, mutable, and the layout: what a mutable view made from this one needs.
    #[inline]
    pub(crate) fn parts_mut(&mut self) -> (&mut [T], Layout) {
        (&mut *self.data, self.layout.clone())
    }

    /// The destination an in-place operation writes.
    #[inline]
    pub(crate) fn dst(&mut self) -> Dst<'_, T> {
        Dst {
            data: &mut *self.data,
            base: self.layout.offset,
            dims: &self.layout.dims,
            strides: &self.layout.strides,
        }
    }

    /// The extents, outermost first.
    #[inline]
    pub fn shape(&self) -> &[usize] {
        self.layout.dims()
    }

    /// The strides in elements (negative on a reversed axis).
    #[inline]
    pub fn strides(&self) -> &[isize] {
        self.layout.strides()
    }

    /// Extents, strides and offset.
    #[inline]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.layout.len()
    }

    /// `true` when some extent is 0.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.layout.is_empty()
    }

    /// The elements in row-major order, when they are packed that way (`None` for a
    /// transposed or strided view), as ndarray's `as_slice`.
    #[inline]
    pub fn as_slice(&self) -> Option<&[T]> {
        let n = self.len();
        self.layout
            .is_row_major()
            .then(|| &self.data[self.layout.offset..self.layout.offset + n])
    }

    /// The elements in row-major order, mutable, when they are packed that way.
    #[inline]
    pub fn as_mut_slice(&mut self) -> Option<&mut [T]> {
        let n = self.len();
        let at = self.layout.offset;
        if self.layout.is_row_major() {
            Some(&mut self.data[at..at + n])
        } else {
            None
        }
    }

    /// The element at `index`, or `None` when the index has the wrong rank or is out of bounds.
    #[inline]
    pub fn get(&self, index: &[usize]) -> Option<&T> {
        self.data.get(self.layout.position(index)?)
    }

    /// The element at `index`, mutable, or `None` when out of bounds.
    #[inline]
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut T> {
        let at = self.layout.position(index)?;
        self.data.get_mut(at)
    }

    /// The elements in logical row-major order.
    #[inline]
    pub fn iter(&self) -> DynIter<'_, T> {
        DynIter::new(self.data, &self.layout)
    }

    /// `f(&mut x)` for every element, in logical row-major order, any strides.
    ///
    /// ```
    /// use shaped::{s, DynTensor};
    /// let mut t = DynTensor::from_fn(&[2, 3], |i| (10 * i[0] + i[1]) as i32);
    /// t.try_slice_mut(&s![.., ..;2])?.map_inplace(|x| *x = -*x);   // t[:, ::2] *= -1
    /// assert_eq!(t.to_vec(), [0, 1, -2, -10, 11, -12]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn map_inplace(&mut self, mut f: impl FnMut(&mut T)) {
        let unit = Src {
            data: &[()],
            base: 0,
            dims: &[],
            strides: &[],
        };
        let dst = self.dst();
        if dst.is_packed() {
            let n = self.len();
            let at = self.layout.offset;
            self.data[at..at + n].iter_mut().for_each(f);
        } else {
            plan::assign_strided(dst, unit, &mut |x: &mut T, _: &()| f(x));
        }
    }

    /// A read-only view of the same elements.
    #[inline]
    pub fn view(&self) -> DynView<'_, T> {
        DynView::new(self.data, self.layout.clone())
    }

    /// The elements in logical row-major order, cloned.
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Clone,
    {
        self.view().to_vec()
    }
}

impl<T: fmt::Debug> fmt::Debug for DynViewMut<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynViewMut")
            .field("shape", &self.shape())
            .field("data", &DebugIter(self.iter()))
            .finish()
    }
}
