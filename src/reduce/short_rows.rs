//! Many short lanes of keys sorted side by side: [`LANES`] lanes at a time, their `j`-th keys
//! gathered into one row of a scratch (a transpose), a sorting network run over the rows, each
//! comparator a minimum and a maximum of whole rows (so [`LANES`] lanes at once in vector
//! registers), then the keys written back.
//!
//! One lane of ten keys sorted on its own is a chain of dependent steps, in registers (the
//! AVX-512 network of `simd_sort`) or by comparisons, and the next lane waits for the
//! CPU to untangle it: `[100000, 10]` `i32` took 1.2x numpy's time that way. Side by side, a
//! comparator is two instructions for sixteen lanes, and what is left is the transposes.
//!
//! The network is Batcher's odd-even merge sort on [`MAX_LEN`] wires, without the comparators
//! that touch a wire at or past the lane's length: those wires would hold the largest key, which
//! every comparator leaves where it is (a comparator puts the smaller of its two wires first),
//! so what remains sorts the lane's own wires.

use super::order::Order;

/// Lanes sorted side by side: a row of the scratch is one AVX-512 vector of `u32` keys.
const LANES: usize = 16;

/// Wires of the network: no lane longer is sorted here (see [`Key::LONGEST`]).
const MAX_LEN: usize = 32;

/// Room for the comparators of Batcher's network on [`MAX_LEN`] wires (191 for 32).
const ROOM: usize = 192;

/// Comparators of Batcher's odd-even merge sort on [`MAX_LEN`] wires, as `(low, high)` wire
/// pairs (the first `.1` of them): after them the wires are in order, whatever they held.
const NETWORK: ([(u8, u8); ROOM], usize) = network(MAX_LEN);

/// Batcher's odd-even merge sort on `n` wires (a power of two), its comparators in order (merges
/// of sorted runs of `p`, comparing wires `k` apart).
const fn network(n: usize) -> ([(u8, u8); ROOM], usize) {
    let mut out = [(0, 0); ROOM];
    let mut count = 0;
    let mut p = 1;
    while p < n {
        let mut k = p;
        while k >= 1 {
            let mut j = k % p;
            while j + k < n {
                let mut i = 0;
                while i < k && i + j + k < n {
                    if (i + j) / (2 * p) == (i + j + k) / (2 * p) {
                        out[count] = ((i + j) as u8, (i + j + k) as u8);
                        count += 1;
                    }
                    i += 1;
                }
                j += 2 * k;
            }
            k /= 2;
        }
        p *= 2;
    }
    (out, count)
}

/// The unsigned keys sorted here: `u32` and `u64`.
pub(crate) trait Key:
    Copy
    + Ord
    + Default
    + core::ops::BitXor<Output = Self>
    + core::ops::BitAnd<Output = Self>
    + core::ops::BitOr<Output = Self>
    + core::ops::Not<Output = Self>
{
    /// The longest lane sorted side by side: longer ones are sorted one by one, faster
    /// (BENCHMARKS.md, "Short lanes side by side").
    const LONGEST: usize;
    /// Only the top bit set.
    const SIGN: Self;
    /// Every bit set where the top bit is, none where it is not.
    fn spread(self) -> Self;
    /// `x` the smaller of the two, `y` the larger, in a form the compiler vectorises over a row.
    fn order(x: &mut Self, y: &mut Self);
}

impl Key for u32 {
    const LONGEST: usize = 24;
    const SIGN: u32 = 1 << 31;
    #[inline(always)]
    fn spread(self) -> u32 {
        ((self as i32) >> 31) as u32
    }
    #[inline(always)]
    fn order(x: &mut u32, y: &mut u32) {
        (*x, *y) = ((*x).min(*y), (*x).max(*y));
    }
}

impl Key for u64 {
    const LONGEST: usize = MAX_LEN;
    const SIGN: u64 = 1 << 63;
    #[inline(always)]
    fn spread(self) -> u64 {
        ((self as i64) >> 63) as u64
    }
    #[inline(always)]
    fn order(x: &mut u64, y: &mut u64) {
        // Swapped where `y < x`, by the bits that differ: as `min`/`max`, the compiler left
        // 64-bit keys scalar, even with AVX-512's 64-bit minimum.
        let swap = (*x ^ *y) & u64::from(*y < *x).wrapping_neg();
        (*x, *y) = (*x ^ swap, *y ^ swap);
    }
}

/// Sorts, in `order` (`order::Order`: the element's bits to their key and back), each of the
/// lanes of `len` keys that `keys` is made of, as many of them as come in whole groups of
/// [`LANES`]; returns how many keys that was (0 when `len` is not in `2..=K::LONGEST`). The
/// caller sorts the lanes after them.
#[inline]
pub(crate) fn sort_rows<K: Key>(keys: &mut [K], len: usize, order: Order) -> usize {
    if !(2..=K::LONGEST).contains(&len) || keys.len() < LANES * len {
        return 0;
    }
    // The comparators between the lane's own wires.
    let mut kept = [(0, 0); ROOM];
    let mut count = 0;
    for &(low, high) in &NETWORK.0[..NETWORK.1] {
        if usize::from(high) < len {
            kept[count] = (low, high);
            count += 1;
        }
    }
    let sorted = keys.len() / (LANES * len) * (LANES * len);
    let (keys, comparators) = (&mut keys[..sorted], &kept[..count]);
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    {
        let avx512 = std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl");
        if avx512 && len * size_of::<K>() == 64 {
            // A lane of exactly one AVX-512 register of keys: `simd_sort` sorts it in that
            // register, with no lane wasted, faster than side by side (16 `u32`: 1.2 ms
            // against 1.5-1.7 for 10^6 keys).
            return 0;
        }
        if avx512 {
            // SAFETY: the CPU has AVX-512F and VL, all this build requires.
            unsafe { groups_avx512(keys, len, order, comparators) };
            return sorted;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, all this build requires.
            unsafe { groups_avx2(keys, len, order, comparators) };
            return sorted;
        }
    }
    groups(keys, len, order, comparators);
    sorted
}

/// [`groups`] compiled for AVX-512 (VL too: the compiler prefers 256-bit vectors, and compares
/// 64-bit unsigned keys in them only with VL).
#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx512f,avx512vl")]
fn groups_avx512<K: Key>(keys: &mut [K], len: usize, order: Order, comparators: &[(u8, u8)]) {
    groups(keys, len, order, comparators);
}

/// [`groups`] compiled for AVX2.
#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx2")]
fn groups_avx2<K: Key>(keys: &mut [K], len: usize, order: Order, comparators: &[(u8, u8)]) {
    groups(keys, len, order, comparators);
}

/// Every group of [`LANES`] lanes of `len` keys of `keys` (whole groups only) sorted by the
/// network's `comparators`.
#[inline(always)]
fn groups<K: Key>(keys: &mut [K], len: usize, order: Order, comparators: &[(u8, u8)]) {
    // The bits to the key and back, branch-free: `float` is every bit for floats, `sign` the
    // top bit for signed integers and floats (`order::Order`).
    let (float, sign) = match order {
        Order::Unsigned => (K::default(), K::default()),
        Order::Signed => (K::default(), K::SIGN),
        Order::Float => (!K::default(), K::SIGN),
    };
    let to_key = |k: K| k ^ ((k.spread() & float) | sign);
    let from_key = |k: K| k ^ ((!k.spread() & float) | sign);
    // Row `j` holds the `j`-th key of each lane of the group.
    let mut rows = [[K::default(); LANES]; MAX_LEN];
    for group in keys.chunks_exact_mut(LANES * len) {
        for (r, lane) in group.chunks_exact(len).enumerate() {
            for (row, &k) in rows.iter_mut().zip(lane) {
                row[r] = to_key(k);
            }
        }
        for &(low, high) in comparators {
            // `low < high`: the two rows borrowed apart.
            let (before, from_high) = rows.split_at_mut(usize::from(high));
            let (low, high) = (&mut before[usize::from(low)], &mut from_high[0]);
            for (x, y) in low.iter_mut().zip(high.iter_mut()) {
                K::order(x, y);
            }
        }
        for (r, lane) in group.chunks_exact_mut(len).enumerate() {
            for (row, k) in rows.iter().zip(lane) {
                *k = from_key(row[r]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each cut of Batcher's network to its first `len` wires sorts every 0/1 input (the 0-1
    /// principle: then it sorts every input), for every `len` small enough to try them all;
    /// longer lanes are checked on values in `sort_tests`.
    #[test]
    fn the_network_and_its_cuts_sort_every_zero_one_input() {
        let (network, count) = NETWORK;
        assert_eq!(count, 191);
        // Every input of up to 16 wires (4 under Miri).
        let most = if cfg!(miri) { 4 } else { 16 };
        for len in 1..=most {
            for input in 0u32..1 << len {
                let mut wires: [u32; MAX_LEN] = core::array::from_fn(|w| (input >> w) & 1);
                for &(low, high) in &network[..count] {
                    let (low, high) = (usize::from(low), usize::from(high));
                    if high < len && wires[low] > wires[high] {
                        wires.swap(low, high);
                    }
                }
                assert!(wires[..len].is_sorted(), "len {len}, input {input:b}");
            }
        }
    }
}
