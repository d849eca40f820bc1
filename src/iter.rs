//! Iterators over positions and elements: [`Indices`] (every multi-index of a shape),
//! [`IndexedIter`] over a tensor, [`ViewIter`] over a view, and the views along one axis
//! ([`AxisIter`], [`Lanes`]).

pub use crate::ops::axis_iter::{AxisIter, LaneShape, Lanes};

use crate::layout::Layout;
use crate::layout::index::step_index;
use crate::{Shape, TensorView};

/// `(multi-index, &element)` in row-major order; from [`Tensor::indexed_iter`](crate::Tensor::indexed_iter).
#[derive(Clone, Debug)]
pub struct IndexedIter<'a, T, S: Shape> {
    elems: core::slice::Iter<'a, T>,
    index: S::Index,
    dims: S::Index,
}

impl<'a, T, S: Shape> IndexedIter<'a, T, S> {
    pub(crate) fn new(elems: &'a [T], dims: S::Index) -> Self {
        Self {
            elems: elems.iter(),
            index: S::Index::default(),
            dims,
        }
    }
}

impl<'a, T, S: Shape> Iterator for IndexedIter<'a, T, S> {
    type Item = (S::Index, &'a T);
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let x = self.elems.next()?;
        let here = self.index;
        step_index(self.index.as_mut(), self.dims.as_ref());
        Some((here, x))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.elems.size_hint()
    }
}

impl<T, S: Shape> ExactSizeIterator for IndexedIter<'_, T, S> {}

/// The elements of a view in its row-major order (repeating broadcast elements).
pub struct ViewIter<'a, T, S: Shape, L: Layout<S>> {
    view: TensorView<'a, T, S, L>,
    index: S::Index,
    offset: usize,
    left: usize,
}

impl<T, S: Shape, L: Layout<S>> Clone for ViewIter<'_, T, S, L> {
    fn clone(&self) -> Self {
        Self { ..*self }
    }
}

impl<'a, T, S: Shape, L: Layout<S>> ViewIter<'a, T, S, L> {
    pub(crate) fn new(view: TensorView<'a, T, S, L>) -> Self {
        Self {
            view,
            index: S::Index::default(),
            offset: 0,
            left: view.len(),
        }
    }
}

impl<'a, T, S: Shape, L: Layout<S>> Iterator for ViewIter<'a, T, S, L> {
    type Item = &'a T;
    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let x = &self.view.source()[self.offset];
        // Odometer step that keeps the offset in sync: no multiply per element.
        let (dims, strides) = (self.view.shape(), self.view.strides());
        for ((i, &d), &s) in self.index.as_mut().iter_mut().zip(dims).zip(strides).rev() {
            *i += 1;
            self.offset += s;
            if *i < d {
                break;
            }
            self.offset -= s * d;
            *i = 0;
        }
        Some(x)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
    /// Skips `k` elements at once, adding `k` to the index with carries (printing a summarised
    /// view skips its hidden elements so).
    fn nth(&mut self, k: usize) -> Option<&'a T> {
        if k >= self.left {
            self.left = 0;
            return None;
        }
        self.left -= k;
        let (dims, strides) = (self.view.shape(), self.view.strides());
        let moved = crate::layout::index::skip_index(self.index.as_mut(), dims, |a| strides[a], k);
        self.offset = self.offset.wrapping_add(moved);
        self.next()
    }
}

impl<T, S: Shape, L: Layout<S>> ExactSizeIterator for ViewIter<'_, T, S, L> {}

/// Every multi-index of shape `S` in row-major order (the last axis fastest): one for rank 0,
/// none when an extent is 0. From [`Tensor::indices`](crate::Tensor::indices) and
/// [`TensorView::indices`].
///
/// ```
/// use shaped::{shape, Tensor};
/// let t = Tensor::<u8, shape![2, 2]>::zeros();
/// assert_eq!(t.indices().collect::<Vec<_>>(), [[0, 0], [0, 1], [1, 0], [1, 1]]);
/// assert_eq!(Tensor::<u8, shape![]>::zeros().indices().count(), 1);
/// assert_eq!(Tensor::<u8, shape![3, 0]>::zeros().indices().count(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Indices<S: Shape> {
    index: S::Index,
    dims: S::Index,
    left: usize,
}

impl<S: Shape> Indices<S> {
    pub(crate) fn new(dims: S::Index) -> Self {
        Self {
            index: S::Index::default(),
            dims,
            left: crate::layout::element_count(dims.as_ref()),
        }
    }
}

impl<S: Shape> Iterator for Indices<S> {
    type Item = S::Index;
    #[inline]
    fn next(&mut self) -> Option<S::Index> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let here = self.index;
        step_index(self.index.as_mut(), self.dims.as_ref());
        Some(here)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<S: Shape> ExactSizeIterator for Indices<S> {}
