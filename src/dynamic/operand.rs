//! [`DynOperand`]: what a dynamic operation can read, static tensors included.
//!
//! Dynamic tensors, their views, and static tensors and views all describe themselves the same
//! way (elements, extents, strides), so `dyn_tensor.try_add(&static_tensor)` is checked at run
//! time like any other pair.

use super::layout::Layout;
use super::plan::Src;
use super::view_layout::collect;
use super::{DynTensor, DynView, DynViewMut};
use crate::layout::Layout as StaticLayout;
use crate::shape::kind::Kind;
use crate::{MAX_RANK, Shape, Tensor, TensorView};

mod sealed {
    pub trait Sealed {}
}

/// Something a dynamic element-wise operation can read: a [`DynTensor`], a [`DynView`], a
/// [`DynViewMut`], a static [`Tensor`] or [`TensorView`], or a reference to any of them. Sealed.
pub trait DynOperand: sealed::Sealed {
    /// The element type.
    type Elem;
    /// The buffer, the position of the first element in it, extents, and signed strides in
    /// elements.
    #[doc(hidden)]
    fn parts(&self) -> Parts<'_, Self::Elem>;
}

/// What [`DynOperand::parts`] returns: buffer, first element's position, extents, strides.
#[doc(hidden)]
pub type Parts<'a, T> = (&'a [T], usize, &'a [usize], &'a [isize]);

#[inline(always)]
pub(crate) fn src<R: DynOperand + ?Sized>(r: &R) -> Src<'_, R::Elem> {
    let (data, base, dims, strides) = r.parts();
    Src {
        data,
        base,
        dims,
        strides,
    }
}

impl<R: DynOperand + ?Sized> sealed::Sealed for &R {}
impl<R: DynOperand + ?Sized> DynOperand for &R {
    type Elem = R::Elem;
    #[inline(always)]
    fn parts(&self) -> Parts<'_, R::Elem> {
        (**self).parts()
    }
}

impl<T> sealed::Sealed for DynTensor<T> {}
impl<T> DynOperand for DynTensor<T> {
    type Elem = T;
    #[inline(always)]
    fn parts(&self) -> Parts<'_, T> {
        (self.as_slice(), 0, self.shape(), self.strides())
    }
}

impl<T> sealed::Sealed for DynView<'_, T> {}
impl<T> DynOperand for DynView<'_, T> {
    type Elem = T;
    #[inline(always)]
    fn parts(&self) -> Parts<'_, T> {
        (
            self.data(),
            self.layout().offset(),
            self.shape(),
            self.strides(),
        )
    }
}

impl<T> sealed::Sealed for DynViewMut<'_, T> {}
impl<T> DynOperand for DynViewMut<'_, T> {
    type Elem = T;
    #[inline(always)]
    fn parts(&self) -> Parts<'_, T> {
        (
            self.buffer(),
            self.layout().offset(),
            self.shape(),
            self.strides(),
        )
    }
}

impl<T, S: Shape> sealed::Sealed for Tensor<T, S> {}
impl<T, S: Shape> DynOperand for Tensor<T, S> {
    type Elem = T;
    #[inline(always)]
    fn parts(&self) -> Parts<'_, T> {
        S::Kind::pick(
            || {
                let strides: &'static [isize; MAX_RANK] =
                    const { &signed(&crate::layout::row_major(&S::PADDED_DIMS)) };
                (
                    self.as_slice(),
                    0,
                    S::dims(),
                    &strides[MAX_RANK - S::RANK..],
                )
            },
            || {
                let strides = S::Kind::tensor_strides::<T, S>(self.store());
                (self.as_slice(), 0, self.shape(), as_signed(strides))
            },
        )
    }
}

impl<T, S: Shape, L: StaticLayout<S>> sealed::Sealed for TensorView<'_, T, S, L> {}
impl<T, S: Shape, L: StaticLayout<S>> DynOperand for TensorView<'_, T, S, L> {
    type Elem = T;
    #[inline(always)]
    fn parts(&self) -> Parts<'_, T> {
        <crate::view::ViewKind<S, L> as Kind>::pick(
            || {
                let strides: &'static [isize; MAX_RANK] = const { &signed(&L::STRIDES) };
                (self.source(), 0, S::dims(), &strides[MAX_RANK - S::RANK..])
            },
            || (self.source(), 0, self.shape(), as_signed(self.strides())),
        )
    }
}

/// The strides of a static tensor or view with a `Dyn` axis, kept as `usize`, read as the signed
/// strides the dynamic planner takes. Every stride of a view that reaches more than one element
/// is below `isize::MAX` (it stays inside one allocation); a larger one (beside a 0 extent, from
/// wrapping products) only ever meets no element.
fn as_signed(s: &[usize]) -> &[isize] {
    // SAFETY: `usize` and `isize` have the same size and alignment and every bit pattern is valid
    // for both; the new slice covers exactly the old one's memory, borrowed for as long.
    unsafe { core::slice::from_raw_parts(s.as_ptr().cast::<isize>(), s.len()) }
}

/// A static layout's strides as signed strides (they are small: a static shape's element count
/// fits in memory).
const fn signed(s: &[usize; MAX_RANK]) -> [isize; MAX_RANK] {
    let mut out = [0; MAX_RANK];
    let mut i = 0;
    while i < MAX_RANK {
        out[i] = s[i] as isize;
        i += 1;
    }
    out
}

/// `r` read with `before` unit axes in front of its own and `after` behind them (ncnn's
/// placement of a lower-rank operand). Nothing is copied; a unit axis's stride is never used.
pub(crate) fn padded<R: DynOperand + ?Sized>(
    r: &R,
    before: usize,
    after: usize,
) -> DynView<'_, R::Elem> {
    let (data, offset, dims, strides) = r.parts();
    let rank = before + dims.len() + after;
    let ones = |n| core::iter::repeat_n(1, n);
    let zeros = |n| core::iter::repeat_n(0, n);
    let layout = Layout {
        dims: collect(
            ones(before).chain(dims.iter().copied()).chain(ones(after)),
            rank,
        ),
        strides: collect(
            zeros(before)
                .chain(strides.iter().copied())
                .chain(zeros(after)),
            rank,
        ),
        offset,
    };
    DynView::new(data, layout)
}
