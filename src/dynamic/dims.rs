//! [`DimVec`]: a short list of `usize` (extents or strides) stored inline up to rank
//! [`INLINE`], on the heap above it.
//!
//! Most tensors have few axes, and a dynamic operation builds a fresh shape for its result: keeping
//! those inline is what lets a binary operation of rank ≤ 6 allocate nothing but its output
//! buffer (checked by `tests/dynamic_alloc.rs`).

use alloc::vec::Vec;
use core::fmt;
use core::ops::{Deref, DerefMut};

/// The largest rank whose extents and strides are stored without a heap allocation.
pub const INLINE: usize = 6;

/// Extents or strides: inline up to [`INLINE`] entries, a `Vec` beyond.
#[derive(Clone)]
pub(crate) enum DimVec {
    Inline { len: u8, buf: [usize; INLINE] },
    Heap(Vec<usize>),
}

impl DimVec {
    /// `len` copies of `value`.
    #[inline]
    pub(crate) fn filled(len: usize, value: usize) -> Self {
        if len <= INLINE {
            Self::Inline {
                len: len as u8,
                buf: [value; INLINE],
            }
        } else {
            Self::Heap(alloc::vec![value; len])
        }
    }

    /// A copy of `s`.
    #[inline]
    pub(crate) fn from_slice(s: &[usize]) -> Self {
        if s.len() <= INLINE {
            // An element loop: `copy_from_slice` of a run-time length calls `memcpy`, most of the
            // cost of copying a handful of extents.
            let mut buf = [0; INLINE];
            for (o, &x) in buf.iter_mut().zip(s) {
                *o = x;
            }
            Self::Inline {
                len: s.len() as u8,
                buf,
            }
        } else {
            Self::Heap(s.to_vec())
        }
    }

    /// The row-major strides of the extents `dims`.
    #[inline]
    pub(crate) fn row_major_strides(dims: &[usize]) -> Self {
        let mut out = Self::filled(dims.len(), 0);
        let mut acc: usize = 1;
        for (s, &d) in out.iter_mut().zip(dims).rev() {
            *s = acc;
            acc = acc.wrapping_mul(d);
        }
        out
    }
}

impl Deref for DimVec {
    type Target = [usize];
    #[inline]
    fn deref(&self) -> &[usize] {
        match self {
            Self::Inline { len, buf } => &buf[..*len as usize],
            Self::Heap(v) => v,
        }
    }
}

impl DerefMut for DimVec {
    #[inline]
    fn deref_mut(&mut self) -> &mut [usize] {
        match self {
            Self::Inline { len, buf } => &mut buf[..*len as usize],
            Self::Heap(v) => v,
        }
    }
}

impl PartialEq for DimVec {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for DimVec {}

impl core::hash::Hash for DimVec {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state)
    }
}

impl fmt::Debug for DimVec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_is_inline_large_is_heap() {
        assert!(matches!(
            DimVec::from_slice(&[1, 2, 3, 4, 5, 6]),
            DimVec::Inline { len: 6, .. }
        ));
        assert!(matches!(DimVec::from_slice(&[0; 7]), DimVec::Heap(_)));
        assert_eq!(&*DimVec::from_slice(&[3, 4]), &[3, 4]);
        assert_eq!(&*DimVec::filled(9, 2), &[2; 9]);
        assert!(DimVec::filled(0, 1).is_empty());
    }
}
