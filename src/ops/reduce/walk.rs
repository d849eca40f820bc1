//! The one walk of every static reduction, scan and sort along an axis, over any operand: an
//! owned tensor, a view of any layout (transposed, permuted, stepped, broadcast) or a mutable
//! view, with `Dyn` axes or without.
//!
//! An operand is its padded extents and strides ([`Operand::padded`]). Axis `A` splits them into
//! the **kept** axes, which the output has (row-major), and the reduced one ([`Walk`]). Then one
//! of two loops, chosen as the dynamic path's reductions choose (`dynamic/reduce`):
//! - **rows**, when the kept axes end in a run of adjacent elements (at each position along the
//!   axis) and the axis does not step by 1: the output starts as the first run of each block and
//!   each further run is folded into it element-wise, four runs per pass;
//! - **lanes** otherwise: each output element is the fold of its lane, pairwise when the lane's
//!   elements are adjacent.
//!
//! For an operand of [`Fixed`](crate::Fixed) kind the walk is computed in a `const` block from
//! the shape's and the layout's constants, so both loops run over constant extents and strides
//! (what a hand-written loop over the same view compiles to); for a
//! [`Runtime`](crate::Runtime) one the same walk is computed from the stored extents and
//! strides when the method runs.

use core::mem::MaybeUninit;

use crate::layout::{MAX_RANK, Padded, row_major};
use crate::reduce::fold::pairwise;
use crate::shape::kind::Kind;
use crate::{Operand, Shape, Tensor};

/// The offsets of a row-major walk over `dims` in a source laid out by `strides` (both padded).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Offsets {
    dims: [usize; MAX_RANK],
    strides: [usize; MAX_RANK],
    /// The row-major strides of `dims`: how a flat position splits into a multi-index.
    flat: [usize; MAX_RANK],
}

impl Offsets {
    const fn new(dims: [usize; MAX_RANK], strides: [usize; MAX_RANK]) -> Self {
        Self {
            dims,
            strides,
            flat: row_major(&dims),
        }
    }

    /// The source offset of the element at row-major position `n`.
    #[inline(always)]
    pub(crate) fn at(&self, n: usize) -> usize {
        let mut off = 0;
        for i in 0..MAX_RANK {
            // Extent-1 slots are constants in a `Fixed` walk and fold away.
            if self.dims[i] > 1 {
                off += (n / self.flat[i]) % self.dims[i] * self.strides[i];
            }
        }
        off
    }
}

/// One operand's axis, split as a reduction walks it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walk {
    /// The kept axes (right-aligned, the reduced slot removed) in the source.
    pub(crate) kept: Offsets,
    /// The kept axes in a row-major output of the operand's own shape (scans and sorts).
    pub(crate) out: Offsets,
    /// The reduced axis: its extent, its stride in the source, its stride in that output.
    pub(crate) len: usize,
    pub(crate) step: usize,
    pub(crate) out_step: usize,
    /// Output elements: the product of the kept extents.
    pub(crate) count: usize,
    /// The trailing kept elements adjacent in the source at each position along the axis, in
    /// output order (1 when the innermost kept axis does not step by 1).
    pub(crate) run: usize,
}

impl Walk {
    /// Padded slot `k` of `p` as the reduced axis.
    pub(crate) const fn new(p: &Padded, k: usize) -> Self {
        let own = row_major(&p.dims);
        let (mut dims, mut strides, mut out) = ([1; MAX_RANK], [0; MAX_RANK], [0; MAX_RANK]);
        let mut i = MAX_RANK;
        let mut to = MAX_RANK;
        while i > 0 {
            i -= 1;
            if i != k {
                to -= 1;
                dims[to] = p.dims[i];
                strides[to] = p.strides[i];
                out[to] = own[i];
            }
        }
        let kept = Offsets::new(dims, strides);
        let mut count: usize = 1;
        let mut i = 0;
        while i < MAX_RANK {
            count = count.wrapping_mul(dims[i]);
            i += 1;
        }
        // The run: trailing kept axes whose source strides are the output's row-major ones.
        let mut run: usize = 1;
        let mut i = MAX_RANK;
        while i > 0 {
            i -= 1;
            if dims[i] == 1 {
                continue;
            }
            if strides[i] != kept.flat[i] {
                break;
            }
            run = run.wrapping_mul(dims[i]);
        }
        Self {
            kept,
            out: Offsets::new(dims, out),
            len: p.dims[k],
            step: p.strides[k],
            out_step: own[k],
            count,
            run,
        }
    }

    /// Whether the rows loop applies (see the module documentation).
    #[inline(always)]
    pub(crate) fn by_rows(&self) -> bool {
        self.run > 1 && self.step != 1 && self.len > 1
    }

    /// The elements of the lane of output element `n`, in order along the axis.
    #[inline(always)]
    pub(crate) fn lane<'a, T: Copy>(
        &self,
        src: &'a [T],
        n: usize,
    ) -> impl Iterator<Item = T> + use<'a, T> {
        let (first, step) = (self.kept.at(n), self.step);
        (0..self.len).map(move |j| src[first + j * step])
    }
}

/// Axis `axis` (valid for rank `rank`) as a padded slot.
pub(crate) const fn slot(axis: isize, rank: usize) -> usize {
    let r = rank as isize;
    (MAX_RANK as isize - r + if axis < 0 { axis + r } else { axis }) as usize
}

/// The walk of axis `AX` of `a`: a constant for an operand of `Fixed` kind.
#[inline(always)]
pub(crate) fn walk<A: Operand, const AX: isize>(a: &A) -> Walk {
    <A::Kind as Kind>::pick(
        || const { Walk::new(&fixed_padded::<A>(), slot(AX, <A::Shape as Shape>::RANK)) },
        || Walk::new(&a.padded(), slot(AX, <A::Shape as Shape>::RANK)),
    )
}

/// A `Fixed` operand's extents and strides as constants.
const fn fixed_padded<A: Operand>() -> Padded {
    Padded {
        dims: <A::Shape as Shape>::PADDED_DIMS,
        strides: <A::Layout as crate::layout::Layout<A::Shape>>::STRIDES,
    }
}

/// The whole operand as one walk: the reduced slot is the axis of the smallest stride among
/// those longer than 1 (the innermost of equals), so lanes step through memory as little as
/// they can; `None` when the elements are packed row-major (one run of adjacent elements).
const fn whole(p: &Padded) -> Option<Walk> {
    let own = row_major(&p.dims);
    let (mut packed, mut best) = (true, MAX_RANK - 1);
    let mut i = MAX_RANK;
    while i > 0 {
        i -= 1;
        if p.dims[i] > 1 {
            if p.strides[i] != own[i] {
                packed = false;
            }
            if p.dims[best] == 1 || p.strides[i] < p.strides[best] {
                best = i;
            }
        }
    }
    if packed {
        None
    } else {
        Some(Walk::new(p, best))
    }
}

/// [`whole`] of `a`: a constant for an operand of `Fixed` kind.
#[inline(always)]
fn whole_of<A: Operand>(a: &A) -> Option<Walk> {
    <A::Kind as Kind>::pick(
        || const { whole(&fixed_padded::<A>()) },
        || whole(&a.padded()),
    )
}

/// `op` folded over the `len` elements from `first`, `step` apart (at least one): pairwise when
/// they are adjacent, in order otherwise.
#[inline(always)]
fn fold_lane<T: Copy>(
    src: &[T],
    first: usize,
    step: usize,
    len: usize,
    op: &impl Fn(T, T) -> T,
) -> T {
    if step == 1 {
        return pairwise(&src[first..first + len], op);
    }
    let mut acc = src[first];
    for j in 1..len {
        acc = op(acc, src[first + j * step]);
    }
    acc
}

/// A tensor of shape `O` whose slots `fill` writes, every one of them: extents `dims()` for a
/// shape with `Dyn` (called only then). The loops stay in the caller's function, where a
/// `Fixed` walk's numbers are constants (a closure per element, as `from_flat_fn` takes, was
/// left out of line, and the walk with it).
#[inline(always)]
#[track_caller]
pub(crate) fn written<T, O: Shape>(
    dims: impl FnOnce() -> O::Index,
    fill: impl FnOnce(&mut [MaybeUninit<T>]),
) -> Tensor<T, O> {
    <O::Kind as Kind>::pick_with(
        fill,
        |fill| Tensor::from_writer(fill),
        |fill| match Tensor::try_from_writer(dims(), fill) {
            Ok(t) => t,
            Err(e) => crate::ops::shape_panic(e),
        },
    )
}

/// `op` folded along the axis of `w` over `a`'s elements into a tensor of shape `O` (extents
/// `dims`, called only for a shape with `Dyn`). The axis is not empty.
#[inline(always)]
#[track_caller]
pub(crate) fn fold_axis<A: Operand, O: Shape>(
    a: &A,
    w: Walk,
    dims: impl FnOnce() -> O::Index,
    op: impl Fn(A::Elem, A::Elem) -> A::Elem,
) -> Tensor<A::Elem, O>
where
    A::Elem: Copy,
{
    let src = a.source();
    let (len, step, run) = (w.len, w.step, w.run);
    if !w.by_rows() {
        return written(dims, |slots| {
            for (n, slot) in slots.iter_mut().enumerate() {
                slot.write(fold_lane(src, w.kept.at(n), step, len, &op));
            }
        });
    }
    // Each block of the output is `run` adjacent elements of every row along the axis: the
    // first row copied, the others folded in order, four per pass over the block (read and
    // written once per four).
    let mut out = written(dims, |slots| {
        for (o, block) in slots.chunks_exact_mut(run).enumerate() {
            let first = &src[w.kept.at(o * run)..][..run];
            for (slot, &v) in block.iter_mut().zip(first) {
                slot.write(v);
            }
        }
    });
    for (o, dst) in out.as_mut_slice().chunks_exact_mut(run).enumerate() {
        let base = w.kept.at(o * run);
        let row = |j: usize| &src[base + j * step..][..run];
        let mut j = 1;
        while j + 4 <= len {
            let (r0, r1, r2, r3) = (row(j), row(j + 1), row(j + 2), row(j + 3));
            for i in 0..run {
                dst[i] = op(op(op(op(dst[i], r0[i]), r1[i]), r2[i]), r3[i]);
            }
            j += 4;
        }
        for j in j..len {
            for (d, &v) in dst.iter_mut().zip(row(j)) {
                *d = op(*d, v);
            }
        }
    }
    out
}

/// `op` folded over every element of `a` (at least one): pairwise over a packed operand; else
/// each lane of its smallest stride folded, and the lanes folded in order.
#[inline(always)]
pub(crate) fn fold_all<A: Operand>(a: &A, op: impl Fn(A::Elem, A::Elem) -> A::Elem) -> A::Elem
where
    A::Elem: Copy,
{
    let src = a.source();
    let Some(w) = whole_of(a) else {
        return pairwise(&src[..crate::layout::element_count(a.extents())], &op);
    };
    let mut acc = fold_lane(src, w.kept.at(0), w.step, w.len, &op);
    for n in 1..w.count {
        acc = op(acc, fold_lane(src, w.kept.at(n), w.step, w.len, &op));
    }
    acc
}

/// The element of `a` at each row-major position, for walks over the whole operand in order.
#[inline(always)]
pub(crate) fn flat<A: Operand>(a: &A) -> impl Fn(usize) -> A::Elem + use<'_, A>
where
    A::Elem: Copy,
{
    let src = a.source();
    let w = whole_of(a);
    let all = <A::Kind as Kind>::pick(
        || const { Offsets::new(fixed_padded::<A>().dims, fixed_padded::<A>().strides) },
        || {
            let p = a.padded();
            Offsets::new(p.dims, p.strides)
        },
    );
    move |n| match w {
        None => src[n],
        Some(_) => src[all.at(n)],
    }
}
