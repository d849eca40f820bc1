//! Planning proper: an operation's operands aligned to the output, extent-1 axes dropped and
//! contiguous axes merged (the same `const fn` the static path runs at compile time), and past
//! [`MAX_RANK`] axes the odometer that walks the outer ones.

use alloc::vec::Vec;
use core::ops::Range;

use super::wrap;
use crate::MAX_RANK;
use crate::dynamic::broadcast::aligned_strides;
use crate::layout::{Plan, plan};

/// Product of planned extents.
#[inline]
fn planned_count(dims: &[usize]) -> usize {
    dims.iter().product()
}

/// The padded plan of a loop over an output of shape `dims` (`n > 0` elements), or `None` above
/// [`MAX_RANK`] axes (the [`odometer`] then walks the outer ones).
#[inline(always)]
pub(super) fn padded_plan<const N: usize>(
    dims: &[usize],
    ops: [(&[usize], &[isize]); N],
    n: usize,
) -> Option<Plan<N>> {
    let r = dims.len();
    if r > MAX_RANK {
        return None;
    }
    let mut d = [1; MAX_RANK];
    d[MAX_RANK - r..].copy_from_slice(dims);
    let mut s = [[0; MAX_RANK]; N];
    for (s, (od, os)) in s.iter_mut().zip(ops) {
        aligned_strides(od, os, &mut s[MAX_RANK - r..], wrap);
    }
    let p = plan(&d, &s);
    // What makes the caller's `set_len` sound: the kernels write exactly the planned count.
    assert_eq!(
        planned_count(&p.dims),
        n,
        "a loop plan must cover its output"
    );
    Some(p)
}

/// Plans the loops over an output of shape `dims` (`n > 0` elements) and calls
/// `run(plan, offsets, range)` for each block: `offsets` are where each operand's block starts,
/// relative to its first element (wrapping), `range` the output positions the block covers. The blocks cover `0..n` in order, exactly.
#[inline(always)]
pub(super) fn for_each_block<const N: usize>(
    dims: &[usize],
    ops: [(&[usize], &[isize]); N],
    n: usize,
    mut run: impl FnMut(&Plan<N>, [usize; N], Range<usize>),
) {
    match padded_plan(dims, ops, n) {
        Some(p) => run(&p, [0; N], 0..n),
        None => odometer(dims, ops, n, run),
    }
}

/// Above [`MAX_RANK`] axes: coalesce into vectors, then walk the axes beyond the innermost eight
/// with an index (one per operation) and run the rank-8 plan on each block.
#[cold]
#[inline(never)]
pub(super) fn odometer<const N: usize>(
    dims: &[usize],
    ops: [(&[usize], &[isize]); N],
    n: usize,
    mut run: impl FnMut(&Plan<N>, [usize; N], Range<usize>),
) {
    let r = dims.len();
    let full: [Vec<usize>; N] = ops.map(|(od, os)| {
        let mut v = alloc::vec![0; r];
        aligned_strides(od, os, &mut v, wrap);
        v
    });
    // Coalesced axes, innermost first.
    let mut d: Vec<usize> = Vec::with_capacity(r);
    let mut s: [Vec<usize>; N] = core::array::from_fn(|_| Vec::with_capacity(r));
    for i in (0..r).rev() {
        if dims[i] == 1 {
            continue;
        }
        if let Some(&inner) = d.last() {
            let j = d.len() - 1;
            if (0..N).all(|k| full[k][i] == s[k][j].wrapping_mul(inner)) {
                d[j] = inner * dims[i];
                continue;
            }
        }
        d.push(dims[i]);
        for (s, full) in s.iter_mut().zip(&full) {
            s.push(full[i]);
        }
    }
    // The innermost eight (or fewer) become a padded plan.
    let inner = d.len().min(MAX_RANK);
    let mut p = Plan {
        rank: inner,
        dims: [1; MAX_RANK],
        strides: [[0; MAX_RANK]; N],
    };
    for j in 0..inner {
        p.dims[MAX_RANK - 1 - j] = d[j];
        for (ps, s) in p.strides.iter_mut().zip(&s) {
            ps[MAX_RANK - 1 - j] = s[j];
        }
    }
    let m = planned_count(&p.dims);
    let outer = &d[inner..];
    assert_eq!(
        m * planned_count(outer),
        n,
        "a loop plan must cover its output"
    );
    let mut idx = alloc::vec![0usize; outer.len()];
    let mut off = [0usize; N];
    let mut start = 0;
    while start < n {
        run(&p, off, start..start + m);
        start += m;
        // Step the outer index, innermost outer axis fastest.
        for (j, i) in idx.iter_mut().enumerate() {
            let ax = inner + j;
            *i += 1;
            for (o, s) in off.iter_mut().zip(&s) {
                *o = o.wrapping_add(s[ax]);
            }
            if *i < d[ax] {
                break;
            }
            for (o, s) in off.iter_mut().zip(&s) {
                *o = o.wrapping_sub(s[ax].wrapping_mul(d[ax]));
            }
            *i = 0;
        }
    }
}
