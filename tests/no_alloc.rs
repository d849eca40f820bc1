//! The static path never allocates: every static operation runs under a counting allocator and
//! the count stays 0. The counter is per thread, so the test harness's own allocations on other
//! threads do not count.

#![allow(clippy::op_ref)]

use std::hint::black_box;

use shaped::{Tensor, shape, tensor};

#[path = "common/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{Counting, allocations_during};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn the_counter_sees_a_heap_allocation() {
    // Proves the counter works, so the zeros below mean something.
    let (n, ()) = allocations_during(|| {
        black_box(vec![1u8; 16]);
    });
    assert_eq!(n, 1);
}

/// The benchmark workloads (issue 3) in every form: operator, `add_to`, returned by value.
#[test]
fn benchmark_workloads_never_allocate() {
    fn forms<T, A, B>()
    where
        T: shaped::Scalar + core::ops::Add<Output = T>,
        B: shaped::BroadcastInto<A>,
        A: shaped::BroadcastWith<B, Output = A> + shaped::BroadcastInto<A>,
    {
        let a = black_box(Tensor::<T, A>::ones());
        let b = black_box(Tensor::<T, B>::ones());
        let mut out = &a + &b; // `*out = a + b`
        black_box(&out);
        a.add_to(&b, &mut out);
        black_box(&out);
        black_box(a.clone() + b.clone());
    }
    let (n, ()) = allocations_during(|| {
        forms::<f32, shape![4, 4], shape![4]>(); // W1
        forms::<f32, shape![3, 4, 8], shape![3, 1, 1]>(); // W2
        forms::<f32, shape![64, 64], shape![64]>(); // W3a
        forms::<f32, shape![64, 64], shape![64, 1]>(); // W3b
        forms::<f64, shape![64, 64], shape![64]>(); // W3a f64
        forms::<i32, shape![64, 64], shape![64]>(); // W3a i32
    });
    assert_eq!(n, 0, "the benchmark workloads allocated {n} times");
}

#[test]
fn static_ops_never_allocate() {
    let (n, ()) = allocations_during(|| {
        let a: Tensor<f32, shape![4, 4]> = black_box(Tensor::from_flat_fn(|i| i as f32));
        let b = black_box(tensor![1.0f32, 2.0, 3.0, 4.0]);
        let c = &a + &b;
        let d = &c - &a;
        let e = &d * &b;
        let f = &e / &tensor![[2.0f32], [4.0], [8.0], [16.0]];
        let g = f % 3.0;
        let mut h = -g;
        h += &b;
        h -= b.view();
        h *= 2.0;
        let w3 = Tensor::<f32, shape![3, 4, 8]>::ones() + Tensor::<f32, shape![3, 1, 1]>::ones();
        let w3b = Tensor::<f32, shape![64, 64]>::ones() + Tensor::<f32, shape![64, 1]>::ones();
        let v = b.broadcast_to::<shape![2, 4, 4]>();
        let s = &v + &a;
        let mask = a.zip_map(&b, |x, y| x < y);
        let ints = Tensor::<i32, shape![2, 3]>::from_fn(|[i, j]| (i * 3 + j) as i32);
        let m = ints.map(|x| x * x).maximum(&tensor![4, 4, 4]);
        black_box((
            h,
            w3.sum(),
            w3b.sum(),
            s.sum(),
            mask,
            m,
            a.fold(0.0, |acc, x| acc + x),
        ));
    });
    assert_eq!(n, 0, "static operations allocated {n} times");
}
