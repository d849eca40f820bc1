//! `shape!` wrapped in a user's `macro_rules!`: a literal `1` reaching it through a `$d:literal`
//! or `$d:expr` fragment is `One`, so `[4, 1] + [3]` built through these macros is `[4, 3]`.

use shaped::{Tensor, shape};

macro_rules! lit_shape {
    ($($d:literal),*) => { shape![$($d),*] };
}
macro_rules! expr_shape {
    ($($d:expr),*) => { shape![$($d),*] };
}

/// A typical test-suite helper: a tensor of any shape, counting up.
macro_rules! counting {
    ($($d:expr),*) => { Tensor::<f32, shape![$($d),*]>::from_flat_fn(|i| i as f32) };
}

fn main() {
    let a = Tensor::<f32, lit_shape![4, 1]>::filled(1.0);
    let b = Tensor::<f32, expr_shape![3]>::filled(2.0);
    let c: Tensor<f32, shape![4, 3]> = &a + &b;
    assert_eq!(c.shape(), &[4, 3]);
    let d: Tensor<f32, shape![4, 3]> = &counting![4, 1] + &counting![3];
    assert_eq!(d[[3, 2]], 5.0);
}
