//! The order a sort of keys sorts by: how a 32- or 64-bit element's bits map one to one onto an
//! unsigned key whose order is numpy's. The unstable sorts (`keys.rs`), the sort of short lanes
//! side by side (`short_rows.rs`) and the vector sorts (`simd_sort/`) each apply it to the bits
//! they sort.

/// How an element's bits map onto the unsigned key it sorts by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Order {
    /// Unsigned integers: the bits are the key.
    Unsigned,
    /// Signed integers: the sign bit flipped.
    Signed,
    /// Floats in IEEE 754's total order: negative values (sign bit set) flipped whole, the others
    /// only their sign bit. `-0.0` sorts just before `0.0` and `NaN`s with the sign bit first:
    /// the caller moves those after the others.
    Float,
}
