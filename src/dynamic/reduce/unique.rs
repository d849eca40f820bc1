//! `unique_consecutive`: runs of equal elements (or equal slices along an axis) collapsed into
//! one, as PyTorch's `torch.unique_consecutive(return_inverse=True, return_counts=True)`.

use alloc::vec::Vec;

use super::super::layout::Layout;
use super::super::view_layout::axis_of;
use super::super::{DynTensor, DynView};
use crate::ShapeError;

/// The result of `try_unique_consecutive`: the first element (or slice) of each run of equal
/// ones, which run each input element belongs to, and each run's length.
///
/// ```
/// use shaped::DynTensor;
/// let x = DynTensor::from_shape_vec(&[8], vec![1, 1, 2, 2, 3, 1, 1, 2])?;
/// let u = x.try_unique_consecutive(None)?;
/// assert_eq!(u.values.as_slice(), [1, 2, 3, 1, 2]);
/// assert_eq!(u.inverse.as_slice(), [0, 0, 1, 1, 2, 3, 3, 4]);
/// assert_eq!(u.counts.as_slice(), [2, 2, 1, 2, 1]);
/// # Ok::<(), shaped::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct UniqueConsecutive<T> {
    /// One element per run (flattened: 1-D), or one slice per run along the axis (the input's
    /// rank, that axis shortened to the number of runs).
    pub values: DynTensor<T>,
    /// For each input element (flattened: the input's shape) or each index along the axis
    /// (1-D), the run it belongs to.
    pub inverse: DynTensor<usize>,
    /// The length of each run (1-D).
    pub counts: DynTensor<usize>,
}

/// The three lists of [`runs`].
type Runs = (Vec<usize>, Vec<usize>, Vec<usize>);

/// Runs of equal items among `n` items, where `same(i)` says item `i` equals item `i - 1`: each
/// run's first item, each item's run, each run's length. An error when the `n` run numbers do
/// not fit in memory (`n` can be huge when the items are empty slices of an empty view).
fn runs(n: usize, same: impl Fn(usize) -> bool) -> Result<Runs, ShapeError> {
    let mut inverse = super::super::buffer::try_with_capacity(n, &[n])?;
    let (mut firsts, mut counts) = (Vec::new(), Vec::new());
    if n == 0 {
        return Ok((firsts, inverse, counts));
    }
    let (mut start, mut run) = (0, 0);
    firsts.push(0);
    inverse.push(0);
    for i in 1..n {
        if !same(i) {
            counts.push(i - start);
            firsts.push(i);
            (start, run) = (i, run + 1);
        }
        inverse.push(run);
    }
    counts.push(n - start);
    Ok((firsts, inverse, counts))
}

/// `try_unique_consecutive` of the view `l` over `data`.
pub(crate) fn unique_consecutive<T: Copy + PartialEq>(
    data: &[T],
    l: &Layout,
    axis: Option<isize>,
) -> Result<UniqueConsecutive<T>, ShapeError> {
    let view = DynView::new(data, l.clone());
    let Some(axis) = axis else {
        let copy;
        let flat: &[T] = match view.as_slice() {
            Some(flat) => flat,
            None => {
                copy = view.to_vec();
                &copy
            }
        };
        let (firsts, inverse, counts) = runs(flat.len(), |i| flat[i - 1] == flat[i])?;
        let values: Vec<T> = firsts.iter().map(|&i| flat[i]).collect();
        return Ok(UniqueConsecutive {
            values: DynTensor::packed(values, &[firsts.len()]),
            inverse: DynTensor::packed(inverse, &l.dims),
            counts: DynTensor::packed(counts, &[firsts.len()]),
        });
    };
    let k = axis_of(axis, &l.dims)?;
    // The axis first, copied row-major: slice `i` is then `rows[i * width..][..width]`.
    let rows = view.try_move_axis(k as isize, 0)?.to_vec();
    let n = l.dims[k];
    // Zeros first (`checked_count`): an empty view's other extents may overflow when multiplied;
    // then `n` is 0 and no row is read.
    let others: Vec<usize> = (0..l.dims.len())
        .filter(|&a| a != k)
        .map(|a| l.dims[a])
        .collect();
    let width: usize = super::super::layout::checked_count(&others).unwrap_or(0);
    let slice = |i: usize| &rows[i * width..(i + 1) * width];
    let (firsts, inverse, counts) = runs(n, |i| slice(i - 1) == slice(i))?;
    let picked: Vec<T> = firsts
        .iter()
        .flat_map(|&i| slice(i).iter().copied())
        .collect();
    let mut dims: Vec<usize> = alloc::vec![firsts.len()];
    dims.extend(
        l.dims
            .iter()
            .enumerate()
            .filter(|&(a, _)| a != k)
            .map(|(_, &d)| d),
    );
    let values = DynTensor::packed(picked, &dims)
        .view()
        .try_move_axis(0, k as isize)?
        .to_tensor();
    Ok(UniqueConsecutive {
        values,
        inverse: DynTensor::packed(inverse, &[n]),
        counts: DynTensor::packed(counts, &[firsts.len()]),
    })
}
