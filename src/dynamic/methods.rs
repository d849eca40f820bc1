//! The element-wise methods of dynamic tensors: `try_zip_map`, `try_add` ... `try_rem`, `map`,
//! and the in-place `try_add_assign` ... family. None of them panics on a bad shape: each returns
//! the [`ShapeError`] that says what does not fit.
//!
//! The same methods are stamped onto [`DynTensor`] and [`DynView`] (and the in-place ones onto
//! `DynTensor` and [`DynViewMut`]) by a macro, since each is one call into the planner.

use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Rem, RemAssign, Sub, SubAssign};

use super::broadcast::{broadcast_pair, check_in_place};
use super::operand::{DynOperand, src};
use super::plan::{Dst, Runner, Serial, Split};
use super::{DynTensor, DynView, DynViewMut, buffer, plan};
use crate::ShapeError;

/// `f(a, b)` over the broadcast shape of two operands, `f` run by `run` ([`Serial`] or
/// [`Split`]): the one allocation is the output's buffer (plus its metadata above rank 6).
#[inline]
pub(crate) fn try_zip<A, B, O>(
    a: &A,
    b: &B,
    mut run: impl Runner<A::Elem, B::Elem, O>,
) -> Result<DynTensor<O>, ShapeError>
where
    A: DynOperand + ?Sized,
    B: DynOperand + ?Sized,
{
    let (a, b) = (src(a), src(b));
    if let Some((big_is_a, n, m)) = plan::trailing_block(&a, &b) {
        let dims = if big_is_a { a.dims } else { b.dims };
        let data = buffer::filled_by(n, dims, |out| {
            run.rows(big_is_a, m, a.packed_elems(), b.packed_elems(), out)
        })?;
        return Ok(DynTensor::packed(data, dims));
    }
    let (dims, n) = broadcast_pair(a.dims, b.dims)?;
    let data = buffer::filled_by(n, &dims, |out| run.zip(&dims, a, b, out))?;
    Ok(DynTensor::from_parts(data, dims))
}

/// Where a dynamic `_into` or in-place operation writes: a [`DynTensor`] or a [`DynViewMut`]
/// (any strides: a transposed or sliced part of a tensor), the shape fixed. Sealed.
pub trait DynDestination: sealed::Sealed {
    /// The element type.
    type Elem;
    #[doc(hidden)]
    #[allow(private_interfaces)]
    fn dst(&mut self) -> Dst<'_, Self::Elem>;
}

mod sealed {
    pub trait Sealed {}
}

impl<T> sealed::Sealed for DynTensor<T> {}
impl<T> DynDestination for DynTensor<T> {
    type Elem = T;
    #[inline(always)]
    #[allow(private_interfaces)]
    fn dst(&mut self) -> Dst<'_, T> {
        DynTensor::dst(self)
    }
}

impl<T> sealed::Sealed for DynViewMut<'_, T> {}
impl<T> DynDestination for DynViewMut<'_, T> {
    type Elem = T;
    #[inline(always)]
    #[allow(private_interfaces)]
    fn dst(&mut self) -> Dst<'_, T> {
        DynViewMut::dst(self)
    }
}

/// `f(a, b)` over `out`'s shape, `a` and `b` broadcast to it (numpy's `out=`): no allocation.
#[inline]
pub(crate) fn try_zip_into<A, B, O: Copy>(
    a: &A,
    b: &B,
    out: &mut (impl DynDestination<Elem = O> + ?Sized),
    mut run: impl Runner<A::Elem, B::Elem, O>,
) -> Result<(), ShapeError>
where
    A: DynOperand + ?Sized,
    B: DynOperand + ?Sized,
{
    let (a, b) = (src(a), src(b));
    let mut dst = out.dst();
    let dims = dst.dims;
    let (both, _) = broadcast_pair(a.dims, b.dims)?;
    check_in_place(dims, &both)?;
    if !dst.is_packed() {
        run.zip_strided(dst, a, b);
        return Ok(());
    }
    let n = super::layout::checked_count(dims).unwrap_or(0);
    let data = dst.packed_elems(n);
    if let Some((big_is_a, _, m)) = plan::trailing_block(&a, &b)
        && dims == if big_is_a { a.dims } else { b.dims }
    {
        run.rows(
            big_is_a,
            m,
            a.packed_elems(),
            b.packed_elems(),
            buffer::as_slots(data),
        );
        return Ok(());
    }
    run.zip(dims, a, b, buffer::as_slots(data));
    Ok(())
}

/// `f(a)` for each element of `a`, into a packed tensor of its shape.
#[inline]
pub(crate) fn map<A: DynOperand + ?Sized, O>(
    a: &A,
    mut f: impl FnMut(&A::Elem) -> O,
) -> DynTensor<O> {
    let a = src(a);
    // Every operand's count was checked when it was made, so this never falls back.
    let n = super::layout::checked_count(a.dims).unwrap_or(0);
    let data = buffer::filled_by(n, a.dims, |out| plan::map(a, out, &mut f))
        .unwrap_or_else(|e| crate::error::shape_panic(e));
    DynTensor::from_parts(data, super::dims::DimVec::from_slice(a.dims))
}

/// `f(&mut out[i], b[i])` for each element of the destination `out`, with `b` broadcast to it.
#[inline]
pub(crate) fn try_assign<T, B: DynOperand + ?Sized>(
    mut out: Dst<'_, T>,
    b: &B,
    mut f: impl FnMut(&mut T, &B::Elem),
) -> Result<(), ShapeError> {
    let b = src(b);
    check_in_place(out.dims, b.dims)?;
    if out.is_packed() {
        let dims = out.dims;
        let n = super::layout::checked_count(dims).unwrap_or(0);
        plan::assign(dims, out.packed_elems(n), b, &mut f);
    } else {
        plan::assign_strided(out, b, &mut f);
    }
    Ok(())
}

macro_rules! try_binary {
    ($($Op:ident $op:ident $try_op:ident $sym:literal),*) => {$(
        #[doc = concat!("`self ", $sym, " other`, element by element, broadcasting both operands")]
        /// by numpy's rule; `other` may be dynamic or static, with the same element type (use
        /// [`try_zip_map`](Self::try_zip_map) to mix types).
        ///
        /// Errors: [`ShapeError::Incompatible`] naming both shapes and the clashing axis, or
        /// [`ShapeError::Overflow`] when the broadcast shape has too many elements to count.
        ///
        /// Outputs of 4 MiB and more are computed on up to [`max_threads`](crate::max_threads)
        /// threads (`std`; see [`parallel`](crate::dynamic::parallel)).
        #[inline]
        pub fn $try_op<R: DynOperand<Elem = T>>(
            &self,
            other: R,
        ) -> Result<DynTensor<<T as $Op>::Output>, ShapeError>
        where
            T: Clone + $Op + Sync,
            <T as $Op>::Output: Send,
        {
            try_zip(self, &other, Split(|x: &T, y: &T| x.clone().$op(y.clone())))
        }
    )*};
}

macro_rules! elementwise {
    () => {
        /// `f(x, y)` for each pair of elements of `self` and `other` broadcast together (numpy's
        /// rule); the output element type is whatever `f` returns.
        ///
        /// Errors: [`ShapeError::Incompatible`] or [`ShapeError::Overflow`], as for
        /// [`try_add`](Self::try_add).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let a = DynTensor::from_shape_vec(&[2, 2], vec![1, 5, 7, 2])?;
        /// let mask = a.try_zip_map(&DynTensor::from_shape_vec(&[2], vec![3, 3])?, |x, y| x < y)?;
        /// assert_eq!(mask.to_vec(), [true, false, false, true]);
        /// let err = a.try_zip_map(&DynTensor::<i32>::zeros(&[3]), |x, y| x + y).unwrap_err();
        /// assert_eq!(err.to_string(), "cannot broadcast [2, 2] with [3]: axis -1 has 2 vs 3");
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        #[inline]
        pub fn try_zip_map<R: DynOperand, O>(
            &self,
            other: R,
            mut f: impl FnMut(T, R::Elem) -> O,
        ) -> Result<DynTensor<O>, ShapeError>
        where
            T: Clone,
            R::Elem: Clone,
        {
            try_zip(self, &other, Serial(|x: &T, y: &R::Elem| f(x.clone(), y.clone())))
        }

        try_binary!(Add add try_add "+", Sub sub try_sub "-", Mul mul try_mul "*",
            Div div try_div "/", Rem rem try_rem "%");

        /// `f(x, y)` for each pair of elements of `self` and `other`, both broadcast to `out`'s
        /// shape, written into `out` (numpy's `out=`; a [`DynTensor`] or a [`DynViewMut`]): no
        /// allocation, for `Copy` outputs.
        ///
        /// Errors: [`ShapeError::Incompatible`] when `self` and `other` do not broadcast
        /// together, [`ShapeError::NotBroadcastableTo`] when their broadcast does not fit `out`.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let a = DynTensor::from_shape_vec(&[2, 1], vec![10, 20])?;
        /// let mut out = DynTensor::zeros(&[2, 3]);
        /// a.try_zip_map_into(&DynTensor::from_shape_vec(&[3], vec![1, 2, 3])?, &mut out, |x, y| x + y)?;
        /// assert_eq!(out.to_vec(), [11, 12, 13, 21, 22, 23]);
        /// assert!(a.try_zip_map_into(&a, &mut DynTensor::zeros(&[3]), |x, y| x + y).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        #[inline]
        pub fn try_zip_map_into<R: DynOperand, O: Copy>(
            &self,
            other: R,
            out: &mut impl DynDestination<Elem = O>,
            mut f: impl FnMut(T, R::Elem) -> O,
        ) -> Result<(), ShapeError>
        where
            T: Clone,
            R::Elem: Clone,
        {
            try_zip_into(self, &other, out, Serial(|x: &T, y: &R::Elem| f(x.clone(), y.clone())))
        }

        /// `out = self + other`, both broadcast to `out`'s shape, without allocating (numpy's
        /// `np.add(a, b, out=c)`). Errors as for [`try_zip_map_into`](Self::try_zip_map_into).
        /// Large outputs are split over threads as in [`try_add`](Self::try_add).
        #[inline]
        pub fn try_add_into<R: DynOperand<Elem = T>>(
            &self,
            other: R,
            out: &mut impl DynDestination<Elem = T>,
        ) -> Result<(), ShapeError>
        where
            T: Copy + Add<Output = T> + Send + Sync,
        {
            try_zip_into(self, &other, out, Split(|x: &T, y: &T| *x + *y))
        }

        /// A new tensor of `f` applied to each element (cloned), same shape.
        ///
        /// ```
        /// let t = shaped::DynTensor::from_shape_vec(&[3], vec![1, -2, 3])?;
        /// assert_eq!(t.map(|x| x * x).to_vec(), [1, 4, 9]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        #[inline]
        pub fn map<O>(&self, mut f: impl FnMut(T) -> O) -> DynTensor<O>
        where
            T: Clone,
        {
            map(self, |x: &T| f(x.clone()))
        }
    };
}

impl<T> DynTensor<T> {
    elementwise!();
}

impl<T> DynView<'_, T> {
    elementwise!();
}

impl<T> DynViewMut<'_, T> {
    elementwise!();
}

macro_rules! try_assign_ops {
    ($($Op:ident $op:ident $try_op:ident $sym:literal),*) => {$(
        #[doc = concat!("`self ", $sym, " other` in place, `other` broadcast to `self`'s shape.")]
        ///
        /// Errors: [`ShapeError::Incompatible`] when the shapes do not broadcast together,
        /// [`ShapeError::NotBroadcastableTo`] when the result would be larger than `self`.
        /// `self` is unchanged on error.
        #[inline]
        pub fn $try_op<R: DynOperand<Elem = T>>(&mut self, other: R) -> Result<(), ShapeError>
        where
            T: $Op + Clone,
        {
            self.try_zip_assign(other, |x: &mut T, y: T| x.$op(y))
        }
    )*};
}

macro_rules! in_place {
    () => {
        /// `f(&mut x, y)` for each element `x` of `self` and `y` of `other` broadcast to `self`'s
        /// shape.
        ///
        /// Errors: as for [`try_add_assign`](Self::try_add_assign); `self` is unchanged on error.
        ///
        /// ```
        /// use shaped::{DynTensor, ShapeError};
        /// let mut a = DynTensor::<i32>::zeros(&[2, 3]);
        /// a.try_add_assign(&DynTensor::from_shape_vec(&[3], vec![1, 2, 3])?)?;
        /// assert_eq!(a.to_vec(), [1, 2, 3, 1, 2, 3]);
        /// let err = a.try_add_assign(&DynTensor::<i32>::zeros(&[4, 1, 3])).unwrap_err();
        /// assert!(matches!(err, ShapeError::NotBroadcastableTo { axis: -3, .. }));
        /// # Ok::<(), ShapeError>(())
        /// ```
        #[inline]
        pub fn try_zip_assign<R: DynOperand>(
            &mut self,
            other: R,
            mut f: impl FnMut(&mut T, R::Elem),
        ) -> Result<(), ShapeError>
        where
            R::Elem: Clone,
        {
            try_assign(self.dst(), &other, |x: &mut T, y: &R::Elem| f(x, y.clone()))
        }

        try_assign_ops!(AddAssign add_assign try_add_assign "+=", SubAssign sub_assign
            try_sub_assign "-=", MulAssign mul_assign try_mul_assign "*=", DivAssign div_assign
            try_div_assign "/=", RemAssign rem_assign try_rem_assign "%=");
    };
}

impl<T> DynTensor<T> {
    in_place!();
}

impl<T> DynViewMut<'_, T> {
    in_place!();
}
