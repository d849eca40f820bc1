//! Unique consecutive runs of a static tensor (CANN's unique-consecutive, `torch.unique_consecutive`
//! of the flattened tensor), without allocating.

use super::on_every_receiver;
use super::reduce::{flat, index_of};
use crate::layout::Layout;
use crate::{Operand, Shape, Tensor, TensorView, TensorViewMut};

/// The runs of equal consecutive elements of a static tensor (row-major), without allocating:
/// the result has the input's capacity and the number of runs, which no type can know
/// ([`Tensor::unique_consecutive`]). The dynamic form is
/// [`DynTensor::try_unique_consecutive`](crate::DynTensor::try_unique_consecutive).
#[derive(Clone, Debug, PartialEq)]
pub struct UniqueRuns<T, S: Shape> {
    values: Tensor<T, S>,
    counts: Tensor<usize, S>,
    inverse: Tensor<usize, S>,
    len: usize,
}

impl<T, S: Shape> UniqueRuns<T, S> {
    /// The number of runs.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no runs (the tensor has no elements).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first element of each run.
    pub fn values(&self) -> &[T] {
        &self.values.as_slice()[..self.len]
    }

    /// The length of each run.
    pub fn counts(&self) -> &[usize] {
        &self.counts.as_slice()[..self.len]
    }

    /// For each element of the input, the run it belongs to (the input's shape).
    pub fn inverse(&self) -> &Tensor<usize, S> {
        &self.inverse
    }
}

on_every_receiver! {
impl<T: [Copy + PartialEq]> {
    /// Runs of equal consecutive elements (row-major) collapsed to one, with each run's length
    /// and each element's run: `torch.unique_consecutive` of the flattened operand, without an
    /// allocation. Elements compare with `==`, so `NaN`s never merge.
    ///
    /// ```
    /// use shaped::tensor;
    /// let u = tensor![1, 1, 2, 2, 3, 1, 1, 2].unique_consecutive();
    /// assert_eq!(u.values(), [1, 2, 3, 1, 2]);
    /// assert_eq!(u.counts(), [2, 2, 1, 2, 1]);
    /// assert_eq!(u.inverse(), &tensor![0, 0, 1, 1, 2, 3, 3, 4]);
    /// ```
    #[inline]
    pub fn unique_consecutive(&self) -> UniqueRuns<T, S> {
        unique_runs(self)
    }
}
}

/// The runs of `a` in row-major order.
fn unique_runs<A: Operand>(a: &A) -> UniqueRuns<A::Elem, A::Shape>
where
    A::Elem: Copy + PartialEq,
{
    let x = flat(a);
    let dims = || index_of::<A::Shape>(a.extents());
    let mut values = Tensor::<A::Elem, A::Shape>::from_flat_fn_dims(dims, &x);
    let mut counts = Tensor::<usize, A::Shape>::from_flat_fn_dims(dims, |_| 0);
    let mut len = 0;
    let mut last = None;
    let inverse = Tensor::<usize, A::Shape>::from_flat_fn_dims(dims, |i| {
        let v = x(i);
        if last != Some(v) {
            values.as_mut_slice()[len] = v;
            len += 1;
            last = Some(v);
        }
        counts.as_mut_slice()[len - 1] += 1;
        len - 1
    });
    UniqueRuns {
        values,
        counts,
        inverse,
        len,
    }
}
