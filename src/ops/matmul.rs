//! Static matrix products: `a.matmul(&b)` with numpy's rule checked by the compiler
//! ([`MatMul`]: a different inner extent, batch axes that do not broadcast or a rank-0 operand
//! do not compile, and the error names the extents). The plan (batch axes, the strides of each
//! matrix) is computed at compile time from the shapes and layouts; each batch's product is the
//! dot-product loop over constant extents for small matrices (unrolled like a hand-written one),
//! [`Product::gemm`] above [`SMALL`] multiply-adds.

use crate::layout::Layout;
use crate::matmul::{MatMul, Matrix, Product, dot_gemm};
use crate::{Destination, MAX_RANK, Operand, Shape, Tensor, TensorView};

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
        let (da, sa, db, sb) = (&A::PADDED_DIMS, &LA::STRIDES, &B::PADDED_DIMS, &LB::STRIDES);
        let last = MAX_RANK - 1;
        // A 1-D left operand is a row (stride 0 down it), a 1-D right one a column.
        let (m, a) = if A::RANK == 1 {
            (1, [0, sa[last] as isize])
        } else {
            (da[last - 1], [sa[last - 1] as isize, sa[last] as isize])
        };
        let (n, b) = if B::RANK == 1 {
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
                if A::RANK > 2 { da[s] } else { 1 },
                if B::RANK > 2 { db[s] } else { 1 },
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

/// `a x b` into a new tensor of shape `O`.
#[inline]
fn product<T: Product, A: Operand<Elem = T>, B: Operand<Elem = T>, O: Shape>(
    a: &A,
    b: &B,
) -> Tensor<T, O> {
    let p = const { &Plan::new::<A::Shape, A::Layout, B::Shape, B::Layout>() };
    let (m, k, n) = (p.m, p.k, p.n);
    let (sa, sb) = (a.source(), b.source());
    if m * k * n <= SMALL {
        // Every output element written straight into the result (a slot may be written
        // twice, `dot_gemm`'s rows running on into the next; the last write is the element).
        return Tensor::from_writer(|slots| {
            for (i, c) in slots.chunks_exact_mut((m * n).max(1)).enumerate() {
                let (ma, mb) = p.matrices(i, sa, sb);
                dot_gemm(m, k, n, ma, mb, |at, v| {
                    c[at].write(v);
                });
            }
        });
    }
    let mut out = Tensor::<T, O>::from_flat_fn(|_| T::ZERO);
    product_into(a, b, out.as_mut_slice());
    out
}

/// `a x b` written into `out`, the result's elements row-major.
#[inline]
fn product_into<T: Product, A: Operand<Elem = T>, B: Operand<Elem = T>>(
    a: &A,
    b: &B,
    out: &mut [T],
) {
    let p = const { &Plan::new::<A::Shape, A::Layout, B::Shape, B::Layout>() };
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
        pub fn matmul<R>(&self, rhs: R) -> Tensor<T, <S as MatMul<R::Shape>>::Output>
        where
            R: Operand<Elem = T>,
            S: MatMul<R::Shape>,
            T: Product,
        {
            product(&self, &rhs)
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
            S: MatMul<R::Shape, Output = D::Shape>,
            D: Destination<Elem = T>,
            T: Product,
        {
            product_into(&self, &rhs, out.slots())
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
            S: MatMul<R::Shape, Output = ()>,
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
