//! Scans and statistics of static tensors along a const axis: numpy's `cumsum`, `cumprod`,
//! `var` and `std` with `axis=A`. The axis is a `const A: isize` (negative counts from the end)
//! and works on shapes with `Dyn` axes, as the reductions of `reduce.rs` do, whose axis split
//! (`split_of`) these share; an axis out of range does not compile.
//!
//! The scans copy the tensor and run the dynamic scans' in-place fold
//! (`reduce::fold::scan_in_place`) over it; the statistics are numpy's two passes over the static
//! reductions (`mean_axis`, then `sum_axis` of the squared deviations), as the dynamic `try_var`
//! is over the dynamic ones, so both forms give the same numbers.

use super::reduce::split_of;
use crate::reduce::fold::scan_in_place;
use crate::shape::axis::{ExtentAt, RemoveAxis};
use crate::{Float, Reduce, Shape, Tensor};

impl<T: Reduce, S: Shape> Tensor<T, S> {
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
    pub fn cumsum_axis<const A: isize>(&self) -> Tensor<T, S>
    where
        S: ExtentAt<A>,
    {
        self.scan_axis::<A>(T::plus)
    }

    /// The running products along axis `A`, as [`cumsum_axis`](Self::cumsum_axis) (numpy's
    /// `cumprod(axis=A)`).
    ///
    /// ```
    /// use shaped::tensor;
    /// assert_eq!(tensor![[1, 2, 3], [4, 5, 6]].cumprod_axis::<1>(), tensor![[1, 2, 6], [4, 20, 120]]);
    /// ```
    pub fn cumprod_axis<const A: isize>(&self) -> Tensor<T, S>
    where
        S: ExtentAt<A>,
    {
        self.scan_axis::<A>(T::times)
    }

    fn scan_axis<const A: isize>(&self, op: impl Fn(T, T) -> T) -> Tensor<T, S>
    where
        S: ExtentAt<A>,
    {
        let (_, len, inner) = split_of::<S, A>(self.shape());
        let mut out = self.clone();
        scan_in_place(out.as_mut_slice(), len, inner, op);
        out
    }
}

impl<T: Float, S: Shape> Tensor<T, S> {
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
    pub fn var_axis<const A: isize>(&self, ddof: usize) -> Tensor<T, <S as RemoveAxis<A>>::Output>
    where
        S: RemoveAxis<A>,
    {
        let (_, len, inner) = split_of::<S, A>(self.shape());
        let mean = self.mean_axis::<A>();
        let (x, m) = (self.as_slice(), mean.as_slice());
        // Element `n` lies in block `n / (len * inner)` at position `n % inner` off the axis:
        // that is its mean's position. (No element means no call, so no division by 0.)
        let squares = Tensor::<T, S>::from_flat_fn_dims(
            || self.dims(),
            |n| {
                let d = x[n] - m[n / (len * inner) * inner + n % inner];
                d * d
            },
        );
        let mut out = squares.sum_axis::<A>();
        let div = T::from_count(len.saturating_sub(ddof));
        out.as_mut_slice().iter_mut().for_each(|v| *v = *v / div);
        out
    }

    /// The standard deviation along axis `A`, the square root of
    /// [`var_axis`](Self::var_axis) (numpy's `std(axis=A, ddof=ddof)`).
    ///
    /// ```
    /// use shaped::tensor;
    /// let m = tensor![[2.0f64, 4.0, 4.0, 6.0]];
    /// assert_eq!(m.std_axis::<1>(0), tensor![2.0f64.sqrt()]);
    /// ```
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
