//! The output buffer of a dynamic operation: allocated once, written in place by the kernels.
//!
//! This is the module's one `unsafe`: the kernels write into `MaybeUninit` slots and we then
//! declare them initialised. The alternative, filling the buffer with a default first, needs
//! `O: Default + Clone` (ruling out some `try_zip_map` outputs) and writes every element twice:
//! a pre-filled output made the same loop 1.3-1.5x slower (numbers in the `dynamic` module doc,
//! from `benches/dynamic.rs`'s `hand` vs `hand_zeroed`).

use alloc::vec::Vec;
use core::mem::MaybeUninit;

/// A `Vec` of `n` elements, each written by `fill`.
///
/// Contract: `fill` writes every one of the `n` slots it is given (the planner asserts that its
/// blocks cover the output exactly before any kernel runs). If `fill` panics, the `Vec` is dropped
/// with length 0: written elements leak, nothing uninitialised is read or dropped.
#[inline(always)]
pub(crate) fn filled_by<O>(n: usize, fill: impl FnOnce(&mut [MaybeUninit<O>])) -> Vec<O> {
    let mut v = Vec::with_capacity(n);
    fill(&mut v.spare_capacity_mut()[..n]);
    // SAFETY: the capacity is at least `n` (asked for above), and `fill` initialised slots
    // `0..n` (the contract above; every caller passes the planner's runners, whose blocks cover
    // `0..n` exactly, asserted in `plan::for_each_block`).
    unsafe { v.set_len(n) };
    v
}
