//! numpy's `arange`, `linspace` and `eye` for static shapes, whose length is the type's extent
//! ([`Tensor::arange`], [`Tensor::linspace`], [`Tensor::eye`]), and what they share with the
//! dynamic constructors (`DynTensor::try_arange`, `DynTensor::linspace`): [`Arange`] and the
//! element formula of `linspace`, so that both compute every element bit for bit alike. No
//! `alloc` here: the static forms build inline tensors.
//!
//! A shape with a [`Dyn`](crate::Dyn) axis has no length to take, so the impls ask for a
//! [`Fixed`] shape: on `shape![Dyn]` the constructors do not exist (`cargo check` says which
//! bound fails).

use crate::reduce::Float;
use crate::shape::kind::Fixed;
use crate::{Extent, Scalar, Shape, Tensor};

/// The element types `arange` counts in ([`Tensor::arange`], and `DynTensor::try_arange` with
/// `alloc`): the primitive integers of up to 64 bits (exact) and `f32` / `f64` (numpy's rule:
/// `ceil((stop - start) / step)` elements, element `i` is `start + i * ((start + step) -
/// start)`).
///
/// ```
/// use shaped::Arange;
/// assert_eq!(f64::arange_at(1.0, 0.5, 3), 2.5);
/// assert_eq!(i32::arange_len(0, 10, 3), Some(4));
/// ```
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
                let delta = stop - start;
                let q = (delta / step) as f64;
                if q.is_nan() || q >= isize::MAX as f64 {
                    return None;
                }
                if q == 0.0 && delta != 0.0 {
                    // numpy's rule for a quotient that underflowed (or a step of infinity):
                    // `start` alone, unless the quotient is -0 (`stop` behind `start`).
                    return Some(usize::from(q.is_sign_positive()));
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

/// Element `i` of `num` evenly spaced values from `start` to `stop`, both included (numpy's
/// `linspace`): `start + i * (stop - start) / (num - 1)`, the last exactly `stop`.
#[inline]
pub(crate) fn linspace_at<T: Float>(start: T, stop: T, num: usize, i: usize) -> T {
    if num > 1 && i == num - 1 {
        return stop;
    }
    let div = T::from_count(num.saturating_sub(1));
    let delta = stop - start;
    let step = delta / div;
    let i = T::from_count(i);
    // numpy divides first when the step underflows to 0 (subnormal spans), and for one element
    // (`div` 0) multiplies by the span: `start` itself.
    let y = if num < 2 {
        i * delta
    } else if step == T::ZERO {
        i / div * delta
    } else {
        i * step
    };
    y.plus(start)
}

impl<T: Float, E: Extent> Tensor<T, (E,)>
where
    (E,): Shape<Kind = Fixed>,
{
    /// The type's length of evenly spaced values from `start` to `stop`, both included: numpy's
    /// `linspace(start, stop, num)` with `num` the extent, element for element the same as
    /// [`DynTensor::linspace`](crate::DynTensor::linspace).
    ///
    /// ```
    /// use shaped::{shape, tensor, Tensor};
    /// let t = Tensor::<f64, shape![5]>::linspace(0.0, 1.0);
    /// assert_eq!(t, tensor![0.0, 0.25, 0.5, 0.75, 1.0]);
    /// assert_eq!(Tensor::<f32, shape![1]>::linspace(2.0, 3.0), tensor![2.0]);
    /// ```
    pub fn linspace(start: T, stop: T) -> Self {
        let num = <(E,)>::NUM;
        Self::from_flat_fn(|i| linspace_at(start, stop, num, i))
    }
}

impl<T: Arange, E: Extent> Tensor<T, (E,)>
where
    (E,): Shape<Kind = Fixed>,
{
    /// `start, start + step, ...`, as many elements as the type's extent: numpy's
    /// `arange(start, start + N * step, step)`, each element computed as
    /// `DynTensor::try_arange` computes it (integers exact, wrapping past the type's range).
    ///
    /// ```
    /// use shaped::{shape, tensor, Tensor};
    /// assert_eq!(Tensor::<i32, shape![4]>::arange(5, -2), tensor![5, 3, 1, -1]);
    /// assert_eq!(Tensor::<f64, shape![3]>::arange(0.0, 0.25), tensor![0.0, 0.25, 0.5]);
    /// ```
    pub fn arange(start: T, step: T) -> Self {
        Self::from_flat_fn(|i| T::arange_at(start, step, i))
    }
}

impl<T: Scalar, E: Extent> Tensor<T, (E, E)>
where
    (E, E): Shape<Kind = Fixed>,
{
    /// The identity matrix of the type's (square) shape, numpy's `eye(N)`. A shape whose two
    /// extents differ has no `eye`.
    ///
    /// ```
    /// use shaped::{shape, tensor, Tensor};
    /// assert_eq!(Tensor::<i32, shape![3, 3]>::eye(), tensor![[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    /// ```
    pub fn eye() -> Self {
        let n = <(E,) as Shape>::NUM;
        Self::from_flat_fn(|k| if k / n == k % n { T::ONE } else { T::ZERO })
    }
}
