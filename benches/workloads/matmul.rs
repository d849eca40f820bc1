//! Static matrix products `[N, N] x [N, N]` f32 (N = 3, 4, 8), three ways: shaped's `matmul`,
//! a hand-written loop over constant extents, and nalgebra's static matrices (the bound: shaped
//! executes at most nalgebra's instructions). Each is `#[inline(never)]` with a stable symbol
//! for callgrind, takes its inputs by reference and writes through `&mut`.

#![allow(clippy::needless_range_loop)]

use nalgebra::SMatrix;
use shaped::{Tensor, shape};

use super::value;

macro_rules! square {
    ($name:ident, $n:literal) => {
        pub mod $name {
            use super::*;
            pub type M = Tensor<f32, shape![$n, $n]>;
            pub type Na = SMatrix<f32, $n, $n>;

            pub fn inputs() -> (M, M) {
                (
                    M::from_flat_fn(|i| value(i) as f32),
                    M::from_flat_fn(|i| value(i + 5) as f32),
                )
            }
            /// nalgebra's matrices hold the same elements (it stores columns first).
            pub fn nalgebra_inputs(a: &M, b: &M) -> (Na, Na) {
                (
                    Na::from_row_slice(a.as_slice()),
                    Na::from_row_slice(b.as_slice()),
                )
            }
            #[unsafe(export_name = concat!(stringify!($name), "_shaped"))]
            #[inline(never)]
            pub fn shaped(a: &M, b: &M, out: &mut M) {
                *out = a.matmul(b);
            }
            #[unsafe(export_name = concat!(stringify!($name), "_hand"))]
            #[inline(never)]
            pub fn hand(a: &[[f32; $n]; $n], b: &[[f32; $n]; $n], out: &mut [[f32; $n]; $n]) {
                for i in 0..$n {
                    for j in 0..$n {
                        let mut acc = 0.0;
                        for k in 0..$n {
                            acc += a[i][k] * b[k][j];
                        }
                        out[i][j] = acc;
                    }
                }
            }
            #[unsafe(export_name = concat!(stringify!($name), "_nalgebra"))]
            #[inline(never)]
            pub fn nalgebra(a: &Na, b: &Na, out: &mut Na) {
                *out = a * b;
            }
        }
    };
}

square!(mm3, 3);
square!(mm4, 4);
square!(mm8, 8);
