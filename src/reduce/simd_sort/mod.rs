//! The vector sorts of `u32` and `u64` keys (what `f32`, `f64`, `i32`, `i64`, `u32` and `u64`
//! lanes are sorted by), with AVX-512 or AVX2, whichever is the widest the CPU has: a quicksort
//! whose partition compares a register of keys (AVX-512: 16 or 8, AVX2: 8 or 4) with the pivot
//! into a mask, moves the keys below it and the others each to one end of a register, and stores
//! them at the two ends of the run, in place; down to runs of at most 16 registers, which a
//! bitonic network sorts in registers (`network`). This is how numpy's default sort
//! (x86-simd-sort) works on these CPUs.
//!
//! The algorithm is written once (the macros here and in `network`) and expanded for each unit
//! and key width with that width's operations in scope as `v`: `lanes512` (a compress
//! instruction, unsigned comparisons) and `lanes256` (a permutation table for the compress, and
//! signed keys, as AVX2 compares only signed integers; `f64`s free of `NaN` and `-0.0` are
//! compared as floats instead, as numpy does, since AVX2 has a float minimum and maximum but no
//! 64-bit integer one).
//!
//! Only with `std` on x86-64, where the CPU is asked at run time; elsewhere the callers take a
//! radix sort. Miri runs this code when the crate is built for AVX2 and AVX-512 (`cargo xtask
//! miri` builds the `reduce::` unit tests with `-C target-feature=+avx2,+popcnt,+avx512f`):
//! every load, store and index of the partition and the network, with the real intrinsics,
//! except AVX-512's register compress, which Miri cannot interpret and for which it runs a
//! lane-by-lane model (`lanes512`; the native tests check the model against the instruction).
//! The AVX2 build runs there in this module's tests, which call it directly.

/// What the quicksort needs of a key width `$k` besides its registers, by the order its
/// registers compare keys in: the key that sorts last (the network's padding), the least key
/// above another (to split off every copy of a least pivot), and a sort without vectors (for
/// when pivots keep failing). Integers in their own order, or `i64` holding the bits of `f64`
/// keys that are neither `NaN` nor `-0.0`, compared as floats.
macro_rules! key_order {
    (Integer, $k:ty) => {
        /// The key that sorts last.
        pub(in super::super) const LAST: $k = <$k>::MAX;

        /// The least key above `k`, if any.
        #[inline]
        pub(in super::super) fn after(k: $k) -> Option<$k> {
            k.checked_add(1)
        }

        /// `keys` sorted without vectors.
        #[inline]
        pub(in super::super) fn sort_scalar(keys: &mut [$k]) {
            keys.sort_unstable();
        }
    };
    (Float, $k:ty) => {
        /// `+inf`, which sorts after every float but `NaN` (the unit is given none).
        pub(in super::super) const LAST: i64 = f64::INFINITY.to_bits() as i64;

        /// The least float above `k`, if any.
        #[inline]
        pub(in super::super) fn after(k: i64) -> Option<i64> {
            let x = f64::from_bits(k as u64);
            (x < f64::INFINITY).then(|| x.next_up().to_bits() as i64)
        }

        /// `keys` sorted without vectors.
        #[inline]
        pub(in super::super) fn sort_scalar(keys: &mut [i64]) {
            keys.sort_unstable_by(|a, b| {
                f64::from_bits(*a as u64).total_cmp(&f64::from_bits(*b as u64))
            });
        }
    };
}

mod lanes256;
mod lanes512;
mod network;
#[cfg(test)]
mod tests;

use super::order::Order;

/// Sorts `bits` by their keys in `order` with AVX-512 or AVX2 and returns `true`, or returns
/// `false` (nothing done) when the CPU has neither (with POPCNT).
#[inline]
pub(crate) fn sort_u32(bits: &mut [u32], order: Order) -> bool {
    if avx512() {
        // SAFETY: the CPU has AVX-512F and POPCNT, all this function requires.
        unsafe { w32::sort(bits, order) };
        return true;
    }
    avx2() && {
        sort_u32_avx2(bits, order);
        true
    }
}

/// [`sort_u32`] for 64 bits.
#[inline]
pub(crate) fn sort_u64(bits: &mut [u64], order: Order) -> bool {
    if avx512() {
        // SAFETY: the CPU has AVX-512F and POPCNT, all this function requires.
        unsafe { w64::sort(bits, order) };
        return true;
    }
    avx2() && {
        sort_u64_avx2(bits, order);
        true
    }
}

/// The AVX-512 sort of [`sort_u32`] (the caller checked [`avx512`]), for the tests, which run
/// each unit the CPU has.
#[cfg(test)]
fn sort_u32_avx512(bits: &mut [u32], order: Order) {
    assert!(avx512());
    // SAFETY: the CPU has AVX-512F and POPCNT (asserted), all this function requires.
    unsafe { w32::sort(bits, order) };
}

/// [`sort_u32_avx512`] for 64 bits.
#[cfg(test)]
fn sort_u64_avx512(bits: &mut [u64], order: Order) {
    assert!(avx512());
    // SAFETY: as in `sort_u32_avx512`.
    unsafe { w64::sort(bits, order) };
}

/// The AVX2 sort of [`sort_u32`], whatever else the CPU has (the caller checked [`avx2`]).
/// Inline, as every function here, so that only a crate that sorts compiles the sort.
#[inline]
fn sort_u32_avx2(bits: &mut [u32], order: Order) {
    debug_assert!(avx2());
    // SAFETY: `i32` and `u32` have the same size and alignment and every bit pattern is a value
    // of both; the new slice borrows `bits` exclusively for its life.
    let keys = unsafe { core::slice::from_raw_parts_mut(bits.as_mut_ptr().cast(), bits.len()) };
    // SAFETY: the CPU has AVX2 and POPCNT (the caller checked), all this function requires.
    unsafe { avx2_w32::sort(keys, order) };
}

/// The AVX2 sort of [`sort_u64`] (the caller checked [`avx2`]). Floats are compared as
/// floats where none is `NaN` or `-0.0` (a pass that reads them finds out), else as the
/// integers they map to.
#[inline]
fn sort_u64_avx2(bits: &mut [u64], order: Order) {
    debug_assert!(avx2());
    // SAFETY: as in `sort_u32_avx2`, for `i64` and `u64`.
    let keys = unsafe { core::slice::from_raw_parts_mut(bits.as_mut_ptr().cast(), bits.len()) };
    // SAFETY: the CPU has AVX2 (the caller checked), all `plain_floats` requires.
    if order == Order::Float && unsafe { plain_floats(keys) } {
        // SAFETY: the CPU has AVX2 and POPCNT (the caller checked), all this function requires.
        unsafe { avx2_f64::sort(keys, order) };
    } else {
        // SAFETY: as above.
        unsafe { avx2_w64::sort(keys, order) };
    }
}

/// Whether no key of `keys` (the bits of `f64`s) is `NaN` or `-0.0`: registers of keys tested
/// and their results gathered by blocks, left at the first block that has one. (Written with
/// intrinsics: the compiler packed a plain loop's comparisons to narrower lanes first, or did
/// not vectorise it, and took twice the instructions.)
#[target_feature(enable = "avx2")]
#[inline]
fn plain_floats(keys: &[i64]) -> bool {
    use core::arch::x86_64::{_mm256_and_si256, _mm256_cmpeq_epi64, _mm256_cmpgt_epi64};
    use core::arch::x86_64::{_mm256_or_si256, _mm256_setzero_si256, _mm256_testz_si256};
    use lanes256::w64 as v;
    const INFINITY: i64 = f64::INFINITY.to_bits() as i64;
    let odd = |k: i64| (k & i64::MAX) > INFINITY || k == i64::MIN;
    let (magnitude, infinity, negative_zero) =
        (v::splat(i64::MAX), v::splat(INFINITY), v::splat(i64::MIN));
    let (registers, rest) = keys.as_chunks::<{ v::W }>();
    for block in registers.chunks(64) {
        let mut any = _mm256_setzero_si256();
        for keys in block {
            let x = v::load(keys);
            let nan = _mm256_cmpgt_epi64(_mm256_and_si256(x, magnitude), infinity);
            let zero = _mm256_cmpeq_epi64(x, negative_zero);
            any = _mm256_or_si256(any, _mm256_or_si256(nan, zero));
        }
        if _mm256_testz_si256(any, any) == 0 {
            return false;
        }
    }
    !rest.iter().any(|&k| odd(k))
}

/// Whether the CPU has what the AVX-512 sort needs (known at compile time when built for it).
#[inline]
fn avx512() -> bool {
    std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("popcnt")
}

/// Whether the CPU has what the AVX2 sort needs.
#[inline]
fn avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
}

/// Expands to `quicksort` and its partition for the key width `v`.
macro_rules! quicksort {
    ($f:literal) => {
        /// Runs this short are sorted by the network; longer ones are partitioned.
        const NETWORK: usize = v::NETWORK_REGISTERS * v::W;

        /// `bits` sorted by their keys in `order`: mapped to keys (unless the unit's keys are
        /// the bits), sorted, and mapped back; a short run in the network's registers, a longer
        /// one in place by a pass before and after the quicksort.
        #[target_feature(enable = $f)]
        #[inline]
        pub(super) fn sort(bits: &mut [v::Key], order: super::Order) {
            let map = (!v::identity(order)).then(|| v::flip(order));
            if bits.len() <= NETWORK {
                network(bits, map);
                return;
            }
            if let Some(f) = map {
                each_register(bits, |x| v::to_key(x, f));
            }
            quicksort(bits, 0);
            if let Some(f) = map {
                each_register(bits, |x| v::from_key(x, f));
            }
        }

        /// `keys` replaced register by register by `op` of them.
        #[target_feature(enable = $f)]
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
                v::store_part(rest, op(v::load_part(rest, v::splat(v::LAST))));
            }
        }

        /// `keys` sorted: partitions around a pivot until a run fits the network.
        #[target_feature(enable = $f)]
        #[inline]
        pub(super) fn quicksort(keys: &mut [v::Key], depth: u32) {
            let n = keys.len();
            if n <= NETWORK {
                network(keys, None);
                return;
            }
            if depth > 2 * (usize::BITS - n.leading_zeros()) {
                // Bad pivots all the way down: the standard library's sort bounds the time.
                v::sort_scalar(keys);
                return;
            }
            let pivot = pivot(keys);
            let mut below = partition(keys, pivot);
            if below == 0 {
                // The pivot is the least key: split off every copy of it instead (keys below
                // the next key); they need no more sorting. At least the pivot itself moves, so
                // each step progresses.
                let Some(next) = v::after(pivot) else {
                    return;
                };
                below = partition(keys, next);
                quicksort(&mut keys[below..], depth + 1);
                return;
            }
            let (left, right) = keys.split_at_mut(below);
            quicksort(left, depth + 1);
            quicksort(right, depth + 1);
        }

        /// The median of `W` keys spread evenly over `keys` (sorted in one register).
        #[target_feature(enable = $f)]
        #[inline]
        fn pivot(keys: &[v::Key]) -> v::Key {
            let n = keys.len();
            let mut sample = [0; v::W];
            for (i, s) in sample.iter_mut().enumerate() {
                *s = keys[(2 * i + 1) * n / (2 * v::W)];
            }
            in_registers::<1, 1, 0>(&mut sample, None);
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
        #[target_feature(enable = $f)]
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
                // Which end is read depends on the keys: a conditional move and arithmetic, not
                // a branch, so that no misprediction stalls the loop (a plain `if` here was
                // compiled to a branch).
                let from_left = l - lo <= hi - r;
                let at = core::hint::select_unpredictable(from_left, l, r - BLOCK);
                let x = load_block(keys, at);
                l += usize::from(from_left) * BLOCK;
                r -= usize::from(!from_left) * BLOCK;
                split_block(keys, x, p, &mut lo, &mut hi);
            }
            while r - l >= v::W {
                let from_left = l - lo <= hi - r;
                let at = core::hint::select_unpredictable(from_left, l, r - v::W);
                let Some(chunk) = keys[at..].first_chunk() else {
                    unreachable!("at + W <= r <= n");
                };
                let x = v::load(chunk);
                l += usize::from(from_left) * v::W;
                r -= usize::from(!from_left) * v::W;
                split_roomy(keys, x, p, &mut lo, &mut hi);
            }
            // Fewer than `W` unread: one partial register. Then everything between `lo` and
            // `hi` is free.
            if r > l {
                let x = v::load_part(&keys[l..r], p);
                split(keys, x, v::prefix(r - l), p, &mut lo, &mut hi);
            }
            // The registers set aside: `2 * UNROLL * W` free, `W` fewer after each, so whole
            // registers fit at both ends (disjoint) but for the last, which fills the rest.
            let mut aside = first.into_iter().chain(last);
            for x in aside.by_ref().take(2 * UNROLL - 1) {
                split_roomy(keys, x, p, &mut lo, &mut hi);
            }
            for x in aside {
                split(keys, x, v::prefix(v::W), p, &mut lo, &mut hi);
            }
            debug_assert_eq!(lo, hi);
            lo
        }

        /// The lanes of `x` in `valid` split by `p`: those below stored at `lo`, the others
        /// just before `hi`; both moved past them.
        #[target_feature(enable = $f)]
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

        /// [`split`] of all the lanes of `x` when `W` keys are free at both `lo` and `hi`
        /// (`lo + W <= hi - W`): whole registers stored at both (free slots take the lanes
        /// past the keys; no masked store, or one fewer).
        #[target_feature(enable = $f)]
        #[inline]
        fn split_roomy(keys: &mut [v::Key], x: v::V, p: v::V, lo: &mut usize, hi: &mut usize) {
            assert!(
                *lo + 2 * v::W <= *hi && *hi <= keys.len(),
                "W keys free at lo and at hi"
            );
            // SAFETY: just asserted.
            unsafe { split_unchecked(keys, x, p, lo, hi) }
        }

        /// [`split_roomy`] of each register of `xs` in turn, when `UNROLL * W` keys are free
        /// at both `lo` and `hi`: one check for the block, as each split takes at most `W`
        /// from each end (the checks of every split were a third of the loop's instructions;
        /// BENCHMARKS.md).
        #[target_feature(enable = $f)]
        #[inline]
        fn split_block(
            keys: &mut [v::Key],
            xs: [v::V; UNROLL],
            p: v::V,
            lo: &mut usize,
            hi: &mut usize,
        ) {
            const BLOCK: usize = UNROLL * v::W;
            assert!(
                *lo + 2 * BLOCK <= *hi && *hi <= keys.len(),
                "a block free at both ends"
            );
            for (i, x) in xs.into_iter().enumerate() {
                debug_assert!(*lo + 2 * v::W <= *hi, "split {i} of the block");
                // SAFETY: before split `i`, `lo` has grown and `hi` shrunk by at most `i * W`
                // each, so `lo + W <= lo₀ + BLOCK <= hi₀ - BLOCK <= hi - W` and
                // `hi <= keys.len()` (asserted above for `lo₀`, `hi₀`).
                unsafe { split_unchecked(keys, x, p, lo, hi) };
            }
        }

        /// [`split_roomy`] without its check.
        ///
        /// # Safety
        /// `lo + 2 * W <= hi <= keys.len()`.
        #[target_feature(enable = $f)]
        #[inline]
        // SAFETY: a contract, not a use: callers promise `lo + 2 * W <= hi <= keys.len()`,
        // which the one `unsafe` block inside relies on.
        unsafe fn split_unchecked(
            keys: &mut [v::Key],
            x: v::V,
            p: v::V,
            lo: &mut usize,
            hi: &mut usize,
        ) {
            let below = v::below(x, p);
            let nb = below.count_ones() as usize;
            let base = keys.as_mut_ptr();
            // SAFETY: `lo + W <= hi - W` and `hi <= keys.len()` (the caller's promise), so
            // both windows of `W` keys lie in `keys` and do not overlap; `keys` is borrowed
            // exclusively for the two references' life.
            let (at_lo, at_hi) = unsafe {
                (
                    &mut *base.add(*lo).cast::<[v::Key; v::W]>(),
                    &mut *base.add(*hi - v::W).cast::<[v::Key; v::W]>(),
                )
            };
            v::split_whole(at_lo, at_hi, below, x);
            *lo += nb;
            *hi -= v::W - nb;
        }
    };
}

/// A sort unit: `quicksort` and its network for one key width `$lanes` (in scope as `v`),
/// compiled for `$features`, whose network transposes blocks of `$blocks` registers (the unit's
/// `W`; 0 where it has no transposition), with the network instances `$list` (one for every
/// other count of registers up to 16; see `network`).
macro_rules! unit {
    ($(#[$doc:meta])* $name:ident, $lanes:path, $features:literal, $blocks:tt) => {
        $(#[$doc])*
        mod $name {
            use $lanes as v;
            super::network::network!($features, $blocks, [
                1..=1 => 1, 2..=2 => 2, 3..=4 => 4, 5..=6 => 8, 7..=8 => 8, 9..=10 => 16,
                11..=12 => 16, 13..=14 => 16, 15..=16 => 16,
            ]);
            quicksort!($features);
        }
    };
}

unit!(
    /// 16 `u32` keys to a register (AVX-512; no transposition of 16 by 16 is written).
    w32, super::lanes512::w32, "avx512f,popcnt", 0
);
unit!(
    /// 8 `u64` keys to a register (AVX-512).
    w64, super::lanes512::w64, "avx512f,popcnt", 0
);
unit!(
    /// 8 keys of 32 bits to a register (AVX2).
    avx2_w32, super::lanes256::w32, "avx2,popcnt", 8
);
unit!(
    /// 4 keys of 64 bits to a register (AVX2).
    avx2_w64, super::lanes256::w64, "avx2,popcnt", 4
);
unit!(
    /// 4 `f64` keys to a register, compared as floats (AVX2; the caller checked that none is
    /// `NaN` or `-0.0`).
    avx2_f64, super::lanes256::f64, "avx2,popcnt", 4
);
