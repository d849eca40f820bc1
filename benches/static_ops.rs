//! Static kernels against their baselines, in one criterion run.
//!
//! `cargo bench --bench static_ops` (add `-- w3a` to pick one workload). Each group holds one
//! workload: shaped, the hand-written constant-extent loop (the reference), ndarray fixed rank
//! (`&a + &b` and `Zip`), and nalgebra where the shape is 2-D. Quote ratios of medians from one
//! run; `cargo xtask insns` gives the deterministic instruction counts.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

mod workloads;
use workloads::*;

/// One group per workload: every form of shaped, the hand loop, ndarray, and nalgebra for the
/// 2-D workloads (`with nalgebra`).
macro_rules! bench {
    ($c:ident, $w:ident $(, with $nalgebra:ident)?) => {{
        let (a, b) = $w::inputs();
        let (ha, hb) = $w::hand_inputs(&a, &b);
        let (na, nb) = $w::ndarray_inputs(&a, &b);
        let mut nout = na.clone();
        let mut hout = ha;
        let mut sout = a;
        let mut g = $c.benchmark_group($w::NAME);
        g.bench_function("shaped", |x| {
            x.iter(|| $w::shaped(black_box(&a), black_box(&b), black_box(&mut sout)))
        });
        g.bench_function("shaped_to", |x| {
            x.iter(|| $w::shaped_to(black_box(&a), black_box(&b), black_box(&mut sout)))
        });
        g.bench_function("shaped_ret", |x| x.iter(|| $w::shaped_ret(black_box(&a), black_box(&b))));
        g.bench_function("hand", |x| {
            x.iter(|| $w::hand(black_box(&ha), black_box(&hb), black_box(&mut hout)))
        });
        g.bench_function("ndarray", |x| x.iter(|| $w::ndarray_op(black_box(&na), black_box(&nb))));
        g.bench_function("ndarray_zip", |x| {
            x.iter(|| $w::ndarray_zip(black_box(&na), black_box(&nb), black_box(&mut nout)))
        });
        $(
            let (ga, gb) = $w::nalgebra_inputs(&a, &b);
            g.bench_function(stringify!($nalgebra), |x| x.iter(|| $w::nalgebra(black_box(&ga), black_box(&gb))));
        )?
        g.finish();
    }};
}

fn benches(c: &mut Criterion) {
    bench!(c, w1, with nalgebra);
    bench!(c, w2);
    bench!(c, w3a, with nalgebra);
    bench!(c, w3b, with nalgebra);
    bench!(c, w3a_f64, with nalgebra);
    bench!(c, w3a_i32, with nalgebra);
}

criterion_group! {
    name = static_ops;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1));
    targets = benches
}
criterion_main!(static_ops);
