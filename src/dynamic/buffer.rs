//! The output buffer of a dynamic operation: allocated once, written in place by the kernels.
//!
//! The kernels write into `MaybeUninit` slots and we then declare them initialised (a fresh
//! output), or they write into an initialised output seen as slots (`as_slots`, numpy's `out=`). The alternative, filling the buffer with a default first, needs
//! `O: Default + Clone` (ruling out some `try_zip_map` outputs) and writes every element twice:
//! a pre-filled output made the same loop 1.3-1.5x slower (numbers in the `dynamic` module doc,
//! from `benches/dynamic.rs`'s `hand` vs `hand_zeroed`).

use alloc::vec::Vec;
use core::mem::MaybeUninit;

use crate::ShapeError;
use crate::error::Dims;

/// An empty `Vec` with room for the `n` elements of a tensor of shape `dims`, or
/// [`ShapeError::Allocation`] when their bytes overflow `isize::MAX` or the allocator refuses
/// them (instead of the abort `Vec::with_capacity` would give).
pub(crate) fn try_with_capacity<T>(n: usize, dims: &[usize]) -> Result<Vec<T>, ShapeError> {
    let bytes = n
        .checked_mul(size_of::<T>())
        .filter(|&b| b <= isize::MAX as usize);
    let mut v = Vec::new();
    match bytes {
        Some(_) if v.try_reserve_exact(n).is_ok() => Ok(v),
        _ => Err(ShapeError::Allocation {
            shape: Dims::new(dims),
            bytes,
        }),
    }
}

/// A `Vec` of the `n` elements of a tensor of shape `dims`, each written by `fill`; an error
/// when the memory cannot be had ([`try_with_capacity`]).
///
/// Contract: `fill` writes every one of the `n` slots it is given (the planner asserts that its
/// blocks cover the output exactly before any kernel runs). If `fill` panics, the `Vec` is
/// dropped with length 0: written elements leak, nothing uninitialised is read or dropped.
#[inline(always)]
pub(crate) fn filled_by<O>(
    n: usize,
    dims: &[usize],
    fill: impl FnOnce(&mut [MaybeUninit<O>]),
) -> Result<Vec<O>, ShapeError> {
    try_filled_by(n, dims, |slots| {
        fill(slots);
        Ok(())
    })
}

/// [`filled_by`] with a `fill` that may stop at a bad input: `Err((written, error))` says that
/// the slots `0..written` are initialised (and are dropped with the buffer) and gives the error.
///
/// Contract: on `Ok`, `fill` wrote every one of the `n` slots; on `Err((written, _))`, the first
/// `written` (`select`'s row copy: the rows before the first block of indices with a bad one).
#[inline(always)]
pub(crate) fn try_filled_by<O>(
    n: usize,
    dims: &[usize],
    fill: impl FnOnce(&mut [MaybeUninit<O>]) -> Result<(), (usize, ShapeError)>,
) -> Result<Vec<O>, ShapeError> {
    let mut v = try_with_capacity(n, dims)?;
    let (written, result) = match fill(&mut v.spare_capacity_mut()[..n]) {
        Ok(()) => (n, Ok(())),
        Err((written, error)) => (written.min(n), Err(error)),
    };
    // SAFETY: the capacity is at least `n` (asked for above) and `written <= n`; `fill`
    // initialised slots `0..written` (the contract above), so the `Vec` holds initialised
    // values only, and drops exactly those if `fill` failed.
    unsafe { v.set_len(written) };
    result.map(|()| v)
}

/// An initialised output seen as the slots the kernels write (numpy's `out=`), for `Copy`
/// elements.
///
/// The kernels only ever store whole values into their slots (`MaybeUninit::write`), so every
/// element stays initialised whatever happens, including a panic in the element function; and
/// `O: Copy` means overwriting skips no destructor.
#[inline(always)]
pub(crate) fn as_slots<O: Copy>(out: &mut [O]) -> &mut [MaybeUninit<O>] {
    // SAFETY: `MaybeUninit<O>` has `O`'s size and alignment, so the slice has the same layout
    // and length; the borrow is exclusive and lasts as long as `out`'s. Initialised values are
    // valid `MaybeUninit`s, and (see above) nothing ever writes an uninitialised value back.
    unsafe { &mut *(out as *mut [O] as *mut [MaybeUninit<O>]) }
}
