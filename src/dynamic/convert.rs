//! Between static and dynamic shapes: [`Tensor::into_dyn`], [`Tensor::as_dyn`], and
//! `TryFrom<DynTensor<T>>` / [`DynTensor::try_into_static`] back to a static [`Tensor`]; a
//! [`DynView`] as a static view, with its own strides ([`DynView::try_into_static`], layout
//! [`Strided`]) or row-major (`TryFrom<DynView>` for `TensorView<T, S>`).

use alloc::vec::Vec;

use super::dims::DimVec;
use super::layout::Layout;
use super::{DynTensor, DynView};
use crate::error::Dims;
use crate::shape::kind::Kind;
use crate::storage::runtime;
use crate::tensor::check_dims;
use crate::{MAX_RANK, Shape, ShapeError, Strided, Tensor, TensorView};

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

impl<'a, T> DynView<'a, T> {
    /// This view as a static view of shape `S` that keeps its strides (layout [`Strided`], kind
    /// `Runtime`: the view keeps its extents and strides beside its elements), nothing copied:
    /// a transposed, sliced or broadcast `DynView` in every static operation. `S` may have `Dyn`
    /// axes, which take this view's extents; the extents `S` knows are checked.
    ///
    /// Two ways back to a static view, chosen by the target: this one for any strides (`S` may
    /// be fully known: its strides still are the view's), and `TensorView::<T, S>::try_from`
    /// for a packed row-major view, whose strides are then the shape's own (constants when `S`
    /// has no `Dyn`).
    ///
    /// Errors: [`ShapeError::Rank`] (`S` with a `Dyn` axis) or [`ShapeError::StaticMismatch`]
    /// naming both shapes when the ranks differ or an extent `S` knows differs;
    /// [`ShapeError::NegativeStride`] for a view that walks an axis of more than one element
    /// backwards (a flipped slice): static strides are unsigned.
    ///
    /// ```
    /// use shaped::{s, shape, DynTensor, Tensor};
    /// let d = DynTensor::from_shape_vec(&[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0])?;
    /// let t = d.t().try_into_static::<shape![Dyn, 2]>()?;        // [3, 2], strides [1, 3]
    /// assert_eq!((t.shape(), t.strides(), t[[2, 0]]), (&[3, 2][..], &[1, 3][..], 3.0));
    /// let y: Tensor<f32, shape![Dyn, 2]> = &t + &Tensor::<f32, shape![2]>::filled(10.0);
    /// assert_eq!(y.as_slice(), &[11.0, 14.0, 12.0, 15.0, 13.0, 16.0]);
    /// assert!(d.t().try_into_static::<shape![2, 3]>().is_err());  // it is [3, 2]
    /// assert!(d.try_slice(&s![.., ..;-1])?.try_into_static::<shape![2, 3]>().is_err());
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_into_static<S: Shape>(self) -> Result<TensorView<'a, T, S, Strided>, ShapeError> {
        let dims = check_dims::<S>(self.shape())?;
        let empty = self.is_empty();
        let mut strides = S::Index::default();
        let given = self.strides().iter().zip(self.shape());
        for (axis, (out, (&stride, &extent))) in strides.as_mut().iter_mut().zip(given).enumerate()
        {
            // An axis of one element (or a view of none) never moves along its stride.
            *out = match usize::try_from(stride) {
                Ok(s) => s,
                Err(_) if empty || extent <= 1 => 0,
                Err(_) => {
                    return Err(ShapeError::NegativeStride {
                        shape: Dims::new(self.shape()),
                        axis,
                    });
                }
            };
        }
        let data = &self.data()[self.layout().offset()..];
        Ok(TensorView::from_parts_with(
            data,
            runtime::ViewDims { dims, strides },
        ))
    }
}

impl<'a, T, S: Shape> TryFrom<DynView<'a, T>> for TensorView<'a, T, S> {
    type Error = ShapeError;

    /// The elements of a packed row-major view as a row-major static view of shape `S`,
    /// nothing copied: its strides are the shape's own, constants when `S` has no `Dyn`. A
    /// view with other strides keeps them with [`DynView::try_into_static`].
    ///
    /// Errors: as `try_into_static`'s for the shape, and [`ShapeError::NotRowMajor`] for a
    /// view that is not packed in row-major order (transposed, strided, broadcast).
    ///
    /// ```
    /// use shaped::{shape, DynTensor, ShapeError, TensorView};
    /// let d = DynTensor::from_shape_vec(&[2, 3], vec![1, 2, 3, 4, 5, 6])?;
    /// let v = TensorView::<i32, shape![2, 3]>::try_from(d.view())?;
    /// assert_eq!((v.strides(), v[[1, 2]]), (&[3, 1][..], 6));
    /// let err = TensorView::<i32, shape![3, 2]>::try_from(d.t()).unwrap_err();
    /// assert!(matches!(err, ShapeError::NotRowMajor { .. }));
    /// # Ok::<(), ShapeError>(())
    /// ```
    fn try_from(v: DynView<'a, T>) -> Result<Self, ShapeError> {
        let dims = check_dims::<S>(v.shape())?;
        match v.as_slice() {
            Some(data) => Ok(TensorView::from_parts_with(
                data,
                S::Kind::row_major_view_dims::<S>(dims),
            )),
            None => Err(ShapeError::NotRowMajor {
                shape: Dims::new(v.shape()),
            }),
        }
    }
}
