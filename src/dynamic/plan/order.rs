//! The destination's axis order (PyTorch's TensorIterator keys its loop on the output's strides):
//! a write through a transposed or reversed view is walked in the order its elements lie in
//! memory. Each axis the destination walks backwards is flipped (its first element moved to the
//! other end, every operand's stride on it negated) and the axes are sorted by the destination's
//! strides, largest first, every operand permuted alike. A destination that is a permutation of
//! a packed buffer then is one, and the write runs the packed loops (a transposed operand in
//! tiles) instead of one scattered element at a time.

use super::{Dst, Src, packed};
use crate::dynamic::dims::{DimVec, Strides};
use crate::dynamic::layout::checked_count;
use crate::dynamic::view_layout::{collect, largest_stride_first};

/// An operand's extents and strides aligned to the destination's axes, in the new order.
pub(super) struct Aligned {
    pub base: usize,
    pub dims: DimVec,
    pub strides: Strides,
}

impl Aligned {
    /// The operand as the planner reads it, over `data`.
    pub(super) fn src<'a, T>(&'a self, data: &'a [T]) -> Src<'a, T> {
        Src {
            data,
            base: self.base,
            dims: &self.dims,
            strides: &self.strides,
        }
    }
}

/// The destination in memory order and each operand alike (`None` when it is not a permutation
/// of a packed buffer once flipped and sorted, or already packed: nothing to gain). Returns the
/// destination's new first position and extents, and the operands.
pub(super) fn by_destination<T, const N: usize>(
    out: &Dst<'_, T>,
    operands: [(usize, &[usize], &[isize]); N],
) -> Option<(usize, DimVec, [Aligned; N])> {
    let rank = out.dims.len();
    if rank < 2 || out.is_packed() || checked_count(out.dims).is_none_or(|n| n == 0) {
        return None;
    }
    // Each operand right-aligned to the destination's rank: extent 1, stride 0 in front.
    let mut ops: [Aligned; N] = operands.map(|(base, dims, strides)| {
        let pad = rank - dims.len();
        let mut d = DimVec::filled(rank, 1);
        let mut s = Strides::filled(rank, 0);
        d[pad..].copy_from_slice(dims);
        s[pad..].copy_from_slice(strides);
        Aligned {
            base,
            dims: d,
            strides: s,
        }
    });
    let mut base = out.base;
    let mut strides = Strides::from_slice(out.strides);
    for k in 0..rank {
        if strides[k] < 0 {
            let last = out.dims[k] as isize - 1;
            base = (base as isize).wrapping_add(last.wrapping_mul(strides[k])) as usize;
            strides[k] = strides[k].wrapping_neg();
            for op in &mut ops {
                if op.dims[k] != 1 {
                    let shift = last.wrapping_mul(op.strides[k]);
                    op.base = (op.base as isize).wrapping_add(shift) as usize;
                    op.strides[k] = op.strides[k].wrapping_neg();
                }
            }
        }
    }
    // Largest stride outermost (all are positive now); equal strides (extent-1 axes) stay in order.
    let mut order: DimVec = collect(0..rank, rank);
    largest_stride_first(&mut order, |k| strides[k].unsigned_abs());
    let dims: DimVec = collect(order.iter().map(|&k| out.dims[k]), rank);
    let sorted: Strides = collect(order.iter().map(|&k| strides[k]), rank);
    if !packed(&dims, &sorted) {
        return None;
    }
    for op in &mut ops {
        op.dims = collect(order.iter().map(|&k| op.dims[k]), rank);
        op.strides = collect(order.iter().map(|&k| op.strides[k]), rank);
    }
    Some((base, dims, ops))
}
