//! Views from raw bytes: a tensor (or a refused shape), `try_as_strided` over its data with any
//! strides and offset, then a chain of view operations with any arguments, and every read and
//! reduction of the result. Nothing may panic, abort or read out of bounds.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "input.rs"]
mod input;
use input::{Input, view_op};

fuzz_target!(|bytes: &[u8]| {
    let mut input = Input(bytes);
    let Some(t) = input.tensor() else { return };
    // The tensor's buffer seen with any claimed extents: a view only when they fit it exactly.
    let claimed: Vec<usize> = input.axes().iter().map(|a| a.unsigned_abs()).collect();
    if let Ok(w) = shaped::DynView::from_shape(&claimed, t.as_slice()) {
        // Bit for bit: the values may be `NaN`.
        let bits = |v: Vec<f32>| v.into_iter().map(f32::to_bits).collect::<Vec<_>>();
        assert_eq!(
            (w.shape(), bits(w.to_vec())),
            (&claimed[..], bits(t.to_vec()))
        );
    }
    let base = match input.bool() {
        true => input.strided(t.as_slice()).unwrap_or_else(|| t.view()),
        false => t.view(),
    };
    let mut v = base;
    for _ in 0..input.below(6) {
        v = view_op(&mut input, v);
    }
    let all = v.to_vec();
    assert_eq!(all.len(), v.len());
    // Skipping (`nth` adds to the index with carries) lands where stepping does.
    let k = input.below(all.len() + 2);
    let mut it = v.iter();
    assert_eq!(
        it.nth(k).map(|x| x.to_bits()),
        all.get(k).map(|x| x.to_bits())
    );
    assert_eq!(it.len(), all.len().saturating_sub(k + 1));
    // Printing skips the hidden elements of a summarised view the same way.
    let _ = v.to_string();
    let _ = v.to_tensor();
    let axes = input.axes();
    let keep = input.bool();
    let _ = v.try_sum(&axes[..], keep);
    let _ = v.try_max(&axes[..], keep);
    let _ = v.try_mean(&axes[..], keep);
    let ddof = input.below(3);
    let _ = v.try_var(&axes[..], ddof, keep);
    let _ = v.try_std(&axes[..], ddof, keep);
    // Integer input gives f64, as numpy's.
    let _ = v.map(|x| x as i32).try_std(&axes[..], ddof, keep);
    let _ = v.map(|x| x as i32).try_mean(&axes[..], keep);
    let _ = v.try_median(&axes[..], keep);
    let _ = v.map(|x| x as i32).try_median(&axes[..], keep);
    let _ = v.try_min(&axes[..], keep);
    let axis = input.signed();
    let _ = v.try_argmax(Some(axis), keep);
    let _ = v.try_argmin(None, keep);
    let _ = v.try_sort(axis);
    let _ = v.try_sort_unstable(axis);
    // Indices from argsort put each lane in order; any other indices (a small shape, values
    // around the axis's extent) are refused or taken, never a panic. (A rank-0 view argsorts
    // along axis 0 as one element, 1-D, which `take_along_axis` refuses: numpy's answers both.)
    if let Ok(order) = v.try_argsort(axis) {
        let sorted = v.try_take_along_axis(&order, axis);
        match v.rank() {
            0 => assert!(sorted.is_err()),
            _ => assert_eq!(sorted.expect("argsort's indices fit").len(), v.len()),
        }
    }
    let dims = input.small_shape();
    let count: usize = dims.iter().product();
    let picks: Vec<usize> = (0..count).map(|_| input.below(6)).collect();
    if let Ok(picks) = shaped::DynTensor::from_shape_vec(&dims, picks) {
        let _ = v.try_take_along_axis(&picks, axis);
    }
    let _ = v.try_unique_consecutive(if input.bool() { Some(axis) } else { None });
    // Views along an axis: every one must read exactly its elements. At most 64 of each: an
    // axis of 2^64 - 1 empty views is legal and would only spin.
    let check = |w: shaped::DynView<'_, f32>| assert_eq!(w.iter().count(), w.len());
    v.outer_iter().take(64).for_each(check);
    if let Ok(it) = v.try_axis_iter(axis) {
        it.take(64).for_each(check);
    }
    if let Ok(it) = v.try_lanes(axis) {
        it.take(64).for_each(check);
    }
    if let Ok(it) = v.try_axis_chunks_iter(axis, input.below(4)) {
        it.take(64).for_each(check);
    }
    if let Ok(it) = v.try_windows(&input.small_shape()) {
        it.take(64).for_each(check);
    }
    if let Ok(w) = v.try_index_axis(axis, input.signed()) {
        check(w);
    }
    // numpy's basic indexing: slices mixed with integer indices (any, in range or not).
    let entries: Vec<shaped::SliceEntry> = input
        .slices()
        .into_iter()
        .map(|s| match input.bool() {
            true => shaped::SliceEntry::Index(input.signed()),
            false => s.into(),
        })
        .collect();
    if let Ok(w) = v.try_slice(&entries) {
        check(w);
    }
    let cuts: Vec<usize> = input.axes().iter().map(|a| a.unsigned_abs()).collect();
    if let Ok(parts) = v.try_split_at(&cuts, axis) {
        assert_eq!(parts.len(), cuts.len() + 1);
        parts.into_iter().take(64).for_each(check);
    }
    // By a number of sections (any: a huge one gives that many views, so only 64 are read).
    let sections = input.extent();
    if let Ok(parts) = v.try_array_split(sections, axis) {
        assert_eq!(parts.len(), sections);
        parts.into_iter().take(64).for_each(check);
    }
    if let Ok(parts) = v.try_split(sections, axis) {
        assert_eq!(parts.len(), sections);
        parts.into_iter().take(64).for_each(check);
    }
    let picks = input.axes();
    let along = if input.bool() { Some(axis) } else { None };
    if let (Ok(t), None) = (v.try_take(&picks, along), along) {
        assert_eq!(t.len(), picks.len());
    }
    let mask: Vec<bool> = (0..input.below(8)).map(|_| input.bool()).collect();
    let _ = v.try_compress(&mask, along);
    if let Ok(c) = v.try_cumsum(along) {
        assert_eq!(c.len(), v.len());
    }
    let _ = v.try_cumprod(along);
    let mut owned = v.to_tensor();
    let _ = owned.try_sort_mut(axis);
    let _ = owned.try_reshape(&input.axes());
});
