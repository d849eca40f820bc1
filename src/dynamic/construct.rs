//! Ranges and the identity, numpy's `arange`, `linspace` and `eye`, as [`DynTensor`]
//! constructors; [`Arange`] is what `try_arange` needs of an element type.

use super::DynTensor;
use super::buffer;
use crate::{Float, Scalar, ShapeError};

/// The element types [`DynTensor::try_arange`] counts in: the primitive integers of up to 64
/// bits (exact) and `f32` / `f64` (numpy's rule: `ceil((stop - start) / step)` elements, element
/// `i` is `start + i * ((start + step) - start)`).
pub trait Arange: Scalar {
    /// How many elements `start, start + step, ...` has before reaching `stop` (0 when `stop` is
    /// behind `start`); `None` when that is not a count (a `NaN`) or does not fit in `usize`.
    /// `step` is not 0.
    fn arange_len(start: Self, stop: Self, step: Self) -> Option<usize>;

    /// Element `i` of the range.
    fn arange_at(start: Self, step: Self, i: usize) -> Self;
}

macro_rules! int_arange {
    ($($t:ty)*) => {$(
        impl Arange for $t {
            fn arange_len(start: Self, stop: Self, step: Self) -> Option<usize> {
                let (start, stop, step) = (start as i128, stop as i128, step as i128);
                let (span, step) = if step > 0 { (stop - start, step) } else { (start - stop, -step) };
                let n = if span > 0 { (span + step - 1) / step } else { 0 };
                usize::try_from(n).ok()
            }

            fn arange_at(start: Self, step: Self, i: usize) -> Self {
                (start as i128 + i as i128 * step as i128) as $t
            }
        }
    )*};
}

int_arange!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

macro_rules! float_arange {
    ($($t:ty)*) => {$(
        impl Arange for $t {
            fn arange_len(start: Self, stop: Self, step: Self) -> Option<usize> {
                let q = ((stop - start) / step) as f64;
                if q.is_nan() || q >= isize::MAX as f64 {
                    return None;
                }
                if q <= 0.0 {
                    return Some(0);
                }
                // `ceil` without `std`: truncate, then step up past a fraction.
                let t = q as usize;
                Some(if (t as f64) < q { t + 1 } else { t })
            }

            fn arange_at(start: Self, step: Self, i: usize) -> Self {
                match i {
                    0 => start,
                    1 => start + step,
                    _ => start + i as $t * ((start + step) - start),
                }
            }
        }
    )*};
}

float_arange!(f32 f64);

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
    /// When the memory for `num` elements cannot be allocated.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// assert_eq!(DynTensor::linspace(0.0, 1.0, 5).as_slice(), [0.0, 0.25, 0.5, 0.75, 1.0]);
    /// assert_eq!(DynTensor::linspace(2.0f32, 3.0, 1).as_slice(), [2.0]);
    /// assert!(DynTensor::<f64>::linspace(0.0, 1.0, 0).is_empty());
    /// ```
    #[track_caller]
    pub fn linspace(start: T, stop: T, num: usize) -> Self {
        let div = T::from_count(num.saturating_sub(1));
        let delta = stop - start;
        let step = delta / div;
        let at = |i: usize| {
            let i = T::from_count(i);
            // numpy divides first when the step underflows to 0 (subnormal spans), and for one
            // element (`div` 0) multiplies by the span: `start` itself.
            let y = if num < 2 {
                i * delta
            } else if step == T::ZERO {
                i / div * delta
            } else {
                i * step
            };
            y.plus(start)
        };
        let mut data =
            buffer::try_with_capacity(num, &[num]).unwrap_or_else(|e| super::tensor::fail(e));
        data.extend((0..num).map(|i| if num > 1 && i == num - 1 { stop } else { at(i) }));
        Self::packed(data, &[num])
    }
}

impl<T: Scalar> DynTensor<T> {
    /// The `n`×`n` identity matrix, numpy's `eye(n)`.
    ///
    /// # Panics
    /// When `n * n` overflows `usize` or the memory cannot be allocated.
    ///
    /// ```
    /// let i = shaped::DynTensor::<i32>::eye(2);
    /// assert_eq!((i.shape(), i.as_slice()), (&[2, 2][..], &[1, 0, 0, 1][..]));
    /// ```
    #[track_caller]
    pub fn eye(n: usize) -> Self {
        Self::from_fn(&[n, n], |i| if i[0] == i[1] { T::ONE } else { T::ZERO })
    }
}
