//! [`DynIter`]: the elements of a [`DynView`](super::DynView) in logical row-major order.
//!
//! One multi-index per iterator (inline up to rank 6), advanced like an odometer: each step adds
//! a stride, and a carry subtracts the axis's whole span. No index vector per element. Positions
//! are signed sums kept in a `usize` with wrapping arithmetic, so negative strides walk back.

use super::dims::{DimVec, Strides};
use super::layout::Layout;

/// Iterator over a view's elements, last axis fastest.
pub struct DynIter<'a, T> {
    data: &'a [T],
    dims: DimVec,
    strides: Strides,
    index: DimVec,
    pos: usize,
    remaining: usize,
}

impl<'a, T> DynIter<'a, T> {
    /// Iterates `layout` over `data`, the buffer its offset and strides point into.
    pub(crate) fn new(data: &'a [T], layout: &Layout) -> Self {
        Self {
            data,
            dims: layout.dims.clone(),
            strides: layout.strides.clone(),
            index: DimVec::filled(layout.rank(), 0),
            pos: layout.offset,
            remaining: layout.len(),
        }
    }
}

impl<T> Clone for DynIter<'_, T> {
    fn clone(&self) -> Self {
        Self {
            data: self.data,
            dims: self.dims.clone(),
            strides: self.strides.clone(),
            index: self.index.clone(),
            pos: self.pos,
            remaining: self.remaining,
        }
    }
}

impl<'a, T> Iterator for DynIter<'a, T> {
    type Item = &'a T;

    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        if self.remaining == 0 {
            return None;
        }
        let data: &'a [T] = self.data;
        let item = &data[self.pos];
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
        Some(item)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl<T> ExactSizeIterator for DynIter<'_, T> {}

impl<T> core::iter::FusedIterator for DynIter<'_, T> {}
