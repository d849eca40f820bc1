//! The static workloads, each written five ways: shaped, a hand-written loop over constant
//! extents (the reference), ndarray fixed rank (`&a + &b`, and `Zip` into a preallocated output),
//! and nalgebra static matrices where the shape is 2-D.
//!
//! Shared by the criterion bench (`static_ops.rs`) and the callgrind driver (`insns.rs`). Every
//! function is `#[inline(never)]` with a stable symbol so callgrind can count it alone, and takes
//! its inputs by reference and returns (or writes) a fresh output, so no variant is slowed by
//! possible aliasing the others do not have. The hand loop writes into `&mut out`, the leanest
//! form there is. shaped is measured in its three natural forms: `a.add_to(b, out)` (into an
//! existing tensor, the like-for-like form), `return a + b`, and `*out = a + b`. The loop is the
//! same in all three; they differ in how the result leaves the function: `*out = ..` of a large
//! tensor costs a copy (LLVM forwards a call's result only into a return slot or a local, not
//! into memory behind a `&mut`), and returning costs the one `mov` the return ABI needs. The
//! bound is checked on the cheapest form, and all three are reported; ndarray's `&a + &b` returns a new array (its allocation is counted: it is part
//! of that API), its `Zip` writes into a preallocated one.

#![allow(dead_code, clippy::op_ref, clippy::needless_range_loop)]

pub mod matmul;
pub mod mixed;
pub mod reduce;

use nalgebra::{SMatrix, SVector};
use ndarray::{Array1, Array2, Array3, Zip};
use shaped::{Tensor, shape};
use std::hint::black_box;

/// Inputs with varied, exactly representable values.
pub fn value(i: usize) -> f64 {
    ((i * 37 + 11) % 101) as f64 * 0.5 - 20.0
}

macro_rules! w2d {
    // `[R, C] + [C]`: each output row reads all of `b`.
    ($name:ident, $t:ty, $r:literal, $c:literal, row) => {
        w2d!(@impl $name, $t, $r, $c, shape![$c], [$t; $c], Array1<$t>,
            |v: Vec<$t>| Array1::from_vec(v), SVector<$t, $c>, |_i: usize, j: usize| j);
    };
    // `[R, C] + [R, 1]`: each output row reads one element of `b`.
    ($name:ident, $t:ty, $r:literal, $c:literal, col) => {
        w2d!(@impl $name, $t, $r, $c, shape![$r, 1], [$t; $r], Array2<$t>,
            |v: Vec<$t>| Array2::from_shape_vec(($r, 1), v).unwrap(), SVector<$t, $r>, |i: usize, _j: usize| i);
    };
    (@impl $name:ident, $t:ty, $r:literal, $c:literal, $bshape:ty, $barr:ty, $bnd:ty, $bnd_new:expr, $bna:ty, $bpick:expr) => {
        pub mod $name {
            use super::*;
            pub type A = Tensor<$t, shape![$r, $c]>;
            pub type B = Tensor<$t, $bshape>;
            pub type Out = Tensor<$t, shape![$r, $c]>;
            pub const NAME: &str = stringify!($name);

            pub fn inputs() -> (A, B) {
                (A::from_flat_fn(|i| value(i) as $t), B::from_flat_fn(|i| value(i + 7) as $t))
            }
            #[unsafe(export_name = concat!(stringify!($name), "_shaped"))]
            #[inline(never)]
            pub fn shaped(a: &A, b: &B, out: &mut Out) {
                *out = a + b;
            }
            #[unsafe(export_name = concat!(stringify!($name), "_shaped_to"))]
            #[inline(never)]
            pub fn shaped_to(a: &A, b: &B, out: &mut Out) {
                a.add_to(b, out);
            }
            #[unsafe(export_name = concat!(stringify!($name), "_shaped_ret"))]
            #[inline(never)]
            pub fn shaped_ret(a: &A, b: &B) -> Out {
                a + b
            }
            #[unsafe(export_name = concat!(stringify!($name), "_hand"))]
            #[inline(never)]
            pub fn hand(a: &[[$t; $c]; $r], b: &$barr, out: &mut [[$t; $c]; $r]) {
                let pick = $bpick;
                for i in 0..$r {
                    for j in 0..$c {
                        out[i][j] = a[i][j] + b[pick(i, j)];
                    }
                }
            }
            pub fn hand_inputs(a: &A, b: &B) -> ([[$t; $c]; $r], $barr) {
                (a.into_array(), b.as_slice().try_into().unwrap())
            }
            pub fn ndarray_inputs(a: &A, b: &B) -> (Array2<$t>, $bnd) {
                let nd_a = Array2::from_shape_vec(($r, $c), a.as_slice().to_vec()).unwrap();
                (nd_a, ($bnd_new)(b.as_slice().to_vec()))
            }
            #[unsafe(export_name = concat!(stringify!($name), "_ndarray"))]
            #[inline(never)]
            pub fn ndarray_op(a: &Array2<$t>, b: &$bnd) -> Array2<$t> {
                a + b
            }
            #[unsafe(export_name = concat!(stringify!($name), "_ndarray_zip"))]
            #[inline(never)]
            pub fn ndarray_zip(a: &Array2<$t>, b: &$bnd, out: &mut Array2<$t>) {
                Zip::from(out).and(a).and_broadcast(b).for_each(|o, &x, &y| *o = x + y);
            }
            pub fn nalgebra_inputs(a: &A, b: &B) -> (SMatrix<$t, $r, $c>, $bna) {
                (SMatrix::from_fn(|i, j| a[[i, j]]), <$bna>::from_iterator(b.iter().copied()))
            }
            #[unsafe(export_name = concat!(stringify!($name), "_nalgebra"))]
            #[inline(never)]
            pub fn nalgebra(a: &SMatrix<$t, $r, $c>, b: &$bna) -> SMatrix<$t, $r, $c> {
                let pick = $bpick;
                SMatrix::from_fn(|i, j| a[(i, j)] + b[pick(i, j)])
            }
        }
    };
}

w2d!(w1, f32, 4, 4, row);
w2d!(w3a, f32, 64, 64, row);
w2d!(w3b, f32, 64, 64, col);
w2d!(w3a_f64, f64, 64, 64, row);
w2d!(w3a_i32, i32, 64, 64, row);

/// W2: `[3,4,8] + [3,1,1]`, rank 3 (no nalgebra variant).
pub mod w2 {
    use super::*;
    pub type A = Tensor<f32, shape![3, 4, 8]>;
    pub type B = Tensor<f32, shape![3, 1, 1]>;
    pub type Out = A;
    pub const NAME: &str = "w2";

    pub fn inputs() -> (A, B) {
        (
            A::from_flat_fn(|i| value(i) as f32),
            B::from_flat_fn(|i| value(i + 7) as f32),
        )
    }
    #[unsafe(export_name = "w2_shaped")]
    #[inline(never)]
    pub fn shaped(a: &A, b: &B, out: &mut Out) {
        *out = a + b;
    }
    #[unsafe(export_name = "w2_shaped_to")]
    #[inline(never)]
    pub fn shaped_to(a: &A, b: &B, out: &mut Out) {
        a.add_to(b, out);
    }
    #[unsafe(export_name = "w2_shaped_ret")]
    #[inline(never)]
    pub fn shaped_ret(a: &A, b: &B) -> Out {
        a + b
    }
    #[unsafe(export_name = "w2_hand")]
    #[inline(never)]
    pub fn hand(a: &[[[f32; 8]; 4]; 3], b: &[f32; 3], out: &mut [[[f32; 8]; 4]; 3]) {
        for i in 0..3 {
            for j in 0..4 {
                for k in 0..8 {
                    out[i][j][k] = a[i][j][k] + b[i];
                }
            }
        }
    }
    pub fn hand_inputs(a: &A, b: &B) -> ([[[f32; 8]; 4]; 3], [f32; 3]) {
        (a.into_array(), b.as_slice().try_into().unwrap())
    }
    pub fn ndarray_inputs(a: &A, b: &B) -> (Array3<f32>, Array3<f32>) {
        (
            Array3::from_shape_vec((3, 4, 8), a.as_slice().to_vec()).unwrap(),
            Array3::from_shape_vec((3, 1, 1), b.as_slice().to_vec()).unwrap(),
        )
    }
    #[unsafe(export_name = "w2_ndarray")]
    #[inline(never)]
    pub fn ndarray_op(a: &Array3<f32>, b: &Array3<f32>) -> Array3<f32> {
        a + b
    }
    #[unsafe(export_name = "w2_ndarray_zip")]
    #[inline(never)]
    pub fn ndarray_zip(a: &Array3<f32>, b: &Array3<f32>, out: &mut Array3<f32>) {
        Zip::from(out)
            .and(a)
            .and_broadcast(b)
            .for_each(|o, &x, &y| *o = x + y);
    }
}

/// W8: `[64, 64]` transposed plus `[64, 64]`: `a.t() + b`, one operand read across its rows.
pub mod w8 {
    use super::*;
    pub type A = Tensor<f32, shape![64, 64]>;
    pub type B = A;
    pub type Out = A;
    pub const NAME: &str = "w8";

    pub fn inputs() -> (A, B) {
        (
            A::from_flat_fn(|i| value(i) as f32),
            B::from_flat_fn(|i| value(i + 7) as f32),
        )
    }
    #[unsafe(export_name = "w8_shaped")]
    #[inline(never)]
    pub fn shaped(a: &A, b: &B, out: &mut Out) {
        *out = &a.t() + b;
    }
    #[unsafe(export_name = "w8_shaped_to")]
    #[inline(never)]
    pub fn shaped_to(a: &A, b: &B, out: &mut Out) {
        a.t().add_to(b, out);
    }
    #[unsafe(export_name = "w8_shaped_ret")]
    #[inline(never)]
    pub fn shaped_ret(a: &A, b: &B) -> Out {
        &a.t() + b
    }
    #[unsafe(export_name = "w8_hand")]
    #[inline(never)]
    pub fn hand(a: &[[f32; 64]; 64], b: &[[f32; 64]; 64], out: &mut [[f32; 64]; 64]) {
        for i in 0..64 {
            for j in 0..64 {
                out[i][j] = a[j][i] + b[i][j];
            }
        }
    }
    pub fn hand_inputs(a: &A, b: &B) -> ([[f32; 64]; 64], [[f32; 64]; 64]) {
        (a.into_array(), b.into_array())
    }
    pub fn ndarray_inputs(a: &A, b: &B) -> (Array2<f32>, Array2<f32>) {
        (
            Array2::from_shape_vec((64, 64), a.as_slice().to_vec()).unwrap(),
            Array2::from_shape_vec((64, 64), b.as_slice().to_vec()).unwrap(),
        )
    }
    #[unsafe(export_name = "w8_ndarray")]
    #[inline(never)]
    pub fn ndarray_op(a: &Array2<f32>, b: &Array2<f32>) -> Array2<f32> {
        &a.t() + b
    }
    #[unsafe(export_name = "w8_ndarray_zip")]
    #[inline(never)]
    pub fn ndarray_zip(a: &Array2<f32>, b: &Array2<f32>, out: &mut Array2<f32>) {
        Zip::from(out)
            .and(a.t())
            .and(b)
            .for_each(|o, &x, &y| *o = x + y);
    }
    pub fn nalgebra_inputs(a: &A, b: &B) -> (SMatrix<f32, 64, 64>, SMatrix<f32, 64, 64>) {
        (
            SMatrix::from_fn(|i, j| a[[i, j]]),
            SMatrix::from_fn(|i, j| b[[i, j]]),
        )
    }
    #[unsafe(export_name = "w8_nalgebra")]
    #[inline(never)]
    pub fn nalgebra(a: &SMatrix<f32, 64, 64>, b: &SMatrix<f32, 64, 64>) -> SMatrix<f32, 64, 64> {
        a.transpose() + b
    }
}

/// W3a `[64,64] + [64]` over storage the caller owns: inputs and output are slices given a
/// static shape (`TensorView::try_from_slice`, `TensorViewMut::try_from_slice`), the length
/// checks included; and over heap tensors (`Box<Tensor>`, built in place, passed on by
/// reference). Only the `_to` form applies: the output is the caller's buffer.
pub mod w3a_storage {
    use super::*;
    use shaped::{TensorView, TensorViewMut};

    pub type A = Tensor<f32, shape![64, 64]>;
    pub type B = Tensor<f32, shape![64]>;

    pub fn inputs() -> (Vec<f32>, Vec<f32>) {
        (
            (0..64 * 64).map(|i| value(i) as f32).collect(),
            (0..64).map(|i| value(i + 7) as f32).collect(),
        )
    }
    #[unsafe(export_name = "w3a_borrowed_shaped_to")]
    #[inline(never)]
    pub fn borrowed(a: &[f32], b: &[f32], out: &mut [f32]) {
        let a = TensorView::<f32, shape![64, 64]>::try_from_slice(a).unwrap();
        let b = TensorView::<f32, shape![64]>::try_from_slice(b).unwrap();
        let mut out = TensorViewMut::<f32, shape![64, 64]>::try_from_slice(out).unwrap();
        a.add_to(&b, &mut out);
    }
    #[unsafe(export_name = "w3a_borrowed_hand")]
    #[inline(never)]
    pub fn borrowed_hand(a: &[f32], b: &[f32], out: &mut [f32]) {
        let a: &[f32; 64 * 64] = a.try_into().unwrap();
        let b: &[f32; 64] = b.try_into().unwrap();
        let out: &mut [f32; 64 * 64] = out.try_into().unwrap();
        for i in 0..64 {
            for j in 0..64 {
                out[i * 64 + j] = a[i * 64 + j] + b[j];
            }
        }
    }
    /// The marker of the heap variants (see [`heap`]).
    const HEAP: u8 = 0xAE;
    #[unsafe(export_name = "w3a_heap_shaped_to")]
    #[inline(never)]
    pub fn heap(a: &A, b: &B, out: &mut A) {
        // A marker that keeps this function distinct: its body is otherwise W3a's, and LLVM
        // merges identical functions into one symbol, which callgrind would then count as W3a.
        black_box(HEAP);
        a.add_to(b, out);
    }
    #[unsafe(export_name = "w3a_heap_hand")]
    #[inline(never)]
    pub fn heap_hand(a: &[[f32; 64]; 64], b: &[f32; 64], out: &mut [[f32; 64]; 64]) {
        black_box(HEAP);
        for i in 0..64 {
            for j in 0..64 {
                out[i][j] = a[i][j] + b[j];
            }
        }
    }
}
