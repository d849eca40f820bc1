//! [`DimVec`]: a short list of extents (`usize`) or strides (`isize`) stored inline up to rank
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

/// Extents (`DimVec<usize>`) or strides (`DimVec<isize>`): inline up to [`INLINE`] entries, a
/// `Vec` beyond.
#[derive(Clone)]
pub(crate) enum DimVec<T = usize> {
    Inline { len: u8, buf: [T; INLINE] },
    Heap(Vec<T>),
}

/// Signed strides, in elements.
pub(crate) type Strides = DimVec<isize>;

impl<T: Copy + Default> DimVec<T> {
    /// `len` copies of `value`.
    #[inline]
    pub(crate) fn filled(len: usize, value: T) -> Self {
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
    pub(crate) fn from_slice(s: &[T]) -> Self {
        if s.len() <= INLINE {
            // An element loop: `copy_from_slice` of a run-time length calls `memcpy`, most of the
            // cost of copying a handful of extents.
            let mut buf = [T::default(); INLINE];
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
}

impl Strides {
    /// The row-major strides of the extents `dims`. Their element count fits `isize` (a
    /// `Vec` holds at most `isize::MAX` bytes), so no stride wraps.
    #[inline]
    pub(crate) fn row_major(dims: &[usize]) -> Self {
        let mut out = Self::filled(dims.len(), 0);
        let mut acc: isize = 1;
        for (s, &d) in out.iter_mut().zip(dims).rev() {
            *s = acc;
            acc = acc.wrapping_mul(d as isize);
        }
        out
    }
}

impl<T> Deref for DimVec<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        match self {
            Self::Inline { len, buf } => &buf[..*len as usize],
            Self::Heap(v) => v,
        }
    }
}

impl<T> DerefMut for DimVec<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            Self::Inline { len, buf } => &mut buf[..*len as usize],
            Self::Heap(v) => v,
        }
    }
}

impl<T: PartialEq> PartialEq for DimVec<T> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Eq> Eq for DimVec<T> {}

impl<T: core::hash::Hash> core::hash::Hash for DimVec<T> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state)
    }
}

impl<T: fmt::Debug> fmt::Debug for DimVec<T> {
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
            DimVec::from_slice(&[1usize, 2, 3, 4, 5, 6]),
            DimVec::Inline { len: 6, .. }
        ));
        assert!(matches!(DimVec::from_slice(&[0usize; 7]), DimVec::Heap(_)));
        assert_eq!(&*Strides::row_major(&[2, 3, 4]), &[12, 4, 1]);
        assert_eq!(&*DimVec::from_slice(&[3usize, 4]), &[3, 4]);
        assert_eq!(&*DimVec::filled(9, 2usize), &[2; 9]);
        assert!(DimVec::filled(0, 1usize).is_empty());
    }
}
