//! Views along one axis, the same on [`DynTensor`], [`DynView`] and [`DynViewMut`]: iteration
//! (`outer_iter`, `try_axis_iter`, `try_lanes`, `try_axis_chunks_iter`, `try_windows`, ndarray's
//! names), one entry (`try_index_axis`, numpy's `a[:, i]`) and numpy's `split` at indices
//! (`try_split_at`). Every one is a view of the same elements, nothing copied.
//!
//! All the iterators are one type, [`DynViews`]: the start positions of a set of sub-views (a
//! [`Positions`] walk over some axes) and the extents and strides every sub-view shares, plus
//! an optional last view of its own extents (the shorter last chunk).

use alloc::vec::Vec;

use super::dims::{DimVec, Strides};
use super::iter::Positions;
use super::layout::Layout;
use super::view_layout::{self as vl, axis_of, collect};
use super::{DynTensor, DynView, DynViewMut};
use crate::ShapeError;
use crate::error::Dims;

/// Sub-views of a dynamic view, in row-major order of where they start: the rows of
/// `outer_iter`, the slices of `try_axis_iter`, the lanes of `try_lanes`, the chunks of
/// `try_axis_chunks_iter`, the windows of `try_windows`. Each item borrows the data, not the
/// iterator.
pub struct DynViews<'a, T> {
    data: &'a [T],
    starts: Positions,
    dims: DimVec,
    strides: Strides,
    tail: Option<Layout>,
}

impl<T> Clone for DynViews<'_, T> {
    fn clone(&self) -> Self {
        Self {
            data: self.data,
            starts: self.starts.clone(),
            dims: self.dims.clone(),
            strides: self.strides.clone(),
            tail: self.tail.clone(),
        }
    }
}

impl<'a, T> Iterator for DynViews<'a, T> {
    type Item = DynView<'a, T>;

    fn next(&mut self) -> Option<DynView<'a, T>> {
        match self.starts.next() {
            Some(offset) => Some(DynView::new(
                self.data,
                Layout {
                    dims: self.dims.clone(),
                    strides: self.strides.clone(),
                    offset,
                },
            )),
            None => self.tail.take().map(|l| DynView::new(self.data, l)),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.starts.len() + usize::from(self.tail.is_some());
        (n, Some(n))
    }
}

impl<T> ExactSizeIterator for DynViews<'_, T> {}

impl<T> core::iter::FusedIterator for DynViews<'_, T> {}

impl<'a, T> DynViews<'a, T> {
    /// Views of `dims` / `strides` starting at each position of `starts` (`starts` reaching
    /// only positions where such a view stays inside what `data`'s layout reaches).
    fn new(
        data: &'a [T],
        starts: Positions,
        dims: DimVec,
        strides: Strides,
        tail: Option<Layout>,
    ) -> Self {
        Self {
            data,
            starts,
            dims,
            strides,
            tail,
        }
    }
}

/// The entries of axis `k`, each a view with the axis removed.
fn along<'a, T>(data: &'a [T], l: &Layout, k: usize) -> DynViews<'a, T> {
    let rest = vl::without_axis(l, k);
    let starts = Positions::new(&[l.dims[k]], &[l.strides[k]], l.offset);
    DynViews::new(data, starts, rest.dims, rest.strides, None)
}

fn outer<'a, T>(data: &'a [T], l: &Layout) -> DynViews<'a, T> {
    if l.rank() == 0 {
        let none = Positions::new(&[0], &[0], 0);
        return DynViews::new(
            data,
            none,
            DimVec::filled(0, 0),
            Strides::filled(0, 0),
            None,
        );
    }
    along(data, l, 0)
}

fn lanes<'a, T>(data: &'a [T], l: &Layout, axis: isize) -> Result<DynViews<'a, T>, ShapeError> {
    let k = axis_of(axis, &l.dims)?;
    let rest = vl::without_axis(l, k);
    let starts = Positions::new(&rest.dims, &rest.strides, l.offset);
    let (dims, strides) = (
        DimVec::from_slice(&[l.dims[k]]),
        Strides::from_slice(&[l.strides[k]]),
    );
    Ok(DynViews::new(data, starts, dims, strides, None))
}

fn chunks<'a, T>(
    data: &'a [T],
    l: &Layout,
    axis: isize,
    size: usize,
) -> Result<DynViews<'a, T>, ShapeError> {
    let k = axis_of(axis, &l.dims)?;
    if size == 0 {
        return Err(ShapeError::ChunkSize {
            axis,
            shape: Dims::new(&l.dims),
        });
    }
    let (n, stride) = (l.dims[k], l.strides[k]);
    let (full, rest) = (n / size, n % size);
    let step = stride.wrapping_mul(size as isize);
    let starts = Positions::new(&[full], &[step], l.offset);
    let mut dims = l.dims.clone();
    dims[k] = size;
    let tail = (rest > 0).then(|| {
        let mut t = l.clone();
        t.dims[k] = rest;
        t.offset = (l.offset as isize).wrapping_add(step.wrapping_mul(full as isize)) as usize;
        t
    });
    Ok(DynViews::new(data, starts, dims, l.strides.clone(), tail))
}

fn windows<'a, T>(
    data: &'a [T],
    l: &Layout,
    window: &[usize],
) -> Result<DynViews<'a, T>, ShapeError> {
    if window.len() != l.rank() || window.contains(&0) {
        return Err(ShapeError::Window {
            window: Dims::new(window),
            shape: Dims::new(&l.dims),
        });
    }
    let fits = window.iter().zip(l.dims.iter()).all(|(w, d)| w <= d);
    let counts: DimVec = match fits {
        true => collect(l.dims.iter().zip(window).map(|(d, w)| d - w + 1), l.rank()),
        false => DimVec::from_slice(&[0]),
    };
    let starts = match fits {
        true => Positions::new(&counts, &l.strides, l.offset),
        false => Positions::new(&counts, &[0], 0),
    };
    Ok(DynViews::new(
        data,
        starts,
        DimVec::from_slice(window),
        l.strides.clone(),
        None,
    ))
}

/// numpy's `split(a, indices, axis)`: the pieces between consecutive indices, clipped to the
/// axis (an index past the end, or one below the previous, gives an empty piece).
fn split<'a, T>(
    data: &'a [T],
    l: &Layout,
    indices: &[usize],
    axis: isize,
) -> Result<Vec<DynView<'a, T>>, ShapeError> {
    let k = axis_of(axis, &l.dims)?;
    let n = l.dims[k];
    let bounds = core::iter::once(0)
        .chain(indices.iter().copied())
        .chain(core::iter::once(n));
    let ends = indices.iter().copied().chain(core::iter::once(n));
    let mut pieces = reserved(indices.len() + 1)?;
    pieces.extend(bounds.zip(ends).map(|(start, end)| {
        let (start, end) = (start.min(n), end.min(n));
        let mut piece = l.clone();
        piece.dims[k] = end.saturating_sub(start);
        let shift = (start as isize).wrapping_mul(l.strides[k]);
        piece.offset = (l.offset as isize).wrapping_add(shift) as usize;
        DynView::new(data, piece)
    }));
    Ok(pieces)
}

/// An empty `Vec` with room for `n` items, or [`ShapeError::Allocation`] for a list of shape
/// `[n]` when there is not: a number of sections is the caller's, and
/// `try_array_split(1 << 40, 0)` must be an error, not an abort.
fn reserved<X>(n: usize) -> Result<Vec<X>, ShapeError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| ShapeError::Allocation {
        shape: Dims::new(&[n]),
        bytes: n.checked_mul(core::mem::size_of::<X>()),
    })?;
    Ok(v)
}

/// The split points that cut axis `axis` of `l` into `sections` parts whose extents differ by
/// at most one, the longer first (numpy's `array_split`); with `equal`, an error unless they
/// are all one extent (numpy's `split` with a number).
fn section_ends(
    l: &Layout,
    sections: usize,
    axis: isize,
    equal: bool,
) -> Result<Vec<usize>, ShapeError> {
    let n = l.dims[axis_of(axis, &l.dims)?];
    if sections == 0 || (equal && !n.is_multiple_of(sections)) {
        return Err(ShapeError::Sections {
            sections,
            axis,
            shape: Dims::new(&l.dims),
        });
    }
    let (each, longer) = (n / sections, n % sections);
    let mut ends = reserved(sections - 1)?;
    ends.extend((1..sections).scan(0, |end, i| {
        *end += each + usize::from(i <= longer);
        Some(*end)
    }));
    Ok(ends)
}

/// The methods for one type: `$data` is its buffer (`&$lt [T]`), `$layout` its layout (a
/// `&Layout`), both read from `$this`.
macro_rules! axis_views {
    ($lt:lifetime, |$this:ident| ($data:expr, $layout:expr)) => {
        /// The entries of the first axis, each a view with that axis removed (numpy's
        /// `for row in a`, ndarray's `outer_iter`); a rank-0 tensor yields nothing.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
        /// let rows: Vec<Vec<usize>> = t.outer_iter().map(|r| r.to_vec()).collect();
        /// assert_eq!(rows, [[0, 1, 2], [10, 11, 12]]);
        /// assert_eq!(DynTensor::scalar(1).outer_iter().count(), 0);
        /// ```
        pub fn outer_iter(&self) -> DynViews<$lt, T> {
            let $this = self;
            outer($data, $layout)
        }

        /// The entries of `axis` (negative from the end), each a view with that axis removed,
        /// ndarray's `axis_iter`: `a[:, i]` for every `i` when `axis` is 1.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
        /// let cols: Vec<Vec<usize>> = t.try_axis_iter(-1)?.map(|c| c.to_vec()).collect();
        /// assert_eq!(cols, [[0, 10], [1, 11], [2, 12]]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_axis_iter(&self, axis: isize) -> Result<DynViews<$lt, T>, ShapeError> {
            let $this = self;
            let l = $layout;
            Ok(along($data, l, axis_of(axis, &l.dims)?))
        }

        /// Every 1-D lane along `axis`, in row-major order of the other axes (ndarray's
        /// `lanes`): the rows of a matrix for `axis` -1, its columns for 0.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
        /// let sums: Vec<usize> = t.try_lanes(0)?.map(|c| c.iter().sum()).collect();
        /// assert_eq!(sums, [10, 12, 14]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_lanes(&self, axis: isize) -> Result<DynViews<$lt, T>, ShapeError> {
            let $this = self;
            lanes($data, $layout, axis)
        }

        /// Views of `size` entries along `axis`, the last one shorter when `size` does not
        /// divide the extent (ndarray's `axis_chunks_iter`); none for an axis of extent 0.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::ChunkSize`] for
        /// a size of 0.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[5, 2], |i| 10 * i[0] + i[1]);
        /// let shapes: Vec<Vec<usize>> =
        ///     t.try_axis_chunks_iter(0, 2)?.map(|c| c.shape().to_vec()).collect();
        /// assert_eq!(shapes, [[2, 2], [2, 2], [1, 2]]);
        /// assert!(t.try_axis_chunks_iter(0, 0).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_axis_chunks_iter(
            &self,
            axis: isize,
            size: usize,
        ) -> Result<DynViews<$lt, T>, ShapeError> {
            let $this = self;
            chunks($data, $layout, axis, size)
        }

        /// Every window of extents `window` (one per axis), overlapping, in row-major order of
        /// where it starts (ndarray's `windows`, numpy's `sliding_window_view` one window at a
        /// time); none when a window is longer than its axis.
        ///
        /// Errors: [`ShapeError::Window`] when `window` has not one extent per axis or has an
        /// extent 0.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[4], |i| i[0]);
        /// let w: Vec<Vec<usize>> = t.try_windows(&[3])?.map(|w| w.to_vec()).collect();
        /// assert_eq!(w, [[0, 1, 2], [1, 2, 3]]);
        /// assert_eq!(t.try_windows(&[5])?.count(), 0);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_windows(&self, window: &[usize]) -> Result<DynViews<$lt, T>, ShapeError> {
            let $this = self;
            windows($data, $layout, window)
        }

        /// Entry `index` of `axis` (both negative from the end), that axis removed: numpy's
        /// `a[:, i]` for `axis` 1, a view.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::Index`] for an
        /// index outside `-n..n`.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
        /// assert_eq!(t.try_index_axis(1, -1)?.to_vec(), [2, 12]);   // a[:, -1]
        /// assert_eq!(t.try_index_axis(0, 1)?.shape(), &[3]);
        /// assert!(t.try_index_axis(1, 3).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_index_axis(
            &self,
            axis: isize,
            index: isize,
        ) -> Result<DynView<$lt, T>, ShapeError> {
            let $this = self;
            Ok(DynView::new($data, vl::indexed($layout, axis, index)?))
        }

        /// The pieces of numpy's `split(a, indices, axis)`: `a[..indices[0]]`,
        /// `a[indices[0]..indices[1]]`, ..., `a[indices[last]..]` along `axis`, as views. An
        /// index past the end is clipped to it, and a piece whose end is below its start is
        /// empty, as numpy's slices.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[5], |i| i[0]);
        /// let parts = t.try_split_at(&[2, 3, 9], 0)?;
        /// let parts: Vec<Vec<usize>> = parts.iter().map(|p| p.to_vec()).collect();
        /// assert_eq!(parts, [vec![0, 1], vec![2], vec![3, 4], vec![]]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_split_at(
            &self,
            indices: &[usize],
            axis: isize,
        ) -> Result<Vec<DynView<$lt, T>>, ShapeError> {
            let $this = self;
            split($data, $layout, indices, axis)
        }

        /// `axis` cut into `sections` views of one extent, numpy's `split(a, sections, axis)`.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::Sections`] for
        /// 0 sections or a number that does not divide the axis's extent (see
        /// [`try_array_split`](Self::try_array_split)), [`ShapeError::Allocation`] when the
        /// list of `sections` views cannot be allocated.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 6], |i| 10 * i[0] + i[1]);
        /// let thirds = t.try_split(3, -1)?;
        /// assert_eq!(thirds.len(), 3);
        /// assert_eq!((thirds[1].shape(), thirds[1].to_vec()), (&[2, 2][..], vec![2, 3, 12, 13]));
        /// assert!(t.try_split(4, -1).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_split(
            &self,
            sections: usize,
            axis: isize,
        ) -> Result<Vec<DynView<$lt, T>>, ShapeError> {
            let $this = self;
            let at = section_ends($layout, sections, axis, true)?;
            split($data, $layout, &at, axis)
        }

        /// `axis` cut into `sections` views whose extents differ by at most one, the longer
        /// ones first, numpy's `array_split(a, sections, axis)`: an extent of 7 in 3 is 3, 2, 2;
        /// more sections than entries gives empty views at the end.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::Sections`] for
        /// 0 sections, [`ShapeError::Allocation`] when the list of `sections` views cannot be
        /// allocated.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[7], |i| i[0]);
        /// let parts: Vec<Vec<usize>> =
        ///     t.try_array_split(3, 0)?.iter().map(|p| p.to_vec()).collect();
        /// assert_eq!(parts, [vec![0, 1, 2], vec![3, 4], vec![5, 6]]);
        /// assert_eq!(t.try_array_split(9, 0)?.last().unwrap().len(), 0);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_array_split(
            &self,
            sections: usize,
            axis: isize,
        ) -> Result<Vec<DynView<$lt, T>>, ShapeError> {
            let $this = self;
            let at = section_ends($layout, sections, axis, false)?;
            split($data, $layout, &at, axis)
        }
    };
}

impl<T> DynTensor<T> {
    axis_views!('_, |t| (t.as_slice(), &t.layout()));
}

impl<'a, T> DynView<'a, T> {
    axis_views!('a, |v| (v.data(), v.layout()));
}

impl<T> DynViewMut<'_, T> {
    axis_views!('_, |v| (v.buffer(), v.layout()));
}
