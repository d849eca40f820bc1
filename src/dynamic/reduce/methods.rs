//! The reduction, sort and unique methods, stamped onto [`DynTensor`], [`DynView`] and
//! [`DynViewMut`] alike: each reads the elements through the type's layout, any strides. The
//! arg-reductions' kernels are in `arg.rs`.

use super::super::view_layout::flattens_rank_0;
use super::super::{DynTensor, DynView, DynViewMut};
use super::arg::arg_reduce;
use super::{Split, UniqueConsecutive, moments, sort, unique};
use crate::reduce::fold::{max_nan, min_nan};
use crate::{Axes, Moments, Reduce, ShapeError};

/// The reductions and sorts for one type: `$data` is its buffer (`&[T]`), `$layout` its layout
/// (a `&Layout`), both read from `$this`.
macro_rules! reductions {
    (|$this:ident| ($data:expr, $layout:expr)) => {
        /// The sum over `axes` (numpy's `sum(axis=, keepdims=)`): [`Axes::All`], one axis, or
        /// a list (`&[]` reduces nothing); `keepdims` leaves each reduced axis as extent 1.
        /// Floats are summed pairwise, as numpy does; integers wrap on overflow, as numpy's do.
        /// The sum of nothing is 0.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::RepeatedAxis`]
        /// for one named twice.
        ///
        /// ```
        /// use shaped::{Axes, DynTensor};
        /// let t = DynTensor::from_fn(&[2, 3], |i| (3 * i[0] + i[1]) as f32);
        /// assert_eq!(t.try_sum(0, false)?.as_slice(), [3.0, 5.0, 7.0]);
        /// assert_eq!(t.try_sum(-1, true)?.shape(), &[2, 1]);
        /// assert_eq!(t.try_sum(Axes::All, false)?.as_slice(), [15.0]);
        /// assert!(t.try_sum(&[1, -1], false).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_sum<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, Some(T::ZERO), T::plus)
        }

        /// The product over `axes`, as [`try_sum`](Self::try_sum); the product of nothing is 1.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| 3 * i[0] + i[1] + 1);
        /// assert_eq!(t.try_prod(1, false)?.as_slice(), [6, 120]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_prod<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, Some(T::ONE), T::times)
        }

        /// The largest element over `axes`, as [`try_sum`](Self::try_sum); `NaN` if any is
        /// (numpy's `max`).
        ///
        /// Errors: also [`ShapeError::EmptyReduction`] when a reduced axis has extent 0, even if
        /// the result would be empty.
        ///
        /// ```
        /// use shaped::{Axes, DynTensor, ShapeError};
        /// let t = DynTensor::from_shape_vec(&[2, 2], vec![1.0, 4.0, f64::NAN, 2.0])?;
        /// assert_eq!(t.try_max(1, false)?.as_slice()[0], 4.0);
        /// assert!(t.try_max(1, false)?.as_slice()[1].is_nan());
        /// let empty = DynTensor::<f64>::zeros(&[0, 3]);
        /// assert!(matches!(empty.try_max(0, false), Err(ShapeError::EmptyReduction { .. })));
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_max<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, None, max_nan)
        }

        /// The smallest element over `axes`, as [`try_max`](Self::try_max).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| 3 * i[0] as i32 - i[1] as i32);
        /// assert_eq!(t.try_min(0, false)?.as_slice(), [0, -1, -2]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_min<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, None, min_nan)
        }

        /// The mean over `axes`, as [`try_sum`](Self::try_sum) divided by the number of
        /// elements summed (numpy's `mean(axis=, keepdims=)`); the mean of nothing is `NaN`, as
        /// numpy's. Floats give their own type, integers `f64` ([`Moments`](crate::Moments)),
        /// as numpy's `mean` of an integer array is `float64`.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range (a rank-0 tensor has none, as
        /// numpy's `mean` says), [`ShapeError::RepeatedAxis`] for one named twice.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[2, 3], |i| (3 * i[0] + i[1]) as f64);
        /// assert_eq!(t.try_mean(1, false)?.as_slice(), [1.0, 4.0]);
        /// assert!(DynTensor::<f32>::zeros(&[0]).try_mean(0, false)?.as_slice()[0].is_nan());
        /// let counts = DynTensor::from_shape_vec(&[2, 2], vec![1i32, 2, 4, 4])?;
        /// let m: DynTensor<f64> = counts.try_mean(1, true)?;
        /// assert_eq!((m.shape(), m.as_slice()), (&[2, 1][..], &[1.5, 4.0][..]));
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_mean<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<T::Out>, ShapeError>
        where
            T: Moments,
        {
            let $this = self;
            let axes = axes.into();
            T::in_floats(&DynView::new($data, $layout.clone()), |v| {
                moments::mean(v, axes, keepdims)
            })
        }

        /// The position of the largest element along `axis` (`None`: of the flattened tensor),
        /// numpy's `argmax(axis=, keepdims=)`: the first one when several are equal, the first
        /// `NaN` if there is one.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::EmptyReduction`]
        /// when there is nothing to choose from.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 3], vec![1, 7, 7, 9, 0, 9])?;
        /// assert_eq!(t.try_argmax(Some(1), false)?.as_slice(), [1, 0]);
        /// assert_eq!(t.try_argmax(None, false)?.as_slice(), [3]);
        /// assert_eq!(t.try_argmax(Some(0), true)?.shape(), &[1, 3]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_argmax(
            &self,
            axis: Option<isize>,
            keepdims: bool,
        ) -> Result<DynTensor<usize>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            arg_reduce($data, $layout, axis, keepdims, true)
        }

        /// The position of the smallest element along `axis`, as
        /// [`try_argmax`](Self::try_argmax) (a `NaN` still wins, as in numpy).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 3], vec![1, 0, 0, 9, 5, 2])?;
        /// assert_eq!(t.try_argmin(Some(-1), false)?.as_slice(), [1, 2]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_argmin(
            &self,
            axis: Option<isize>,
            keepdims: bool,
        ) -> Result<DynTensor<usize>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            arg_reduce($data, $layout, axis, keepdims, false)
        }

        /// A copy with every lane along `axis` sorted, stably, in numpy's order: `NaN` last,
        /// `-0.0` and `0.0` equal (kept in input order). numpy's `sort(axis=, kind="stable")`.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range (a rank-0 tensor has none).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 3], vec![3.0, f32::NAN, -1.0, 0.5, 2.0, 0.0])?;
        /// let s = t.try_sort(-1)?;
        /// assert_eq!(&s.as_slice()[..2], [-1.0, 3.0]);
        /// assert!(s.as_slice()[2].is_nan());
        /// assert_eq!(t.try_sort(0)?.as_slice()[..3], [0.5, 2.0, -1.0]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_sort(&self, axis: isize) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            let mut out = DynView::new($data, $layout.clone()).to_tensor();
            let layout = out.layout();
            sort::sort_in_place(out.as_mut_slice(), &layout, axis, true)?;
            Ok(out)
        }

        /// As [`try_sort`](Self::try_sort), but equal elements (`-0.0` and `0.0`, two `NaN`s)
        /// may change places: faster. Every element is kept bit for bit. `f32` lanes are
        /// sorted with AVX2 where the CPU has it (numpy's default sort does the same), others by
        /// a radix sort of their keys.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[4], vec![3, 1, 2, 1])?;
        /// assert_eq!(t.try_sort_unstable(0)?.as_slice(), [1, 1, 2, 3]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_sort_unstable(&self, axis: isize) -> Result<DynTensor<T>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            let mut out = DynView::new($data, $layout.clone()).to_tensor();
            let layout = out.layout();
            sort::sort_in_place(out.as_mut_slice(), &layout, axis, false)?;
            Ok(out)
        }

        /// For each lane along `axis`, the positions along it that sort it stably (numpy's
        /// `argsort(axis=, kind="stable")`), in a tensor of this shape. As numpy, axis 0 or -1
        /// of a rank-0 tensor is its one element, flattened: `[0]`.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 3], vec![3, 1, 2, 0, 0, -1])?;
        /// assert_eq!(t.try_argsort(1)?.as_slice(), [1, 2, 0, 2, 0, 1]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_argsort(&self, axis: isize) -> Result<DynTensor<usize>, ShapeError>
        where
            T: Reduce,
        {
            let $this = self;
            let layout = $layout;
            if flattens_rank_0(axis, layout.rank()) {
                return Ok(DynTensor::packed(alloc::vec![0], &[1]));
            }
            let order = sort::argsort($data, layout, axis)?;
            Ok(DynTensor::packed(order, &layout.dims))
        }

        /// Runs of equal consecutive elements collapsed to one (`axis: None`, the tensor
        /// flattened) or runs of equal slices along `axis`, with each input's run and each
        /// run's length: `torch.unique_consecutive(return_inverse=True, return_counts=True,
        /// dim=axis)`. Elements compare with `==`, so `NaN`s never merge. See
        /// [`UniqueConsecutive`].
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 3], vec![1, 1, 2, 1, 1, 2])?;
        /// let u = t.try_unique_consecutive(Some(1))?;
        /// assert_eq!(u.values.shape(), &[2, 2]);
        /// assert_eq!(u.values.as_slice(), [1, 2, 1, 2]);
        /// assert_eq!(u.inverse.as_slice(), [0, 0, 1]);
        /// assert_eq!(u.counts.as_slice(), [2, 1]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_unique_consecutive(
            &self,
            axis: Option<isize>,
        ) -> Result<UniqueConsecutive<T>, ShapeError>
        where
            T: Copy + PartialEq,
        {
            let $this = self;
            unique::unique_consecutive($data, $layout, axis)
        }
    };
}

/// `all`/`any` for one `bool` type, as [`reductions!`].
macro_rules! logical {
    (|$this:ident| ($data:expr, $layout:expr)) => {
        /// Whether every element over `axes` is `true` (numpy's `all(axis=, keepdims=)`); `true`
        /// over nothing.
        ///
        /// Errors: [`ShapeError::Axis`], [`ShapeError::RepeatedAxis`].
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 2], vec![true, false, true, true])?;
        /// assert_eq!(t.try_all(1, false)?.as_slice(), [false, true]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_all<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<bool>, ShapeError> {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, Some(true), |a, b| a & b)
        }

        /// Whether any element over `axes` is `true` (numpy's `any`); `false` over nothing.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 2], vec![true, false, false, false])?;
        /// assert_eq!(t.try_any(1, false)?.as_slice(), [true, false]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_any<'x>(
            &self,
            axes: impl Into<Axes<'x>>,
            keepdims: bool,
        ) -> Result<DynTensor<bool>, ShapeError> {
            let $this = self;
            Split::new($layout, axes.into(), keepdims)?.fold($data, Some(false), |a, b| a | b)
        }
    };
}

impl<T> DynTensor<T> {
    reductions!(|t| (t.as_slice(), &t.layout()));

    /// Sorts every lane along `axis` in place, stably, in numpy's order (see
    /// [`try_sort`](Self::try_sort)): numpy's `a.sort(axis=)`.
    ///
    /// Errors: [`ShapeError::Axis`] for an axis out of range.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let mut t = DynTensor::from_shape_vec(&[2, 2], vec![4, 3, 1, 2])?;
    /// t.try_sort_mut(0)?;
    /// assert_eq!(t.as_slice(), [1, 2, 4, 3]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_sort_mut(&mut self, axis: isize) -> Result<(), ShapeError>
    where
        T: Reduce,
    {
        let layout = self.layout();
        sort::sort_in_place(self.as_mut_slice(), &layout, axis, true)
    }
}

impl<'a, T> DynView<'a, T> {
    reductions!(|v| (v.data(), v.layout()));
}

impl<T> DynViewMut<'_, T> {
    reductions!(|v| (v.buffer(), v.layout()));

    /// Sorts every lane along `axis` of the elements this view reaches, in place, stably (see
    /// [`DynTensor::try_sort`]): a transposed view sorts the columns of its tensor.
    ///
    /// Errors: [`ShapeError::Axis`] for an axis out of range.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// let mut t = DynTensor::from_shape_vec(&[2, 2], vec![4, 3, 1, 2])?;
    /// t.t_mut().try_sort_mut(-1)?;
    /// assert_eq!(t.as_slice(), [1, 2, 4, 3]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_sort_mut(&mut self, axis: isize) -> Result<(), ShapeError>
    where
        T: Reduce,
    {
        let (data, layout) = self.parts_mut();
        sort::sort_in_place(data, &layout, axis, true)
    }
}

impl DynTensor<bool> {
    logical!(|t| (t.as_slice(), &t.layout()));
}

impl DynView<'_, bool> {
    logical!(|v| (v.data(), v.layout()));
}

impl DynViewMut<'_, bool> {
    logical!(|v| (v.buffer(), v.layout()));
}
