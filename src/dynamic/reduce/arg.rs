//! `try_argmax`/`try_argmin` along one axis, shared by the methods of every dynamic type
//! (`methods.rs`): a lane of adjacent elements through `Reduce::arg_run` (one pass in vector
//! registers where it can), short lanes that follow one another side by side, and a leading axis
//! row by row (in groups of rows when the table is narrow), never down a column.

use super::super::view_layout::{axis_of, collect, flattens_rank_0};
use super::super::{DynTensor, DynView};
use super::Split;
use crate::reduce::fold::{arg_best, arg_row, arg_row_to, beats_max, beats_min};
use crate::{Reduce, ShapeError};

/// `try_argmax` (`max`) or `try_argmin` of the view `l` over `data`.
pub(super) fn arg_reduce<T: Reduce>(
    data: &[T],
    l: &super::super::layout::Layout,
    axis: Option<isize>,
    keepdims: bool,
    max: bool,
) -> Result<DynTensor<usize>, ShapeError> {
    let better = if max { beats_max } else { beats_min };
    let view = DynView::new(data, l.clone());
    let axis = axis.filter(|&a| !flattens_rank_0(a, l.rank()));
    let Some(axis) = axis else {
        let at = match view.as_slice() {
            Some(x) => T::arg_run(x, max),
            None => arg_best(view.iter().copied(), better),
        };
        let at = at.ok_or(ShapeError::EmptyReduction {
            axis: None,
            shape: crate::error::Dims::new(&l.dims),
        })?;
        let dims = if keepdims {
            alloc::vec![1; l.rank()]
        } else {
            alloc::vec![]
        };
        return Ok(DynTensor::packed(alloc::vec![at], &dims));
    };
    let k = axis_of(axis, &l.dims)?;
    let mut mask = collect((0..l.rank()).map(|a| a == k), l.rank());
    mask[k] = true;
    let split = Split::from_mask(l, &mask, keepdims);
    if l.dims[k] == 0 {
        return Err(split.empty());
    }
    // Positions in logical order along the axis: no sorting or reversal of the lane here.
    let (len, step) = (l.dims[k], l.strides[k]);
    if step != 1
        && let Some(out) = by_rows(data, &split, l.offset, len, step, max)
    {
        return Ok(DynTensor::from_parts(out, split.out_dims));
    }
    if step == 1 && len < side_by_side_below::<T>() && l.is_row_major() {
        // The lanes follow one another (the last axis of a packed view), and are short.
        let lanes = &data[l.offset..l.offset + l.len()];
        let out = if max {
            side_by_side::<T, true>(lanes, len)
        } else {
            side_by_side::<T, false>(lanes, len)
        };
        return Ok(DynTensor::from_parts(out, split.out_dims));
    }
    let starts =
        super::super::iter::Positions::new(&split.kept_dims, &split.kept_strides, l.offset);
    let out: alloc::vec::Vec<usize> = starts
        .map(|p| {
            if step == 1 {
                return T::arg_run(&data[p..p + len], max).unwrap_or(0);
            }
            let lane = (0..len).map(|j| data[p.wrapping_add(j.wrapping_mul(step as usize))]);
            arg_best(lane, better).unwrap_or(0)
        })
        .collect();
    Ok(DynTensor::from_parts(out, split.out_dims))
}

/// Lanes shorter than this that follow one another are arg-reduced [`GROUP`] side by side:
/// those of 4-byte elements up to the one-pass kernels' shortest (`simd_arg`), those of 8-byte
/// ones only while short: the portable build compares them one by one (`[31250, 32]` `i64`
/// took 690 us side by side, 517 lane by lane).
const fn side_by_side_below<T>() -> usize {
    if size_of::<T>() <= 4 { 64 } else { 16 }
}

/// Lanes [`side_by_side`] reduces at once.
const GROUP: usize = 16;

/// `argmax` (`MAX`) or `argmin` of each lane of `len` (at least 1) of `lanes`:
/// [`GROUP`] lanes at a time, their `j`-th elements gathered into a row and folded into the
/// group's running best values and positions (`fold::arg_row`, vectorised across the group);
/// the lanes left over one by one. One short lane at a time was a chain of dependent comparisons, with a
/// mispredicted branch at each new best: `[100000, 10]` `f32` took 1.3x numpy's time.
fn side_by_side<T: Reduce, const MAX: bool>(lanes: &[T], len: usize) -> alloc::vec::Vec<usize> {
    let mut out = alloc::vec::Vec::with_capacity(lanes.len() / len);
    let (mut best, mut row) = ([T::ZERO; GROUP], [T::ZERO; GROUP]);
    let mut groups = lanes.chunks_exact(GROUP * len);
    for group in &mut groups {
        for (b, lane) in best.iter_mut().zip(group.chunks_exact(len)) {
            *b = lane[0];
        }
        let mut at = [0u32; GROUP];
        for j in 1..len {
            for (r, lane) in row.iter_mut().zip(group.chunks_exact(len)) {
                *r = lane[j];
            }
            arg_row::<T, MAX>(&mut best, &mut at, &row, j as u32);
        }
        out.extend(at.iter().map(|&a| a as usize));
    }
    let better = if MAX { beats_max } else { beats_min };
    let rest = groups.remainder().chunks_exact(len);
    out.extend(rest.map(|lane| arg_best(lane.iter().copied(), better).unwrap_or(0)));
    out
}

/// Kept runs this long (or longer) are folded row by row; shorter ones lane by lane.
const MIN_RUN: usize = 16;

/// Kept runs are folded in blocks this long, so the running best values and positions stay in
/// the first-level cache while the rows stream past.
const BLOCK: usize = 2048;

/// An arg-reduction along an axis that is not the innermost, when the last kept axis is a run
/// of adjacent elements (`argmax(axis=0)` of a row-major matrix): for each run (and block of it),
/// the best values start as the run's elements at position 0 of the axis and each further
/// position's run is folded in element-wise (`fold::arg_row`, vectorised across the run), so
/// memory is read row by row, never down a column. `None` when the layout does not fit.
fn by_rows<T: Reduce>(
    data: &[T],
    split: &Split,
    offset: usize,
    len: usize,
    step: isize,
    max: bool,
) -> Option<alloc::vec::Vec<usize>> {
    let (dims, strides) = (&split.kept_dims[..], &split.kept_strides[..]);
    let (&inner, &1) = (dims.last()?, strides.last()?) else {
        return None;
    };
    let j_max = u32::try_from(len - 1).ok()?;
    let r = dims.len() - 1;
    let outer = super::super::iter::Positions::new(&dims[..r], &strides[..r], offset);
    if (2..MIN_RUN).contains(&inner) && step == inner as isize && len >= 2 * group_rows(inner) {
        return Some(by_row_groups(data, outer, inner, len, max));
    }
    if inner < MIN_RUN || j_max == 0 {
        return None;
    }
    let mut out = alloc::vec::Vec::with_capacity(outer.len() * inner);
    let mut best = alloc::vec::Vec::with_capacity(inner.min(BLOCK));
    let mut at = alloc::vec![0u32; inner.min(BLOCK)];
    let mut spare = Spare::new(inner.min(BLOCK));
    for p in outer {
        for from in (0..inner).step_by(BLOCK) {
            let w = (inner - from).min(BLOCK);
            let run = |j: u32| {
                let q = (p + from).wrapping_add((j as usize).wrapping_mul(step as usize));
                &data[q..q + w]
            };
            best.clear();
            best.extend_from_slice(run(0));
            let at = &mut at[..w];
            at.fill(0);
            rows(max, (&mut best, at), spare.of(w), 1..=j_max, run);
            out.extend(at.iter().map(|&a| a as usize));
        }
    }
    Some(out)
}

/// Rows [`by_row_groups`] folds as one run for runs of `inner`: four vectors' worth or more.
fn group_rows(inner: usize) -> usize {
    MIN_RUN.div_ceil(inner) * 4
}

/// [`by_rows`] for short runs (fewer than [`MIN_RUN`]) whose rows follow one another along
/// the axis (`argmax(axis=0)` of `[100000, 10]`): `k` rows at a time are folded as one run of
/// `k * inner` elements, so each fold is whole vectors rather than a few lanes and a loop's
/// bookkeeping; then each column's best among its `k` rows (the first of the best, the first
/// `NaN`), and the rows left over folded in one by one.
fn by_row_groups<T: Reduce>(
    data: &[T],
    outer: super::super::iter::Positions,
    inner: usize,
    len: usize,
    max: bool,
) -> alloc::vec::Vec<usize> {
    let k = group_rows(inner);
    let (groups, width) = (len / k, k * inner);
    let mut out = alloc::vec::Vec::with_capacity(outer.len() * inner);
    let mut best = alloc::vec::Vec::with_capacity(width);
    let mut at = alloc::vec![0u32; width];
    let mut spare = Spare::new(width);
    for p in outer {
        let group = |g: u32| &data[p + g as usize * width..][..width];
        best.clear();
        best.extend_from_slice(group(0));
        at.fill(0);
        // Groups and rows are counted in `u32`: `by_rows` checked that `len` fits.
        let last = groups as u32 - 1;
        rows(max, (&mut best, &mut at), spare.of(width), 1..=last, group);
        // Row `s` of group `g` is position `g * k + s`.
        let position = |g: u32, s: usize| g * k as u32 + s as u32;
        let mut col_best = best[..inner].to_vec();
        let mut col_at: alloc::vec::Vec<u32> =
            at[..inner].iter().map(|&g| position(g, 0)).collect();
        for c in 0..inner {
            for s in 1..k {
                let (v, j) = (best[s * inner + c], position(at[s * inner + c], s));
                let (b, i) = (col_best[c], col_at[c]);
                let take = match (b.is_nan_value(), v.is_nan_value()) {
                    (true, nan) => nan && j < i,
                    (false, true) => true,
                    (false, false) => {
                        let beats = if max { v > b } else { v < b };
                        beats || (v == b && j < i)
                    }
                };
                if take {
                    (col_best[c], col_at[c]) = (v, j);
                }
            }
        }
        let rest = groups * k..len;
        let row = |j: u32| &data[p + j as usize * inner..][..inner];
        let rest = rest.start as u32..=(len - 1) as u32;
        rows(
            max,
            (&mut col_best, &mut col_at),
            spare.of(inner),
            rest,
            row,
        );
        out.extend(col_at.iter().map(|&a| a as usize));
    }
    out
}

/// The spare best values and positions [`rows`] folds into and back.
struct Spare<T> {
    best: alloc::vec::Vec<T>,
    at: alloc::vec::Vec<u32>,
}

impl<T: Reduce> Spare<T> {
    /// Buffers for runs of up to `n`.
    fn new(n: usize) -> Self {
        Self {
            best: alloc::vec![T::ZERO; n],
            at: alloc::vec![0; n],
        }
    }

    /// The first `n` of each buffer.
    fn of(&mut self, n: usize) -> (&mut [T], &mut [u32]) {
        (&mut self.best[..n], &mut self.at[..n])
    }
}

/// The rows `js` (each `run(j)`) folded into `best` for an `argmax` (`max`) or `argmin`,
/// through `spare` buffers of its length: compiled for AVX-512 and for AVX2 too, and run with
/// the widest the CPU has (`fold::arg_row_to` is plain code that LLVM vectorises for the unit
/// it may use).
#[inline(always)]
fn rows<'a, T: Reduce>(
    max: bool,
    best: (&mut [T], &mut [u32]),
    spare: (&mut [T], &mut [u32]),
    js: core::ops::RangeInclusive<u32>,
    run: impl Fn(u32) -> &'a [T],
) {
    if max {
        rows_of::<T, true>(best, spare, js, run);
    } else {
        rows_of::<T, false>(best, spare, js, run);
    }
}

/// [`rows`] for `argmax` (`MAX`) or `argmin`.
#[inline(always)]
fn rows_of<'a, T: Reduce, const MAX: bool>(
    best: (&mut [T], &mut [u32]),
    spare: (&mut [T], &mut [u32]),
    js: core::ops::RangeInclusive<u32>,
    run: impl Fn(u32) -> &'a [T],
) {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    {
        use std::arch::is_x86_feature_detected as has;
        if has!("avx512f") && has!("avx512bw") {
            // SAFETY: the CPU has AVX-512F and AVX-512BW, all this function requires.
            return unsafe { rows_avx512::<T, MAX>(best, spare, js, run) };
        }
        if has!("avx2") {
            // SAFETY: the CPU has AVX2, all this function requires.
            return unsafe { rows_avx2::<T, MAX>(best, spare, js, run) };
        }
    }
    rows_portable::<T, MAX>(best, spare, js, run);
}

/// Defines `$name`, [`rows`]'s loop compiled with `$features` (none: the portable build): two
/// rows a step, folded from `best` into the spare buffers and back (`fold::arg_row_to`), and
/// an odd last row through the spare buffers and copied back.
macro_rules! rows_for {
    ($name:ident $(, $features:literal)?) => {
        #[inline(never)]
        $(#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
        #[target_feature(enable = $features)])?
        fn $name<'a, T: Reduce, const MAX: bool>(
            (best, at): (&mut [T], &mut [u32]),
            (spare, spare_at): (&mut [T], &mut [u32]),
            js: core::ops::RangeInclusive<u32>,
            run: impl Fn(u32) -> &'a [T],
        ) {
            let (mut j, end) = (u64::from(*js.start()), u64::from(*js.end()));
            while j < end {
                // `j < end <= u32::MAX`, so both rows' positions fit.
                let (j0, j1) = (j as u32, j as u32 + 1);
                arg_row_to::<T, MAX>((best, at), run(j0), j0, (spare, spare_at));
                arg_row_to::<T, MAX>((spare, spare_at), run(j1), j1, (best, at));
                j += 2;
            }
            if j == end {
                let j = j as u32;
                arg_row_to::<T, MAX>((best, at), run(j), j, (spare, spare_at));
                best.copy_from_slice(spare);
                at.copy_from_slice(spare_at);
            }
        }
    };
}

rows_for!(rows_portable);
rows_for!(rows_avx2, "avx2");
rows_for!(rows_avx512, "avx512f,avx512bw");
