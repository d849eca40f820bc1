//! A dynamic binary operation of rank ≤ 6 on one thread makes exactly one heap allocation: its
//! output's elements. Shapes, strides and the loop plan stay inline. The counter is per thread, so
//! the test harness's allocations on other threads do not count.
//!
//! An operation split over threads (outputs of 4 MiB and more, `shaped::dynamic::parallel`) may
//! also allocate once on the calling thread for rayon's job queue, whatever the size (once the
//! pool exists: its first use starts it, once per process).
//!
//! Under Miri (`cargo xtask miri`, where the split thresholds are bytes) the two large cases run
//! on shapes a thousand times smaller, with the same assertions.

#![allow(clippy::op_ref)]

use std::hint::black_box;

use shaped::{DynTensor, set_max_threads, shape, tensor};

#[path = "common/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{Counting, allocations_during};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn the_counter_sees_a_heap_allocation() {
    let (n, _) = allocations_during(|| black_box(vec![1u8; 16]));
    assert_eq!(n, 1);
}

#[test]
fn a_binary_op_of_rank_up_to_six_allocates_only_its_output() {
    // One thread, so the 16 MiB case below is not split (the only test here that sets it).
    set_max_threads(1);
    let cases: &[(&[usize], &[usize])] = &[
        (&[4, 4], &[4]),
        (&[], &[]),
        (&[64, 64], &[64, 1]),
        // 16 MiB: large enough to be split, were it not for `set_max_threads(1)`.
        if cfg!(miri) {
            (&[16, 1, 64], &[1, 16, 1])
        } else {
            (&[256, 1, 64], &[1, 256, 1])
        },
        (&[2, 1, 2, 1, 2, 3], &[1, 2, 1, 2, 1, 3]),
        (&[5, 4, 3, 2, 1, 2], &[2]),
        (&[7], &[7]),
    ];
    for &(sa, sb) in cases {
        let a = DynTensor::<f32>::ones(sa);
        let b = DynTensor::<f32>::ones(sb);
        let (n, c) = allocations_during(|| black_box(&a).try_add(black_box(&b)));
        assert_eq!(n, 1, "{sa:?} + {sb:?}");
        let c = c.unwrap();
        let (n, _) = allocations_during(|| c.try_zip_map(&b, |x, y| x < y));
        assert_eq!(n, 1, "zip_map {sa:?}, {sb:?}");
        let (n, _) = allocations_during(|| black_box(&c) * black_box(&b));
        assert_eq!(n, 1, "operator {sa:?} * {sb:?}");
    }
    // A broadcast view and a static operand as inputs: still only the output.
    let a = DynTensor::<f32>::ones(&[3, 4]);
    let s = tensor![1.0f32, 2.0, 3.0, 4.0];
    let (n, _) = allocations_during(|| a.try_add(&s));
    assert_eq!(n, 1);
    let col = DynTensor::<f32>::ones(&[3, 1]);
    let (n, v) = allocations_during(|| col.try_broadcast_to(&[2, 3, 4]));
    assert_eq!(n, 0, "a broadcast view allocates nothing");
    let (n, _) = allocations_during(|| v.unwrap().try_sub(&a));
    assert_eq!(n, 1);
    let st: shaped::Tensor<f32, shape![3, 4]> = shaped::Tensor::ones();
    let (n, _) = allocations_during(|| &st + &a);
    assert_eq!(n, 1);

    // Split over two threads: the output, plus at most what handing the work to rayon takes on
    // this thread (its job queue grows by a block now and then: zero or one allocation, varying
    // from run to run), whatever the size (16 MiB is 64 chunks, 64 MiB 256; under Miri 16 KiB
    // and 64 KiB): nothing per chunk. The first split starts rayon's pool, once per process: not
    // counted.
    set_max_threads(2);
    rayon::join(|| (), || ());
    let count = |n: usize| {
        let a = DynTensor::<f32>::ones(&[n]);
        let (count, c) = allocations_during(|| a.try_add(&a));
        assert!(c.unwrap().iter().all(|&x| x == 2.0));
        count
    };
    let (small, large) = if cfg!(miri) {
        (count(4 << 10), count(16 << 10))
    } else {
        (count(4 << 20), count(16 << 20))
    };
    for (n, what) in [(small, "64 chunks"), (large, "256 chunks")] {
        assert!(
            (1..=2).contains(&n),
            "{n} allocations for {what}: some per chunk?"
        );
    }
    set_max_threads(1);
}

#[test]
fn in_place_ops_allocate_nothing() {
    let mut a = DynTensor::<f32>::ones(&[2, 3]);
    let b = DynTensor::<f32>::ones(&[3]);
    let (n, r) = allocations_during(|| a.try_add_assign(&b));
    assert_eq!((n, r.is_ok()), (0, true));
    let (n, r) = allocations_during(|| a.try_mul_assign(&b));
    assert_eq!((n, r.is_ok()), (0, true));
    // An error boxes the two shapes it names (that keeps `Result`s small): two allocations.
    let bad = DynTensor::<f32>::ones(&[4]);
    let (n, r) = allocations_during(|| a.try_add(&bad).map(|_| ()));
    assert!(r.is_err());
    assert_eq!(n, 2);
}

#[test]
fn a_small_product_allocates_only_its_output() {
    // Small products run the register kernels, which pack nothing (a GEMM crate's packing
    // buffers would count here); integers and floats, batches, 1-D operands, a transposed view.
    // The first `max_threads()` in the process may start rayon's pool, allocating: not counted.
    black_box(shaped::max_threads());
    let cases: &[(&[usize], &[usize])] = &[
        (&[7, 784], &[784, 10]),
        (&[16, 16], &[16, 16]),
        (&[3, 5, 4], &[4, 6]),
        (&[1, 256], &[256, 64]),
        (&[64], &[64, 3]),
        (&[9, 70], &[70]),
    ];
    for &(sa, sb) in cases {
        let a = DynTensor::<f32>::ones(sa);
        let b = DynTensor::<f32>::ones(sb);
        let (n, _) = allocations_during(|| black_box(&a).try_matmul(black_box(&b)));
        assert_eq!(n, 1, "{sa:?} x {sb:?} f32");
        let (ai, bi) = (a.map(|x| x as i32), b.map(|x| x as i32));
        let (n, _) = allocations_during(|| black_box(&ai).try_matmul(black_box(&bi)));
        assert_eq!(n, 1, "{sa:?} x {sb:?} i32");
    }
    let a = DynTensor::<f32>::ones(&[7, 784]);
    let bt = DynTensor::<f32>::ones(&[10, 784]);
    let (n, _) = allocations_during(|| black_box(&a).try_matmul(&black_box(&bt).t()));
    assert_eq!(n, 1, "[7, 784] x a transposed [10, 784]");
}
