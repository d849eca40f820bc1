//! The extents and strides of a static view taken from a view with a run-time axis: the same
//! rearrangements the layout types of [`super::views`] compute as constants, run on the source's
//! stored extents and strides when the program runs. No heap: a firmware view of a caller's
//! buffer uses them too. Every axis here is valid (the axis algebra checked it at compile time).

/// Axis `axis` (negative from the end) of a rank-`rank` shape, as a position.
#[inline]
fn at(axis: isize, rank: usize) -> usize {
    if axis < 0 {
        rank - axis.unsigned_abs()
    } else {
        axis as usize
    }
}

/// A source view's extents and strides.
#[derive(Clone, Copy)]
pub(crate) struct Source<'s> {
    pub(crate) dims: &'s [usize],
    pub(crate) strides: &'s [usize],
}

/// The result's extents and strides, written by the functions below.
pub(crate) struct Target<'t> {
    pub(crate) dims: &'t mut [usize],
    pub(crate) strides: &'t mut [usize],
}

impl Target<'_> {
    /// Result axis `k` is source axis `from(k)`.
    fn take(&mut self, src: Source<'_>, from: impl Fn(usize) -> usize) {
        for k in 0..self.dims.len() {
            self.dims[k] = src.dims[from(k)];
            self.strides[k] = src.strides[from(k)];
        }
    }
}

/// All axes reversed.
pub(crate) fn reversed(src: Source<'_>, mut out: Target<'_>) {
    let last = src.dims.len().saturating_sub(1);
    out.take(src, |k| last - k);
}

/// Axes `a` and `b` exchanged.
pub(crate) fn swapped(a: isize, b: isize, src: Source<'_>, mut out: Target<'_>) {
    let (a, b) = (at(a, src.dims.len()), at(b, src.dims.len()));
    out.take(src, |k| match k {
        _ if k == a => b,
        _ if k == b => a,
        _ => k,
    });
}

/// Axis `from` moved to position `to`, the others in order.
pub(crate) fn moved(from: isize, to: isize, src: Source<'_>, mut out: Target<'_>) {
    let (s, d) = (at(from, src.dims.len()), at(to, src.dims.len()));
    // Result axis k: `s` at `d`; before `d` the k-th of the others, from `d` on the (k-1)-th.
    out.take(src, |k| {
        if k == d {
            return s;
        }
        let other = if k < d { k } else { k - 1 };
        if other >= s { other + 1 } else { other }
    });
}

/// Result axis `k` is source axis `axes[k]` (each named once: checked at compile time).
pub(crate) fn permuted(axes: &[isize], src: Source<'_>, mut out: Target<'_>) {
    out.take(src, |k| at(axes[k], src.dims.len()));
}

/// The diagonal of axes `a1` and `a2` starting `offset` above the main one (below when
/// negative), as long as numpy's: the other axes in order, then the diagonal. Returns where its
/// first element lies (0 when it, or the source, is empty).
pub(crate) fn diagonal(
    a1: isize,
    a2: isize,
    offset: isize,
    src: Source<'_>,
    out: Target<'_>,
) -> usize {
    let rank = src.dims.len();
    let (i, j) = (at(a1, rank), at(a2, rank));
    let len = crate::shape::axis::diagonal_len(src.dims[i], src.dims[j], offset);
    let mut k = 0;
    for a in (0..rank).filter(|&a| a != i && a != j) {
        out.dims[k] = src.dims[a];
        out.strides[k] = src.strides[a];
        k += 1;
    }
    out.dims[k] = len;
    out.strides[k] = src.strides[i] + src.strides[j];
    match offset {
        _ if len == 0 || src.dims.contains(&0) => 0,
        o if o < 0 => o.unsigned_abs() * src.strides[i],
        o => o.unsigned_abs() * src.strides[j],
    }
}

/// `len` elements of axis `axis`, every `step`-th from `start` (in range: the caller checked).
/// Returns where the first lies (0 when there are none, in the window or the source).
pub(crate) fn stepped(
    axis: isize,
    start: usize,
    step: usize,
    len: usize,
    src: Source<'_>,
    mut out: Target<'_>,
) -> usize {
    let a = at(axis, src.dims.len());
    out.take(src, |k| k);
    out.dims[a] = len;
    out.strides[a] = src.strides[a] * step;
    if len == 0 || src.dims.contains(&0) {
        0
    } else {
        start * src.strides[a]
    }
}

/// Axis `axis` removed (an entry along it: the caller moves the data to the entry).
pub(crate) fn removed(axis: isize, src: Source<'_>, mut out: Target<'_>) {
    let a = at(axis, src.dims.len());
    out.take(src, |k| if k < a { k } else { k + 1 });
}

/// A new axis of extent 1 (stride 0) at position `axis` of the result (`-1` appends).
pub(crate) fn inserted(axis: isize, src: Source<'_>, out: Target<'_>) {
    let a = inserted_at(axis, src.dims.len());
    for k in 0..out.dims.len() {
        let (d, s) = match k {
            _ if k < a => (src.dims[k], src.strides[k]),
            _ if k == a => (1, 0),
            _ => (src.dims[k - 1], src.strides[k - 1]),
        };
        out.dims[k] = d;
        out.strides[k] = s;
    }
}

/// Axis `axis` alone (a lane along it: the caller moves the data to the lane).
pub(crate) fn lane(axis: isize, src: Source<'_>, out: Target<'_>) {
    let a = at(axis, src.dims.len());
    out.dims[0] = src.dims[a];
    out.strides[0] = src.strides[a];
}

/// `src` stretched to the extents `to` by numpy's rule: stride 0 on a new axis or one where the
/// source has extent 1. An error names both shapes and the first axis (from the right) where a
/// source extent other than 1 differs from the target's.
pub(crate) fn broadcast(
    to: &[usize],
    src: Source<'_>,
    out: Target<'_>,
) -> Result<(), crate::ShapeError> {
    let (rank, own) = (to.len(), src.dims.len());
    for back in 0..rank.max(own) {
        let e = (back < own).then(|| src.dims[own - 1 - back]);
        if back >= rank || e.is_some_and(|e| e != 1 && e != to[rank - 1 - back]) {
            return Err(crate::ShapeError::NotBroadcastableTo {
                from: crate::error::Dims::new(src.dims),
                to: crate::error::Dims::new(to),
                axis: -(back as isize + 1),
            });
        }
        let k = rank - 1 - back;
        out.dims[k] = to[k];
        out.strides[k] = match e {
            Some(e) if e == to[k] && e != 1 => src.strides[own - 1 - back],
            _ => 0,
        };
    }
    Ok(())
}

/// Whether `axes` names each axis of a rank-`rank` shape once (a permutation's check, made when
/// the program is built).
pub(crate) const fn is_permutation(axes: &[isize], rank: usize) -> bool {
    let mut seen = [false; crate::MAX_RANK];
    let mut k = 0;
    while k < axes.len() {
        let a = if axes[k] < 0 {
            rank - axes[k].unsigned_abs()
        } else {
            axes[k] as usize
        };
        if seen[a] {
            return false;
        }
        seen[a] = true;
        k += 1;
    }
    true
}

/// Extent of axis `axis` (valid) of `dims`.
#[inline]
pub(crate) fn extent(dims: &[usize], axis: isize) -> usize {
    dims[at(axis, dims.len())]
}

/// Stride of axis `axis` (valid).
#[inline]
pub(crate) fn stride(strides: &[usize], axis: isize) -> usize {
    strides[at(axis, strides.len())]
}

/// Where an axis inserted at `axis` (`-rank-1..=rank`, `-1` appending) lands in a rank-`rank`
/// shape; also where axis `axis` of the rank-`rank + 1` shape is removed from.
pub(crate) fn inserted_at(axis: isize, rank: usize) -> usize {
    at(axis, rank + 1)
}

/// The position of the one run-time (`None`) extent of a rank-`rank` shape, right-aligned in
/// `dims`; `None` without one. Two fail the build: a reshape cannot infer both.
pub(crate) const fn single_runtime_axis(
    dims: &[Option<usize>; crate::MAX_RANK],
    rank: usize,
) -> Option<usize> {
    let first = crate::MAX_RANK - rank;
    let mut found = None;
    let mut i = first;
    while i < crate::MAX_RANK {
        if dims[i].is_none() {
            assert!(
                found.is_none(),
                "reshape to a shape with two `Dyn` axes: the element count cannot say how to \
                 split between them (give the extents to `Tensor::from_shape_vec`)"
            );
            found = Some(i - first);
        }
        i += 1;
    }
    found
}

/// The element count of a shape whose extents are all known (padded: `Some(1)` slots count
/// once), `None` with a run-time one.
pub(crate) const fn static_count(dims: &[Option<usize>; crate::MAX_RANK]) -> Option<usize> {
    let mut n: usize = 1;
    let mut i = 0;
    while i < crate::MAX_RANK {
        match dims[i] {
            Some(d) => n = n.wrapping_mul(d),
            None => return None,
        }
        i += 1;
    }
    Some(n)
}

/// Whether the `len` elements of a slice `start`, `start + step`, ... lie in an axis of `extent`.
#[inline]
pub(crate) fn fits(extent: usize, start: usize, step: usize, len: usize) -> bool {
    len == 0
        || (len - 1)
            .checked_mul(step)
            .and_then(|span| span.checked_add(start))
            .is_some_and(|last| last < extent)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run<const R: usize>(f: impl FnOnce(Source<'_>, Target<'_>)) -> ([usize; R], [usize; R]) {
        let (dims, strides) = ([2, 3, 4], [12, 4, 1]);
        let (mut d, mut s) = ([0; R], [0; R]);
        let src = Source {
            dims: &dims,
            strides: &strides,
        };
        f(
            src,
            Target {
                dims: &mut d,
                strides: &mut s,
            },
        );
        (d, s)
    }

    #[test]
    fn rearrangements_match_numpy() {
        assert_eq!(run::<3>(reversed), ([4, 3, 2], [1, 4, 12]));
        assert_eq!(
            run::<3>(|s, t| swapped(0, -1, s, t)),
            ([4, 3, 2], [1, 4, 12])
        );
        // np.moveaxis(x, 0, -1).shape == (3, 4, 2); np.moveaxis(x, -1, 0).shape == (4, 2, 3)
        assert_eq!(run::<3>(|s, t| moved(0, -1, s, t)), ([3, 4, 2], [4, 1, 12]));
        assert_eq!(run::<3>(|s, t| moved(-1, 0, s, t)), ([4, 2, 3], [1, 12, 4]));
        assert_eq!(run::<3>(|s, t| moved(1, 1, s, t)), ([2, 3, 4], [12, 4, 1]));
        assert_eq!(
            run::<3>(|s, t| permuted(&[2, 0, 1], s, t)),
            ([4, 2, 3], [1, 12, 4])
        );
    }

    #[test]
    fn windows_start_where_numpy_does() {
        let mut start = 0;
        let got = run::<3>(|s, t| start = stepped(-1, 1, 2, 2, s, t));
        assert_eq!((got, start), (([2, 3, 2], [12, 4, 2]), 1));
        let got = run::<2>(|s, t| start = diagonal(1, 2, -1, s, t));
        assert_eq!((got, start), (([2, 2], [12, 5]), 4));
        assert!(fits(4, 1, 2, 2) && !fits(4, 1, 2, 3) && fits(0, 9, 9, 0));
        assert!(!fits(4, 0, usize::MAX, 2));
        assert!(is_permutation(&[2, 0, -2], 3) && !is_permutation(&[2, 0, -1], 3));
    }
}
