//! Conversions between static tensors and [`nalgebra`]'s statically sized matrices (feature
//! `nalgebra`).
//!
//! nalgebra stores matrices column by column and shaped stores tensors row by row, so each
//! conversion moves every element once into the other order (an `R × C` copy, no allocation):
//! `shape![R, C]` ⇄ `SMatrix<T, R, C>`, `shape![N]` ⇄ `SVector<T, N>` (a column). Extents of 1
//! are [`One`] in shaped's types, so the impls cover each combination of `Dim` and `One`.
//!
//! ```
//! use nalgebra::{Matrix2x3, SVector};
//! use shaped::{tensor, Tensor, shape};
//! let t = tensor![[1, 2, 3], [4, 5, 6]];
//! let m: Matrix2x3<i32> = t.into();
//! assert_eq!(m[(1, 0)], 4);                  // (row, column), whatever the storage order
//! let back: Tensor<i32, shape![2, 3]> = m.into();
//! assert_eq!(back, t);
//! let v: SVector<f32, 3> = tensor![1.0, 2.0, 3.0].into();
//! assert_eq!(v.norm_squared(), 14.0);
//! ```

use nalgebra::{SMatrix, Scalar};

use crate::{Dim, One, Tensor};

/// The four impls for one pair of extent types standing for `R` rows and `C` columns.
macro_rules! matrix_conversions {
    ([$($gen:tt)*] $rows:ty, $cols:ty, $r:tt, $c:tt) => {
        impl<T: Scalar, $($gen)*> From<Tensor<T, ($rows, $cols)>> for SMatrix<T, $r, $c> {
            /// The matrix with the tensor's element `[i, j]` at row `i`, column `j`.
            fn from(t: Tensor<T, ($rows, $cols)>) -> Self {
                SMatrix::from_row_iterator(t.into_array().into_iter().flatten())
            }
        }

        impl<T: Scalar, $($gen)*> From<SMatrix<T, $r, $c>> for Tensor<T, ($rows, $cols)> {
            /// The tensor with the matrix's element at row `i`, column `j` at `[i, j]`.
            fn from(m: SMatrix<T, $r, $c>) -> Self {
                Tensor::from_fn(|[i, j]: [usize; 2]| m[(i, j)].clone())
            }
        }
    };
}

matrix_conversions!([const R: usize, const C: usize] Dim<R>, Dim<C>, R, C);
matrix_conversions!([const C: usize] One, Dim<C>, 1, C);
matrix_conversions!([const R: usize] Dim<R>, One, R, 1);
matrix_conversions!([] One, One, 1, 1);

impl<T: Scalar, const N: usize> From<Tensor<T, (Dim<N>,)>> for SMatrix<T, N, 1> {
    /// The column vector of the tensor's elements.
    fn from(t: Tensor<T, (Dim<N>,)>) -> Self {
        SMatrix::from_iterator(t.into_array())
    }
}

impl<T: Scalar, const N: usize> From<SMatrix<T, N, 1>> for Tensor<T, (Dim<N>,)> {
    /// The tensor of the column vector's elements.
    fn from(v: SMatrix<T, N, 1>) -> Self {
        Tensor::from_fn(|[i]: [usize; 1]| v[i].clone())
    }
}
