//! Multi-indices over extents and strides: the element offset of one, and a row-major
//! multi-index stepped by one or by `k`, which the static and dynamic iterators, the tensors'
//! constructors from a function of the index and the storage's fills all walk by.

/// Offset of a multi-index in a layout, `None` when any coordinate is out of its extent.
#[inline]
pub(crate) fn offset_of(index: &[usize], dims: &[usize], strides: &[usize]) -> Option<usize> {
    let mut off = 0;
    for ((&i, &d), &s) in index.iter().zip(dims).zip(strides) {
        if i >= d {
            return None;
        }
        off += i * s;
    }
    Some(off)
}

/// Advances a row-major multi-index by one (the last axis fastest); wraps to all zeros at the end.
#[inline]
pub(crate) fn step_index(index: &mut [usize], dims: &[usize]) {
    for (i, &d) in index.iter_mut().zip(dims).rev() {
        *i += 1;
        if *i < d {
            return;
        }
        *i = 0;
    }
}

/// Advances a row-major multi-index by `k` at once, adding `k` with carries (the caller knows
/// `k` stays inside `dims`, so nothing carries out of axis 0), and returns how far the position
/// moved: the sum of each changed coordinate's change times `stride(axis)`, wrapping, so signed
/// strides stored as `usize` come out right. What the view iterators' `nth` runs.
pub(crate) fn skip_index(
    index: &mut [usize],
    dims: &[usize],
    stride: impl Fn(usize) -> usize,
    k: usize,
) -> usize {
    let mut moved = 0usize;
    let mut carry = k;
    for axis in (0..index.len()).rev() {
        if carry == 0 {
            break;
        }
        let (d, old) = (dims[axis], index[axis]);
        let (add, room) = (carry % d, d - old);
        carry /= d;
        let new = if add >= room {
            carry += 1;
            add - room
        } else {
            old + add
        };
        moved = moved.wrapping_add(new.wrapping_sub(old).wrapping_mul(stride(axis)));
        index[axis] = new;
    }
    moved
}
