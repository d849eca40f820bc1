//! Element-wise methods, the same set on [`Tensor`], [`TensorView`] and [`TensorViewMut`]: `map`,
//! `zip_map` (any output type), `fold`, numpy's `minimum`/`maximum`/`clip`, and comparisons
//! that give `bool` tensors.

use core::cmp::Ordering;

use super::element::{self, BinaryElements};
use super::engine;
use crate::layout::Layout;
use crate::reduce::fold::{clipped, pick};
use crate::storage::Destination;
use crate::{
    Broadcast, BroadcastInto, BroadcastWith, Operand, Shape, Tensor, TensorView, TensorViewMut,
};

/// `a.add_to(&b, &mut out)` and its siblings: an operator written into an existing tensor.
macro_rules! to_ops {
    ($($name:ident $Marker:ident $sym:literal,)*) => {$(
        #[doc = concat!("`out = self ", $sym, " other`, both broadcast to `out`'s shape, written in place ")]
        #[doc = "(nalgebra's `add_to`, numpy's `out=`): no temporary and no copy, unlike `*out = a + b`."]
        ///
        /// ```
        /// # use shaped::{shape, tensor, Tensor};
        /// let mut out = Tensor::<f64, shape![2, 3]>::zeros();
        /// tensor![[1., 2., 3.], [4., 5., 6.]].add_to(&tensor![10., 20., 30.], &mut out);
        /// assert_eq!(out[[1, 2]], 36.);
        /// ```
        #[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
        pub fn $name<R: Operand, D: Destination<Elem = <T as BinaryElements<element::$Marker, R::Elem>>::Output>>(
            &self,
            other: R,
            out: &mut D,
        )
        where
            S: BroadcastInto<D::Shape>,
            R::Shape: BroadcastInto<D::Shape>,
            T: BinaryElements<element::$Marker, R::Elem>,
        {
            let (slots, dims) = out.slots_and_dims();
            engine::zip_update::<D::Shape, _, _, _, _>(slots, dims, self, &other, |o: &mut _, x: &T, y: &R::Elem| {
                *o = <T as BinaryElements<element::$Marker, R::Elem>>::apply(x, y)
            })
        }
    )*};
}

macro_rules! elementwise {
    () => {
        /// A new tensor of `f` applied to each element (cloned).
        ///
        /// ```
        /// # use shaped::tensor;
        /// assert_eq!(tensor![1, -2, 3].map(|x| x * x), tensor![1, 4, 9]);
        /// ```
        #[inline]
        pub fn map<O>(&self, mut f: impl FnMut(T) -> O) -> Tensor<O, S>
        where
            T: Clone,
        {
            engine::map(self, |x: &T| f(x.clone()))
        }

        /// `f(x, y)` for each pair of elements of `self` and `other` broadcast together; the
        /// output element type is whatever `f` returns.
        ///
        /// ```
        /// # use shaped::tensor;
        /// let a = tensor![[1, 5], [7, 2]];
        /// let mask = a.zip_map(&tensor![3, 3], |x, y| x < y);
        /// assert_eq!(mask, tensor![[true, false], [false, true]]);
        /// ```
        #[inline]
        pub fn zip_map<R: Operand, O>(
            &self,
            other: R,
            mut f: impl FnMut(T, R::Elem) -> O,
        ) -> Tensor<O, Broadcast<S, R::Shape>>
        where
            S: BroadcastWith<R::Shape>,
            T: Clone,
            R::Elem: Clone,
        {
            engine::zip(self, &other, |x: &T, y: &R::Elem| f(x.clone(), y.clone()))
        }

        /// `f(x, y)` for each pair of elements of `self` and `other`, both broadcast to `out`'s
        /// shape, written into `out` (numpy's `out=`): no temporary, nothing copied afterwards.
        /// The way to fill a buffer you already have, such as a `static` in firmware: `out` is a
        /// [`Tensor`] or a [`TensorViewMut`](crate::TensorViewMut) over a caller's slice.
        ///
        /// ```
        /// # use shaped::{shape, tensor, Tensor};
        /// let mut out = Tensor::<i32, shape![2, 2]>::zeros();
        /// tensor![1, 2].zip_map_to(&tensor![[10], [20]], &mut out, |x, y| x + y);
        /// assert_eq!(out, tensor![[11, 12], [21, 22]]);
        /// ```
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        pub fn zip_map_to<R: Operand, O, D: Destination<Elem = O>>(
            &self,
            other: R,
            out: &mut D,
            mut f: impl FnMut(T, R::Elem) -> O,
        ) where
            S: BroadcastInto<D::Shape>,
            R::Shape: BroadcastInto<D::Shape>,
            T: Clone,
            R::Elem: Clone,
        {
            let (slots, dims) = out.slots_and_dims();
            engine::zip_update::<D::Shape, _, _, _, _>(
                slots,
                dims,
                self,
                &other,
                |o: &mut O, x: &T, y: &R::Elem| *o = f(x.clone(), y.clone()),
            )
        }

        to_ops! {
            add_to AddOp "+",
            sub_to SubOp "-",
            mul_to MulOp "*",
            div_to DivOp "/",
            rem_to RemOp "%",
        }

        /// Folds every element, in row-major order.
        #[inline]
        pub fn fold<A>(&self, init: A, f: impl FnMut(A, &T) -> A) -> A {
            self.iter().fold(init, f)
        }

        /// Each element limited to `lo..=hi`: numpy's `clip`, which is `minimum(maximum(x, lo),
        /// hi)`, so `hi` everywhere when `lo > hi`, and NaN where the element or a bound is NaN.
        /// For any `PartialOrd` element; a new tensor of the same shape.
        ///
        /// ```
        /// # use shaped::tensor;
        /// let t = tensor![[-3, 0], [4, 9]];
        /// assert_eq!(t.clip(0, 5), tensor![[0, 0], [4, 5]]);
        /// assert_eq!(t.t().clip(1, 4), tensor![[1, 4], [1, 4]]);
        /// assert!(tensor![f64::NAN, 2.5].clip(0.0, 1.0)[[0]].is_nan());
        /// ```
        #[inline]
        pub fn clip(&self, lo: T, hi: T) -> Tensor<T, S>
        where
            T: PartialOrd + Clone,
        {
            engine::map(self, |x: &T| clipped(x, &lo, &hi))
        }

        /// Element-wise minimum with broadcasting (numpy's `minimum`: NaN propagates).
        ///
        /// ```
        /// # use shaped::tensor;
        /// assert_eq!(tensor![[1., 5.], [7., 2.]].minimum(&tensor![3., 3.]), tensor![[1., 3.], [3., 2.]]);
        /// ```
        #[inline]
        pub fn minimum<R: Operand<Elem = T>>(&self, other: R) -> Tensor<T, Broadcast<S, R::Shape>>
        where
            S: BroadcastWith<R::Shape>,
            T: Clone + PartialOrd,
        {
            self.zip_map(other, |x, y| pick(x, y, Ordering::Less))
        }

        /// Element-wise maximum with broadcasting (numpy's `maximum`: NaN propagates).
        #[inline]
        pub fn maximum<R: Operand<Elem = T>>(&self, other: R) -> Tensor<T, Broadcast<S, R::Shape>>
        where
            S: BroadcastWith<R::Shape>,
            T: Clone + PartialOrd,
        {
            self.zip_map(other, |x, y| pick(x, y, Ordering::Greater))
        }

        /// `x < y` element-wise with broadcasting.
        #[inline]
        pub fn lt<R: Operand>(&self, other: R) -> Tensor<bool, Broadcast<S, R::Shape>>
        where
            S: BroadcastWith<R::Shape>,
            T: Clone + PartialOrd<R::Elem>,
            R::Elem: Clone,
        {
            self.zip_map(other, |x, y| x < y)
        }

        /// `x <= y` element-wise with broadcasting.
        #[inline]
        pub fn le<R: Operand>(&self, other: R) -> Tensor<bool, Broadcast<S, R::Shape>>
        where
            S: BroadcastWith<R::Shape>,
            T: Clone + PartialOrd<R::Elem>,
            R::Elem: Clone,
        {
            self.zip_map(other, |x, y| x <= y)
        }

        /// `x > y` element-wise with broadcasting.
        #[inline]
        pub fn gt<R: Operand>(&self, other: R) -> Tensor<bool, Broadcast<S, R::Shape>>
        where
            S: BroadcastWith<R::Shape>,
            T: Clone + PartialOrd<R::Elem>,
            R::Elem: Clone,
        {
            self.zip_map(other, |x, y| x > y)
        }

        /// `x >= y` element-wise with broadcasting.
        #[inline]
        pub fn ge<R: Operand>(&self, other: R) -> Tensor<bool, Broadcast<S, R::Shape>>
        where
            S: BroadcastWith<R::Shape>,
            T: Clone + PartialOrd<R::Elem>,
            R::Elem: Clone,
        {
            self.zip_map(other, |x, y| x >= y)
        }

        /// `x == y` element-wise with broadcasting (`==` on whole tensors compares them as values).
        #[inline]
        pub fn elem_eq<R: Operand>(&self, other: R) -> Tensor<bool, Broadcast<S, R::Shape>>
        where
            S: BroadcastWith<R::Shape>,
            T: Clone + PartialEq<R::Elem>,
            R::Elem: Clone,
        {
            self.zip_map(other, |x, y| x == y)
        }
    };
}

impl<T, S: Shape> Tensor<T, S> {
    elementwise!();
}

impl<T, S: Shape, L: Layout<S>> TensorView<'_, T, S, L> {
    elementwise!();
}

impl<T, S: Shape> TensorViewMut<'_, T, S> {
    elementwise!();
}

/// Writes in place, the same on [`Tensor`] and [`TensorViewMut`].
macro_rules! in_place {
    () => {
        /// `f(&mut self[i], a[i], b[i])` for every element, `a` and `b` broadcast to this shape: a
        /// fused update in one pass, such as multiply-accumulate.
        ///
        /// ```
        /// # use shaped::tensor;
        /// let mut acc = tensor![1.0, 1.0, 1.0];
        /// acc.zip_update(&tensor![1.0, 2.0, 3.0], &tensor![2.0], |o, x, y| *o += x * y);
        /// assert_eq!(acc, tensor![3.0, 5.0, 7.0]);
        /// ```
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        pub fn zip_update<A: Operand, B: Operand>(
            &mut self,
            a: A,
            b: B,
            mut f: impl FnMut(&mut T, A::Elem, B::Elem),
        ) where
            A::Shape: BroadcastInto<S>,
            B::Shape: BroadcastInto<S>,
            A::Elem: Clone,
            B::Elem: Clone,
        {
            let (out, dims) = self.slots_and_dims();
            engine::zip_update::<S, _, _, _, _>(
                out,
                dims,
                &a,
                &b,
                |o: &mut T, x: &A::Elem, y: &B::Elem| f(o, x.clone(), y.clone()),
            )
        }

        /// Every element set to `value` (cloned).
        ///
        /// ```
        /// # use shaped::{shape, tensor, Tensor};
        /// let mut t = Tensor::<i32, shape![2, 2]>::zeros();
        /// t.view_mut().fill(7);
        /// assert_eq!(t, tensor![[7, 7], [7, 7]]);
        /// ```
        #[inline]
        pub fn fill(&mut self, value: T)
        where
            T: Clone,
        {
            self.slots_and_dims().0.fill(value)
        }

        /// `f` applied to every element in place, in row-major order (as
        /// [`DynViewMut::map_inplace`](crate::DynViewMut::map_inplace)).
        ///
        /// ```
        /// # use shaped::tensor;
        /// let mut t = tensor![1, -2, 3];
        /// t.view_mut().map_inplace(|x| *x *= 10);
        /// assert_eq!(t, tensor![10, -20, 30]);
        /// ```
        #[inline]
        pub fn map_inplace(&mut self, f: impl FnMut(&mut T)) {
            self.slots_and_dims().0.iter_mut().for_each(f)
        }
    };
}

impl<T, S: Shape> Tensor<T, S> {
    in_place!();
}

impl<T, S: Shape> TensorViewMut<'_, T, S> {
    in_place!();
}
