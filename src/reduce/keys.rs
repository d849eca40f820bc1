//! Unstable sorts of 32- and 64-bit elements as unsigned keys, in place: an element's bits map one
//! to one onto a key whose unsigned order is numpy's (`Order`, in `order.rs`), so the lane is sorted as keys
//! and turned back, whatever the element's type. Plain keys sort three times faster than elements
//! by a key function (BENCHMARKS.md), and one sort serves six types.
//!
//! The sort is the vector one where the CPU has AVX-512 or AVX2 (it maps the bits itself, in
//! registers, so a short lane is read and written once), else a radix sort (short lanes: the
//! standard library's), which takes the keys mapped by the loops here.

use super::order::Order;

/// Lanes up to this long are sorted by the standard library's unstable sort rather than a radix
/// sort, whose passes over every bucket cost more than the comparisons on so few elements.
pub(crate) const SHORT: usize = 64;

/// Unsigned keys that can be sorted: `u32` and `u64`.
pub(crate) trait SortKeys: super::short_rows::Key {
    /// Sorts `bits` by their keys in `order`, in place.
    fn sort_keys(bits: &mut [Self], order: Order);

    /// Sorts each of the lanes of `len` keys that `bits` is made of (a whole number of them),
    /// as [`sort_keys`](Self::sort_keys) would one by one: short lanes side by side
    /// (`short_rows`).
    #[inline]
    fn sort_rows(bits: &mut [Self], len: usize, order: Order) {
        if len == 0 {
            return;
        }
        let done = super::short_rows::sort_rows(bits, len, order);
        for lane in bits[done..].chunks_exact_mut(len) {
            Self::sort_keys(lane, order);
        }
    }
}

/// `SortKeys` for the keys `$k`, `$simd` their vector sort.
macro_rules! sort_keys {
    ($k:ty, $signed:ty, $simd:ident) => {
        impl SortKeys for $k {
            #[inline]
            fn sort_keys(bits: &mut [$k], order: Order) {
                #[cfg(all(feature = "std", target_arch = "x86_64"))]
                if crate::reduce::simd_sort::$simd(bits, order) {
                    return;
                }
                const SIGN: $k = 1 << (<$k>::BITS - 1);
                const SHIFT: u32 = <$k>::BITS - 1;
                // Every bit of a key set where its sign bit is (branch-free, so the loops
                // vectorise).
                let all_if_set = |k: $k| ((k as $signed) >> SHIFT) as $k;
                match order {
                    Order::Unsigned => {}
                    Order::Signed => bits.iter_mut().for_each(|k| *k ^= SIGN),
                    Order::Float => bits.iter_mut().for_each(|k| *k ^= all_if_set(*k) | SIGN),
                }
                sort_plain(bits);
                match order {
                    Order::Unsigned => {}
                    Order::Signed => bits.iter_mut().for_each(|k| *k ^= SIGN),
                    // The key's sign bit is set for what was positive.
                    Order::Float => bits.iter_mut().for_each(|k| *k ^= !all_if_set(*k) | SIGN),
                }
            }
        }

        /// Plain keys ascending, without a vector unit.
        #[inline]
        fn sort_plain(keys: &mut [$k]) {
            if keys.len() <= SHORT {
                keys.sort_unstable();
            } else {
                radsort::sort(keys);
            }
        }
    };
}

/// 32-bit keys.
mod k32 {
    use super::{Order, SHORT, SortKeys};
    sort_keys!(u32, i32, sort_u32);
}

/// 64-bit keys.
mod k64 {
    use super::{Order, SHORT, SortKeys};
    sort_keys!(u64, i64, sort_u64);
}
