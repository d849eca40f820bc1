//! Joining tensors: numpy's `concatenate` ([`try_concatenate`]) and `stack` ([`try_stack`]).
//! (Splitting is a view, `try_split_at`, in `axis_views`.)
//!
//! The result is written once, in order: for each index of the axes before the joining one, each
//! input's block of the axes from it on, which is whole rows. A block whose elements are packed
//! row-major in its input (any input that is not transposed or reversed there) is copied as one
//! run (`extend_from_slice`: one `memcpy` for `Copy` elements, which picks the CPU's widest
//! moves at run time; an element loop is compiled for the build's baseline, SSE2's 16-byte
//! moves); an input whose blocks are not is packed first, through the planner.

use alloc::vec::Vec;

use super::iter::Positions;
use super::layout::{Layout, count_or_err};
use super::view_layout::{axis_of, collect, normalise_axis, unsqueezed};
use super::{DynTensor, DynView, buffer, plan};
use crate::ShapeError;
use crate::error::Dims;

/// The tensors joined along an existing `axis` (negative from the end), numpy's
/// `concatenate`: every other extent must agree, and the result's extent along `axis` is the
/// sum of theirs. Pass views (`&[a.view(), b.t()]`); the result is a new packed tensor.
///
/// Errors: [`ShapeError::EmptyJoin`] for an empty list, [`ShapeError::Axis`] for an axis out of
/// range of the first tensor (a rank-0 tensor has none), [`ShapeError::JoinShape`] naming the
/// first tensor that differs from the first in rank or in an extent off `axis`.
///
/// ```
/// use shaped::{try_concatenate, DynTensor};
/// let a = DynTensor::from_fn(&[2, 2], |i| 10 * i[0] + i[1]);
/// let b = DynTensor::from_fn(&[1, 2], |i| 100 + i[1]);
/// let rows = try_concatenate(&[a.view(), b.view()], 0)?;
/// assert_eq!((rows.shape(), rows.as_slice()), (&[3, 2][..], &[0, 1, 10, 11, 100, 101][..]));
/// let cols = try_concatenate(&[a.view(), a.t()], -1)?;
/// assert_eq!(cols.as_slice(), [0, 1, 0, 10, 10, 11, 1, 11]);
/// assert!(try_concatenate(&[a.view(), b.view()], 1).is_err());
/// # Ok::<(), shaped::ShapeError>(())
/// ```
pub fn try_concatenate<T: Clone>(
    views: &[DynView<'_, T>],
    axis: isize,
) -> Result<DynTensor<T>, ShapeError> {
    let first = views.first().ok_or(ShapeError::EmptyJoin)?;
    let k = axis_of(axis, first.shape())?;
    for (index, v) in views.iter().enumerate().skip(1) {
        let fits = v.rank() == first.rank()
            && (0..v.rank()).all(|a| a == k || v.shape()[a] == first.shape()[a]);
        if !fits {
            return Err(ShapeError::JoinShape {
                first: Dims::new(first.shape()),
                other: Dims::new(v.shape()),
                index,
                axis: Some(k),
            });
        }
    }
    let mut dims = first.layout().dims.clone();
    // Views of broadcast or strided extents may be vast and empty: a joined extent past usize
    // is an error, not an overflow.
    dims[k] = views
        .iter()
        .try_fold(0usize, |n, v| n.checked_add(v.shape()[k]))
        .ok_or_else(|| ShapeError::Overflow {
            shape: Dims::new(first.shape()),
        })?;
    let parts: Vec<(&[T], Layout)> = views
        .iter()
        .map(|v| (v.data(), v.layout().clone()))
        .collect();
    join(&parts, k, &dims)
}

/// The tensors, all of one shape, stacked along a new axis at `axis` (`-rank-1..=rank`; `-1`
/// appends), numpy's `stack`.
///
/// Errors: [`ShapeError::EmptyJoin`] for an empty list, [`ShapeError::Axis`] for an axis out of
/// that range, [`ShapeError::JoinShape`] naming the first tensor whose shape differs.
///
/// ```
/// use shaped::{try_stack, DynTensor};
/// let a = DynTensor::from_fn(&[3], |i| i[0]);
/// let b = DynTensor::from_fn(&[3], |i| 10 + i[0]);
/// let s = try_stack(&[a.view(), b.view()], -1)?;
/// assert_eq!((s.shape(), s.as_slice()), (&[3, 2][..], &[0, 10, 1, 11, 2, 12][..]));
/// assert_eq!(try_stack(&[a.view(), b.view()], 0)?.shape(), &[2, 3]);
/// # Ok::<(), shaped::ShapeError>(())
/// ```
pub fn try_stack<T: Clone>(
    views: &[DynView<'_, T>],
    axis: isize,
) -> Result<DynTensor<T>, ShapeError> {
    let first = views.first().ok_or(ShapeError::EmptyJoin)?;
    let rank = first.rank();
    let k = normalise_axis(axis, rank + 1).ok_or_else(|| ShapeError::Axis {
        axis,
        shape: Dims::new(first.shape()),
    })?;
    if let Some((index, v)) = views
        .iter()
        .enumerate()
        .find(|(_, v)| v.shape() != first.shape())
    {
        return Err(ShapeError::JoinShape {
            first: Dims::new(first.shape()),
            other: Dims::new(v.shape()),
            index,
            axis: None,
        });
    }
    let parts = views
        .iter()
        .map(|v| Ok((v.data(), unsqueezed(v.layout(), k as isize)?)))
        .collect::<Result<Vec<_>, ShapeError>>()?;
    let dims = collect(
        (0..=rank).map(|a| match a.cmp(&k) {
            core::cmp::Ordering::Less => first.shape()[a],
            core::cmp::Ordering::Equal => views.len(),
            core::cmp::Ordering::Greater => first.shape()[a - 1],
        }),
        rank + 1,
    );
    join(&parts, k, &dims)
}

/// `parts` (each a buffer and a layout of `dims`' rank, agreeing with `dims` off axis `k`)
/// joined along `k` into a packed tensor of `dims`.
fn join<T: Clone>(
    parts: &[(&[T], Layout)],
    k: usize,
    dims: &[usize],
) -> Result<DynTensor<T>, ShapeError> {
    let n = count_or_err(dims)?;
    let mut out = buffer::try_with_capacity(n, dims)?;
    let outer: usize = dims[..k].iter().fold(1, |n, &d| n.saturating_mul(d));
    if n > 0 {
        // Inputs whose blocks are not packed rows, packed first (a planned copy each).
        let packed: Vec<Option<DynTensor<T>>> = parts
            .iter()
            .map(|(data, l)| {
                let rows = l.is_empty() || plan::packed(&l.dims[k..], &l.strides[k..]);
                (!rows).then(|| DynView::new(data, l.clone()).to_tensor())
            })
            .collect();
        let mut sources: Vec<(&[T], Positions, usize)> = parts
            .iter()
            .zip(&packed)
            .map(|((data, l), copy)| {
                let block: usize = l.dims[k..].iter().fold(1, |n, &d| n.saturating_mul(d));
                match copy {
                    Some(t) => {
                        let strides = super::dims::Strides::row_major(&l.dims);
                        let starts = Positions::new(&l.dims[..k], &strides[..k], 0);
                        (t.as_slice(), starts, block)
                    }
                    None => (
                        *data,
                        Positions::new(&l.dims[..k], &l.strides[..k], l.offset),
                        block,
                    ),
                }
            })
            .collect();
        for _ in 0..outer {
            for (data, starts, block) in sources.iter_mut() {
                let at = starts.next().unwrap_or(0);
                if *block > 0 {
                    out.extend_from_slice(&data[at..at + *block]);
                }
            }
        }
    }
    Ok(DynTensor::packed(out, dims))
}
