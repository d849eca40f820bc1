//! ncnn's pairing of two shapes: where a lower-rank operand's axes go, and the check that every
//! axis then pairs equal extents or an extent 1.
//!
//! Shapes here are in numpy order (outermost first); ncnn writes them innermost first. The rule
//! is that of `BinaryOp::forward` in ncnn's `src/layer/binaryop.cpp`, which reshapes the
//! lower-rank operand and then loops over the larger extent of each axis.

use alloc::vec::Vec;

use crate::ShapeError;
use crate::dynamic::count_or_err;
use crate::error::Dims;

/// The most axes an ncnn `Mat` has (`w`, `h`, `d`, `c`).
pub const MAX_RANK: usize = 4;

/// The two operands laid out as ncnn pairs them: equal ranks, numpy order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Pairing {
    /// The left operand's extents with the unit axes ncnn gives it.
    pub a: Laid,
    /// The right operand's, likewise.
    pub b: Laid,
}

/// One operand's extents at the common rank: its own axes start at `first`; every other axis
/// is a unit axis ncnn added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Laid {
    pub dims: [usize; MAX_RANK],
    pub rank: usize,
    pub first: usize,
}

impl Laid {
    /// The extents, outermost first.
    pub fn dims(&self) -> &[usize] {
        &self.dims[..self.rank]
    }
}

/// Where ncnn puts `own`'s axes against an operand of shape `other` (rank `rank`, at least
/// `own`'s):
/// - the same rank: as they are;
/// - a scalar (rank 0): nowhere, it applies to every element;
/// - 1-D of length `n`: on the outermost axis when `n` equals `other`'s outermost extent (the
///   tie with the innermost goes there too), otherwise on the innermost axis;
/// - 2-D or 3-D against a higher rank: on the outermost axes, the unit axes added inside them
///   (numpy adds them outside).
fn lay(own: &[usize], other: &[usize], rank: usize) -> Laid {
    let mut dims = [1; MAX_RANK];
    let first = match own.len() {
        r if r == rank => 0,
        0 => 0,
        1 if own[0] != other[0] => rank - 1,
        _ => 0,
    };
    dims[first..first + own.len()].copy_from_slice(own);
    Laid { dims, rank, first }
}

/// ncnn's pairing of `a` and `b`, checked: each axis pairs equal extents or an extent 1 (ncnn
/// itself checks nothing and reads past the end of the smaller operand).
///
/// Errors: [`ShapeError::NcnnRank`] for an operand of more than [`MAX_RANK`] axes,
/// [`ShapeError::NcnnMismatch`] naming the innermost clashing axis.
pub(super) fn pair(a: &[usize], b: &[usize]) -> Result<Pairing, ShapeError> {
    for s in [a, b] {
        if s.len() > MAX_RANK {
            return Err(ShapeError::NcnnRank {
                shape: Dims::new(s),
            });
        }
    }
    let rank = a.len().max(b.len());
    let pairing = Pairing {
        a: lay(a, b, rank),
        b: lay(b, a, rank),
    };
    let (la, lb) = (pairing.a.dims(), pairing.b.dims());
    if let Some(axis) = (0..rank)
        .rev()
        .find(|&k| la[k] != lb[k] && la[k] != 1 && lb[k] != 1)
    {
        return Err(ShapeError::NcnnMismatch {
            a: Dims::new(a),
            b: Dims::new(b),
            a_as: Dims::new(la),
            b_as: Dims::new(lb),
            axis,
        });
    }
    Ok(pairing)
}

/// The shape of `a op b` under ncnn's `BinaryOp` pairing; shapes in numpy order (outermost
/// first), of rank 0 to 4.
///
/// It is numpy's result whenever numpy accepts the pair, except that a 2-D or 3-D operand
/// against a higher rank lines up on the *outer* axes (`[4, 3]` with `[4, 3, 5]` gives
/// `[4, 3, 5]`, where numpy refuses), and so does a 1-D operand whose length is the other's
/// outermost extent (`[4]` with `[4, 3, 5]`).
///
/// Errors: [`ShapeError::NcnnMismatch`] when, after ncnn's placement, an axis pairs two
/// different extents neither of which is 1 (ncnn would read past the end of one operand);
/// [`ShapeError::NcnnRank`] for an operand of rank 5 or more; [`ShapeError::Overflow`] when
/// the result has more than `usize::MAX` elements.
///
/// ```
/// use shaped::ncnn;
/// // A 1-D operand lies on the outermost axis when its length matches it ...
/// assert_eq!(ncnn::broadcast_shapes(&[4, 3, 5], &[4])?, [4, 3, 5]);
/// // ... and on the innermost otherwise.
/// assert_eq!(ncnn::broadcast_shapes(&[4, 3, 5], &[5])?, [4, 3, 5]);
/// // Lower ranks line up on the outer axes: numpy would refuse this pair.
/// assert_eq!(ncnn::broadcast_shapes(&[4, 3], &[4, 3, 5])?, [4, 3, 5]);
/// let err = ncnn::broadcast_shapes(&[3, 5], &[7]).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "ncnn cannot pair [3, 5] with [7]: it lays them out as [3, 5] and [1, 7], and axis 1 \
///      has 5 vs 7 (ncnn would read past the end of one operand); make the extents equal or 1, \
///      or reshape the operands yourself"
/// );
/// # Ok::<(), shaped::ShapeError>(())
/// ```
pub fn broadcast_shapes(a: &[usize], b: &[usize]) -> Result<Vec<usize>, ShapeError> {
    let p = pair(a, b)?;
    let out: Vec<usize> = (p.a.dims().iter().zip(p.b.dims()))
        .map(|(&x, &y)| if x == 1 { y } else { x })
        .collect();
    count_or_err(&out)?;
    Ok(out)
}

/// The equal-rank shapes, numpy order, that `a` and `b` must be reshaped to for numpy's
/// broadcasting to pair their elements exactly as ncnn's `BinaryOp` does: the reshape a model
/// converter (pnnx) inserts. Only unit axes are added, so the reshape never moves an element.
///
/// Where numpy already pairs the operands the same way the shapes come back padded as numpy
/// pads them (on the left); they differ where ncnn lines a lower rank up on the outer axes, and
/// in the tie (`[2, 2]` with `[2]`: ncnn pairs the `[2]` with the rows, numpy with the columns).
///
/// Errors: as for [`broadcast_shapes`].
///
/// ```
/// use shaped::{DynTensor, ncnn};
/// let (a, b) = ncnn::expand_shapes(&[2, 2], &[2])?;
/// assert_eq!((a, b), (vec![2, 2], vec![2, 1])); // numpy would use [1, 2]
/// // Reshaped so, plain numpy broadcasting gives ncnn's answer.
/// let x = DynTensor::from_shape_vec(&[2, 2], vec![1, 2, 3, 4])?;
/// let y = DynTensor::from_shape_vec(&[2, 1], vec![10, 20])?;
/// assert_eq!(x.try_add(&y)?.to_vec(), [11, 12, 23, 24]);
/// # Ok::<(), shaped::ShapeError>(())
/// ```
pub fn expand_shapes(a: &[usize], b: &[usize]) -> Result<(Vec<usize>, Vec<usize>), ShapeError> {
    let p = pair(a, b)?;
    Ok((p.a.dims().to_vec(), p.b.dims().to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn laid(a: &[usize], b: &[usize]) -> (Vec<usize>, Vec<usize>) {
        expand_shapes(a, b).unwrap()
    }

    #[test]
    fn one_dimensional_operands_take_the_outer_axis_on_a_match_and_the_inner_otherwise() {
        assert_eq!(laid(&[3, 5], &[3]).1, [3, 1]);
        assert_eq!(laid(&[3, 5], &[5]).1, [1, 5]);
        assert_eq!(laid(&[4, 3, 5], &[4]).1, [4, 1, 1]);
        assert_eq!(laid(&[4, 3, 5], &[5]).1, [1, 1, 5]);
        assert_eq!(laid(&[6, 4, 3, 5], &[6]).1, [6, 1, 1, 1]);
        assert_eq!(laid(&[6, 4, 3, 5], &[5]).1, [1, 1, 1, 5]);
        // Either side.
        assert_eq!(laid(&[3], &[3, 5]).0, [3, 1]);
    }

    #[test]
    fn ties_go_to_the_outer_axis() {
        assert_eq!(laid(&[2, 2], &[2]).1, [2, 1]);
        assert_eq!(laid(&[4, 3, 4], &[4]).1, [4, 1, 1]);
        assert_eq!(laid(&[4, 2, 3, 4], &[4]).1, [4, 1, 1, 1]);
    }

    #[test]
    fn higher_ranks_pad_the_inner_side() {
        assert_eq!(laid(&[4, 3, 5], &[4, 3]).1, [4, 3, 1]);
        assert_eq!(laid(&[6, 4, 3, 5], &[6, 4]).1, [6, 4, 1, 1]);
        assert_eq!(laid(&[6, 4, 3, 5], &[6, 4, 3]).1, [6, 4, 3, 1]);
    }

    #[test]
    fn scalars_and_equal_ranks_are_left_alone() {
        assert_eq!(laid(&[2, 3], &[]), (vec![2, 3], vec![1, 1]));
        assert_eq!(laid(&[], &[]), (vec![], vec![]));
        assert_eq!(laid(&[2, 1, 4], &[1, 3, 1]), (vec![2, 1, 4], vec![1, 3, 1]));
    }

    #[test]
    fn the_innermost_clash_is_reported() {
        let err = pair(&[2, 3], &[4, 5]).unwrap_err();
        assert!(
            matches!(err, ShapeError::NcnnMismatch { axis: 1, .. }),
            "{err:?}"
        );
        let err = pair(&[2, 3, 5], &[2, 4, 5]).unwrap_err();
        assert!(
            matches!(err, ShapeError::NcnnMismatch { axis: 1, .. }),
            "{err:?}"
        );
        let err = pair(&[1, 2, 3, 4, 5], &[5]).unwrap_err();
        assert!(matches!(err, ShapeError::NcnnRank { .. }), "{err:?}");
    }
}
