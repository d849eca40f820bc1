//! The generic functions of `tests/common/generic_fns.rs`, built by `cargo build` (trybuild's pass
//! cases build and run) with exactly the bounds they declare, and run once each.

#![allow(clippy::op_ref)]

include!("../../common/generic_fns.rs");

fn main() {
    let a = shaped::tensor![[1.0f32], [4.0]];
    let b = shaped::tensor![1.0f32, 2.0, 3.0];
    assert_eq!(sqdist(&a, &b), 19.0);
    assert_eq!(axpy(2.0, &a, &b)[[1, 2]], 11.0);
    assert_eq!(clamp(&a, &b, &b)[[0, 0]], 1.0);
    assert_eq!(normalise(&a, &b, &b)[[1, 1]], 1.0);
    let mut out = Tensor::<f32, shape![2, 3]>::zeros();
    fma_into(&a, &b, &b, &mut out);
    assert_eq!(out[[1, 2]], 15.0);
    assert_eq!(lerp(&b, &b, &b), b);
    assert_eq!(add_row(&out, &b)[[0, 0]], 3.0);
    assert_eq!(weighted_sum(&a, &b), 30.0);
    assert_eq!(normalised_distance(&a, &b, &b, &normalise(&a, &b, &b)), 0.0);
    assert_eq!(same_shape(&b, &b).1.as_slice(), &[true, true, true]);
    assert_eq!(residual(&a, &b).0.shape(), &[2, 3]);
    assert_eq!(view_plus(b.view(), &b)[[2]], 18.0);
    let mut c = b;
    assert_eq!(through_views(&mut c, &b), &b * &b);
    let mut acc = out;
    assert_eq!(accumulate(&mut acc, &b)[[0, 0]], 6.0);
    let s: Tensor<f32, shape![2, 3]> = outer_sum(&a, &b);
    assert_eq!(s[[1, 0]], 5.0);
}
