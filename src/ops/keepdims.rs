//! Reductions with numpy's `keepdims=True`: the reduced axis stays, with extent [`One`], so the
//! result broadcasts against the tensor it came from (`x - x.max_axis_keepdims::<-1>()`). Each is
//! its reduction along the axis, then that result moved into the shape with the axis kept
//! (nothing copied); [`KeepDims`] carries the facts a generic caller needs, so a function bounded
//! by `S: KeepDims<A>` alone can combine the two.
//!
//! ```
//! use shaped::{shape, tensor, Tensor, One, Dim};
//! let x = tensor![[1.0f32, 2.0, 3.0], [4.0, 6.0, 8.0]];
//! let s: Tensor<f32, (Dim<2>, One)> = x.sum_axis_keepdims::<-1>();
//! assert_eq!(s, tensor![[6.0], [18.0]]);
//! let centred = &x - &x.mean_axis_keepdims::<0>();     // [2, 3] - [1, 3]
//! assert_eq!(centred, tensor![[-1.5, -2.0, -2.5], [1.5, 2.0, 2.5]]);
//! assert_eq!(x.argmax_axis_keepdims::<0>().shape(), &[1, 3]);
//! ```
//!
//! [`One`]: crate::One

use super::on_every_receiver;
use crate::layout::Layout;
use crate::shape::axis::KeepDims;
use crate::{Float, Reduce, Shape, Tensor, TensorView, TensorViewMut};

/// `$keep`: `$plain` with the axis kept, for each `(plain, keep, element)`.
macro_rules! keepdims {
    ($($(#[$doc:meta])* $plain:ident => $keep:ident -> $out:ty $(, $arg:ident: $argty:ty)?;)*) => {$(
        $(#[$doc])*
        #[inline]
        pub fn $keep<const A: isize>(&self $(, $arg: $argty)?) -> Tensor<$out, <S as KeepDims<A>>::Kept>
        where
            S: KeepDims<A>,
        {
            self.$plain::<A>($($arg)?).with_axis_inserted::<_, A>()
        }
    )*};
}

on_every_receiver! {
impl<T: [Reduce]> {
    keepdims! {
        /// [`sum_axis`](Self::sum_axis) with axis `A` kept as [`One`](crate::One).
        sum_axis => sum_axis_keepdims -> T;
        /// [`prod_axis`](Self::prod_axis) with axis `A` kept as [`One`](crate::One).
        prod_axis => prod_axis_keepdims -> T;
        /// [`max_axis`](Self::max_axis) with axis `A` kept as [`One`](crate::One).
        max_axis => max_axis_keepdims -> T;
        /// [`min_axis`](Self::min_axis) with axis `A` kept as [`One`](crate::One).
        min_axis => min_axis_keepdims -> T;
        /// [`argmax_axis`](Self::argmax_axis) with axis `A` kept as [`One`](crate::One)
        /// (numpy's `argmax(axis=A, keepdims=True)`).
        argmax_axis => argmax_axis_keepdims -> usize;
        /// [`argmin_axis`](Self::argmin_axis) with axis `A` kept as [`One`](crate::One).
        argmin_axis => argmin_axis_keepdims -> usize;
    }
}
}

on_every_receiver! {
impl<T: [Float]> {
    keepdims! {
        /// [`mean_axis`](Self::mean_axis) with axis `A` kept as [`One`](crate::One).
        mean_axis => mean_axis_keepdims -> T;
        /// [`var_axis`](Self::var_axis) with axis `A` kept as [`One`](crate::One).
        var_axis => var_axis_keepdims -> T, ddof: usize;
        /// [`std_axis`](Self::std_axis) with axis `A` kept as [`One`](crate::One).
        std_axis => std_axis_keepdims -> T, ddof: usize;
    }
}
}
