//! Shapes known in part against the fully static and the dynamic-rank forms, one thread each
//! (`shaped::set_max_threads(1)`), criterion medians:
//! - `[Dyn, 256, 64] + [64]` at n = 256 (`add_to` into a preallocated output);
//! - `[Dyn, 784] x [784, 10]` at n = 10,000 (a new output; the static form into a preallocated one).
//!
//! `cargo bench --bench mixed`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shaped::{DynTensor, Tensor, TensorView, TensorViewMut, shape};

fn value(i: usize) -> f32 {
    ((i * 37 + 11) % 101) as f32 * 0.5 - 20.0
}

// Each group's three forms read the same buffers (views over one allocation, whose extents are
// checked when made): with a copy each, the copies' placement in memory moved the medians by up
// to 8% between forms that run the same loop.

fn add(c: &mut Criterion) {
    const N: usize = 256;
    let mut g = c.benchmark_group("M1 [Dyn,256,64]+[64]");
    let dims = [N, 256, 64];
    let da = DynTensor::from_shape_vec(&dims, (0..N * 256 * 64).map(value).collect()).unwrap();
    let b = Tensor::<f32, shape![64]>::from_flat_fn(|i| value(i + 7));
    let db = b.into_dyn();
    let mut dout = da.clone();
    let a = TensorView::<f32, shape![Dyn, 256, 64]>::from_shape(&dims, da.as_slice()).unwrap();
    g.bench_function("mixed", |x| {
        x.iter(|| {
            let mut out =
                TensorViewMut::<f32, shape![Dyn, 256, 64]>::from_shape(&dims, dout.as_mut_slice())
                    .unwrap();
            black_box(&a).add_to(black_box(&b), black_box(&mut out))
        })
    });
    let sa = TensorView::<f32, shape![256, 256, 64]>::from_shape(&dims, da.as_slice()).unwrap();
    g.bench_function("static", |x| {
        x.iter(|| {
            let mut out =
                TensorViewMut::<f32, shape![256, 256, 64]>::from_shape(&dims, dout.as_mut_slice())
                    .unwrap();
            black_box(&sa).add_to(black_box(&b), black_box(&mut out))
        })
    });
    g.bench_function("dynamic", |x| {
        x.iter(|| {
            black_box(&da)
                .try_add_into(black_box(&db), black_box(&mut dout))
                .unwrap()
        })
    });
    g.finish();
}

fn matmul(c: &mut Criterion) {
    const N: usize = 10_000;
    let mut g = c.benchmark_group("M2 [Dyn,784]x[784,10]");
    let dims = [N, 784];
    let dx = DynTensor::from_shape_vec(&dims, (0..N * 784).map(value).collect()).unwrap();
    let w = Tensor::<f32, shape![784, 10]>::from_flat_fn(|i| value(i + 3));
    let dw = w.into_dyn();
    let x = TensorView::<f32, shape![Dyn, 784]>::from_shape(&dims, dx.as_slice()).unwrap();
    g.bench_function("mixed", |b| b.iter(|| black_box(&x).matmul(black_box(&w))));
    let sx = TensorView::<f32, shape![10000, 784]>::from_shape(&dims, dx.as_slice()).unwrap();
    let mut sout: Box<Tensor<f32, shape![10000, 10]>> = Tensor::boxed_zeros();
    g.bench_function("static", |b| {
        b.iter(|| black_box(&sx).matmul_to(black_box(&w), black_box(&mut *sout)))
    });
    g.bench_function("dynamic", |b| {
        b.iter(|| black_box(&dx).try_matmul(black_box(&dw)).unwrap())
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    shaped::set_max_threads(1);
    add(c);
    matmul(c);
}

criterion_group! {
    name = mixed;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = benches
}
criterion_main!(mixed);
