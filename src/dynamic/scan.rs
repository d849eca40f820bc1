//! Running sums and products along an axis, numpy's `cumsum` and `cumprod`, the same on
//! [`DynTensor`], [`DynView`] and [`DynViewMut`]. The element type is kept (integers wrap, as
//! `try_sum`'s do).
//!
//! The input is copied packed once (through the planner), then scanned in place: along the last
//! axis each lane is one running fold; along any other axis each row of the axes after it is
//! folded into the next row element by element, so the inner loop runs over two adjacent slices
//! and vectorises, with no index arithmetic per element.

use super::layout::Layout;
use super::view_layout::axis_of;
use super::{DynTensor, DynView, DynViewMut};
use crate::{Reduce, ShapeError};

/// A running fold of `op` over `lane`, in place.
fn running<T: Copy>(lane: &mut [T], op: impl Fn(T, T) -> T) {
    let mut acc = match lane.first() {
        Some(&x) => x,
        None => return,
    };
    for x in &mut lane[1..] {
        acc = op(acc, *x);
        *x = acc;
    }
}

/// The scan of `op` along `axis` (the flattened view for `None`) of the view `l` over `data`.
fn scan<T: Reduce>(
    data: &[T],
    l: &Layout,
    axis: Option<isize>,
    op: impl Fn(T, T) -> T + Copy,
) -> Result<DynTensor<T>, ShapeError> {
    let view = DynView::new(data, l.clone());
    // numpy takes axis 0 (or -1) of a rank-0 tensor as its one element, flattened.
    let axis = axis.filter(|a| l.rank() > 0 || !matches!(a, 0 | -1));
    let Some(axis) = axis else {
        let mut all = view.to_vec();
        running(&mut all, op);
        let n = all.len();
        return Ok(DynTensor::packed(all, &[n]));
    };
    let k = axis_of(axis, &l.dims)?;
    let mut out = view.to_tensor();
    let n = l.dims[k];
    let inner: usize = l.dims[k + 1..].iter().fold(1, |n, &d| n.saturating_mul(d));
    if out.is_empty() {
        return Ok(out);
    }
    let elems = out.as_mut_slice();
    if inner == 1 {
        elems.chunks_exact_mut(n).for_each(|lane| running(lane, op));
        return Ok(out);
    }
    for block in elems.chunks_exact_mut(n * inner) {
        for i in 1..n {
            let (done, rest) = block.split_at_mut(i * inner);
            let prev = &done[(i - 1) * inner..];
            for (x, &p) in rest[..inner].iter_mut().zip(prev) {
                *x = op(p, *x);
            }
        }
    }
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
