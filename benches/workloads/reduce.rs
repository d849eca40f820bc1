//! Static sums along each axis of a transposed `[64, 64]` `f32` view, two ways: shaped's
//! `x.t().sum_axis::<A>()` and the loop a person writes for the same sum over the untransposed
//! array. Along axis 0 of the view the lanes are the array's rows (adjacent elements); along
//! axis 1 they are its columns, which the hand loop (and shaped's walk) folds row by row. Each
//! function is `#[inline(never)]` with a stable symbol for callgrind, takes its input by
//! reference and writes through `&mut`. The values are small multiples of 0.5, so every order
//! of addition gives the same sums.

use shaped::{Tensor, shape};

use super::value;

pub type X = Tensor<f32, shape![64, 64]>;
pub type Out = Tensor<f32, shape![64]>;

pub fn input() -> X {
    X::from_flat_fn(|i| value(i) as f32)
}

/// `x.t().sum_axis::<0>()`: each output element the sum of a row of `x`.
#[unsafe(export_name = "rt0_shaped")]
#[inline(never)]
pub fn rt0_shaped(x: &X, out: &mut Out) {
    *out = x.t().sum_axis::<0>();
}

#[unsafe(export_name = "rt0_hand")]
#[inline(never)]
pub fn rt0_hand(x: &[[f32; 64]; 64], out: &mut [f32; 64]) {
    for (o, row) in out.iter_mut().zip(x) {
        let mut s = 0.0;
        for v in row {
            s += v;
        }
        *o = s;
    }
}

/// `x.t().sum_axis::<1>()`: each output element the sum of a column of `x`.
#[unsafe(export_name = "rt1_shaped")]
#[inline(never)]
pub fn rt1_shaped(x: &X, out: &mut Out) {
    *out = x.t().sum_axis::<1>();
}

#[unsafe(export_name = "rt1_hand")]
#[inline(never)]
pub fn rt1_hand(x: &[[f32; 64]; 64], out: &mut [f32; 64]) {
    *out = x[0];
    for row in &x[1..] {
        for (o, v) in out.iter_mut().zip(row) {
            *o += v;
        }
    }
}
