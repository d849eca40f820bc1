//! numpy's `take_along_axis` (`try_take_along_axis`), the same on [`DynTensor`], [`DynView`] and
//! [`DynViewMut`]: one index per result element along an axis, the companion of `try_argsort`
//! (`a.try_take_along_axis(&a.try_argsort(-1)?, -1)` sorts each lane).
//!
//! The indices have the array's rank; off the axis their extents and the array's broadcast
//! together (numpy builds the same fancy index), and along it the result has the indices'
//! extent. The result is written once, in order: the axes before the last walked as an odometer
//! over both strides, the last one a loop of stride steps, each index checked as it is read.

use super::dims::{DimVec, Strides};
use super::iter::Positions;
use super::layout::{Layout, count_or_err};
use super::operand::{DynOperand, src};
use super::view_layout::{axis_of, collect};
use super::{DynTensor, DynView, DynViewMut, buffer};
use crate::ShapeError;
use crate::error::Dims;

/// The stride of an operand's axis of extent `d` read over the result's extent `e`: 0 where it
/// is broadcast (`d == 1`), its own otherwise.
#[inline]
fn reach(d: usize, e: usize, stride: isize) -> usize {
    if d == 1 && e != 1 { 0 } else { stride as usize }
}

/// `take_along_axis(a, indices, axis)` of the view `l` over `data`.
fn take_along<T: Clone, I: DynOperand<Elem = usize> + ?Sized>(
    data: &[T],
    l: &Layout,
    indices: &I,
    axis: isize,
) -> Result<DynTensor<T>, ShapeError> {
    let k = axis_of(axis, &l.dims)?;
    let ix = src(indices);
    let rank = l.rank();
    if ix.dims.len() != rank {
        return Err(ShapeError::IndicesRank {
            shape: Dims::new(&l.dims),
            indices: Dims::new(ix.dims),
        });
    }
    // Off the axis, numpy's broadcasting (the first clash from the right); along it, the
    // indices' extent.
    let mut dims = DimVec::filled(rank, 0);
    for d in (0..rank).rev() {
        let (x, y) = (l.dims[d], ix.dims[d]);
        dims[d] = match () {
            _ if d == k || x == 1 => y,
            _ if x == y || y == 1 => x,
            _ => {
                return Err(ShapeError::Incompatible {
                    a: Dims::new(&l.dims),
                    b: Dims::new(ix.dims),
                    axis: d as isize - rank as isize,
                });
            }
        };
    }
    let total = count_or_err(&dims)?;
    let mut out = buffer::try_with_capacity(total, &dims)?;
    if total == 0 {
        // numpy checks no index when there is nothing to write.
        return Ok(DynTensor::packed(out, &dims));
    }
    let n = l.dims[k];
    let step = l.strides[k] as usize;
    // The array's strides over the result's axes, 0 along the indexed one (the index adds it).
    let a_strides: Strides = collect(
        (0..rank).map(|d| match d == k {
            true => 0,
            false => reach(l.dims[d], dims[d], l.strides[d]) as isize,
        }),
        rank,
    );
    let i_strides: Strides = collect(
        (0..rank).map(|d| reach(ix.dims[d], dims[d], ix.strides[d]) as isize),
        rank,
    );
    let last = rank - 1;
    let (sa, si) = (a_strides[last] as usize, i_strides[last] as usize);
    let rows_a = Positions::new(&dims[..last], &a_strides[..last], l.offset);
    let rows_i = Positions::new(&dims[..last], &i_strides[..last], ix.base);
    for (a0, i0) in rows_a.zip(rows_i) {
        for j in 0..dims[last] {
            let i = ix.data[i0.wrapping_add(j.wrapping_mul(si))];
            if i >= n {
                return Err(ShapeError::Index {
                    index: isize::try_from(i).unwrap_or(isize::MAX),
                    axis: Some(k),
                    shape: Dims::new(&l.dims),
                });
            }
            let at = a0
                .wrapping_add(j.wrapping_mul(sa))
                .wrapping_add(i.wrapping_mul(step));
            out.push(data[at].clone());
        }
    }
    Ok(DynTensor::packed(out, &dims))
}

/// The method for one type: `$data` is its buffer, `$layout` its layout (a `&Layout`).
macro_rules! take_along_axis {
    (|$this:ident| ($data:expr, $layout:expr)) => {
        /// The elements at `indices` along `axis` (negative from the end): numpy's
        /// `take_along_axis`. `indices` (a `DynTensor<usize>`, a view of one, or a static
        /// tensor) has this tensor's rank; off `axis` its extents and this tensor's broadcast
        /// together, and the result has their broadcast shape with the indices' extent along
        /// `axis`. With the indices of [`try_argsort`](Self::try_argsort) it sorts each lane.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::IndicesRank`]
        /// when `indices` has another rank, [`ShapeError::Incompatible`] when an extent off
        /// `axis` clashes, [`ShapeError::Index`] for an index past the axis's end (checked, as
        /// numpy does, only when the result has elements).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let a = DynTensor::from_shape_vec(&[2, 3], vec![30, 10, 20, 5, 6, 4])?;
        /// let sorted = a.try_take_along_axis(&a.try_argsort(-1)?, -1)?;
        /// assert_eq!(sorted.as_slice(), [10, 20, 30, 4, 5, 6]);
        /// // One index per row: the largest of each, as a column.
        /// let top = a.try_take_along_axis(&a.try_argmax(Some(1), true)?, 1)?;
        /// assert_eq!((top.shape(), top.as_slice()), (&[2, 1][..], &[30, 6][..]));
        /// // A row of indices broadcast over the rows.
        /// let idx = DynTensor::from_shape_vec(&[1, 2], vec![2usize, 0])?;
        /// assert_eq!(a.try_take_along_axis(&idx, 1)?.as_slice(), [20, 30, 4, 5]);
        /// let past_the_end = DynTensor::from_shape_vec(&[1, 1], vec![3usize])?;
        /// assert!(a.try_take_along_axis(&past_the_end, 1).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_take_along_axis<I: DynOperand<Elem = usize>>(
            &self,
            indices: I,
            axis: isize,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Clone,
        {
            let $this = self;
            take_along($data, $layout, &indices, axis)
        }
    };
}

impl<T> DynTensor<T> {
    take_along_axis!(|t| (t.as_slice(), &t.layout()));
}

impl<T> DynView<'_, T> {
    take_along_axis!(|v| (v.data(), v.layout()));
}

impl<T> DynViewMut<'_, T> {
    take_along_axis!(|v| (v.buffer(), v.layout()));
}
