//! Reductions, sorts and unique runs along axes of any dynamic view, on the one loop engine.
//!
//! A reduction splits the view's axes in two ([`Split`]): the **kept** axes, which the output
//! has, and the **reduced** ones, folded away. Then one of two loops, chosen by where the
//! elements lie (PyTorch's reduction kernels and dfdx's `permute_for_reductions` choose the
//! same way):
//! - **Lanes**: when the reduced axes hold the smallest stride (`sum(axis=-1)` of a row-major
//!   tensor), each output element is the pairwise fold of its lane, a slice of adjacent elements
//!   when the reduced axes coalesce into one of stride ±1 (gathered into a buffer otherwise).
//! - **Rows**: when a kept axis does (`sum(axis=0)`), the output starts as the first reduced
//!   slice and each further slice is folded into it element-wise by the planner's `assign`, the
//!   same generated kernels as `a += b`, so every pass reads and writes whole rows.
//!
//! `methods` puts `try_sum` ... `try_argmax` on the three dynamic types, `sort` the sorts along
//! one axis, `unique` `try_unique_consecutive`.

mod arg;
mod methods;
mod moments;
mod sort;
mod unique;

pub use moments::Moments;
pub use unique::UniqueConsecutive;

use alloc::vec::Vec;

use super::dims::{DimVec, Strides};
use super::iter::Positions;
use super::layout::{Layout, checked_count};
use super::plan::{self, Src};
use super::view_layout::{axis_mask, collect, largest_stride_first};
use super::{DynTensor, buffer};
use crate::error::Dims;
use crate::reduce::fold::pairwise;
use crate::{Axes, ShapeError};

/// Kept axes below this many output elements fold lanes even when a kept axis is innermost: a
/// pass of the planner per reduced position costs more than it saves on a short row.
const MIN_ROW: usize = 16;

/// A view's axes split into kept and reduced ones.
pub(crate) struct Split {
    kept_dims: DimVec,
    kept_strides: Strides,
    /// The reduced axes, sorted by decreasing stride and coalesced where adjacent in memory.
    reduced_dims: DimVec,
    reduced_strides: Strides,
    offset: usize,
    /// The output's shape: the kept extents, with 1 for each reduced axis under `keepdims`.
    out_dims: DimVec,
    /// The first reduced axis of extent 0, for the error of a reduction without identity.
    empty_axis: Option<usize>,
    /// The shape of the view, for errors.
    shape: DimVec,
}

impl Split {
    /// `axes` of `l` reduced (numpy's `axis=`, `keepdims=`).
    /// As numpy, a rank-0 tensor accepts the one axis `0` (or `-1`), which reduces nothing.
    pub(crate) fn new(l: &Layout, axes: Axes<'_>, keepdims: bool) -> Result<Self, ShapeError> {
        let axes = match axes {
            Axes::Single(0 | -1) if l.rank() == 0 => Axes::List(&[]),
            other => other,
        };
        let mask = axis_mask(axes, &l.dims)?;
        Ok(Self::from_mask(l, &mask, keepdims))
    }

    fn from_mask(l: &Layout, mask: &[bool], keepdims: bool) -> Self {
        let rank = l.rank();
        let reduced = mask.iter().filter(|&&m| m).count();
        let kept = (0..rank).filter(|&k| !mask[k]);
        let mut order: DimVec = collect((0..rank).filter(|&k| mask[k]), reduced);
        // Largest stride first, so adjacent axes merge whatever their logical order: every
        // fold here is indifferent to the order it meets the elements in.
        largest_stride_first(&mut order, |k| l.strides[k].unsigned_abs());
        let (reduced_dims, reduced_strides) = coalesce(
            order.iter().map(|&k| l.dims[k]),
            order.iter().map(|&k| l.strides[k]),
        );
        let out_dims = if keepdims {
            collect((0..rank).map(|k| if mask[k] { 1 } else { l.dims[k] }), rank)
        } else {
            collect(kept.clone().map(|k| l.dims[k]), rank - reduced)
        };
        Self {
            kept_dims: collect(kept.clone().map(|k| l.dims[k]), rank - reduced),
            kept_strides: collect(kept.map(|k| l.strides[k]), rank - reduced),
            reduced_dims,
            reduced_strides,
            offset: l.offset,
            out_dims,
            empty_axis: (0..rank).find(|&k| mask[k] && l.dims[k] == 0),
            shape: l.dims.clone(),
        }
    }

    /// How many elements each output element folds.
    fn reduced_len(&self) -> usize {
        checked_count(&self.reduced_dims).unwrap_or(0)
    }

    /// The error of a reduction without identity over nothing.
    fn empty(&self) -> ShapeError {
        ShapeError::EmptyReduction {
            axis: self.empty_axis,
            shape: Dims::new(&self.shape),
        }
    }

    /// The kept part at `base`, as the planner reads an operand.
    fn kept_at<'a, T>(&'a self, data: &'a [T], base: usize) -> Src<'a, T> {
        Src {
            data,
            base,
            dims: &self.kept_dims,
            strides: &self.kept_strides,
        }
    }

    /// Whether the rows loop fits: a kept axis has the smallest stride and rows are long.
    fn by_rows(&self) -> bool {
        let smallest = |d: &[usize], s: &[isize]| {
            d.iter()
                .zip(s)
                .filter(|(d, _)| **d > 1)
                .map(|(_, s)| s.unsigned_abs())
                .min()
                .unwrap_or(usize::MAX)
        };
        checked_count(&self.kept_dims).unwrap_or(0) >= MIN_ROW
            && smallest(&self.kept_dims, &self.kept_strides)
                < smallest(&self.reduced_dims, &self.reduced_strides)
    }

    /// `f` applied to each output element's lane, in output order: a slice of `data` when the
    /// lane is adjacent elements (in either direction: `f` must not care about order), else a
    /// copy in `buf`.
    fn lanes<T: Copy, O>(&self, data: &[T], mut f: impl FnMut(&[T]) -> O) -> Vec<O> {
        let len = self.reduced_len();
        let mut buf = Vec::new();
        let out = Positions::new(&self.kept_dims, &self.kept_strides, self.offset);
        match (&self.reduced_dims[..], &self.reduced_strides[..]) {
            ([], []) => out.map(|p| f(&data[p..=p])).collect(),
            ([_], [1]) => out.map(|p| f(&data[p..p + len])).collect(),
            ([_], [-1]) => out.map(|p| f(&data[p + 1 - len..=p])).collect(),
            (d, s) => out
                .map(|p| {
                    buf.clear();
                    buf.extend(Positions::new(d, s, p).map(|q| data[q]));
                    f(&buf)
                })
                .collect(),
        }
    }

    /// `op` folded over the reduced axes, `identity` the result of folding nothing (`None`: an
    /// error, as for a maximum).
    pub(crate) fn fold<T: Copy>(
        &self,
        data: &[T],
        identity: Option<T>,
        op: impl Fn(T, T) -> T + Copy,
    ) -> Result<DynTensor<T>, ShapeError> {
        let out = match (self.reduced_len(), identity) {
            (0, None) => return Err(self.empty()),
            (0, Some(id)) => {
                // Folding nothing: every output element is the identity, and there may be more
                // of them than memory holds (`[usize::MAX, 0]` summed along its last axis).
                let n = super::layout::count_or_err(&self.out_dims)?;
                let mut out = super::buffer::try_with_capacity(n, &self.out_dims)?;
                out.resize(n, id);
                out
            }
            _ if checked_count(&self.kept_dims) == Some(0) => Vec::new(),
            _ if self.by_rows() => self.fold_rows(data, op),
            _ => self.lanes(data, |lane| pairwise(lane, &op)),
        };
        Ok(DynTensor::from_parts(out, self.out_dims.clone()))
    }

    /// The rows loop: the first reduced slice copied, each further one folded in, in order (as
    /// numpy adds rows). Kept axes packed row-major make each slice one run of adjacent
    /// elements, folded four at a time so the output is read and written once per four;
    /// otherwise each slice goes through the planner.
    fn fold_rows<T: Copy>(&self, data: &[T], op: impl Fn(T, T) -> T) -> Vec<T> {
        let n = checked_count(&self.kept_dims).unwrap_or(0);
        let mut starts = Positions::new(&self.reduced_dims, &self.reduced_strides, self.offset);
        let first = starts.next().unwrap_or(self.offset);
        // The output is no larger than the input, which exists: this allocation is not the
        // one that fails.
        let mut out = buffer::filled_by(n, &self.out_dims, |slots| {
            plan::map(self.kept_at(data, first), slots, &mut |x: &T| *x)
        })
        .unwrap_or_else(|e| crate::error::shape_panic(e));
        if plan::packed(&self.kept_dims, &self.kept_strides) {
            let run = |base: usize| &data[base..base + n];
            let mut rest = starts.by_ref().map(run);
            loop {
                match [rest.next(), rest.next(), rest.next(), rest.next()] {
                    [Some(a), Some(b), Some(c), Some(d)] => {
                        for ((((o, a), b), c), d) in out.iter_mut().zip(a).zip(b).zip(c).zip(d) {
                            *o = op(op(op(op(*o, *a), *b), *c), *d);
                        }
                    }
                    partial => {
                        for row in partial.into_iter().flatten() {
                            for (o, x) in out.iter_mut().zip(row) {
                                *o = op(*o, *x);
                            }
                        }
                        return out;
                    }
                }
            }
        }
        for base in starts {
            plan::assign(
                &self.kept_dims,
                &mut out,
                self.kept_at(data, base),
                &mut |o: &mut T, x: &T| *o = op(*o, *x),
            );
        }
        out
    }
}

/// Axes (outermost first) merged where one steps over exactly the other's span; extent-1 axes
/// dropped.
fn coalesce(
    dims: impl Iterator<Item = usize>,
    strides: impl Iterator<Item = isize>,
) -> (DimVec, Strides) {
    let (mut d, mut s): (Vec<usize>, Vec<isize>) = (Vec::new(), Vec::new());
    for (e, st) in dims.zip(strides) {
        if e == 1 {
            continue;
        }
        match (d.last_mut(), s.last_mut()) {
            // Merged only when the merged extent fits: an empty view's extents may be huge.
            (Some(pd), Some(ps))
                if *ps == st.wrapping_mul(e as isize) && pd.checked_mul(e).is_some() =>
            {
                *pd *= e;
                *ps = st;
            }
            _ => {
                d.push(e);
                s.push(st);
            }
        }
    }
    (DimVec::from_slice(&d), Strides::from_slice(&s))
}
