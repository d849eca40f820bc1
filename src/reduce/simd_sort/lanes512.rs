//! The vector operations of the AVX-512 sort, once per key width: `w32` holds 16 `u32` keys in
//! a register, `w64` 8 `u64` keys. Both offer the same names as `lanes256`'s AVX2 ones, so the
//! sort's algorithm (the parent module's macros) is written once and expanded for each.
//!
//! Every access to memory goes through a slice whose length bounds it: whole registers through
//! `&[Key; W]`, partial ones through masked loads and stores of exactly the slice's length. The
//! one operation Miri cannot interpret, the register compress (`vpcompressd`/`vpcompressq`), is
//! replaced under Miri by [`w32::compress_model`]/[`w64::compress_model`], which the native
//! tests check against the instruction.

/// One key width's operations: `$k` keys, `$w` to a register, `$mask` a mask of `$w` bits; the
/// remaining arguments are the intrinsics of that width.
macro_rules! lanes {
    (
        $(#[$doc:meta])* $name:ident: $k:ty, $w:literal, $mask:ty, $lane:ty,
        set1: $set1:ident, min: $min:ident, max: $max:ident, mask_max: $mask_max:ident,
        cmplt: $cmplt:ident, compress: $compress:ident, mask_loadu: $mask_loadu:ident,
        mask_storeu: $mask_storeu:ident, sign_fill: $sign_fill:expr,
        permutexvar: $permutexvar:ident,
        partners: [$($j:literal => $partner:expr),*] $(,)?
    ) => {
        $(#[$doc])*
        pub(super) mod $name {
            #[allow(clippy::wildcard_imports)]
            use core::arch::x86_64::*;

            /// A key.
            pub(in super::super) type Key = $k;
            /// A register of keys.
            pub(in super::super) type V = __m512i;
            /// One bit per lane, lane 0 in bit 0.
            pub(in super::super) type Mask = $mask;
            /// Registers of keys the sorting network takes at most (longer runs are
            /// partitioned).
            pub(in super::super) const NETWORK_REGISTERS: usize = 16;
            /// Keys in a register.
            pub(in super::super) const W: usize = $w;

            /// How an [`Order`](crate::reduce::order::Order) maps bits to keys in a register: a
            /// key is `x ^ ((sign_fill(x) & a) | b)`, and the bits are
            /// `k ^ ((!sign_fill(k) & a) | b)` (`sign_fill` sets every bit where the sign bit
            /// is): `a = 0, b = 0` for unsigned integers, `b` the sign bit for signed ones, and
            /// `a` all ones, `b` the sign bit, for floats (negative ones flipped whole).
            #[derive(Clone, Copy)]
            pub(in super::super) struct Flip {
                a: V,
                b: V,
            }

            /// Whether `order` leaves the bits as they are (unsigned integers).
            pub(in super::super) fn identity(order: crate::reduce::order::Order) -> bool {
                order == crate::reduce::order::Order::Unsigned
            }

            key_order!(Integer, $k);

            /// The map of `order`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn flip(order: crate::reduce::order::Order) -> Flip {
                use crate::reduce::order::Order;
                const SIGN: Key = 1 << (Key::BITS - 1);
                let (a, b) = match order {
                    Order::Unsigned => (0, 0),
                    Order::Signed => (0, SIGN),
                    Order::Float => (Key::MAX, SIGN),
                };
                Flip { a: splat(a), b: splat(b) }
            }

            /// The keys of the bits `x`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn to_key(x: V, f: Flip) -> V {
                let s: V = $sign_fill(x);
                _mm512_xor_si512(x, _mm512_or_si512(_mm512_and_si512(s, f.a), f.b))
            }

            /// The bits of the keys `k`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn from_key(k: V, f: Flip) -> V {
                let s: V = $sign_fill(k);
                _mm512_xor_si512(k, _mm512_or_si512(_mm512_andnot_si512(s, f.a), f.b))
            }

            /// Every lane `k`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn splat(k: Key) -> V {
                $set1(k as $lane)
            }

            /// The `W` keys of `keys`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn load(keys: &[Key; W]) -> V {
                // SAFETY: `keys` holds the `W` keys (64 bytes) an unaligned load reads.
                unsafe { _mm512_loadu_si512(keys.as_ptr().cast()) }
            }

            /// `v` into the `W` keys of `keys`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn store_whole(keys: &mut [Key; W], v: V) {
                // SAFETY: `keys` holds the `W` keys (64 bytes) an unaligned store writes.
                unsafe { _mm512_storeu_si512(keys.as_mut_ptr().cast(), v) }
            }

            /// The mask of the first `n` lanes (`n <= W`).
            #[inline(always)]
            pub(in super::super) fn prefix(n: usize) -> Mask {
                debug_assert!(n <= W);
                ((1u32 << n) - 1) as Mask
            }

            /// The keys of `keys` (at most `W`) in the first lanes, `fill` in the others.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn load_part(keys: &[Key], fill: V) -> V {
                assert!(keys.len() <= W);
                // SAFETY: the mask enables the first `keys.len()` lanes only, the keys of
                // `keys`; a masked load reads no other lane's memory.
                unsafe { $mask_loadu(fill, prefix(keys.len()), keys.as_ptr().cast()) }
            }

            /// The first `keys.len()` lanes of `v` (at most `W`) into `keys`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn store_part(keys: &mut [Key], v: V) {
                assert!(keys.len() <= W);
                // SAFETY: the mask enables the first `keys.len()` lanes only, the keys of
                // `keys`; a masked store writes no other lane's memory.
                unsafe { $mask_storeu(keys.as_mut_ptr().cast(), prefix(keys.len()), v) }
            }

            /// The smaller key of each lane pair.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn min(a: V, b: V) -> V {
                $min(a, b)
            }

            /// The larger key of each lane pair.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn max(a: V, b: V) -> V {
                $max(a, b)
            }

            /// The larger of `a` and `b` in the lanes of `m`, `src` in the others (one
            /// instruction where a blend after the maximum would be two).
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn max_where(src: V, m: Mask, a: V, b: V) -> V {
                $mask_max(src, m, a, b)
            }

            /// The lanes where `a < b`.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn below(a: V, b: V) -> Mask {
                $cmplt(a, b)
            }

            /// The lanes of `m`, in order, moved to the front (the others zero).
            #[cfg(not(miri))]
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn compress(m: Mask, v: V) -> V {
                $compress(m, v)
            }

            /// Under Miri, which cannot run the compress instruction: its model.
            #[cfg(miri)]
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn compress(m: Mask, v: V) -> V {
                compress_model(m, v)
            }

            /// What the compress instruction does, lane by lane: Miri runs this instead, and the
            /// native tests check that the two agree.
            #[cfg(any(miri, test))]
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn compress_model(m: Mask, v: V) -> V {
                let mut lanes = [0; W];
                store_whole(&mut lanes, v);
                let mut packed = [0; W];
                let mut at = 0;
                for (i, &k) in lanes.iter().enumerate() {
                    if m >> i & 1 == 1 {
                        packed[at] = k;
                        at += 1;
                    }
                }
                load(&packed)
            }

            /// `x` split at the lanes `below`: those keys into the first lanes of `lo`, the
            /// others into the last lanes of `hi` (the other lanes of `lo` are written too).
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn split_whole(
                lo: &mut [Key; W],
                hi: &mut [Key; W],
                below: Mask,
                x: V,
            ) {
                store_whole(lo, compress(below, x));
                let na = W - below.count_ones() as usize;
                store_part(&mut hi[W - na..], compress(!below, x));
            }

            /// Lane `i` of the result is lane `i ^ (K - 1)` of `v` (`K` a power of two up to
            /// `W`): each block of `K` lanes reversed.
            #[target_feature(enable = "avx512f")]
            #[inline]
            pub(in super::super) fn mirror<const K: usize>(v: V) -> V {
                if K == 2 {
                    return partner::<1>(v);
                }
                let mut index = [0; W];
                for (i, x) in index.iter_mut().enumerate() {
                    *x = (i ^ (K - 1)) as Key;
                }
                $permutexvar(load(&index), v)
            }

            /// Lane `i` of the result is lane `i ^ J` of `v` (`J` a power of two below `W`).
            #[target_feature(enable = "avx512f")]
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

lanes!(
    /// 16 `u32` keys to a register.
    w32: u32, 16, u16, i32,
    set1: _mm512_set1_epi32, min: _mm512_min_epu32, max: _mm512_max_epu32,
    mask_max: _mm512_mask_max_epu32, cmplt: _mm512_cmplt_epu32_mask,
    compress: _mm512_maskz_compress_epi32, mask_loadu: _mm512_mask_loadu_epi32,
    mask_storeu: _mm512_mask_storeu_epi32, sign_fill: _mm512_srai_epi32::<31>,
    permutexvar: _mm512_permutexvar_epi32,
    partners: [
        // Neighbours, pairs, 128-bit quarters, 256-bit halves.
        1 => _mm512_shuffle_epi32::<0b10_11_00_01>,
        2 => _mm512_shuffle_epi32::<0b01_00_11_10>,
        4 => |v| _mm512_shuffle_i32x4::<0b10_11_00_01>(v, v),
        8 => |v| _mm512_shuffle_i32x4::<0b01_00_11_10>(v, v)
    ],
);

lanes!(
    /// 8 `u64` keys to a register.
    w64: u64, 8, u8, i64,
    set1: _mm512_set1_epi64, min: _mm512_min_epu64, max: _mm512_max_epu64,
    mask_max: _mm512_mask_max_epu64, cmplt: _mm512_cmplt_epu64_mask,
    compress: _mm512_maskz_compress_epi64, mask_loadu: _mm512_mask_loadu_epi64,
    mask_storeu: _mm512_mask_storeu_epi64, sign_fill: _mm512_srai_epi64::<63>,
    permutexvar: _mm512_permutexvar_epi64,
    partners: [
        // Neighbours (the two 32-bit halves of 64 bits swapped), 128-bit quarters, halves.
        1 => _mm512_shuffle_epi32::<0b01_00_11_10>,
        2 => |v| _mm512_shuffle_i64x2::<0b10_11_00_01>(v, v),
        4 => |v| _mm512_shuffle_i64x2::<0b01_00_11_10>(v, v)
    ],
);
