//! An AVX-512 sort of `u32` and `u64` keys (what `f32`, `f64`, `i32`, `i64`, `u32` and `u64`
//! lanes are sorted by): a quicksort whose partition compares a register of keys (16 or 8) with
//! the pivot into a mask and compresses the keys below it and the others each to the front of a
//! register, stored at the two ends of the run, in place; down to runs of at most 16 registers,
//! which a bitonic network sorts in registers (`network`). This is how numpy's default sort
//! (x86-simd-sort) works on CPUs with AVX-512; AVX2 has no compress, so its sort
//! (`super::simd_sort`) left-packs by a permutation table and a scratch buffer, and handles only
//! `u32` keys.
//!
//! The algorithm is written once (the macros here and in `network`) and expanded for each key
//! width with that width's operations (`lanes`) in scope as `v`.
//!
//! Only with `std` on x86-64, where the CPU is asked at run time; elsewhere the callers take the
//! AVX2 sort or a radix sort. Miri runs this code when the crate is built for AVX-512
//! (`cargo xtask miri` builds the `reduce::` unit tests with `-C target-feature=+avx512f`): every
//! load, store and index of the partition and the network, with the real intrinsics, except the
//! register compress, which Miri cannot interpret and for which it runs a lane-by-lane model
//! (`lanes`; the native tests check the model against the instruction).

mod lanes;
mod network;
#[cfg(test)]
mod tests;

use super::keys::Order;

/// Sorts `bits` by their keys in `order` with AVX-512 and returns `true`, or returns `false`
/// (nothing done) when the CPU lacks AVX-512F or POPCNT.
#[inline]
pub(crate) fn sort_u32(bits: &mut [u32], order: Order) -> bool {
    if !detected() {
        return false;
    }
    // SAFETY: the CPU has AVX-512F and POPCNT, all this function requires.
    unsafe { w32::sort(bits, order) };
    true
}

/// [`sort_u32`] for 64 bits.
#[inline]
pub(crate) fn sort_u64(bits: &mut [u64], order: Order) -> bool {
    if !detected() {
        return false;
    }
    // SAFETY: the CPU has AVX-512F and POPCNT, all this function requires.
    unsafe { w64::sort(bits, order) };
    true
}

/// Whether the CPU has what the sort needs (known at compile time when built for it).
#[inline]
fn detected() -> bool {
    std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("popcnt")
}

/// Expands to `quicksort` and its partition for the key width `v`.
macro_rules! quicksort {
    () => {
        /// Runs this short are sorted by the network; longer ones are partitioned.
        const NETWORK: usize = 16 * v::W;

        /// `bits` sorted by their keys in `order`: a run the network takes is mapped to keys
        /// and back in registers; a longer one is mapped in place, sorted, and mapped back.
        #[target_feature(enable = "avx512f,popcnt")]
        #[inline]
        pub(super) fn sort(bits: &mut [v::Key], order: super::Order) {
            let f = v::flip(order);
            if bits.len() <= NETWORK {
                network::<true>(bits, f);
                return;
            }
            let mapped = order != super::Order::Unsigned;
            if mapped {
                each_register(bits, |x| v::to_key(x, f));
            }
            quicksort(bits, 0);
            if mapped {
                each_register(bits, |x| v::from_key(x, f));
            }
        }

        /// `keys` replaced register by register by `op` of them.
        #[target_feature(enable = "avx512f,popcnt")]
        #[inline]
        fn each_register(keys: &mut [v::Key], op: impl Fn(v::V) -> v::V) {
            let mut chunks = keys.chunks_exact_mut(v::W);
            for chunk in &mut chunks {
                let Ok(chunk) = <&mut [v::Key; v::W]>::try_from(chunk) else {
                    unreachable!("chunks of W");
                };
                v::store_whole(chunk, op(v::load(chunk)));
            }
            let rest = chunks.into_remainder();
            if !rest.is_empty() {
                v::store_part(rest, op(v::load_part(rest, v::splat(0))));
            }
        }

        /// `keys` sorted: partitions around a pivot until a run fits the network.
        #[target_feature(enable = "avx512f,popcnt")]
        #[inline]
        pub(super) fn quicksort(keys: &mut [v::Key], depth: u32) {
            let n = keys.len();
            if n <= NETWORK {
                network::<false>(keys, v::flip(super::Order::Unsigned));
                return;
            }
            if depth > 2 * (usize::BITS - n.leading_zeros()) {
                // Bad pivots all the way down: the standard library's sort bounds the time.
                keys.sort_unstable();
                return;
            }
            let pivot = pivot(keys);
            let mut below = partition(keys, pivot);
            if below == 0 {
                // The pivot is the least key: split off every copy of it instead (keys below
                // pivot + 1); they need no more sorting. At least the pivot itself moves, so
                // each step progresses.
                if pivot == v::Key::MAX {
                    return;
                }
                below = partition(keys, pivot + 1);
                quicksort(&mut keys[below..], depth + 1);
                return;
            }
            let (left, right) = keys.split_at_mut(below);
            quicksort(left, depth + 1);
            quicksort(right, depth + 1);
        }

        /// The median of `W` keys spread evenly over `keys` (sorted in one register).
        #[target_feature(enable = "avx512f,popcnt")]
        #[inline]
        fn pivot(keys: &[v::Key]) -> v::Key {
            let n = keys.len();
            let mut sample = [0; v::W];
            for (i, s) in sample.iter_mut().enumerate() {
                *s = keys[(2 * i + 1) * n / (2 * v::W)];
            }
            in_registers::<1, 1, false>(&mut sample, v::flip(super::Order::Unsigned));
            sample[v::W / 2]
        }

        /// Registers read at once by the partition: their loads do not wait for the counts of
        /// the registers before, which decide where to read next.
        const UNROLL: usize = 4;

        /// Reorders `keys` (at least `2 * UNROLL` registers) so that those below `pivot` come
        /// first, and returns how many they are. The first and the last `UNROLL` registers of
        /// keys are set aside; then the unread keys `l..r` are read `UNROLL` registers at a
        /// time, and each register's keys below the pivot are stored at `lo` (the end of those
        /// found so far, growing up from 0), the others before `hi` (growing down from `n`).
        /// Reading from the end with less free space (`l - lo` against `hi - r`,
        /// `2 * UNROLL * W` together) leaves at least `UNROLL * W` free at both, so at least `W`
        /// at both for each split. Then the rest a register at a time, likewise; the keys set
        /// aside fill the last slots.
        #[target_feature(enable = "avx512f,popcnt")]
        #[inline]
        fn partition(keys: &mut [v::Key], pivot: v::Key) -> usize {
            const BLOCK: usize = UNROLL * v::W;
            let n = keys.len();
            assert!(n >= 2 * BLOCK);
            let load_block = |keys: &[v::Key], at: usize| -> [v::V; UNROLL] {
                let Some(block) = keys[at..].first_chunk::<BLOCK>() else {
                    unreachable!("at + UNROLL * W <= n");
                };
                core::array::from_fn(|i| {
                    let Some(chunk) = block[i * v::W..].first_chunk() else {
                        unreachable!("W keys in a block");
                    };
                    v::load(chunk)
                })
            };
            let (first, last) = (load_block(keys, 0), load_block(keys, n - BLOCK));
            let p = v::splat(pivot);
            let (mut lo, mut hi) = (0, n);
            let (mut l, mut r) = (BLOCK, n - BLOCK);
            while r - l >= BLOCK {
                let from_left = l - lo <= hi - r;
                let at = if from_left { l } else { r - BLOCK };
                let x = load_block(keys, at);
                if from_left {
                    l += BLOCK;
                } else {
                    r -= BLOCK;
                }
                for x in x {
                    split_roomy(keys, x, p, &mut lo, &mut hi);
                }
            }
            while r - l >= v::W {
                let from_left = l - lo <= hi - r;
                let at = if from_left { l } else { r - v::W };
                let Some(chunk) = keys[at..].first_chunk() else {
                    unreachable!("at + W <= r <= n");
                };
                let x = v::load(chunk);
                if from_left {
                    l += v::W;
                } else {
                    r -= v::W;
                }
                split_roomy(keys, x, p, &mut lo, &mut hi);
            }
            // Fewer than `W` unread: one partial register. Then everything between `lo` and
            // `hi` is free.
            if r > l {
                let x = v::load_part(&keys[l..r], p);
                split(keys, x, v::prefix(r - l), p, &mut lo, &mut hi);
            }
            for x in first.into_iter().chain(last) {
                split(keys, x, v::Mask::MAX, p, &mut lo, &mut hi);
            }
            debug_assert_eq!(lo, hi);
            lo
        }

        /// The lanes of `x` in `valid` split by `p`: those below stored at `lo`, the others
        /// just before `hi`; both moved past them.
        #[target_feature(enable = "avx512f,popcnt")]
        #[inline]
        fn split(
            keys: &mut [v::Key],
            x: v::V,
            valid: v::Mask,
            p: v::V,
            lo: &mut usize,
            hi: &mut usize,
        ) {
            let below = v::below(x, p) & valid;
            let above = !below & valid;
            let (nb, na) = (below.count_ones() as usize, above.count_ones() as usize);
            v::store_part(&mut keys[*lo..*lo + nb], v::compress(below, x));
            *lo += nb;
            *hi -= na;
            v::store_part(&mut keys[*hi..*hi + na], v::compress(above, x));
        }

        /// [`split`] of all the lanes of `x` when `W` keys are free at both `lo` and `hi`:
        /// the keys below stored with all the lanes after them (free slots take those; one
        /// masked store fewer).
        #[target_feature(enable = "avx512f,popcnt")]
        #[inline]
        fn split_roomy(keys: &mut [v::Key], x: v::V, p: v::V, lo: &mut usize, hi: &mut usize) {
            let below = v::below(x, p);
            let above = !below;
            let (nb, na) = (below.count_ones() as usize, above.count_ones() as usize);
            let Some(at) = keys[*lo..].first_chunk_mut() else {
                unreachable!("W keys free at lo");
            };
            v::store_whole(at, v::compress(below, x));
            *lo += nb;
            *hi -= na;
            v::store_part(&mut keys[*hi..*hi + na], v::compress(above, x));
        }
    };
}

/// 16 `u32` keys to a register.
mod w32 {
    use super::lanes::w32 as v;
    super::network::network!();
    quicksort!();
}

/// 8 `u64` keys to a register.
mod w64 {
    use super::lanes::w64 as v;
    super::network::network!();
    quicksort!();
}
