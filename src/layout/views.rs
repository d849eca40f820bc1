//! The layouts of static views that rearrange axes: reversed, swapped, moved, permuted, a
//! diagonal, a narrowed window. Each computes its strides as a constant from the source layout's,
//! so a view of a view is one more layout type and nothing at run time. Which shapes these views
//! have is the axis algebra's business ([`crate::shape::axis`]). [`Strided`] is the one layout
//! without constants: a dynamic view's own strides, kept at run time.

use core::marker::PhantomData;

use super::Layout;
use crate::shape::axis::{
    AxisList, Diagonal, DiagonalTo, ExtentAt, InsertAxis, MoveAxis, Permute, RemoveAxis,
    ReplaceAxis, Reverse, SwapAxes,
};
use crate::shape::kind::{Kind, Runtime};
use crate::{Extent, MAX_RANK, One, Shape};

/// Position `axis` of a rank-`rank` shape in the padded `MAX_RANK` slots (the axis is valid).
const fn slot(axis: isize, rank: usize) -> usize {
    let a = if axis < 0 { axis + rank as isize } else { axis };
    MAX_RANK - rank + a as usize
}

/// The layout of a view of `Src` (laid out by `L`) with its axes reversed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reversed<Src, L>(PhantomData<(Src, L)>);

impl<Src: Reverse, L: Layout<Src>> Layout<<Src as Reverse>::Output> for Reversed<Src, L> {
    type Kind = <L::Kind as Kind>::Or<Src::Kind>;
    const STRIDES: [usize; MAX_RANK] = {
        let mut out = L::STRIDES;
        let first = MAX_RANK - Src::RANK;
        let mut k = 0;
        while k < Src::RANK {
            out[first + k] = L::STRIDES[MAX_RANK - 1 - k];
            k += 1;
        }
        out
    };
}

/// The layout of a view of `Src` (laid out by `L`) with axes `A` and `B` exchanged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Swapped<Src, L, const A: isize, const B: isize>(PhantomData<(Src, L)>);

impl<Src: SwapAxes<A, B>, L: Layout<Src>, const A: isize, const B: isize>
    Layout<<Src as SwapAxes<A, B>>::Output> for Swapped<Src, L, A, B>
{
    type Kind = <L::Kind as Kind>::Or<Src::Kind>;
    const STRIDES: [usize; MAX_RANK] = {
        let mut out = L::STRIDES;
        let (i, j) = (slot(A, Src::RANK), slot(B, Src::RANK));
        out[i] = L::STRIDES[j];
        out[j] = L::STRIDES[i];
        out
    };
}

/// The layout of a view of `Src` (laid out by `L`) with axis `SRC` moved to position `DST`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moved<Src, L, const SRC: isize, const DST: isize>(PhantomData<(Src, L)>);

impl<Src: MoveAxis<SRC, DST>, L: Layout<Src>, const SRC: isize, const DST: isize>
    Layout<<Src as MoveAxis<SRC, DST>>::Output> for Moved<Src, L, SRC, DST>
{
    type Kind = <L::Kind as Kind>::Or<Src::Kind>;
    const STRIDES: [usize; MAX_RANK] = {
        let mut out = L::STRIDES;
        let first = MAX_RANK - Src::RANK;
        let (s, d) = (slot(SRC, Src::RANK) - first, slot(DST, Src::RANK) - first);
        // Result axis k reads source axis: s at k == d, else the k-th of the others.
        let mut k = 0;
        let mut other = 0;
        while k < Src::RANK {
            if k == d {
                out[first + k] = L::STRIDES[first + s];
            } else {
                if other == s {
                    other += 1;
                }
                out[first + k] = L::STRIDES[first + other];
                other += 1;
            }
            k += 1;
        }
        out
    };
}

/// The layout of the diagonal view of axes `A1`, `A2` of `Src` (laid out by `L`): the other axes
/// in order, then one axis whose stride is the sum of the two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiagonalOf<Src, L, const A1: isize, const A2: isize>(PhantomData<(Src, L)>);

impl<Src: Diagonal<A1, A2>, L: Layout<Src>, const A1: isize, const A2: isize>
    Layout<<Src as Diagonal<A1, A2>>::Output> for DiagonalOf<Src, L, A1, A2>
{
    type Kind = <L::Kind as Kind>::Or<Src::Kind>;
    const STRIDES: [usize; MAX_RANK] = diagonal_strides(&L::STRIDES, Src::RANK, A1, A2);
}

/// The layout of the diagonal view with `E` elements of axes `A1`, `A2` of `Src` (laid out by
/// `L`), at any offset: the strides of [`DiagonalOf`]; the view's data starts at the diagonal's
/// first element.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiagonalToOf<Src, L, const A1: isize, const A2: isize, E>(PhantomData<(Src, L, E)>);

impl<Src: DiagonalTo<A1, A2, E>, L: Layout<Src>, const A1: isize, const A2: isize, E: Extent>
    Layout<<Src as DiagonalTo<A1, A2, E>>::Output> for DiagonalToOf<Src, L, A1, A2, E>
{
    type Kind = <L::Kind as Kind>::Or<Src::Kind>;
    const STRIDES: [usize; MAX_RANK] = diagonal_strides(&L::STRIDES, Src::RANK, A1, A2);
}

/// The strides of the diagonal of axes `a1`, `a2` of a rank-`rank` shape laid out with
/// `strides`: the other axes in order, then one axis whose stride is the sum of the two.
const fn diagonal_strides(
    strides: &[usize; MAX_RANK],
    rank: usize,
    a1: isize,
    a2: isize,
) -> [usize; MAX_RANK] {
    let mut out = [0; MAX_RANK];
    let first = MAX_RANK - rank;
    let (i, j) = (slot(a1, rank), slot(a2, rank));
    // The result has rank `rank - 1`: its axes start one slot later.
    let mut k = first + 1;
    let mut src = first;
    while src < MAX_RANK {
        if src != i && src != j {
            out[k] = strides[src];
            k += 1;
        }
        src += 1;
    }
    out[MAX_RANK - 1] = strides[i] + strides[j];
    out
}

/// The layout of a view of `Src` (laid out by `L`) that keeps every `STEP`-th element of axis
/// `AXIS`, `E` of them: that axis's stride times `STEP`; the view's data starts at the first kept
/// element.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stepped<Src, L, const AXIS: isize, E, const STEP: usize>(PhantomData<(Src, L, E)>);

impl<Src: ReplaceAxis<AXIS, E>, L: Layout<Src>, const AXIS: isize, E: Extent, const STEP: usize>
    Layout<<Src as ReplaceAxis<AXIS, E>>::Output> for Stepped<Src, L, AXIS, E, STEP>
{
    type Kind = <L::Kind as Kind>::Or<Src::Kind>;
    const STRIDES: [usize; MAX_RANK] = {
        let mut out = L::STRIDES;
        let i = slot(AXIS, Src::RANK);
        out[i] *= STEP;
        out
    };
}

/// The layout of a view of `Src` (laid out by `L`) narrowed along axis `AXIS` to extent `E`: the
/// same strides; the view's data starts at the first kept element.
pub type Narrowed<Src, L, const AXIS: isize, E> = Stepped<Src, L, AXIS, E, 1>;

/// The stride of axis `axis` (valid) of a shape of rank `rank` laid out with `strides`.
pub(crate) const fn stride_of(strides: &[usize; MAX_RANK], axis: isize, rank: usize) -> usize {
    strides[slot(axis, rank)]
}

/// The layout of a view of `Src` (laid out by `L`) with its axes in the order `P`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Permuted<Src, L, P>(PhantomData<(Src, L, P)>);

impl<Src: Permute<P>, L: Layout<Src>, P: AxisList> Layout<<Src as Permute<P>>::Output>
    for Permuted<Src, L, P>
{
    type Kind = <L::Kind as Kind>::Or<Src::Kind>;
    const STRIDES: [usize; MAX_RANK] = {
        let mut out = L::STRIDES;
        let first = MAX_RANK - Src::RANK;
        let mut seen = [false; MAX_RANK];
        let mut k = 0;
        while k < Src::RANK {
            let from = slot(P::AXES[k], Src::RANK);
            assert!(
                !seen[from],
                "a permutation must name each axis once: this one repeats an axis"
            );
            seen[from] = true;
            out[first + k] = L::STRIDES[from];
            k += 1;
        }
        out
    };
}

/// The layout of one entry along axis `A` of `Src` (laid out by `L`): that axis removed, the
/// others keeping their strides; the view's data starts at the entry's first element.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EntryOf<Src, L, const A: isize>(PhantomData<(Src, L)>);

impl<Src: RemoveAxis<A>, L: Layout<Src>, const A: isize> Layout<<Src as RemoveAxis<A>>::Output>
    for EntryOf<Src, L, A>
{
    type Kind = <L::Kind as Kind>::Or<Src::Kind>;
    const STRIDES: [usize; MAX_RANK] = {
        let mut out = L::STRIDES;
        // Slots before axis `A` move one slot right, into the result's rank - 1 slots.
        let mut i = slot(A, Src::RANK);
        while i > MAX_RANK - Src::RANK {
            out[i] = L::STRIDES[i - 1];
            i -= 1;
        }
        out
    };
}

/// The layout of one lane along axis `A` of `Src` (laid out by `L`): a rank-1 view with that
/// axis's stride; the view's data starts at the lane's first element.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaneOf<Src, L, const A: isize>(PhantomData<(Src, L)>);

impl<Src: ExtentAt<A>, L: Layout<Src>, const A: isize> Layout<(<Src as ExtentAt<A>>::Output,)>
    for LaneOf<Src, L, A>
{
    type Kind = <L::Kind as Kind>::Or<Src::Kind>;
    const STRIDES: [usize; MAX_RANK] = {
        let mut out = [0; MAX_RANK];
        out[MAX_RANK - 1] = L::STRIDES[slot(A, Src::RANK)];
        out
    };
}

/// The layout of a view of `Src` (laid out by `L`) with a new axis of extent 1 at position `A`
/// of the result: stride 0 there, the other axes keeping theirs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unsqueezed<Src, L, const A: isize>(PhantomData<(Src, L)>);

impl<Src: InsertAxis<A, One>, L: Layout<Src>, const A: isize>
    Layout<<Src as InsertAxis<A, One>>::Output> for Unsqueezed<Src, L, A>
{
    type Kind = <L::Kind as Kind>::Or<Src::Kind>;
    const STRIDES: [usize; MAX_RANK] = {
        let mut out = [0; MAX_RANK];
        let first = MAX_RANK - Src::RANK;
        let at = slot(A, Src::RANK + 1);
        let mut k = first - 1;
        while k < MAX_RANK {
            out[k] = match k {
                _ if k < at => L::STRIDES[k + 1],
                _ if k == at => 0,
                _ => L::STRIDES[k],
            };
            k += 1;
        }
        out
    };
}

/// The layout of a static view whose strides are only known when the program runs, whatever
/// its shape: the view keeps them beside its extents (its kind is [`Runtime`]), as a view taken
/// from a source with a `Dyn` axis does. What a [`DynView`](crate::DynView) becomes as a static
/// view with its own strides ([`DynView::try_into_static`](crate::DynView::try_into_static)):
/// transposed, strided or broadcast (stride 0), any non-negative strides. Every operation takes
/// such a view, through its run-time arm; for constant strides, a packed row-major `DynView`
/// converts to `TensorView<T, S>` (`TensorView::try_from`).
///
/// ```
/// use shaped::{shape, DynTensor, Strided, TensorView};
/// let d = DynTensor::from_shape_vec(&[2, 3], vec![1, 2, 3, 4, 5, 6])?;
/// let t: TensorView<'_, i32, shape![3, 2], Strided> = d.t().try_into_static()?;
/// assert_eq!((t.strides(), t[[2, 1]]), (&[1, 3][..], 6));
/// # Ok::<(), shaped::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Strided;

impl<S: Shape> Layout<S> for Strided {
    type Kind = Runtime;
    // Never named: a `Runtime` view reads the strides it keeps (naming them fails the build).
    const STRIDES: [usize; MAX_RANK] =
        panic!("a `Strided` view's strides are known only when the program runs");
}
