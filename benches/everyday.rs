//! Issue 22's everyday operations against ndarray, in one criterion run (f32, one thread, every
//! variant allocating its result).
//!
//! - `E0`/`E1`: `try_concatenate` of two `[1024, 1024]` along axis 0 / axis 1 vs
//!   `ndarray::concatenate`.
//! - `E2`: `try_take` of 10^5 rows (a fixed pseudo-random choice, repeats included) of a
//!   `[100000, 16]` table vs ndarray's `select(Axis(0), ..)` and a hand loop (a zeroed output,
//!   one `copy_from_slice` per row).
//! - `E3`/`E4`: `try_cumsum` along axis 0 / axis 1 of `[1024, 1024]` vs a copy then ndarray's
//!   `accumulate_axis_inplace`.
//!
//! numpy's side (`np.concatenate`, `np.take`, `np.cumsum`) is timed by
//! `scripts/numpy_everyday_bench.py` on the same data. Run both:
//! `cargo bench --bench everyday && python3 scripts/numpy_everyday_bench.py`.

mod common;

use std::hint::black_box;

use common::value;
use criterion::Criterion;
use ndarray::{Array2, Axis};
use shaped::DynTensor;

const N: usize = 1024;
const ROWS: usize = 100_000;
const COLS: usize = 16;

/// The `i`-th row picked by E2: a multiplicative hash (the numpy script computes the same).
fn row(i: usize) -> usize {
    (((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) % ROWS as u64) as usize
}

/// The loop a user writes for E2: a zeroed output, one `copy_from_slice` per picked row.
#[inline(never)]
fn hand_take(table: &[f32], picks: &[usize]) -> Vec<f32> {
    let mut out = vec![0.0f32; picks.len() * COLS];
    for (o, &p) in out.chunks_exact_mut(COLS).zip(picks) {
        o.copy_from_slice(&table[p * COLS..(p + 1) * COLS]);
    }
    out
}

fn join_benches(c: &mut Criterion) {
    let va: Vec<f32> = (0..N * N).map(value).collect();
    let vb: Vec<f32> = (0..N * N).map(|i| value(i + 7)).collect();
    let (a, b) = (
        DynTensor::from_shape_vec(&[N, N], va.clone()).unwrap(),
        DynTensor::from_shape_vec(&[N, N], vb.clone()).unwrap(),
    );
    let (na, nb) = (
        Array2::from_shape_vec((N, N), va).unwrap(),
        Array2::from_shape_vec((N, N), vb).unwrap(),
    );
    for (group, axis) in [("E0", 0), ("E1", 1)] {
        let mut g = c.benchmark_group(group);
        let want = ndarray::concatenate(Axis(axis), &[na.view(), nb.view()]).unwrap();
        let got = shaped::try_concatenate(&[a.view(), b.view()], axis as isize).unwrap();
        assert!(got.iter().eq(want.iter()));
        g.bench_function("shaped_dyn", |bn| {
            bn.iter(|| shaped::try_concatenate(&[black_box(&a).view(), b.view()], axis as isize))
        });
        g.bench_function("ndarray", |bn| {
            bn.iter(|| ndarray::concatenate(Axis(axis), &[black_box(&na).view(), nb.view()]))
        });
        g.finish();
    }
}

fn take_bench(c: &mut Criterion) {
    let vt: Vec<f32> = (0..ROWS * COLS).map(value).collect();
    let t = DynTensor::from_shape_vec(&[ROWS, COLS], vt.clone()).unwrap();
    let nt = Array2::from_shape_vec((ROWS, COLS), vt).unwrap();
    let picks: Vec<isize> = (0..ROWS).map(|i| row(i) as isize).collect();
    let npicks: Vec<usize> = (0..ROWS).map(row).collect();
    let mut g = c.benchmark_group("E2");
    let want = nt.select(Axis(0), &npicks);
    assert_eq!(
        t.try_take(&picks, Some(0)).unwrap().as_slice(),
        want.as_slice().unwrap()
    );
    g.bench_function("shaped_dyn", |bn| {
        bn.iter(|| black_box(&t).try_take(&picks, Some(0)).unwrap())
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| black_box(&nt).select(Axis(0), &npicks))
    });
    let flat = t.as_slice();
    g.bench_function("hand", |bn| bn.iter(|| hand_take(black_box(flat), &npicks)));
    g.finish();
}

fn cumsum_benches(c: &mut Criterion) {
    let va: Vec<f32> = (0..N * N).map(value).collect();
    let a = DynTensor::from_shape_vec(&[N, N], va.clone()).unwrap();
    let na = Array2::from_shape_vec((N, N), va).unwrap();
    let ndarray_cumsum = |x: &Array2<f32>, axis: usize| {
        let mut out = x.clone();
        out.accumulate_axis_inplace(Axis(axis), |&prev, cur| *cur += prev);
        out
    };
    for (group, axis) in [("E3", 0), ("E4", 1)] {
        let mut g = c.benchmark_group(group);
        let got = a.try_cumsum(Some(axis as isize)).unwrap();
        assert_eq!(
            got.as_slice(),
            ndarray_cumsum(&na, axis).as_slice().unwrap()
        );
        g.bench_function("shaped_dyn", |bn| {
            bn.iter(|| black_box(&a).try_cumsum(Some(axis as isize)).unwrap())
        });
        g.bench_function("ndarray", |bn| {
            bn.iter(|| ndarray_cumsum(black_box(&na), axis))
        });
        g.finish();
    }
}

fn benches(c: &mut Criterion) {
    shaped::set_max_threads(1);
    join_benches(c);
    take_bench(c);
    cumsum_benches(c);
}

fn main() {
    common::run(benches);
}
