//! Unique consecutive runs of a static tensor (CANN's unique-consecutive, `torch.unique_consecutive`
//! of the flattened tensor), without allocating.

use crate::{Shape, Tensor};

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

impl<T: Copy + PartialEq, S: Shape> Tensor<T, S> {
    /// Runs of equal consecutive elements (row-major) collapsed to one, with each run's length
    /// and each element's run: `torch.unique_consecutive` of the flattened tensor, without an
    /// allocation. Elements compare with `==`, so `NaN`s never merge.
    ///
    /// ```
    /// use shaped::tensor;
    /// let u = tensor![1, 1, 2, 2, 3, 1, 1, 2].unique_consecutive();
    /// assert_eq!(u.values(), [1, 2, 3, 1, 2]);
    /// assert_eq!(u.counts(), [2, 2, 1, 2, 1]);
    /// assert_eq!(u.inverse(), &tensor![0, 0, 1, 1, 2, 3, 3, 4]);
    /// ```
    pub fn unique_consecutive(&self) -> UniqueRuns<T, S> {
        let x = self.as_slice();
        let mut values = self.clone();
        let mut counts = Tensor::<usize, S>::from_flat_fn_dims(|| self.dims(), |_| 0);
        let mut len = 0;
        let inverse = Tensor::<usize, S>::from_flat_fn_dims(
            || self.dims(),
            |i| {
                if i == 0 || x[i - 1] != x[i] {
                    values.as_mut_slice()[len] = x[i];
                    len += 1;
                }
                counts.as_mut_slice()[len - 1] += 1;
                len - 1
            },
        );
        UniqueRuns {
            values,
            counts,
            inverse,
            len,
        }
    }
}
