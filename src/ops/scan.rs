//! Scans and statistics of static tensors along a const axis: numpy's `cumsum`, `cumprod`,
//! `var` and `std` with `axis=A`. The axis is a `const A: isize` (negative counts from the end)
//! and works on shapes with `Dyn` axes and on every receiver, as the reductions of `reduce/` do,
//! whose walk of an axis these share; an axis out of range does not compile.
//!
//! The scans copy the operand (row-major, by the element-wise engine) and run the dynamic scans'
//! in-place fold (`reduce::fold::scan_in_place`) over the copy; the statistics are numpy's two
//! passes over the static reductions (`mean_axis`, then `sum_axis` of the squared deviations),
//! as the dynamic `try_var` is over the dynamic ones, so both forms give the same numbers.

use super::engine;
use super::on_every_receiver;
use super::reduce::{flat, walk};
use crate::layout::Layout;
use crate::reduce::fold::scan_in_place;
use crate::shape::axis::{ExtentAt, RemoveAxis};
use crate::{Float, Reduce, Shape, Tensor, TensorView, TensorViewMut};

on_every_receiver! {
impl<T: [Reduce]> {
    /// The running sums along axis `A`, numpy's `cumsum(axis=A)`: the same shape, element `i`
    /// along the axis the sum of elements `0..=i`. Integers wrap, as
    /// [`sum_axis`](Self::sum_axis)'s do; floats are added in order, as numpy adds them.
    ///
    /// ```
    /// use shaped::tensor;
    /// let m = tensor![[0, 1, 2], [3, 4, 5]];
    /// assert_eq!(m.cumsum_axis::<-1>(), tensor![[0, 1, 3], [3, 7, 12]]);
    /// assert_eq!(m.cumsum_axis::<0>(), tensor![[0, 1, 2], [3, 5, 7]]);
    /// ```
    #[inline]
    pub fn cumsum_axis<const A: isize>(&self) -> Tensor<T, S>
    where
        S: ExtentAt<A>,
    {
        scan_axis::<_, A>(self, T::plus)
    }

    /// The running products along axis `A`, as [`cumsum_axis`](Self::cumsum_axis) (numpy's
    /// `cumprod(axis=A)`).
    ///
    /// ```
    /// use shaped::tensor;
    /// assert_eq!(tensor![[1, 2, 3], [4, 5, 6]].cumprod_axis::<1>(), tensor![[1, 2, 6], [4, 20, 120]]);
    /// ```
    #[inline]
    pub fn cumprod_axis<const A: isize>(&self) -> Tensor<T, S>
    where
        S: ExtentAt<A>,
    {
        scan_axis::<_, A>(self, T::times)
    }
}
}

/// The running fold of `op` along axis `AX` of `a`, in a row-major copy.
#[inline]
fn scan_axis<A: crate::Operand, const AX: isize>(
    a: &A,
    op: impl Fn(A::Elem, A::Elem) -> A::Elem,
) -> Tensor<A::Elem, A::Shape>
where
    A::Elem: Copy,
{
    let w = walk::<A, AX>(a);
    let mut out = engine::map(a, |x: &A::Elem| *x);
    scan_in_place(out.as_mut_slice(), w.len, w.out_step, op);
    out
}

/// numpy's `var(axis=AX, ddof=ddof)` of `a`: the mean, then the squared deviations summed.
#[inline]
fn var_axis<A: crate::Operand, O: Shape, const AX: isize>(a: &A, ddof: usize) -> Tensor<A::Elem, O>
where
    A::Elem: Float,
    A::Shape: RemoveAxis<AX, Output = O>,
{
    let w = walk::<A, AX>(a);
    let (len, inner) = (w.len, w.out_step);
    let sum = super::reduce::fold_axis::<A, O, AX>(
        a,
        Some(<A::Elem as crate::Scalar>::ZERO),
        Reduce::plus,
    );
    let mean = super::reduce::divided(sum, A::Elem::from_count(len));
    let m = mean.as_slice();
    let x = flat(a);
    // Element `n` of the row-major operand lies in block `n / (len * inner)` at position
    // `n % inner` off the axis: that is its mean's position. (No element means no call, so no
    // division by 0.)
    let squares = Tensor::<A::Elem, A::Shape>::from_flat_fn_dims(
        || super::reduce::index_of::<A::Shape>(a.extents()),
        |i| {
            let d = x(i) - m[i / (len * inner) * inner + i % inner];
            d * d
        },
    );
    let mut out = squares.sum_axis::<AX>();
    let div = A::Elem::from_count(len.saturating_sub(ddof));
    out.as_mut_slice().iter_mut().for_each(|v| *v = *v / div);
    out
}

on_every_receiver! {
impl<T: [Float]> {
    /// The variance along axis `A` (removed from the shape), numpy's `var(axis=A, ddof=ddof)`:
    /// the squared deviations from the mean summed (pairwise) and divided by `n - ddof`, two
    /// passes as numpy's. With `ddof >= n` (an empty axis included) the divisor is 0, so the
    /// result is `NaN` or `inf`, as numpy's and the dynamic
    /// [`try_var`](crate::DynTensor::try_var)'s.
    ///
    /// ```
    /// use shaped::{shape, tensor, Tensor};
    /// let m = tensor![[1.0, 2.0, 3.0], [2.0, 4.0, 9.0]];
    /// let v: Tensor<f64, shape![2]> = m.var_axis::<-1>(0);
    /// assert_eq!(v, tensor![2.0 / 3.0, 26.0 / 3.0]);
    /// assert_eq!(m.var_axis::<0>(1), tensor![0.5, 2.0, 18.0]);
    /// assert!(m.var_axis::<0>(2)[[0]].is_infinite());
    /// ```
    #[inline]
    pub fn var_axis<const A: isize>(&self, ddof: usize) -> Tensor<T, <S as RemoveAxis<A>>::Output>
    where
        S: RemoveAxis<A>,
    {
        var_axis::<_, _, A>(self, ddof)
    }

    /// The standard deviation along axis `A`, the square root of
    /// [`var_axis`](Self::var_axis) (numpy's `std(axis=A, ddof=ddof)`).
    ///
    /// ```
    /// use shaped::tensor;
    /// let m = tensor![[2.0f64, 4.0, 4.0, 6.0]];
    /// assert_eq!(m.std_axis::<1>(0), tensor![2.0f64.sqrt()]);
    /// ```
    #[inline]
    pub fn std_axis<const A: isize>(&self, ddof: usize) -> Tensor<T, <S as RemoveAxis<A>>::Output>
    where
        S: RemoveAxis<A>,
    {
        let mut out = self.var_axis::<A>(ddof);
        out.as_mut_slice()
            .iter_mut()
            .for_each(|v| *v = v.square_root());
        out
    }
}
}
