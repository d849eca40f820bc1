//! Tensors and views whose extents are given when the program runs: every shape, `Dyn` axes
//! included, with the extents the type knows checked against the ones given (ndarray's names).

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use crate::error::Dims;
use crate::layout::RowMajor;
use crate::layout::index::step_index;
use crate::shape::convert::ShapeInto;
use crate::shape::kind::Kind;
use crate::{MAX_RANK, Shape, ShapeError, Tensor, TensorView, TensorViewMut};

/// `dims` as `S`'s index type, when they have `S`'s rank and every extent `S` knows; an error
/// naming both shapes otherwise, or when their element count overflows `usize`.
pub(crate) fn check_dims<S: Shape>(dims: &[usize]) -> Result<S::Index, ShapeError> {
    let fixed = &S::STATIC_DIMS[MAX_RANK - S::RANK..];
    if dims.len() != S::RANK {
        if <S::Kind as Kind>::FIXED {
            let mut expected = [0; MAX_RANK];
            for (e, f) in expected.iter_mut().zip(fixed) {
                *e = f.unwrap_or(0);
            }
            return Err(ShapeError::StaticMismatch {
                found: Dims::new(dims),
                expected: Dims::new(&expected[..S::RANK]),
            });
        }
        return Err(ShapeError::Rank {
            shape: Dims::new(dims),
            rank: S::RANK,
        });
    }
    if fixed
        .iter()
        .zip(dims)
        .any(|(f, &d)| f.is_some_and(|f| f != d))
    {
        let mut expected = [0; MAX_RANK];
        for ((e, f), &d) in expected.iter_mut().zip(fixed).zip(dims) {
            *e = f.unwrap_or(d);
        }
        return Err(ShapeError::StaticMismatch {
            found: Dims::new(dims),
            expected: Dims::new(&expected[..S::RANK]),
        });
    }
    crate::layout::checked_count(dims).ok_or_else(|| ShapeError::Overflow {
        shape: Dims::new(dims),
    })?;
    let mut index = S::Index::default();
    index.as_mut().copy_from_slice(dims);
    Ok(index)
}

impl<T, S: Shape> Tensor<T, S> {
    /// A tensor of extents `dims` over the elements of `data` in row-major order, moved (for a
    /// shape with a `Dyn` axis the `Vec` itself becomes the storage).
    ///
    /// Errors: [`ShapeError::Rank`] when `dims` has another rank than `S`,
    /// [`ShapeError::StaticMismatch`] when an extent `S` knows differs, [`ShapeError::DataLength`]
    /// when `data` does not hold exactly their product.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let x = Tensor::<f32, shape![Dyn, 3]>::from_shape_vec(&[2, 3], vec![0.0; 6])?;
    /// assert_eq!(x.shape(), &[2, 3]);
    /// let wrong = Tensor::<f32, shape![Dyn, 3]>::from_shape_vec(&[3, 2], vec![0.0; 6]);
    /// assert_eq!(
    ///     wrong.unwrap_err().to_string(),
    ///     "a tensor of shape [3, 2] cannot become a static tensor of shape [3, 3]; \
    ///      reshape or broadcast it first"
    /// );
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn from_shape_vec(dims: &[usize], data: Vec<T>) -> Result<Self, ShapeError> {
        let index = check_dims::<S>(dims)?;
        let n = crate::layout::element_count(dims);
        if data.len() != n {
            return Err(ShapeError::data_length(dims, data.len()));
        }
        Ok(Self::from_store(S::Kind::try_from_elems::<T, S>(
            index,
            n,
            data.into_iter(),
        )?))
    }

    /// A tensor of extents `dims` with every element a clone of `value`.
    ///
    /// Errors: as [`from_shape_vec`](Self::from_shape_vec)'s for `dims`, and
    /// [`ShapeError::Allocation`] when the memory cannot be had.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let x = Tensor::<u8, shape![Dyn, 2]>::from_elem(&[3, 2], 7)?;
    /// assert_eq!((x.len(), x[[2, 1]]), (6, 7));
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn from_elem(dims: &[usize], value: T) -> Result<Self, ShapeError>
    where
        T: Clone,
    {
        let index = check_dims::<S>(dims)?;
        Self::try_from_writer(index, |slots| {
            for slot in slots {
                slot.write(value.clone());
            }
        })
    }

    /// A tensor of extents `dims`, each element computed from its multi-index in row-major
    /// order.
    ///
    /// Errors: as [`from_elem`](Self::from_elem)'s.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let x = Tensor::<usize, shape![Dyn, 3]>::from_shape_fn(&[2, 3], |[r, c]| 10 * r + c)?;
    /// assert_eq!(x.as_slice(), &[0, 1, 2, 10, 11, 12]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn from_shape_fn(
        dims: &[usize],
        mut f: impl FnMut(S::Index) -> T,
    ) -> Result<Self, ShapeError> {
        let extents = check_dims::<S>(dims)?;
        Self::try_from_writer(extents, |slots| {
            let mut index = S::Index::default();
            for slot in slots {
                slot.write(f(index));
                step_index(index.as_mut(), extents.as_ref());
            }
        })
    }

    /// The same elements as a tensor of shape `S2`, where every axis of `S2` takes the same
    /// axis of `S` with no run-time check: the same extent, a known extent to `Dyn`, or `One` ↔
    /// `Dim<1>` (checked at compile time). Nothing is copied for a shape with a `Dyn` axis.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let a = Tensor::<f32, shape![1, 3]>::filled(2.0);
    /// let batch: Tensor<f32, shape![Dyn, 3]> = a.into_shape();
    /// assert_eq!(batch.shape(), &[1, 3]);
    /// ```
    pub fn into_shape<S2: Shape>(self) -> Tensor<T, S2>
    where
        S: ShapeInto<S2>,
    {
        let mut index = S2::Index::default();
        index.as_mut().copy_from_slice(self.shape());
        let n = self.len();
        match S2::Kind::try_from_elems::<T, S2>(index, n, self.into_iter()) {
            Ok(store) => Tensor::from_store(store),
            Err(e) => crate::error::shape_panic(e),
        }
    }

    /// The same elements as a tensor of shape `S2` of the same rank, every extent `S2` knows
    /// checked against this tensor's when the program runs (`Dyn` to `Dim<N>`).
    ///
    /// Errors: [`ShapeError::Rank`] or [`ShapeError::StaticMismatch`] naming both shapes.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let x = Tensor::<f32, shape![Dyn, 3]>::from_elem(&[2, 3], 1.0)?;
    /// let s: Tensor<f32, shape![2, 3]> = x.clone().try_into_shape()?;
    /// assert_eq!(s.shape(), &[2, 3]);
    /// assert!(x.try_into_shape::<shape![4, 3]>().is_err());
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_into_shape<S2: Shape>(self) -> Result<Tensor<T, S2>, ShapeError> {
        let index = check_dims::<S2>(self.shape())?;
        let n = self.len();
        Ok(Tensor::from_store(S2::Kind::try_from_elems::<T, S2>(
            index,
            n,
            self.into_iter(),
        )?))
    }
}

impl<'a, T, S: Shape> TensorView<'a, T, S> {
    /// A row-major view of extents `dims` over `data`: nothing copied, no heap (a firmware
    /// buffer whose length is known at run time).
    ///
    /// Errors: as [`Tensor::from_shape_vec`]'s.
    ///
    /// ```
    /// use shaped::{shape, TensorView};
    /// let buf = [1, 2, 3, 4, 5, 6];
    /// let v = TensorView::<i32, shape![Dyn, 3]>::from_shape(&[2, 3], &buf)?;
    /// assert_eq!((v.shape(), v[[1, 0]]), (&[2, 3][..], 4));
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn from_shape(dims: &[usize], data: &'a [T]) -> Result<Self, ShapeError> {
        let index = check_dims::<S>(dims)?;
        let n = crate::layout::element_count(dims);
        if data.len() != n {
            return Err(ShapeError::data_length(dims, data.len()));
        }
        Ok(Self::from_parts_with(
            data,
            S::Kind::row_major_view_dims::<S>(index),
        ))
    }

    /// The same view with shape `S2` (see [`Tensor::into_shape`]).
    pub fn into_shape<S2: Shape>(self) -> TensorView<'a, T, S2, RowMajor>
    where
        S: ShapeInto<S2>,
    {
        match self.try_into_shape() {
            Ok(v) => v,
            Err(e) => crate::error::shape_panic(e),
        }
    }

    /// The same view with shape `S2`, checked when the program runs (see
    /// [`Tensor::try_into_shape`]).
    pub fn try_into_shape<S2: Shape>(self) -> Result<TensorView<'a, T, S2, RowMajor>, ShapeError> {
        let index = check_dims::<S2>(self.shape())?;
        Ok(TensorView::from_parts_with(
            self.source(),
            S2::Kind::row_major_view_dims::<S2>(index),
        ))
    }
}

impl<'a, T, S: Shape> TensorViewMut<'a, T, S> {
    /// A mutable row-major view of extents `dims` over `data`: nothing copied, no heap.
    ///
    /// Errors: as [`Tensor::from_shape_vec`]'s.
    ///
    /// ```
    /// use shaped::{shape, tensor, TensorViewMut};
    /// let mut buf = [0; 6];
    /// let mut v = TensorViewMut::<i32, shape![Dyn, 3]>::from_shape(&[2, 3], &mut buf)?;
    /// v += &tensor![1, 2, 3];
    /// assert_eq!(buf, [1, 2, 3, 1, 2, 3]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn from_shape(dims: &[usize], data: &'a mut [T]) -> Result<Self, ShapeError> {
        let index = check_dims::<S>(dims)?;
        let n = crate::layout::element_count(dims);
        if data.len() != n {
            return Err(ShapeError::data_length(dims, data.len()));
        }
        Ok(Self::from_slice_with(
            data,
            S::Kind::row_major_view_dims::<S>(index),
        ))
    }
}
