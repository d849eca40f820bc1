//! Views with non-unit strides against their baselines, in one criterion run (f32, one thread:
//! `shaped::set_max_threads(1)`, as every baseline here).
//!
//! - `V1` transpose-copy of `[1024, 1024]`: `t().to_tensor()` vs ndarray's
//!   `.t().as_standard_layout()` and a hand-written loop `out[i][j] = a[j][i]`.
//! - `V2` add of a transposed `[1024, 1024]` view and a contiguous tensor vs the all-contiguous
//!   add (`contiguous`), and ndarray's `&a.t() + &b`; `hand_tiled_contiguous` is the contiguous
//!   add walked in 16 x 16 tiles (no transposition), the order any tiled transpose walks in.
//! - `V3` add over `a[:, ::-1]` (`s![.., ..;-1]`) and a contiguous tensor vs the contiguous add,
//!   and ndarray's `&a.slice(s![.., ..;-1]) + &b`.
//! - `V4` assignment through a transposed destination, `dst.t_mut()` from a contiguous
//!   `[1024, 1024]`, vs the transpose copy of `V1` and ndarray's `dst.view_mut().reversed_axes().assign(&a)`
//!   (issue 23: at most 1.3x the transpose copy).
//!
//! numpy's side (`np.ascontiguousarray(a.T)`, `a.T + b`, `a[:, ::-1] + b`) is timed by
//! `scripts/numpy_views_bench.py`. Run both:
//! `cargo bench --bench views && python3 scripts/numpy_views_bench.py`.

mod common;

use std::hint::black_box;

use common::value;
use criterion::Criterion;
use ndarray::Array2;
use shaped::{DynTensor, s};

const N: usize = 1024;

fn pair() -> (DynTensor<f32>, DynTensor<f32>, Array2<f32>, Array2<f32>) {
    let va: Vec<f32> = (0..N * N).map(value).collect();
    let vb: Vec<f32> = (0..N * N).map(|i| value(i + 7)).collect();
    (
        DynTensor::from_shape_vec(&[N, N], va.clone()).unwrap(),
        DynTensor::from_shape_vec(&[N, N], vb.clone()).unwrap(),
        Array2::from_shape_vec((N, N), va).unwrap(),
        Array2::from_shape_vec((N, N), vb).unwrap(),
    )
}

/// The all-contiguous add `a + b` walked in 16 x 16 tiles, as any tiled transpose walks its
/// arrays, with no transposition: what the tile order alone costs against the row order.
#[inline(never)]
fn hand_tiled_add(a: &[f32], b: &[f32]) -> Vec<f32> {
    const T: usize = 16;
    let mut out = vec![0.0; N * N];
    for i0 in (0..N).step_by(T) {
        for j0 in (0..N).step_by(T) {
            for i in i0..i0 + T {
                let r = i * N + j0..i * N + j0 + T;
                for ((o, x), y) in out[r.clone()].iter_mut().zip(&a[r.clone()]).zip(&b[r]) {
                    *o = x + y;
                }
            }
        }
    }
    out
}

#[inline(never)]
fn hand_transpose(a: &[f32]) -> Vec<f32> {
    let mut out = vec![0.0; N * N];
    for i in 0..N {
        for j in 0..N {
            out[i * N + j] = a[j * N + i];
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    shaped::set_max_threads(1);
    let (a, b, na, nb) = pair();

    let mut g = c.benchmark_group("V1");
    let want = hand_transpose(a.as_slice());
    assert_eq!(a.t().to_tensor().as_slice(), &want[..]);
    g.bench_function("hand", |bn| {
        bn.iter(|| hand_transpose(black_box(a.as_slice())))
    });
    g.bench_function("shaped_dyn", |bn| bn.iter(|| black_box(&a).t().to_tensor()));
    g.bench_function("ndarray", |bn| {
        bn.iter(|| black_box(&na).t().as_standard_layout().into_owned())
    });
    g.finish();

    let mut g = c.benchmark_group("V2");
    assert_eq!(
        a.t().try_add(&b).unwrap().as_slice(),
        (&na.t() + &nb).as_slice().unwrap()
    );
    g.bench_function("contiguous", |bn| {
        bn.iter(|| black_box(&a).try_add(black_box(&b)).unwrap())
    });
    g.bench_function("shaped_dyn", |bn| {
        bn.iter(|| black_box(&a).t().try_add(black_box(&b)).unwrap())
    });
    assert_eq!(
        hand_tiled_add(a.as_slice(), b.as_slice()),
        a.try_add(&b).unwrap().as_slice()
    );
    g.bench_function("hand_tiled_contiguous", |bn| {
        bn.iter(|| hand_tiled_add(black_box(a.as_slice()), black_box(b.as_slice())))
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| &black_box(&na).t() + black_box(&nb))
    });
    g.finish();

    let mut g = c.benchmark_group("V3");
    let rev = s![.., ..;-1];
    assert_eq!(
        a.try_slice(&rev).unwrap().try_add(&b).unwrap().as_slice(),
        (&na.slice(ndarray::s![.., ..;-1]) + &nb)
            .as_slice()
            .unwrap()
    );
    g.bench_function("contiguous", |bn| {
        bn.iter(|| black_box(&a).try_add(black_box(&b)).unwrap())
    });
    g.bench_function("shaped_dyn", |bn| {
        bn.iter(|| {
            black_box(&a)
                .try_slice(&rev)
                .unwrap()
                .try_add(black_box(&b))
                .unwrap()
        })
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| &black_box(&na).slice(ndarray::s![.., ..;-1]) + black_box(&nb))
    });
    g.finish();

    // V4: writing through a transposed destination, `dst.t_mut() = a`, against the transpose
    // copy V1 makes (`a.t().to_tensor()`) and ndarray's `dst.view_mut().reversed_axes().assign(&a)`.
    let mut g = c.benchmark_group("V4");
    let mut dst = DynTensor::<f32>::zeros(&[N, N]);
    let mut ndst = Array2::<f32>::zeros((N, N));
    dst.t_mut().try_zip_assign(&a, |o, x| *o = x).unwrap();
    ndst.view_mut().reversed_axes().assign(&na);
    assert_eq!(dst.as_slice(), ndst.as_slice().unwrap());
    g.bench_function("transpose_copy", |bn| {
        bn.iter(|| black_box(&a).t().to_tensor())
    });
    g.bench_function("shaped_dyn", |bn| {
        bn.iter(|| {
            dst.t_mut()
                .try_zip_assign(black_box(&a), |o, x| *o = x)
                .unwrap()
        })
    });
    g.bench_function("ndarray", |bn| {
        bn.iter(|| ndst.view_mut().reversed_axes().assign(black_box(&na)))
    });
    g.finish();
}

fn main() {
    common::run(benches);
}
