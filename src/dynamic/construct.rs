//! Ranges and the identity, numpy's `arange`, `linspace` and `eye`, as [`DynTensor`]
//! constructors. [`Arange`] (what `try_arange` needs of an element type) and the element
//! formula of `linspace` live with the static constructors (`src/tensor/construct.rs`, no
//! `alloc` there), so that both forms compute every element the same way.

use super::DynTensor;
use super::buffer;
pub use crate::tensor::construct::Arange;
use crate::tensor::construct::linspace_at;
use crate::{Float, Scalar, ShapeError};

impl<T: Arange> DynTensor<T> {
    /// `start, start + step, ...` up to `stop` (left out), numpy's `arange`: a 1-D tensor of
    /// `ceil((stop - start) / step)` elements, none when `stop` is behind `start` for this step.
    ///
    /// Errors: [`ShapeError::Arange`] for a step of 0 (`zero_step: true`) or a length that is
    /// not a number or does not fit in `usize`; [`ShapeError::Allocation`] when the memory
    /// cannot be had.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::try_arange(0, 10, 3)?.as_slice(), [0, 3, 6, 9]);
    /// assert_eq!(DynTensor::try_arange(5, 0, -2)?.as_slice(), [5, 3, 1]);
    /// assert_eq!(DynTensor::try_arange(0.0, 1.0, 0.25)?.as_slice(), [0.0, 0.25, 0.5, 0.75]);
    /// assert!(DynTensor::try_arange(0, 5, -1)?.is_empty());
    /// assert!(DynTensor::try_arange(0, 5, 0).is_err());
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_arange(start: T, stop: T, step: T) -> Result<Self, ShapeError> {
        if step == T::ZERO {
            return Err(ShapeError::Arange { zero_step: true });
        }
        let n = T::arange_len(start, stop, step).ok_or(ShapeError::Arange { zero_step: false })?;
        let mut data = buffer::try_with_capacity(n, &[n])?;
        data.extend((0..n).map(|i| T::arange_at(start, step, i)));
        Ok(Self::packed(data, &[n]))
    }
}

impl<T: Float> DynTensor<T> {
    /// `num` evenly spaced values from `start` to `stop`, both included, numpy's `linspace`:
    /// element `i` is `start + i * (stop - start) / (num - 1)`, the last exactly `stop`.
    ///
    /// # Panics
    /// When the memory for `num` elements cannot be allocated
    /// ([`try_linspace`](Self::try_linspace) returns the error instead).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::linspace(0.0, 1.0, 5).as_slice(), [0.0, 0.25, 0.5, 0.75, 1.0]);
    /// assert_eq!(DynTensor::linspace(2.0f32, 3.0, 1).as_slice(), [2.0]);
    /// assert!(DynTensor::<f64>::linspace(0.0, 1.0, 0).is_empty());
    /// ```
    #[track_caller]
    pub fn linspace(start: T, stop: T, num: usize) -> Self {
        Self::try_linspace(start, stop, num).unwrap_or_else(|e| crate::error::shape_panic(e))
    }

    /// [`linspace`](Self::linspace), with [`ShapeError::Allocation`] when the memory for `num`
    /// elements cannot be had (a `num` computed at run time, say).
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::try_linspace(1.0, 2.0, 3)?.as_slice(), [1.0, 1.5, 2.0]);
    /// assert!(DynTensor::<f64>::try_linspace(0.0, 1.0, usize::MAX).is_err());
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_linspace(start: T, stop: T, num: usize) -> Result<Self, ShapeError> {
        let mut data = buffer::try_with_capacity(num, &[num])?;
        data.extend((0..num).map(|i| linspace_at(start, stop, num, i)));
        Ok(Self::packed(data, &[num]))
    }
}

impl<T: Scalar> DynTensor<T> {
    /// The `n`×`n` identity matrix, numpy's `eye(n)`.
    ///
    /// # Panics
    /// When `n * n` overflows `usize` or the memory cannot be allocated
    /// ([`try_eye`](Self::try_eye) returns the error instead).
    ///
    /// ```
    /// let i = shaped::DynTensor::<i32>::eye(2);
    /// assert_eq!((i.shape(), i.as_slice()), (&[2, 2][..], &[1, 0, 0, 1][..]));
    /// ```
    #[track_caller]
    pub fn eye(n: usize) -> Self {
        Self::try_eye(n).unwrap_or_else(|e| crate::error::shape_panic(e))
    }

    /// [`eye`](Self::eye), with [`ShapeError::Overflow`] when `n * n` overflows `usize` and
    /// [`ShapeError::Allocation`] when the memory cannot be had.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::<u8>::try_eye(3)?.try_sum(shaped::Axes::All, false)?.as_slice(), [3]);
    /// assert!(DynTensor::<f32>::try_eye(1 << 40).is_err());
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_eye(n: usize) -> Result<Self, ShapeError> {
        Self::try_from_fn(&[n, n], |i| if i[0] == i[1] { T::ONE } else { T::ZERO })
    }
}
