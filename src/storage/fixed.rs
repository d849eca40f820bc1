//! The elements of a shape known whole at compile time: `T` nested in arrays, inline.

use crate::Shape;

/// The storage is `S::NUM` `T`s back to back: nested arrays have no padding and `T`'s alignment.
/// The `unsafe` flat views rely on this; it is checked for every instantiation at compile time.
pub(crate) const fn assert_storage_is_flat<T, S: Shape>() {
    assert!(size_of::<S::Nested<T>>() == S::NUM * size_of::<T>());
    assert!(align_of::<S::Nested<T>>() == align_of::<T>());
}

/// The elements in row-major order.
#[inline(always)]
pub(crate) fn as_slice<T, S: Shape>(data: &S::Nested<T>) -> &[T] {
    const { assert_storage_is_flat::<T, S>() };
    // SAFETY: `S::Nested<T>` is `T` nested in arrays, which is `S::NUM` contiguous `T`s with no
    // padding (size and alignment asserted at compile time above), and we borrow it.
    unsafe { core::slice::from_raw_parts(core::ptr::from_ref(data).cast::<T>(), S::NUM) }
}

/// The elements in row-major order, mutable.
#[inline(always)]
pub(crate) fn as_mut_slice<T, S: Shape>(data: &mut S::Nested<T>) -> &mut [T] {
    const { assert_storage_is_flat::<T, S>() };
    // SAFETY: as in `as_slice`, borrowed mutably and exclusively.
    unsafe { core::slice::from_raw_parts_mut(core::ptr::from_mut(data).cast::<T>(), S::NUM) }
}

/// Nested arrays whose `S::NUM` slots `fill` writes, every one of them.
///
/// Callers are this crate's kernels, each covering exactly `S::NUM` contiguous slots (the
/// static plans assert it at compile time, the run-time plans before any kernel runs).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn from_writer<T, S: Shape>(
    fill: impl FnOnce(&mut [core::mem::MaybeUninit<T>]),
) -> S::Nested<T> {
    const { assert_storage_is_flat::<T, S>() };
    let mut data = core::mem::MaybeUninit::<S::Nested<T>>::uninit();
    // SAFETY: `S::Nested<T>` is `T` nested in arrays, laid out like `[T; S::NUM]` (size and
    // alignment asserted above); `MaybeUninit<T>` has `T`'s layout and any bytes are a valid
    // `MaybeUninit`. The slice covers exactly the storage, which we own exclusively here.
    let slots = unsafe {
        core::slice::from_raw_parts_mut((&raw mut data).cast::<core::mem::MaybeUninit<T>>(), S::NUM)
    };
    fill(slots);
    // SAFETY: `fill` wrote all `S::NUM` slots (the contract above). If it panicked we never get
    // here: the written elements leak, nothing is read uninitialised.
    unsafe { data.assume_init() }
}
