//! [`DynView`] and [`DynViewMut`]: borrowed dynamic-rank tensors.
//!
//! A `DynView` reads through any [`Layout`] this module makes: the whole tensor, a broadcast
//! (stride 0 on stretched axes) or axes swapped. A `DynViewMut` is always packed row-major,
//! so that a write can never go through a stride-0 axis: broadcasting gives a `DynView`, and the
//! type system keeps it read-only.

use alloc::vec::Vec;
use core::fmt;

use super::iter::DynIter;
use super::layout::Layout;
use super::{DynTensor, buffer, plan};

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

/// A mutable view of a whole dynamic-rank tensor, packed row-major (so never broadcast).
pub struct DynViewMut<'a, T> {
    data: &'a mut [T],
    layout: Layout,
}

impl<'a, T> DynView<'a, T> {
    /// A view of `data` through `layout`; every position the layout reaches is in bounds.
    #[inline]
    pub(crate) fn new(data: &'a [T], layout: Layout) -> Self {
        Self { data, layout }
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
        buffer::filled_by(self.len(), |out| plan::map(src, out, &mut T::clone))
    }

    /// An owned, packed copy.
    pub fn to_tensor(&self) -> DynTensor<T>
    where
        T: Clone,
    {
        DynTensor::from_parts(self.to_vec(), self.layout.dims.clone())
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
    /// A mutable view of a packed row-major buffer laid out by `layout`.
    #[inline]
    pub(crate) fn new(data: &'a mut [T], layout: Layout) -> Self {
        Self { data, layout }
    }

    /// The extents, outermost first.
    #[inline]
    pub fn shape(&self) -> &[usize] {
        self.layout.dims()
    }

    /// Row-major strides in elements.
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
        self.data.len()
    }

    /// `true` when some extent is 0.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
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

    /// A read-only view of the same elements.
    #[inline]
    pub fn view(&self) -> DynView<'_, T> {
        DynView::new(self.data, self.layout.clone())
    }

    /// The parts an in-place operation needs: extents and the elements, mutable.
    #[inline]
    pub(crate) fn target(&mut self) -> (&[usize], &mut [T]) {
        (&self.layout.dims, self.data)
    }
}

impl<T: fmt::Debug> fmt::Debug for DynViewMut<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynViewMut")
            .field("shape", &self.shape())
            .field("data", &self.data)
            .finish()
    }
}
