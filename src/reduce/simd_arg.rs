//! `argmax`/`argmin` of a run of adjacent `f32`, `f64`, `i32` or `i64` in one pass, with AVX-512
//! or AVX2 where the CPU has them: four vector accumulators keep the best value each lane has
//! seen and its position (compare, then blend both), a last vector overlapping the one before
//! covers the tail, and the lanes are combined so that the first of the best wins. Each lane
//! keeps the first position of its own best (the comparison is strict), so the first position
//! of the overall best is the least position among the lanes holding it. `NaN`s are noted on
//! the way (an unordered self-comparison) and, if any, the first is searched for afterwards:
//! numpy's answer.
//!
//! The other integers but 128-bit ones take two vector passes instead (`two_pass`): the best
//! value, then its first position.
//!
//! Only with `std` on x86-64, where the CPU is asked at run time, and never under Miri (which
//! cannot run these instructions): the callers then take the portable two passes of
//! `fold::arg_best_run`.

/// `argmax` (`MAX`) or `argmin` of `x` with the widest vector unit the CPU has, or `None` when it
/// has neither AVX-512 nor AVX2 or `x` is too short for it (each kernel needs four whole
/// vectors: 256 bytes with AVX-512, 128 with AVX2) or too long for its positions.
macro_rules! dispatch {
    ($(#[$doc:meta])* $name:ident: $t:ty, $avx512:ident, $avx2:ident, $index:ty) => {
        $(#[$doc])*
        #[inline]
        pub(crate) fn $name(x: &[$t], max: bool) -> Option<usize> {
            const MIN_LEN: usize = 128 / size_of::<$t>();
            if x.len() < MIN_LEN || x.len() > <$index>::MAX as usize {
                return None;
            }
            if x.len() >= 2 * MIN_LEN && std::arch::is_x86_feature_detected!("avx512f") {
                // SAFETY: the CPU has AVX-512F, all this function requires.
                return Some(unsafe {
                    if max { $avx512::<true>(x) } else { $avx512::<false>(x) }
                });
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2, all this function requires.
                return Some(unsafe {
                    if max { $avx2::<true>(x) } else { $avx2::<false>(x) }
                });
            }
            None
        }
    };
}

dispatch!(
    /// `f32` lanes, positions in 32-bit lanes.
    arg_f32: f32, f32_avx512, f32_avx2, i32
);
dispatch!(
    /// `f64` lanes, positions in 64-bit lanes.
    arg_f64: f64, f64_avx512, f64_avx2, i64
);
dispatch!(
    /// `i32` lanes, positions in 32-bit lanes.
    arg_i32: i32, i32_avx512, i32_avx2, i32
);
dispatch!(
    /// `i64` lanes, positions in 64-bit lanes.
    arg_i64: i64, i64_avx512, i64_avx2, i64
);

/// One kernel: `$w` lanes of `$t` in a vector, `$index` the type of a position lane. The
/// operations are expressions expanded inside the kernel (so they share its target features):
/// `load`, `gt`/`lt` (strict), `eq`, `and`/`or` of masks, `blend(m, a, b)` (`b` where `m`) and
/// `iblend` for positions, `iset1`, `iadd`, `ilt`, `iota` (positions `0..$w`), `nan(acc, a, b)` a
/// running "any `NaN` in `a` or `b`" from `nan0`, `any_nan(acc)` (`nan0` the empty mask, and `nan` keeps it, for integers), and `finish(best, at)`, the first position
/// of the best lane value.
macro_rules! kernel {
    (
        $name:ident: $t:ty, $w:literal, $index:ty, $feature:literal,
        load: $load:expr, gt: $gt:expr, lt: $lt:expr, eq: $eq:expr, and: $and:expr, or: $or:expr,
        blend: $blend:expr, iblend: $iblend:expr, iset1: $iset1:expr, iadd: $iadd:expr,
        ilt: $ilt:expr, iota: $iota:expr, nan0: $nan0:expr, nan: $nan:expr,
        any_nan: $any_nan:expr, finish: $finish:expr $(,)?
    ) => {
        /// The position of the first best element of `x` (at least four vectors long):
        /// `argmax` for `MAX`, else `argmin`.
        #[target_feature(enable = $feature)]
        pub(super) fn $name<const MAX: bool>(x: &[$t]) -> usize {
            const W: usize = $w;
            let n = x.len();
            assert!(n >= 4 * W);
            let p = x.as_ptr();
            // SAFETY: every call passes `i + W <= n`: an unaligned load of `x[i..i + W]`.
            let load = |i: usize| unsafe { ($load)(p.add(i)) };
            let better = |v, b| if MAX { ($gt)(v, b) } else { ($lt)(v, b) };
            let iota = $iota;
            let zero = ($iset1)(0 as $index);
            let one = ($iset1)(1 as $index);
            // The main loop notes in `at` only the number of the block of four vectors a lane's
            // best came from (one add per block, not one per vector); positions are made of
            // it after, as they are the same lane of the same vector of that block.
            let mut best = [load(0), load(W), load(2 * W), load(3 * W)];
            let mut at = [zero; 4];
            let mut block = zero;
            // `NaN`s noted two vectors per comparison (unordered if either lane is).
            let mut nan = ($nan)(($nan)($nan0, best[0], best[1]), best[2], best[3]);
            let mut i = 4 * W;
            while i + 4 * W <= n {
                block = ($iadd)(block, one);
                let v = [load(i), load(i + W), load(i + 2 * W), load(i + 3 * W)];
                nan = ($nan)(($nan)(nan, v[0], v[1]), v[2], v[3]);
                for k in 0..4 {
                    let m = better(v[k], best[k]);
                    best[k] = ($blend)(m, best[k], v[k]);
                    at[k] = ($iblend)(m, at[k], block);
                }
                i += 4 * W;
            }
            // Block `b`, vector `k`, lane `l` is position `b * 4W + k * W + l` (4W a power of
            // two: doublings).
            for (k, at) in at.iter_mut().enumerate() {
                let mut pos = *at;
                let mut scale = 1;
                while scale < 4 * W {
                    pos = ($iadd)(pos, pos);
                    scale *= 2;
                }
                *at = ($iadd)(pos, ($iadd)(iota, ($iset1)((k * W) as $index)));
            }
            // The whole vectors left, then one that ends with the run, overlapping the one
            // before: a position seen twice carries its own index, so the answer is the same.
            let mut k = 0;
            while i < n {
                let from = if i + W <= n { i } else { n - W };
                let v = load(from);
                nan = ($nan)(nan, v, v);
                let m = better(v, best[k]);
                best[k] = ($blend)(m, best[k], v);
                at[k] = ($iblend)(m, at[k], ($iadd)(iota, ($iset1)(from as $index)));
                i = from + W;
                k += 1;
            }
            if ($any_nan)(nan) {
                return x
                    .iter()
                    .position(|v| crate::Reduce::is_nan_value(*v))
                    .unwrap_or(0);
            }
            // Accumulator 0 takes from the others what is better, or as good and earlier.
            for k in 1..4 {
                let tie = ($and)(($eq)(best[k], best[0]), ($ilt)(at[k], at[0]));
                let m = ($or)(better(best[k], best[0]), tie);
                best[0] = ($blend)(m, best[0], best[k]);
                at[0] = ($iblend)(m, at[0], at[k]);
            }
            ($finish)(best[0], at[0]) as usize
        }
    };
}

use kernel;

mod avx2;
mod avx512;
mod two_pass;

use avx2::{f32_avx2, f64_avx2, i32_avx2, i64_avx2};
use avx512::{f32_avx512, f64_avx512, i32_avx512, i64_avx512};
pub(crate) use two_pass::{
    arg_i8, arg_i16, arg_isize, arg_u8, arg_u16, arg_u32, arg_u64, arg_usize,
};

#[cfg(test)]
mod tests;
