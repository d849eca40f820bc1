//! `Reduce::sort_unstable` of every type sorted as plain keys (`f32`, `f64`, `i32`, `i64`, `u32`,
//! `u64`) as the standard library's sort by `sort_key` orders them: whichever sort the CPU runs
//! (AVX-512, AVX2 or the radix sort), on every short length and some long ones, ordered,
//! reversed, equal and duplicate-heavy lanes, and the special values (`NaN`s of both signs and
//! several payloads, both zeros, both infinities, the integers' extremes).

use super::Reduce;
use alloc::vec::Vec;
use core::fmt::Debug;

/// A type under test: values from random bits, and the special ones.
trait Case: Reduce + Debug {
    /// A value from 64 random bits (for floats, any bit pattern: `NaN`s, infinities and
    /// subnormals included).
    fn from_random(x: u64) -> Self;
    /// Values each lane mixes in.
    const SPECIAL: &'static [Self];
    /// The value's bits, to check that no element is lost or changed.
    fn bits(self) -> u64;
    /// A small value from `i` (for duplicate-heavy and ordered lanes).
    fn small(i: i64) -> Self;
}

macro_rules! cases {
    ($($t:ty: $bits:ty, [$($s:expr),*];)*) => {$(
        impl Case for $t {
            fn from_random(x: u64) -> Self {
                <$t>::from_bits_or_cast(x)
            }
            const SPECIAL: &'static [Self] = &[$($s),*];
            fn bits(self) -> u64 {
                self.to_bits_or_cast() as u64
            }
            fn small(i: i64) -> Self {
                i as $t
            }
        }
    )*};
}

/// `from_bits`/`to_bits` for floats, plain casts for integers (one name for the macro above).
trait Bits {
    fn from_bits_or_cast(x: u64) -> Self;
    fn to_bits_or_cast(self) -> u64;
}

macro_rules! bits {
    (floats: $($f:ty: $b:ty),*; ints: $($i:ty),*) => {
        $(impl Bits for $f {
            fn from_bits_or_cast(x: u64) -> Self {
                <$f>::from_bits(x as $b)
            }
            fn to_bits_or_cast(self) -> u64 {
                self.to_bits() as u64
            }
        })*
        $(impl Bits for $i {
            fn from_bits_or_cast(x: u64) -> Self {
                x as $i
            }
            fn to_bits_or_cast(self) -> u64 {
                self as u64
            }
        })*
    };
}

bits!(floats: f32: u32, f64: u64; ints: i32, i64, u32, u64, i16, u8);

cases! {
    f32: u32, [
        f32::NAN, -f32::NAN, f32::from_bits(0x7fc0_0123), f32::from_bits(0xff80_0001),
        0.0, -0.0, f32::INFINITY, f32::NEG_INFINITY, f32::MIN_POSITIVE, -f32::MIN_POSITIVE,
        f32::MAX, f32::MIN, 1.0, -1.0
    ];
    f64: u64, [
        f64::NAN, -f64::NAN, f64::from_bits(0x7ff8_0000_0000_0123), f64::from_bits(0xfff0_0000_0000_0001),
        0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::MIN_POSITIVE, -f64::MIN_POSITIVE,
        f64::MAX, f64::MIN, 1.0, -1.0
    ];
    i32: u32, [i32::MIN, i32::MAX, 0, -1, 1, i32::MIN + 1];
    i64: u64, [i64::MIN, i64::MAX, 0, -1, 1, i64::MIN + 1, i32::MIN as i64, u32::MAX as i64];
    u32: u32, [0, u32::MAX, 1 << 31, (1 << 31) - 1];
    u64: u64, [0, u64::MAX, 1 << 63, (1 << 63) - 1, u32::MAX as u64];
    i16: u16, [i16::MIN, i16::MAX, 0, -1, 1];
    u8: u8, [0, u8::MAX, 1 << 7, (1 << 7) - 1];
}

/// `Reduce::sort_unstable` of `input`: keys in order ([`assert_sorted_permutation`]).
fn check<T: Case>(input: &[T]) {
    let mut got = input.to_vec();
    T::sort_unstable(&mut got);
    assert_sorted_permutation(&got, input, input.len(), 0);
}

/// `got` is `input` sorted by `sort_key`: its keys never decrease, and it holds `input`'s
/// elements bit for bit (the order among equal keys, `-0.0` and `0.0` or `NaN` payloads, may
/// differ). Together that is `input.sort_unstable_by_key(sort_key)` key for key, without
/// sorting a reference. The elements are compared as sorted bits natively; under Miri, where
/// those reference sorts took longer than the sort tested, by an order-free fingerprint (each
/// element's bits mixed as splitmix64 does, summed, twice over), which an element lost,
/// duplicated or changed moves. `n` and `lane` name the case in a failure.
fn assert_sorted_permutation<T: Case>(got: &[T], input: &[T], n: usize, lane: usize) {
    for (i, w) in got.windows(2).enumerate() {
        assert!(
            w[0].sort_key() <= w[1].sort_key(),
            "n = {n}, lane {lane}, at {i}: {:?} before {:?}",
            w[0],
            w[1]
        );
    }
    assert_eq!(got.len(), input.len(), "n = {n}, lane {lane}");
    if cfg!(miri) {
        assert!(
            fingerprint(got) == fingerprint(input),
            "n = {n}, lane {lane}: the elements changed: {got:?}"
        );
    } else {
        let bits = |v: &[T]| {
            let mut b: Vec<u64> = v.iter().map(|x| x.bits()).collect();
            b.sort_unstable();
            b
        };
        assert_eq!(bits(got), bits(input), "n = {n}, lane {lane}");
    }
}

/// Two sums over `v` of its elements' bits, each mixed (splitmix64's finaliser) with its own
/// constant: the same for any order of the same elements.
fn fingerprint<T: Case>(v: &[T]) -> (u64, u64) {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    v.iter().fold((0, 0), |(a, b), x| {
        let bits = x.bits();
        (
            a.wrapping_add(mix(bits.wrapping_add(0x9e37_79b9_7f4a_7c15))),
            b.wrapping_add(mix(bits ^ 0x2545_f491_4f6c_dd1d)),
        )
    })
}

/// `n` values from `seed`: random bits, one in `special_every` a special value (none if 0).
fn lane<T: Case>(n: usize, seed: u64, special_every: usize) -> Vec<T> {
    let mut s = seed;
    (0..n)
        .map(|i| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if special_every != 0 && i % special_every == 0 {
                T::SPECIAL[(s >> 33) as usize % T::SPECIAL.len()]
            } else {
                T::from_random(s ^ (s >> 31))
            }
        })
        .collect()
}

fn every_case<T: Case>() {
    // Under Miri: every network size and a partition level or two, on fewer lengths.
    let (lengths, long): (Vec<usize>, &[usize]) = if cfg!(miri) {
        (alloc::vec![0, 1, 17, 100, 200, 290], &[])
    } else {
        ((0..=300).collect(), &[1000, 2048, 4099, 30_000])
    };
    for &n in lengths.iter().chain(long) {
        check::<T>(&lane(n, n as u64, 0));
        check::<T>(&lane(n, n as u64 + 1, 3));
        // Duplicate-heavy.
        check::<T>(
            &(0..n as i64)
                .map(|i| T::small((i * 7919) % 5))
                .collect::<Vec<_>>(),
        );
    }
    let shaped: &[usize] = if cfg!(miri) {
        &[300]
    } else {
        &[65, 257, 1000, 5000]
    };
    // Under Miri, lanes of one special value: the first two only.
    let specials = if cfg!(miri) { 2 } else { T::SPECIAL.len() };
    for &n in shaped {
        let m = n as i64;
        check::<T>(&(0..m).map(T::small).collect::<Vec<_>>());
        check::<T>(&(0..m).rev().map(T::small).collect::<Vec<_>>());
        for &s in &T::SPECIAL[..specials] {
            check::<T>(&alloc::vec![s; n]);
        }
        // Only special values, all mixed.
        check::<T>(&lane(n, 5, 1));
    }
}

#[test]
fn f32_sorts_as_the_standard_library_by_key() {
    every_case::<f32>();
}

#[test]
fn f64_sorts_as_the_standard_library_by_key() {
    every_case::<f64>();
}

#[test]
fn i32_sorts_as_the_standard_library_by_key() {
    every_case::<i32>();
}

#[test]
fn i64_sorts_as_the_standard_library_by_key() {
    every_case::<i64>();
}

#[test]
fn u32_sorts_as_the_standard_library_by_key() {
    every_case::<u32>();
}

#[test]
fn u64_sorts_as_the_standard_library_by_key() {
    every_case::<u64>();
}

/// `Reduce::sort_unstable_rows` of `lanes` lanes of `len` against each lane's sort by
/// `sort_key`: groups of sixteen short lanes side by side (`short_rows`), the lanes left one by
/// one.
fn rows_case<T: Case>() {
    let (lengths, counts): (&[usize], &[usize]) = if cfg!(miri) {
        // Under Miri, one group (no `unsafe` of its own but the bits seen as keys, as in every
        // sort; the lanes sorted one by one are `every_case`'s).
        (&[3], &[16])
    } else {
        let lengths = &[
            1, 2, 3, 4, 5, 7, 8, 9, 10, 13, 15, 16, 17, 20, 24, 25, 31, 32, 33,
        ];
        (lengths, &[1, 15, 16, 17, 40])
    };
    for &len in lengths {
        for &lanes in counts {
            let specials: &[usize] = if cfg!(miri) { &[3] } else { &[0, 3, 1] };
            for &special_every in specials {
                let input: Vec<T> = lane(len * lanes, (len * 100 + lanes) as u64, special_every);
                let mut got = input.clone();
                T::sort_unstable_rows(&mut got, len);
                for (r, (got, input)) in got.chunks(len).zip(input.chunks(len)).enumerate() {
                    assert_sorted_permutation(got, input, len, r);
                }
            }
        }
    }
}

#[test]
fn short_lanes_side_by_side_sort_as_each_alone() {
    rows_case::<f32>();
    rows_case::<f64>();
    rows_case::<i32>();
    rows_case::<i64>();
    rows_case::<u32>();
    rows_case::<u64>();
}

/// `Reduce::sort_stable` of lanes on both sides of the lengths where it changes method (keys of
/// up to 32 bits: packed on the stack up to 64 elements, on the heap past that; wider keys: the
/// standard library's stable sort up to 64 elements, a radix sort past that), duplicate-heavy so
/// that the order among equal keys shows: element for element, bit for bit, as
/// `sort_by_key(sort_key)`, which is stable too.
fn stable_case<T: Case>() {
    let lengths: &[usize] = if cfg!(miri) {
        &[2, 33, 65]
    } else {
        &[0, 1, 2, 3, 8, 31, 32, 33, 63, 64, 65, 100, 1000, 70_000]
    };
    for &n in lengths {
        // Keys repeat every fifth element, and the special values (both zeros, `NaN`s of several
        // payloads: equal keys, other bits) come every third.
        let mut input: Vec<T> = lane(n, n as u64, 3);
        for (i, x) in input.iter_mut().enumerate() {
            if i % 3 != 0 {
                *x = T::small((i as i64 * 7919) % 5);
            }
        }
        let mut got = input.clone();
        T::sort_stable(&mut got);
        let mut want = input.clone();
        want.sort_by_key(|x| x.sort_key());
        let bits = |v: &[T]| v.iter().map(|x| x.bits()).collect::<Vec<_>>();
        assert_eq!(bits(&got), bits(&want), "n = {n}: {got:?}");
    }
}

#[test]
fn stable_sorts_keep_the_order_of_equal_keys_at_every_length() {
    stable_case::<f32>();
    stable_case::<f64>();
    stable_case::<i32>();
    stable_case::<i64>();
    stable_case::<u32>();
    stable_case::<u64>();
    stable_case::<i16>();
    stable_case::<u8>();
}
