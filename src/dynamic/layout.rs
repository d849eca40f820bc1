//! [`Layout`]: where each element of a dynamic-rank tensor or view lives.
//!
//! `dims` and `strides` are [`DimVec`]s, inline up to rank 6, so describing a small tensor never
//! touches the heap. Strides are signed and in elements: a stride of 0 repeats one element along
//! its axis (a broadcast), a negative one walks backwards (a reversed slice); `offset` is where
//! the first element sits in the buffer. Element `i` of the view is at
//! `offset + Σ i[k] * strides[k]`, and every such position lies in the buffer (each constructor
//! checks it).

use super::dims::{DimVec, Strides};
use crate::ShapeError;

/// Extents, strides (in elements) and the offset of the first element.
///
/// ```
/// use shaped::DynTensor;
/// let t = DynTensor::<f32>::zeros(&[2, 3, 4]);
/// let l = t.layout();
/// assert_eq!((l.dims(), l.strides(), l.offset()), (&[2, 3, 4][..], &[12, 4, 1][..], 0));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Layout {
    pub(crate) dims: DimVec,
    pub(crate) strides: Strides,
    pub(crate) offset: usize,
}

/// The number of elements of `dims`, `None` when it overflows `usize`. A zero extent makes the
/// count 0 whatever the others multiply to (numpy agrees).
#[inline]
pub(crate) fn checked_count(dims: &[usize]) -> Option<usize> {
    let mut n: usize = 1;
    let mut overflow = false;
    for &d in dims {
        if d == 0 {
            return Some(0);
        }
        match n.checked_mul(d) {
            Some(m) => n = m,
            None => overflow = true,
        }
    }
    if overflow { None } else { Some(n) }
}

/// The count of `dims`, or the error that names them.
#[inline]
pub(crate) fn count_or_err(dims: &[usize]) -> Result<usize, ShapeError> {
    checked_count(dims).ok_or_else(|| ShapeError::Overflow {
        shape: crate::error::Dims::new(dims),
    })
}

impl Layout {
    /// Row-major over `dims`, offset 0. The caller has checked the element count.
    #[inline]
    pub(crate) fn row_major(dims: DimVec) -> Self {
        let strides = Strides::row_major(&dims);
        Self {
            dims,
            strides,
            offset: 0,
        }
    }

    /// The extents, outermost first.
    #[inline]
    pub fn dims(&self) -> &[usize] {
        &self.dims
    }

    /// The strides in elements, one per axis (0 on a broadcast axis, negative on a reversed one).
    #[inline]
    pub fn strides(&self) -> &[isize] {
        &self.strides
    }

    /// Where the first element sits in the underlying buffer.
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The number of axes.
    #[inline]
    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    /// The number of elements (the count was checked when the layout was made).
    #[inline]
    pub fn len(&self) -> usize {
        checked_count(&self.dims).unwrap_or(0)
    }

    /// `true` when some extent is 0.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.dims.contains(&0)
    }

    /// The same layout, with the offset of an empty one set to 0. An empty view reaches no
    /// position, so its offset may lie anywhere, even past the end of its data (an `as_strided`
    /// offset, a diagonal past the edge); every view keeps `offset <= data.len()` by starting
    /// empty ones at 0, so the code that slices its data from the offset on needs no case.
    #[inline]
    pub(crate) fn anchored(mut self) -> Self {
        if self.is_empty() {
            self.offset = 0;
        }
        self
    }

    /// `true` when the elements are row-major and packed: position `i` in row-major order is
    /// `offset + i`. Extent-1 axes may have any stride, and an empty layout is row-major
    /// whatever its strides (it has no position to be out of order; numpy's flags agree).
    #[inline]
    pub fn is_row_major(&self) -> bool {
        self.is_empty() || super::plan::packed(&self.dims, &self.strides)
    }

    /// The position in the buffer of a multi-index, `None` when the index has the wrong length
    /// or a coordinate is out of its extent.
    #[inline]
    pub fn position(&self, index: &[usize]) -> Option<usize> {
        if index.len() != self.dims.len() {
            return None;
        }
        let mut at = self.offset as isize;
        for ((&i, &d), &s) in index.iter().zip(self.dims.iter()).zip(self.strides.iter()) {
            if i >= d {
                return None;
            }
            at += i as isize * s;
        }
        Some(at as usize)
    }
}

impl core::fmt::Debug for Layout {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Layout")
            .field("dims", &self.dims())
            .field("strides", &self.strides())
            .field("offset", &self.offset)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(checked_count(&[]), Some(1));
        assert_eq!(checked_count(&[2, 3]), Some(6));
        assert_eq!(checked_count(&[usize::MAX, 2]), None);
        assert_eq!(checked_count(&[usize::MAX, 2, 0]), Some(0));
    }

    #[test]
    fn row_major_strides() {
        let l = Layout::row_major(DimVec::from_slice(&[2, 3, 4]));
        assert_eq!(l.strides(), &[12, 4, 1]);
        assert!(l.is_row_major());
        assert_eq!(l.position(&[1, 2, 3]), Some(23));
        assert_eq!(l.position(&[1, 3, 0]), None);
        assert_eq!(l.position(&[1, 2]), None);
    }
}
