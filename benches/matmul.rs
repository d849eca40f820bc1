//! Matrix products against their baselines, in one criterion run.
//!
//! - `M1`/`M2`: `[512, 512] x [512, 512]` f32 / f64: `try_matmul` vs ndarray's `dot` (the same
//!   GEMM crate; ndarray's on one thread, shaped's on `max_threads()` blocks of rows, and on one
//!   thread as `shaped_dyn_1thread`).
//! - `M3`: a batched `[64, 64, 64] x [64, 64]` f32 (numpy's broadcast of the right operand over
//!   the batch) vs 64 calls of ndarray's `dot`.
//! - `M4`: `[512, 512]` f32 times a transposed view: no copy, the GEMM reads the strides.
//! - `S1`/`S2`: small products, `[7, 784] x [784, 10]` (a batch of 7 MNIST rows through a
//!   linear layer) and `[16, 16] x [16, 16]` f32, where a call's fixed costs weigh most.
//! - `S3`/`S4`: a matrix times a vector, `[256, 256] x [256]` f32 / f64 (a 1-D right operand).
//! - `S5`/`S6`: a short, narrow right operand: `[1000, 3] x [3, 3]` and `[10000, 4] x [4, 4]` f32
//!   (points through a rotation, rows through a small weight).
//! - `S7`/`S8`: a few rows times a large matrix, `[1, 512] x [512, 512]` and `[4, 512] x [512,
//!   512]` f32 (a layer's input one sample or four at a time): past the small products' bound,
//!   where a GEMM would pack all of the right operand for a row or four.
//! - `S9`-`S12`: a block or two of rows and more, `[8, 1024] x [1024, 1024]`, `[6, 256] x [256,
//!   1024]`, `[8, 128] x [128, 128]` and `[16, 512] x [512, 512]` f32.
//! - `S13`/`S14`: a right operand one panel wide at any number of rows, `[64, 784] x [784, 10]`
//!   (a batch of 64 MNIST rows through a classifier) and `[1000, 784] x [784, 16]` f32.
//! - `S15`-`S17`: squares of a few tiles, `[64, 64] x [64, 64]` and `[256, 256] x [256, 256]`
//!   f32, `[128, 128] x [128, 128]` f64.
//! - `S18`/`S19`: two and three rows, `[2, 512] x [512, 512]` and `[3, 64] x [64, 1000]` f32 (a
//!   pair or a triple of samples through a layer).
//! - `S20`/`S21`: a few columns by many rows, `[1000, 64] x [64, 4]` and `[1000, 784] x [784, 8]`
//!   f32 (a batch through a layer of a few outputs).
//! - `S22`/`S23`: a vector times a matrix past L2, `[1, 1024] x [1024, 1024]` f32 and f64.
//! - `S24`/`S25`: a matrix times a column shorter than `S3`'s, `[128, 128] x [128, 1]` f32 and
//!   `[1000, 64] x [64, 1]` f64.
//!
//! numpy's side (`a @ b`, OpenBLAS) is timed by `scripts/numpy_matmul_bench.py`. Run both:
//! `cargo bench --bench matmul && python3 scripts/numpy_matmul_bench.py`.

mod common;

use std::hint::black_box;

use common::value;
use criterion::Criterion;
use ndarray::{Array1, Array2, Array3, Axis};
use shaped::DynTensor;

/// `f` on `max_threads()` threads, then on one: `shaped_dyn` and `shaped_dyn_1thread`.
fn both<O>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    f: impl Fn() -> O,
) {
    shaped::set_max_threads(0);
    g.bench_function("shaped_dyn", |bn| bn.iter(&f));
    shaped::set_max_threads(1);
    g.bench_function("shaped_dyn_1thread", |bn| bn.iter(&f));
    shaped::set_max_threads(0);
}

fn benches(c: &mut Criterion) {
    let n = 512;
    let va: Vec<f32> = (0..n * n).map(value).collect();
    let vb: Vec<f32> = (0..n * n).map(|i| value(i + 3)).collect();
    let (a, b) = (
        DynTensor::from_shape_vec(&[n, n], va.clone()).unwrap(),
        DynTensor::from_shape_vec(&[n, n], vb.clone()).unwrap(),
    );
    let (na, nb) = (
        Array2::from_shape_vec((n, n), va.clone()).unwrap(),
        Array2::from_shape_vec((n, n), vb.clone()).unwrap(),
    );
    let mut g = c.benchmark_group("M1");
    assert_eq!(
        a.try_matmul(&b).unwrap().as_slice(),
        na.dot(&nb).as_slice().unwrap()
    );
    both(&mut g, || black_box(&a).try_matmul(black_box(&b)).unwrap());
    g.bench_function("ndarray", |bn| {
        bn.iter(|| black_box(&na).dot(black_box(&nb)))
    });
    g.finish();

    let mut g = c.benchmark_group("M4");
    both(&mut g, || {
        black_box(&a).try_matmul(&black_box(&b).t()).unwrap()
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| black_box(&na).dot(&black_box(&nb).t()))
    });
    g.finish();

    let to64 = |v: &[f32]| v.iter().map(|&x| x as f64).collect::<Vec<f64>>();
    let (a64, b64) = (
        DynTensor::from_shape_vec(&[n, n], to64(&va)).unwrap(),
        DynTensor::from_shape_vec(&[n, n], to64(&vb)).unwrap(),
    );
    let (na64, nb64) = (na.mapv(|x| x as f64), nb.mapv(|x| x as f64));
    let mut g = c.benchmark_group("M2");
    both(&mut g, || {
        black_box(&a64).try_matmul(black_box(&b64)).unwrap()
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| black_box(&na64).dot(black_box(&nb64)))
    });
    g.finish();

    let vs: Vec<f32> = (0..64 * 64 * 64).map(value).collect();
    let s = DynTensor::from_shape_vec(&[64, 64, 64], vs.clone()).unwrap();
    let w = DynTensor::from_shape_vec(&[64, 64], vb[..64 * 64].to_vec()).unwrap();
    let ns = Array3::from_shape_vec((64, 64, 64), vs).unwrap();
    let nw = Array2::from_shape_vec((64, 64), vb[..64 * 64].to_vec()).unwrap();
    let mut g = c.benchmark_group("M3");
    both(&mut g, || black_box(&s).try_matmul(black_box(&w)).unwrap());
    g.bench_function("ndarray", |bn| {
        bn.iter(|| {
            ns.axis_iter(Axis(0))
                .map(|m| m.dot(black_box(&nw)))
                .collect::<Vec<_>>()
        })
    });
    g.finish();

    small(c, "S1", (7, 784, 10));
    small(c, "S2", (16, 16, 16));
    small(c, "S5", (1000, 3, 3));
    small(c, "S6", (10000, 4, 4));
    small(c, "S7", (1, 512, 512));
    small(c, "S8", (4, 512, 512));
    small(c, "S9", (8, 1024, 1024));
    small(c, "S10", (6, 256, 1024));
    small(c, "S11", (8, 128, 128));
    small(c, "S12", (16, 512, 512));
    small(c, "S13", (64, 784, 10));
    small(c, "S14", (1000, 784, 16));
    small(c, "S15", (64, 64, 64));
    small(c, "S16", (256, 256, 256));
    small_of::<f64>(c, "S17", (128, 128, 128), f64::from);
    small(c, "S18", (2, 512, 512));
    small(c, "S19", (3, 64, 1000));
    small(c, "S20", (1000, 64, 4));
    small(c, "S21", (1000, 784, 8));
    small(c, "S22", (1, 1024, 1024));
    small_of::<f64>(c, "S23", (1, 1024, 1024), f64::from);
    small(c, "S24", (128, 128, 1));
    small_of::<f64>(c, "S25", (1000, 64, 1), f64::from);
    matvec::<f32>(c, "S3", |x| x);
    matvec::<f64>(c, "S4", f64::from);
}

/// `[256, 256] x [256]`: `try_matmul` with a 1-D right operand against ndarray's `dot`.
fn matvec<T>(c: &mut Criterion, name: &str, cast: fn(f32) -> T)
where
    T: shaped::Product + ndarray::LinalgScalar + Into<f64>,
{
    let n = 256;
    let va: Vec<T> = (0..n * n).map(|i| cast(value(i))).collect();
    let vx: Vec<T> = (0..n).map(|i| cast(value(i + 3))).collect();
    let a = DynTensor::from_shape_vec(&[n, n], va.clone()).unwrap();
    let x = DynTensor::from_shape_vec(&[n], vx.clone()).unwrap();
    let na = Array2::from_shape_vec((n, n), va).unwrap();
    let nx = Array1::from_vec(vx);
    let want = na.dot(&nx);
    let got = a.try_matmul(&x).unwrap();
    for (&g, &w) in got.as_slice().iter().zip(want.iter()) {
        let (g, w): (f64, f64) = (g.into(), w.into());
        assert!((g - w).abs() <= 1e-3 * w.abs().max(1.0), "{g} vs {w}");
    }
    let mut g = c.benchmark_group(name);
    both(&mut g, || black_box(&a).try_matmul(black_box(&x)).unwrap());
    g.bench_function("ndarray", |bn| {
        bn.iter(|| black_box(&na).dot(black_box(&nx)))
    });
    g.finish();
}

/// A small `[m, k] x [k, n]` f32 product: `try_matmul` against ndarray's `dot`.
fn small(c: &mut Criterion, name: &str, shape: (usize, usize, usize)) {
    small_of::<f32>(c, name, shape, |x| x);
}

/// A small `[m, k] x [k, n]` product of `T`: `try_matmul` against ndarray's `dot`.
fn small_of<T>(c: &mut Criterion, name: &str, (m, k, n): (usize, usize, usize), cast: fn(f32) -> T)
where
    T: shaped::Product + ndarray::LinalgScalar + Into<f64>,
{
    let va: Vec<T> = (0..m * k).map(|i| cast(value(i))).collect();
    let vb: Vec<T> = (0..k * n).map(|i| cast(value(i + 3))).collect();
    let a = DynTensor::from_shape_vec(&[m, k], va.clone()).unwrap();
    let b = DynTensor::from_shape_vec(&[k, n], vb.clone()).unwrap();
    let na = Array2::from_shape_vec((m, k), va).unwrap();
    let nb = Array2::from_shape_vec((k, n), vb).unwrap();
    let want = na.dot(&nb);
    let got = a.try_matmul(&b).unwrap();
    for (&x, &y) in got.as_slice().iter().zip(want.as_slice().unwrap()) {
        let (x, y): (f64, f64) = (x.into(), y.into());
        assert!((x - y).abs() <= 1e-3 * y.abs().max(1.0), "{x} vs {y}");
    }
    let mut g = c.benchmark_group(name);
    both(&mut g, || black_box(&a).try_matmul(black_box(&b)).unwrap());
    g.bench_function("ndarray", |bn| {
        bn.iter(|| black_box(&na).dot(black_box(&nb)))
    });
    g.finish();
}

fn main() {
    common::run(benches);
}
