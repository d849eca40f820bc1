//! [`DynTensor<T>`]: an owned tensor whose shape is known only at run time.
//!
//! Over 400 lines, 119 of them documentation with runnable examples: the type and its inherent
//! methods (constructors, reshapes of owned data, conversions) read best in one place.

use alloc::vec::Vec;
use core::fmt;
use core::ops::{Index, IndexMut};

use super::dims::{DimVec, Strides};
use super::layout::{Layout, count_or_err};
use super::{DynView, DynViewMut};
use crate::error::shape_panic;
use crate::{Scalar, ShapeError};

/// An owned tensor of any rank, its elements on the heap in row-major order.
///
/// Its shape is checked at run time: constructors and `try_` operations return a
/// [`ShapeError`] that says what does not fit; the operators (`&a + &b`) panic with the same
/// message. Extents and strides of rank ≤ 6 are stored inline, so a binary operation on such
/// tensors allocates only its output's elements.
///
/// ```
/// use shaped::DynTensor;
/// let x = DynTensor::from_shape_vec(&[2, 1, 4], (0..8).map(|i| i as f32).collect())?;
/// let y = x.try_add(&DynTensor::ones(&[3, 1]))?;
/// assert_eq!(y.shape(), &[2, 3, 4]);
/// assert_eq!(y[&[1, 2, 3]], 8.0);
/// # Ok::<(), shaped::ShapeError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct DynTensor<T> {
    data: Vec<T>,
    dims: DimVec,
    strides: Strides,
}

impl<T> DynTensor<T> {
    /// A packed tensor over `data` with the extents `dims`; the caller checked `data.len()` is
    /// their count. Builds its metadata in place (no `Layout` moved through).
    #[inline(always)]
    pub(crate) fn packed(data: Vec<T>, dims: &[usize]) -> Self {
        Self {
            data,
            dims: DimVec::from_slice(dims),
            strides: Strides::row_major(dims),
        }
    }

    /// A tensor over `data` with extents `dims`; the caller checked `data.len()` is their count.
    #[inline]
    pub(crate) fn from_parts(data: Vec<T>, dims: DimVec) -> Self {
        let Layout { dims, strides, .. } = Layout::row_major(dims);
        Self {
            data,
            dims,
            strides,
        }
    }

    /// The tensor of shape `shape` whose elements, in row-major order, are `data`.
    ///
    /// Errors: [`ShapeError::DataLength`] when `data.len()` is not the product of the extents,
    /// [`ShapeError::Overflow`] when that product does not fit in `usize`.
    ///
    /// ```
    /// use shaped::{DynTensor, ShapeError};
    /// let t = DynTensor::from_shape_vec(&[2, 2], vec![1, 2, 3, 4])?;
    /// assert_eq!(t.to_vec(), [1, 2, 3, 4]);
    /// let err = DynTensor::from_shape_vec(&[2, 3], vec![1, 2, 3]).unwrap_err();
    /// assert_eq!(err.to_string(), "data has 3 elements, but shape [2, 3] needs 6");
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn from_shape_vec(shape: &[usize], data: Vec<T>) -> Result<Self, ShapeError> {
        super::view::check_length(shape, data.len())?;
        Ok(Self::from_parts(data, DimVec::from_slice(shape)))
    }

    /// A tensor of rank 0 holding `value`.
    ///
    /// ```
    /// let s = shaped::DynTensor::scalar(2.5);
    /// assert_eq!((s.shape(), s.to_vec()), (&[][..], vec![2.5]));
    /// ```
    pub fn scalar(value: T) -> Self {
        Self::from_parts(alloc::vec![value], DimVec::filled(0, 0))
    }

    /// Each element computed from its multi-index, in row-major order.
    ///
    /// # Panics
    /// When the element count of `shape` overflows `usize` or its memory cannot be allocated
    /// ([`try_from_fn`](Self::try_from_fn) returns the error instead).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
    /// assert_eq!(t.to_vec(), [0, 1, 2, 10, 11, 12]);
    /// ```
    #[track_caller]
    pub fn from_fn(shape: &[usize], f: impl FnMut(&[usize]) -> T) -> Self {
        Self::try_from_fn(shape, f).unwrap_or_else(|e| shape_panic(e))
    }

    /// [`from_fn`](Self::from_fn), with an error instead of a panic or an abort when the shape
    /// cannot be had: [`ShapeError::Overflow`] when its element count overflows `usize`,
    /// [`ShapeError::Allocation`] when its bytes overflow `isize::MAX` or the allocator refuses
    /// them.
    ///
    /// ```
    /// use shaped::{DynTensor, ShapeError};
    /// let t = DynTensor::try_from_fn(&[2, 2], |i| i[0] * i[1])?;
    /// assert_eq!(t.to_vec(), [0, 0, 0, 1]);
    /// let huge = DynTensor::<f32>::try_from_fn(&[1 << 20, 1 << 20, 1 << 10], |_| 0.0);
    /// assert!(matches!(huge, Err(ShapeError::Allocation { .. })));   // 4 PiB
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn try_from_fn(
        shape: &[usize],
        mut f: impl FnMut(&[usize]) -> T,
    ) -> Result<Self, ShapeError> {
        let n = count_or_err(shape)?;
        let mut index = DimVec::filled(shape.len(), 0);
        let mut data = super::buffer::try_with_capacity(n, shape)?;
        for _ in 0..n {
            data.push(f(&index));
            crate::layout::index::step_index(&mut index, shape);
        }
        Ok(Self::from_parts(data, DimVec::from_slice(shape)))
    }

    /// Every element a clone of `value`.
    ///
    /// # Panics
    /// When the element count of `shape` overflows `usize` or its memory cannot be allocated
    /// ([`try_filled`](Self::try_filled) returns the error instead).
    #[track_caller]
    pub fn filled(shape: &[usize], value: T) -> Self
    where
        T: Clone,
    {
        Self::try_filled(shape, value).unwrap_or_else(|e| shape_panic(e))
    }

    /// Every element a clone of `value`; errors as [`try_from_fn`](Self::try_from_fn).
    ///
    /// ```
    /// use shaped::{DynTensor, ShapeError};
    /// let err = DynTensor::try_filled(&[usize::MAX / 2, 4], 1u8).unwrap_err();
    /// assert!(matches!(err, ShapeError::Overflow { .. }));
    /// ```
    pub fn try_filled(shape: &[usize], value: T) -> Result<Self, ShapeError>
    where
        T: Clone,
    {
        let n = count_or_err(shape)?;
        let mut data = super::buffer::try_with_capacity(n, shape)?;
        data.resize(n, value);
        Ok(Self::from_parts(data, DimVec::from_slice(shape)))
    }

    /// All zeros.
    ///
    /// # Panics
    /// When the element count of `shape` overflows `usize` or its memory cannot be allocated
    /// ([`try_zeros`](Self::try_zeros) returns the error instead).
    ///
    /// ```
    /// let z = shaped::DynTensor::<i32>::zeros(&[2, 0, 3]);
    /// assert!(z.is_empty());
    /// ```
    #[track_caller]
    pub fn zeros(shape: &[usize]) -> Self
    where
        T: Scalar,
    {
        Self::filled(shape, T::ZERO)
    }

    /// All zeros; errors as [`try_from_fn`](Self::try_from_fn).
    ///
    /// ```
    /// use shaped::{DynTensor, ShapeError};
    /// let tib = DynTensor::<f32>::try_zeros(&[1 << 18, 1 << 20]);     // 1 TiB
    /// assert_eq!(
    ///     tib.unwrap_err().to_string(),
    ///     "a tensor of shape [262144, 1048576] needs 1099511627776 bytes, which could not be \
    ///      allocated; use smaller extents, or check how the shape was computed"
    /// );
    /// ```
    pub fn try_zeros(shape: &[usize]) -> Result<Self, ShapeError>
    where
        T: Scalar,
    {
        Self::try_filled(shape, T::ZERO)
    }

    /// All ones.
    ///
    /// # Panics
    /// When the element count of `shape` overflows `usize` or its memory cannot be allocated
    /// ([`try_ones`](Self::try_ones) returns the error instead).
    #[track_caller]
    pub fn ones(shape: &[usize]) -> Self
    where
        T: Scalar,
    {
        Self::filled(shape, T::ONE)
    }

    /// All ones; errors as [`try_from_fn`](Self::try_from_fn).
    pub fn try_ones(shape: &[usize]) -> Result<Self, ShapeError>
    where
        T: Scalar,
    {
        Self::try_filled(shape, T::ONE)
    }

    /// The extents, outermost first.
    #[inline]
    pub fn shape(&self) -> &[usize] {
        &self.dims
    }

    /// Row-major strides in elements (the last axis has stride 1).
    #[inline]
    pub fn strides(&self) -> &[isize] {
        &self.strides
    }

    /// The extents, strides and offset (always 0 for an owned tensor).
    pub fn layout(&self) -> Layout {
        Layout {
            dims: self.dims.clone(),
            strides: self.strides.clone(),
            offset: 0,
        }
    }

    /// Number of axes.
    #[inline]
    pub fn rank(&self) -> usize {
        self.dims.len()
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
        &self.data
    }

    /// The elements in row-major order, mutable.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.data
    }

    /// The elements in row-major order, as a `Vec` (no copy).
    #[inline]
    pub fn into_vec(self) -> Vec<T> {
        self.data
    }

    /// The elements in row-major order, cloned.
    #[inline]
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Clone,
    {
        self.data.clone()
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

    /// The element at `index`, or `None` when the index has the wrong rank or is out of bounds.
    #[inline]
    pub fn get(&self, index: &[usize]) -> Option<&T> {
        let at = self.position(index)?;
        self.data.get(at)
    }

    /// The element at `index`, mutable, or `None` when out of bounds.
    #[inline]
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut T> {
        let at = self.position(index)?;
        self.data.get_mut(at)
    }

    /// The destination an in-place operation writes: the whole tensor, packed.
    #[inline]
    pub(crate) fn dst(&mut self) -> super::plan::Dst<'_, T> {
        super::plan::Dst {
            data: &mut self.data,
            base: 0,
            dims: &self.dims,
            strides: &self.strides,
        }
    }

    /// The buffer, mutable, and the layout: what a mutable view of this tensor needs.
    #[inline]
    pub(crate) fn parts_mut(&mut self) -> (&mut [T], Layout) {
        let layout = self.layout();
        (&mut self.data, layout)
    }

    fn position(&self, index: &[usize]) -> Option<usize> {
        if index.len() != self.dims.len() {
            return None;
        }
        let mut at = 0;
        for ((&i, &d), &s) in index.iter().zip(self.dims.iter()).zip(self.strides.iter()) {
            if i >= d {
                return None;
            }
            at += i * s as usize;
        }
        Some(at)
    }

    /// A read-only view of the whole tensor.
    #[inline]
    pub fn view(&self) -> DynView<'_, T> {
        DynView::new(&self.data, self.layout())
    }

    /// A mutable view of the whole tensor.
    #[inline]
    pub fn view_mut(&mut self) -> DynViewMut<'_, T> {
        let layout = self.layout();
        DynViewMut::new(&mut self.data, layout)
    }
}

// A view's owned copy is written here, beside the views of a tensor, so that the views need not
// know the owned tensor.
impl<T> DynView<'_, T> {
    /// An owned, packed copy.
    pub fn to_tensor(&self) -> DynTensor<T>
    where
        T: Clone,
    {
        DynTensor::from_parts(self.to_vec(), self.layout().dims.clone())
    }
}

impl<T> DynViewMut<'_, T> {
    /// An owned, packed copy.
    pub fn to_tensor(&self) -> DynTensor<T>
    where
        T: Clone,
    {
        self.view().to_tensor()
    }
}

impl<T> Index<&[usize]> for DynTensor<T> {
    type Output = T;
    #[track_caller]
    fn index(&self, index: &[usize]) -> &T {
        match self.get(index) {
            Some(x) => x,
            None => crate::tensor::index_out_of_bounds(index, &self.dims),
        }
    }
}

impl<T, const N: usize> Index<&[usize; N]> for DynTensor<T> {
    type Output = T;
    #[track_caller]
    fn index(&self, index: &[usize; N]) -> &T {
        &self[&index[..]]
    }
}

impl<T> IndexMut<&[usize]> for DynTensor<T> {
    #[track_caller]
    fn index_mut(&mut self, index: &[usize]) -> &mut T {
        match self.position(index) {
            Some(at) => &mut self.data[at],
            None => crate::tensor::index_out_of_bounds(index, &self.dims),
        }
    }
}

impl<T, const N: usize> IndexMut<&[usize; N]> for DynTensor<T> {
    #[track_caller]
    fn index_mut(&mut self, index: &[usize; N]) -> &mut T {
        &mut self[&index[..]]
    }
}

impl<T: fmt::Debug> fmt::Debug for DynTensor<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynTensor")
            .field("shape", &self.shape())
            .field("data", &self.data)
            .finish()
    }
}

impl<'a, T> IntoIterator for &'a DynTensor<T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T> IntoIterator for DynTensor<T> {
    type Item = T;
    type IntoIter = alloc::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.data.into_iter()
    }
}
