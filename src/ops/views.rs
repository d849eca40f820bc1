//! Static views that rearrange axes. Result shapes come from the axis algebra
//! ([`crate::shape::axis`]): an axis out of range does not compile, and the error names the axis
//! and the shape.
//!
//! Nothing is copied, any layout: [`t`](crate::TensorView::t) reverses the axes,
//! [`swap_axes`](crate::TensorView::swap_axes) exchanges two,
//! [`move_axis`](crate::TensorView::move_axis) moves one,
//! [`diagonal`](crate::TensorView::diagonal) takes the diagonal of two axes of equal extent,
//! [`diagonal_to`](crate::TensorView::diagonal_to) any diagonal, its length named,
//! [`slice_axis`](crate::TensorView::slice_axis) (and [`slice!`](macro@crate::slice)) every
//! `STEP`-th element of a range. A view is an operand of every element-wise operation,
//! broadcast-checked at compile time, and [`to_tensor`](crate::TensorView::to_tensor) copies it
//! out.
//!
//! A view of a static source has its strides as constants of its layout type and keeps nothing
//! beside its elements. A view of a source with a `Dyn` axis keeps its extents and strides,
//! computed from the source's by [`crate::layout::derive`] when it is taken (its layout type
//! says so: [`Layout::Kind`] is `Runtime`), whatever its own shape: a window of the last axis of
//! `[2, Dyn]` is a `[2, 2]` whose strides are known at run time. A window or diagonal that does
//! not fit its run-time extent panics there (`try_narrow` returns the error).

use crate::layout::derive::{self, Source, Target};
use crate::layout::{
    DiagonalOf, DiagonalToOf, Layout, Moved, Narrowed, Permuted, Reversed, RowMajor, Stepped,
    Swapped, stride_of,
};
use crate::shape::axis::{
    AxisList, Diagonal, DiagonalTo, ExtentAt, MoveAxis, Permute, ReplaceAxis, Reverse, SwapAxes,
    diagonal_len,
};
use crate::shape::kind::Kind;
use crate::view::{ViewDims, ViewKind};
use crate::{Shape, Tensor, TensorView};

/// What a view of `S2` laid out by `L2`, taken from `src` (a view of `S` laid out by `L`), keeps
/// beside its elements. A static source: nothing (its view is static too: `L2` derives its kind
/// from the source's), and `derive` is not even compiled in. A source with a run-time extent or
/// stride: `derive` computes the result's extents and strides from the source's stored ones.
#[inline(always)]
pub(crate) fn derived<S: Shape, L: Layout<S>, S2: Shape, L2: Layout<S2>>(
    src: &ViewDims<S, L>,
    derive: impl FnOnce(Source<'_>, Target<'_>),
) -> ViewDims<S2, L2> {
    <ViewKind<S2, L2> as Kind>::derived_view_dims::<S2>(|dims, strides| {
        let source = Source {
            dims: <ViewKind<S, L> as Kind>::view_dims::<S>(src),
            strides: <ViewKind<S, L> as Kind>::view_strides::<S, L>(src),
        };
        derive(source, Target { dims, strides })
    })
}

/// A window (`try_narrow`, `slice_axis`) or diagonal (`diagonal_to`) that does not fit the shape
/// of a view with a `Dyn` axis, found when the program runs.
#[cold]
#[inline(never)]
fn misfit(what: core::fmt::Arguments<'_>) -> ! {
    panic!("{what}")
}

/// The window `start..start + len` of axis `AXIS` of `view` as a view of the shape with extent
/// `E` there (`len` is `E`'s, or any for `Dyn`): `try_narrow` and `try_narrow_dyn`.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn narrowed<'a, T, S, L, const AXIS: isize, E: crate::Extent>(
    view: TensorView<'a, T, S, L>,
    start: usize,
    len: usize,
) -> Result<
    TensorView<'a, T, <S as ReplaceAxis<AXIS, E>>::Output, Narrowed<S, L, AXIS, E>>,
    crate::ShapeError,
>
where
    S: ReplaceAxis<AXIS, E> + ExtentAt<AXIS>,
    L: Layout<S>,
{
    let extent = <ViewKind<S, L> as Kind>::pick(
        || <<S as ExtentAt<AXIS>>::Output as crate::Extent>::VALUE,
        || derive::extent(view.shape(), AXIS),
    );
    if start > extent || len > extent - start {
        return Err(crate::ShapeError::Narrow {
            axis: AXIS,
            start,
            len,
            shape: crate::error::Dims::new(view.shape()),
        });
    }
    let stride: usize = <ViewKind<S, L> as Kind>::pick(
        || const { stride_of(&<L as Layout<S>>::STRIDES, AXIS, S::RANK) },
        || derive::stride(view.strides(), AXIS),
    );
    let dims = derived::<S, L, <S as ReplaceAxis<AXIS, E>>::Output, Narrowed<S, L, AXIS, E>>(
        view.view_dims(),
        |src, out| {
            derive::stepped(AXIS, start, 1, len, src, out);
        },
    );
    let data = view.source();
    // An empty window (or source) reaches nothing: keep the data as it is.
    let empty = <ViewKind<S, L> as Kind>::pick(|| const { S::NUM == 0 }, || view.is_empty());
    let data = if len == 0 || empty {
        data
    } else {
        &data[start * stride..]
    };
    Ok(TensorView::from_parts_with(data, dims))
}

macro_rules! view_ops {
    ($lt:lifetime, $layout:ty, |$this:ident| $view:expr) => {
        /// All axes reversed (numpy's `.T`): a view, nothing copied.
        ///
        /// ```
        /// use shaped::{shape, tensor, Tensor};
        /// let m = tensor![[1, 2, 3], [4, 5, 6]];
        /// let t = m.t();                                   // shape [3, 2]
        /// assert_eq!((t[[2, 0]], t[[0, 1]]), (3, 4));
        /// let sum: Tensor<i32, shape![3, 2]> = &t + &tensor![10, 20];
        /// assert_eq!(sum, tensor![[11, 24], [12, 25], [13, 26]]);
        /// ```
        #[inline]
        pub fn t(&self) -> TensorView<$lt, T, <S as Reverse>::Output, Reversed<S, $layout>>
        where
            S: Reverse,
        {
            let $this = self;
            let view = $view;
            let dims = derived::<S, $layout, <S as Reverse>::Output, Reversed<S, $layout>>(
                view.view_dims(),
                derive::reversed,
            );
            TensorView::from_parts_with(view.source(), dims)
        }

        /// Axes `A` and `B` exchanged (negative axes count from the end): a view, nothing copied.
        ///
        /// ```
        /// use shaped::{shape, Tensor};
        /// let x = Tensor::<u32, shape![2, 3, 4]>::from_fn(|[a, b, c]| (100 * a + 10 * b + c) as u32);
        /// let v = x.swap_axes::<0, -1>();                  // shape [4, 3, 2]
        /// assert_eq!((v.shape(), v[[3, 2, 1]]), (&[4, 3, 2][..], 123));
        /// ```
        #[inline]
        pub fn swap_axes<const A: isize, const B: isize>(
            &self,
        ) -> TensorView<$lt, T, <S as SwapAxes<A, B>>::Output, Swapped<S, $layout, A, B>>
        where
            S: SwapAxes<A, B>,
        {
            let $this = self;
            let view = $view;
            let dims = derived::<S, $layout, <S as SwapAxes<A, B>>::Output, Swapped<S, $layout, A, B>>(
                view.view_dims(),
                |src, out| derive::swapped(A, B, src, out),
            );
            TensorView::from_parts_with(view.source(), dims)
        }

        /// The diagonal of axes `A1` and `A2`, which must have the same extent (numpy's
        /// `diagonal`): both removed, the diagonal appended as the last axis. A view; it does
        /// not compile for unequal extents or the same axis twice.
        ///
        /// ```
        /// use shaped::{shape, tensor, Tensor};
        /// let m = tensor![[1, 2, 3], [4, 5, 6], [7, 8, 9]];
        /// assert_eq!(m.diagonal::<0, 1>().to_tensor(), tensor![1, 5, 9]);
        /// let x = Tensor::<u32, shape![2, 3, 2]>::from_fn(|[a, b, c]| (100 * a + 10 * b + c) as u32);
        /// let d = x.diagonal::<0, -1>();                   // shape [3, 2]
        /// assert_eq!(d.to_tensor(), tensor![[0, 101], [10, 111], [20, 121]]);
        /// ```
        #[inline]
        pub fn diagonal<const A1: isize, const A2: isize>(
            &self,
        ) -> TensorView<$lt, T, <S as Diagonal<A1, A2>>::Output, DiagonalOf<S, $layout, A1, A2>>
        where
            S: Diagonal<A1, A2>,
        {
            let $this = self;
            let view = $view;
            let dims = derived::<S, $layout, <S as Diagonal<A1, A2>>::Output, DiagonalOf<S, $layout, A1, A2>>(
                view.view_dims(),
                |src, out| {
                    derive::diagonal(A1, A2, 0, src, out);
                },
            );
            TensorView::from_parts_with(view.source(), dims)
        }

        /// The diagonal `OFFSET` of axes `A1` and `A2`, whose length you name as the extent `E`
        /// (numpy's `diagonal(offset, axis1, axis2)`): for axes of unequal extents, or above
        /// (`OFFSET > 0`) or below (`OFFSET < 0`) the main diagonal. Both axes are removed and
        /// the diagonal appended as the last axis, a view. `E` must be the diagonal's length,
        /// `min(e1 - max(0, -OFFSET), e2 - max(0, OFFSET))` and at least 0 (`One` for 1, `Dim<0>`
        /// past the edge), checked when the program is built: another `E` fails `cargo build`,
        /// the note naming the shape, the axes, the offset and `E`; axes out of range, or the
        /// same axis twice, fail `cargo check`.
        ///
        /// ```
        /// use shaped::{shape, tensor, Dim, One, Tensor};
        /// let m = tensor![[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]];   // [3, 4]
        /// assert_eq!(m.diagonal_to::<0, 1, 0, Dim<3>>().to_tensor(), tensor![1, 6, 11]);
        /// assert_eq!(m.diagonal_to::<0, 1, 1, Dim<3>>().to_tensor(), tensor![2, 7, 12]);
        /// assert_eq!(m.diagonal_to::<0, 1, -2, One>().to_tensor(), tensor![9]);
        /// assert_eq!(m.diagonal_to::<1, 0, 2, One>().to_tensor(), tensor![9]);   // axes swapped
        /// let x = Tensor::<u32, shape![2, 3, 2]>::from_fn(|[a, b, c]| (100 * a + 10 * b + c) as u32);
        /// let d = x.diagonal_to::<0, 1, 1, Dim<2>>();        // [2, 2]: d[c, i] = x[i, i + 1, c]
        /// assert_eq!(d.to_tensor(), tensor![[10, 120], [11, 121]]);
        /// ```
        ///
        /// ```compile_fail
        /// use shaped::{tensor, Dim};
        /// let m = tensor![[1, 2, 3], [4, 5, 6]];
        /// let _d = m.diagonal_to::<0, 1, 1, Dim<3>>();      // the diagonal 1 has 2 elements
        /// ```
        #[inline]
        #[allow(clippy::type_complexity)]
        pub fn diagonal_to<const A1: isize, const A2: isize, const OFFSET: isize, E: crate::Extent>(
            &self,
        ) -> TensorView<
            $lt,
            T,
            <S as DiagonalTo<A1, A2, E>>::Output,
            DiagonalToOf<S, $layout, A1, A2, E>,
        >
        where
            S: DiagonalTo<A1, A2, E> + ExtentAt<A1> + ExtentAt<A2>,
        {
            let $this = self;
            let view = $view;
            let mut first = 0;
            let dims = derived::<S, $layout, <S as DiagonalTo<A1, A2, E>>::Output, DiagonalToOf<S, $layout, A1, A2, E>>(
                view.view_dims(),
                |src, out| first = derive::diagonal(A1, A2, OFFSET, src, out),
            );
            // Checked here (not in a closure) so the error points at the call; a `Dyn` extent
            // is checked when the program runs.
            const {
                let e1 = <<S as ExtentAt<A1>>::Output as crate::Extent>::STATIC;
                let e2 = <<S as ExtentAt<A2>>::Output as crate::Extent>::STATIC;
                if let (Some(e1), Some(e2), Some(e)) = (e1, e2, E::STATIC) {
                    assert!(
                        e == diagonal_len(e1, e2, OFFSET),
                        "diagonal_to: the target extent E must be the diagonal's length, \
                         min(e1 - max(0, -OFFSET), e2 - max(0, OFFSET)) and at least 0; the note \
                         below names the shape, the axes A1 and A2, OFFSET and E"
                    );
                }
            };
            let start = <ViewKind<S, $layout> as Kind>::pick(|| const {
                let strides = &<$layout as Layout<S>>::STRIDES;
                match OFFSET {
                    // An empty diagonal (or source) reaches nothing: its data stays where it is.
                    _ if E::VALUE == 0 || S::NUM == 0 => 0,
                    o if o < 0 => o.unsigned_abs() * stride_of(strides, A1, S::RANK),
                    o => o.unsigned_abs() * stride_of(strides, A2, S::RANK),
                }
            }, || {
                let shape = view.shape();
                let len = diagonal_len(
                    derive::extent(shape, A1),
                    derive::extent(shape, A2),
                    OFFSET,
                );
                if E::STATIC.is_some_and(|e| e != len) {
                    misfit(format_args!(
                        "diagonal_to: the diagonal {OFFSET} of axes {A1} and {A2} of shape \
                         {shape:?} has {len} elements, not the {} the type E names",
                        E::VALUE
                    ));
                }
                first
            });
            TensorView::from_parts_with(&view.source()[start..], dims)
        }

        /// The window `start..start + E` of axis `AXIS` (`E` an extent type: `Dim<3>`, or `One`
        /// for a window of 1), as a view: the window's length is in the type, its start is
        /// checked here, once. A length known only when the program runs is
        /// [`try_narrow_dyn`](Self::try_narrow_dyn)'s (`E = Dyn` fails `cargo build`, the
        /// message naming it).
        ///
        /// Errors: [`ShapeError::Narrow`](crate::ShapeError::Narrow) when the window does not
        /// fit the axis.
        ///
        /// ```
        /// use shaped::{shape, tensor, Dim, Tensor};
        /// let m = tensor![[1, 2, 3, 4], [5, 6, 7, 8]];
        /// let w = m.try_narrow::<1, Dim<2>>(1)?;             // m[:, 1:3], shape [2, 2]
        /// assert_eq!(w.to_tensor(), tensor![[2, 3], [6, 7]]);
        /// assert!(m.try_narrow::<-1, Dim<3>>(2).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        #[inline]
        pub fn try_narrow<const AXIS: isize, E: crate::Extent>(
            &self,
            start: usize,
        ) -> Result<
            TensorView<$lt, T, <S as ReplaceAxis<AXIS, E>>::Output, Narrowed<S, $layout, AXIS, E>>,
            crate::ShapeError,
        >
        where
            S: ReplaceAxis<AXIS, E> + ExtentAt<AXIS>,
        {
            // Checked here (not in the helper) so the error points at the call.
            const {
                assert!(
                    E::STATIC.is_some(),
                    "try_narrow: the window's length E is `Dyn`, known only when the program \
                     runs; give it as a number with `try_narrow_dyn::<AXIS>(start, len)`"
                )
            };
            let len = const {
                match E::STATIC {
                    Some(len) => len,
                    None => 0,
                }
            };
            let $this = self;
            narrowed::<T, S, $layout, AXIS, E>($view, start, len)
        }

        /// The window `start..start + len` of axis `AXIS`, its length given when the program
        /// runs, as a view whose axis `AXIS` is `Dyn` (numpy's `a[.., start:start + len, ..]`):
        /// the view keeps its extents and strides, whatever the source's kind. The window is
        /// checked here, once. A mini-batch of a `[Dyn, 784]` input:
        ///
        /// Errors: [`ShapeError::Narrow`](crate::ShapeError::Narrow) when the window does not
        /// fit the axis (as [`try_narrow`](Self::try_narrow)'s).
        ///
        /// ```
        /// use shaped::{layout::Narrowed, shape, Dyn, RowMajor, Tensor, TensorView};
        /// type Batch = shape![Dyn, 784];
        /// let x = Tensor::<f32, Batch>::from_shape_fn(&[100, 784], |[r, c]| (r + c) as f32)?;
        /// let w = Tensor::<f32, shape![784, 10]>::filled(0.5);
        /// let bias = Tensor::<f32, shape![10]>::filled(1.0);
        /// for (s, e) in [(0, 32), (32, 64), (64, 96), (96, 100)] {
        ///     let batch: TensorView<'_, f32, Batch, Narrowed<Batch, RowMajor, 0, Dyn>> =
        ///         x.try_narrow_dyn::<0>(s, e - s)?;
        ///     let y: Tensor<f32, shape![Dyn, 10]> = &batch.matmul(&w) + &bias;
        ///     assert_eq!(y.shape(), &[e - s, 10]);
        ///     assert_eq!(batch[[0, 1]], (s + 1) as f32);
        /// }
        /// let cols = x.try_narrow_dyn::<-1>(780, 4)?;        // shape [100, 4], at run time
        /// assert_eq!((cols.shape(), cols.strides()), (&[100, 4][..], &[784, 1][..]));
        /// assert!(x.try_narrow_dyn::<0>(99, 2).is_err());
        /// // A static source too: the window's extent is run-time, its kind `Runtime`.
        /// let m = Tensor::<i32, shape![3, 4]>::from_fn(|[r, c]| (10 * r + c) as i32);
        /// let rows = m.try_narrow_dyn::<0>(1, 2)?;             // shape![Dyn, 4]
        /// assert_eq!(rows.to_tensor().as_slice(), &[10, 11, 12, 13, 20, 21, 22, 23]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        #[inline]
        #[allow(clippy::type_complexity)]
        pub fn try_narrow_dyn<const AXIS: isize>(
            &self,
            start: usize,
            len: usize,
        ) -> Result<
            TensorView<
                $lt,
                T,
                <S as ReplaceAxis<AXIS, crate::Dyn>>::Output,
                Narrowed<S, $layout, AXIS, crate::Dyn>,
            >,
            crate::ShapeError,
        >
        where
            S: ReplaceAxis<AXIS, crate::Dyn> + ExtentAt<AXIS>,
        {
            let $this = self;
            narrowed::<T, S, $layout, AXIS, crate::Dyn>($view, start, len)
        }

        /// `E` elements of axis `AXIS`, every `STEP`-th from `START` (numpy's
        /// `a[.., START:START + E * STEP:STEP, ..]`), as a view. Usually written with
        /// [`slice!`](macro@crate::slice), which computes `E` from a literal range. The range is
        /// checked when the crate is built: one that reaches past the axis, or a `STEP` of 0,
        /// fails `cargo build` naming the shape, the axis, `START`, `STEP` and `E`.
        ///
        /// ```
        /// use shaped::{shape, tensor, Dim, Tensor};
        /// let m = tensor![[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]];
        /// let w = m.slice_axis::<1, 0, 2, Dim<3>>();           // m[:, 0:5:2], shape [2, 3]
        /// assert_eq!(w.to_tensor(), tensor![[1, 3, 5], [6, 8, 10]]);
        /// let sum: Tensor<i32, shape![2, 3]> = &w + &tensor![100, 200, 300];
        /// assert_eq!(sum, tensor![[101, 203, 305], [106, 208, 310]]);
        /// ```
        ///
        /// ```compile_fail
        /// use shaped::{tensor, Dim};
        /// let m = tensor![[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]];
        /// let _w = m.slice_axis::<1, 1, 2, Dim<3>>();          // would read m[:, 5]
        /// ```
        #[inline]
        #[allow(clippy::type_complexity)]
        pub fn slice_axis<const AXIS: isize, const START: usize, const STEP: usize, E: crate::Extent>(
            &self,
        ) -> TensorView<
            $lt,
            T,
            <S as ReplaceAxis<AXIS, E>>::Output,
            Stepped<S, $layout, AXIS, E, STEP>,
        >
        where
            S: ReplaceAxis<AXIS, E> + ExtentAt<AXIS>,
        {
            let $this = self;
            let view = $view;
            let mut first = 0;
            let dims = derived::<S, $layout, <S as ReplaceAxis<AXIS, E>>::Output, Stepped<S, $layout, AXIS, E, STEP>>(
                view.view_dims(),
                |src, out| first = derive::stepped(AXIS, START, STEP, E::VALUE, src, out),
            );
            // Checked here (not in a closure) so the error points at the call; a `Dyn` extent
            // is checked when the program runs.
            const {
                assert!(STEP > 0, "slice_axis: STEP must be at least 1");
                let extent = <<S as ExtentAt<AXIS>>::Output as crate::Extent>::STATIC;
                if let Some(extent) = extent {
                    assert!(
                        E::VALUE == 0 || START + (E::VALUE - 1) * STEP < extent,
                        "slice_axis: the slice's last element, START + (E - 1) * STEP, lies past \
                         the end of axis AXIS; the note below names the shape, AXIS, START, STEP \
                         and E"
                    );
                }
            };
            let start = <ViewKind<S, $layout> as Kind>::pick(|| const {
                // An empty slice (or source) reaches nothing: its data stays where it is.
                if E::VALUE == 0 || S::NUM == 0 {
                    0
                } else {
                    START * stride_of(&<$layout as Layout<S>>::STRIDES, AXIS, S::RANK)
                }
            }, || {
                let extent = derive::extent(view.shape(), AXIS);
                if !derive::fits(extent, START, STEP, E::VALUE) {
                    misfit(format_args!(
                        "slice_axis: {} elements every {STEP} from {START} do not fit axis {AXIS} \
                         of shape {:?}",
                        E::VALUE,
                        view.shape()
                    ));
                }
                first
            });
            TensorView::from_parts_with(&view.source()[start..], dims)
        }

        /// The axes in the order `P`, written `axes![..]` (numpy's `transpose(axes)`): a view.
        /// A wrong number of axes or one out of range fails `cargo check`; a repeated axis fails
        /// `cargo build`.
        ///
        /// ```
        /// use shaped::{axes, shape, Tensor};
        /// let x = Tensor::<u32, shape![2, 3, 4]>::from_fn(|[a, b, c]| (100 * a + 10 * b + c) as u32);
        /// let v = x.permute::<axes![2, 0, 1]>();           // shape [4, 2, 3]
        /// assert_eq!((v.shape(), v[[3, 1, 2]]), (&[4, 2, 3][..], 123));
        /// ```
        #[inline]
        pub fn permute<P: AxisList>(
            &self,
        ) -> TensorView<$lt, T, <S as Permute<P>>::Output, Permuted<S, $layout, P>>
        where
            S: Permute<P>,
        {
            let $this = self;
            let view = $view;
            // Evaluated here so a repeated axis fails the build at the call.
            const {
                assert!(
                    derive::is_permutation(P::AXES, S::RANK),
                    "a permutation must name each axis once: this one repeats an axis"
                )
            };
            let dims = derived::<S, $layout, <S as Permute<P>>::Output, Permuted<S, $layout, P>>(
                view.view_dims(),
                |src, out| derive::permuted(P::AXES, src, out),
            );
            TensorView::from_parts_with(view.source(), dims)
        }

        /// Axis `SRC` moved to position `DST`, the others in order (numpy's `moveaxis`): a view.
        ///
        /// ```
        /// use shaped::{shape, Tensor};
        /// let x = Tensor::<u32, shape![2, 3, 4]>::from_fn(|[a, b, c]| (100 * a + 10 * b + c) as u32);
        /// let v = x.move_axis::<0, -1>();                  // shape [3, 4, 2]
        /// assert_eq!((v.shape(), v[[2, 3, 1]]), (&[3, 4, 2][..], 123));
        /// ```
        #[inline]
        pub fn move_axis<const SRC: isize, const DST: isize>(
            &self,
        ) -> TensorView<$lt, T, <S as MoveAxis<SRC, DST>>::Output, Moved<S, $layout, SRC, DST>>
        where
            S: MoveAxis<SRC, DST>,
        {
            let $this = self;
            let view = $view;
            let dims = derived::<S, $layout, <S as MoveAxis<SRC, DST>>::Output, Moved<S, $layout, SRC, DST>>(
                view.view_dims(),
                |src, out| derive::moved(SRC, DST, src, out),
            );
            TensorView::from_parts_with(view.source(), dims)
        }
    };
}

impl<T, S: Shape> Tensor<T, S> {
    view_ops!('_, RowMajor, |t| t.view());
}

impl<'a, T, S: Shape, L: Layout<S>> TensorView<'a, T, S, L> {
    view_ops!('a, L, |v| *v);
}
