//! Between static and dynamic shapes: [`Tensor::into_dyn`], [`Tensor::as_dyn`], and
//! `TryFrom<DynTensor<T>>` / [`DynTensor::try_into_static`] back to a static [`Tensor`].

use alloc::vec::Vec;

use super::dims::DimVec;
use super::layout::Layout;
use super::{DynTensor, DynView};
use crate::error::Dims;
use crate::{MAX_RANK, Shape, ShapeError, Tensor};

impl<T, S: Shape> Tensor<T, S> {
    /// The same elements as a [`DynTensor`]: moved into one heap buffer, not cloned.
    ///
    /// ```
    /// use shaped::tensor;
    /// let d = tensor![[1, 2, 3], [4, 5, 6]].into_dyn();
    /// assert_eq!((d.shape(), d.to_vec()), (&[2, 3][..], vec![1, 2, 3, 4, 5, 6]));
    /// ```
    pub fn into_dyn(self) -> DynTensor<T> {
        let dims = DimVec::from_slice(self.shape());
        let mut data = Vec::with_capacity(self.len());
        data.extend(self);
        DynTensor::from_parts(data, dims)
    }

    /// A dynamic view of this tensor (nothing copied), for mixing with dynamic tensors.
    ///
    /// ```
    /// use shaped::{tensor, DynTensor};
    /// let s = tensor![10, 20, 30];
    /// let d = DynTensor::from_shape_vec(&[2, 1], vec![1, 2])?;
    /// assert_eq!(s.as_dyn().try_add(&d)?.to_vec(), [11, 21, 31, 12, 22, 32]);
    /// assert_eq!((&s + &d).shape(), &[2, 3]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn as_dyn(&self) -> DynView<'_, T> {
        DynView::new(
            self.as_slice(),
            Layout::row_major(DimVec::from_slice(self.shape())),
        )
    }
}

impl<T> DynTensor<T> {
    /// This tensor as a [`Tensor<T, S>`](Tensor), elements moved; checked once. `S` may have
    /// `Dyn` axes, which take this tensor's extents (the `Vec` is kept, nothing copied).
    ///
    /// Errors: [`ShapeError::RankTooLarge`] when this tensor has more than [`MAX_RANK`] axes,
    /// [`ShapeError::StaticMismatch`] (naming both shapes) when an extent `S` knows differs,
    /// [`ShapeError::Rank`] when `S` has a `Dyn` axis and another rank.
    ///
    /// ```
    /// use shaped::{shape, DynTensor, Tensor, ShapeError};
    /// let d = DynTensor::from_shape_vec(&[2, 2], vec![1, 2, 3, 4])?;
    /// let s: Tensor<i32, shape![2, 2]> = d.clone().try_into_static()?;
    /// assert_eq!(s[[1, 0]], 3);
    /// let err = d.try_into_static::<shape![4]>().unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "a tensor of shape [2, 2] cannot become a static tensor of shape [4]; \
    ///      reshape or broadcast it first"
    /// );
    /// # Ok::<(), ShapeError>(())
    /// ```
    pub fn try_into_static<S: Shape>(self) -> Result<Tensor<T, S>, ShapeError> {
        if self.rank() > MAX_RANK {
            return Err(ShapeError::RankTooLarge {
                shape: Dims::new(self.shape()),
                max: MAX_RANK,
            });
        }
        let dims = DimVec::from_slice(self.shape());
        Tensor::from_shape_vec(&dims, self.into_vec())
    }
}

impl<T, S: Shape> TryFrom<DynTensor<T>> for Tensor<T, S> {
    type Error = ShapeError;
    /// See [`DynTensor::try_into_static`].
    fn try_from(t: DynTensor<T>) -> Result<Self, ShapeError> {
        t.try_into_static()
    }
}

impl<T, S: Shape> From<Tensor<T, S>> for DynTensor<T> {
    fn from(t: Tensor<T, S>) -> Self {
        t.into_dyn()
    }
}
