//! Reductions, sorts and unique runs of static tensors: the axis is a `const A: isize` (negative
//! counts from the end), the result's shape is computed by the compiler
//! ([`RemoveAxis`]), and an axis out of range does not compile, naming the axis and the shape.
//! With the extents constant, the lanes and rows below are loops of constant length: what a
//! hand-written loop over the same extents compiles to. The folds are the dynamic path's
//! ([`crate::reduce`]).
//!
//! Over 400 lines, 125 of them documentation with runnable examples: every static reduction is
//! one method beside the constant-length loops they share, so they stay in one file (unique
//! runs, which share none of them, are in `unique.rs`).

#[cfg(feature = "alloc")]
use crate::reduce::argsort::sort_pairs;
#[cfg(not(feature = "alloc"))]
use crate::reduce::argsort::{Lane, sort_positions};
use crate::reduce::fold::{arg_best, beats_max, beats_min, max_nan, min_nan, pairwise};
use crate::shape::axis::{ExtentAt, RemoveAxis};
use crate::shape::kind::Kind;
use crate::{Float, MAX_RANK, Reduce, Shape, Tensor};

/// Axis `axis` of shape `S` as `(outer, len, inner)` element counts: the axes before it, its
/// extent, the axes after it (the axis is valid: a trait bound checked it).
const fn split<S: Shape>(axis: isize) -> (usize, usize, usize) {
    let dims = &S::PADDED_DIMS;
    let rank = S::RANK as isize;
    let k = (MAX_RANK as isize - rank + if axis < 0 { axis + rank } else { axis }) as usize;
    let (mut outer, mut inner, mut i) = (1, 1, 0);
    while i < dims.len() {
        if i < k {
            outer *= dims[i];
        } else if i > k {
            inner *= dims[i];
        }
        i += 1;
    }
    (outer, dims[k], inner)
}

/// Axis `A` of a tensor of shape `S` and extents `dims` as `(outer, len, inner)`: constants for a
/// shape without `Dyn`, counted from `dims` otherwise.
#[inline(always)]
pub(crate) fn split_of<S: Shape, const A: isize>(dims: &[usize]) -> (usize, usize, usize) {
    S::Kind::pick(
        || const { split::<S>(A) },
        || {
            let k = normalise(A, dims.len());
            let count = |d: &[usize]| d.iter().product::<usize>();
            (count(&dims[..k]), dims[k], count(&dims[k + 1..]))
        },
    )
}

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

/// A maximum, minimum or arg-reduction of a shape with `Dyn` axes over no elements.
#[cold]
#[inline(never)]
fn empty_reduction(axis: Option<isize>, dims: &[usize]) -> ! {
    crate::ops::shape_panic(crate::ShapeError::EmptyReduction {
        axis: axis.map(|a| normalise(a, dims.len())),
        shape: crate::error::Dims::new(dims),
    })
}

/// The extent of axis `axis` (valid) of `S` when it is known at compile time.
const fn static_extent<S: Shape>(axis: isize) -> Option<usize> {
    let rank = S::RANK as isize;
    S::STATIC_DIMS[(MAX_RANK as isize - rank + if axis < 0 { axis + rank } else { axis }) as usize]
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

/// A run-time axis of a maximum, minimum or arg-reduction checked not to be empty (a static
/// one is checked where the method is built, so the error points at the call).
#[inline(always)]
fn check_not_empty<S: Shape, const A: isize>(dims: &[usize]) {
    if static_extent::<S>(A).is_none() && split_of::<S, A>(dims).1 == 0 {
        empty_reduction(Some(A), dims)
    }
}

/// `op` folded along axis `A` of `x` (row-major, shape `S`, extents `dims`) into a tensor of
/// shape `O`: lanes folded pairwise when the axis is the last, else rows folded into the output
/// element-wise. The axis is not empty.
#[inline]
fn fold_axis<T: Copy, S: Shape, O: Shape, const A: isize>(
    x: &[T],
    dims: &[usize],
    op: impl Fn(T, T) -> T,
) -> Tensor<T, O> {
    let (_, len, inner) = split_of::<S, A>(dims);
    let out_dims = || without::<O>(dims, A);
    if inner == 1 {
        return Tensor::from_flat_fn_dims(out_dims, |o| pairwise(&x[o * len..(o + 1) * len], &op));
    }
    let block = len * inner;
    let mut out = Tensor::from_flat_fn_dims(out_dims, |n| x[n / inner * block + n % inner]);
    // Rows folded in order, four per pass over the output (read and written once per four).
    let row = |o: usize, j: usize| &x[o * block + j * inner..][..inner];
    for (o, dst) in out
        .as_mut_slice()
        .chunks_exact_mut(inner.max(1))
        .enumerate()
    {
        let mut j = 1;
        while j + 4 <= len {
            let (a, b, c, e) = (row(o, j), row(o, j + 1), row(o, j + 2), row(o, j + 3));
            for i in 0..inner {
                dst[i] = op(op(op(op(dst[i], a[i]), b[i]), c[i]), e[i]);
            }
            j += 4;
        }
        for j in j..len {
            for (d, &v) in dst.iter_mut().zip(row(o, j)) {
                *d = op(*d, v);
            }
        }
    }
    out
}

/// The error a maximum of an empty axis gives when it is built (`cargo build`, not `cargo
/// check`: the extent is only known after monomorphisation).
const fn assert_not_empty(len: usize) {
    assert!(
        len > 0,
        "a maximum, minimum or arg-reduction over an axis of extent 0 is undefined"
    );
}

impl<T: Reduce, S: Shape> Tensor<T, S> {
    /// The sum along axis `A` (removed from the shape); floats pairwise, as numpy sums,
    /// integers wrapping. An axis out of range does not compile.
    ///
    /// ```
    /// use shaped::{shape, tensor, Tensor};
    /// let m = tensor![[1, 2, 3], [4, 5, 6]];
    /// let cols: Tensor<i32, shape![3]> = m.sum_axis::<0>();
    /// assert_eq!(cols, tensor![5, 7, 9]);
    /// assert_eq!(m.sum_axis::<-1>(), tensor![6, 15]);
    /// ```
    pub fn sum_axis<const A: isize>(&self) -> Tensor<T, <S as RemoveAxis<A>>::Output>
    where
        S: RemoveAxis<A>,
    {
        let dims = self.shape();
        if split_of::<S, A>(dims).1 == 0 {
            return Tensor::from_flat_fn_dims(
                || without::<<S as RemoveAxis<A>>::Output>(dims, A),
                |_| T::ZERO,
            );
        }
        fold_axis::<T, S, _, A>(self.as_slice(), dims, T::plus)
    }

    /// The product along axis `A`, as [`sum_axis`](Self::sum_axis).
    ///
    /// ```
    /// use shaped::tensor;
    /// assert_eq!(tensor![[1, 2, 3], [4, 5, 6]].prod_axis::<1>(), tensor![6, 120]);
    /// ```
    pub fn prod_axis<const A: isize>(&self) -> Tensor<T, <S as RemoveAxis<A>>::Output>
    where
        S: RemoveAxis<A>,
    {
        let dims = self.shape();
        if split_of::<S, A>(dims).1 == 0 {
            return Tensor::from_flat_fn_dims(
                || without::<<S as RemoveAxis<A>>::Output>(dims, A),
                |_| T::ONE,
            );
        }
        fold_axis::<T, S, _, A>(self.as_slice(), dims, T::times)
    }

    /// The largest element along axis `A`, `NaN` if any is (numpy's `max`). Over an axis of
    /// extent 0 it does not build.
    ///
    /// ```
    /// use shaped::tensor;
    /// assert_eq!(tensor![[1.0, 7.0], [4.0, 2.0]].max_axis::<0>(), tensor![4.0, 7.0]);
    /// ```
    pub fn max_axis<const A: isize>(&self) -> Tensor<T, <S as RemoveAxis<A>>::Output>
    where
        S: RemoveAxis<A>,
    {
        const {
            if let Some(len) = static_extent::<S>(A) {
                assert_not_empty(len)
            }
        };
        check_not_empty::<S, A>(self.shape());
        fold_axis::<T, S, _, A>(self.as_slice(), self.shape(), max_nan)
    }

    /// The smallest element along axis `A`, as [`max_axis`](Self::max_axis).
    ///
    /// ```
    /// use shaped::tensor;
    /// assert_eq!(tensor![[1, 7], [4, 2]].min_axis::<1>(), tensor![1, 2]);
    /// ```
    pub fn min_axis<const A: isize>(&self) -> Tensor<T, <S as RemoveAxis<A>>::Output>
    where
        S: RemoveAxis<A>,
    {
        const {
            if let Some(len) = static_extent::<S>(A) {
                assert_not_empty(len)
            }
        };
        check_not_empty::<S, A>(self.shape());
        fold_axis::<T, S, _, A>(self.as_slice(), self.shape(), min_nan)
    }

    /// The position of the largest element along axis `A` (the first of equals, the first
    /// `NaN` if any), numpy's `argmax(axis=A)`. Over an axis of extent 0 it does not build.
    ///
    /// ```
    /// use shaped::tensor;
    /// let logits = tensor![[0.1, 2.5, 0.3], [4.0, -1.0, 4.0]];
    /// assert_eq!(logits.argmax_axis::<-1>(), tensor![1, 0]);
    /// ```
    pub fn argmax_axis<const A: isize>(&self) -> Tensor<usize, <S as RemoveAxis<A>>::Output>
    where
        S: RemoveAxis<A>,
    {
        self.arg_axis::<A>(beats_max)
    }

    /// The position of the smallest element along axis `A`, as
    /// [`argmax_axis`](Self::argmax_axis).
    ///
    /// ```
    /// use shaped::tensor;
    /// assert_eq!(tensor![[3, 1], [0, 5]].argmin_axis::<0>(), tensor![1, 0]);
    /// ```
    pub fn argmin_axis<const A: isize>(&self) -> Tensor<usize, <S as RemoveAxis<A>>::Output>
    where
        S: RemoveAxis<A>,
    {
        self.arg_axis::<A>(beats_min)
    }

    fn arg_axis<const A: isize>(
        &self,
        better: impl Fn(T, T) -> bool + Copy,
    ) -> Tensor<usize, <S as RemoveAxis<A>>::Output>
    where
        S: RemoveAxis<A>,
    {
        const {
            if let Some(len) = static_extent::<S>(A) {
                assert_not_empty(len)
            }
        };
        let dims = self.shape();
        check_not_empty::<S, A>(dims);
        let (_, len, inner) = split_of::<S, A>(dims);
        let x = self.as_slice();
        Tensor::from_flat_fn_dims(
            || without::<<S as RemoveAxis<A>>::Output>(dims, A),
            |n| {
                let first = n / inner * len * inner + n % inner;
                let best = if inner == 1 {
                    arg_best(x[first..first + len].iter().copied(), better)
                } else {
                    arg_best((0..len).map(|j| x[first + j * inner]), better)
                };
                best.unwrap_or(0)
            },
        )
    }

    /// The largest element, `NaN` if any is. A tensor without elements does not build.
    ///
    /// ```
    /// use shaped::tensor;
    /// assert_eq!(tensor![[1, 9], [4, 2]].max(), 9);
    /// ```
    pub fn max(&self) -> T {
        const { assert_not_empty(!statically_empty::<S>() as usize) };
        if !S::Kind::FIXED && self.is_empty() {
            empty_reduction(None, self.shape())
        }
        pairwise(self.as_slice(), &max_nan)
    }

    /// The smallest element, as [`max`](Self::max).
    ///
    /// ```
    /// use shaped::tensor;
    /// assert_eq!(tensor![[1, 9], [4, 2]].min(), 1);
    /// ```
    pub fn min(&self) -> T {
        const { assert_not_empty(!statically_empty::<S>() as usize) };
        if !S::Kind::FIXED && self.is_empty() {
            empty_reduction(None, self.shape())
        }
        pairwise(self.as_slice(), &min_nan)
    }

    /// A copy with every lane along axis `A` sorted stably in numpy's order (`NaN` last,
    /// `-0.0` and `0.0` equal and kept in order).
    ///
    /// ```
    /// use shaped::tensor;
    /// let m = tensor![[3.0, f32::NAN, -1.0], [0.5, 2.0, 0.0]];
    /// assert_eq!(m.sort_axis::<0>().as_slice()[..3], [0.5, 2.0, -1.0]);
    /// ```
    pub fn sort_axis<const A: isize>(&self) -> Tensor<T, S>
    where
        S: ExtentAt<A>,
    {
        let mut out = self.clone();
        out.sort_axis_mut::<A>();
        out
    }

    /// Sorts every lane along axis `A` in place, as [`sort_axis`](Self::sort_axis).
    ///
    /// ```
    /// use shaped::tensor;
    /// let mut m = tensor![[3, 1, 2], [0, 9, 4]];
    /// m.sort_axis_mut::<-1>();
    /// assert_eq!(m, tensor![[1, 2, 3], [0, 4, 9]]);
    /// ```
    pub fn sort_axis_mut<const A: isize>(&mut self)
    where
        S: ExtentAt<A>,
    {
        let (outer, len, inner) = split_of::<S, A>(self.shape());
        let x = self.as_mut_slice();
        if inner == 1 {
            for lane in x.chunks_exact_mut(len.max(1)).take(outer) {
                T::sort_stable(lane);
            }
            return;
        }
        // A lane across rows: sorted by insertion where it lies (no buffer, so no allocation).
        for o in 0..outer {
            for i in 0..inner {
                let at = |j: usize| o * len * inner + j * inner + i;
                for j in 1..len {
                    let mut m = j;
                    while m > 0 && x[at(m - 1)].sort_key() > x[at(m)].sort_key() {
                        x.swap(at(m - 1), at(m));
                        m -= 1;
                    }
                }
            }
        }
    }

    /// For each lane along axis `A`, the positions that sort it stably (numpy's
    /// `argsort(axis=A, kind="stable")`), by the dynamic path's sort
    /// ([`try_argsort`](crate::DynTensor::try_argsort)'s): with `alloc` it allocates a buffer of
    /// one lane's keys and positions; without it, the positions are sorted in the output itself
    /// (a heap sort by key, then position: O(n log n), no allocation).
    ///
    /// ```
    /// use shaped::tensor;
    /// assert_eq!(tensor![[3, 1, 2], [0, 0, -1]].argsort_axis::<1>(), tensor![[1, 2, 0], [2, 0, 1]]);
    /// ```
    pub fn argsort_axis<const A: isize>(&self) -> Tensor<usize, S>
    where
        S: ExtentAt<A>,
    {
        let (outer, len, inner) = split_of::<S, A>(self.shape());
        let x = self.as_slice();
        let mut out = Tensor::<usize, S>::from_flat_fn_dims(|| self.dims(), |_| 0);
        let idx = out.as_mut_slice();
        // The dynamic path's sort of (key, position) pairs where there is a heap; in the
        // output's own slots without one.
        #[cfg(feature = "alloc")]
        let mut pairs = alloc::vec::Vec::with_capacity(len);
        for o in 0..outer {
            for i in 0..inner {
                let first = o * len * inner + i;
                #[cfg(feature = "alloc")]
                {
                    let keys = (0..len).map(|j| x[first + j * inner].sort_key());
                    sort_pairs(&mut pairs, keys);
                    for (j, &(_, p)) in pairs.iter().enumerate() {
                        idx[first + j * inner] = p;
                    }
                }
                #[cfg(not(feature = "alloc"))]
                {
                    let mut lane = Lane {
                        slots: &mut *idx,
                        first,
                        step: inner,
                        len,
                    };
                    sort_positions(&mut lane, |p| x[first + p * inner].sort_key());
                }
            }
        }
        out
    }
}

impl<T: Float, S: Shape> Tensor<T, S> {
    /// The mean along axis `A` (removed from the shape): the pairwise sum over the extent;
    /// `NaN` for an axis of extent 0, as numpy's.
    ///
    /// ```
    /// use shaped::tensor;
    /// assert_eq!(tensor![[1.0, 2.0], [3.0, 6.0]].mean_axis::<0>(), tensor![2.0, 4.0]);
    /// ```
    pub fn mean_axis<const A: isize>(&self) -> Tensor<T, <S as RemoveAxis<A>>::Output>
    where
        S: RemoveAxis<A>,
    {
        let n = T::from_count(split_of::<S, A>(self.shape()).1);
        let mut sum = self.sum_axis::<A>();
        sum.as_mut_slice().iter_mut().for_each(|x| *x = *x / n);
        sum
    }

    /// The mean of every element; `NaN` for none.
    ///
    /// ```
    /// use shaped::tensor;
    /// assert_eq!(tensor![1.0f32, 2.0, 6.0].mean(), 3.0);
    /// ```
    pub fn mean(&self) -> T {
        let sum = match self.as_slice() {
            [] => T::ZERO,
            x => pairwise(x, &T::plus),
        };
        sum / T::from_count(self.len())
    }
}
