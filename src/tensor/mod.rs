//! [`Tensor<T, S>`](Tensor): an owned tensor, its elements inline in row-major order.
//!
//! Over 400 lines, about 100 of them documentation with runnable examples: the type and its
//! inherent methods (constructors, element access, conversions) read best in one place; the
//! standard traits are in `traits.rs`.

use core::mem::MaybeUninit;

use crate::error::ShapeError;
use crate::layout::index::step_index;
use crate::layout::{BroadcastLayout, RowMajor};
use crate::shape::kind::Kind;
use crate::storage::fixed;
use crate::{BroadcastInto, Scalar, Shape, TensorView, TensorViewMut};

pub(crate) mod construct;
mod from_shape;
mod traits;
pub(crate) use from_shape::check_dims;

/// An owned tensor of shape `S`, row-major.
///
/// When every extent of `S` is known at compile time the storage is `T` nested in arrays
/// (`[[T; 3]; 2]` for `shape![2, 3]`), inline: the tensor is exactly as large as its elements
/// and `Copy` when `T` is. A shape with a [`Dyn`](crate::Dyn) axis keeps its extents beside its
/// elements on the heap (`alloc`).
///
/// ```
/// use shaped::{shape, tensor, Tensor};
/// let a = Tensor::<i32, shape![2, 3]>::from_fn(|[r, c]| (10 * r + c) as i32);
/// assert_eq!(a, tensor![[0, 1, 2], [10, 11, 12]]);
/// assert_eq!(a.shape(), &[2, 3]);
/// assert_eq!(a[[1, 2]], 12);
/// assert_eq!(a.as_slice(), &[0, 1, 2, 10, 11, 12]);
/// ```
#[repr(transparent)]
pub struct Tensor<T, S: Shape> {
    // Reached from the operand impls and the result holders as well, without `as_slice` and
    // `from_writer` between: each call layer is one more function per tensor type in a debug
    // build (`cargo xtask compile-time`).
    pub(crate) data: Store<T, S>,
}

/// What a tensor of shape `S` holds: see [`Kind`].
pub(crate) type Store<T, S> = <<S as Shape>::Kind as Kind>::Store<T, S>;

/// Offset of a multi-index in a row-major layout of extents `dims`, `None` when any coordinate
/// is out of its extent.
#[inline]
pub(crate) fn row_major_offset(index: &[usize], dims: &[usize]) -> Option<usize> {
    let mut off = 0;
    for (&i, &d) in index.iter().zip(dims) {
        if i >= d {
            return None;
        }
        off = off * d + i;
    }
    Some(off)
}

#[cold]
#[track_caller]
pub(crate) fn index_out_of_bounds(index: &[usize], dims: &[usize]) -> ! {
    panic!("index {index:?} is out of bounds for a tensor of shape {dims:?}")
}

impl<T, S: Shape> Tensor<T, S> {
    /// The tensor whose storage is this nested array (`[[T; 3]; 2]` for `shape![2, 3]`).
    ///
    /// [`tensor!`](macro@crate::tensor) calls this with the shape it counted.
    #[inline]
    pub fn from_array(data: S::Nested<T>) -> Self {
        const { fixed::Known::<S>::EXTENTS };
        Self {
            data: S::Kind::from_nested::<T, S>(data),
        }
    }

    /// The nested array holding the elements.
    #[inline]
    pub fn into_array(self) -> S::Nested<T> {
        S::Kind::into_nested::<T, S>(self.data)
    }

    /// What the tensor holds (the dynamic operations read a `Dyn` shape's strides there).
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) fn store(&self) -> &Store<T, S> {
        &self.data
    }

    /// The tensor holding `store`.
    #[inline(always)]
    pub(crate) fn from_store(store: Store<T, S>) -> Self {
        Self { data: store }
    }

    /// A tensor of extents `dims` whose slots `fill` writes, every one of them (the contract of
    /// `storage::fixed::from_writer`); for a shape without `Dyn`, `dims` are its own.
    #[inline(always)]
    pub(crate) fn try_from_writer(
        dims: S::Index,
        fill: impl FnOnce(&mut [MaybeUninit<T>]),
    ) -> Result<Self, ShapeError> {
        let n =
            crate::layout::checked_count(dims.as_ref()).ok_or_else(|| ShapeError::Overflow {
                shape: crate::error::Dims::new(dims.as_ref()),
            })?;
        Ok(Self {
            data: S::Kind::try_from_writer::<T, S>(dims, n, fill)?,
        })
    }

    /// Each element computed from its multi-index, in row-major order.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let eye = Tensor::<f32, shape![3, 3]>::from_fn(|[i, j]| if i == j { 1.0 } else { 0.0 });
    /// assert_eq!(eye.as_slice()[4], 1.0);
    /// ```
    #[inline]
    pub fn from_fn(mut f: impl FnMut(S::Index) -> T) -> Self {
        const { fixed::Known::<S>::EXTENTS };
        fixed::only::<S, _>(|| {
            let mut index = S::Index::default();
            fixed::build(|_| {
                let value = f(index);
                step_index(index.as_mut(), S::DIMS.as_ref());
                value
            })
        })
    }

    /// Each element computed from its row-major position, for extents `dims()` (called only for a
    /// shape with a `Dyn` axis: a static shape's extents are its own). The constructor of
    /// operations that work on every shape.
    #[inline(always)]
    pub(crate) fn from_flat_fn_dims(
        dims: impl FnOnce() -> S::Index,
        f: impl FnMut(usize) -> T,
    ) -> Self {
        Self::from_store(S::Kind::from_flat_fn::<T, S>(dims, f))
    }

    /// Each element computed from its row-major position `0..S::NUM`.
    #[inline]
    pub fn from_flat_fn(f: impl FnMut(usize) -> T) -> Self {
        const { fixed::Known::<S>::EXTENTS };
        fixed::build(f)
    }

    /// Each element computed from its row-major position by `f`, which may fail: the first
    /// error is returned and the elements made so far are dropped. For reading elements from
    /// outside (a file, a deserialiser) without an allocation.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let t = Tensor::<u8, shape![2, 2]>::try_from_flat_fn(|i| u8::try_from(10 * i))?;
    /// assert_eq!(t.as_slice(), &[0, 10, 20, 30]);
    /// let big = Tensor::<u8, shape![2, 20]>::try_from_flat_fn(|i| u8::try_from(10 * i));
    /// assert!(big.is_err());                          // 260 does not fit a u8
    /// # Ok::<(), core::num::TryFromIntError>(())
    /// ```
    pub fn try_from_flat_fn<E>(mut f: impl FnMut(usize) -> Result<T, E>) -> Result<Self, E> {
        const { fixed::Known::<S>::EXTENTS };
        /// The first `len` slots are written; dropped (on an error or a panic), it drops them.
        struct Written<'s, T> {
            slots: &'s mut [MaybeUninit<T>],
            len: usize,
        }
        impl<T> Drop for Written<'_, T> {
            fn drop(&mut self) {
                for slot in &mut self.slots[..self.len] {
                    // SAFETY: slots `..len` were written (`len` counts each write just after it),
                    // and each is dropped once: this guard runs once and is forgotten on success.
                    unsafe { slot.assume_init_drop() }
                }
            }
        }
        fixed::only::<S, _>(|| {
            const { fixed::assert_storage_is_flat::<T, S>() };
            let mut data = MaybeUninit::<S::Nested<T>>::uninit();
            // SAFETY: as in `from_writer`: the storage is laid out like `[T; S::NUM]` (asserted
            // above), any bytes are valid `MaybeUninit<T>`s, and we own the storage exclusively.
            let slots = unsafe {
                core::slice::from_raw_parts_mut(&raw mut data as *mut MaybeUninit<T>, S::NUM)
            };
            let mut written = Written { slots, len: 0 };
            while written.len < S::NUM {
                // On an error the guard drops the elements written so far.
                let v = f(written.len)?;
                written.slots[written.len].write(v);
                written.len += 1;
            }
            core::mem::forget(written);
            // SAFETY: all `S::NUM` slots were written (the loop above ran to the end).
            let nested = unsafe { data.assume_init() };
            Ok(Self::from_store(S::Kind::from_nested::<T, S>(nested)))
        })
    }

    /// Every element a clone of `value`.
    #[inline]
    pub fn filled(value: T) -> Self
    where
        T: Clone,
    {
        const { fixed::Known::<S>::EXTENTS };
        fixed::build(|_| value.clone())
    }

    /// All zeros.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// assert_eq!(Tensor::<u8, shape![2, 2]>::zeros().sum(), 0);
    /// ```
    #[inline]
    pub fn zeros() -> Self
    where
        T: Scalar,
    {
        const { fixed::Known::<S>::EXTENTS };
        fixed::build(|_| T::ZERO)
    }

    /// All ones.
    #[inline]
    pub fn ones() -> Self
    where
        T: Scalar,
    {
        const { fixed::Known::<S>::EXTENTS };
        fixed::build(|_| T::ONE)
    }

    /// The elements of `data`, in row-major order; an error when its length is not `S::NUM`.
    ///
    /// ```
    /// use shaped::{shape, Tensor, ShapeError};
    /// let t = Tensor::<i32, shape![2, 2]>::try_from_slice(&[1, 2, 3, 4]).unwrap();
    /// assert_eq!(t[[1, 0]], 3);
    /// let err = Tensor::<i32, shape![2, 2]>::try_from_slice(&[1, 2, 3]).unwrap_err();
    /// assert_eq!(err.to_string(), "data has 3 elements, but shape [2, 2] needs 4");
    /// ```
    pub fn try_from_slice(data: &[T]) -> Result<Self, ShapeError>
    where
        T: Clone,
    {
        const { fixed::Known::<S>::EXTENTS };
        fixed::only::<S, _>(|| {
            if data.len() != S::NUM {
                return Err(ShapeError::data_length(S::dims(), data.len()));
            }
            Ok(fixed::build(|i| data[i].clone()))
        })
    }

    /// A tensor whose `S::NUM` slots `fill` writes, every one of them.
    ///
    /// Callers are this crate's kernels, each asserting at compile time that its plan covers
    /// exactly `S::NUM` contiguous slots, written in order.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn from_writer(fill: impl FnOnce(&mut [MaybeUninit<T>])) -> Self {
        Self {
            data: S::Kind::from_writer::<T, S>(fill),
        }
    }

    /// The extents: `&[2, 3]` for `shape![2, 3]`.
    #[inline]
    pub fn shape(&self) -> &[usize] {
        S::Kind::dims::<T, S>(&self.data)
    }

    /// The extents as a multi-index type, `[usize; RANK]`.
    #[inline]
    pub fn dims(&self) -> S::Index {
        let mut dims = S::Index::default();
        dims.as_mut().copy_from_slice(self.shape());
        dims
    }

    /// Number of axes.
    #[inline]
    pub fn rank(&self) -> usize {
        S::RANK
    }

    /// Number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    /// `true` when some extent is 0.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The elements in row-major order.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        S::Kind::as_slice::<T, S>(&self.data)
    }

    /// The elements in row-major order, mutable.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        S::Kind::as_mut_slice::<T, S>(&mut self.data)
    }

    /// The elements, mutable, beside the extents.
    #[inline(always)]
    pub(crate) fn slots_and_dims(&mut self) -> (&mut [T], &[usize]) {
        S::Kind::split_mut::<T, S>(&mut self.data)
    }

    /// The element at `index`, or `None` when a coordinate is out of its extent.
    #[inline]
    pub fn get(&self, index: S::Index) -> Option<&T> {
        let off = row_major_offset(index.as_ref(), self.shape())?;
        self.as_slice().get(off)
    }

    /// The element at `index`, mutable, or `None` when a coordinate is out of its extent.
    #[inline]
    pub fn get_mut(&mut self, index: S::Index) -> Option<&mut T> {
        let off = row_major_offset(index.as_ref(), self.shape())?;
        self.as_mut_slice().get_mut(off)
    }

    /// The elements in row-major order.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    /// The elements in row-major order, mutable.
    #[inline]
    pub fn iter_mut(&mut self) -> core::slice::IterMut<'_, T> {
        self.as_mut_slice().iter_mut()
    }

    /// `(multi-index, &element)` pairs in row-major order.
    ///
    /// ```
    /// use shaped::tensor;
    /// let t = tensor![[1, 2], [3, 4]];
    /// let last = t.indexed_iter().last().unwrap();
    /// assert_eq!(last, ([1, 1], &4));
    /// ```
    #[inline]
    pub fn indexed_iter(&self) -> crate::iter::IndexedIter<'_, T, S> {
        crate::iter::IndexedIter::new(self.as_slice(), self.dims())
    }

    /// Every multi-index of the shape, in row-major order.
    #[inline]
    pub fn indices(&self) -> crate::iter::Indices<S> {
        crate::iter::Indices::new(self.dims())
    }

    /// A read-only view of the whole tensor.
    #[inline]
    pub fn view(&self) -> TensorView<'_, T, S> {
        let dims = S::Kind::row_major_view_dims::<S>(self.dims());
        TensorView::from_parts_with(self.as_slice(), dims)
    }

    /// A mutable view of the whole tensor.
    #[inline]
    pub fn view_mut(&mut self) -> TensorViewMut<'_, T, S> {
        let dims = S::Kind::row_major_view_dims::<S>(self.dims());
        TensorViewMut::from_slice_with(self.as_mut_slice(), dims)
    }

    /// A read-only view broadcast to `S2`: stride 0 on every new or stretched axis, nothing copied.
    ///
    /// The target must contain this shape by numpy's rule (checked at compile time); a view
    /// cannot be written through, since several of its positions are one element.
    ///
    /// ```
    /// use shaped::{shape, tensor};
    /// let col = tensor![[1], [2]];                       // shape [2, 1]
    /// let v = col.broadcast_to::<shape![3, 2, 4]>();
    /// assert_eq!((v[[2, 0, 3]], v[[0, 1, 0]]), (1, 2));
    /// ```
    #[inline]
    pub fn broadcast_to<S2: Shape>(&self) -> TensorView<'_, T, S2, BroadcastLayout<S, RowMajor>>
    where
        S: BroadcastInto<S2>,
    {
        self.view().broadcast_to()
    }

    /// Broadcast to `S2` with extents `dims`: [`TensorView::try_broadcast_to`].
    ///
    /// Errors: as [`TensorView::try_broadcast_to`].
    #[inline]
    pub fn try_broadcast_to<S2: Shape>(
        &self,
        dims: &[usize],
    ) -> Result<TensorView<'_, T, S2, BroadcastLayout<S, RowMajor>>, ShapeError>
    where
        S: BroadcastInto<S2>,
    {
        self.view().try_broadcast_to(dims)
    }
}
