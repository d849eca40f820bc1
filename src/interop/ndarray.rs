//! Conversions to and from [`ndarray`] (feature `ndarray`), without copying elements wherever
//! the two layouts can describe the same memory.
//!
//! | from | to | cost |
//! |---|---|---|
//! | `DynView` (any strides: negative, zero, permuted) | `ArrayViewD` | none: the same elements |
//! | `ArrayView<_, D>` whose elements fill one block of memory (any order, reversed axes too) | `DynView` | none |
//! | `ArrayView<_, D>` scattered (a column block of a wider array) | `DynView` | refused with [`ShapeError::NotContiguous`]: copy it into a `DynTensor` |
//! | `DynTensor` | `ArrayD` | none: the buffer moves |
//! | `ArrayD` in standard layout, starting at its buffer's start | `DynTensor` | none: the buffer moves |
//! | any other `Array<_, D>` (or any view) | `DynTensor` | one copy, in logical order |
//! | `TensorView<_, S, L>` (any static layout; `t.view()` for a tensor) | `ArrayView<_, IxN>` of its rank | none |
//! | `ArrayView<_, D>` in standard layout of shape `S` | `TensorView<_, S>` | none; another shape is a [`ShapeError::StaticMismatch`] |
//! | `ArrayView<_, D>` of shape `S`, any strides | `Tensor<_, S>` | one copy |
//!
//! ```
//! use ndarray::{array, ArrayViewD, Ix2};
//! use shaped::{s, DynTensor, DynView, Tensor, shape};
//! let d = DynTensor::from_shape_vec(&[2, 3], vec![1, 2, 3, 4, 5, 6])?;
//! let rev: ArrayViewD<i32> = d.try_slice(&s![.., ..;-1])?.into();   // no copy
//! assert_eq!(rev, array![[3, 2, 1], [6, 5, 4]].into_dyn());
//! let a = array![[1.0_f32, 2.0], [3.0, 4.0]];
//! let v = DynView::try_from(a.t())?;                                 // no copy
//! assert_eq!(v.to_vec(), [1.0, 3.0, 2.0, 4.0]);
//! let t = Tensor::<f32, shape![2, 2]>::try_from(a.view())?;          // one copy
//! assert_eq!(t.as_slice(), &[1.0, 2.0, 3.0, 4.0]);
//! # Ok::<(), shaped::ShapeError>(())
//! ```

use alloc::vec::Vec;

use ndarray::{ArrayBase, ArrayD, ArrayView, ArrayViewD, Data, Dimension, IxDyn, ShapeBuilder};

use crate::error::Dims;
use crate::layout::Layout;
use crate::{DynTensor, DynView, Shape, ShapeError, Tensor, TensorView};

impl<'a, T> From<DynView<'a, T>> for ArrayViewD<'a, T> {
    /// The same elements seen by ndarray: built over the lowest-addressed element with the
    /// strides' magnitudes, then the axes with negative strides inverted (ndarray's own way
    /// to a negative stride).
    fn from(v: DynView<'a, T>) -> Self {
        let layout = v.layout();
        let (dims, strides) = (layout.dims(), layout.strides());
        if layout.is_empty() {
            return ArrayViewD::from_shape(IxDyn(dims), &[]).expect("no elements fit any buffer");
        }
        // Where the lowest-addressed element is: the first element moved back along every
        // axis whose stride is negative (the view's positions are all in bounds).
        let mut low = layout.offset();
        for (&d, &s) in dims.iter().zip(strides) {
            if s < 0 {
                low -= (d - 1) * s.unsigned_abs();
            }
        }
        let magnitudes: Vec<usize> = strides.iter().map(|s| s.unsigned_abs()).collect();
        let mut a =
            ArrayViewD::from_shape(IxDyn(dims).strides(IxDyn(&magnitudes)), &v.data()[low..])
                .expect("a view's positions all lie inside its buffer");
        for (axis, &s) in strides.iter().enumerate() {
            if s < 0 {
                a.invert_axis(ndarray::Axis(axis));
            }
        }
        a
    }
}

/// The elements of an ndarray view as one slice and where its first element is in it, when they
/// fill one block of memory; `None` when they are scattered.
fn block<'a, T, D: Dimension>(a: &ArrayView<'a, T, D>) -> Option<(&'a [T], usize)> {
    let slice = a.clone().to_slice_memory_order()?;
    // The first element's place in the block, counted in elements (`as_ptr` is the element at
    // index zero, inside the block).
    let first = (a.as_ptr() as usize - slice.as_ptr() as usize) / size_of::<T>().max(1);
    Some((slice, first))
}

impl<'a, T, D: Dimension> TryFrom<ArrayView<'a, T, D>> for DynView<'a, T> {
    type Error = ShapeError;

    /// The same elements, when they fill one block of memory (in any order); errors with
    /// [`ShapeError::NotContiguous`] when they are scattered (copy with `DynTensor::from`).
    fn try_from(a: ArrayView<'a, T, D>) -> Result<Self, ShapeError> {
        let Some((slice, first)) = block(&a) else {
            return Err(ShapeError::NotContiguous {
                shape: Dims::new(a.shape()),
            });
        };
        let strides: Vec<isize> = a.strides().to_vec();
        DynView::try_as_strided(slice, a.shape(), &strides, first)
    }
}

impl<T> From<DynTensor<T>> for ArrayD<T> {
    /// The same buffer, moved: a `DynTensor` is always in row-major (standard) layout.
    fn from(t: DynTensor<T>) -> Self {
        let dims = IxDyn(t.shape());
        ArrayD::from_shape_vec(dims, t.into_vec()).expect("the element count is the shape's")
    }
}

impl<T: Clone, D: Dimension> From<ndarray::Array<T, D>> for DynTensor<T> {
    /// The same buffer, moved, when the array is in standard layout and starts at its
    /// buffer's start (as a new array does); otherwise one copy in logical order.
    fn from(a: ndarray::Array<T, D>) -> Self {
        let shape = a.shape().to_vec();
        if a.is_standard_layout() {
            let len = a.len();
            let (data, offset) = a.into_raw_vec_and_offset();
            if offset.unwrap_or(0) == 0 && data.len() == len {
                return DynTensor::from_shape_vec(&shape, data).expect("the count is the shape's");
            }
            let data: Vec<T> = data
                .into_iter()
                .skip(offset.unwrap_or(0))
                .take(len)
                .collect();
            return DynTensor::from_shape_vec(&shape, data).expect("the count is the shape's");
        }
        let data: Vec<T> = a.iter().cloned().collect();
        DynTensor::from_shape_vec(&shape, data).expect("the count is the shape's")
    }
}

impl<T: Clone, D: Dimension> From<ArrayView<'_, T, D>> for DynTensor<T> {
    /// One copy of the view's elements, in logical order (for views [`DynView`] cannot borrow).
    fn from(a: ArrayView<'_, T, D>) -> Self {
        let data: Vec<T> = a.iter().cloned().collect();
        DynTensor::from_shape_vec(a.shape(), data).expect("the count is the shape's")
    }
}

/// The ndarray dimension type of a static shape's rank (ranks 0 to 6, ndarray's `Ix0`..`Ix6`).
pub trait NdarrayDim: Shape {
    /// `Ix0` ... `Ix6`.
    type Ix: Dimension;
    /// The dimension holding `dims` (which has this rank).
    fn ix(dims: &[usize]) -> Self::Ix;
}

macro_rules! ndarray_dim {
    ($($rank:literal: $ix:ident ($($e:ident),*);)*) => {$(
        impl<$($e: crate::Extent),*> NdarrayDim for ($($e,)*) {
            type Ix = ndarray::$ix;
            fn ix(dims: &[usize]) -> ndarray::$ix {
                let d: [usize; $rank] = dims.try_into().expect("a static shape has its rank");
                ndarray::Dim(d)
            }
        }
    )*};
}

ndarray_dim! {
    0: Ix0 ();
    1: Ix1 (A);
    2: Ix2 (A, B);
    3: Ix3 (A, B, C);
    4: Ix4 (A, B, C, D);
    5: Ix5 (A, B, C, D, E);
    6: Ix6 (A, B, C, D, E, F);
}

impl<'a, T, S: NdarrayDim, L: Layout<S>> From<TensorView<'a, T, S, L>> for ArrayView<'a, T, S::Ix> {
    /// The same elements with the same (constant) strides.
    fn from(v: TensorView<'a, T, S, L>) -> Self {
        let shape = S::ix(S::dims()).strides(S::ix(v.strides()));
        ArrayView::from_shape(shape, v.source()).expect("a static view lies inside its data")
    }
}

impl<'a, T, S: Shape, D: Dimension> TryFrom<ArrayView<'a, T, D>> for TensorView<'a, T, S> {
    type Error = ShapeError;

    /// The same elements, when the view is in standard layout and of shape `S`.
    fn try_from(a: ArrayView<'a, T, D>) -> Result<Self, ShapeError> {
        if a.shape() != S::dims() {
            return Err(ShapeError::StaticMismatch {
                found: Dims::new(a.shape()),
                expected: Dims::new(S::dims()),
            });
        }
        match a.to_slice() {
            Some(s) => TensorView::try_from_slice(s),
            None => Err(ShapeError::NotContiguous {
                shape: Dims::new(S::dims()),
            }),
        }
    }
}

impl<T: Clone, S: Shape, A: Data<Elem = T>, D: Dimension> TryFrom<&ArrayBase<A, D>>
    for Tensor<T, S>
{
    type Error = ShapeError;

    /// A copy of an array or view of shape `S`, any strides.
    fn try_from(a: &ArrayBase<A, D>) -> Result<Self, ShapeError> {
        if a.shape() != S::dims() {
            return Err(ShapeError::StaticMismatch {
                found: Dims::new(a.shape()),
                expected: Dims::new(S::dims()),
            });
        }
        let mut it = a.iter();
        Ok(Tensor::from_flat_fn(|_| {
            it.next().expect("the shapes are equal").clone()
        }))
    }
}

impl<T: Clone, S: Shape, D: Dimension> TryFrom<ArrayView<'_, T, D>> for Tensor<T, S> {
    type Error = ShapeError;

    /// A copy of a view of shape `S`, any strides.
    fn try_from(a: ArrayView<'_, T, D>) -> Result<Self, ShapeError> {
        Tensor::try_from(&a)
    }
}
