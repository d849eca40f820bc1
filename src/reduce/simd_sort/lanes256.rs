//! The vector operations of the AVX2 sort, once per key width, with the names `lanes512` offers
//! (so the parent module's macros expand for either unit): `w32` holds 8 keys of 32 bits in a
//! register, `w64` 4 of 64 bits, and `f64` 4 `f64`s (as their bits) compared as floats.
//!
//! AVX2 compares signed integers only (and has no 64-bit minimum or maximum), so its keys are
//! signed: an element's bits map one to one onto a key whose *signed* order is numpy's (the
//! unsigned key of `order::Order` with its sign bit flipped). The map is its own inverse. AVX2
//! has no compress either: a permutation from a table moves the chosen lanes to the front, the
//! others after them, and a register split at the pivot is stored whole at both ends of the run.
//!
//! Every access to memory goes through a slice whose length bounds it: whole registers through
//! `&[Key; W]`, partial ones through masked loads of exactly the slice's length, and stored
//! through a register's copy on the stack. Miri interprets every intrinsic here.

/// One key width's operations: `$k` keys, `$w` to a register; the remaining arguments are the
/// intrinsics (or expressions) of that width.
macro_rules! lanes {
    (
        $(#[$doc:meta])* $name:ident: $k:ty, $w:literal, network: $network:literal,
        order: $order:ident, keys: $keys:ident,
        set1: $set1:expr, min: $min:expr, max: $max:expr, sign_fill: $sign_fill:expr, gt: $gt:expr, eq: $eq:expr, movemask: $movemask:expr,
        lane_bits: $lane_bits:expr, maskload: $maskload:ident,
        pack: $pack:path, transpose: $transpose:path,
        partners: [$($j:literal => $partner:expr),*],
        mirrors: [$($m:literal => $mirror:expr),*] $(,)?
    ) => {
        $(#[$doc])*
        pub(super) mod $name {
            #[allow(clippy::wildcard_imports)]
            use core::arch::x86_64::*;

            /// A key.
            pub(in super::super) type Key = $k;
            /// A register of keys.
            pub(in super::super) type V = __m256i;
            /// One bit per lane, lane 0 in bit 0.
            pub(in super::super) type Mask = u8;
            /// Registers of keys the sorting network takes at most (longer runs are
            /// partitioned).
            pub(in super::super) const NETWORK_REGISTERS: usize = $network;
            /// Keys in a register.
            pub(in super::super) const W: usize = $w;

            /// How an [`Order`](crate::reduce::order::Order) maps bits to keys in a register: a
            /// key is `x ^ ((sign_fill(x) & a) | b)`, and so are the bits of a key (the key's
            /// sign bit is the element's): `b` the sign bit for unsigned integers, nothing for
            /// signed ones, and `a` every bit but the sign for floats (negative ones flipped
            /// but for the sign).
            #[derive(Clone, Copy)]
            pub(in super::super) struct Flip {
                a: V,
                b: V,
            }

            /// Whether `order` leaves the bits as they are (this module's keys are in it).
            pub(in super::super) fn identity(order: crate::reduce::order::Order) -> bool {
                order == crate::reduce::order::Order::$order
            }

            key_order!($keys, $k);

            /// The map of `order`.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn flip(order: crate::reduce::order::Order) -> Flip {
                use crate::reduce::order::Order;
                let (a, b) = match order {
                    Order::Unsigned => (0, Key::MIN),
                    Order::Signed => (0, 0),
                    Order::Float => (Key::MAX, 0),
                };
                Flip { a: splat(a), b: splat(b) }
            }

            /// The keys of the bits `x`.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn to_key(x: V, f: Flip) -> V {
                let s: V = $sign_fill(x);
                _mm256_xor_si256(x, _mm256_or_si256(_mm256_and_si256(s, f.a), f.b))
            }

            /// The bits of the keys `k`: the same map.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn from_key(k: V, f: Flip) -> V {
                to_key(k, f)
            }

            /// Every lane `k`.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn splat(k: Key) -> V {
                $set1(k)
            }

            /// The `W` keys of `keys`.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn load(keys: &[Key; W]) -> V {
                // SAFETY: `keys` holds the `W` keys (32 bytes) an unaligned load reads.
                unsafe { _mm256_loadu_si256(keys.as_ptr().cast()) }
            }

            /// `v` into the `W` keys of `keys`.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn store_whole(keys: &mut [Key; W], v: V) {
                // SAFETY: `keys` holds the `W` keys (32 bytes) an unaligned store writes.
                unsafe { _mm256_storeu_si256(keys.as_mut_ptr().cast(), v) }
            }

            /// The mask of the first `n` lanes (`n <= W`).
            #[inline(always)]
            pub(in super::super) fn prefix(n: usize) -> Mask {
                debug_assert!(n <= W);
                ((1u32 << n) - 1) as Mask
            }

            /// The lanes `0..n` (`n <= W`) as a vector of all-ones lanes.
            #[target_feature(enable = "avx2")]
            #[inline]
            fn first_lanes(n: usize) -> V {
                assert!(n <= W);
                let bits: V = $lane_bits;
                let m = splat(Key::from(prefix(n)));
                $eq(_mm256_and_si256(m, bits), bits)
            }

            /// The keys of `keys` (at most `W`) in the first lanes, `fill` in the others.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn load_part(keys: &[Key], fill: V) -> V {
                if let Ok(whole) = <&[Key; W]>::try_from(keys) {
                    return load(whole);
                }
                let m = first_lanes(keys.len());
                // SAFETY: the mask enables the first `keys.len()` lanes only, the keys of
                // `keys`; a masked load reads no other lane's memory (nor faults on it).
                let x = unsafe { $maskload(keys.as_ptr(), m) };
                _mm256_blendv_epi8(fill, x, m)
            }

            /// The first `keys.len()` lanes of `v` (at most `W`) into `keys`.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn store_part(keys: &mut [Key], v: V) {
                if let Ok(whole) = <&mut [Key; W]>::try_from(&mut *keys) {
                    return store_whole(whole, v);
                }
                // Through a whole register's copy: AVX2's masked store (`vpmaskmov`) is slow on
                // AMD's cores, and lanes of 50 or 60 `i32` took 7-13% longer with it
                // (BENCHMARKS.md).
                let mut all = [0; W];
                store_whole(&mut all, v);
                for (k, a) in keys.iter_mut().zip(all) {
                    *k = a;
                }
            }

            /// The lanes where `a > b`, as a vector of all-ones lanes.
            #[target_feature(enable = "avx2")]
            #[inline]
            fn greater(a: V, b: V) -> V {
                $gt(a, b)
            }

            /// The smaller key of each lane pair.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn min(a: V, b: V) -> V {
                $min(a, b)
            }

            /// The larger key of each lane pair.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn max(a: V, b: V) -> V {
                $max(a, b)
            }

            /// The larger of `a` and `b` in the lanes of `m`, `src` in the others. The network
            /// passes the masks of alternate lanes, pairs and halves, constants once inlined:
            /// those are blends by an immediate; any other takes a blend by a vector of lanes.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn max_where(src: V, m: Mask, a: V, b: V) -> V {
                let hi = max(a, b);
                // The 32-bit lanes of each key (two for 64-bit keys) in an immediate's bits.
                const fn dwords(m: u8) -> u8 {
                    if W == 8 {
                        return m;
                    }
                    let mut d = 0;
                    let mut i = 0;
                    while i < 4 {
                        if m >> i & 1 == 1 {
                            d |= 0b11 << (2 * i);
                        }
                        i += 1;
                    }
                    d
                }
                const ODD: u8 = if W == 8 { 0b1010_1010 } else { 0b1010 };
                const PAIRS: u8 = if W == 8 { 0b1100_1100 } else { 0b1100 };
                const HALF: u8 = 0b1111_0000;
                match m {
                    ODD => _mm256_blend_epi32::<{ dwords(ODD) as i32 }>(src, hi),
                    PAIRS => _mm256_blend_epi32::<{ dwords(PAIRS) as i32 }>(src, hi),
                    HALF if W == 8 => _mm256_blend_epi32::<{ HALF as i32 }>(src, hi),
                    _ => {
                        let bits: V = $lane_bits;
                        let lanes = $eq(_mm256_and_si256(splat(Key::from(m)), bits), bits);
                        _mm256_blendv_epi8(src, hi, lanes)
                    }
                }
            }

            /// The lanes where `a < b`.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn below(a: V, b: V) -> Mask {
                $movemask(greater(b, a)) as Mask
            }

            /// The lanes of `m`, in order, moved to the front, and the others after them.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn compress(m: Mask, v: V) -> V {
                _mm256_permutevar8x32_epi32(v, $pack[usize::from(m)])
            }

            /// `x` split at the lanes `below`: those keys into the first lanes of `lo`, the
            /// others into the last lanes of `hi`. One permutation serves both: the keys below
            /// first, the others after them, stored whole at both ends.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn split_whole(
                lo: &mut [Key; W],
                hi: &mut [Key; W],
                below: Mask,
                x: V,
            ) {
                let y = compress(below, x);
                store_whole(lo, y);
                store_whole(hi, y);
            }

            /// Lane `i` of the result is lane `i ^ (K - 1)` of `v` (`K` a power of two up to
            /// `W`): each block of `K` lanes reversed.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn mirror<const K: usize>(v: V) -> V {
                match K {
                    $($m => $mirror(v),)*
                    _ => unreachable!("no mirror of {K} lanes"),
                }
            }

            /// `block` transposed: lane `j` of register `i` becomes lane `i` of register `j`.
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn transpose(block: &mut [V; W]) {
                $transpose(block);
            }

            /// Lane `i` of the result is lane `i ^ J` of `v` (`J` a power of two below `W`).
            #[target_feature(enable = "avx2")]
            #[inline]
            pub(in super::super) fn partner<const J: usize>(v: V) -> V {
                match J {
                    $($j => $partner(v),)*
                    _ => unreachable!("no lane partner {J}"),
                }
            }
        }
    };
}

/// `table[mask]` moves the lanes whose bit is set in `mask` (of `lanes`) to the front in
/// order, the others after them in order, as `_mm256_permutevar8x32_epi32` indices: lane `i` of
/// `lanes` is the `size` 32-bit lanes from `i * size`.
const fn pack_table<const N: usize>(lanes: usize, size: usize) -> [[i32; 8]; N] {
    let mut table = [[0; 8]; N];
    let mut mask = 0;
    while mask < N {
        let mut at = 0;
        let mut pass = 0;
        while pass < 2 {
            let mut lane = 0;
            while lane < lanes {
                if (mask >> lane & 1 == 1) == (pass == 0) {
                    let mut s = 0;
                    while s < size {
                        table[mask][at] = (lane * size + s) as i32;
                        at += 1;
                        s += 1;
                    }
                }
                lane += 1;
            }
            pass += 1;
        }
        mask += 1;
    }
    table
}

/// [`pack_table`] of 8 lanes of 32 bits.
static PACK32: [core::arch::x86_64::__m256i; 256] = {
    let table = pack_table::<256>(8, 1);
    // SAFETY: `[i32; 8]` and `__m256i` have the same size, and every bit pattern is valid for
    // both.
    unsafe { core::mem::transmute::<[[i32; 8]; 256], [core::arch::x86_64::__m256i; 256]>(table) }
};

/// [`pack_table`] of 4 lanes of 64 bits.
static PACK64: [core::arch::x86_64::__m256i; 16] = {
    let table = pack_table::<16>(4, 2);
    // SAFETY: as for `PACK32`.
    unsafe { core::mem::transmute::<[[i32; 8]; 16], [core::arch::x86_64::__m256i; 16]>(table) }
};

/// Eight registers of eight 32-bit lanes transposed (lane `j` of register `i` to lane `i` of
/// register `j`): lanes interleaved in pairs, then in pairs of pairs, then the 128-bit halves
/// exchanged. Straight-line code, so that it inlines into the network.
#[target_feature(enable = "avx2")]
#[inline]
fn transpose_8x32(b: &mut [core::arch::x86_64::__m256i; 8]) {
    use core::arch::x86_64::*;
    // Rows 2i and 2i + 1 interleaved: lanes 0, 1, 4, 5 of both (`lo`), lanes 2, 3, 6, 7 (`hi`).
    let (lo01, hi01) = (
        _mm256_unpacklo_epi32(b[0], b[1]),
        _mm256_unpackhi_epi32(b[0], b[1]),
    );
    let (lo23, hi23) = (
        _mm256_unpacklo_epi32(b[2], b[3]),
        _mm256_unpackhi_epi32(b[2], b[3]),
    );
    let (lo45, hi45) = (
        _mm256_unpacklo_epi32(b[4], b[5]),
        _mm256_unpackhi_epi32(b[4], b[5]),
    );
    let (lo67, hi67) = (
        _mm256_unpacklo_epi32(b[6], b[7]),
        _mm256_unpackhi_epi32(b[6], b[7]),
    );
    // Four rows' lanes j and j + 4 (`cj`), rows 0-3 and rows 4-7.
    let (c0, c1) = (
        _mm256_unpacklo_epi64(lo01, lo23),
        _mm256_unpackhi_epi64(lo01, lo23),
    );
    let (c2, c3) = (
        _mm256_unpacklo_epi64(hi01, hi23),
        _mm256_unpackhi_epi64(hi01, hi23),
    );
    let (d0, d1) = (
        _mm256_unpacklo_epi64(lo45, lo67),
        _mm256_unpackhi_epi64(lo45, lo67),
    );
    let (d2, d3) = (
        _mm256_unpacklo_epi64(hi45, hi67),
        _mm256_unpackhi_epi64(hi45, hi67),
    );
    // Lane j of all eight rows: the low halves (j < 4) or the high halves.
    b[0] = _mm256_permute2x128_si256::<0x20>(c0, d0);
    b[1] = _mm256_permute2x128_si256::<0x20>(c1, d1);
    b[2] = _mm256_permute2x128_si256::<0x20>(c2, d2);
    b[3] = _mm256_permute2x128_si256::<0x20>(c3, d3);
    b[4] = _mm256_permute2x128_si256::<0x31>(c0, d0);
    b[5] = _mm256_permute2x128_si256::<0x31>(c1, d1);
    b[6] = _mm256_permute2x128_si256::<0x31>(c2, d2);
    b[7] = _mm256_permute2x128_si256::<0x31>(c3, d3);
}

/// Four registers of four 64-bit lanes transposed: lanes interleaved in pairs, then the 128-bit
/// halves exchanged.
#[target_feature(enable = "avx2")]
#[inline]
fn transpose_4x64(b: &mut [core::arch::x86_64::__m256i; 4]) {
    use core::arch::x86_64::*;
    let p = [
        _mm256_unpacklo_epi64(b[0], b[1]),
        _mm256_unpackhi_epi64(b[0], b[1]),
        _mm256_unpacklo_epi64(b[2], b[3]),
        _mm256_unpackhi_epi64(b[2], b[3]),
    ];
    b[0] = _mm256_permute2x128_si256::<0x20>(p[0], p[2]);
    b[1] = _mm256_permute2x128_si256::<0x20>(p[1], p[3]);
    b[2] = _mm256_permute2x128_si256::<0x31>(p[0], p[2]);
    b[3] = _mm256_permute2x128_si256::<0x31>(p[1], p[3]);
}

lanes!(
    /// 8 keys of 32 bits to a register.
    w32: i32, 8, network: 16,
    order: Signed, keys: Integer,
    set1: _mm256_set1_epi32,
    min: _mm256_min_epi32,
    max: _mm256_max_epi32,
    sign_fill: _mm256_srai_epi32::<31>,
    gt: _mm256_cmpgt_epi32,
    eq: _mm256_cmpeq_epi32,
    movemask: |v| _mm256_movemask_ps(_mm256_castsi256_ps(v)),
    lane_bits: _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128),
    maskload: _mm256_maskload_epi32,
    pack: super::PACK32, transpose: super::transpose_8x32,
    partners: [
        // Neighbours, pairs, 128-bit halves.
        1 => _mm256_shuffle_epi32::<0b10_11_00_01>,
        2 => _mm256_shuffle_epi32::<0b01_00_11_10>,
        4 => _mm256_permute4x64_epi64::<0b01_00_11_10>
    ],
    mirrors: [
        2 => _mm256_shuffle_epi32::<0b10_11_00_01>,
        4 => _mm256_shuffle_epi32::<0b00_01_10_11>,
        8 => |v| _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0))
    ],
);

/// [`lanes!`] for 4 keys of 64 bits to a register, which take their order's `min`, `max` and
/// `gt`; the rest (loads, masks, permutations) is the same for every 64-bit key.
macro_rules! lanes64 {
    (
        $(#[$doc:meta])* $name:ident, order: $order:ident, keys: $keys:ident,
        min: $min:expr, max: $max:expr, gt: $gt:expr $(,)?
    ) => {
        lanes!(
            $(#[$doc])* $name: i64, 4, network: 16,
            order: $order, keys: $keys,
            set1: _mm256_set1_epi64x,
            min: $min,
            max: $max,
            sign_fill: |x| _mm256_cmpgt_epi64(_mm256_setzero_si256(), x),
            gt: $gt,
            eq: _mm256_cmpeq_epi64,
            movemask: |v| _mm256_movemask_pd(_mm256_castsi256_pd(v)),
            lane_bits: _mm256_setr_epi64x(1, 2, 4, 8),
            maskload: _mm256_maskload_epi64,
            pack: super::PACK64, transpose: super::transpose_4x64,
            partners: [
                // Neighbours (the two halves of 128 bits swapped), 128-bit halves.
                1 => _mm256_shuffle_epi32::<0b01_00_11_10>,
                2 => _mm256_permute4x64_epi64::<0b01_00_11_10>
            ],
            mirrors: [
                2 => _mm256_shuffle_epi32::<0b01_00_11_10>,
                4 => _mm256_permute4x64_epi64::<0b00_01_10_11>
            ],
        );
    };
}

lanes64!(
    /// 4 keys of 64 bits to a register.
    w64, order: Signed, keys: Integer,
    // No 64-bit minimum or maximum in AVX2: a comparison and a blend.
    min: |a, b| _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b)),
    max: |a, b| _mm256_blendv_epi8(b, a, _mm256_cmpgt_epi64(a, b)),
    gt: _mm256_cmpgt_epi64,
);

lanes64!(
    /// 4 keys of 64 bits to a register, the bits of `f64`s that are neither `NaN` nor `-0.0`,
    /// compared as floats: a float's minimum or maximum is one instruction, where 64-bit
    /// integers take a comparison and a blend each (BENCHMARKS.md). `NaN`s would break the
    /// comparisons, and `-0.0` would be lost: a comparator of `-0.0` and `0.0`, equal as floats,
    /// may put the same one of them in both its outputs.
    f64, order: Float, keys: Float,
    min: |a, b| _mm256_castpd_si256(_mm256_min_pd(_mm256_castsi256_pd(a), _mm256_castsi256_pd(b))),
    max: |a, b| _mm256_castpd_si256(_mm256_max_pd(_mm256_castsi256_pd(a), _mm256_castsi256_pd(b))),
    gt: |a, b| _mm256_castpd_si256(_mm256_cmp_pd::<_CMP_GT_OQ>(
        _mm256_castsi256_pd(a),
        _mm256_castsi256_pd(b),
    )),
);
