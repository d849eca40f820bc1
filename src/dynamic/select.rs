//! Selection by index and by mask, the same on [`DynTensor`], [`DynView`] and [`DynViewMut`]:
//! numpy's `take` (`try_take`) and `compress` (`try_compress`), each a new packed tensor.
//!
//! Every index is checked before anything is copied. Along an axis, each selected entry is a
//! block of the axes after it: copied as one run into its slots of the output when that block is
//! packed row-major in the input (rows of a row-major table, say), by an element walk otherwise.

use alloc::vec::Vec;

use super::dims::DimVec;
use super::iter::Positions;
use super::layout::{Layout, count_or_err};
use super::view_layout::{axis_of, collect, index_of};
use super::{DynTensor, DynView, DynViewMut, buffer, plan};
use crate::ShapeError;

/// numpy's `take(a, indices, axis)` of the view `l` over `data`.
fn take<T: Clone>(
    data: &[T],
    l: &Layout,
    indices: &[isize],
    axis: Option<isize>,
) -> Result<DynTensor<T>, ShapeError> {
    let Some(axis) = axis else {
        return take_flat(data, l, indices);
    };
    let k = axis_of(axis, &l.dims)?;
    let n = l.dims[k];
    let outer: usize = l.dims[..k].iter().fold(1, |n, &d| n.saturating_mul(d));
    // numpy checks the indices as it copies: not at all when there is nothing to copy into,
    // except that taking from an axis of extent 0 is always refused. Checked here in one pass
    // that writes nothing; the copy below then only wraps the negative ones.
    if outer > 0 || n == 0 {
        for &i in indices {
            index_of(i, n, Some(k), &l.dims)?;
        }
    }
    let dims = collect(
        (0..l.rank()).map(|a| if a == k { indices.len() } else { l.dims[a] }),
        l.rank(),
    );
    let total = count_or_err(&dims)?;
    let (inner_dims, inner_strides) = (&l.dims[k + 1..], &l.strides[k + 1..]);
    let block: usize = inner_dims.iter().fold(1, |n, &d| n.saturating_mul(d));
    let stride = l.strides[k] as usize;
    let position = |start: usize, i: isize| {
        let i = if i < 0 { i.wrapping_add_unsigned(n) } else { i } as usize;
        start.wrapping_add(i.wrapping_mul(stride))
    };
    let starts = || Positions::new(&l.dims[..k], &l.strides[..k], l.offset);
    if total > 0 && plan::packed(inner_dims, inner_strides) {
        // Each entry's block is a packed row of the input: copied element by element into its
        // slots (an inline loop, no `memcpy` call per row: 10^5 rows of 16 `f32` took 1.0 ms
        // through `extend_from_slice`, 0.6 ms so). The output has `outer * indices.len()` rows
        // of `block > 0` slots, and the walk below writes each of them once, in order.
        let out = buffer::filled_by(total, &dims, |slots| {
            let mut rows = slots.chunks_exact_mut(block);
            for start in starts() {
                for (&i, row) in indices.iter().zip(&mut rows) {
                    let at = position(start, i);
                    for (slot, x) in row.iter_mut().zip(&data[at..at + block]) {
                        slot.write(x.clone());
                    }
                }
            }
        })?;
        return Ok(DynTensor::packed(out, &dims));
    }
    let mut out = buffer::try_with_capacity(total, &dims)?;
    if total > 0 {
        for start in starts() {
            for &i in indices {
                let at = position(start, i);
                out.extend(Positions::new(inner_dims, inner_strides, at).map(|p| data[p].clone()));
            }
        }
    }
    Ok(DynTensor::packed(out, &dims))
}

/// `take` with `axis=None`: the indices into the flattened view, a 1-D result.
fn take_flat<T: Clone>(
    data: &[T],
    l: &Layout,
    indices: &[isize],
) -> Result<DynTensor<T>, ShapeError> {
    let n = l.len();
    let mut positions: Vec<usize> = Vec::with_capacity(indices.len());
    let packed = l.is_row_major();
    for &i in indices {
        let flat = index_of(i, n, None, &l.dims)?;
        positions.push(match packed {
            true => l.offset + flat,
            false => position_of(l, flat),
        });
    }
    let dims = [indices.len()];
    let mut out = buffer::try_with_capacity(indices.len(), &dims)?;
    out.extend(positions.iter().map(|&p| data[p].clone()));
    Ok(DynTensor::packed(out, &dims))
}

/// The buffer position of the element `flat` places into `l` in row-major order.
fn position_of(l: &Layout, mut flat: usize) -> usize {
    let mut at = l.offset;
    for (&d, &s) in l.dims.iter().zip(l.strides.iter()).rev() {
        at = at.wrapping_add((flat % d).wrapping_mul(s as usize));
        flat /= d;
    }
    at
}

/// The positions of the `true` entries of `mask`, as `take` indices: numpy's `compress` is
/// `take(a, nonzero(mask))`, so a `true` past the axis's end is an index out of range.
fn selected(mask: &[bool]) -> DimVec<isize> {
    let count = mask.iter().filter(|&&m| m).count();
    let picked = mask
        .iter()
        .enumerate()
        .filter(|(_, m)| **m)
        .map(|(i, _)| i as isize);
    collect(picked, count)
}

/// The methods for one type: `$data` is its buffer, `$layout` its layout (a `&Layout`).
macro_rules! select {
    (|$this:ident| ($data:expr, $layout:expr)) => {
        /// The entries `indices` (negative from the end, in any order, repeated at will) along
        /// `axis`, or of the flattened tensor when `axis` is `None`: numpy's `take`. The result
        /// has this shape with the axis's extent replaced by `indices.len()` (1-D for `None`).
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::Index`] for an
        /// index outside `-n..n` (checked, as numpy, whenever something is copied, and always
        /// for an axis of extent 0).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[3, 2], |i| 10 * i[0] + i[1]);
        /// let rows = t.try_take(&[2, 0, -1], Some(0))?;             // t[[2, 0, -1]]
        /// assert_eq!((rows.shape(), rows.as_slice()), (&[3, 2][..], &[20, 21, 0, 1, 20, 21][..]));
        /// assert_eq!(t.try_take(&[1, 4], None)?.as_slice(), [1, 20]);
        /// assert!(t.try_take(&[3], Some(0)).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_take(
            &self,
            indices: &[isize],
            axis: Option<isize>,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Clone,
        {
            let $this = self;
            take($data, $layout, indices, axis)
        }

        /// The entries along `axis` (of the flattened tensor for `None`) whose `mask` entry is
        /// `true`: numpy's `compress`. A mask shorter than the axis selects from its start only.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::Index`] for a
        /// `true` past the axis's end (numpy's error too).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[3, 2], |i| 10 * i[0] + i[1]);
        /// let kept = t.try_compress(&[true, false, true], Some(0))?;
        /// assert_eq!(kept.as_slice(), [0, 1, 20, 21]);
        /// assert_eq!(t.try_compress(&[false, true], Some(1))?.as_slice(), [1, 11, 21]);
        /// assert_eq!(t.try_compress(&[true], None)?.as_slice(), [0]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_compress(
            &self,
            mask: &[bool],
            axis: Option<isize>,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Clone,
        {
            let $this = self;
            take($data, $layout, &selected(mask), axis)
        }
    };
}

impl<T> DynTensor<T> {
    select!(|t| (t.as_slice(), &t.layout()));
}

impl<T> DynView<'_, T> {
    select!(|v| (v.data(), v.layout()));
}

impl<T> DynViewMut<'_, T> {
    select!(|v| (v.buffer(), v.layout()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_positions_follow_strides() {
        let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
        let v = t.t();
        let at: Vec<usize> = (0..6).map(|f| position_of(v.layout(), f)).collect();
        assert_eq!(at, [0, 3, 1, 4, 2, 5]);
    }
}
