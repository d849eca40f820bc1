//! Static views along one axis: [`axis_iter`](crate::TensorView::axis_iter) (each entry of axis
//! `A`, that axis removed, ndarray's `axis_iter`) and [`lanes`](crate::TensorView::lanes) (each
//! 1-D lane along axis `A`, ndarray's `lanes`), and the views that remove an axis of extent 1 or
//! add one ([`squeeze`](crate::TensorView::squeeze), [`unsqueeze`](crate::TensorView::unsqueeze):
//! an entry of that axis, a stride-0 axis). The view types are computed by the axis algebra
//! and their strides are the layout types [`EntryOf`] and [`LaneOf`]; for a source with a `Dyn`
//! axis the extents and strides are derived once, when the iterator is made (as every static
//! view of such a source: [`crate::layout::derive`]).

use crate::iter::Indices;
use crate::layout::derive::{self, Source};
use crate::layout::{EntryOf, LaneOf, Layout, RowMajor, Unsqueezed};
use crate::shape::axis::{ExtentAt, InsertAxis, RemoveAxis, SqueezeAxis};
use crate::view::ViewDims;
use crate::{One, Shape, Tensor, TensorView};

use super::views::derived;

/// The entries of one axis of a static view, each a view with that axis removed; from
/// [`axis_iter`](crate::TensorView::axis_iter).
pub struct AxisIter<'a, T, S: Shape, L: Layout<S>> {
    data: &'a [T],
    dims: ViewDims<S, L>,
    stride: usize,
    next: usize,
    len: usize,
    _layout: core::marker::PhantomData<L>,
}

impl<'a, T, S: Shape, L: Layout<S>> Iterator for AxisIter<'a, T, S, L> {
    type Item = TensorView<'a, T, S, L>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.next == self.len {
            return None;
        }
        // An empty source keeps its (empty) data where it is.
        let at = if self.data.is_empty() {
            0
        } else {
            self.next * self.stride
        };
        self.next += 1;
        Some(TensorView::from_parts_with(&self.data[at..], self.dims))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.len - self.next, Some(self.len - self.next))
    }
}

impl<T, S: Shape, L: Layout<S>> ExactSizeIterator for AxisIter<'_, T, S, L> {}

/// The 1-D lanes along one axis of a static view, in row-major order of the other axes; from
/// [`lanes`](crate::TensorView::lanes).
pub struct Lanes<'a, T, E: Shape, L: Layout<E>, O: Shape> {
    data: &'a [T],
    dims: ViewDims<E, L>,
    others: Indices<O>,
    strides: O::Index,
    _layout: core::marker::PhantomData<L>,
}

impl<'a, T, E: Shape, L: Layout<E>, O: Shape> Iterator for Lanes<'a, T, E, L, O> {
    type Item = TensorView<'a, T, E, L>;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let index = self.others.next()?;
        // An empty source (lanes of extent 0) keeps its (empty) data where it is.
        let at = if self.data.is_empty() {
            0
        } else {
            index
                .as_ref()
                .iter()
                .zip(self.strides.as_ref())
                .map(|(i, s)| i * s)
                .sum()
        };
        Some(TensorView::from_parts_with(&self.data[at..], self.dims))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.others.size_hint()
    }
}

impl<T, E: Shape, L: Layout<E>, O: Shape> ExactSizeIterator for Lanes<'_, T, E, L, O> {}

/// The lane shape along axis `A` of `S`.
pub type LaneShape<S, const A: isize> = (<S as ExtentAt<A>>::Output,);

impl<'a, T, S: Shape, L: Layout<S>> TensorView<'a, T, S, L> {
    /// The entries of axis `A` (negative from the end), each a view with that axis removed:
    /// `a[:, i]` for every `i` when `A` is 1 (ndarray's `axis_iter`, numpy's iteration over
    /// `np.moveaxis(a, A, 0)`). An axis out of range does not compile.
    ///
    /// ```
    /// use shaped::{tensor, Tensor};
    /// let m = tensor![[1, 2, 3], [4, 5, 6]];
    /// let cols: Vec<Vec<i32>> = m.axis_iter::<1>().map(|c| c.iter().copied().collect()).collect();
    /// assert_eq!(cols, [[1, 4], [2, 5], [3, 6]]);
    /// let rows: Vec<i32> = m.view().axis_iter::<0>().map(|r| r.iter().sum()).collect();
    /// assert_eq!(rows, [6, 15]);
    /// ```
    pub fn axis_iter<const A: isize>(
        &self,
    ) -> AxisIter<'a, T, <S as RemoveAxis<A>>::Output, EntryOf<S, L, A>>
    where
        S: RemoveAxis<A>,
    {
        let dims = derived::<S, L, <S as RemoveAxis<A>>::Output, EntryOf<S, L, A>>(
            self.view_dims(),
            |src, out| derive::removed(A, src, out),
        );
        AxisIter {
            data: self.source(),
            dims,
            stride: derive::stride(self.strides(), A),
            next: 0,
            len: derive::extent(self.shape(), A),
            _layout: core::marker::PhantomData,
        }
    }

    /// Every 1-D lane along axis `A` (negative from the end), in row-major order of the other
    /// axes (ndarray's `lanes`): the rows of a matrix for `A` = -1, its columns for 0. An axis
    /// out of range does not compile.
    ///
    /// ```
    /// use shaped::tensor;
    /// let m = tensor![[1, 2, 3], [4, 5, 6]];
    /// let sums: Vec<i32> = m.lanes::<0>().map(|c| c.iter().sum()).collect();
    /// assert_eq!(sums, [5, 7, 9]);
    /// assert_eq!(m.lanes::<-1>().map(|r| r[[2]]).collect::<Vec<_>>(), [3, 6]);
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn lanes<const A: isize>(
        &self,
    ) -> Lanes<'a, T, LaneShape<S, A>, LaneOf<S, L, A>, <S as RemoveAxis<A>>::Output>
    where
        S: ExtentAt<A> + RemoveAxis<A>,
    {
        let dims =
            derived::<S, L, LaneShape<S, A>, LaneOf<S, L, A>>(self.view_dims(), |src, out| {
                derive::lane(A, src, out)
            });
        let (mut others, mut strides) = (
            <<S as RemoveAxis<A>>::Output as Shape>::Index::default(),
            <<S as RemoveAxis<A>>::Output as Shape>::Index::default(),
        );
        let mut d = [0; crate::MAX_RANK];
        let mut s = [0; crate::MAX_RANK];
        let source = Source {
            dims: self.shape(),
            strides: self.strides(),
        };
        let rank = S::RANK - 1;
        derive::removed(
            A,
            source,
            derive::Target {
                dims: &mut d[..rank],
                strides: &mut s[..rank],
            },
        );
        others.as_mut().copy_from_slice(&d[..rank]);
        strides.as_mut().copy_from_slice(&s[..rank]);
        Lanes {
            data: self.source(),
            dims,
            others: Indices::new(others),
            strides,
            _layout: core::marker::PhantomData,
        }
    }
}

impl<'a, T, S: Shape, L: Layout<S>> TensorView<'a, T, S, L> {
    /// Axis `A`, of extent 1, removed: a view (the owned [`Tensor::squeeze`] moves instead).
    /// Any other extent does not compile; a `Dyn` axis cannot be squeezed (its extent is not
    /// known to be 1).
    ///
    /// ```
    /// use shaped::{shape, tensor, Tensor};
    /// let m = tensor![[1, 2, 3]];                        // [1, 3]
    /// let v = m.view().squeeze::<0>();
    /// assert_eq!((v.shape(), v[[2]]), (&[3][..], 3));
    /// ```
    pub fn squeeze<const A: isize>(
        &self,
    ) -> TensorView<'a, T, <S as RemoveAxis<A>>::Output, EntryOf<S, L, A>>
    where
        S: SqueezeAxis<A> + RemoveAxis<A>,
    {
        let dims = derived::<S, L, <S as RemoveAxis<A>>::Output, EntryOf<S, L, A>>(
            self.view_dims(),
            |src, out| derive::removed(A, src, out),
        );
        TensorView::from_parts_with(self.source(), dims)
    }

    /// A new axis of extent 1 at position `A` of the result (`-1` appends), stride 0: a view
    /// (the owned [`Tensor::unsqueeze`] moves instead).
    ///
    /// ```
    /// use shaped::tensor;
    /// let r = tensor![1, 2, 3];
    /// let col = r.view().unsqueeze::<-1>();               // [3, 1]
    /// assert_eq!((col.shape(), col[[2, 0]]), (&[3, 1][..], 3));
    /// ```
    pub fn unsqueeze<const A: isize>(
        &self,
    ) -> TensorView<'a, T, <S as InsertAxis<A, One>>::Output, Unsqueezed<S, L, A>>
    where
        S: InsertAxis<A, One>,
    {
        let dims = derived::<S, L, <S as InsertAxis<A, One>>::Output, Unsqueezed<S, L, A>>(
            self.view_dims(),
            |src, out| derive::inserted(A, src, out),
        );
        TensorView::from_parts_with(self.source(), dims)
    }
}

impl<T, S: Shape> Tensor<T, S> {
    /// The entries of axis `A`, each a view with that axis removed: as
    /// [`TensorView::axis_iter`].
    pub fn axis_iter<const A: isize>(
        &self,
    ) -> AxisIter<'_, T, <S as RemoveAxis<A>>::Output, EntryOf<S, RowMajor, A>>
    where
        S: RemoveAxis<A>,
    {
        let view: TensorView<'_, T, S> = self.view();
        view.axis_iter::<A>()
    }

    /// Every 1-D lane along axis `A`: as [`TensorView::lanes`].
    #[allow(clippy::type_complexity)]
    pub fn lanes<const A: isize>(
        &self,
    ) -> Lanes<'_, T, LaneShape<S, A>, LaneOf<S, RowMajor, A>, <S as RemoveAxis<A>>::Output>
    where
        S: ExtentAt<A> + RemoveAxis<A>,
    {
        let view: TensorView<'_, T, S> = self.view();
        view.lanes::<A>()
    }
}
