//! An AVX2 sort of `u32` keys (the keys `f32`, `i32` and `u32` lanes are sorted by where the CPU
//! has AVX2 but not AVX-512, which `super::simd_sort512` sorts with): a quicksort whose
//! partitions compare eight keys per instruction and left-pack them with a permutation table,
//! down to runs of at most 128 keys, which a bitonic sorting network sorts in up to sixteen
//! registers. This is how numpy's default sort (x86-simd-sort) works on this machine class; the
//! portable path, a radix sort, takes about twice as long on rows of a thousand (BENCHMARKS.md).
//!
//! Only with `std` on x86-64, where the CPU is asked at run time; elsewhere the radix sort runs.
//! Miri runs this code when the crate is built for AVX2 (`cargo xtask miri` has a target for
//! it: Miri's CPU has no AVX2 otherwise, and then the radix sort runs), on the tests below with
//! their inputs shrunk.
//!
//! Over 400 lines with its tests (77): the partition, the sorting network and the permutation
//! table they use are one algorithm.

use core::arch::x86_64::{
    __m256i, _mm256_blend_epi32, _mm256_castsi256_ps, _mm256_cmpgt_epi32, _mm256_loadu_si256,
    _mm256_max_epu32, _mm256_min_epu32, _mm256_movemask_ps, _mm256_permute2x128_si256,
    _mm256_permute4x64_epi64, _mm256_permutevar8x32_epi32, _mm256_set1_epi32, _mm256_shuffle_epi32,
    _mm256_storeu_si256, _mm256_unpackhi_epi32, _mm256_unpackhi_epi64, _mm256_unpacklo_epi32,
    _mm256_unpacklo_epi64, _mm256_xor_si256,
};

/// Runs this short are sorted by the network; longer ones are partitioned.
const NETWORK: usize = 128;

/// Sorts `keys` ascending with AVX2 and returns `true`, or returns `false` (nothing done) when
/// the CPU lacks AVX2 or POPCNT (the count of keys below the pivot in eight).
#[inline]
pub(crate) fn sort_u32(keys: &mut [u32]) -> bool {
    if !(std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("popcnt"))
    {
        return false;
    }
    std::thread_local! {
        // Reused by the lanes this thread sorts (one allocation, not one per lane), up to
        // `KEEP` keys: a longer lane gets scratch space of its own, freed after.
        static SCRATCH: core::cell::RefCell<alloc::vec::Vec<u32>> = const {
            core::cell::RefCell::new(alloc::vec::Vec::new())
        };
    }
    const KEEP: usize = 1 << 16;
    let need = keys.len() + 8;
    let mut run = |scratch: &mut [u32]| {
        // SAFETY: the CPU has AVX2 and POPCNT, all these functions require.
        unsafe { quicksort(keys, scratch, 0) }
    };
    if need > KEEP {
        run(&mut alloc::vec![0; need]);
    } else {
        SCRATCH.with_borrow_mut(|scratch| {
            if scratch.len() < need {
                scratch.resize(need, 0);
            }
            run(scratch)
        });
    }
    true
}

/// `keys` sorted: partitions around a pivot until a run fits the network. `scratch` holds
/// `keys.len() + 8` keys.
#[target_feature(enable = "avx2,popcnt")]
#[inline]
fn quicksort(keys: &mut [u32], scratch: &mut [u32], depth: u32) {
    let n = keys.len();
    if n <= NETWORK {
        network(keys);
        return;
    }
    if depth > 2 * (usize::BITS - n.leading_zeros()) {
        // Bad pivots all the way down: the standard library's sort bounds the time.
        keys.sort_unstable();
        return;
    }
    let pivot = median3(keys[n / 4], keys[n / 2], keys[3 * n / 4]);
    let mut below = partition(keys, scratch, pivot);
    if below == 0 {
        // The pivot is the least key: split off every copy of it instead (keys < pivot + 1);
        // they need no more sorting. At least the pivot itself moves, so each step progresses.
        if pivot == u32::MAX {
            return;
        }
        below = partition(keys, scratch, pivot + 1);
        quicksort(&mut keys[below..], scratch, depth + 1);
        return;
    }
    let (left, right) = keys.split_at_mut(below);
    quicksort(left, scratch, depth + 1);
    quicksort(right, scratch, depth + 1);
}

#[inline]
fn median3(a: u32, b: u32, c: u32) -> u32 {
    a.max(b).min(a.min(b).max(c))
}

/// Reorders `keys` so that those below `pivot` come first, and returns how many they are. Eight
/// keys at a time are split by one comparison: those below, left-packed by a permutation, are
/// stored back into `keys` at the end of the run of keys below found so far (never past the
/// keys just read), the others likewise into `scratch`, then copied after them. A store writes
/// all eight lanes: those past the packed keys are overwritten by the next store.
#[target_feature(enable = "avx2,popcnt")]
#[inline]
fn partition(keys: &mut [u32], scratch: &mut [u32], pivot: u32) -> usize {
    let n = keys.len();
    // Unsigned order through the signed comparison: flip the sign bits of both sides.
    let sign = _mm256_set1_epi32(i32::MIN);
    let p = _mm256_xor_si256(_mm256_set1_epi32(pivot as i32), sign);
    let (mut nl, mut nh) = (0, 0);
    let mut at = 0;
    assert!(scratch.len() >= n + 8);
    let (from, to_high) = (keys.as_mut_ptr(), scratch.as_mut_ptr());
    while at + 8 <= n {
        // SAFETY: `at + 8 <= n`: an unaligned load of the 8 keys from `at`.
        let v = unsafe { _mm256_loadu_si256(from.add(at).cast()) };
        let is_below = _mm256_cmpgt_epi32(p, _mm256_xor_si256(v, sign));
        let mask = _mm256_movemask_ps(_mm256_castsi256_ps(is_below)) as u32 as usize;
        let count = mask.count_ones() as usize;
        let below = _mm256_permutevar8x32_epi32(v, PACK[mask]);
        let rest = _mm256_permutevar8x32_epi32(v, PACK[mask ^ 0xff]);
        // SAFETY: `nl <= at` (each chunk read adds at most 8 to `nl`), so the 8 slots from `nl`
        // end by `at + 8 <= n` and hold only keys already read; `nh <= at` likewise, and
        // `scratch` holds at least `n + 8` (asserted above).
        unsafe {
            _mm256_storeu_si256(from.add(nl).cast(), below);
            _mm256_storeu_si256(to_high.add(nh).cast(), rest);
        }
        nl += count;
        nh += 8 - count;
        at += 8;
    }
    for i in at..n {
        let k = keys[i];
        if k < pivot {
            keys[nl] = k;
            nl += 1;
        } else {
            scratch[nh] = k;
            nh += 1;
        }
    }
    keys[nl..].copy_from_slice(&scratch[..nh]);
    nl
}

/// `PACK[mask]` moves the lanes whose bit is set in `mask` to the front, in order.
static PACK: [__m256i; 256] = {
    let mut table = [[0i32; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut lane, mut at) = (0, 0);
        while lane < 8 {
            if mask >> lane & 1 == 1 {
                table[mask][at] = lane;
                at += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    // SAFETY: `[i32; 8]` and `__m256i` have the same size, and every bit pattern is valid for
    // both.
    unsafe { core::mem::transmute::<[[i32; 8]; 256], [__m256i; 256]>(table) }
};

/// Sorts at most [`NETWORK`] keys: padded with `u32::MAX` to 8, 16, 32, 64 or 128 and sorted by
/// the bitonic network in 1 to 16 registers. The padding sorts last, and equal keys are
/// indistinguishable, so the first `keys.len()` sorted keys are the answer.
#[target_feature(enable = "avx2,popcnt")]
#[inline]
fn network(keys: &mut [u32]) {
    match keys.len() {
        0..=1 => {}
        2..=8 => in_registers::<1>(keys),
        9..=16 => in_registers::<2>(keys),
        17..=32 => in_registers::<4>(keys),
        33..=64 => in_registers::<8>(keys),
        _ => in_registers::<16>(keys),
    }
}

/// `keys` (at most `8 * R`) sorted in `R` registers.
#[target_feature(enable = "avx2,popcnt")]
#[inline]
fn in_registers<const R: usize>(keys: &mut [u32]) {
    let n = keys.len();
    let mut v = [_mm256_set1_epi32(-1); R];
    for (r, x) in v.iter_mut().enumerate() {
        let from = (8 * r).min(n);
        let part = &keys[from..(8 * r + 8).min(n)];
        *x = if part.len() == 8 {
            // SAFETY: `part` has 8 keys; an unaligned load reads exactly them.
            unsafe { _mm256_loadu_si256(part.as_ptr().cast()) }
        } else {
            let mut padded = [u32::MAX; 8];
            padded[..part.len()].copy_from_slice(part);
            // SAFETY: as above, from the 8 keys of `padded`.
            unsafe { _mm256_loadu_si256(padded.as_ptr().cast()) }
        };
    }
    bitonic(&mut v);
    for (r, x) in v.iter().enumerate() {
        let from = (8 * r).min(n);
        let part = &mut keys[from..(8 * r + 8).min(n)];
        if part.len() == 8 {
            // SAFETY: `part` has room for the 8 keys.
            unsafe { _mm256_storeu_si256(part.as_mut_ptr().cast(), *x) };
        } else if !part.is_empty() {
            let mut padded = [0u32; 8];
            // SAFETY: as above, into `padded`.
            unsafe { _mm256_storeu_si256(padded.as_mut_ptr().cast(), *x) };
            let len = part.len();
            part.copy_from_slice(&padded[..len]);
        }
    }
}

/// Batcher's bitonic sorting network on the `8 * R` keys of `v` (key `8 * r + lane`), ascending:
/// for blocks of `k = 2, 4, ..., 8 * R` keys, the steps `j = k / 2, ..., 1` of [`step`], written
/// out so that every index is a constant and `v` lives in registers.
#[target_feature(enable = "avx2,popcnt")]
#[inline]
fn bitonic<const R: usize>(v: &mut [__m256i; R]) {
    macro_rules! merge {
        ($k:literal: $($j:literal)*) => { $( step::<$k, $j, R>(v); )* };
    }
    if R >= 8 {
        // The blocks of 2, 4 and 8 leave each register sorted, ascending in even registers and
        // descending in odd ones. Cheaper for eight registers at once: sort the columns across
        // them, transpose, and reverse the odd ones.
        // SAFETY: `REVERSE` holds 8 lanes.
        let reverse = unsafe { _mm256_loadu_si256(REVERSE.as_ptr().cast()) };
        for group in v.chunks_exact_mut(8) {
            columns(group);
            transpose(group);
            for x in group.iter_mut().skip(1).step_by(2) {
                *x = _mm256_permutevar8x32_epi32(*x, reverse);
            }
        }
    } else {
        merge!(2: 1);
        merge!(4: 2 1);
        merge!(8: 4 2 1);
    }
    if R >= 2 {
        merge!(16: 8 4 2 1);
    }
    if R >= 4 {
        merge!(32: 16 8 4 2 1);
    }
    if R >= 8 {
        merge!(64: 32 16 8 4 2 1);
    }
    if R >= 16 {
        merge!(128: 64 32 16 8 4 2 1);
    }
}

/// One step of the network: every key against the one `J` places away; in a block of `K` keys
/// whose index has bit `K` clear the smaller goes first, otherwise the larger. Partners in other
/// registers (`J >= 8`) are a minimum and a maximum of two registers; partners in the same
/// register are one permutation, a minimum, a maximum and a blend picking per lane.
#[target_feature(enable = "avx2,popcnt")]
#[inline]
fn step<const K: usize, const J: usize, const R: usize>(v: &mut [__m256i; R]) {
    if J >= 8 {
        for r in 0..R {
            let q = r ^ (J / 8);
            if q > r {
                let (lo, hi) = (_mm256_min_epu32(v[r], v[q]), _mm256_max_epu32(v[r], v[q]));
                (v[r], v[q]) = if (8 * r) & K == 0 { (lo, hi) } else { (hi, lo) };
            }
        }
        return;
    }
    for (r, x) in v.iter_mut().enumerate() {
        // Lane `i` against lane `i ^ J`: pairs swapped, or halves of 64 or 128 bits.
        let other = match J {
            1 => _mm256_shuffle_epi32::<0b10_11_00_01>(*x),
            2 => _mm256_shuffle_epi32::<0b01_00_11_10>(*x),
            _ => _mm256_permute4x64_epi64::<0b01_00_11_10>(*x),
        };
        let (lo, hi) = (_mm256_min_epu32(*x, other), _mm256_max_epu32(*x, other));
        // A set bit takes the larger key into that lane.
        *x = match (K, J) {
            // Blocks of 2 and 4: the direction changes inside the register.
            (2, _) => _mm256_blend_epi32::<0b0110_0110>(lo, hi),
            (4, 2) => _mm256_blend_epi32::<0b0011_1100>(lo, hi),
            (4, _) => _mm256_blend_epi32::<0b0101_1010>(lo, hi),
            // Larger blocks: the second of each pair takes the larger key, or the smaller in a
            // descending block.
            _ => {
                let (a, b) = if (8 * r) & K == 0 { (lo, hi) } else { (hi, lo) };
                match J {
                    1 => _mm256_blend_epi32::<0b1010_1010>(a, b),
                    2 => _mm256_blend_epi32::<0b1100_1100>(a, b),
                    _ => _mm256_blend_epi32::<0b1111_0000>(a, b),
                }
            }
        };
    }
}

/// Sorts each of the 8 columns (lane `i` of the 8 registers) ascending down the registers:
/// the 19-comparator network for 8 inputs.
#[target_feature(enable = "avx2,popcnt")]
#[inline]
fn columns(v: &mut [__m256i]) {
    const PAIRS: [(usize, usize); 19] = [
        (0, 2),
        (1, 3),
        (4, 6),
        (5, 7),
        (0, 4),
        (1, 5),
        (2, 6),
        (3, 7),
        (0, 1),
        (2, 3),
        (4, 5),
        (6, 7),
        (2, 4),
        (3, 5),
        (1, 4),
        (3, 6),
        (1, 2),
        (3, 4),
        (5, 6),
    ];
    for (a, b) in PAIRS {
        let (lo, hi) = (_mm256_min_epu32(v[a], v[b]), _mm256_max_epu32(v[a], v[b]));
        (v[a], v[b]) = (lo, hi);
    }
}

/// Transposes the 8 x 8 keys of 8 registers: register `i` becomes lane `i` of every register.
#[target_feature(enable = "avx2,popcnt")]
#[inline]
fn transpose(v: &mut [__m256i]) {
    let t: [__m256i; 8] = core::array::from_fn(|i| {
        let (a, b) = (v[i & !1 & 6], v[(i & 6) | 1]);
        if i % 2 == 0 {
            _mm256_unpacklo_epi32(a, b)
        } else {
            _mm256_unpackhi_epi32(a, b)
        }
    });
    // t[2p] = pairs (0,1), (2,3)... interleaved low, t[2p+1] high; now 64-bit halves.
    let u: [__m256i; 8] = core::array::from_fn(|i| {
        let base = (i / 4) * 4;
        let (a, b) = (t[base + (i % 4) / 2], t[base + 2 + (i % 4) / 2]);
        if i % 2 == 0 {
            _mm256_unpacklo_epi64(a, b)
        } else {
            _mm256_unpackhi_epi64(a, b)
        }
    });
    for i in 0..4 {
        v[i] = _mm256_permute2x128_si256::<0x20>(u[i], u[i + 4]);
        v[i + 4] = _mm256_permute2x128_si256::<0x31>(u[i], u[i + 4]);
    }
}

/// Lanes reversed (a permutation index).
static REVERSE: [i32; 8] = [7, 6, 5, 4, 3, 2, 1, 0];

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn keys(n: usize, seed: u64, spread: u32) -> Vec<u32> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let x = (s >> 32) as u32;
                if spread == 0 { x } else { x % spread }
            })
            .collect()
    }

    /// The AVX2 sort against the standard library's; where the CPU lacks AVX2 (Miri unless the
    /// crate is built for it), the radix sort that runs instead.
    fn check(mut v: Vec<u32>) {
        let mut want = v.clone();
        want.sort_unstable();
        let ran = sort_u32(&mut v);
        // Built for AVX2 (as Miri's AVX2 target is), the AVX2 sort must be the one that ran.
        assert!(ran || !cfg!(target_feature = "avx2"));
        if !ran {
            radsort::sort(&mut v);
        }
        assert_eq!(v, want, "n = {}", v.len());
    }

    #[test]
    fn every_length_up_to_300_and_rows_of_a_thousand() {
        // Under Miri: every network size and one partition level or two.
        let (lengths, rows) = if cfg!(miri) {
            ((0..140).step_by(3), 1)
        } else {
            ((0..300).step_by(1), 20)
        };
        for n in lengths {
            check(keys(n, n as u64, 0));
            check(keys(n, n as u64 + 7, 5));
        }
        for seed in 0..rows {
            check(keys(1000, seed, 0));
            check(keys(1000, seed, 1000));
        }
        if !cfg!(miri) {
            // Past the thread's kept scratch space.
            check(keys(70_000, 3, 0));
        }
    }

    #[test]
    fn ordered_equal_and_extreme_keys() {
        let lengths: &[usize] = if cfg!(miri) {
            &[65, 300]
        } else {
            &[65, 100, 1000, 4097]
        };
        for &n in lengths {
            check((0..n as u32).collect());
            check((0..n as u32).rev().collect());
            check(alloc::vec![7; n]);
            check(alloc::vec![u32::MAX; n]);
            check(
                (0..n as u32)
                    .map(|i| if i % 2 == 0 { 0 } else { u32::MAX })
                    .collect(),
            );
            // Organ pipe and sawtooth: classic bad cases for a median-of-three pivot.
            check((0..n as u32).map(|i| i.min(n as u32 - i)).collect());
            check((0..n as u32).map(|i| i % 17).collect());
        }
    }
}
