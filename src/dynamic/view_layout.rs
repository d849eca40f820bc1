//! How each view operation changes a [`Layout`]: transpose, permute, slice, diagonal, squeeze,
//! unsqueeze, reshape, broadcast, `as_strided`. Pure functions from a layout (and arguments) to
//! a new layout or the [`ShapeError`] that says what does not fit; the view types call them and
//! keep their buffer. Nothing here touches elements.
//!
//! One file for all view layouts (over 500 lines with its tests): they share the axis helpers
//! and one invariant. Every layout made here reaches only positions the input layout reached (or, for
//! [`as_strided`], positions checked against the buffer's length), which is what keeps every
//! view in bounds.

use super::broadcast::{aligned_strides, check_broadcast_to};
use super::dims::{DimVec, Strides};
use super::layout::{Layout, checked_count, count_or_err};
use crate::error::Dims;
use crate::{Axes, ShapeError, SliceEntry};

/// `axis` in `0..rank`, negative counting from the end; `None` when out of range.
#[inline]
pub(crate) fn normalise_axis(axis: isize, rank: usize) -> Option<usize> {
    let r = rank as isize;
    let a = if axis < 0 { axis.checked_add(r)? } else { axis };
    (0..r).contains(&a).then_some(a as usize)
}

/// `axis` normalised for a layout of `dims`, or the error naming the axis and the shape.
#[inline]
pub(crate) fn axis_of(axis: isize, dims: &[usize]) -> Result<usize, ShapeError> {
    normalise_axis(axis, dims.len()).ok_or_else(|| ShapeError::Axis {
        axis,
        shape: Dims::new(dims),
    })
}

/// Whether `axis` names the one element of a rank-0 tensor, flattened: numpy's `take`,
/// `compress`, `argsort`, `argmax`, `argmin`, `cumsum` and `cumprod` read axis 0 or -1 so (its
/// `sort` and `take_along_axis` refuse them).
#[inline]
pub(crate) fn flattens_rank_0(axis: isize, rank: usize) -> bool {
    rank == 0 && matches!(axis, 0 | -1)
}

/// A layout with axes taken in the order `order` (each a valid, distinct axis).
fn reordered(l: &Layout, order: impl Iterator<Item = usize> + Clone) -> Layout {
    let dims: DimVec = collect(order.clone().map(|i| l.dims[i]), l.rank());
    let strides: Strides = collect(order.map(|i| l.strides[i]), l.rank());
    Layout {
        dims,
        strides,
        offset: l.offset,
    }
}

/// `len` items into a [`DimVec`].
pub(crate) fn collect<T: Copy + Default>(items: impl Iterator<Item = T>, len: usize) -> DimVec<T> {
    let mut out = DimVec::filled(len, T::default());
    for (o, x) in out.iter_mut().zip(items) {
        *o = x;
    }
    out
}

/// Axis numbers reordered by `stride(axis)` from largest to smallest, equal strides kept in order.
/// An insertion sort: there are at most a few dozen axes, and the standard library's sorts would
/// compile their whole machinery into the crate for this one use (BENCHMARKS.md, build time).
pub(crate) fn largest_stride_first(order: &mut [usize], stride: impl Fn(usize) -> usize) {
    for j in 1..order.len() {
        let mut m = j;
        while m > 0 && stride(order[m - 1]) < stride(order[m]) {
            order.swap(m - 1, m);
            m -= 1;
        }
    }
}

/// All axes reversed (numpy's `.T`).
pub(crate) fn transposed(l: &Layout) -> Layout {
    reordered(l, (0..l.rank()).rev())
}

/// Axis `i` of the result is axis `axes[i]` of `l`; `axes` names every axis once.
pub(crate) fn permuted(l: &Layout, axes: &[isize]) -> Result<Layout, ShapeError> {
    let rank = l.rank();
    if axes.len() != rank {
        return Err(ShapeError::Permutation {
            len: axes.len(),
            shape: Dims::new(&l.dims),
        });
    }
    let mut order: DimVec = DimVec::filled(rank, 0);
    let mut seen: DimVec<bool> = DimVec::filled(rank, false);
    for (o, &a) in order.iter_mut().zip(axes) {
        let i = axis_of(a, &l.dims)?;
        if seen[i] {
            return Err(ShapeError::RepeatedAxis {
                axis: a,
                shape: Dims::new(&l.dims),
            });
        }
        seen[i] = true;
        *o = i;
    }
    Ok(reordered(l, order.iter().copied()))
}

/// Axes `a` and `b` exchanged.
pub(crate) fn swapped(l: &Layout, a: isize, b: isize) -> Result<Layout, ShapeError> {
    let (i, j) = (axis_of(a, &l.dims)?, axis_of(b, &l.dims)?);
    let mut out = l.clone();
    out.dims.swap(i, j);
    out.strides.swap(i, j);
    Ok(out)
}

/// Axis `src` moved to position `dst`, the others keeping their order (numpy's `moveaxis`).
pub(crate) fn moved(l: &Layout, src: isize, dst: isize) -> Result<Layout, ShapeError> {
    let (s, d) = (axis_of(src, &l.dims)?, axis_of(dst, &l.dims)?);
    let rest = (0..l.rank()).filter(|&i| i != s);
    let order = rest
        .clone()
        .take(d)
        .chain(core::iter::once(s))
        .chain(rest.skip(d));
    Ok(reordered(l, order))
}

/// `index` normalised for an axis of extent `n` (negative from the end), or the error naming
/// the index, the axis `k` (`None`: the flattened tensor) and the shape `dims`.
#[inline]
pub(crate) fn index_of(
    index: isize,
    n: usize,
    k: Option<usize>,
    dims: &[usize],
) -> Result<usize, ShapeError> {
    let i = if index < 0 {
        index.checked_add_unsigned(n).filter(|&i| i >= 0)
    } else {
        Some(index)
    };
    match i {
        Some(i) if (i as usize) < n => Ok(i as usize),
        _ => Err(ShapeError::Index {
            index,
            axis: k,
            shape: Dims::new(dims),
        }),
    }
}

/// Entry `index` of `axis` (numpy's `a[:, i]`): that axis removed, the offset moved to the entry.
pub(crate) fn indexed(l: &Layout, axis: isize, index: isize) -> Result<Layout, ShapeError> {
    let k = axis_of(axis, &l.dims)?;
    let i = index_of(index, l.dims[k], Some(k), &l.dims)?;
    let mut out = without_axis(l, k);
    out.offset = (l.offset as isize).wrapping_add((i as isize).wrapping_mul(l.strides[k])) as usize;
    Ok(out)
}

/// `l` with axis `k` left out (same offset).
pub(crate) fn without_axis(l: &Layout, k: usize) -> Layout {
    let keep = (0..l.rank()).filter(|&a| a != k);
    Layout {
        dims: collect(keep.clone().map(|a| l.dims[a]), l.rank() - 1),
        strides: collect(keep.map(|a| l.strides[a]), l.rank() - 1),
        offset: l.offset,
    }
}

/// numpy's basic indexing, one [`SliceEntry`] per leading axis (Python's slicing for a
/// [`Slice`], the axis removed for an index); the remaining axes stay whole.
pub(crate) fn sliced<E: Copy + Into<SliceEntry>>(
    l: &Layout,
    entries: &[E],
) -> Result<Layout, ShapeError> {
    if entries.len() > l.rank() {
        return Err(ShapeError::TooManySlices {
            count: entries.len(),
            shape: Dims::new(&l.dims),
        });
    }
    let entry = |axis: usize| {
        entries
            .get(axis)
            .map_or(SliceEntry::default(), |&e| e.into())
    };
    let kept = (0..l.rank())
        .filter(|&a| matches!(entry(a), SliceEntry::Slice(_)))
        .count();
    let mut dims = DimVec::filled(kept, 0);
    let mut strides = DimVec::filled(kept, 0);
    let mut out = 0;
    let mut shift: isize = 0;
    for axis in 0..l.rank() {
        let stride = l.strides[axis];
        let sl = match entry(axis) {
            SliceEntry::Index(i) => {
                let i = index_of(i, l.dims[axis], Some(axis), &l.dims)?;
                shift = shift.wrapping_add((i as isize).wrapping_mul(stride));
                continue;
            }
            SliceEntry::Slice(sl) => sl,
        };
        let Some((start, step, count)) = sl.indices(l.dims[axis]) else {
            return Err(ShapeError::SliceStep {
                axis,
                shape: Dims::new(&l.dims),
            });
        };
        dims[out] = count;
        // A stride of one element per step; the product fits, as `|step| < len` unless the
        // count is at most 1, when the stride is never applied (keep the original then).
        strides[out] = if count > 1 {
            stride.wrapping_mul(step)
        } else {
            stride
        };
        out += 1;
        if count > 0 {
            shift = shift.wrapping_add(start.wrapping_mul(stride));
        }
    }
    let offset = match checked_count(&dims) {
        Some(0) => l.offset,
        _ => (l.offset as isize).wrapping_add(shift) as usize,
    };
    Ok(Layout {
        dims,
        strides,
        offset,
    })
}

/// The diagonal of axes `a1`, `a2` with `offset` (numpy: above the main diagonal when positive),
/// both axes removed and the diagonal appended last; empty when the offset is past the edge.
pub(crate) fn diagonal(
    l: &Layout,
    offset: isize,
    a1: isize,
    a2: isize,
) -> Result<Layout, ShapeError> {
    let (i, j) = (axis_of(a1, &l.dims)?, axis_of(a2, &l.dims)?);
    if i == j {
        return Err(ShapeError::RepeatedAxis {
            axis: a2,
            shape: Dims::new(&l.dims),
        });
    }
    let (n1, n2) = (l.dims[i] as isize, l.dims[j] as isize);
    let (s1, s2) = (l.strides[i], l.strides[j]);
    // Rows skipped (negative offset) or columns skipped (positive), and the length left.
    let (skip1, skip2) = if offset >= 0 {
        (0, offset.min(n2))
    } else {
        (offset.unsigned_abs().min(n1 as usize) as isize, 0)
    };
    let len = (n1 - skip1).min(n2 - skip2).max(0) as usize;
    let rank = l.rank();
    let keep = (0..rank).filter(|&k| k != i && k != j);
    let dims: DimVec = collect(
        keep.clone().map(|k| l.dims[k]).chain(core::iter::once(len)),
        rank - 1,
    );
    let strides: Strides = collect(
        keep.map(|k| l.strides[k])
            .chain(core::iter::once(s1.wrapping_add(s2))),
        rank - 1,
    );
    let mut out = Layout {
        dims,
        strides,
        offset: l.offset,
    };
    if checked_count(&out.dims) != Some(0) {
        let shift = skip1.wrapping_mul(s1).wrapping_add(skip2.wrapping_mul(s2));
        out.offset = (l.offset as isize).wrapping_add(shift) as usize;
    }
    Ok(out)
}

/// Which axes `axes` names, as a mask over `dims`' axes: every one for [`Axes::All`].
///
/// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::RepeatedAxis`] for one
/// named twice (numpy checks both before anything else).
pub(crate) fn axis_mask(axes: Axes<'_>, dims: &[usize]) -> Result<DimVec<bool>, ShapeError> {
    let Some(list) = axes.as_slice() else {
        return Ok(DimVec::filled(dims.len(), true));
    };
    let mut mask: DimVec<bool> = DimVec::filled(dims.len(), false);
    for &a in list {
        let i = axis_of(a, dims)?;
        if mask[i] {
            return Err(ShapeError::RepeatedAxis {
                axis: a,
                shape: Dims::new(dims),
            });
        }
        mask[i] = true;
    }
    Ok(mask)
}

/// Axes of extent 1 removed: all of them, or the ones named (each must have extent 1).
pub(crate) fn squeezed(l: &Layout, axes: Axes<'_>) -> Result<Layout, ShapeError> {
    let rank = l.rank();
    let mut drop = axis_mask(axes, &l.dims)?;
    if axes == Axes::All {
        for (d, &e) in drop.iter_mut().zip(l.dims.iter()) {
            *d = e == 1;
        }
    } else if let Some(k) = (0..rank).find(|&k| drop[k] && l.dims[k] != 1) {
        let named = axes.as_slice().unwrap_or(&[]);
        let axis = named
            .iter()
            .copied()
            .find(|&a| normalise_axis(a, rank) == Some(k))
            .unwrap_or(k as isize);
        return Err(ShapeError::Squeeze {
            axis,
            shape: Dims::new(&l.dims),
        });
    }
    let kept = drop.iter().filter(|&&d| !d).count();
    let keep = (0..rank).filter(|&k| !drop[k]);
    Ok(Layout {
        dims: collect(keep.clone().map(|k| l.dims[k]), kept),
        strides: collect(keep.map(|k| l.strides[k]), kept),
        offset: l.offset,
    })
}

/// A new axis of extent 1 at `axis` (`-rank-1..=rank`; `-1` appends).
pub(crate) fn unsqueezed(l: &Layout, axis: isize) -> Result<Layout, ShapeError> {
    let rank = l.rank();
    let at = normalise_axis(axis, rank + 1).ok_or_else(|| ShapeError::Axis {
        axis,
        shape: Dims::new(&l.dims),
    })?;
    // The new axis's stride: what a row-major layout would give it (any stride works for an
    // axis of extent 1; this one keeps a packed layout packed).
    let stride = if at < rank {
        l.strides[at].wrapping_mul(l.dims[at] as isize)
    } else {
        1
    };
    let before = 0..at;
    let dims = collect(
        before
            .clone()
            .map(|k| l.dims[k])
            .chain(core::iter::once(1))
            .chain((at..rank).map(|k| l.dims[k])),
        rank + 1,
    );
    let strides = collect(
        before
            .map(|k| l.strides[k])
            .chain(core::iter::once(stride))
            .chain((at..rank).map(|k| l.strides[k])),
        rank + 1,
    );
    Ok(Layout {
        dims,
        strides,
        offset: l.offset,
    })
}

/// The requested shape with its one `-1` inferred, checked against `count` elements.
pub(crate) fn reshape_target(from: &[usize], shape: &[isize]) -> Result<DimVec, ShapeError> {
    let count = count_or_err(from)?;
    let mut unknown = None;
    let mut dims: DimVec = DimVec::filled(shape.len(), 0);
    for (axis, (&e, d)) in shape.iter().zip(dims.iter_mut()).enumerate() {
        match e {
            -1 if unknown.is_none() => unknown = Some(axis),
            e if e >= 0 => *d = e as usize,
            value => return Err(ShapeError::ReshapeTarget { axis, value }),
        }
    }
    let mismatch = |dims: &DimVec| ShapeError::ReshapeSize {
        from: Dims::new(from),
        to: Dims::new(dims),
        unknown,
    };
    if let Some(u) = unknown {
        // The product of the known extents must divide the count (numpy: a zero known extent
        // leaves -1 undetermined, an error).
        let known = checked_count(&dims[..u])
            .zip(checked_count(&dims[u + 1..]))
            .and_then(|(a, b)| a.checked_mul(b))
            .ok_or_else(|| mismatch(&dims))?;
        if known == 0 || count % known != 0 {
            return Err(mismatch(&dims));
        }
        dims[u] = count / known;
    } else if checked_count(&dims) != Some(count) {
        return Err(mismatch(&dims));
    }
    Ok(dims)
}

/// The layout of `l`'s elements, in row-major order, with extents `dims` (same count), without
/// moving an element: numpy's no-copy reshape. `None` when the strides do not allow it.
pub(crate) fn reshaped(l: &Layout, dims: DimVec) -> Option<Layout> {
    let n = dims.len();
    if l.is_empty() || l.is_row_major() {
        // Packed (or nothing to reach): row-major strides of the new shape.
        let strides = Strides::row_major(&dims);
        return Some(Layout {
            dims,
            strides,
            offset: l.offset,
        });
    }
    // numpy's `_attempt_nocopy_reshape`: match groups of old and new axes with equal products;
    // each old group must be contiguous in itself, and the new group's strides follow from its
    // innermost one. Axes of extent 1 are left out of the old shape first.
    let old: DimVec = collect(l.dims.iter().copied().filter(|&d| d != 1), l.rank());
    let old_len = l.dims.iter().filter(|&&d| d != 1).count();
    let old_s: Strides = collect(
        l.dims
            .iter()
            .zip(l.strides.iter())
            .filter(|(d, _)| **d != 1)
            .map(|(_, &s)| s),
        old_len,
    );
    let (old, old_s) = (&old[..old_len], &old_s[..old_len]);
    let mut strides: Strides = DimVec::filled(n, 0);
    let (mut oi, mut oj, mut ni, mut nj) = (0, 1, 0, 1);
    while ni < n && oi < old.len() {
        let (mut np, mut op) = (dims[ni], old[oi]);
        while np != op {
            if np < op {
                np *= *dims.get(nj)?;
                nj += 1;
            } else {
                op *= *old.get(oj)?;
                oj += 1;
            }
        }
        for ok in oi..oj - 1 {
            if old_s[ok] != (old[ok + 1] as isize).wrapping_mul(old_s[ok + 1]) {
                return None;
            }
        }
        strides[nj - 1] = old_s[oj - 1];
        for nk in (ni + 1..nj).rev() {
            strides[nk - 1] = strides[nk].wrapping_mul(dims[nk] as isize);
        }
        ni = nj;
        nj += 1;
        oi = oj;
        oj += 1;
    }
    // Trailing new axes have extent 1: any stride, say 1.
    for s in strides.iter_mut().skip(ni) {
        *s = 1;
    }
    Some(Layout {
        dims,
        strides,
        offset: l.offset,
    })
}

/// `l` stretched to `shape` by numpy's rule (stride 0 on new and stretched axes).
pub(crate) fn broadcast(l: &Layout, shape: &[usize]) -> Result<Layout, ShapeError> {
    check_broadcast_to(&l.dims, shape)?;
    count_or_err(shape)?;
    let mut strides = DimVec::filled(shape.len(), 0);
    aligned_strides(&l.dims, &l.strides, &mut strides, |s| s);
    Ok(Layout {
        dims: DimVec::from_slice(shape),
        strides,
        offset: l.offset,
    })
}

/// A layout of `shape` with `strides` from `offset` over a buffer of `len` elements, checked:
/// every position it reaches lies in `0..len`.
pub(crate) fn as_strided(
    len: usize,
    shape: &[usize],
    strides: &[isize],
    offset: usize,
) -> Result<Layout, ShapeError> {
    if strides.len() != shape.len() {
        return Err(ShapeError::Permutation {
            len: strides.len(),
            shape: Dims::new(shape),
        });
    }
    let count = count_or_err(shape)?;
    let layout = Layout {
        dims: DimVec::from_slice(shape),
        strides: DimVec::from_slice(strides),
        offset,
    };
    if count == 0 {
        return Ok(layout);
    }
    // The lowest and highest positions, in i128 so no product or sum overflows.
    let (mut lo, mut hi) = (offset as i128, offset as i128);
    for (&d, &s) in shape.iter().zip(strides) {
        let span = (d as i128 - 1) * s as i128;
        if span < 0 {
            lo += span;
        } else {
            hi += span;
        }
    }
    if lo < 0 || hi >= len as i128 || hi > isize::MAX as i128 {
        let sat = |x: i128| x.clamp(isize::MIN as i128, isize::MAX as i128) as isize;
        return Err(ShapeError::OutOfBounds {
            shape: Dims::new(shape),
            reach: (sat(lo), sat(hi)),
            len,
        });
    }
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn packed(dims: &[usize]) -> Layout {
        Layout::row_major(DimVec::from_slice(dims))
    }

    #[test]
    fn reshape_of_a_transpose_needs_a_copy() {
        let t = transposed(&packed(&[2, 3]));
        assert!(reshaped(&t, DimVec::from_slice(&[6])).is_none());
        // Splitting an axis of a transposed layout stays a view.
        let r = reshaped(&t, DimVec::from_slice(&[3, 2, 1])).unwrap();
        assert_eq!((r.dims(), r.strides()), (&[3, 2, 1][..], &[1, 3, 1][..]));
    }

    #[test]
    fn infer_minus_one() {
        assert_eq!(&*reshape_target(&[2, 3, 4], &[4, -1]).unwrap(), &[4, 6]);
        assert!(matches!(
            reshape_target(&[2, 3], &[4, -1]),
            Err(ShapeError::ReshapeSize {
                unknown: Some(1),
                ..
            })
        ));
        assert!(matches!(
            reshape_target(&[2, 3], &[-1, -1]),
            Err(ShapeError::ReshapeTarget { axis: 1, value: -1 })
        ));
        assert!(reshape_target(&[0, 3], &[0, -1]).is_err());
    }

    #[test]
    fn as_strided_checks_reach() {
        assert!(as_strided(6, &[2, 3], &[3, 1], 0).is_ok());
        assert!(as_strided(6, &[2, 3], &[-3, -1], 5).is_ok());
        assert!(matches!(
            as_strided(6, &[2, 3], &[3, 1], 1),
            Err(ShapeError::OutOfBounds {
                reach: (1, 6),
                len: 6,
                ..
            })
        ));
        assert!(as_strided(0, &[0, 3], &[isize::MAX, isize::MIN], 9).is_ok());
        assert!(as_strided(6, &[usize::MAX / 2, 3], &[isize::MAX, 1], 0).is_err());
    }
}
