//! Dynamic-rank broadcasting against its baselines, in one criterion run (f32).
//!
//! Workloads: W3a `[64,64]+[64]`, W4 `[256,256,64]+[64]`, W5 `[256,1,64]+[1,256,1]`,
//! W6 `[4194304]+[4194304]`, W1 `[4,4]+[4]`, W7 rank 9 `[2,1,2,1,2,1,2,1,64]+[1,2,1,2,1,2,1,2,1]`.
//! Variants, each returning a fresh output (its allocation is part of every API measured):
//! - `hand`: a hand-written loop over constant extents into a new `Vec` (uninitialised capacity,
//!   written once: the same allocation the dynamic path makes). The reference.
//! - `hand_zeroed`: the same loop into `vec![0.0; n]`: what the dynamic path would cost if it
//!   pre-filled its output instead of using `unsafe` (the measurement behind `dynamic::buffer`).
//! - `shaped_dyn`: `DynTensor::try_add` (outputs of 4 MiB and more split over both cores, see
//!   `shaped::dynamic::parallel`); `shaped_dyn_1t`: the same on one thread
//!   (`shaped::set_max_threads(1)`), like every baseline but `ndarray_par_zip`;
//!   `shaped_dyn_into`: `try_add_into` an existing output.
//! - `ndarray_fixed_op` / `ndarray_fixed_zip`: ndarray fixed rank, `&a + &b` and
//!   `Zip::from(a.broadcast(..)).and(b.broadcast(..)).map_collect(..)` (not for rank 9).
//! - `ndarray_par_zip`: fixed rank, `Zip::par_map_collect` (rayon, both cores): ndarray's
//!   threaded form, the baseline for shaped's split.
//! - `ndarray_dyn_op` / `ndarray_dyn_zip`: the same with `IxDyn`.
//! - W6 only, `bound_read` / `bound_write`: reading both inputs alone, writing an existing
//!   output alone (one thread). Their sum is what one core needs for the add.
//!
//! numpy (`np.add(a, b, out=c)`) is timed by `scripts/numpy_bench.py`; `scripts/bench_ratios.py`
//! prints every median as a ratio to `hand`. Run all three:
//! `cargo bench --bench dynamic && python3 scripts/numpy_bench.py && python3 scripts/bench_ratios.py`.
//!
//! `DYN_INSNS=W1 <bench binary>` instead calls one workload's functions 1000 times each and exits,
//! for callgrind: `valgrind --tool=callgrind --toggle-collect=dyn_shaped <bench binary>` (see
//! `insns` for the symbols).

#![allow(clippy::op_ref, clippy::needless_range_loop)]

use std::hint::black_box;
use std::mem::MaybeUninit;

mod common;

use common::value;
use criterion::Criterion;
use ndarray::{Array, ArrayD, Dimension, IxDyn, Zip};
use shaped::DynTensor;

fn data(shape: &[usize], salt: usize) -> Vec<f32> {
    (0..shape.iter().product())
        .map(|i| value(i + salt))
        .collect()
}

/// A fresh `Vec` of `n` elements, each written by `fill` (the hand loops' output).
#[inline(always)]
fn fresh(n: usize, fill: impl FnOnce(&mut [MaybeUninit<f32>])) -> Vec<f32> {
    let mut v = Vec::with_capacity(n);
    fill(&mut v.spare_capacity_mut()[..n]);
    // SAFETY: every caller's loop writes each of the `n` slots (their extents multiply to `n`).
    unsafe { v.set_len(n) };
    v
}

/// A hand-written loop over one workload's constant extents.
type Hand = fn(&[f32], &[f32]) -> Vec<f32>;

/// One workload: shapes, and its hand loops over constant extents.
struct Workload {
    name: &'static str,
    a: &'static [usize],
    b: &'static [usize],
    out: &'static [usize],
    hand: Hand,
    hand_zeroed: Option<Hand>,
}

macro_rules! hand_2d_row {
    ($name:ident, $zeroed:ident, $r:literal, $c:literal) => {
        #[unsafe(export_name = concat!("dyn_", stringify!($name)))]
        #[inline(never)]
        fn $name(a: &[f32], b: &[f32]) -> Vec<f32> {
            let a: &[f32; $r * $c] = a.try_into().unwrap();
            let b: &[f32; $c] = b.try_into().unwrap();
            fresh($r * $c, |out| {
                for i in 0..$r {
                    for j in 0..$c {
                        out[i * $c + j].write(a[i * $c + j] + b[j]);
                    }
                }
            })
        }
        #[inline(never)]
        fn $zeroed(a: &[f32], b: &[f32]) -> Vec<f32> {
            let a: &[f32; $r * $c] = a.try_into().unwrap();
            let b: &[f32; $c] = b.try_into().unwrap();
            let mut out = vec![0.0f32; $r * $c];
            for i in 0..$r {
                for j in 0..$c {
                    out[i * $c + j] = a[i * $c + j] + b[j];
                }
            }
            out
        }
    };
}

hand_2d_row!(w3a_hand, w3a_hand_zeroed, 64, 64);
hand_2d_row!(w1_hand, w1_hand_zeroed, 4, 4);
// W4 [256,256,64]+[64] is rows of 64 under a 65536-row outer loop: the same loop nest.
hand_2d_row!(w4_hand, w4_hand_zeroed, 65536, 64);

#[unsafe(export_name = "dyn_w5_hand")]
#[inline(never)]
fn w5_hand(a: &[f32], b: &[f32]) -> Vec<f32> {
    let a: &[f32; 256 * 64] = a.try_into().unwrap();
    let b: &[f32; 256] = b.try_into().unwrap();
    fresh(256 * 256 * 64, |out| {
        for i in 0..256 {
            for j in 0..256 {
                for k in 0..64 {
                    out[(i * 256 + j) * 64 + k].write(a[i * 64 + k] + b[j]);
                }
            }
        }
    })
}

const N6: usize = 4194304;

#[unsafe(export_name = "dyn_w6_hand")]
#[inline(never)]
fn w6_hand(a: &[f32], b: &[f32]) -> Vec<f32> {
    let a: &[f32; N6] = a.try_into().unwrap();
    let b: &[f32; N6] = b.try_into().unwrap();
    fresh(N6, |out| {
        for i in 0..N6 {
            out[i].write(a[i] + b[i]);
        }
    })
}

/// W6's memory traffic split in two: reading both inputs (a sum kept in 16 lanes so it
/// vectorises) ...
#[inline(never)]
fn w6_read_only(a: &[f32], b: &[f32]) -> f32 {
    let mut acc = [0.0f32; 16];
    for (x, y) in a[..N6].chunks_exact(16).zip(b[..N6].chunks_exact(16)) {
        for j in 0..16 {
            acc[j] += x[j] + y[j];
        }
    }
    acc.iter().sum()
}

/// ... and writing the output (an existing one, like `shaped_dyn_into`).
#[inline(never)]
fn w6_write_only(out: &mut [f32], v: f32) {
    for o in &mut out[..N6] {
        *o = v;
    }
}

#[inline(never)]
fn w6_hand_zeroed(a: &[f32], b: &[f32]) -> Vec<f32> {
    let a: &[f32; N6] = a.try_into().unwrap();
    let b: &[f32; N6] = b.try_into().unwrap();
    let mut out = vec![0.0f32; N6];
    for i in 0..N6 {
        out[i] = a[i] + b[i];
    }
    out
}

#[unsafe(export_name = "dyn_w7_hand")]
#[inline(never)]
fn w7_hand(a: &[f32], b: &[f32]) -> Vec<f32> {
    // a [2,1,2,1,2,1,2,1,64], b [1,2,1,2,1,2,1,2,1]: out [2,2,2,2,2,2,2,2,64].
    let a: &[f32; 16 * 64] = a.try_into().unwrap();
    let b: &[f32; 16] = b.try_into().unwrap();
    fresh(256 * 64, |out| {
        let mut o = 0;
        for i0 in 0..2 {
            for i1 in 0..2 {
                for i2 in 0..2 {
                    for i3 in 0..2 {
                        for i4 in 0..2 {
                            for i5 in 0..2 {
                                for i6 in 0..2 {
                                    for i7 in 0..2 {
                                        let ra = (((i0 * 2 + i2) * 2 + i4) * 2 + i6) * 64;
                                        let y = b[((i1 * 2 + i3) * 2 + i5) * 2 + i7];
                                        for k in 0..64 {
                                            out[o + k].write(a[ra + k] + y);
                                        }
                                        o += 64;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    })
}

const WORKLOADS: &[Workload] = &[
    Workload {
        name: "W3a",
        a: &[64, 64],
        b: &[64],
        out: &[64, 64],
        hand: w3a_hand,
        hand_zeroed: Some(w3a_hand_zeroed),
    },
    Workload {
        name: "W4",
        a: &[256, 256, 64],
        b: &[64],
        out: &[256, 256, 64],
        hand: w4_hand,
        hand_zeroed: Some(w4_hand_zeroed),
    },
    Workload {
        name: "W5",
        a: &[256, 1, 64],
        b: &[1, 256, 1],
        out: &[256, 256, 64],
        hand: w5_hand,
        hand_zeroed: None,
    },
    Workload {
        name: "W6",
        a: &[N6],
        b: &[N6],
        out: &[N6],
        hand: w6_hand,
        hand_zeroed: Some(w6_hand_zeroed),
    },
    Workload {
        name: "W1",
        a: &[4, 4],
        b: &[4],
        out: &[4, 4],
        hand: w1_hand,
        hand_zeroed: Some(w1_hand_zeroed),
    },
    Workload {
        name: "W7",
        a: &[2, 1, 2, 1, 2, 1, 2, 1, 64],
        b: &[1, 2, 1, 2, 1, 2, 1, 2, 1],
        out: &[2, 2, 2, 2, 2, 2, 2, 2, 64],
        hand: w7_hand,
        hand_zeroed: None,
    },
];

#[unsafe(export_name = "dyn_shaped")]
#[inline(never)]
fn shaped_add(a: &DynTensor<f32>, b: &DynTensor<f32>) -> DynTensor<f32> {
    a.try_add(b).unwrap()
}

/// Into a preallocated output, like numpy's `np.add(a, b, out=c)`.
#[unsafe(export_name = "dyn_shaped_into")]
#[inline(never)]
fn shaped_add_into(a: &DynTensor<f32>, b: &DynTensor<f32>, out: &mut DynTensor<f32>) {
    a.try_add_into(b, out).unwrap()
}

#[unsafe(export_name = "dyn_ndarray_dyn_op")]
#[inline(never)]
fn ndarray_dyn_op(a: &ArrayD<f32>, b: &ArrayD<f32>) -> ArrayD<f32> {
    a + b
}

#[inline(never)]
fn ndarray_dyn_zip(a: &ArrayD<f32>, b: &ArrayD<f32>, out: &[usize]) -> ArrayD<f32> {
    let (av, bv) = (
        a.broadcast(IxDyn(out)).unwrap(),
        b.broadcast(IxDyn(out)).unwrap(),
    );
    Zip::from(&av).and(&bv).map_collect(|&x, &y| x + y)
}

/// ndarray at a fixed rank `D` (the output's), both operands reshaped to it.
fn fixed<D: Dimension>(shape: &[usize], v: Vec<f32>, dim: D) -> Array<f32, D> {
    let mut d = dim;
    let lead = d.ndim() - shape.len();
    for (i, x) in d.slice_mut().iter_mut().enumerate() {
        *x = if i < lead { 1 } else { shape[i - lead] };
    }
    Array::from_shape_vec(d, v).unwrap()
}

#[inline(never)]
fn ndarray_fixed_op<D>(a: &Array<f32, D>, b: &Array<f32, D>) -> Array<f32, D>
where
    D: Dimension + ndarray::DimMax<D, Output = D>,
{
    a + b
}

#[inline(never)]
fn ndarray_fixed_zip<D: Dimension>(a: &Array<f32, D>, b: &Array<f32, D>, out: D) -> Array<f32, D> {
    let (av, bv) = (a.broadcast(out.clone()).unwrap(), b.broadcast(out).unwrap());
    Zip::from(&av).and(&bv).map_collect(|&x, &y| x + y)
}

#[inline(never)]
fn ndarray_par_zip<D: Dimension>(a: &Array<f32, D>, b: &Array<f32, D>, out: D) -> Array<f32, D> {
    let (av, bv) = (a.broadcast(out.clone()).unwrap(), b.broadcast(out).unwrap());
    Zip::from(&av).and(&bv).par_map_collect(|&x, &y| x + y)
}

fn bench_fixed<D: Dimension + ndarray::DimMax<D, Output = D>>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    w: &Workload,
    zero: D,
) {
    let a = fixed(w.a, data(w.a, 0), zero.clone());
    let b = fixed(w.b, data(w.b, 7), zero.clone());
    let mut out = zero;
    out.slice_mut()
        .iter_mut()
        .zip(w.out)
        .for_each(|(o, &x)| *o = x);
    let want = (w.hand)(&data(w.a, 0), &data(w.b, 7));
    assert_eq!(ndarray_fixed_op(&a, &b).as_slice().unwrap(), &want[..]);
    g.bench_function("ndarray_fixed_op", |bn| {
        bn.iter(|| ndarray_fixed_op(black_box(&a), black_box(&b)))
    });
    g.bench_function("ndarray_fixed_zip", |bn| {
        bn.iter(|| ndarray_fixed_zip(black_box(&a), black_box(&b), out.clone()))
    });
    assert_eq!(
        ndarray_par_zip(&a, &b, out.clone()).as_slice().unwrap(),
        &want[..]
    );
    g.bench_function("ndarray_par_zip", |bn| {
        bn.iter(|| ndarray_par_zip(black_box(&a), black_box(&b), out.clone()))
    });
}

fn benches(c: &mut Criterion) {
    for w in WORKLOADS {
        let mut g = c.benchmark_group(w.name);
        let (va, vb) = (data(w.a, 0), data(w.b, 7));
        let want = (w.hand)(&va, &vb);
        g.bench_function("hand", |bn| {
            bn.iter(|| (w.hand)(black_box(&va), black_box(&vb)))
        });
        if let Some(z) = w.hand_zeroed {
            assert_eq!(z(&va, &vb), want);
            g.bench_function("hand_zeroed", |bn| {
                bn.iter(|| z(black_box(&va), black_box(&vb)))
            });
        }
        let (da, db) = (
            DynTensor::from_shape_vec(w.a, va.clone()).unwrap(),
            DynTensor::from_shape_vec(w.b, vb.clone()).unwrap(),
        );
        assert_eq!(shaped_add(&da, &db).as_slice(), &want[..]);
        g.bench_function("shaped_dyn", |bn| {
            bn.iter(|| shaped_add(black_box(&da), black_box(&db)))
        });
        shaped::set_max_threads(1);
        g.bench_function("shaped_dyn_1t", |bn| {
            bn.iter(|| shaped_add(black_box(&da), black_box(&db)))
        });
        shaped::set_max_threads(0);
        let mut out = DynTensor::zeros(w.out);
        shaped_add_into(&da, &db, &mut out);
        assert_eq!(out.as_slice(), &want[..]);
        g.bench_function("shaped_dyn_into", |bn| {
            bn.iter(|| shaped_add_into(black_box(&da), black_box(&db), black_box(&mut out)))
        });
        if w.name == "W6" {
            // One core's limit: an add can take no less than reading plus writing.
            g.bench_function("bound_read", |bn| {
                bn.iter(|| w6_read_only(black_box(&va), black_box(&vb)))
            });
            let mut o = vec![0.0f32; N6];
            g.bench_function("bound_write", |bn| {
                bn.iter(|| w6_write_only(black_box(&mut o), black_box(1.0)))
            });
        }
        match w.out.len() {
            1 => bench_fixed(&mut g, w, ndarray::Ix1(0)),
            2 => bench_fixed(&mut g, w, ndarray::Ix2(0, 0)),
            3 => bench_fixed(&mut g, w, ndarray::Ix3(0, 0, 0)),
            _ => {} // ndarray's fixed ranks stop at 6; rank 9 is IxDyn only.
        }
        let (na, nb) = (
            ArrayD::from_shape_vec(IxDyn(w.a), va.clone()).unwrap(),
            ArrayD::from_shape_vec(IxDyn(w.b), vb.clone()).unwrap(),
        );
        assert_eq!(ndarray_dyn_op(&na, &nb).as_slice().unwrap(), &want[..]);
        g.bench_function("ndarray_dyn_op", |bn| {
            bn.iter(|| ndarray_dyn_op(black_box(&na), black_box(&nb)))
        });
        g.bench_function("ndarray_dyn_zip", |bn| {
            bn.iter(|| ndarray_dyn_zip(black_box(&na), black_box(&nb), w.out))
        });
        g.finish();
    }
}

/// For callgrind: `DYN_INSNS=<workload>` (W1 if empty) runs its hand loop, `shaped_dyn` and
/// `ndarray_dyn_op` 1000 times each (100 for the large ones) and nothing else. Symbols:
/// `dyn_<w>_hand`, `dyn_shaped`, `dyn_ndarray_dyn_op`.
fn insns(which: &str) {
    let which = if which.is_empty() { "W1" } else { which };
    let w = WORKLOADS
        .iter()
        .find(|w| w.name == which)
        .expect("a workload name");
    let (va, vb) = (data(w.a, 0), data(w.b, 7));
    let (da, db) = (
        DynTensor::from_shape_vec(w.a, va.clone()).unwrap(),
        DynTensor::from_shape_vec(w.b, vb.clone()).unwrap(),
    );
    let (na, nb) = (
        ArrayD::from_shape_vec(IxDyn(w.a), va.clone()).unwrap(),
        ArrayD::from_shape_vec(IxDyn(w.b), vb.clone()).unwrap(),
    );
    let calls = if w.out.iter().product::<usize>() > 100_000 {
        10
    } else {
        1000
    };
    for _ in 0..calls {
        black_box(shaped_add(black_box(&da), black_box(&db)));
        black_box(ndarray_dyn_op(black_box(&na), black_box(&nb)));
        black_box((w.hand)(black_box(&va), black_box(&vb)));
    }
}

fn main() {
    if let Ok(which) = std::env::var("DYN_INSNS") {
        return insns(&which);
    }
    common::run(benches);
}
