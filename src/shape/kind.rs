//! Whether a shape is known whole at compile time ([`Fixed`]) or has a run-time axis
//! ([`Runtime`]): the one switch between the two ways a tensor is kept and an operation is run.
//!
//! A shape's kind is computed from its extents' ([`Shape::Kind`]):
//! `Fixed` when every extent is `Dim<N>` or `One`, `Runtime` as soon as one is
//! [`Dyn`](crate::Dyn). Everything that differs between the two is a method of [`Kind`], so the
//! code of one kind is only ever compiled for shapes of that kind:
//! - a `Fixed` tensor stores its elements inline and nothing else; its extents, strides and loop
//!   plans are constants (`Shape::NUM`, `Shape::DIMS`, ...), exactly as before `Dyn` existed;
//! - a `Runtime` tensor keeps its extents beside its elements on the heap (a view borrows
//!   them), and its loop plan is computed once per call by the same `layout::plan` function.
//!
//! Operations choose with [`Kind::select`]: the caller passes both arms as a [`Select`], and only
//! the arm of the operands' kind is instantiated.

use core::fmt::Debug;
use core::mem::MaybeUninit;

use crate::layout::{Layout, Padded};
use crate::storage::{fixed, runtime};
use crate::{Shape, ShapeError};

pub(crate) mod sealed {
    pub trait Sealed {}
}

/// Every extent known at compile time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fixed;

/// At least one extent known only at run time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Runtime;

impl sealed::Sealed for Fixed {}
impl sealed::Sealed for Runtime {}

/// An operation with one arm per kind of shape; [`Kind::select`] runs the arm of its kind.
pub trait Select {
    /// What both arms return.
    type Output;
    /// Every operand's shape is known at compile time.
    fn fixed(self) -> Self::Output;
    /// Some operand has a run-time extent.
    fn runtime(self) -> Self::Output;
}

/// [`Fixed`] or [`Runtime`]. Sealed.
pub trait Kind:
    sealed::Sealed + crate::ops::engine::Run + Copy + Default + Debug + Send + Sync + 'static
{
    /// `Fixed` when both are `Fixed`, else `Runtime`.
    type Or<K: Kind>: Kind;
    /// `true` for [`Fixed`].
    const FIXED: bool;
    /// What a tensor of shape `S` holds: its elements (nested arrays) for `Fixed`; its extents and
    /// its elements on the heap for `Runtime`.
    #[doc(hidden)]
    type Store<T, S: Shape>;
    /// What a view of shape `S` holds beside its elements: nothing for `Fixed` (extents and
    /// strides are constants), its extents and strides for `Runtime`.
    #[doc(hidden)]
    type ViewDims<S: Shape>: Copy + Debug + Send + Sync;
    /// Runs `op`'s arm for this kind.
    fn select<V: Select>(op: V) -> V::Output;
    /// Runs `fixed` for [`Fixed`], `runtime` for [`Runtime`]: only the closure called is
    /// compiled, so `fixed` may name constants (`const { S::NUM }`) that a `Dyn` shape lacks.
    #[doc(hidden)]
    fn pick<R>(fixed: impl FnOnce() -> R, runtime: impl FnOnce() -> R) -> R;
    /// [`pick`](Kind::pick) handing `arg` (a tensor moved in) to the arm it runs.
    #[doc(hidden)]
    fn pick_with<A, R>(arg: A, fixed: impl FnOnce(A) -> R, runtime: impl FnOnce(A) -> R) -> R;

    #[doc(hidden)]
    fn as_slice<T, S: Shape>(store: &Self::Store<T, S>) -> &[T];
    #[doc(hidden)]
    fn as_mut_slice<T, S: Shape>(store: &mut Self::Store<T, S>) -> &mut [T];
    #[doc(hidden)]
    fn dims<T, S: Shape>(store: &Self::Store<T, S>) -> &[usize];
    /// The elements, mutable, and the extents, at once.
    #[doc(hidden)]
    fn split_mut<T, S: Shape>(store: &mut Self::Store<T, S>) -> (&mut [T], &[usize]);
    #[doc(hidden)]
    fn view_dims<S: Shape>(dims: &Self::ViewDims<S>) -> &[usize];
    #[doc(hidden)]
    type IntoIter<T, S: Shape>: Iterator<Item = T>;
    #[doc(hidden)]
    fn into_iter<T, S: Shape>(store: Self::Store<T, S>) -> Self::IntoIter<T, S>;
    /// The storage whose `n` slots `fill` writes, for extents `dims` (the shape's own for
    /// `Fixed`); an error when the memory cannot be had.
    #[doc(hidden)]
    fn try_from_writer<T, S: Shape>(
        dims: S::Index,
        n: usize,
        fill: impl FnOnce(&mut [MaybeUninit<T>]),
    ) -> Result<Self::Store<T, S>, ShapeError>;
    /// The storage of the `n` elements `elems` yields (exactly `n`, the caller's contract), for
    /// extents `dims`. A `Vec`'s own iterator is collected back into its allocation.
    #[doc(hidden)]
    fn try_from_elems<T, S: Shape>(
        dims: S::Index,
        n: usize,
        elems: impl Iterator<Item = T>,
    ) -> Result<Self::Store<T, S>, ShapeError>;
    /// The storage of a shape without `Dyn` whose slots `fill` writes (the contract of
    /// `storage::fixed::from_writer`; `Fixed` only). One call between a tensor and its slots, so
    /// a debug build compiles one function per shape here, not three.
    #[doc(hidden)]
    fn from_writer<T, S: Shape>(fill: impl FnOnce(&mut [MaybeUninit<T>])) -> Self::Store<T, S>;
    /// Nested arrays as the storage (`Fixed` only: the static constructors, which name
    /// `S::NUM`, cannot be built for a `Runtime` shape).
    #[doc(hidden)]
    fn from_nested<T, S: Shape>(nested: S::Nested<T>) -> Self::Store<T, S>;
    /// The storage as nested arrays (`Fixed` only).
    #[doc(hidden)]
    fn into_nested<T, S: Shape>(store: Self::Store<T, S>) -> S::Nested<T>;
    /// What a view of a `Fixed` shape keeps (nothing); `Runtime` views are made from extents.
    #[doc(hidden)]
    fn fixed_view_dims<S: Shape>() -> Self::ViewDims<S>;
    /// A row-major view's dims for extents `dims`.
    #[doc(hidden)]
    fn row_major_view_dims<S: Shape>(dims: S::Index) -> Self::ViewDims<S>;
    /// A tensor's row-major strides.
    #[doc(hidden)]
    fn tensor_strides<T, S: Shape>(store: &Self::Store<T, S>) -> &[usize];
    /// What a view of `S` keeps when it is derived from another view (a transpose, a window):
    /// nothing for `Fixed` (`derive` is not called: a static view's layout type holds its
    /// strides); for `Runtime`, the extents and strides `derive` writes from the source's.
    #[doc(hidden)]
    fn derived_view_dims<S: Shape>(
        derive: impl FnOnce(&mut [usize], &mut [usize]),
    ) -> Self::ViewDims<S>;
    /// The storage of the elements `f` computes from their row-major positions, for extents
    /// `dims()` (called for `Runtime` only: `Fixed` extents are constants). A failed allocation
    /// panics, as `Vec`'s does.
    #[doc(hidden)]
    fn from_flat_fn<T, S: Shape>(
        dims: impl FnOnce() -> S::Index,
        f: impl FnMut(usize) -> T,
    ) -> Self::Store<T, S>;
    /// A view's strides: `L`'s constants for `Fixed`, the stored ones for `Runtime`.
    #[doc(hidden)]
    fn view_strides<S: Shape, L: Layout<S>>(dims: &Self::ViewDims<S>) -> &[usize];
    /// A view's extents and strides as a loop plan reads them, right-aligned in
    /// [`MAX_RANK`](crate::MAX_RANK) slots (constants for `Fixed`).
    #[doc(hidden)]
    fn padded<S: Shape, L: Layout<S>>(dims: &Self::ViewDims<S>) -> Padded;
}

impl Kind for Fixed {
    type Or<K: Kind> = K;
    const FIXED: bool = true;
    type Store<T, S: Shape> = S::Nested<T>;
    type ViewDims<S: Shape> = ();
    #[inline(always)]
    fn select<V: Select>(op: V) -> V::Output {
        op.fixed()
    }
    #[inline(always)]
    fn pick<R>(fixed: impl FnOnce() -> R, _: impl FnOnce() -> R) -> R {
        fixed()
    }
    #[inline(always)]
    fn pick_with<A, R>(arg: A, fixed: impl FnOnce(A) -> R, _: impl FnOnce(A) -> R) -> R {
        fixed(arg)
    }
    #[inline(always)]
    fn derived_view_dims<S: Shape>(_: impl FnOnce(&mut [usize], &mut [usize])) {}
    #[inline(always)]
    fn from_flat_fn<T, S: Shape>(
        _: impl FnOnce() -> S::Index,
        mut f: impl FnMut(usize) -> T,
    ) -> S::Nested<T> {
        S::build(0, &mut f)
    }
    // The flat views and the writer are written out here, each with `as` casts rather than
    // `ptr::from_ref(..).cast()`, so a debug build compiles one function per tensor type for
    // each, not a chain of four (`cargo xtask compile-time`).
    #[inline(always)]
    fn as_slice<T, S: Shape>(store: &S::Nested<T>) -> &[T] {
        const { fixed::assert_storage_is_flat::<T, S>() };
        // SAFETY: `S::Nested<T>` is `T` nested in arrays, which is `S::NUM` contiguous `T`s with
        // no padding (size and alignment asserted at compile time above), and we borrow it.
        unsafe { core::slice::from_raw_parts(store as *const S::Nested<T> as *const T, S::NUM) }
    }
    #[inline(always)]
    fn as_mut_slice<T, S: Shape>(store: &mut S::Nested<T>) -> &mut [T] {
        const { fixed::assert_storage_is_flat::<T, S>() };
        // SAFETY: as in `as_slice`, borrowed mutably and exclusively.
        unsafe { core::slice::from_raw_parts_mut(store as *mut S::Nested<T> as *mut T, S::NUM) }
    }
    #[inline(always)]
    fn dims<T, S: Shape>(_: &S::Nested<T>) -> &[usize] {
        S::dims()
    }
    #[inline(always)]
    fn split_mut<T, S: Shape>(store: &mut S::Nested<T>) -> (&mut [T], &[usize]) {
        (Self::as_mut_slice::<T, S>(store), S::dims())
    }
    #[inline(always)]
    fn view_dims<S: Shape>(_: &()) -> &[usize] {
        S::dims()
    }
    type IntoIter<T, S: Shape> = S::IntoIter<T>;
    #[inline]
    fn into_iter<T, S: Shape>(store: S::Nested<T>) -> S::IntoIter<T> {
        S::into_flat_iter(store)
    }
    #[inline(always)]
    fn try_from_writer<T, S: Shape>(
        _: S::Index,
        _: usize,
        fill: impl FnOnce(&mut [MaybeUninit<T>]),
    ) -> Result<S::Nested<T>, ShapeError> {
        Ok(Self::from_writer::<T, S>(fill))
    }
    #[inline]
    fn try_from_elems<T, S: Shape>(
        _: S::Index,
        _: usize,
        mut elems: impl Iterator<Item = T>,
    ) -> Result<S::Nested<T>, ShapeError> {
        Ok(Self::from_writer::<T, S>(|slots| {
            for slot in slots {
                match elems.next() {
                    Some(x) => {
                        slot.write(x);
                    }
                    None => unreachable!("the caller passes exactly S::NUM elements"),
                }
            }
        }))
    }
    /// Callers are this crate's kernels, each covering exactly `S::NUM` contiguous slots (the
    /// static plans assert it at compile time, the run-time plans before any kernel runs).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_writer<T, S: Shape>(fill: impl FnOnce(&mut [MaybeUninit<T>])) -> S::Nested<T> {
        const { fixed::assert_storage_is_flat::<T, S>() };
        let mut data = MaybeUninit::<S::Nested<T>>::uninit();
        // SAFETY: `S::Nested<T>` is `T` nested in arrays, laid out like `[T; S::NUM]` (size and
        // alignment asserted above); `MaybeUninit<T>` has `T`'s layout and any bytes are a valid
        // `MaybeUninit`. The slice covers exactly the storage, which we own exclusively here.
        let slots = unsafe {
            core::slice::from_raw_parts_mut(&raw mut data as *mut MaybeUninit<T>, S::NUM)
        };
        fill(slots);
        // SAFETY: `fill` wrote all `S::NUM` slots (the contract above). If it panicked we never
        // get here: the written elements leak, nothing is read uninitialised.
        unsafe { data.assume_init() }
    }
    #[inline(always)]
    fn from_nested<T, S: Shape>(nested: S::Nested<T>) -> S::Nested<T> {
        nested
    }
    #[inline(always)]
    fn into_nested<T, S: Shape>(store: S::Nested<T>) -> S::Nested<T> {
        store
    }
    #[inline(always)]
    fn fixed_view_dims<S: Shape>() {}
    #[inline(always)]
    fn row_major_view_dims<S: Shape>(_: S::Index) {}
    #[inline(always)]
    fn tensor_strides<T, S: Shape>(_: &S::Nested<T>) -> &[usize] {
        crate::view::strides::<S, crate::RowMajor>()
    }
    #[inline(always)]
    fn view_strides<S: Shape, L: Layout<S>>(_: &()) -> &[usize] {
        crate::view::strides::<S, L>()
    }
    #[inline(always)]
    fn padded<S: Shape, L: Layout<S>>(_: &()) -> Padded {
        Padded {
            dims: S::PADDED_DIMS,
            strides: L::STRIDES,
        }
    }
}

impl Kind for Runtime {
    type Or<K: Kind> = Runtime;
    const FIXED: bool = false;
    type Store<T, S: Shape> = runtime::Heap<T, S::Index>;
    type ViewDims<S: Shape> = runtime::ViewDims<S::Index>;
    #[inline(always)]
    fn select<V: Select>(op: V) -> V::Output {
        op.runtime()
    }
    #[inline(always)]
    fn pick<R>(_: impl FnOnce() -> R, runtime: impl FnOnce() -> R) -> R {
        runtime()
    }
    #[inline(always)]
    fn pick_with<A, R>(arg: A, _: impl FnOnce(A) -> R, runtime: impl FnOnce(A) -> R) -> R {
        runtime(arg)
    }
    #[inline]
    fn derived_view_dims<S: Shape>(
        derive: impl FnOnce(&mut [usize], &mut [usize]),
    ) -> runtime::ViewDims<S::Index> {
        let (mut dims, mut strides) = (S::Index::default(), S::Index::default());
        derive(dims.as_mut(), strides.as_mut());
        runtime::ViewDims { dims, strides }
    }
    #[inline]
    fn from_flat_fn<T, S: Shape>(
        dims: impl FnOnce() -> S::Index,
        mut f: impl FnMut(usize) -> T,
    ) -> runtime::Heap<T, S::Index> {
        let dims = dims();
        let store = crate::layout::checked_count(dims.as_ref())
            .ok_or_else(|| ShapeError::Overflow {
                shape: crate::error::Dims::new(dims.as_ref()),
            })
            .and_then(|n| {
                runtime::Heap::try_from_writer(dims, n, |slots| {
                    for (i, slot) in slots.iter_mut().enumerate() {
                        slot.write(f(i));
                    }
                })
            });
        match store {
            Ok(store) => store,
            Err(e) => crate::error::shape_panic(e),
        }
    }
    #[inline(always)]
    fn as_slice<T, S: Shape>(store: &runtime::Heap<T, S::Index>) -> &[T] {
        store.as_slice()
    }
    #[inline(always)]
    fn as_mut_slice<T, S: Shape>(store: &mut runtime::Heap<T, S::Index>) -> &mut [T] {
        store.as_mut_slice()
    }
    #[inline(always)]
    fn dims<T, S: Shape>(store: &runtime::Heap<T, S::Index>) -> &[usize] {
        store.dims.as_ref()
    }
    #[inline(always)]
    fn split_mut<T, S: Shape>(store: &mut runtime::Heap<T, S::Index>) -> (&mut [T], &[usize]) {
        store.split_mut()
    }
    #[inline(always)]
    fn view_dims<S: Shape>(dims: &runtime::ViewDims<S::Index>) -> &[usize] {
        dims.dims.as_ref()
    }
    type IntoIter<T, S: Shape> = runtime::IntoIter<T>;
    #[inline]
    fn into_iter<T, S: Shape>(store: runtime::Heap<T, S::Index>) -> runtime::IntoIter<T> {
        store.into_iter()
    }
    #[inline(always)]
    fn try_from_writer<T, S: Shape>(
        dims: S::Index,
        n: usize,
        fill: impl FnOnce(&mut [MaybeUninit<T>]),
    ) -> Result<runtime::Heap<T, S::Index>, ShapeError> {
        runtime::Heap::try_from_writer(dims, n, fill)
    }
    #[inline]
    fn try_from_elems<T, S: Shape>(
        dims: S::Index,
        n: usize,
        elems: impl Iterator<Item = T>,
    ) -> Result<runtime::Heap<T, S::Index>, ShapeError> {
        runtime::Heap::try_from_elems(dims, n, elems)
    }
    fn from_writer<T, S: Shape>(
        _: impl FnOnce(&mut [MaybeUninit<T>]),
    ) -> runtime::Heap<T, S::Index> {
        unreachable!("a shape with a `Dyn` axis is built from its extents")
    }
    fn from_nested<T, S: Shape>(_: S::Nested<T>) -> runtime::Heap<T, S::Index> {
        unreachable!("a shape with a `Dyn` axis has no nested-array storage")
    }
    fn into_nested<T, S: Shape>(_: runtime::Heap<T, S::Index>) -> S::Nested<T> {
        unreachable!("a shape with a `Dyn` axis has no nested-array storage")
    }
    fn fixed_view_dims<S: Shape>() -> runtime::ViewDims<S::Index> {
        unreachable!("a view of a shape with a `Dyn` axis is made from its extents")
    }
    #[inline]
    fn row_major_view_dims<S: Shape>(dims: S::Index) -> runtime::ViewDims<S::Index> {
        let strides = runtime::row_major(&dims);
        runtime::ViewDims { dims, strides }
    }
    #[inline(always)]
    fn tensor_strides<T, S: Shape>(store: &runtime::Heap<T, S::Index>) -> &[usize] {
        store.strides()
    }
    #[inline(always)]
    fn view_strides<S: Shape, L: Layout<S>>(dims: &runtime::ViewDims<S::Index>) -> &[usize] {
        dims.strides.as_ref()
    }
    #[inline]
    fn padded<S: Shape, L: Layout<S>>(dims: &runtime::ViewDims<S::Index>) -> Padded {
        Padded::new(dims.dims.as_ref(), dims.strides.as_ref())
    }
}
