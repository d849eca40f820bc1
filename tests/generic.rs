//! Generic code over shapes, as users write it (`common/generic_fns.rs`), called with concrete
//! shapes and checked against values worked out by hand or by plain loops.

#![allow(clippy::op_ref)] // `&a + &b` is the idiom under test

#[path = "common/generic_fns.rs"]
mod generic_fns;

use generic_fns::*;
use shaped::{Tensor, shape, tensor};

#[test]
fn squared_distance_broadcasts() {
    // [2, 1] against [3]: every pair (r, c) gives (a[r] - b[c])^2.
    let a = tensor![[1.0f32], [4.0]];
    let b = tensor![1.0f32, 2.0, 3.0];
    // (0 + 1 + 4) + (9 + 4 + 1)
    assert_eq!(sqdist(&a, &b), 19.0);
    // A shape with itself.
    assert_eq!(sqdist(&b, &b), 0.0);
}

#[test]
fn axpy_scales_and_adds() {
    let x = tensor![[1.0f32, 2.0], [3.0, 4.0]];
    let y = tensor![10.0f32, 20.0];
    assert_eq!(axpy(2.0, &x, &y), tensor![[12.0, 24.0], [16.0, 28.0]]);
}

#[test]
fn clamp_per_column() {
    let x = tensor![[-5.0f32, 0.5, 9.0], [2.0, -1.0, 0.0]];
    let lo = tensor![0.0f32, 0.0, 1.0];
    let hi = tensor![1.0f32, 0.25, 8.0];
    assert_eq!(
        clamp(&x, &lo, &hi),
        tensor![[0.0, 0.25, 8.0], [1.0, 0.0, 1.0]]
    );
}

#[test]
fn normalise_by_a_broadcast_vector() {
    let x = tensor![[1.0f32, 10.0], [3.0, 30.0]];
    let mean = tensor![2.0f32, 20.0];
    let scale = tensor![1.0f32, 10.0];
    let n: Tensor<f32, shape![2, 2]> = normalise(&x, &mean, &scale);
    assert_eq!(n, tensor![[-1.0, -1.0], [1.0, 1.0]]);
}

#[test]
fn fused_multiply_add_with_three_shapes() {
    let a = tensor![[1.0f32], [2.0]]; // [2, 1]
    let b = tensor![1.0f32, 10.0, 100.0]; // [3]
    let c = Tensor::<f32, shape![]>::filled(0.5); // rank 0
    let mut out = Tensor::<f32, shape![2, 3]>::zeros();
    fma_into(&a, &b, &c, &mut out);
    let mut want = [[0.0f32; 3]; 2];
    for (r, row) in want.iter_mut().enumerate() {
        for (k, w) in row.iter_mut().enumerate() {
            *w = [1.0, 2.0][r] * [1.0, 10.0, 100.0][k] + 0.5;
        }
    }
    assert_eq!(out, Tensor::from(want));
}

#[test]
fn lerp_over_element_types() {
    let a = tensor![0.0f64, 10.0];
    let b = tensor![10.0f64, 20.0];
    assert_eq!(lerp(&a, &b, &tensor![0.5, 0.25]), tensor![5.0, 12.5]);
    let ai = tensor![[1i32, 2], [3, 4]];
    let bi = tensor![[3i32, 2], [1, 8]];
    assert_eq!(
        lerp(&ai, &bi, &tensor![[1, 0], [2, 1]]),
        tensor![[3, 2], [-1, 8]]
    );
}

#[test]
fn const_generic_extents() {
    let m = Tensor::<f32, shape![3, 2]>::from_fn(|[r, c]| (r * 2 + c) as f32);
    let row = tensor![100.0f32, 200.0];
    assert_eq!(
        add_row(&m, &row),
        tensor![[100.0, 201.0], [102.0, 203.0], [104.0, 205.0]]
    );
}

#[test]
fn weighted_sum_generic_in_element_and_shape() {
    let a = tensor![[1u32, 2, 3], [4, 5, 6]];
    let w = tensor![[1u32], [10]];
    assert_eq!(weighted_sum(&a, &w), 6 + 150);
    assert_eq!(
        weighted_sum(&tensor![0.5f32, 1.5], &tensor![2.0f32, 2.0]),
        4.0
    );
}

#[test]
fn generic_calls_generic() {
    let x = tensor![[1.0f32, 10.0], [3.0, 30.0]];
    let mean = tensor![2.0f32, 20.0];
    let scale = tensor![1.0f32, 10.0];
    let target = tensor![[-1.0f32, 0.0], [1.0, 3.0]];
    // normalised: [[-1, -1], [1, 1]]; differences 0, 1, 0, 2.
    assert_eq!(normalised_distance(&x, &mean, &scale, &target), 5.0);
}

#[test]
fn same_shape_needs_no_bound() {
    let a = tensor![[1.0f32, -2.0], [3.0, 0.0]];
    let b = tensor![[2.0f32, 2.0], [-1.0, 4.0]];
    let (v, mask) = same_shape(&a, &b);
    // Worked element by element with the function's steps.
    let mut want = [0.0f32; 4];
    let mut want_mask = [false; 4];
    for i in 0..4 {
        let (x, y) = (a.as_slice()[i], b.as_slice()[i]);
        let c = ((x + y) - x) * y + x.max(y) - x.min(y);
        let out = c + x;
        want_mask[i] = out > y;
        want[i] = x * out / if out == 0.0 { 1.0 } else { out };
    }
    assert_eq!(v.as_slice(), &want);
    assert_eq!(mask.as_slice(), &want_mask);
}

#[test]
fn broadcast_result_meets_its_inputs_again() {
    let a = tensor![[1.0f32], [2.0]];
    let b = tensor![0.5f32, 3.0];
    let (v, mask) = residual(&a, &b);
    let mut want = [[0.0f32; 2]; 2];
    let mut want_mask = [[false; 2]; 2];
    for r in 0..2 {
        for c in 0..2 {
            let (x, y) = ([1.0f32, 2.0][r], [0.5f32, 3.0][c]);
            let d = (x - y) * x + x - y;
            let e = d + y;
            want_mask[r][c] = e < x;
            want[r][c] = e - d.max(y);
        }
    }
    assert_eq!(v, Tensor::from(want));
    assert_eq!(mask, Tensor::from(want_mask));
}

#[test]
fn owned_operands_and_mutable_views() {
    let mut a = tensor![[1.0f32, 2.0], [3.0, 4.0]];
    let b = tensor![[2.0f32, 0.5], [-1.0, 3.0]];
    // ((x + y) * y) - x * y = y * y
    let r = through_views(&mut a, &b);
    assert_eq!(r, tensor![[4.0, 0.25], [1.0, 9.0]]);
    assert_eq!(a, r);
}

#[test]
fn views_of_any_layout() {
    let row = tensor![1.0f32, 2.0, 3.0];
    let t = tensor![[1.0f32, 1.0, 1.0], [2.0, 2.0, 2.0]];
    let v = row.broadcast_to::<shape![2, 3]>();
    assert_eq!(
        view_plus(v, &t),
        tensor![[2.0, 6.0, 12.0], [3.0, 8.0, 15.0]]
    );
    assert_eq!(
        view_plus(t.view(), &t),
        tensor![[2.0, 2.0, 2.0], [8.0, 8.0, 8.0]]
    );
}

#[test]
fn accumulate_into_a_larger_shape() {
    let mut acc = tensor![[1.0f32, 2.0], [3.0, 4.0]];
    let twice = accumulate(&mut acc, &tensor![[10.0f32], [20.0]]);
    assert_eq!(acc, tensor![[11.0, 12.0], [23.0, 24.0]]);
    assert_eq!(twice, tensor![[22.0, 24.0], [46.0, 48.0]]);
}

#[test]
fn broadcast_result_returned_to_the_caller() {
    let s: Tensor<f32, shape![3, 2]> =
        outer_sum(&tensor![[0.0f32], [10.0], [20.0]], &tensor![1.0f32, 2.0]);
    assert_eq!(s, tensor![[1.0, 2.0], [11.0, 12.0], [21.0, 22.0]]);
    // The caller keeps computing with it at concrete shapes.
    let t = &s * &tensor![[2.0f32], [1.0], [0.0]];
    assert_eq!(t, tensor![[2.0, 4.0], [11.0, 12.0], [0.0, 0.0]]);
}

/// `shape!` inside a user's `macro_rules!`: a literal `1` passed through a `$d:literal`,
/// `$d:expr` or `$d:tt` fragment is still `One`, so `[4, 1] + [3]` is `[4, 3]`.
mod through_macros {
    use shaped::{Dim, One, Shape, Tensor, shape};

    macro_rules! lit_shape {
        ($($d:literal),*) => { shape![$($d),*] };
    }
    macro_rules! expr_shape {
        ($($d:expr),*) => { shape![$($d),*] };
    }
    macro_rules! tt_shape {
        ($($d:tt),*) => { shape![$($d),*] };
    }

    #[test]
    fn literal_fragments() {
        let a = Tensor::<f32, lit_shape![4, 1]>::from_fn(|[r, _]| r as f32);
        let b = Tensor::<f32, lit_shape![3]>::from_fn(|[c]| 10.0 * c as f32);
        let c: Tensor<f32, shape![4, 3]> = &a + &b;
        assert_eq!(c[[3, 2]], 23.0);
        static_assertions::assert_type_eq_all!(lit_shape![4, 1], (Dim<4>, One));
    }

    #[test]
    fn expr_fragments() {
        let a = Tensor::<f32, expr_shape![4, 1]>::from_fn(|[r, _]| r as f32);
        let b = Tensor::<f32, expr_shape![3]>::from_fn(|[c]| 10.0 * c as f32);
        let c: Tensor<f32, shape![4, 3]> = &a + &b;
        assert_eq!(c[[2, 1]], 12.0);
        static_assertions::assert_type_eq_all!(expr_shape![1, 1, 5], (One, One, Dim<5>));
    }

    #[test]
    fn tt_fragments() {
        static_assertions::assert_type_eq_all!(tt_shape![4, 1], (Dim<4>, One));
        assert_eq!(<tt_shape![1, 3] as Shape>::DIMS, [1, 3]);
    }
}

/// Softmax of each last-axis lane by a plain loop.
fn softmax_loop(lane: &[f32]) -> Vec<f32> {
    let m = lane.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = lane.iter().map(|&x| (x - m).exp()).collect();
    let s: f32 = e.iter().sum();
    e.iter().map(|&x| x / s).collect()
}

#[test]
fn generic_softmax_over_the_last_axis() {
    let x = Tensor::<f32, shape![2, 3, 4]>::from_flat_fn(|i| (i as f32 * 0.37).sin() * 3.0);
    let p = softmax(&x);
    for (got, lane) in p.as_slice().chunks(4).zip(x.as_slice().chunks(4)) {
        for (g, w) in got.iter().zip(softmax_loop(lane)) {
            assert!((g - w).abs() <= 4.0 * f32::EPSILON, "{g} against {w}");
        }
    }
    // Rank 1 and a run-time batch: the same bound.
    let v = tensor![1.0f32, 1.0];
    assert_eq!(softmax(&v), tensor![0.5, 0.5]);
    let d = Tensor::<f32, shape![Dyn, 2]>::from_elem(&[3, 2], 2.0).unwrap();
    assert_eq!(softmax(&d).as_slice(), &[0.5; 6]);
}

#[test]
fn generic_layer_norm_over_the_last_axis() {
    let x = tensor![[1.0f32, 2.0, 3.0, 6.0], [-1.0, -1.0, 1.0, 1.0]];
    let y = layer_norm(&x);
    for (got, lane) in y.as_slice().chunks(4).zip(x.as_slice().chunks(4)) {
        let mean = lane.iter().sum::<f32>() / 4.0;
        let var = lane.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / 4.0;
        for (g, v) in got.iter().zip(lane) {
            let want = (v - mean) / (var + 1e-5).sqrt();
            assert!(
                (g - want).abs() <= 8.0 * f32::EPSILON * want.abs().max(1.0),
                "{g} against {want}"
            );
        }
    }
}
