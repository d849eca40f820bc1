//! Folds over a run of adjacent elements, the inner loop of every reduction: pairwise for
//! associative operations (numpy's summation, so float sums stay accurate), first-wins for the
//! arg-reductions.

use core::cmp::Ordering;

use super::Reduce;

/// Independent accumulators. With vector units: sixteen 4-wide `f32` chains, so an addition's
/// latency of several cycles never stalls the next (fewer measured slower; BENCHMARKS.md,
/// reductions). Without (a Cortex-M): eight, which fit its registers and take as many
/// additions as a loop in order.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const LANES: usize = 64;
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const LANES: usize = 8;

/// Elements folded by the accumulators before halves are combined.
const BLOCK: usize = 8 * LANES;

/// `op` folded over `x` (at least one element) pairwise, as numpy sums: fewer than [`LANES`] in
/// order; up to [`BLOCK`] elements in [`LANES`] interleaved accumulators combined as a tree;
/// longer runs split in two halves (the first a multiple of [`LANES`]) folded the same way. The
/// error of a float sum then grows with `log n`, not `n`, and the accumulators vectorise.
#[inline]
pub(crate) fn pairwise<T: Copy>(x: &[T], op: &impl Fn(T, T) -> T) -> T {
    if x.len() < LANES {
        let mut acc = x[0];
        for &v in &x[1..] {
            acc = op(acc, v);
        }
        return acc;
    }
    blocks(x, op)
}

/// [`pairwise`] of at least [`LANES`] elements. Out of line with vector units: inlined into a
/// loop over many lanes (a reduction along an axis), the fully unrolled tree of one block was
/// vectorised across lanes, gathering each vector element by element, where called it is
/// vectorised within the lane. Without them (a Cortex-M: eight accumulators) the call cost
/// more than it saved.
#[cfg_attr(any(target_arch = "x86_64", target_arch = "aarch64"), inline(never))]
#[cfg_attr(not(any(target_arch = "x86_64", target_arch = "aarch64")), inline)]
fn blocks<T: Copy>(x: &[T], op: &impl Fn(T, T) -> T) -> T {
    if x.len() <= BLOCK {
        let (chunks, rest) = x.as_chunks::<LANES>();
        let mut r = chunks[0];
        for c in &chunks[1..] {
            for j in 0..LANES {
                r[j] = op(r[j], c[j]);
            }
        }
        let mut width = LANES;
        while width > 1 {
            width /= 2;
            for j in 0..width {
                r[j] = op(r[j], r[j + width]);
            }
        }
        let mut acc = r[0];
        for &v in rest {
            acc = op(acc, v);
        }
        return acc;
    }
    let half = x.len() / 2 / LANES * LANES;
    op(blocks(&x[..half], op), pairwise(&x[half..], op))
}

/// numpy's `maximum`: the larger, and `NaN` if either is.
#[inline(always)]
pub(crate) fn max_nan<T: Reduce>(a: T, b: T) -> T {
    if b > a || b.is_nan_value() { b } else { a }
}

/// numpy's `minimum`: the smaller, and `NaN` if either is.
#[inline(always)]
pub(crate) fn min_nan<T: Reduce>(a: T, b: T) -> T {
    if b < a || b.is_nan_value() { b } else { a }
}

/// `x` when it compares as `keep` (or equal) to `y`, else `y`; an unordered pair yields the value
/// not equal to itself (NaN), as numpy's `minimum`/`maximum` do. For any `PartialOrd` element
/// (references too), unlike [`max_nan`] and [`min_nan`].
#[inline]
#[allow(clippy::eq_op)] // `x != x` is the NaN test for any `PartialOrd`.
pub(crate) fn pick<T: PartialOrd>(x: T, y: T, keep: Ordering) -> T {
    match x.partial_cmp(&y) {
        Some(o) if o == keep || o == Ordering::Equal => x,
        Some(_) => y,
        None if x != x => x,
        None => y,
    }
}

/// numpy's `clip(x, lo, hi)`, which is `minimum(maximum(x, lo), hi)`: `hi` wherever `lo > hi`,
/// and NaN wherever `x`, `lo` or `hi` is (for floats).
#[inline]
pub(crate) fn clipped<T: PartialOrd + Clone>(x: &T, lo: &T, hi: &T) -> T {
    pick(pick(x, lo, Ordering::Greater), hi, Ordering::Less).clone()
}

/// Whether `v` takes the lead from `best` in an `argmax`: larger, or `NaN`.
#[inline(always)]
#[allow(clippy::neg_cmp_op_on_partial_ord)] // `NaN` must pass: that is the point.
pub(crate) fn beats_max<T: Reduce>(v: T, best: T) -> bool {
    !(v <= best)
}

/// Whether `v` takes the lead from `best` in an `argmin`: smaller, or `NaN`.
#[inline(always)]
#[allow(clippy::neg_cmp_op_on_partial_ord)]
pub(crate) fn beats_min<T: Reduce>(v: T, best: T) -> bool {
    !(v >= best)
}

/// The position of the first element `better` than every one before it, where the first `NaN`
/// beats everything (numpy's `argmax`/`argmin`); `None` for no elements. `better(v, best)`
/// must hold for a `NaN` `v` ([`beats_max`], [`beats_min`]): then the common step is one
/// comparison, and only a new leader is checked for `NaN`.
#[inline]
pub(crate) fn arg_best<T: Reduce>(
    x: impl IntoIterator<Item = T>,
    better: impl Fn(T, T) -> bool,
) -> Option<usize> {
    let mut it = x.into_iter().enumerate();
    let (mut at, mut best) = it.next()?;
    if best.is_nan_value() {
        return Some(at);
    }
    for (i, v) in it {
        if better(v, best) {
            if v.is_nan_value() {
                return Some(i);
            }
            (at, best) = (i, v);
        }
    }
    Some(at)
}

/// [`arg_best`] of a run of adjacent elements, in two passes that vectorise where one loop
/// cannot (each step of `arg_best` depends on the last): the best value, folded pairwise by
/// `pick` ([`max_nan`] or [`min_nan`], so a `NaN` wins), then the first element equal to it, or
/// the first `NaN`. The same answer: the first element that no earlier one beats is the first
/// equal to the best. Runs shorter than 256 take `arg_best`. (Only the dynamic reductions have
/// runs that long; the static ones call `arg_best`.)
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn arg_best_run<T: Reduce>(
    x: &[T],
    pick: impl Fn(T, T) -> T,
    better: impl Fn(T, T) -> bool,
) -> Option<usize> {
    if x.len() < 256 {
        return arg_best(x.iter().copied(), better);
    }
    let best = pairwise(x, &pick);
    if best.is_nan_value() {
        first(x, |v| v.is_nan_value())
    } else {
        first(x, |v| v == best)
    }
}

/// [`arg_best_run`] for `argmax` (`max`) or `argmin`: what `Reduce::arg_run` falls back on.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn arg_run_portable<T: Reduce>(x: &[T], max: bool) -> Option<usize> {
    if max {
        arg_best_run(x, max_nan, beats_max)
    } else {
        arg_best_run(x, min_nan, beats_min)
    }
}

/// One step of an arg-reduction along a leading axis: `row`, the elements at position `j` of
/// the reduced axis, folded element-wise into the running `best` values and their positions
/// `at`. An element takes the lead when it beats the best (`MAX`: larger, else smaller), or is
/// the first `NaN`: a `NaN` best keeps it. Branch-free, so it vectorises across the row.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn arg_row<T: Reduce, const MAX: bool>(
    best: &mut [T],
    at: &mut [u32],
    row: &[T],
    j: u32,
) {
    for ((b, a), &v) in best.iter_mut().zip(at.iter_mut()).zip(row) {
        (*b, *a) = arg_step::<T, MAX>(*b, *a, v, j);
    }
}

/// [`arg_row`] from `best` and `at` into `best_to` and `at_to` (all of `row`'s length), which
/// leaves the first two as they were. No element is read and written in one place, so the
/// compiler stores whole vectors: folded in place, an AVX2 build stored each vector of the
/// best values and of the positions with a masked store (`vpmaskmovd`, from the select of the
/// new and the old value), which is slow on AMD's cores (BENCHMARKS.md).
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn arg_row_to<T: Reduce, const MAX: bool>(
    (best, at): (&[T], &[u32]),
    row: &[T],
    j: u32,
    (best_to, at_to): (&mut [T], &mut [u32]),
) {
    let n = row.len();
    let (best, at, best_to, at_to) = (&best[..n], &at[..n], &mut best_to[..n], &mut at_to[..n]);
    for i in 0..n {
        (best_to[i], at_to[i]) = arg_step::<T, MAX>(best[i], at[i], row[i], j);
    }
}

/// The best value and its position after the element `v` at position `j` meets the best `b`
/// (at `a`): [`arg_row`]'s rule for one element.
#[cfg(feature = "alloc")]
#[inline(always)]
fn arg_step<T: Reduce, const MAX: bool>(b: T, a: u32, v: T, j: u32) -> (T, u32) {
    let beats = if MAX {
        beats_max(v, b)
    } else {
        beats_min(v, b)
    };
    let take = beats & !b.is_nan_value();
    (if take { v } else { b }, if take { j } else { a })
}

/// The position of the first element of `x` for which `hit` holds: chunks of 32 tested whole
/// (a loop without an exit, which vectorises), then the chunk that has one searched.
#[cfg(feature = "alloc")]
#[inline(always)]
fn first<T: Copy>(x: &[T], hit: impl Fn(T) -> bool) -> Option<usize> {
    const CHUNK: usize = 32;
    let (chunks, rest) = x.as_chunks::<CHUNK>();
    for (c, chunk) in chunks.iter().enumerate() {
        if chunk.iter().fold(false, |h, &v| h | hit(v)) {
            return chunk.iter().position(|&v| hit(v)).map(|i| c * CHUNK + i);
        }
    }
    rest.iter()
        .position(|&v| hit(v))
        .map(|i| chunks.len() * CHUNK + i)
}

/// The running fold of `op` along one axis of packed row-major elements, in place (numpy's
/// `cumsum`/`cumprod`): `x` is blocks of `len` rows of `inner` elements. Along the last axis
/// (`inner` 1) each lane is one running fold; along any other axis each row is folded into the
/// next element by element, so the inner loop runs over two adjacent slices and vectorises,
/// with no index arithmetic per element. Shared by the static and dynamic scans.
pub(crate) fn scan_in_place<T: Copy>(
    x: &mut [T],
    len: usize,
    inner: usize,
    op: impl Fn(T, T) -> T,
) {
    if x.is_empty() {
        return;
    }
    if inner == 1 {
        for lane in x.chunks_exact_mut(len) {
            let mut acc = lane[0];
            for v in &mut lane[1..] {
                acc = op(acc, *v);
                *v = acc;
            }
        }
        return;
    }
    for block in x.chunks_exact_mut(len * inner) {
        for i in 1..len {
            let (done, rest) = block.split_at_mut(i * inner);
            let prev = &done[(i - 1) * inner..];
            for (v, &p) in rest[..inner].iter_mut().zip(prev) {
                *v = op(p, *v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairwise_matches_a_plain_sum_on_integers_of_every_length() {
        // Under Miri, every 37th length: the same paths (in order, one block, split halves).
        for n in (1..1200).step_by(if cfg!(miri) { 37 } else { 1 }) {
            let x: alloc::vec::Vec<i64> = (0..n as i64).map(|i| i * 7 - 50).collect();
            assert_eq!(
                pairwise(&x, &|a, b| a + b),
                x.iter().sum::<i64>(),
                "n = {n}"
            );
        }
    }

    #[test]
    fn pairwise_float_sum_is_accurate() {
        // 2^20 tenths drift 1e-2 summed in order; under Miri 2^14, which drift 1.5e-4.
        let (n, drift) = if cfg!(miri) {
            (1 << 14, 1e-4)
        } else {
            (1 << 20, 1e-3)
        };
        let x = alloc::vec![0.1f32; n];
        let naive: f32 = x.iter().sum();
        let exact = 0.1f64 as f32 as f64 * n as f64;
        let pw = pairwise(&x, &|a, b| a + b) as f64;
        assert!(
            (pw - exact).abs() / exact < 1e-6,
            "pairwise {pw} vs {exact}"
        );
        assert!(
            (naive as f64 - exact).abs() / exact > drift,
            "the naive sum drifts: {naive}"
        );
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn two_pass_arg_reductions_match_the_one_pass_loop() {
        // Long runs with the best value repeated, NaNs, both zeros, and every length around
        // the chunk and the short-run limits (small enough for Miri).
        let n = if cfg!(miri) { 300 } else { 2000 };
        let x: alloc::vec::Vec<f32> = (0..n)
            .map(|i| ((i * 37 % 101) as f32 - 50.0).abs())
            .collect();
        for len in [255, 256, 257, 287, 288, 300, n] {
            let run = &x[..len];
            for (pick, better) in [
                (
                    max_nan::<f32> as fn(f32, f32) -> f32,
                    beats_max::<f32> as fn(f32, f32) -> bool,
                ),
                (min_nan, beats_min),
            ] {
                assert_eq!(
                    arg_best_run(run, pick, better),
                    arg_best(run.iter().copied(), better),
                    "{len}"
                );
            }
        }
        let mut y = x.clone();
        y[270] = f32::NAN;
        y[280] = f32::NAN;
        assert_eq!(arg_best_run(&y, max_nan, beats_max), Some(270));
        assert_eq!(arg_best_run(&y, min_nan, beats_min), Some(270));
        let mut z = alloc::vec![0.0f32; 300];
        z[3] = -0.0;
        assert_eq!(arg_best_run(&z, max_nan, beats_max), Some(0));
        let ints: alloc::vec::Vec<i64> = (0..600).map(|i| (i * 7919 % 613) - 300).collect();
        assert_eq!(
            arg_best_run(&ints, max_nan, beats_max),
            arg_best(ints.iter().copied(), beats_max::<i64>)
        );
    }

    #[test]
    fn nan_propagates_and_wins_the_arg_reductions() {
        assert!(max_nan(1.0, f64::NAN).is_nan() && max_nan(f64::NAN, 1.0).is_nan());
        assert!(min_nan(1.0, f64::NAN).is_nan() && min_nan(f64::NAN, 1.0).is_nan());
        assert_eq!(max_nan(-0.0f32, 2.0), 2.0);
        let x = [1.0, 5.0, f64::NAN, 5.0, f64::NAN];
        assert_eq!(arg_best(x, beats_max), Some(2));
        assert_eq!(arg_best([2.0, f64::NAN], beats_min), Some(1));
        assert_eq!(arg_best([1, 5, 3, 5], beats_max), Some(1));
        assert_eq!(arg_best([4, 1, 3, 1], beats_min), Some(1));
        assert_eq!(arg_best(core::iter::empty::<u8>(), beats_max), None);
    }
}
