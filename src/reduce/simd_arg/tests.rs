//! Every kernel, AVX-512 and AVX2 alike where the CPU has them, against a plain loop.

use alloc::vec::Vec;

use super::*;
use crate::reduce::fold::{arg_best, beats_max, beats_min};

/// A small deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The plain first-wins loop.
fn reference<T: crate::Reduce>(x: &[T], max: bool) -> usize {
    let r = if max {
        arg_best(x.iter().copied(), beats_max)
    } else {
        arg_best(x.iter().copied(), beats_min)
    };
    r.unwrap()
}

/// Runs of every length 16..=200 (from the shortest any kernel takes) and a few long ones, with few distinct values (many ties),
/// specials planted at the start, the end, inside a vector and in the tail.
fn cases<T: Copy>(value: impl Fn(u64) -> T, specials: &[T]) -> Vec<Vec<T>> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    for len in (16..=200).chain([255, 256, 257, 1000, 1024, 4099]) {
        let base: Vec<T> = (0..len).map(|_| value(rng.next() % 7)).collect();
        out.push(base.clone());
        for &s in specials {
            for at in [0, 1, 17 % len, len / 2, len - 9, len - 1] {
                let mut x = base.clone();
                x[at] = s;
                out.push(x.clone());
                x[(at + 5) % len] = s;
                out.push(x);
            }
        }
    }
    out.push(alloc::vec![value(3); 130]);
    out
}

macro_rules! check {
    ($test:ident, $arg:ident, $t:ty, $value:expr, $specials:expr) => {
        #[test]
        fn $test() {
            for x in cases::<$t>($value, &$specials) {
                for max in [true, false] {
                    let got = $arg(&x, max);
                    if let Some(got) = got {
                        assert_eq!(got, reference(&x, max), "max {max}: {x:?}");
                    }
                }
            }
        }
    };
}

check!(
    f32_matches_the_plain_loop,
    arg_f32,
    f32,
    |v| v as f32 - 3.0,
    [
        f32::NAN,
        -0.0,
        0.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        -f32::NAN
    ]
);
check!(
    f64_matches_the_plain_loop,
    arg_f64,
    f64,
    |v| v as f64 - 3.0,
    [f64::NAN, -0.0, 0.0, f64::INFINITY, f64::NEG_INFINITY]
);
check!(
    i32_matches_the_plain_loop,
    arg_i32,
    i32,
    |v| v as i32 - 3,
    [i32::MAX, i32::MIN, 0]
);
check!(
    i64_matches_the_plain_loop,
    arg_i64,
    i64,
    |v| v as i64 - 3,
    [i64::MAX, i64::MIN, 0]
);

/// The two-pass integers, each against the plain loop with its extremes planted (ties of the
/// extremes too, as `cases` plants each twice).
macro_rules! check_two_pass {
    ($($test:ident: $arg:ident, $t:ty;)*) => {$(
        check!(
            $test,
            $arg,
            $t,
            |v| (v as $t).wrapping_sub(3),
            [<$t>::MIN, <$t>::MAX, 0, 1]
        );
    )*};
}

check_two_pass! {
    i8_matches_the_plain_loop: arg_i8, i8;
    u8_matches_the_plain_loop: arg_u8, u8;
    i16_matches_the_plain_loop: arg_i16, i16;
    u16_matches_the_plain_loop: arg_u16, u16;
    u32_matches_the_plain_loop: arg_u32, u32;
    u64_matches_the_plain_loop: arg_u64, u64;
    isize_matches_the_plain_loop: arg_isize, isize;
    usize_matches_the_plain_loop: arg_usize, usize;
}

/// Every value of `u8` in every position of a run the two passes take: the first pass's
/// reduction across lanes must find the extreme whichever lane holds it, and the second pass
/// its first position whichever 32 bytes (or the overlapping last ones) hold it.
#[test]
fn a_lone_extreme_is_found_in_every_lane() {
    if !std::arch::is_x86_feature_detected!("avx2") {
        return;
    }
    for len in [256, 257, 300, 511] {
        for at in 0..len {
            let mut x = alloc::vec![7u8; len];
            x[at] = 200;
            assert_eq!(arg_u8(&x, true), Some(at), "len {len}");
            x[at] = 2;
            assert_eq!(arg_u8(&x, false), Some(at), "len {len}");
            let mut w = alloc::vec![-7i64 as usize; len];
            w[at] = usize::MAX;
            assert_eq!(arg_usize(&w, true), Some(at), "len {len}");
        }
    }
}

/// The AVX2 kernel `$k` on the cases of `$t` where the CPU has AVX2 (the dispatch takes
/// AVX-512 where there is one, so [`check`] may not reach it).
macro_rules! check_avx2 {
    ($test:ident, $k:ident, $t:ty, $value:expr, $specials:expr) => {
        #[test]
        fn $test() {
            if !std::arch::is_x86_feature_detected!("avx2") {
                return;
            }
            // Four AVX2 vectors at least, as the kernel asserts.
            let shortest = 128 / size_of::<$t>();
            for x in cases::<$t>($value, &$specials)
                .into_iter()
                .filter(|x| x.len() >= shortest)
            {
                // SAFETY: the CPU has AVX2 (checked above).
                let got = unsafe { [$k::<true>(&x), $k::<false>(&x)] };
                assert_eq!(got, [reference(&x, true), reference(&x, false)], "{x:?}");
            }
        }
    };
}

check_avx2!(
    f32_avx2_matches,
    f32_avx2,
    f32,
    |v| v as f32 - 3.0,
    [f32::NAN, -0.0, 0.0]
);
check_avx2!(
    f64_avx2_matches,
    f64_avx2,
    f64,
    |v| v as f64 - 3.0,
    [f64::NAN, -0.0, 0.0]
);
check_avx2!(
    i32_avx2_matches,
    i32_avx2,
    i32,
    |v| v as i32 - 3,
    [i32::MIN, i32::MAX]
);
check_avx2!(
    i64_avx2_matches,
    i64_avx2,
    i64,
    |v| v as i64 - 3,
    [i64::MIN, i64::MAX]
);

#[test]
fn short_runs_are_left_to_the_portable_loop() {
    assert_eq!(arg_f32(&[1.0; 31], true), None);
    assert_eq!(arg_i64(&[1; 15], true), None);
    assert_eq!(arg_i64(&[], false), None);
    // Two passes from two accumulators of 128 bytes.
    assert_eq!(arg_u8(&[1; 255], true), None);
    assert_eq!(arg_u64(&[1; 31], false), None);
}
