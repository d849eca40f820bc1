//! The reduction, sort and unique methods, stamped onto [`DynTensor`], [`DynView`] and
//! [`DynViewMut`] alike: each reads the elements through the type's layout, any strides.
//!
//! Over 500 lines, 184 of them documentation with runnable examples: one macro stamps every
//! method onto three types, so they stay in one file.

use super::super::view_layout::{axis_of, collect};
use super::super::{DynTensor, DynView, DynViewMut};
use super::{Split, UniqueConsecutive, sort, unique};
use crate::reduce::fold::{arg_best, arg_row, beats_max, beats_min, max_nan, min_nan};
use crate::{Axes, Float, Reduce, ShapeError};

/// `try_argmax` (`max`) or `try_argmin` of the view `l` over `data`.
fn arg_reduce<T: Reduce>(
    data: &[T],
    l: &super::super::layout::Layout,
    axis: Option<isize>,
    keepdims: bool,
    max: bool,
) -> Result<DynTensor<usize>, ShapeError> {
    let better = if max { beats_max } else { beats_min };
    let view = DynView::new(data, l.clone());
    // numpy lets a rank-0 tensor name the axis 0 (or -1): the one element.
    let axis = axis.filter(|a| l.rank() > 0 || !matches!(a, 0 | -1));
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
            if max {
                rows::<T, true>(&mut best, at, 1..=j_max, run);
            } else {
                rows::<T, false>(&mut best, at, 1..=j_max, run);
            }
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
    for p in outer {
        let group = |g: u32| &data[p + g as usize * width..][..width];
        best.clear();
        best.extend_from_slice(group(0));
        at.fill(0);
        // Groups and rows are counted in `u32`: `by_rows` checked that `len` fits.
        let last = groups as u32 - 1;
        if max {
            rows::<T, true>(&mut best, &mut at, 1..=last, group);
        } else {
            rows::<T, false>(&mut best, &mut at, 1..=last, group);
        }
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
        if max {
            rows::<T, true>(&mut col_best, &mut col_at, rest, row);
        } else {
            rows::<T, false>(&mut col_best, &mut col_at, rest, row);
        }
        out.extend(col_at.iter().map(|&a| a as usize));
    }
    out
}

/// The rows `js` (each `run(j)`) folded into `best` and `at`: compiled for AVX-512 and for AVX2
/// too, and run with the widest the CPU has (`fold::arg_row` is plain code that LLVM vectorises
/// for the unit it may use).
#[inline(always)]
fn rows<'a, T: Reduce, const MAX: bool>(
    best: &mut [T],
    at: &mut [u32],
    js: core::ops::RangeInclusive<u32>,
    run: impl Fn(u32) -> &'a [T],
) {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    {
        use std::arch::is_x86_feature_detected as has;
        if has!("avx512f") && has!("avx512bw") {
            // SAFETY: the CPU has AVX-512F and AVX-512BW, all this function requires.
            return unsafe { rows_avx512::<T, MAX>(best, at, js, run) };
        }
        if has!("avx2") {
            // SAFETY: the CPU has AVX2, all this function requires.
            return unsafe { rows_avx2::<T, MAX>(best, at, js, run) };
        }
    }
    rows_portable::<T, MAX>(best, at, js, run);
}

/// Defines `$name`, [`rows`]'s loop compiled with `$features` (none: the portable build).
macro_rules! rows_for {
    ($name:ident $(, $features:literal)?) => {
        #[inline(never)]
        $(#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
        #[target_feature(enable = $features)])?
        fn $name<'a, T: Reduce, const MAX: bool>(
            best: &mut [T],
            at: &mut [u32],
            js: core::ops::RangeInclusive<u32>,
            run: impl Fn(u32) -> &'a [T],
        ) {
            for j in js {
                arg_row::<T, MAX>(best, at, run(j), j);
            }
        }
    };
}

rows_for!(rows_portable);
rows_for!(rows_avx2, "avx2");
rows_for!(rows_avx512, "avx512f,avx512bw");

/// The reductions and sorts for one type: `$data` is its buffer (`&[T]`), `$layout` its layout
/// (a `&Layout`), both read from `$this`.
macro_rules! reductions {
    (|$this:ident| ($data:expr, $layout:expr)) => {
        /// The sum over `axes` (numpy's `sum(axis=, keepdims=)`): [`Axes::All`], one axis, or
        /// a list (`&[]` reduces nothing); `keepdims` leaves each reduced axis as extent 1.
        /// Floats are summed pairwise, as numpy does; integers wrap on overflow, as numpy's do.
        /// The sum of nothing is 0.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::RepeatedAxis`]
        /// for one named twice.
        ///
        /// ```
        /// use shaped::{Axes, DynTensor};
        /// let t = DynTensor::from_fn(&[2, 3], |i| (3 * i[0] + i[1]) as f32);
        /// assert_eq!(t.try_sum(0, false)?.as_slice(), [3.0, 5.0, 7.0]);
        /// assert_eq!(t.try_sum(-1, true)?.shape(), &[2, 1]);
        /// assert_eq!(t.try_sum(Axes::All, false)?.as_slice(), [15.0]);
        /// assert!(t.try_sum(&[1, -1], false).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_sum<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, Some(T::ZERO), T::plus)
        }

        /// The product over `axes`, as [`try_sum`](Self::try_sum); the product of nothing is 1.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| 3 * i[0] + i[1] + 1);
        /// assert_eq!(t.try_prod(1, false)?.as_slice(), [6, 120]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_prod<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, Some(T::ONE), T::times)
        }

        /// The largest element over `axes`, as [`try_sum`](Self::try_sum); `NaN` if any is
        /// (numpy's `max`).
        ///
        /// Errors: also [`ShapeError::EmptyReduction`] when a reduced axis has extent 0, even if
        /// the result would be empty.
        ///
        /// ```
        /// use shaped::{Axes, DynTensor, ShapeError};
        /// let t = DynTensor::from_shape_vec(&[2, 2], vec![1.0, 4.0, f64::NAN, 2.0])?;
        /// assert_eq!(t.try_max(1, false)?.as_slice()[0], 4.0);
        /// assert!(t.try_max(1, false)?.as_slice()[1].is_nan());
        /// let empty = DynTensor::<f64>::zeros(&[0, 3]);
        /// assert!(matches!(empty.try_max(0, false), Err(ShapeError::EmptyReduction { .. })));
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_max<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, None, max_nan)
        }

        /// The smallest element over `axes`, as [`try_max`](Self::try_max).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| 3 * i[0] as i32 - i[1] as i32);
        /// assert_eq!(t.try_min(0, false)?.as_slice(), [0, -1, -2]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_min<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, None, min_nan)
        }

        /// The mean over `axes`, as [`try_sum`](Self::try_sum) divided by the number of
        /// elements summed; the mean of nothing is `NaN`, as numpy's.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| (3 * i[0] + i[1]) as f64);
        /// assert_eq!(t.try_mean(1, false)?.as_slice(), [1.0, 4.0]);
        /// assert!(DynTensor::<f32>::zeros(&[0]).try_mean(0, false)?.as_slice()[0].is_nan());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_mean<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Float,
        {
            let $this = self;
            let (layout, axes) = ($layout, axes.into());
            // numpy's `mean` refuses an axis of a rank-0 tensor that `sum` lets through.
            if let (0, Axes::Single(axis)) = (layout.rank(), axes) {
                return Err(ShapeError::Axis {
                    axis,
                    shape: crate::error::Dims::new(&[]),
                });
            }
            let split = Split::new(layout, axes, keepdims)?;
            let n = T::from_count(split.reduced_len());
            let mut sum = split.fold($data, Some(T::ZERO), T::plus)?;
            sum.as_mut_slice().iter_mut().for_each(|x| *x = *x / n);
            Ok(sum)
        }

        /// The position of the largest element along `axis` (`None`: of the flattened tensor),
        /// numpy's `argmax(axis=, keepdims=)`: the first one when several are equal, the first
        /// `NaN` if there is one.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::EmptyReduction`]
        /// when there is nothing to choose from.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 3], vec![1, 7, 7, 9, 0, 9])?;
        /// assert_eq!(t.try_argmax(Some(1), false)?.as_slice(), [1, 0]);
        /// assert_eq!(t.try_argmax(None, false)?.as_slice(), [3]);
        /// assert_eq!(t.try_argmax(Some(0), true)?.shape(), &[1, 3]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_argmax(
            &self,
            axis: Option<isize>,
            keepdims: bool,
        ) -> Result<DynTensor<usize>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            arg_reduce($data, $layout, axis, keepdims, true)
        }

        /// The position of the smallest element along `axis`, as
        /// [`try_argmax`](Self::try_argmax) (a `NaN` still wins, as in numpy).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 3], vec![1, 0, 0, 9, 5, 2])?;
        /// assert_eq!(t.try_argmin(Some(-1), false)?.as_slice(), [1, 2]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_argmin(
            &self,
            axis: Option<isize>,
            keepdims: bool,
        ) -> Result<DynTensor<usize>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            arg_reduce($data, $layout, axis, keepdims, false)
        }

        /// A copy with every lane along `axis` sorted, stably, in numpy's order: `NaN` last,
        /// `-0.0` and `0.0` equal (kept in input order). numpy's `sort(axis=, kind="stable")`.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range (a rank-0 tensor has none).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 3], vec![3.0, f32::NAN, -1.0, 0.5, 2.0, 0.0])?;
        /// let s = t.try_sort(-1)?;
        /// assert_eq!(&s.as_slice()[..2], [-1.0, 3.0]);
        /// assert!(s.as_slice()[2].is_nan());
        /// assert_eq!(t.try_sort(0)?.as_slice()[..3], [0.5, 2.0, -1.0]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_sort(&self, axis: isize) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            let mut out = DynView::new($data, $layout.clone()).to_tensor();
            let layout = out.layout();
            sort::sort_in_place(out.as_mut_slice(), &layout, axis, true)?;
            Ok(out)
        }

        /// As [`try_sort`](Self::try_sort), but equal elements (`-0.0` and `0.0`, two `NaN`s)
        /// may change places: faster. Every element is kept bit for bit. `f32` lanes are
        /// sorted with AVX2 where the CPU has it (numpy's default sort does the same), others by
        /// a radix sort of their keys.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[4], vec![3, 1, 2, 1])?;
        /// assert_eq!(t.try_sort_unstable(0)?.as_slice(), [1, 1, 2, 3]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_sort_unstable(&self, axis: isize) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            let mut out = DynView::new($data, $layout.clone()).to_tensor();
            let layout = out.layout();
            sort::sort_in_place(out.as_mut_slice(), &layout, axis, false)?;
            Ok(out)
        }

        /// For each lane along `axis`, the positions along it that sort it stably (numpy's
        /// `argsort(axis=, kind="stable")`), in a tensor of this shape.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 3], vec![3, 1, 2, 0, 0, -1])?;
        /// assert_eq!(t.try_argsort(1)?.as_slice(), [1, 2, 0, 2, 0, 1]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_argsort(&self, axis: isize) -> Result<DynTensor<usize>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            let layout = $layout;
            let order = sort::argsort($data, layout, axis)?;
            Ok(DynTensor::packed(order, &layout.dims))
        }

        /// Runs of equal consecutive elements collapsed to one (`axis: None`, the tensor
        /// flattened) or runs of equal slices along `axis`, with each input's run and each
        /// run's length: `torch.unique_consecutive(return_inverse=True, return_counts=True,
        /// dim=axis)`. Elements compare with `==`, so `NaN`s never merge. See
        /// [`UniqueConsecutive`].
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 3], vec![1, 1, 2, 1, 1, 2])?;
        /// let u = t.try_unique_consecutive(Some(1))?;
        /// assert_eq!(u.values.shape(), &[2, 2]);
        /// assert_eq!(u.values.as_slice(), [1, 2, 1, 2]);
        /// assert_eq!(u.inverse.as_slice(), [0, 0, 1]);
        /// assert_eq!(u.counts.as_slice(), [2, 1]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_unique_consecutive(
            &self,
            axis: Option<isize>,
        ) -> Result<UniqueConsecutive<T>, ShapeError>
        where
            T: Copy + PartialEq,
        {
            let $this = self;
            unique::unique_consecutive($data, $layout, axis)
        }
    };
}

/// `all`/`any` for one `bool` type, as [`reductions!`].
macro_rules! logical {
    (|$this:ident| ($data:expr, $layout:expr)) => {
        /// Whether every element over `axes` is `true` (numpy's `all(axis=, keepdims=)`); `true`
        /// over nothing.
        ///
        /// Errors: [`ShapeError::Axis`], [`ShapeError::RepeatedAxis`].
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 2], vec![true, false, true, true])?;
        /// assert_eq!(t.try_all(1, false)?.as_slice(), [false, true]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_all<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<bool>, ShapeError> {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, Some(true), |a, b| a & b)
        }

        /// Whether any element over `axes` is `true` (numpy's `any`); `false` over nothing.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 2], vec![true, false, false, false])?;
        /// assert_eq!(t.try_any(1, false)?.as_slice(), [true, false]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_any<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<bool>, ShapeError> {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, Some(false), |a, b| a | b)
        }
    };
}

impl<T> DynTensor<T> {
    reductions!(|t| (t.as_slice(), &t.layout()));

    /// Sorts every lane along `axis` in place, stably, in numpy's order (see
    /// [`try_sort`](Self::try_sort)): numpy's `a.sort(axis=)`.
    ///
    /// Errors: [`ShapeError::Axis`] for an axis out of range.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let mut t = DynTensor::from_shape_vec(&[2, 2], vec![4, 3, 1, 2])?;
    /// t.try_sort_mut(0)?;
    /// assert_eq!(t.as_slice(), [1, 2, 4, 3]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_sort_mut(&mut self, axis: isize) -> Result<(), ShapeError>
    where
        T: Reduce,
    {
        let layout = self.layout();
        sort::sort_in_place(self.as_mut_slice(), &layout, axis, true)
    }
}

impl<'a, T> DynView<'a, T> {
    reductions!(|v| (v.data(), v.layout()));
}

impl<T> DynViewMut<'_, T> {
    reductions!(|v| (v.buffer(), v.layout()));

    /// Sorts every lane along `axis` of the elements this view reaches, in place, stably (see
    /// [`DynTensor::try_sort`]): a transposed view sorts the columns of its tensor.
    ///
    /// Errors: [`ShapeError::Axis`] for an axis out of range.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let mut t = DynTensor::from_shape_vec(&[2, 2], vec![4, 3, 1, 2])?;
    /// t.t_mut().try_sort_mut(-1)?;
    /// assert_eq!(t.as_slice(), [1, 2, 4, 3]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_sort_mut(&mut self, axis: isize) -> Result<(), ShapeError>
    where
        T: Reduce,
    {
        let (data, layout) = self.parts_mut();
        sort::sort_in_place(data, &layout, axis, true)
    }
}

impl DynTensor<bool> {
    logical!(|t| (t.as_slice(), &t.layout()));
}

impl DynView<'_, bool> {
    logical!(|v| (v.data(), v.layout()));
}

impl DynViewMut<'_, bool> {
    logical!(|v| (v.buffer(), v.layout()));
}
