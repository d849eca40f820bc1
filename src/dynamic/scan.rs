//! Running sums and products along an axis, numpy's `cumsum` and `cumprod`, the same on
//! [`DynTensor`], [`DynView`] and [`DynViewMut`]. The element type is kept (integers wrap, as
//! `try_sum`'s do).
//!
//! The input is copied packed once (through the planner), then scanned in place by
//! `reduce::fold::scan_in_place`, which the static `cumsum_axis` shares.

use super::layout::Layout;
use super::view_layout::{axis_of, flattens_rank_0};
use super::{DynTensor, DynView, DynViewMut};
use crate::reduce::fold::scan_in_place;
use crate::{Reduce, ShapeError};

/// The scan of `op` along `axis` (the flattened view for `None`) of the view `l` over `data`.
fn scan<T: Reduce>(
    data: &[T],
    l: &Layout,
    axis: Option<isize>,
    op: impl Fn(T, T) -> T + Copy,
) -> Result<DynTensor<T>, ShapeError> {
    let view = DynView::new(data, l.clone());
    let axis = axis.filter(|&a| !flattens_rank_0(a, l.rank()));
    let Some(axis) = axis else {
        let mut all = view.to_vec();
        let n = all.len();
        scan_in_place(&mut all, n, 1, op);
        return Ok(DynTensor::packed(all, &[n]));
    };
    let k = axis_of(axis, &l.dims)?;
    let mut out = view.to_tensor();
    let inner: usize = l.dims[k + 1..].iter().fold(1, |n, &d| n.saturating_mul(d));
    scan_in_place(out.as_mut_slice(), l.dims[k], inner, op);
    Ok(out)
}

/// The scans for one type: `$data` is its buffer, `$layout` its layout (a `&Layout`).
macro_rules! scans {
    (|$this:ident| ($data:expr, $layout:expr)) => {
        /// The running sums along `axis` (of the flattened tensor, 1-D, for `None`), numpy's
        /// `cumsum`: the same shape, element `i` the sum of entries `0..=i`. Integers wrap;
        /// floats are added in order, as numpy does.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| (3 * i[0] + i[1]) as i32);
        /// assert_eq!(t.try_cumsum(Some(-1))?.as_slice(), [0, 1, 3, 3, 7, 12]);
        /// assert_eq!(t.try_cumsum(Some(0))?.as_slice(), [0, 1, 2, 3, 5, 7]);
        /// assert_eq!(t.try_cumsum(None)?.shape(), &[6]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_cumsum(&self, axis: Option<isize>) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            scan($data, $layout, axis, T::plus)
        }

        /// The running products along `axis`, as [`try_cumsum`](Self::try_cumsum) (numpy's
        /// `cumprod`).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| (3 * i[0] + i[1] + 1) as i64);
        /// assert_eq!(t.try_cumprod(Some(1))?.as_slice(), [1, 2, 6, 4, 20, 120]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_cumprod(&self, axis: Option<isize>) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            scan($data, $layout, axis, T::times)
        }
    };
}

impl<T> DynTensor<T> {
    scans!(|t| (t.as_slice(), &t.layout()));
}

impl<T> DynView<'_, T> {
    scans!(|v| (v.data(), v.layout()));
}

impl<T> DynViewMut<'_, T> {
    scans!(|v| (v.buffer(), v.layout()));
}
