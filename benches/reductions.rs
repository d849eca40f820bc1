//! Reductions, sorts and unique runs against their baselines, in one criterion run (f32, one
//! thread, as every baseline).
//!
//! - `R0`/`R1`: sum along axis 0 / axis 1 of `[1024, 1024]`: `try_sum(k, false)` vs a hand loop
//!   (axis 0: rows added into the output; axis 1: one `iter().sum()` per row) and ndarray's
//!   `sum_axis`.
//! - `R2`: argmax along the last axis of `[1024, 1024]` vs a hand loop (first maximum per row).
//! - `A*`: `try_argmax`/`try_argmin` of `[1024, 1024]` along the last (`A_last_*`) and the first
//!   (`A_first_*`) axis, for `f32`, `f64`, `i32`, `i64`, `u8`, `i8`, `u16` and `u32` (the same
//!   values, cast).
//! - `R3`: sort along the last axis of `[1000, 1000]` with 1% `NaN`: `try_sort` (stable) and
//!   `try_sort_unstable` vs each row sorted by `slice::sort_by` on `partial_cmp` with `NaN`s last;
//!   then `try_sort_unstable` of the same values without `NaN` as `f32`, `i32`, `f64` and `i64`
//!   (`shaped_dyn_unstable_{ty}`).
//! - `R4`: `try_unique_consecutive(None)` of 10^6 elements in runs vs a hand loop.
//! - `R5`: `try_sort_unstable(-1)` of short lanes (`[100000, 10]`, `[50000, 20]`) of the same
//!   values as `i32`, `i64` and `f32` (`shaped_dyn_unstable_{ty}_{rows}x{len}`).
//! - `R6`: `try_sort(-1)` (stable) of short lanes (`[500000, 2]`, `[100000, 10]`, `[20000, 50]`)
//!   of the same values as `f32` and `i64` (`shaped_dyn_stable_{ty}_{rows}x{len}`).
//! - `R7`: `try_argsort(-1)` of `[1000, 1000]`, `[500000, 2]` and `[100000, 10]`, the same values
//!   as `f32` and `i64` (`shaped_dyn_argsort_{ty}_{rows}x{len}`).
//! - `S0`/`S1`: the static `sum_axis::<0>()` / `sum_axis::<1>()` of a `[256, 256]` tensor (on
//!   the heap) vs hand loops over the constant extents and ndarray's `sum_axis`.
//!
//! numpy's side (`a.sum(axis=k)`, `a.argmax(axis=-1)`, `np.sort(kind="stable")`, `np.sort`,
//! `np.argsort(kind="stable")`) is timed by `scripts/numpy_reduce_bench.py`. Run both:
//! `cargo bench --bench reductions && python3 scripts/numpy_reduce_bench.py`.

#![allow(clippy::needless_range_loop)]

mod common;

use std::cmp::Ordering;
use std::hint::black_box;

use common::value;
use criterion::Criterion;
use ndarray::{Array2, Axis};
use shaped::{DynTensor, Tensor, shape};

const N: usize = 1024;

#[inline(never)]
fn hand_sum0(a: &[f32]) -> Vec<f32> {
    let mut out = a[..N].to_vec();
    for i in 1..N {
        for (o, x) in out.iter_mut().zip(&a[i * N..(i + 1) * N]) {
            *o += x;
        }
    }
    out
}

#[inline(never)]
fn hand_sum1(a: &[f32]) -> Vec<f32> {
    a.chunks_exact(N).map(|row| row.iter().sum()).collect()
}

#[inline(never)]
fn hand_argmax(a: &[f32]) -> Vec<usize> {
    a.chunks_exact(N)
        .map(|row| {
            let mut at = 0;
            for j in 1..row.len() {
                if row[j] > row[at] {
                    at = j;
                }
            }
            at
        })
        .collect()
}

fn nan_last(x: &f32, y: &f32) -> Ordering {
    x.partial_cmp(y)
        .unwrap_or_else(|| x.is_nan().cmp(&y.is_nan()))
}

#[inline(never)]
fn hand_sort(a: &[f32], m: usize) -> Vec<f32> {
    let mut out = a.to_vec();
    for row in out.chunks_exact_mut(m) {
        row.sort_by(nan_last);
    }
    out
}

#[inline(never)]
fn hand_unique(a: &[i32]) -> (Vec<i32>, Vec<usize>, Vec<usize>) {
    let (mut values, mut inverse, mut counts) =
        (Vec::new(), Vec::with_capacity(a.len()), Vec::new());
    for (i, &x) in a.iter().enumerate() {
        if i == 0 || a[i - 1] != x {
            values.push(x);
            counts.push(0);
        }
        *counts.last_mut().unwrap() += 1;
        inverse.push(values.len() - 1);
    }
    (values, inverse, counts)
}

const M: usize = 256;

#[inline(never)]
fn hand_static_sum0(a: &[f32; M * M]) -> [f32; M] {
    let mut out = [0.0; M];
    out.copy_from_slice(&a[..M]);
    for i in 1..M {
        for j in 0..M {
            out[j] += a[i * M + j];
        }
    }
    out
}

#[inline(never)]
fn hand_static_sum1(a: &[f32; M * M]) -> [f32; M] {
    core::array::from_fn(|i| a[i * M..(i + 1) * M].iter().sum())
}

fn static_benches(c: &mut Criterion) {
    let t = Tensor::<f32, shape![256, 256]>::boxed_from_flat_fn(value);
    let flat: Box<[f32; M * M]> = t.as_slice().to_vec().try_into().unwrap();
    let na = Array2::from_shape_vec((M, M), t.as_slice().to_vec()).unwrap();
    let mut g = c.benchmark_group("S0");
    assert_eq!(t.sum_axis::<0>().as_slice(), &hand_static_sum0(&flat)[..]);
    g.bench_function("hand", |bn| bn.iter(|| hand_static_sum0(black_box(&flat))));
    g.bench_function("shaped_static", |bn| {
        bn.iter(|| black_box(&*t).sum_axis::<0>())
    });
    g.bench_function("ndarray", |bn| bn.iter(|| black_box(&na).sum_axis(Axis(0))));
    g.finish();
    let mut g = c.benchmark_group("S1");
    assert_eq!(t.sum_axis::<1>().as_slice(), &hand_static_sum1(&flat)[..]);
    g.bench_function("hand", |bn| bn.iter(|| hand_static_sum1(black_box(&flat))));
    g.bench_function("shaped_static", |bn| {
        bn.iter(|| black_box(&*t).sum_axis::<1>())
    });
    g.bench_function("ndarray", |bn| bn.iter(|| black_box(&na).sum_axis(Axis(1))));
    g.finish();
}

fn benches(c: &mut Criterion) {
    static_benches(c);
    shaped::set_max_threads(1);
    let va: Vec<f32> = (0..N * N).map(value).collect();
    let a = DynTensor::from_shape_vec(&[N, N], va.clone()).unwrap();
    let na = Array2::from_shape_vec((N, N), va.clone()).unwrap();

    for (group, axis, hand) in [
        ("R0", 0, hand_sum0 as fn(&[f32]) -> Vec<f32>),
        ("R1", 1, hand_sum1),
    ] {
        let mut g = c.benchmark_group(group);
        assert_eq!(a.try_sum(axis, false).unwrap().as_slice(), &hand(&va)[..]);
        g.bench_function("hand", |bn| bn.iter(|| hand(black_box(&va))));
        g.bench_function("shaped_dyn", |bn| {
            bn.iter(|| black_box(&a).try_sum(axis, false).unwrap())
        });
        g.bench_function("ndarray", |bn| {
            bn.iter(|| black_box(&na).sum_axis(Axis(axis as usize)))
        });
        g.finish();
    }

    let mut g = c.benchmark_group("R2");
    assert_eq!(
        a.try_argmax(Some(-1), false).unwrap().as_slice(),
        &hand_argmax(&va)[..]
    );
    g.bench_function("hand", |bn| bn.iter(|| hand_argmax(black_box(&va))));
    g.bench_function("shaped_dyn", |bn| {
        bn.iter(|| black_box(&a).try_argmax(Some(-1), false).unwrap())
    });
    g.finish();
    arg_benches(c, &va);

    let m = 1000;
    let vs: Vec<f32> = (0..m * m)
        .map(|i| {
            let h = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
            if h.is_multiple_of(100) {
                f32::NAN
            } else {
                (h % 100_003) as f32 - 50_000.0
            }
        })
        .collect();
    let s = DynTensor::from_shape_vec(&[m, m], vs.clone()).unwrap();
    let mut g = c.benchmark_group("R3");
    let same = |x: &[f32], y: &[f32]| {
        x.iter()
            .zip(y)
            .all(|(p, q)| p == q || p.is_nan() && q.is_nan())
    };
    assert!(same(s.try_sort(-1).unwrap().as_slice(), &hand_sort(&vs, m)));
    g.bench_function("hand", |bn| bn.iter(|| hand_sort(black_box(&vs), m)));
    g.bench_function("shaped_dyn_stable", |bn| {
        bn.iter(|| black_box(&s).try_sort(-1).unwrap())
    });
    g.bench_function("shaped_dyn_unstable", |bn| {
        bn.iter(|| black_box(&s).try_sort_unstable(-1).unwrap())
    });
    // The same values without the `NaN`s, in each dtype numpy sorts with AVX-512.
    let hs: Vec<i64> = (0..m * m)
        .map(|i| (((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) % 100_003) as i64 - 50_000)
        .collect();
    let shape = [1000, 1000];
    sort_row(&mut g, "f32", shape, &hs, |x| x as f32, false);
    sort_row(&mut g, "i32", shape, &hs, |x| x as i32, false);
    sort_row(&mut g, "f64", shape, &hs, |x| x as f64, false);
    sort_row(&mut g, "i64", shape, &hs, |x| x, false);
    g.finish();

    // Short lanes: the same values as `[100000, 10]` and `[50000, 20]`.
    let mut g = c.benchmark_group("R5");
    for shape in [[100_000, 10], [50_000, 20]] {
        let name = |ty: &str| format!("{ty}_{}x{}", shape[0], shape[1]);
        sort_row(&mut g, &name("i32"), shape, &hs, |x| x as i32, false);
        sort_row(&mut g, &name("i64"), shape, &hs, |x| x, false);
        sort_row(&mut g, &name("f32"), shape, &hs, |x| x as f32, false);
    }
    g.finish();

    // Short stable lanes, the same values: below and past the length where the stable sort
    // leaves the standard library's for the radix sort (32 for `f32`, 64 for `i64`).
    let mut g = c.benchmark_group("R6");
    for shape in [[500_000, 2], [100_000, 10], [20_000, 50]] {
        let name = |ty: &str| format!("{ty}_{}x{}", shape[0], shape[1]);
        sort_row(&mut g, &name("f32"), shape, &hs, |x| x as f32, true);
        sort_row(&mut g, &name("i64"), shape, &hs, |x| x, true);
    }
    g.finish();

    // Stable argsort along the last axis, the same values: long lanes and short ones.
    let mut g = c.benchmark_group("R7");
    for shape in [[1000, 1000], [500_000, 2], [100_000, 10]] {
        let name = |ty: &str| format!("{ty}_{}x{}", shape[0], shape[1]);
        argsort_row(&mut g, &name("f32"), shape, &hs, |x| x as f32);
        argsort_row(&mut g, &name("i64"), shape, &hs, |x| x);
    }
    g.finish();

    let vu: Vec<i32> = (0..1_000_000).map(|i| (i / 3) % 1000).collect();
    let u = DynTensor::from_shape_vec(&[vu.len()], vu.clone()).unwrap();
    let mut g = c.benchmark_group("R4");
    let want = hand_unique(&vu);
    let got = u.try_unique_consecutive(None).unwrap();
    assert_eq!(
        (
            got.values.as_slice(),
            got.inverse.as_slice(),
            got.counts.as_slice()
        ),
        (&want.0[..], &want.1[..], &want.2[..])
    );
    g.bench_function("hand", |bn| bn.iter(|| hand_unique(black_box(&vu))));
    g.bench_function("shaped_dyn", |bn| {
        bn.iter(|| black_box(&u).try_unique_consecutive(None).unwrap())
    });
    g.finish();
}

/// `R3`'s `shaped_dyn_unstable_{ty}`, `R5`'s and `R6`'s rows: `try_sort(-1)` (`stable`) or
/// `try_sort_unstable(-1)` of `shape` holding `hs` cast, as `shaped_dyn_{stable,unstable}_{ty}`: first checked against each row sorted by the standard
/// library's sort of the same kind (element for element when stable, key for key when not).
fn sort_row<T: shaped::Reduce>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    ty: &str,
    shape: [usize; 2],
    hs: &[i64],
    cast: fn(i64) -> T,
    stable: bool,
) {
    let v: Vec<T> = hs.iter().map(|&x| cast(x)).collect();
    let t = DynTensor::from_shape_vec(&shape, v.clone()).unwrap();
    let sort = |t: &DynTensor<T>| {
        if stable {
            t.try_sort(-1).unwrap()
        } else {
            t.try_sort_unstable(-1).unwrap()
        }
    };
    let mut want = v;
    for row in want.chunks_exact_mut(shape[1]) {
        if stable {
            row.sort_by_key(|x| x.sort_key());
        } else {
            row.sort_unstable_by_key(|x| x.sort_key());
        }
    }
    let got = sort(&t);
    assert!(got.as_slice().iter().zip(&want).all(|(p, q)| if stable {
        p == q
    } else {
        p.sort_key() == q.sort_key()
    }));
    let kind = if stable { "stable" } else { "unstable" };
    g.bench_function(format!("shaped_dyn_{kind}_{ty}"), |bn| {
        bn.iter(|| sort(black_box(&t)))
    });
}

/// One `try_argsort(-1)` row of `shape` (`hs` cast to `T`), checked against a stable sort of
/// each row's positions by key.
fn argsort_row<T: shaped::Reduce>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    ty: &str,
    shape: [usize; 2],
    hs: &[i64],
    cast: fn(i64) -> T,
) {
    let v: Vec<T> = hs.iter().map(|&x| cast(x)).collect();
    let t = DynTensor::from_shape_vec(&shape, v.clone()).unwrap();
    let mut want: Vec<usize> = Vec::with_capacity(v.len());
    for row in v.chunks_exact(shape[1]) {
        let mut order: Vec<usize> = (0..row.len()).collect();
        order.sort_by_key(|&j| row[j].sort_key());
        want.extend(order);
    }
    assert_eq!(t.try_argsort(-1).unwrap().as_slice(), want);
    g.bench_function(format!("shaped_dyn_argsort_{ty}"), |bn| {
        bn.iter(|| black_box(&t).try_argsort(-1).unwrap())
    });
}

/// `A_{last,first}_{ty}`: argmax and argmin along each axis of `[1024, 1024]` for one dtype.
fn arg_group<T: shaped::Reduce>(c: &mut Criterion, ty: &str, va: &[f32], cast: fn(f32) -> T) {
    let a = DynTensor::from_shape_vec(&[N, N], va.iter().map(|&x| cast(x)).collect()).unwrap();
    for (name, axis) in [("last", -1), ("first", 0)] {
        let mut g = c.benchmark_group(format!("A_{name}_{ty}"));
        g.bench_function("argmax", |bn| {
            bn.iter(|| black_box(&a).try_argmax(Some(axis), false).unwrap())
        });
        g.bench_function("argmin", |bn| {
            bn.iter(|| black_box(&a).try_argmin(Some(axis), false).unwrap())
        });
        g.finish();
    }
}

fn arg_benches(c: &mut Criterion, va: &[f32]) {
    arg_group(c, "f32", va, |x| x);
    arg_group(c, "f64", va, |x| x as f64);
    arg_group(c, "i32", va, |x| (x * 2.0) as i32);
    arg_group(c, "i64", va, |x| (x * 2.0) as i64);
    arg_group(c, "u8", va, |x| (x * 2.0 + 40.0) as u8);
    arg_group(c, "i8", va, |x| (x * 2.0) as i8);
    arg_group(c, "u16", va, |x| (x * 2.0 + 40.0) as u16);
    arg_group(c, "u32", va, |x| (x * 2.0 + 40.0) as u32);
}

fn main() {
    common::run(benches);
}
