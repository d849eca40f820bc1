//! Strides, and the loop plan computed from them at compile time.
//!
//! Every compile-time computation works on shapes right-aligned in [`MAX_RANK`] slots (leading
//! slots have extent 1), so one `const fn` serves every rank. A static operand's strides relative
//! to the output are constants: its own strides, or 0 on an axis where it has extent 1. The
//! [`plan`] then drops extent-1 axes and merges adjacent axes that are contiguous for every operand
//! (`[2,3,4]+[2,3,4]` is one loop of 24; `[8,16,32]+[32]` is 128 × 32 with stride 0 outside for the
//! right operand), so the generated kernel runs as few, as long, rows as the shapes allow.

use core::marker::PhantomData;

use crate::shape::kind::Kind;
use crate::{BroadcastInto, Shape};

pub(crate) mod derive;
pub(crate) mod index;
mod views;
pub(crate) use views::stride_of;
pub use views::{
    DiagonalOf, DiagonalToOf, EntryOf, LaneOf, Moved, Narrowed, Permuted, Reversed, Stepped,
    Strided, Swapped, Unsqueezed,
};

/// The largest static rank, and the rank of the padded plans.
pub const MAX_RANK: usize = 8;

/// Product of the extents; a product that overflows `usize` is a compile-time error.
pub const fn element_count(dims: &[usize]) -> usize {
    // A zero extent makes the count 0, whatever the other extents multiply to.
    let mut i = 0;
    while i < dims.len() {
        if dims[i] == 0 {
            return 0;
        }
        i += 1;
    }
    let mut n: usize = 1;
    let mut i = 0;
    while i < dims.len() {
        n = match n.checked_mul(dims[i]) {
            Some(n) => n,
            None => panic!("the element count of this shape overflows usize"),
        };
        i += 1;
    }
    n
}

/// Product of the extents, `None` when it overflows `usize` (0 whenever an extent is 0).
pub fn checked_count(dims: &[usize]) -> Option<usize> {
    if dims.contains(&0) {
        return Some(0);
    }
    dims.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

/// Row-major strides of padded dims (the last axis has stride 1).
pub const fn row_major(dims: &[usize; MAX_RANK]) -> [usize; MAX_RANK] {
    let mut s = [0; MAX_RANK];
    let mut acc: usize = 1;
    let mut i = MAX_RANK;
    while i > 0 {
        i -= 1;
        s[i] = acc;
        acc = acc.wrapping_mul(dims[i]);
    }
    s
}

/// The last `R` slots of a padded array.
pub const fn unpad<const R: usize>(p: &[usize; MAX_RANK]) -> [usize; R] {
    let mut out = [0; R];
    let mut i = 0;
    while i < R {
        out[i] = p[MAX_RANK - R + i];
        i += 1;
    }
    out
}

/// An operand's strides when it is read as part of a broadcast: 0 wherever its extent is 1
/// (including the padding), so the same element is read along that axis.
pub const fn broadcast_strides(
    dims: &[usize; MAX_RANK],
    strides: &[usize; MAX_RANK],
) -> [usize; MAX_RANK] {
    let mut s = [0; MAX_RANK];
    let mut i = 0;
    while i < MAX_RANK {
        s[i] = if dims[i] == 1 { 0 } else { strides[i] };
        i += 1;
    }
    s
}

/// A loop nest over `N` operands: extents and each operand's strides, right-aligned and padded
/// with extent 1, stride 0. The output (when there is one) is contiguous in these dims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan<const N: usize> {
    /// Axes that remain after dropping extent 1 and merging.
    pub rank: usize,
    /// Extents, right-aligned.
    pub dims: [usize; MAX_RANK],
    /// Per operand, its stride on each axis.
    pub strides: [[usize; MAX_RANK]; N],
}

/// Plans a loop nest: drops extent-1 axes and merges each axis into the next inner one when it
/// is contiguous with it for every operand (`stride[i] == stride[i+1] * dims[i+1]`).
pub const fn plan<const N: usize>(
    dims: &[usize; MAX_RANK],
    strides: &[[usize; MAX_RANK]; N],
) -> Plan<N> {
    let mut out = Plan {
        rank: 0,
        dims: [1; MAX_RANK],
        strides: [[0; MAX_RANK]; N],
    };
    // Walk from the innermost axis outward, filling `out` from the right.
    let mut i = MAX_RANK;
    while i > 0 {
        i -= 1;
        let d = dims[i];
        if d == 1 {
            continue;
        }
        if out.rank > 0 {
            let at = MAX_RANK - out.rank; // the current outermost planned axis
            let inner = out.dims[at];
            let mut mergeable = true;
            let mut k = 0;
            while k < N {
                if strides[k][i] != out.strides[k][at].wrapping_mul(inner) {
                    mergeable = false;
                }
                k += 1;
            }
            if mergeable {
                out.dims[at] = inner.wrapping_mul(d);
                continue;
            }
        }
        out.rank += 1;
        let at = MAX_RANK - out.rank;
        out.dims[at] = d;
        let mut k = 0;
        while k < N {
            out.strides[k][at] = strides[k][i];
            k += 1;
        }
    }
    out
}

/// How many elements an operand must have for a loop over `dims` with `strides` to stay in
/// bounds: one past the largest offset it reads (0 when the loop is empty).
pub const fn reach(dims: &[usize; MAX_RANK], strides: &[usize; MAX_RANK]) -> usize {
    let mut last = 0;
    let mut i = 0;
    while i < MAX_RANK {
        if dims[i] == 0 {
            return 0;
        }
        last += (dims[i] - 1) * strides[i];
        i += 1;
    }
    last + 1
}

/// Extents and strides right-aligned in [`MAX_RANK`] slots (leading slots: extent 1, stride 0),
/// the form every plan reads: constants for a static operand, filled at run time for one with a
/// `Dyn` axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Padded {
    /// Extents.
    pub dims: [usize; MAX_RANK],
    /// Strides in elements.
    pub strides: [usize; MAX_RANK],
}

impl Padded {
    /// `dims` and `strides` (each of rank at most [`MAX_RANK`]) right-aligned.
    #[inline]
    pub fn new(dims: &[usize], strides: &[usize]) -> Self {
        let mut out = Self {
            dims: [1; MAX_RANK],
            strides: [0; MAX_RANK],
        };
        out.dims[MAX_RANK - dims.len()..].copy_from_slice(dims);
        out.strides[MAX_RANK - strides.len()..].copy_from_slice(strides);
        out
    }
}

/// How a static view lays its elements out: strides for shape `S` as constants.
pub trait Layout<S: Shape>: Copy + Default + core::fmt::Debug + Send + Sync + 'static {
    /// Strides of `S`'s axes, right-aligned in [`MAX_RANK`] slots.
    const STRIDES: [usize; MAX_RANK];
    /// [`Fixed`](crate::Fixed) when the strides are these constants; [`Runtime`](crate::Runtime)
    /// when the view was taken from a source with a `Dyn` axis, so its strides are only known
    /// when the program runs (and the view keeps them, whatever its own shape).
    #[doc(hidden)]
    type Kind: Kind;
    /// Whether the strides are always row-major for the view's extents, run-time ones included
    /// (what lets a shape with a `Dyn` batch plan its loop at compile time).
    #[doc(hidden)]
    const ROW_MAJOR: bool = false;
}

/// The row-major layout of an owned tensor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RowMajor;

impl<S: Shape> Layout<S> for RowMajor {
    // Row-major strides follow the extents: the shape's kind says whether they are constants.
    type Kind = crate::Fixed;
    const STRIDES: [usize; MAX_RANK] = row_major(&S::PADDED_DIMS);
    const ROW_MAJOR: bool = true;
}

/// The layout of a view of `Src` (itself laid out by `L`) broadcast to a larger shape: stride 0 on
/// every axis where `Src` has extent 1 or no axis at all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BroadcastLayout<Src, L>(PhantomData<(Src, L)>);

impl<Src: Shape, L: Layout<Src>, S: Shape> Layout<S> for BroadcastLayout<Src, L>
where
    Src: BroadcastInto<S>,
{
    type Kind = <L::Kind as Kind>::Or<Src::Kind>;
    const STRIDES: [usize; MAX_RANK] = broadcast_strides(&Src::PADDED_DIMS, &L::STRIDES);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pad(d: &[usize]) -> [usize; MAX_RANK] {
        let mut p = [1; MAX_RANK];
        p[MAX_RANK - d.len()..].copy_from_slice(d);
        p
    }

    #[test]
    fn same_shape_merges_into_one_row() {
        let d = pad(&[2, 3, 4]);
        let s = row_major(&d);
        let p = plan(&d, &[s, s]);
        assert_eq!((p.rank, p.dims[MAX_RANK - 1]), (1, 24));
        assert_eq!(p.strides[0][MAX_RANK - 1], 1);
    }

    #[test]
    fn trailing_broadcast_keeps_a_stride_zero_outer_axis() {
        // [8,16,32] + [32]: 128 rows of 32, right operand stride 0 across rows.
        let d = pad(&[8, 16, 32]);
        let sa = row_major(&d);
        let sb = broadcast_strides(&pad(&[32]), &row_major(&pad(&[32])));
        let p = plan(&d, &[sa, sb]);
        assert_eq!(p.rank, 2);
        assert_eq!(&p.dims[MAX_RANK - 2..], &[128, 32]);
        assert_eq!(&p.strides[1][MAX_RANK - 2..], &[0, 1]);
        assert_eq!(&p.strides[0][MAX_RANK - 2..], &[32, 1]);
    }

    #[test]
    fn extent_one_axes_are_dropped() {
        let d = pad(&[3, 1, 4]);
        let p = plan(&d, &[row_major(&d)]);
        assert_eq!((p.rank, p.dims[MAX_RANK - 1]), (1, 12));
    }

    #[test]
    fn broadcast_in_the_middle_is_not_merged() {
        // [3,4,8] + [3,1,1]: right operand is constant over the inner 32.
        let d = pad(&[3, 4, 8]);
        let sa = row_major(&d);
        let b = pad(&[3, 1, 1]);
        let sb = broadcast_strides(&b, &row_major(&b));
        let p = plan(&d, &[sa, sb]);
        assert_eq!(p.rank, 2);
        assert_eq!(&p.dims[MAX_RANK - 2..], &[3, 32]);
        assert_eq!(&p.strides[1][MAX_RANK - 2..], &[1, 0]);
    }

    #[test]
    fn element_count_multiplies() {
        assert_eq!(element_count(&[2, 3, 4]), 24);
        assert_eq!(element_count(&[]), 1);
        assert_eq!(element_count(&[5, 0]), 0);
        assert_eq!(element_count(&[usize::MAX, 2, 0]), 0);
    }
}
