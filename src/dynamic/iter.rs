//! [`DynIter`]: the elements of a [`DynView`](super::DynView) in logical row-major order.
//!
//! One multi-index per iterator (inline up to rank 6), advanced like an odometer: each step adds
//! a stride, and a carry subtracts the axis's whole span. No index vector per element. Positions
//! are signed sums kept in a `usize` with wrapping arithmetic, so negative strides walk back.

use super::dims::{DimVec, Strides};
use super::layout::Layout;

/// The buffer positions of a layout's elements in logical row-major order: what [`DynIter`]
/// reads, and where reductions and sorts find their lanes.
#[derive(Clone)]
pub(crate) struct Positions {
    dims: DimVec,
    strides: Strides,
    index: DimVec,
    pos: usize,
    remaining: usize,
}

impl Positions {
    /// The positions of `dims` with `strides` from `offset`.
    pub(crate) fn new(dims: &[usize], strides: &[isize], offset: usize) -> Self {
        Self {
            dims: DimVec::from_slice(dims),
            strides: Strides::from_slice(strides),
            index: DimVec::filled(dims.len(), 0),
            pos: offset,
            remaining: super::layout::checked_count(dims).unwrap_or(0),
        }
    }
}

impl Iterator for Positions {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.remaining == 0 {
            return None;
        }
        let here = self.pos;
        self.remaining -= 1;
        if self.remaining > 0 {
            for ax in (0..self.index.len()).rev() {
                let s = self.strides[ax] as usize;
                self.index[ax] += 1;
                self.pos = self.pos.wrapping_add(s);
                if self.index[ax] < self.dims[ax] {
                    break;
                }
                self.pos = self.pos.wrapping_sub(s.wrapping_mul(self.dims[ax]));
                self.index[ax] = 0;
            }
        }
        Some(here)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }

    /// Skips `k` positions at once, by adding `k` to the multi-index with carries: printing a
    /// summarised view skips its hidden elements so, however many there are.
    fn nth(&mut self, k: usize) -> Option<usize> {
        if k >= self.remaining {
            self.remaining = 0;
            return None;
        }
        self.remaining -= k;
        let strides = &self.strides;
        let moved = crate::layout::index::skip_index(
            &mut self.index,
            &self.dims,
            |a| strides[a] as usize,
            k,
        );
        self.pos = self.pos.wrapping_add(moved);
        self.next()
    }
}

impl ExactSizeIterator for Positions {}

/// Iterator over a view's elements, last axis fastest.
pub struct DynIter<'a, T> {
    data: &'a [T],
    positions: Positions,
}

impl<'a, T> DynIter<'a, T> {
    /// Iterates `layout` over `data`, the buffer its offset and strides point into.
    pub(crate) fn new(data: &'a [T], layout: &Layout) -> Self {
        Self {
            data,
            positions: Positions::new(&layout.dims, &layout.strides, layout.offset),
        }
    }
}

impl<T> Clone for DynIter<'_, T> {
    fn clone(&self) -> Self {
        Self {
            data: self.data,
            positions: self.positions.clone(),
        }
    }
}

impl<'a, T> Iterator for DynIter<'a, T> {
    type Item = &'a T;

    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        let data: &'a [T] = self.data;
        self.positions.next().map(|p| &data[p])
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.positions.size_hint()
    }

    fn nth(&mut self, k: usize) -> Option<&'a T> {
        let data: &'a [T] = self.data;
        self.positions.nth(k).map(|p| &data[p])
    }
}

impl<T> ExactSizeIterator for DynIter<'_, T> {}

impl<T> core::iter::FusedIterator for DynIter<'_, T> {}

/// A multi-index of a dynamic shape: its coordinates inline up to rank
/// [`INLINE`](super::INLINE), so iterating positions allocates nothing for small ranks. Derefs
/// to `&[usize]`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct DynIndex(DimVec);

impl core::ops::Deref for DynIndex {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.0
    }
}

impl core::fmt::Debug for DynIndex {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(&*self.0, f)
    }
}

impl PartialEq<[usize]> for DynIndex {
    fn eq(&self, other: &[usize]) -> bool {
        *self.0 == *other
    }
}

impl<const N: usize> PartialEq<[usize; N]> for DynIndex {
    fn eq(&self, other: &[usize; N]) -> bool {
        *self.0 == other[..]
    }
}

/// Every multi-index of a dynamic shape in row-major order: one for rank 0, none when an
/// extent is 0 (CANN's position iterator, numpy's `ndindex`).
///
/// ```
/// use shaped::DynTensor;
/// let t = DynTensor::<u8>::zeros(&[2, 1, 2]);
/// let all: Vec<_> = t.indices().collect();
/// assert_eq!(all.len(), 4);
/// assert_eq!(all[3], [1, 0, 1]);
/// assert_eq!(DynTensor::<u8>::zeros(&[]).indices().count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct DynIndices {
    dims: DimVec,
    index: DimVec,
    left: usize,
}

impl DynIndices {
    pub(crate) fn new(dims: &[usize]) -> Self {
        Self {
            dims: DimVec::from_slice(dims),
            index: DimVec::filled(dims.len(), 0),
            left: super::layout::checked_count(dims).unwrap_or(0),
        }
    }
}

impl Iterator for DynIndices {
    type Item = DynIndex;
    #[inline]
    fn next(&mut self) -> Option<DynIndex> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let here = DynIndex(self.index.clone());
        crate::layout::index::step_index(&mut self.index, &self.dims);
        Some(here)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for DynIndices {}
