//! Sorting along one axis: every lane (the elements along the axis, the other indices fixed)
//! sorted on its own, in numpy's order ([`Reduce::sort_key`]: `NaN` last, `-0.0` equal to
//! `0.0`). A lane of adjacent elements is sorted where it lies; any other is copied out, sorted
//! and written back.

use alloc::vec::Vec;

use super::super::dims::DimVec;
use super::super::iter::Positions;
use super::super::layout::{Layout, checked_count};
use super::super::view_layout::axis_of;
use crate::reduce::argsort::sort_pairs;
use crate::{Reduce, ShapeError};

/// Where the lanes along `axis` of `l` start, in row-major order of the other indices, and
/// their length and stride.
fn lanes(l: &Layout, axis: isize) -> Result<(Positions, usize, isize), ShapeError> {
    let k = axis_of(axis, &l.dims)?;
    let mut starts: DimVec = l.dims.clone();
    // An empty view has no lanes to sort, however many its other extents would make: a 0 here
    // makes `Positions` yield none (a `[usize::MAX, 0]` view must not loop over its rows).
    let empty = l.is_empty();
    starts[k] = if empty { 0 } else { 1 };
    let len = if empty { 0 } else { l.dims[k] };
    let from = Positions::new(&starts, &l.strides, l.offset);
    Ok((from, len, l.strides[k]))
}

/// The positions of one lane.
fn lane(start: usize, len: usize, step: isize) -> impl Iterator<Item = usize> {
    (0..len).map(move |j| start.wrapping_add(j.wrapping_mul(step as usize)))
}

/// Sorts every lane along `axis` of the elements of `data` that `l` reaches (each once), stably
/// or not.
pub(crate) fn sort_in_place<T: Reduce>(
    data: &mut [T],
    l: &Layout,
    axis: isize,
    stable: bool,
) -> Result<(), ShapeError> {
    let (starts, len, step) = lanes(l, axis)?;
    if !stable && step == 1 && l.is_row_major() {
        // The lanes follow one another (the last axis of a packed view): sorted together, so
        // that short ones go side by side.
        T::sort_unstable_rows(&mut data[l.offset..l.offset + l.len()], len);
        return Ok(());
    }
    // Short lanes too: each type's unstable sort picks what is fast for its length.
    let sort = |s: &mut [T]| {
        if stable {
            T::sort_stable(s)
        } else {
            T::sort_unstable(s)
        }
    };
    if step == 1 && l.is_row_major() {
        // The lanes follow one another: taken as chunks, not from the odometer of lane starts,
        // which cost more than sorting a lane of two.
        if len > 0 && !l.is_empty() {
            let lanes = data[l.offset..l.offset + l.len()].chunks_exact_mut(len);
            lanes.for_each(sort);
        }
        return Ok(());
    }
    let mut buf = Vec::new();
    for p in starts {
        if step == 1 {
            sort(&mut data[p..p + len]);
            continue;
        }
        buf.clear();
        buf.extend(lane(p, len, step).map(|q| data[q]));
        sort(&mut buf);
        for (q, x) in lane(p, len, step).zip(&buf) {
            data[q] = *x;
        }
    }
    Ok(())
}

/// For each lane along `axis`, the positions along the axis that sort it (stably), in the
/// row-major order of the view.
pub(crate) fn argsort<T: Reduce>(
    data: &[T],
    l: &Layout,
    axis: isize,
) -> Result<Vec<usize>, ShapeError> {
    let (starts, len, step) = lanes(l, axis)?;
    let k = axis_of(axis, &l.dims)?;
    // Counted with zeros first, as `checked_count` does: an empty view's other extents may
    // overflow when multiplied (and then no lane runs).
    let inner: usize = checked_count(&l.dims[k + 1..]).unwrap_or(1);
    let mut out = alloc::vec![0; l.len()];
    let mut pairs: Vec<(T::Key, usize)> = Vec::with_capacity(len);
    if step == 1 && inner == 1 && l.is_row_major() {
        // The lanes follow one another, and so do their results: taken as chunks, not from the
        // odometer of lane starts.
        if len > 0 && !l.is_empty() {
            let lanes = data[l.offset..l.offset + l.len()].chunks_exact(len);
            for (src, dst) in lanes.zip(out.chunks_exact_mut(len)) {
                sort_pairs(&mut pairs, src.iter().map(|x| x.sort_key()));
                for (o, &(_, j)) in dst.iter_mut().zip(pairs.iter()) {
                    *o = j;
                }
            }
        }
        return Ok(out);
    }
    // Lane `n` (row-major over the other axes) starts at `outer * len * inner + i` of the output.
    for (n, p) in starts.enumerate() {
        sort_pairs(&mut pairs, lane(p, len, step).map(|q| data[q].sort_key()));
        let (outer, i) = (n / inner.max(1), n % inner.max(1));
        let start = outer * len * inner + i;
        for (j, &(_, o)) in pairs.iter().enumerate() {
            out[start + j * inner] = o;
        }
    }
    Ok(out)
}
