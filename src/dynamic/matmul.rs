//! `try_matmul`: numpy's `matmul` on dynamic tensors and views of any strides, and on static
//! tensors read as operands (`DynOperand`), checked at run time.
//!
//! The rules, numpy's exactly: `[..., M, K] x [..., K, N]` gives `[batch, M, N]` with the batch
//! axes broadcast; a 1-D left operand is a row `[1, K]` and a 1-D right one a column `[K, 1]`,
//! their added axis removed from the result (`[K] x [K]` is rank 0); rank 0 is an error. Each
//! batch's product is one call of [`Product::gemm`] on strided matrices: nothing is copied
//! first, whatever the operands' layouts.

use super::broadcast::broadcast_pair;
use super::dims::{DimVec, Strides};
use super::layout::{checked_count, count_or_err};
use super::methods::DynDestination;
use super::operand::{DynOperand, src};
use super::parallel::{for_each_row_block, product_threads};
use super::plan::Src;
use super::{DynTensor, DynView, DynViewMut};
use crate::ShapeError;
use crate::error::Dims;
use crate::matmul::{Matrix, Product};

/// An operand seen as a stack of matrices: batch extents and strides, and the matrix's rows,
/// columns and their strides (a 1-D operand made a row or a column with stride 0).
struct Stack<'a> {
    batch: &'a [usize],
    batch_strides: &'a [isize],
    rows: usize,
    cols: usize,
    row_stride: isize,
    col_stride: isize,
}

/// `src` as a stack of matrices; `left` says which side, for the 1-D promotion.
fn stack<'a, T>(s: &Src<'a, T>, left: bool) -> Stack<'a> {
    let r = s.dims.len();
    match (r, left) {
        (1, true) => Stack {
            batch: &[],
            batch_strides: &[],
            rows: 1,
            cols: s.dims[0],
            row_stride: 0,
            col_stride: s.strides[0],
        },
        (1, false) => Stack {
            batch: &[],
            batch_strides: &[],
            rows: s.dims[0],
            cols: 1,
            row_stride: s.strides[0],
            col_stride: 0,
        },
        _ => Stack {
            batch: &s.dims[..r - 2],
            batch_strides: &s.strides[..r - 2],
            rows: s.dims[r - 2],
            cols: s.dims[r - 1],
            row_stride: s.strides[r - 2],
            col_stride: s.strides[r - 1],
        },
    }
}

/// The result's shape, or the error naming both operands' shapes.
fn result_dims(a: &[usize], b: &[usize]) -> Result<(DimVec, DimVec), ShapeError> {
    let shapes = || (Dims::new(a), Dims::new(b));
    if a.is_empty() || b.is_empty() {
        let (a, b) = shapes();
        return Err(ShapeError::MatmulRank { a, b });
    }
    let k_a = a[a.len() - 1];
    let k_b = if b.len() == 1 { b[0] } else { b[b.len() - 2] };
    if k_a != k_b {
        let (a, b) = shapes();
        return Err(ShapeError::MatmulInner { a, b });
    }
    let batch = |d: &[usize]| if d.len() > 2 { d.len() - 2 } else { 0 };
    let (ba, bb) = (&a[..batch(a)], &b[..batch(b)]);
    let (batch_dims, _) = broadcast_pair(ba, bb).map_err(|e| match e {
        // The clash is on a batch axis: name it in the full shapes (two axes further left).
        ShapeError::Incompatible { axis, .. } => ShapeError::Incompatible {
            a: Dims::new(a),
            b: Dims::new(b),
            axis: axis - 2,
        },
        other => other,
    })?;
    // Built in place (inline up to rank 6), not through a `Vec`: no allocation but the output's
    // on small products, where one is a visible part of the call.
    let rows = a.len() > 1;
    let cols = b.len() > 1;
    let mut out = DimVec::filled(batch_dims.len() + rows as usize + cols as usize, 0);
    for (o, &d) in out.iter_mut().zip(batch_dims.iter()) {
        *o = d;
    }
    let mut at = batch_dims.len();
    if rows {
        out[at] = a[a.len() - 2];
        at += 1;
    }
    if cols {
        out[at] = b[b.len() - 1];
    }
    Ok((out, batch_dims))
}

/// The product of `a` and `b` into `out`, packed row-major in the result's shape. A single large
/// matrix goes to a GEMM that threads itself when the element has one
/// ([`Product::gemm_threaded`]); otherwise the result's matrices stacked make `batch * m` rows,
/// and large products split them into one block per thread ([`for_each_row_block`]), each
/// block one GEMM call per matrix it touches.
fn run<T: Product>(a: &Src<'_, T>, b: &Src<'_, T>, batch: &[usize], out: &mut [T]) {
    let (sa, sb) = (stack(a, true), stack(b, false));
    let (m, k, n) = (sa.rows, sa.cols, sb.cols);
    if out.is_empty() {
        return;
    }
    // Each operand's batch strides aligned to the result's batch axes (0 where broadcast).
    let aligned = |s: &Stack<'_>| {
        let mut st = Strides::filled(batch.len(), 0);
        let lead = batch.len() - s.batch.len();
        for (i, (&d, &x)) in s.batch.iter().zip(s.batch_strides).enumerate() {
            st[lead + i] = if d == 1 { 0 } else { x };
        }
        st
    };
    let (ta, tb) = (aligned(&sa), aligned(&sb));
    // One large matrix: the GEMM may spread it over the threads itself, packing `b` once for
    // all of them, which beats one call per block of rows (each packing all of `b`).
    if out.len() == m * n {
        let threads = product_threads(m, k.saturating_mul(n));
        let (ma, mb) = (matrix(a, &sa, a.base), matrix(b, &sb, b.base));
        if threads > 1 && T::gemm_threaded(m, k, n, ma, mb, out, threads) {
            return;
        }
    }
    // `out` is not empty, so neither `m`, `n` nor any batch extent is 0.
    let block = |first_row: usize, mut rest: &mut [T]| {
        let mut row = first_row;
        while !rest.is_empty() {
            let (index, i) = (row / m, row % m);
            let rows = (m - i).min(rest.len() / n);
            let (c, tail) = core::mem::take(&mut rest).split_at_mut(rows * n);
            let a_start = batch_start(batch, &ta, a.base, index);
            let row_i = (i as isize).wrapping_mul(sa.row_stride) as usize;
            let ma = matrix(a, &sa, a_start.wrapping_add(row_i));
            let mb = matrix(b, &sb, batch_start(batch, &tb, b.base, index));
            T::gemm(rows, k, n, ma, mb, c);
            row += rows;
            rest = tail;
        }
    };
    for_each_row_block(out, n, k.saturating_mul(n), block);
}

/// The matrix of `src` (seen as the stack `s`) whose element `[0, 0]` is at `base`.
fn matrix<'a, T>(src: &Src<'a, T>, s: &Stack<'_>, base: usize) -> Matrix<'a, T> {
    Matrix {
        data: src.data,
        base,
        rows: s.row_stride,
        cols: s.col_stride,
    }
}

/// The position of the first element of matrix `index` (row-major over the batch extents
/// `dims`) of an operand whose batch strides are `strides` and whose first element is at `base`.
fn batch_start(dims: &[usize], strides: &[isize], base: usize, mut index: usize) -> usize {
    let mut at = base;
    for (&d, &s) in dims.iter().zip(strides).rev() {
        at = at.wrapping_add(((index % d) as isize).wrapping_mul(s) as usize);
        index /= d;
    }
    at
}

/// `try_matmul` of two operands.
pub(crate) fn try_matmul<A, B, T>(a: &A, b: &B) -> Result<DynTensor<T>, ShapeError>
where
    A: DynOperand<Elem = T> + ?Sized,
    B: DynOperand<Elem = T> + ?Sized,
    T: Product,
{
    let (a, b) = (src(a), src(b));
    let (dims, batch) = result_dims(a.dims, b.dims)?;
    let n = count_or_err(&dims)?;
    let mut data = super::buffer::try_with_capacity(n, &dims)?;
    data.resize(n, T::ZERO);
    run(&a, &b, &batch, &mut data);
    Ok(DynTensor::from_parts(data, dims))
}

/// `try_matmul_into`: the product written into `out`, whose shape must be the result's.
pub(crate) fn try_matmul_into<A, B, T>(
    a: &A,
    b: &B,
    out: &mut (impl DynDestination<Elem = T> + ?Sized),
) -> Result<(), ShapeError>
where
    A: DynOperand<Elem = T> + ?Sized,
    B: DynOperand<Elem = T> + ?Sized,
    T: Product,
{
    let (sa, sb) = (src(a), src(b));
    let (dims, batch) = result_dims(sa.dims, sb.dims)?;
    let mut dst = out.dst();
    if dst.dims != &dims[..] {
        let axis = (1..=dims.len().max(dst.dims.len()))
            .find(|&back| {
                let at = |d: &[usize]| d.len().checked_sub(back).map(|i| d[i]);
                at(&dims) != at(dst.dims)
            })
            .map_or(-1, |back| -(back as isize));
        return Err(ShapeError::NotBroadcastableTo {
            from: Dims::new(&dims),
            to: Dims::new(dst.dims),
            axis,
        });
    }
    let n = checked_count(&dims).unwrap_or(0);
    if dst.is_packed() {
        run(&sa, &sb, &batch, dst.packed_elems(n));
        return Ok(());
    }
    let product = try_matmul(a, b)?;
    super::plan::assign_strided(dst, src(&product), &mut |o: &mut T, x: &T| *o = *x);
    Ok(())
}

/// `try_matmul` and `try_matmul_into` for one type.
macro_rules! matmul_methods {
    () => {
        /// The matrix product, numpy's `matmul`: `[..., M, K] x [..., K, N]` gives
        /// `[batch, M, N]`, the batch axes broadcast; a 1-D left operand is a row and a 1-D
        /// right one a column, whose added axis the result drops (`[K] x [K]` is rank 0).
        /// Any strides on either side (a transposed view costs no copy); `f32`/`f64` run a
        /// GEMM, integers wrap on overflow. `rhs` is any dynamic operand, a static tensor
        /// included.
        ///
        /// Errors: [`ShapeError::MatmulRank`] for a rank-0 operand, [`ShapeError::MatmulInner`]
        /// when `K` differs, [`ShapeError::Incompatible`] when the batch axes do not broadcast.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let a = DynTensor::from_shape_vec(&[2, 2], vec![1, 2, 3, 4])?;
        /// let b = DynTensor::from_shape_vec(&[2, 2], vec![5, 6, 7, 8])?;
        /// assert_eq!(a.try_matmul(&b)?.as_slice(), [19, 22, 43, 50]);
        /// assert_eq!(a.try_matmul(&b.t())?.as_slice(), [17, 23, 39, 53]);
        /// let v = DynTensor::from_shape_vec(&[2], vec![1, 1])?;
        /// assert_eq!(a.try_matmul(&v)?.shape(), &[2]);              // a column, dropped
        /// let batch = DynTensor::<f32>::ones(&[4, 1, 2, 3]);
        /// let w = DynTensor::<f32>::ones(&[5, 3, 2]);
        /// assert_eq!(batch.try_matmul(&w)?.shape(), &[4, 5, 2, 2]);
        /// assert!(batch.try_matmul(&batch).is_err());               // 3 vs 2 inside
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_matmul<R>(&self, rhs: &R) -> Result<DynTensor<T>, ShapeError>
        where
            R: DynOperand<Elem = T> + ?Sized,
            T: Product,
        {
            try_matmul(self, rhs)
        }

        /// [`try_matmul`](Self::try_matmul) written into `out` (numpy's `out=`), a tensor or a
        /// mutable view of any strides whose shape is exactly the result's.
        ///
        /// Errors: those of `try_matmul`, and [`ShapeError::NotBroadcastableTo`] when `out` has
        /// another shape.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let a = DynTensor::from_shape_vec(&[2, 3], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?;
        /// let mut out = DynTensor::zeros(&[2, 2]);
        /// a.try_matmul_into(&a.t(), &mut out)?;
        /// assert_eq!(out.as_slice(), [14.0, 32.0, 32.0, 77.0]);
        /// assert!(a.try_matmul_into(&a.t(), &mut DynTensor::zeros(&[2, 3])).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_matmul_into<R>(
            &self,
            rhs: &R,
            out: &mut (impl DynDestination<Elem = T> + ?Sized),
        ) -> Result<(), ShapeError>
        where
            R: DynOperand<Elem = T> + ?Sized,
            T: Product,
        {
            try_matmul_into(self, rhs, out)
        }
    };
}

impl<T> DynTensor<T> {
    matmul_methods!();
}

impl<T> DynView<'_, T> {
    matmul_methods!();
}

impl<T> DynViewMut<'_, T> {
    matmul_methods!();
}
