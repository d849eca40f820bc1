//! Static matrix products: `a.matmul(&b)` with numpy's rule checked by the compiler
//! ([`MatMul`](crate::matmul::MatMul), asked through [`MatMulWith`]: a different inner extent,
//! batch axes that do not broadcast or a rank-0 operand do not compile, and the error names the
//! extents). The plan (batch axes, the strides of each
//! matrix) is computed at compile time from the shapes and layouts; each batch's product is the
//! dot-product loop over constant extents for small matrices (unrolled like a hand-written one),
//! [`Product::gemm`] above [`SMALL`] multiply-adds. With a `Dyn` axis the same plan is computed
//! once per call from the operands' extents and checked (`try_matmul`, `try_matmul_to`).
//!
//! Over 500 lines, 120 of them documentation with runnable examples: the plan, its compile-time
//! and run-time arms and the methods that choose between them share one set of loops, so they
//! stay in one file.

use core::marker::PhantomData;
use core::mem::MaybeUninit;

use crate::error::Dims;
use crate::layout::Layout;
use crate::matmul::{MatMulWith, Matrix, Product, dot_gemm};
use crate::shape::kind::{Kind, Select};
use crate::{Destination, MAX_RANK, Operand, Shape, ShapeError, Tensor, TensorView};

/// Products of at most this many multiply-adds per matrix (16 x 16 x 16) run the loop over
/// constant extents; larger ones the GEMM.
const SMALL: usize = 16 * 16 * 16;

/// Batch axes: the padded slots before the last two.
const BATCH: usize = MAX_RANK - 2;

/// A static product's plan: the matrix sizes, each operand's matrix strides, and the output's
/// batch extents with each operand's strides along them (0 where it broadcasts).
struct Plan {
    m: usize,
    k: usize,
    n: usize,
    a: [isize; 2],
    b: [isize; 2],
    batch: [usize; BATCH],
    a_batch: [usize; BATCH],
    b_batch: [usize; BATCH],
}

impl Plan {
    /// The plan of `A x B` (shapes and layouts; the shape rule already held).
    const fn new<A: Shape, LA: Layout<A>, B: Shape, LB: Layout<B>>() -> Self {
        Self::from_padded(
            (&A::PADDED_DIMS, &LA::STRIDES, A::RANK),
            (&B::PADDED_DIMS, &LB::STRIDES, B::RANK),
        )
    }

    /// The plan from each operand's padded extents, strides and rank (a constant for static
    /// shapes, computed per call for shapes with `Dyn`; the inner extents already agree).
    const fn from_padded(
        (da, sa, rank_a): (&[usize; MAX_RANK], &[usize; MAX_RANK], usize),
        (db, sb, rank_b): (&[usize; MAX_RANK], &[usize; MAX_RANK], usize),
    ) -> Self {
        let last = MAX_RANK - 1;
        // A 1-D left operand is a row (stride 0 down it), a 1-D right one a column.
        let (m, a) = if rank_a == 1 {
            (1, [0, sa[last] as isize])
        } else {
            (da[last - 1], [sa[last - 1] as isize, sa[last] as isize])
        };
        let (n, b) = if rank_b == 1 {
            (1, [sb[last] as isize, 0])
        } else {
            (db[last], [sb[last - 1] as isize, sb[last] as isize])
        };
        let mut plan = Plan {
            m,
            k: da[last],
            n,
            a,
            b,
            batch: [1; BATCH],
            a_batch: [0; BATCH],
            b_batch: [0; BATCH],
        };
        let mut s = 0;
        while s < BATCH {
            // Only slots of a batch axis: a 1-D or 2-D operand has none.
            let (ea, eb) = (
                if rank_a > 2 { da[s] } else { 1 },
                if rank_b > 2 { db[s] } else { 1 },
            );
            plan.batch[s] = if ea == 1 { eb } else { ea };
            plan.a_batch[s] = if ea == 1 { 0 } else { sa[s] };
            plan.b_batch[s] = if eb == 1 { 0 } else { sb[s] };
            s += 1;
        }
        plan
    }

    /// The offsets of batch `i`'s matrices in `A` and `B`.
    #[inline(always)]
    fn offsets(&self, i: usize) -> (usize, usize) {
        let (mut rest, mut oa, mut ob) = (i, 0, 0);
        let mut s = BATCH;
        while s > 0 {
            s -= 1;
            let d = self.batch[s];
            let at = rest % d;
            rest /= d;
            oa += at * self.a_batch[s];
            ob += at * self.b_batch[s];
        }
        (oa, ob)
    }
}

impl Plan {
    /// Batch `i`'s matrices of `A` (elements `sa`) and `B` (`sb`).
    #[inline(always)]
    fn matrices<'x, T>(
        &self,
        i: usize,
        sa: &'x [T],
        sb: &'x [T],
    ) -> (Matrix<'x, T>, Matrix<'x, T>) {
        let (oa, ob) = self.offsets(i);
        (
            Matrix {
                data: sa,
                base: oa,
                rows: self.a[0],
                cols: self.a[1],
            },
            Matrix {
                data: sb,
                base: ob,
                rows: self.b[0],
                cols: self.b[1],
            },
        )
    }
}

/// `a x b` into a new tensor of shape `O`: the plan a constant when both shapes are known, else
/// computed and checked once per call.
#[inline]
fn try_product<T: Product, A: Operand<Elem = T>, B: Operand<Elem = T>, O: Shape>(
    a: &A,
    b: &B,
) -> Result<Tensor<T, O>, ShapeError> {
    <A::Kind as Kind>::Or::<B::Kind>::select(Product2 {
        a,
        b,
        _o: PhantomData::<O>,
    })
}

/// [`try_product`], panicking with the error's message (never, for shapes without `Dyn`).
#[inline]
fn product<T: Product, A: Operand<Elem = T>, B: Operand<Elem = T>, O: Shape>(
    a: &A,
    b: &B,
) -> Tensor<T, O> {
    match try_product(a, b) {
        Ok(t) => t,
        Err(e) => crate::ops::shape_panic(e),
    }
}

/// The two arms of a product.
struct Product2<'x, A, B, O> {
    a: &'x A,
    b: &'x B,
    _o: PhantomData<O>,
}

impl<T: Product, A: Operand<Elem = T>, B: Operand<Elem = T>, O: Shape> Select
    for Product2<'_, A, B, O>
{
    type Output = Result<Tensor<T, O>, ShapeError>;
    #[inline(always)]
    fn fixed(self) -> Self::Output {
        Ok(planned_product(
            const { &Plan::new::<A::Shape, A::Layout, B::Shape, B::Layout>() },
            self.a,
            self.b,
        ))
    }
    #[inline]
    fn runtime(self) -> Self::Output {
        let (p, dims) = run_time_plan::<A, B, O>(self.a, self.b)?;
        let mut index = O::Index::default();
        index.as_mut().copy_from_slice(&dims[MAX_RANK - O::RANK..]);
        let (sa, sb) = (self.a.source(), self.b.source());
        if p.m * p.k * p.n <= SMALL {
            return Tensor::try_from_writer(index, |slots| write_small(&p, sa, sb, slots));
        }
        let mut out = Tensor::<T, O>::from_elem(index.as_ref(), T::ZERO)?;
        run_into(&p, self.a, self.b, out.as_mut_slice());
        Ok(out)
    }
}

/// numpy's rule on the operands' run-time extents: the plan and the result's extents (padded),
/// or the error naming both shapes (the dynamic products' errors), or a `FixedExtent` error when
/// the result's type fixes an extent the operands do not give.
fn run_time_plan<A: Operand, B: Operand, O: Shape>(
    a: &A,
    b: &B,
) -> Result<(Plan, [usize; MAX_RANK]), ShapeError> {
    let (pa, pb) = (a.padded(), b.padded());
    let (ra, rb) = (A::Shape::RANK, B::Shape::RANK);
    let (da, db) = (&pa.dims[MAX_RANK - ra..], &pb.dims[MAX_RANK - rb..]);
    let shapes = || (Dims::new(da), Dims::new(db));
    let k_b = if rb == 1 { db[0] } else { db[rb - 2] };
    if da[ra - 1] != k_b {
        let (a, b) = shapes();
        return Err(ShapeError::MatmulInner { a, b });
    }
    let mut out = [1; BATCH];
    // Batch axes, innermost first (numpy names the clash nearest the end).
    for s in (0..BATCH).rev() {
        let ea = if ra > 2 { pa.dims[s] } else { 1 };
        let eb = if rb > 2 { pb.dims[s] } else { 1 };
        if ea != eb && ea != 1 && eb != 1 {
            let (a, b) = shapes();
            return Err(ShapeError::Incompatible {
                a,
                b,
                axis: s as isize - BATCH as isize - 2,
            });
        }
        out[s] = if ea == 1 { eb } else { ea };
    }
    // The matrix axes (a 1-D operand's added axis dropped): shift the batch right.
    let mut dims = [1; MAX_RANK];
    let mut at = MAX_RANK;
    if rb > 1 {
        at -= 1;
        dims[at] = db[rb - 1];
    }
    if ra > 1 {
        at -= 1;
        dims[at] = da[ra - 2];
    }
    dims[at - BATCH..at].copy_from_slice(&out[..BATCH]);
    for (i, (&fixed, &d)) in O::STATIC_DIMS.iter().zip(&dims).enumerate() {
        if let Some(fixed) = fixed
            && fixed != d
        {
            let (a, b) = shapes();
            return Err(ShapeError::FixedExtent {
                a,
                b,
                axis: i as isize - MAX_RANK as isize,
                fixed,
            });
        }
    }
    let p = Plan::from_padded((&pa.dims, &pa.strides, ra), (&pb.dims, &pb.strides, rb));
    Ok((p, dims))
}

/// `a x b` with plan `p` into a new tensor of shape `O` (extents `dims`) of fixed storage.
#[inline(always)]
fn planned_product<T: Product, A: Operand<Elem = T>, B: Operand<Elem = T>, O: Shape>(
    p: &Plan,
    a: &A,
    b: &B,
) -> Tensor<T, O> {
    let (m, k, n) = (p.m, p.k, p.n);
    let (sa, sb) = (a.source(), b.source());
    if m * k * n <= SMALL {
        return Tensor::from_writer(|slots| write_small(p, sa, sb, slots));
    }
    let mut out = Tensor::<T, O>::from_flat_fn(|_| T::ZERO);
    run_into(p, a, b, out.as_mut_slice());
    out
}

/// `a x b` written into `out` (extents `dims`, shape `O`), the result's elements row-major:
/// the plan a constant when both shapes are known, else computed and checked once per call
/// (the destination's run-time extents must be the product's).
#[inline]
fn try_product_into<T: Product, A: Operand<Elem = T>, B: Operand<Elem = T>, O: Shape>(
    a: &A,
    b: &B,
    out: &mut [T],
    dims: &[usize],
) -> Result<(), ShapeError> {
    <A::Kind as Kind>::Or::<B::Kind>::select(ProductInto {
        a,
        b,
        out,
        dims,
        _o: PhantomData::<O>,
    })
}

/// The two arms of a product into a destination.
struct ProductInto<'x, A, B, T, O> {
    a: &'x A,
    b: &'x B,
    out: &'x mut [T],
    dims: &'x [usize],
    _o: PhantomData<O>,
}

impl<T: Product, A: Operand<Elem = T>, B: Operand<Elem = T>, O: Shape> Select
    for ProductInto<'_, A, B, T, O>
{
    type Output = Result<(), ShapeError>;
    #[inline(always)]
    fn fixed(self) -> Self::Output {
        let p = const { &Plan::new::<A::Shape, A::Layout, B::Shape, B::Layout>() };
        run_into(p, self.a, self.b, self.out);
        Ok(())
    }
    #[inline]
    fn runtime(self) -> Self::Output {
        let (p, dims) = run_time_plan::<A, B, O>(self.a, self.b)?;
        let want = &dims[MAX_RANK - O::RANK..];
        if want != self.dims {
            return Err(ShapeError::NotBroadcastableTo {
                from: Dims::new(want),
                to: Dims::new(self.dims),
                axis: first_difference(want, self.dims),
            });
        }
        run_into(&p, self.a, self.b, self.out);
        Ok(())
    }
}

/// The first axis (negative, from the end) where two extents of equal rank differ.
fn first_difference(a: &[usize], b: &[usize]) -> isize {
    let back = a.iter().rev().zip(b.iter().rev()).position(|(x, y)| x != y);
    -(back.unwrap_or(0) as isize) - 1
}

/// Small products (at most [`SMALL`] multiply-adds each) straight into the result's slots (a
/// slot may be written twice, `dot_gemm`'s rows running on into the next; the last write is the
/// element).
#[inline(always)]
fn write_small<T: Product>(p: &Plan, sa: &[T], sb: &[T], slots: &mut [MaybeUninit<T>]) {
    let (m, k, n) = (p.m, p.k, p.n);
    for (i, c) in slots.chunks_exact_mut((m * n).max(1)).enumerate() {
        let (ma, mb) = p.matrices(i, sa, sb);
        dot_gemm(m, k, n, ma, mb, |at, v| {
            c[at].write(v);
        });
    }
}

/// `a x b` with plan `p` written into `out`, the result's elements row-major.
#[inline]
fn run_into<T: Product, A: Operand<Elem = T>, B: Operand<Elem = T>>(
    p: &Plan,
    a: &A,
    b: &B,
    out: &mut [T],
) {
    let (m, k, n) = (p.m, p.k, p.n);
    let (sa, sb) = (a.source(), b.source());
    for (i, c) in out.chunks_exact_mut((m * n).max(1)).enumerate() {
        let (ma, mb) = p.matrices(i, sa, sb);
        if m * k * n <= SMALL {
            dot_gemm(m, k, n, ma, mb, |at, v| c[at] = v);
        } else {
            T::gemm(m, k, n, ma, mb, c);
        }
    }
}

/// `matmul` for one type.
macro_rules! matmul_method {
    () => {
        /// The matrix product, numpy's `matmul`: `[.., M, K] x [.., K, N]` gives `[.., M, N]`
        /// with the batch axes broadcast, a 1-D left operand a row and a 1-D right one a column
        /// (their added axis dropped: `[K] x [K]` is rank 0). `rhs` is a tensor or a view of
        /// any layout (a transpose is read in place). A different `K`, batch axes that do not
        /// broadcast, or a rank-0 operand do not compile.
        ///
        /// ```
        /// use shaped::{shape, tensor, Tensor};
        /// let a = tensor![[1, 2], [3, 4]];
        /// let b = tensor![[5, 6], [7, 8]];
        /// assert_eq!(a.matmul(&b), tensor![[19, 22], [43, 50]]);
        /// assert_eq!(a.matmul(b.t()), tensor![[17, 23], [39, 53]]);
        /// let x: Tensor<i32, shape![2]> = a.matmul(&tensor![1, 1]);     // a column, dropped
        /// assert_eq!(x, tensor![3, 7]);
        /// let batch = Tensor::<f32, shape![4, 1, 2, 3]>::ones();
        /// let w = Tensor::<f32, shape![5, 3, 2]>::ones();
        /// let y: Tensor<f32, shape![4, 5, 2, 2]> = batch.matmul(&w);
        /// assert_eq!(y.as_slice()[0], 3.0);
        /// ```
        #[inline]
        pub fn matmul<R>(&self, rhs: R) -> Tensor<T, <S as MatMulWith<R::Shape>>::Output>
        where
            R: Operand<Elem = T>,
            S: MatMulWith<R::Shape>,
            T: Product,
        {
            product(&self, &rhs)
        }

        /// [`matmul`](Self::matmul) for shapes with `Dyn` axes, whose inner and batch extents
        /// are checked when the product runs: `[Dyn, 784] x [784, 10]` is `[Dyn, 10]`.
        ///
        /// Errors: [`ShapeError::MatmulInner`] when the inner extents differ,
        /// [`ShapeError::Incompatible`] when batch axes do not broadcast (both naming the
        /// shapes); always `Ok` for shapes without `Dyn`.
        ///
        /// ```
        /// use shaped::{shape, Tensor};
        /// let x = Tensor::<f32, shape![Dyn, 3]>::from_elem(&[5, 3], 1.0)?;
        /// let w = Tensor::<f32, shape![3, 2]>::filled(2.0);
        /// let y = x.try_matmul(&w)?;                                  // shape![Dyn, 2]
        /// assert_eq!((y.shape(), y.as_slice()[0]), (&[5, 2][..], 6.0));
        /// let k = Tensor::<f32, shape![Dyn, Dyn]>::from_elem(&[2, 4], 1.0)?;
        /// assert!(x.try_matmul(&k).is_err());                         // 3 against 2
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        #[inline]
        pub fn try_matmul<R>(
            &self,
            rhs: R,
        ) -> Result<Tensor<T, <S as MatMulWith<R::Shape>>::Output>, ShapeError>
        where
            R: Operand<Elem = T>,
            S: MatMulWith<R::Shape>,
            T: Product,
        {
            try_product(&self, &rhs)
        }

        /// [`matmul`](Self::matmul) written into `out`, a tensor or a mutable view of the
        /// result's shape (the shape is checked by the compiler): no new tensor, for results
        /// too large for the stack or products in a loop.
        ///
        /// ```
        /// use shaped::{shape, tensor, Tensor};
        /// let a = tensor![[1, 2], [3, 4]];
        /// let mut out = Tensor::<i32, shape![2, 2]>::zeros();
        /// a.matmul_to(a.t(), &mut out);
        /// assert_eq!(out, tensor![[5, 11], [11, 25]]);
        /// ```
        #[inline]
        pub fn matmul_to<R, D>(&self, rhs: R, out: &mut D)
        where
            R: Operand<Elem = T>,
            S: MatMulWith<R::Shape, Output = D::Shape>,
            D: Destination<Elem = T>,
            T: Product,
        {
            let (slots, dims) = out.slots_and_dims();
            if let Err(e) = try_product_into::<T, _, _, D::Shape>(&self, &rhs, slots, dims) {
                crate::ops::shape_panic(e)
            }
        }

        /// [`matmul_to`](Self::matmul_to) for shapes with `Dyn` axes: the inner, batch and
        /// destination extents checked when the product runs.
        ///
        /// Errors: as [`try_matmul`](Self::try_matmul)'s, and
        /// [`ShapeError::NotBroadcastableTo`] when the destination's run-time extents are not
        /// the product's; always `Ok` for shapes without `Dyn`.
        ///
        /// ```
        /// use shaped::{shape, Tensor};
        /// let x = Tensor::<f32, shape![Dyn, 3]>::from_elem(&[5, 3], 1.0)?;
        /// let w = Tensor::<f32, shape![3, 2]>::filled(2.0);
        /// let mut out = Tensor::<f32, shape![Dyn, 2]>::from_elem(&[5, 2], 0.0)?;
        /// x.try_matmul_to(&w, &mut out)?;
        /// assert_eq!(out.as_slice()[9], 6.0);
        /// let mut short = Tensor::<f32, shape![Dyn, 2]>::from_elem(&[4, 2], 0.0)?;
        /// assert!(x.try_matmul_to(&w, &mut short).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        #[inline]
        pub fn try_matmul_to<R, D>(&self, rhs: R, out: &mut D) -> Result<(), ShapeError>
        where
            R: Operand<Elem = T>,
            S: MatMulWith<R::Shape, Output = D::Shape>,
            D: Destination<Elem = T>,
            T: Product,
        {
            let (slots, dims) = out.slots_and_dims();
            try_product_into::<T, _, _, D::Shape>(&self, &rhs, slots, dims)
        }

        /// The inner product of two 1-D operands (numpy's `dot` on vectors): `matmul` with a
        /// scalar result.
        ///
        /// ```
        /// use shaped::tensor;
        /// assert_eq!(tensor![1, 2, 3].dot(&tensor![4, 5, 6]), 32);
        /// ```
        #[inline]
        pub fn dot<R>(&self, rhs: R) -> T
        where
            R: Operand<Elem = T>,
            S: MatMulWith<R::Shape, Output = ()>,
            T: Product,
        {
            product::<T, _, _, ()>(&self, &rhs).into_array()
        }
    };
}

impl<T, S: Shape> Tensor<T, S> {
    matmul_method!();
}

impl<T, S: Shape, L: Layout<S>> TensorView<'_, T, S, L> {
    matmul_method!();
}
