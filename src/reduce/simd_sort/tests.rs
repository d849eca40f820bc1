//! The AVX-512 and AVX2 sorts against the standard library's, for both key widths and every key
//! order; natively where the CPU has the unit, and under Miri when the crate is built for both
//! (inputs shrunk).

use super::Order;
use alloc::vec::Vec;

/// `n` pseudo-random keys from `seed`, modulo `spread` unless it is 0 (then all 64 bits).
fn keys(n: usize, seed: u64, spread: u64) -> Vec<u64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let x = s ^ (s >> 29);
            if spread == 0 { x } else { x % spread }
        })
        .collect()
}

/// `got` sorted by both units the CPU has (AVX-512, AVX2) in each order, against the standard
/// library's sort of the same elements (`want` sorts a vector of them). Where the CPU has neither
/// (Miri unless the crate is built for them) nothing runs, but a build for them must run it.
fn each_unit<K: Copy + PartialEq + core::fmt::Debug>(
    got: &[K],
    want: impl Fn(&mut Vec<K>, Order),
    avx512: fn(&mut [K], Order),
    avx2: fn(&mut [K], Order),
) {
    let (x512, x2) = (super::avx512(), super::avx2());
    assert!(x512 || !cfg!(target_feature = "avx512f"));
    assert!(x2 || !cfg!(target_feature = "avx2"));
    let all = [Order::Unsigned, Order::Signed, Order::Float];
    // Under Miri one order a call, in turn by length (each maps bits to keys differently).
    let orders = if cfg!(miri) {
        &all[got.len() % 3..][..1]
    } else {
        &all[..]
    };
    for &order in orders {
        let mut sorted = got.to_vec();
        want(&mut sorted, order);
        if x512 {
            let mut v = got.to_vec();
            avx512(&mut v, order);
            assert_eq!(v, sorted, "AVX-512, {order:?}, n = {}", got.len());
        }
        if x2 {
            let mut v = got.to_vec();
            avx2(&mut v, order);
            assert_eq!(v, sorted, "AVX2, {order:?}, n = {}", got.len());
        }
    }
}

/// Both widths' sorts of `v` (as `u64`, and its low halves as `u32`) with each unit, in each
/// order, against the standard library's.
fn check(v: &[u64]) {
    each_unit(
        v,
        |w, order| match order {
            Order::Unsigned => w.sort_unstable(),
            Order::Signed => w.sort_unstable_by_key(|&k| k as i64),
            Order::Float => {
                w.sort_unstable_by(|a, b| f64::from_bits(*a).total_cmp(&f64::from_bits(*b)))
            }
        },
        super::sort_u64_avx512,
        super::sort_u64_avx2,
    );
    let low: Vec<u32> = v.iter().map(|&k| k as u32).collect();
    each_unit(
        &low,
        |w, order| match order {
            Order::Unsigned => w.sort_unstable(),
            Order::Signed => w.sort_unstable_by_key(|&k| k as i32),
            Order::Float => {
                w.sort_unstable_by(|a, b| f32::from_bits(*a).total_cmp(&f32::from_bits(*b)))
            }
        },
        super::sort_u32_avx512,
        super::sort_u32_avx2,
    );
}

#[test]
fn every_length_up_to_300_and_rows_of_a_thousand() {
    // Under Miri: every network size and one partition level or two (past 64 keys for AVX2's
    // `u64` network, past 256 for AVX-512's `u32` one: 86 to 258 here), not the rows of a
    // thousand: they only partition the partitions again, by the same code.
    let (lengths, rows) = if cfg!(miri) {
        ((0..300).step_by(43), 0)
    } else {
        ((0..300).step_by(1), 20)
    };
    for n in lengths {
        check(&keys(n, n as u64, 0));
        check(&keys(n, n as u64 + 7, 5));
    }
    for seed in 0..rows {
        check(&keys(1000, seed, 0));
        if !cfg!(miri) {
            check(&keys(1000, seed, 1000));
        }
    }
    if !cfg!(miri) {
        check(&keys(70_000, 3, 0));
        check(&keys(5_000, 4, 3));
    }
}

#[test]
fn ordered_equal_and_extreme_keys() {
    let lengths: &[usize] = if cfg!(miri) {
        &[65, 300]
    } else {
        &[65, 100, 257, 1000, 4097]
    };
    for &n in lengths {
        let m = n as u64;
        check(&(0..m).collect::<Vec<_>>());
        check(&(0..m).rev().collect::<Vec<_>>());
        check(&alloc::vec![7; n]);
        check(&alloc::vec![u64::MAX; n]);
        check(&alloc::vec![u32::MAX as u64; n]);
        check(
            &(0..m)
                .map(|i| if i % 2 == 0 { 0 } else { u64::MAX })
                .collect::<Vec<_>>(),
        );
        // Organ pipe and sawtooth: classic bad cases for a median pivot.
        check(&(0..m).map(|i| i.min(m - i)).collect::<Vec<_>>());
        check(&(0..m).map(|i| i % 17).collect::<Vec<_>>());
        // Keys differing only in the top bit, so the unsigned order matters.
        check(
            &(0..m)
                .map(|i| (i % 3) << 63 | (i % 3) << 31)
                .collect::<Vec<_>>(),
        );
    }
}

/// Each sorting network the columns take sorts every input of zeros and ones, and so every
/// input (the 0-1 principle).
#[test]
fn the_column_networks_sort_every_zero_one_input() {
    macro_rules! pairs {
        ($($a:literal $b:literal),*) => { &[$(($a, $b)),*] };
    }
    let lists: [(u32, &[(u32, u32)]); 3] = [
        (4, super::network::inputs!(4, pairs;)),
        (8, super::network::inputs!(8, pairs;)),
        (16, super::network::inputs!(16, pairs;)),
    ];
    let step = if cfg!(miri) { 97 } else { 1 };
    for (n, pairs) in lists {
        for input in (0u32..1 << n).step_by(step) {
            // Bit `i` is input `i`; each comparator puts the smaller at `a`.
            let mut out = input;
            for &(a, b) in pairs {
                if out >> a & 1 == 1 && out >> b & 1 == 0 {
                    out ^= 1 << a | 1 << b;
                }
            }
            let zeros = n - input.count_ones();
            let want = ((1u32 << n) - 1) >> zeros << zeros;
            assert_eq!(out, want, "{n} inputs, input {input:#b}");
        }
    }
}

/// The compress model Miri runs agrees with the instruction, on every 8-lane mask and a spread
/// of 16-lane ones.
#[cfg(not(miri))]
#[test]
fn compress_model_is_the_instruction() {
    use super::lanes512 as lanes;
    if !super::avx512() {
        return;
    }
    #[target_feature(enable = "avx512f")]
    fn agree() {
        let k32: [u32; 16] = core::array::from_fn(|i| 100 + i as u32);
        let k64: [u64; 8] = core::array::from_fn(|i| 1 << 40 | i as u64);
        let (v32, v64) = (lanes::w32::load(&k32), lanes::w64::load(&k64));
        let lanes32 = |v| {
            let mut out = [0; 16];
            lanes::w32::store_whole(&mut out, v);
            out
        };
        let lanes64 = |v| {
            let mut out = [0; 8];
            lanes::w64::store_whole(&mut out, v);
            out
        };
        for m in (0..=u16::MAX).step_by(7).chain([u16::MAX]) {
            assert_eq!(
                lanes32(lanes::w32::compress(m, v32)),
                lanes32(lanes::w32::compress_model(m, v32)),
                "{m:#x}"
            );
        }
        for m in 0..=u8::MAX {
            assert_eq!(
                lanes64(lanes::w64::compress(m, v64)),
                lanes64(lanes::w64::compress_model(m, v64)),
                "{m:#x}"
            );
        }
    }
    // SAFETY: the CPU has AVX-512F (checked above).
    unsafe { agree() };
}

/// `f64`s with neither `NaN` nor `-0.0` take the AVX2 unit that compares floats (with one of
/// either, the integer one): against the standard library's total order, with repeats, zeros,
/// infinities, subnormals and the extremes, at every network size and past it.
#[test]
fn floats_sort_as_floats_and_the_others_as_their_keys() {
    if !super::avx2() {
        return;
    }
    let specials = [
        0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        -f64::MIN_POSITIVE,
        5e-324,
        -5e-324,
        1.0,
        -1.0,
    ];
    let lengths: &[usize] = if cfg!(miri) {
        &[3, 40, 300]
    } else {
        &[1, 2, 5, 17, 40, 63, 64, 65, 100, 257, 1000, 4097, 70_000]
    };
    for &n in lengths {
        for (spread, odd) in [
            (0, None),
            (7, None),
            (1000, Some(-0.0)),
            (3, Some(f64::NAN)),
        ] {
            let mut v: Vec<f64> = keys(n, n as u64 + spread, spread)
                .into_iter()
                .map(|k| {
                    let x = if spread == 0 {
                        (k as i64 as f64) * 1e-10
                    } else {
                        k as f64 - (spread / 2) as f64
                    };
                    if k % 13 == 0 {
                        specials[(k / 13 % 11) as usize]
                    } else {
                        x
                    }
                })
                .collect();
            if let Some(x) = odd {
                v[n / 2] = x;
            }
            let mut got: Vec<u64> = v.iter().map(|x| x.to_bits()).collect();
            super::sort_u64_avx2(&mut got, Order::Float);
            let mut want = got.clone();
            want.sort_unstable_by(|a, b| f64::from_bits(*a).total_cmp(&f64::from_bits(*b)));
            assert_eq!(got, want, "n = {n}, spread {spread}, {odd:?}");
            // The same multiset: nothing lost or duplicated.
            v.sort_unstable_by(f64::total_cmp);
            let bits: Vec<u64> = v.iter().map(|x| x.to_bits()).collect();
            assert_eq!(got, bits, "n = {n}, spread {spread}, {odd:?}");
        }
    }
}

/// The next float of the float unit's key order, and the sort it falls back on.
#[test]
fn the_float_keys_step_and_sort_as_floats() {
    use super::lanes256::f64 as keys;
    let bits = |x: f64| x.to_bits() as i64;
    assert_eq!(keys::after(bits(1.0)), Some(bits(1.0f64.next_up())));
    assert_eq!(keys::after(bits(-1.0)), Some(bits((-1.0f64).next_up())));
    assert_eq!(keys::after(bits(f64::MAX)), Some(bits(f64::INFINITY)));
    assert_eq!(keys::after(keys::LAST), None);
    let mut v = [bits(2.0), bits(-3.0), bits(0.5), bits(f64::NEG_INFINITY)];
    keys::sort_scalar(&mut v);
    assert_eq!(
        v,
        [bits(f64::NEG_INFINITY), bits(-3.0), bits(0.5), bits(2.0)]
    );
}
