//! Mean, median, variance and standard deviation over axes, numpy's `mean`, `median`, `var`
//! and `std`, the same on [`DynTensor`], [`DynView`] and [`DynViewMut`]: numpy's two-pass
//! algorithm on the reductions already there. The mean is the sum over the axes divided by their count; for the variance it
//! is kept as unit axes, each element's squared deviation from it is one broadcast pass
//! (`try_zip_map`), and their `try_sum` (pairwise for floats, as numpy's) is divided by
//! `n - ddof` (`max(n - ddof, 0)`, so `ddof >= n` gives `inf` or `NaN` as numpy). The median
//! selects each lane's middle (`select_nth_unstable`, as numpy partitions) from the lanes the
//! reductions read (`Split::lanes`).
//!
//! The result's element type is [`Moments::Out`]: a float's own type, `f64` for an integer, as
//! numpy's `mean`, `median` and `var` of an integer array are `float64` (taken in `float64`: here the
//! integers are converted once, then the float path runs). `try_mean` itself is stamped with
//! the other reductions (`methods.rs`).

use super::super::buffer;
use super::super::layout::{checked_count, count_or_err};
use super::super::view_layout::axis_mask;
use super::super::{DynTensor, DynView, DynViewMut};
use super::Split;
use crate::{Axes, Float, ShapeError};
use alloc::vec::Vec;

mod sealed {
    pub trait Sealed {}
    impl<T: crate::Float> Sealed for T {}
}

/// An element whose mean, median, variance and standard deviation
/// ([`try_mean`](DynTensor::try_mean), [`try_median`](DynTensor::try_median),
/// [`try_var`](DynTensor::try_var), [`try_std`](DynTensor::try_std)) can be taken, and the type
/// they come in: a [`Float`] gives its own type, a primitive integer `f64` (numpy's `float64`
/// for integer input). Sealed.
///
/// ```
/// use shaped::DynTensor;
/// let t = DynTensor::from_shape_vec(&[4], vec![1i32, 2, 3, 4])?;
/// let v: DynTensor<f64> = t.try_var(0, 0, false)?;
/// assert_eq!(v.as_slice(), [1.25]);
/// # Ok::<(), shaped::ShapeError>(())
/// ```
pub trait Moments: sealed::Sealed + Sized {
    /// The statistics' element type: `Self` for a float, `f64` for an integer.
    type Out: Float;

    /// `statistic` of `view` seen in [`Self::Out`]: the view itself for a float, its elements
    /// converted to `f64` once for an integer (as numpy converts: exact up to 2^53, rounded to
    /// nearest beyond). What `try_mean`, `try_median` and `try_var` run.
    #[doc(hidden)]
    fn in_floats<R>(
        view: &DynView<'_, Self>,
        statistic: impl FnOnce(&DynView<'_, Self::Out>) -> R,
    ) -> R;
}

impl<T: Float> Moments for T {
    type Out = T;

    #[inline]
    fn in_floats<R>(view: &DynView<'_, T>, statistic: impl FnOnce(&DynView<'_, T>) -> R) -> R {
        statistic(view)
    }
}

macro_rules! integer_moments {
    ($($t:ty)*) => {$(
        impl sealed::Sealed for $t {}
        impl Moments for $t {
            type Out = f64;

            // Generic, so compiled in a dependent that calls it: shaped itself does not carry
            // the `f64` statistics for twelve integer types (issue 23: a light build).
            #[inline]
            fn in_floats<R>(
                view: &DynView<'_, $t>,
                statistic: impl FnOnce(&DynView<'_, f64>) -> R,
            ) -> R {
                statistic(&view.map(|x| x as f64).view())
            }
        }
    )*};
}

integer_moments!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

/// `view`'s axes split for a statistic over `axes`. numpy's `mean` and `median` refuse an axis
/// of a rank-0 tensor, which its `sum` (and [`Split::new`]) lets through.
fn statistic_split<T>(
    view: &DynView<'_, T>,
    axes: Axes<'_>,
    keepdims: bool,
) -> Result<Split, ShapeError> {
    if let (0, Axes::Single(axis)) = (view.rank(), axes) {
        return Err(ShapeError::Axis {
            axis,
            shape: crate::error::Dims::new(&[]),
        });
    }
    Split::new(view.layout(), axes, keepdims)
}

/// numpy's `mean(a, axis=axes, keepdims=)` of `view`: the sum over `axes` divided by the
/// number of elements summed.
pub(super) fn mean<T: Float>(
    view: &DynView<'_, T>,
    axes: Axes<'_>,
    keepdims: bool,
) -> Result<DynTensor<T>, ShapeError> {
    let split = statistic_split(view, axes, keepdims)?;
    let n = T::from_count(split.reduced_len());
    let mut sum = split.fold(view.data(), Some(T::ZERO), T::plus)?;
    sum.as_mut_slice().iter_mut().for_each(|x| *x = *x / n);
    Ok(sum)
}

/// numpy's `median(a, axis=axes, keepdims=)` of `view`: each lane's middle element, or the
/// mean of its two middle ones; `NaN` for a lane with a `NaN` or with no elements.
fn median<T: Float>(
    view: &DynView<'_, T>,
    axes: Axes<'_>,
    keepdims: bool,
) -> Result<DynTensor<T>, ShapeError> {
    let split = statistic_split(view, axes, keepdims)?;
    let nan = T::from_count(0) / T::from_count(0);
    if split.reduced_len() == 0 || checked_count(&split.kept_dims) == Some(0) {
        // No lane to read (and maybe more outputs than memory holds: `[usize::MAX, 0]` along
        // its last axis): every output is the median of nothing.
        let n = count_or_err(&split.out_dims)?;
        let mut out = buffer::try_with_capacity(n, &split.out_dims)?;
        out.resize(n, nan);
        return Ok(DynTensor::from_parts(out, split.out_dims));
    }
    let mut part = Vec::new();
    let values = split.lanes(view.data(), |lane| {
        // Only a `NaN` is unordered against itself; numpy's median passes it on.
        if lane.iter().any(|x| x.partial_cmp(x).is_none()) {
            return nan;
        }
        part.clear();
        part.extend_from_slice(lane);
        let m = part.len() / 2;
        let order = |a: &T, b: &T| a.partial_cmp(b).unwrap_or(core::cmp::Ordering::Equal);
        let (below, &mut upper, _) = part.select_nth_unstable_by(m, order);
        match below
            .iter()
            .copied()
            .reduce(|a, b| if b > a { b } else { a })
        {
            // An even count: numpy's mean of the two middle elements.
            Some(lower) if part.len() % 2 == 0 => lower.plus(upper) / T::from_count(2),
            _ => upper,
        }
    });
    Ok(DynTensor::from_parts(values, split.out_dims))
}

/// numpy's `var(a, axis=axes, ddof=, keepdims=)` of `view`.
fn var<T: Float>(
    view: &DynView<'_, T>,
    axes: Axes<'_>,
    ddof: usize,
    keepdims: bool,
) -> Result<DynTensor<T>, ShapeError> {
    let mean = mean(view, axes, true)?;
    let squares = view.try_zip_map(&mean, |x, m| {
        let d = x - m;
        d * d
    })?;
    let mut out = squares.try_sum(axes, keepdims)?;
    // The reduced count: `mean` accepted the axes, so the mask is there.
    let mask = match (view.rank(), axes) {
        (0, _) => axis_mask(Axes::All, &[])?,
        _ => axis_mask(axes, view.shape())?,
    };
    let n: usize = view
        .shape()
        .iter()
        .zip(mask.iter())
        .filter(|(_, m)| **m)
        .map(|(d, _)| *d)
        // Saturating: only a result with no elements can have a reduced count past usize (its
        // other extents then include a 0), and it divides nothing.
        .fold(1, usize::saturating_mul);
    let div = T::from_count(n.saturating_sub(ddof));
    out.as_mut_slice().iter_mut().for_each(|x| *x = *x / div);
    Ok(out)
}

/// The statistics for one type: `$data` is its buffer, `$layout` its layout (a `&Layout`).
macro_rules! moments {
    (|$this:ident| ($data:expr, $layout:expr)) => {
        /// The variance over `axes` (as [`try_sum`](Self::try_sum) takes them: [`Axes::All`],
        /// one axis, or a list), numpy's `var(axis=, ddof=, keepdims=)`: the mean squared
        /// deviation from the mean, the sum divided by `n - ddof` (`ddof` 1: the sample
        /// variance). Two passes, as numpy: the mean first, then the squared deviations. Over
        /// nothing, or with `ddof >= n`, the result is `NaN` or `inf`, as numpy's. Floats give
        /// their own type, integers `f64` ([`Moments`](crate::Moments)), as numpy's.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::RepeatedAxis`]
        /// for one named twice.
        ///
        /// ```
        /// use shaped::{Axes, DynTensor};
        /// let t = DynTensor::from_shape_vec(&[2, 3], vec![1.0, 2.0, 3.0, 2.0, 4.0, 9.0])?;
        /// assert_eq!(t.try_var(-1, 0, false)?.as_slice(), [2.0 / 3.0, 26.0 / 3.0]);
        /// assert_eq!(t.try_var(0, 1, true)?.as_slice(), [0.5, 2.0, 18.0]);
        /// assert_eq!(t.try_var(Axes::All, 0, false)?.shape(), &[]);
        /// let counts = DynTensor::from_shape_vec(&[2, 2], vec![1u8, 3, 2, 2])?;
        /// assert_eq!(counts.try_var(1, 0, false)?.as_slice(), [1.0f64, 0.0]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_var<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            ddof: usize,
            keepdims: bool,
        ) -> Result<DynTensor<T::Out>, ShapeError>
        where
            T: Moments,
        {
            let $this = self;
            let axes = axes.into();
            T::in_floats(&DynView::new($data, $layout.clone()), |v| {
                var(v, axes, ddof, keepdims)
            })
        }

        /// The median over `axes` (as [`try_sum`](Self::try_sum) takes them), numpy's
        /// `median(axis=, keepdims=)`: the middle element of each lane in sorted order, or the
        /// mean of the two middle ones for an even count. A lane with a `NaN` gives `NaN`, and
        /// so does a lane of nothing, as numpy's. Floats give their own type, integers `f64`
        /// ([`Moments`](crate::Moments)).
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range (a rank-0 tensor has none),
        /// [`ShapeError::RepeatedAxis`] for one named twice.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 4], vec![7, 1, 3, 5, 2, 9, 4, 4])?;
        /// assert_eq!(t.try_median(-1, false)?.as_slice(), [4.0, 4.0]);
        /// assert_eq!(t.try_median(0, true)?.as_slice(), [4.5, 5.0, 3.5, 4.5]);
        /// assert_eq!(t.try_median(None, false)?.as_slice(), [4.0]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_median<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<T::Out>, ShapeError>
        where
            T: Moments,
        {
            let $this = self;
            let axes = axes.into();
            T::in_floats(&DynView::new($data, $layout.clone()), |v| {
                median(v, axes, keepdims)
            })
        }

        /// The standard deviation over `axes`, the square root of
        /// [`try_var`](Self::try_var) (numpy's `std(axis=, ddof=, keepdims=)`).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[4], vec![2.0f64, 4.0, 4.0, 6.0])?;
        /// assert_eq!(t.try_std(0, 0, false)?.as_slice(), [2.0f64.sqrt()]);
        /// let ints = DynTensor::from_shape_vec(&[4], vec![2i64, 4, 4, 6])?;
        /// assert_eq!(ints.try_std(0, 0, false)?.as_slice(), [2.0f64.sqrt()]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_std<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            ddof: usize,
            keepdims: bool,
        ) -> Result<DynTensor<T::Out>, ShapeError>
        where
            T: Moments,
        {
            let mut out = self.try_var(axes, ddof, keepdims)?;
            out.as_mut_slice()
                .iter_mut()
                .for_each(|x| *x = x.square_root());
            Ok(out)
        }
    };
}

impl<T> DynTensor<T> {
    moments!(|t| (t.as_slice(), &t.layout()));
}

impl<T> DynView<'_, T> {
    moments!(|v| (v.data(), v.layout()));
}

impl<T> DynViewMut<'_, T> {
    moments!(|v| (v.buffer(), v.layout()));
}
