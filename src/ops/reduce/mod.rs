//! Reductions and sorts of static operands along a `const` axis, and over every element: the
//! axis is a `const A: isize` (negative counts from the end), the result's shape is computed by
//! the compiler ([`RemoveAxis`]), and an axis out of range does not compile, naming the axis and
//! the shape.
//!
//! Every method is on [`Tensor`], [`TensorView`] of any layout and [`TensorViewMut`] alike
//! ([`on_every_receiver!`](crate::ops::on_every_receiver)), each a call of one function over the
//! operand ([`crate::Operand`]): the walk of `walk.rs` for reductions, `sort.rs` for sorts. The
//! folds are the dynamic path's ([`crate::reduce`]). A `Box<Tensor>` reaches them by
//! auto-deref; the results are tensors, returned inline.

mod sort;
mod walk;

pub(crate) use walk::{flat, walk};

use crate::layout::Layout;
use crate::ops::on_every_receiver;
use crate::reduce::fold::{arg_best, beats_max, beats_min, max_nan, min_nan};
use crate::shape::axis::{ExtentAt, RemoveAxis};
use crate::{Float, MAX_RANK, Operand, Reduce, Shape, Tensor, TensorView, TensorViewMut};

/// Axis `axis` (valid) of a rank-`rank` shape as a position.
pub(crate) fn normalise(axis: isize, rank: usize) -> usize {
    if axis < 0 {
        rank - axis.unsigned_abs()
    } else {
        axis as usize
    }
}

/// The extents `dims` without axis `axis` (valid), as `O`'s index.
pub(crate) fn without<O: Shape>(dims: &[usize], axis: isize) -> O::Index {
    let k = normalise(axis, dims.len());
    let mut out = O::Index::default();
    for (o, &d) in out
        .as_mut()
        .iter_mut()
        .zip(dims[..k].iter().chain(&dims[k + 1..]))
    {
        *o = d;
    }
    out
}

/// The extents `dims` as `S`'s index.
pub(crate) fn index_of<S: Shape>(dims: &[usize]) -> S::Index {
    let mut out = S::Index::default();
    out.as_mut().copy_from_slice(dims);
    out
}

/// A maximum, minimum or arg-reduction of a shape with `Dyn` axes over no elements.
#[cold]
#[inline(never)]
#[track_caller]
fn empty_reduction(axis: Option<isize>, dims: &[usize]) -> ! {
    crate::ops::shape_panic(crate::ShapeError::EmptyReduction {
        axis: axis.map(|a| normalise(a, dims.len())),
        shape: crate::error::Dims::new(dims),
    })
}

/// The extent of axis `axis` (valid) of `S` when it is known at compile time.
const fn static_extent<S: Shape>(axis: isize) -> Option<usize> {
    S::STATIC_DIMS[walk::slot(axis, S::RANK)]
}

/// Whether some extent of `S` is known to be 0.
const fn statically_empty<S: Shape>() -> bool {
    let mut i = 0;
    while i < MAX_RANK {
        if matches!(S::STATIC_DIMS[i], Some(0)) {
            return true;
        }
        i += 1;
    }
    false
}

/// The error a maximum of an empty axis gives when it is built (`cargo build`, not `cargo
/// check`: the extent is only known after monomorphisation).
const fn assert_not_empty(len: usize) {
    assert!(
        len > 0,
        "a maximum, minimum or arg-reduction over an axis of extent 0 is undefined"
    );
}

/// Axis `A` of `S` is not known to be empty.
const fn axis_not_empty<S: Shape, const A: isize>() {
    if let Some(len) = static_extent::<S>(A) {
        assert_not_empty(len)
    }
}

/// `op` folded along axis `AX` of `a` into a tensor of shape `O`; `identity` is the result of
/// folding nothing (`None`: a panic naming the axis, as for a maximum).
#[inline(always)]
#[track_caller]
pub(crate) fn fold_axis<A: Operand, O: Shape, const AX: isize>(
    a: &A,
    identity: Option<A::Elem>,
    op: impl Fn(A::Elem, A::Elem) -> A::Elem,
) -> Tensor<A::Elem, O>
where
    A::Elem: Copy,
{
    let w = walk::<A, AX>(a);
    let dims = || without::<O>(a.extents(), AX);
    if w.len == 0 {
        return match identity {
            Some(id) => walk::written(dims, |slots| slots.iter_mut().for_each(|s| _ = s.write(id))),
            None => empty_reduction(Some(AX), a.extents()),
        };
    }
    walk::fold_axis(a, w, dims, op)
}

/// The position of the first best element of each lane along axis `AX` of `a`.
#[inline(always)]
#[track_caller]
fn arg_axis<A: Operand, O: Shape, const AX: isize>(
    a: &A,
    better: impl Fn(A::Elem, A::Elem) -> bool + Copy,
) -> Tensor<usize, O>
where
    A::Elem: Reduce,
{
    let w = walk::<A, AX>(a);
    if w.len == 0 {
        empty_reduction(Some(AX), a.extents())
    }
    let src = a.source();
    walk::written(
        || without::<O>(a.extents(), AX),
        |slots| {
            for (n, slot) in slots.iter_mut().enumerate() {
                slot.write(arg_best(w.lane(src, n), better).unwrap_or(0));
            }
        },
    )
}

/// `op` folded over every element of `a`; `identity` for none (`None`: a panic).
#[inline(always)]
#[track_caller]
fn fold_all<A: Operand>(
    a: &A,
    identity: Option<A::Elem>,
    op: impl Fn(A::Elem, A::Elem) -> A::Elem,
) -> A::Elem
where
    A::Elem: Copy,
{
    if crate::layout::element_count(a.extents()) == 0 {
        return match identity {
            Some(id) => id,
            None => empty_reduction(None, a.extents()),
        };
    }
    walk::fold_all(a, op)
}

/// Divides every element of `x` by `n`.
pub(crate) fn divided<T: Float, S: Shape>(mut x: Tensor<T, S>, n: T) -> Tensor<T, S> {
    x.as_mut_slice().iter_mut().for_each(|v| *v = *v / n);
    x
}

on_every_receiver! {
    impl<T: [Reduce]> {
        /// The sum along axis `A` (removed from the shape); floats pairwise, as numpy sums,
        /// integers wrapping. An axis out of range does not compile. Any layout: a transposed,
        /// stepped or broadcast view sums in place.
        ///
        /// ```
        /// use shaped::{shape, tensor, Tensor};
        /// let m = tensor![[1, 2, 3], [4, 5, 6]];
        /// let cols: Tensor<i32, shape![3]> = m.sum_axis::<0>();
        /// assert_eq!(cols, tensor![5, 7, 9]);
        /// assert_eq!(m.sum_axis::<-1>(), tensor![6, 15]);
        /// assert_eq!(m.t().sum_axis::<0>(), tensor![6, 15]);
        /// ```
        #[inline]
        pub fn sum_axis<const A: isize>(&self) -> Tensor<T, <S as RemoveAxis<A>>::Output>
        where
            S: RemoveAxis<A>,
        {
            fold_axis::<_, _, A>(self, Some(T::ZERO), T::plus)
        }

        /// The product along axis `A`, as [`sum_axis`](Self::sum_axis).
        ///
        /// ```
        /// use shaped::tensor;
        /// assert_eq!(tensor![[1, 2, 3], [4, 5, 6]].prod_axis::<1>(), tensor![6, 120]);
        /// ```
        #[inline]
        pub fn prod_axis<const A: isize>(&self) -> Tensor<T, <S as RemoveAxis<A>>::Output>
        where
            S: RemoveAxis<A>,
        {
            fold_axis::<_, _, A>(self, Some(T::ONE), T::times)
        }

        /// The largest element along axis `A`, `NaN` if any is (numpy's `max`). Over an axis of
        /// extent 0 it does not build (or, for a `Dyn` axis, panics naming the axis).
        ///
        /// ```
        /// use shaped::tensor;
        /// assert_eq!(tensor![[1.0, 7.0], [4.0, 2.0]].max_axis::<0>(), tensor![4.0, 7.0]);
        /// ```
        #[inline]
        #[track_caller]
        pub fn max_axis<const A: isize>(&self) -> Tensor<T, <S as RemoveAxis<A>>::Output>
        where
            S: RemoveAxis<A>,
        {
            const { axis_not_empty::<S, A>() };
            fold_axis::<_, _, A>(self, None, max_nan)
        }

        /// The smallest element along axis `A`, as [`max_axis`](Self::max_axis).
        ///
        /// ```
        /// use shaped::tensor;
        /// assert_eq!(tensor![[1, 7], [4, 2]].min_axis::<1>(), tensor![1, 2]);
        /// ```
        #[inline]
        #[track_caller]
        pub fn min_axis<const A: isize>(&self) -> Tensor<T, <S as RemoveAxis<A>>::Output>
        where
            S: RemoveAxis<A>,
        {
            const { axis_not_empty::<S, A>() };
            fold_axis::<_, _, A>(self, None, min_nan)
        }

        /// The position of the largest element along axis `A` (the first of equals, the first
        /// `NaN` if any), numpy's `argmax(axis=A)`. Over an axis of extent 0 it does not build.
        ///
        /// ```
        /// use shaped::tensor;
        /// let logits = tensor![[0.1, 2.5, 0.3], [4.0, -1.0, 4.0]];
        /// assert_eq!(logits.argmax_axis::<-1>(), tensor![1, 0]);
        /// assert_eq!(logits.t().argmax_axis::<0>(), tensor![1, 0]);
        /// ```
        #[inline]
        #[track_caller]
        pub fn argmax_axis<const A: isize>(&self) -> Tensor<usize, <S as RemoveAxis<A>>::Output>
        where
            S: RemoveAxis<A>,
        {
            const { axis_not_empty::<S, A>() };
            arg_axis::<_, _, A>(self, beats_max)
        }

        /// The position of the smallest element along axis `A`, as
        /// [`argmax_axis`](Self::argmax_axis).
        ///
        /// ```
        /// use shaped::tensor;
        /// assert_eq!(tensor![[3, 1], [0, 5]].argmin_axis::<0>(), tensor![1, 0]);
        /// ```
        #[inline]
        #[track_caller]
        pub fn argmin_axis<const A: isize>(&self) -> Tensor<usize, <S as RemoveAxis<A>>::Output>
        where
            S: RemoveAxis<A>,
        {
            const { axis_not_empty::<S, A>() };
            arg_axis::<_, _, A>(self, beats_min)
        }

        /// The sum of every element (0 for none): pairwise, as numpy sums, integers wrapping.
        ///
        /// ```
        /// use shaped::tensor;
        /// assert_eq!(tensor![[1, 2], [3, 4]].sum(), 10);
        /// assert_eq!(tensor![[1, 2], [3, 4]].t().sum(), 10);
        /// ```
        #[inline]
        pub fn sum(&self) -> T {
            fold_all(self, Some(T::ZERO), T::plus)
        }

        /// The product of every element (1 for none), as [`sum`](Self::sum).
        ///
        /// ```
        /// use shaped::tensor;
        /// assert_eq!(tensor![[1, 2], [3, 4]].product(), 24);
        /// ```
        #[inline]
        pub fn product(&self) -> T {
            fold_all(self, Some(T::ONE), T::times)
        }

        /// The largest element, `NaN` if any is. An operand without elements does not build
        /// (or, with a `Dyn` axis, panics).
        ///
        /// ```
        /// use shaped::tensor;
        /// assert_eq!(tensor![[1, 9], [4, 2]].max(), 9);
        /// ```
        #[inline]
        #[track_caller]
        pub fn max(&self) -> T {
            const { assert_not_empty(!statically_empty::<S>() as usize) };
            fold_all(self, None, max_nan)
        }

        /// The smallest element, as [`max`](Self::max).
        ///
        /// ```
        /// use shaped::tensor;
        /// assert_eq!(tensor![[1, 9], [4, 2]].min(), 1);
        /// ```
        #[inline]
        #[track_caller]
        pub fn min(&self) -> T {
            const { assert_not_empty(!statically_empty::<S>() as usize) };
            fold_all(self, None, min_nan)
        }

        /// A copy with every lane along axis `A` sorted stably in numpy's order (`NaN` last,
        /// `-0.0` and `0.0` equal and kept in order), by the dynamic path's sort: with `alloc`,
        /// a lane across rows is gathered into a buffer and sorted there; without it, every lane
        /// is put in the order [`argsort_axis`](Self::argsort_axis) finds, in place.
        ///
        /// ```
        /// use shaped::tensor;
        /// let m = tensor![[3.0, f32::NAN, -1.0], [0.5, 2.0, 0.0]];
        /// assert_eq!(m.sort_axis::<0>().as_slice()[..3], [0.5, 2.0, -1.0]);
        /// assert_eq!(m.t().sort_axis::<1>().as_slice()[..2], [0.5, 3.0]);
        /// ```
        #[inline]
        pub fn sort_axis<const A: isize>(&self) -> Tensor<T, S>
        where
            S: ExtentAt<A>,
        {
            sort::sorted::<_, A>(self)
        }

        /// For each lane along axis `A`, the positions that sort it stably (numpy's
        /// `argsort(axis=A, kind="stable")`), by the dynamic path's sort
        /// ([`try_argsort`](crate::DynTensor::try_argsort)'s): with `alloc` it allocates a
        /// buffer of one lane's keys and positions; without it, the positions are sorted in the
        /// output itself (a heap sort by key, then position: O(n log n), no allocation).
        ///
        /// ```
        /// use shaped::tensor;
        /// let m = tensor![[3, 1, 2], [0, 0, -1]];
        /// assert_eq!(m.argsort_axis::<1>(), tensor![[1, 2, 0], [2, 0, 1]]);
        /// assert_eq!(m.t().argsort_axis::<0>(), tensor![[1, 2], [2, 0], [0, 1]]);
        /// ```
        #[inline]
        pub fn argsort_axis<const A: isize>(&self) -> Tensor<usize, S>
        where
            S: ExtentAt<A>,
        {
            sort::argsort::<_, A>(self)
        }
    }
}

on_every_receiver! {
    impl<T: [Float]> {
        /// The mean along axis `A` (removed from the shape): the pairwise sum over the extent;
        /// `NaN` for an axis of extent 0, as numpy's.
        ///
        /// ```
        /// use shaped::tensor;
        /// assert_eq!(tensor![[1.0, 2.0], [3.0, 6.0]].mean_axis::<0>(), tensor![2.0, 4.0]);
        /// ```
        #[inline]
        pub fn mean_axis<const A: isize>(&self) -> Tensor<T, <S as RemoveAxis<A>>::Output>
        where
            S: RemoveAxis<A>,
        {
            let n = walk::<_, A>(self).len;
            divided(self.sum_axis::<A>(), T::from_count(n))
        }

        /// The mean of every element; `NaN` for none.
        ///
        /// ```
        /// use shaped::tensor;
        /// assert_eq!(tensor![1.0f32, 2.0, 6.0].mean(), 3.0);
        /// ```
        #[inline]
        pub fn mean(&self) -> T {
            self.sum() / T::from_count(crate::layout::element_count(self.shape()))
        }
    }
}

impl<T: Reduce, S: Shape> Tensor<T, S> {
    /// Sorts every lane along axis `A` in place, as [`sort_axis`](Self::sort_axis).
    ///
    /// ```
    /// use shaped::tensor;
    /// let mut m = tensor![[3, 1, 2], [0, 9, 4]];
    /// m.sort_axis_mut::<-1>();
    /// assert_eq!(m, tensor![[1, 2, 3], [0, 4, 9]]);
    /// ```
    #[inline]
    pub fn sort_axis_mut<const A: isize>(&mut self)
    where
        S: ExtentAt<A>,
    {
        let (slots, dims) = self.slots_and_dims();
        sort::sort_in_place::<S, T, A>(slots, dims)
    }
}

impl<T: Reduce, S: Shape> TensorViewMut<'_, T, S> {
    /// Sorts every lane along axis `A` in place, as [`sort_axis`](Self::sort_axis).
    ///
    /// ```
    /// use shaped::{shape, TensorViewMut};
    /// let mut data = [3, 1, 2, 0, 9, 4];
    /// let mut m = TensorViewMut::<i32, shape![2, 3]>::try_from_slice(&mut data)?;
    /// m.sort_axis_mut::<0>();
    /// assert_eq!(data, [0, 1, 2, 3, 9, 4]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    #[inline]
    pub fn sort_axis_mut<const A: isize>(&mut self)
    where
        S: ExtentAt<A>,
    {
        let (slots, dims) = self.slots_and_dims();
        sort::sort_in_place::<S, T, A>(slots, dims)
    }
}
