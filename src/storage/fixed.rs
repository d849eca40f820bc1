//! The elements of a shape known whole at compile time: `T` nested in arrays, inline.

use crate::Shape;

/// The storage is `S::NUM` `T`s back to back: nested arrays have no padding and `T`'s alignment.
/// The `unsafe` flat views rely on this; it is checked for every instantiation at compile time.
pub(crate) const fn assert_storage_is_flat<T, S: Shape>() {
    assert!(size_of::<S::Nested<T>>() == S::NUM * size_of::<T>());
    assert!(align_of::<S::Nested<T>>() == align_of::<T>());
}
