//! Variance and standard deviation over axes, numpy's `var` and `std`, the same on
//! [`DynTensor`], [`DynView`] and [`DynViewMut`]: numpy's two-pass algorithm on the reductions
//! already there. The mean is `try_mean` kept as unit axes, each element's squared deviation from
//! it is one broadcast pass (`try_zip_map`), and their `try_sum` (pairwise for floats, as numpy's)
//! is divided by `n - ddof` (`max(n - ddof, 0)`, so `ddof >= n` gives `inf` or `NaN` as numpy).

use super::super::view_layout::axis_mask;
use super::super::{DynTensor, DynView, DynViewMut};
use crate::{Axes, Float, ShapeError};

/// numpy's `var(a, axis=axes, ddof=, keepdims=)` of `view`.
fn var<T: Float>(
    view: &DynView<'_, T>,
    axes: Axes<'_>,
    ddof: usize,
    keepdims: bool,
) -> Result<DynTensor<T>, ShapeError> {
    let mean = view.try_mean(axes, true)?;
    let squares = view.try_zip_map(&mean, |x, m| {
        let d = x - m;
        d * d
    })?;
    let mut out = squares.try_sum(axes, keepdims)?;
    // The reduced count: `try_mean` accepted the axes, so the mask is there.
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
        .product();
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
        /// nothing, or with `ddof >= n`, the result is `NaN` or `inf`, as numpy's.
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
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_var<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            ddof: usize,
            keepdims: bool,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Float,
        {
            let $this = self;
            var(
                &DynView::new($data, $layout.clone()),
                axes.into(),
                ddof,
                keepdims,
            )
        }

        /// The standard deviation over `axes`, the square root of
        /// [`try_var`](Self::try_var) (numpy's `std(axis=, ddof=, keepdims=)`).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[4], vec![2.0f64, 4.0, 4.0, 6.0])?;
        /// assert_eq!(t.try_std(0, 0, false)?.as_slice(), [2.0f64.sqrt()]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_std<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            ddof: usize,
            keepdims: bool,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Float,
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
