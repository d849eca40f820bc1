//! numpy's broadcasting rule on shapes known at run time, with errors that name the clash.
//!
//! Shapes line up on the right; each axis takes the one extent other than 1 (or 1). The first clash
//! found scanning from the last axis outward is reported, with both operands' shapes.

use alloc::vec::Vec;

use super::dims::DimVec;
use super::layout::count_or_err;
use crate::ShapeError;
use crate::error::Dims;

/// The shape every one of `shapes` broadcasts to, by numpy's rule; `[]` for no shapes at all.
///
/// Errors: [`ShapeError::Incompatible`] naming the first clashing pair (scanning axes from the
/// right), or [`ShapeError::Overflow`] when the result has more than `usize::MAX` elements.
///
/// ```
/// use shaped::{broadcast_shapes, ShapeError};
/// assert_eq!(broadcast_shapes(&[&[4, 1], &[3], &[]]).unwrap(), [4, 3]);
/// assert_eq!(broadcast_shapes(&[]).unwrap(), [0usize; 0]);
/// let err = broadcast_shapes(&[&[0], &[3]]).unwrap_err();
/// assert_eq!(err.to_string(), "cannot broadcast [0] with [3]: axis -1 has 0 vs 3");
/// ```
pub fn broadcast_shapes(shapes: &[&[usize]]) -> Result<Vec<usize>, ShapeError> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = alloc::vec![1; rank];
    for back in 1..=rank {
        // `owner` is the first shape with an extent other than 1 on this axis.
        let mut owner: Option<usize> = None;
        for (i, s) in shapes.iter().enumerate() {
            let Some(&e) = s.len().checked_sub(back).map(|j| &s[j]) else {
                continue;
            };
            if e == 1 {
                continue;
            }
            match owner {
                None => {
                    owner = Some(i);
                    out[rank - back] = e;
                }
                Some(o) if e != out[rank - back] => {
                    return Err(incompatible(shapes[o], s, back));
                }
                Some(_) => {}
            }
        }
    }
    count_or_err(&out)?;
    Ok(out)
}

/// The error for a clash on the `back`-th axis from the right (1 is the last).
#[cold]
fn incompatible(a: &[usize], b: &[usize], back: usize) -> ShapeError {
    ShapeError::Incompatible {
        a: Dims::new(a),
        b: Dims::new(b),
        axis: -(back as isize),
    }
}

/// The broadcast shape of two operands, its metadata inline up to rank 6, its count checked.
#[inline]
pub(crate) fn broadcast_pair(a: &[usize], b: &[usize]) -> Result<(DimVec, usize), ShapeError> {
    let rank = a.len().max(b.len());
    let mut out = DimVec::filled(rank, 1);
    for (back, o) in out.iter_mut().rev().enumerate() {
        let x = extent_from_back(a, back);
        let y = extent_from_back(b, back);
        *o = if x == y || y == 1 {
            x
        } else if x == 1 {
            y
        } else {
            // The owner is whichever has an extent other than 1: both do here.
            return Err(incompatible(a, b, back + 1));
        };
    }
    let n = count_or_err(&out)?;
    Ok((out, n))
}

/// Checks that `from` broadcasts to exactly `to`: no extra axes (even of extent 1, as numpy
/// says), each extent equal to the target's or 1. What `broadcast_to` needs.
#[inline]
pub(crate) fn check_broadcast_to(from: &[usize], to: &[usize]) -> Result<(), ShapeError> {
    for back in 0..from.len() {
        let e = extent_from_back(from, back);
        if back >= to.len() || (e != 1 && e != extent_from_back(to, back)) {
            return Err(ShapeError::NotBroadcastableTo {
                from: Dims::new(from),
                to: Dims::new(to),
                axis: -(back as isize + 1),
            });
        }
    }
    Ok(())
}

/// Checks an in-place operation `target ∘= from`: the two must broadcast together
/// ([`ShapeError::Incompatible`] if not) and the result must be `target`'s shape
/// ([`ShapeError::NotBroadcastableTo`] if it would grow).
#[inline]
pub(crate) fn check_in_place(target: &[usize], from: &[usize]) -> Result<(), ShapeError> {
    check_broadcast_to(from, target).map_err(|grow| match broadcast_pair(target, from) {
        Err(e @ ShapeError::Incompatible { .. }) => e,
        _ => grow,
    })
}

/// The extent `back` axes in from the right (0 is the last); 1 past the operand's rank.
#[inline]
fn extent_from_back(dims: &[usize], back: usize) -> usize {
    if back < dims.len() {
        dims[dims.len() - 1 - back]
    } else {
        1
    }
}

/// An operand's strides along each axis of a shape it broadcasts into, right-aligned into `out`
/// (whose length is that shape's rank): its own stride, or 0 where it has extent 1 or no axis.
/// `cast` turns a signed stride into `out`'s type (the planner's two's-complement `usize`, or
/// `isize` itself for a view).
#[inline]
pub(crate) fn aligned_strides<S: Copy>(
    dims: &[usize],
    strides: &[isize],
    out: &mut [S],
    cast: impl Fn(isize) -> S,
) {
    let lead = out.len() - dims.len();
    out[..lead].fill(cast(0));
    for ((o, &d), &s) in out[lead..].iter_mut().zip(dims).zip(strides) {
        *o = cast(if d == 1 { 0 } else { s });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn pairs_follow_numpy() {
        let ok = |a: &[usize], b: &[usize]| broadcast_pair(a, b).map(|(d, _)| d.to_vec());
        assert_eq!(ok(&[4, 1], &[3]).unwrap(), [4, 3]);
        assert_eq!(ok(&[], &[2, 0]).unwrap(), [2, 0]);
        assert_eq!(ok(&[0], &[1]).unwrap(), [0]);
        assert!(matches!(
            ok(&[0], &[3]),
            Err(ShapeError::Incompatible { axis: -1, .. })
        ));
        assert!(matches!(
            ok(&[2, 3], &[3, 3]),
            Err(ShapeError::Incompatible { axis: -2, .. })
        ));
        assert!(matches!(
            ok(&[usize::MAX], &[2, 1]),
            Err(ShapeError::Overflow { .. })
        ));
    }

    #[test]
    fn many_shapes_name_the_clashing_pair() {
        let err = broadcast_shapes(&[&[1, 3], &[5, 1], &[4, 3]]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot broadcast [5, 1] with [4, 3]: axis -2 has 5 vs 4"
        );
    }

    #[test]
    fn broadcast_to_needs_containment() {
        assert!(check_broadcast_to(&[3], &[2, 3]).is_ok());
        // numpy refuses extra leading axes even of extent 1.
        assert!(check_broadcast_to(&[1, 1, 3], &[2, 3]).is_err());
        assert!(check_broadcast_to(&[1, 3], &[2, 3]).is_ok());
        let e = check_broadcast_to(&[2, 3], &[3]).unwrap_err();
        assert!(matches!(e, ShapeError::NotBroadcastableTo { axis: -2, .. }));
        assert_eq!(
            e.to_string(),
            "cannot broadcast [2, 3] to [3]: axis -2 has 2 but the target has no such axis \
             (each extent must equal the target's or be 1; an in-place operation keeps the left \
             operand's shape, so compute a new tensor instead)"
        );
        assert!(check_broadcast_to(&[4, 3], &[1, 3]).is_err());
        assert!(matches!(
            check_in_place(&[2, 3], &[4]),
            Err(ShapeError::Incompatible { .. })
        ));
        assert!(matches!(
            check_in_place(&[1, 3], &[4, 3]),
            Err(ShapeError::NotBroadcastableTo { axis: -2, .. })
        ));
    }

    #[test]
    fn strides_align_right_with_zeros() {
        let mut out = [9; 4];
        aligned_strides(&[3, 1, 2], &[2, 2, -1], &mut out, |s| s);
        assert_eq!(out, [0, 2, 0, -1]);
        let mut wrapped = [9usize; 3];
        aligned_strides(&[3, 2], &[-2, 1], &mut wrapped, |s| s as usize);
        assert_eq!(wrapped, [0, (-2isize) as usize, 1]);
    }
}
