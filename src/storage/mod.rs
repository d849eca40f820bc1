//! Where a static tensor's elements live: inline ([`Tensor`], on the stack or in a `static`), on
//! the heap (`Box<Tensor>`, built in place), or in a buffer the caller owns ([`TensorView`] /
//! [`TensorViewMut`] over a slice: a firmware DMA buffer, a `Vec`, memory-mapped data; or over a
//! nested array of the shape's own storage type, [`TensorView::from_array`]). Each
//! carries its shape in its type, is checked for broadcasting at compile time and runs the same
//! generated loops.
//!
//! A large static tensor must never pass through the stack: one HD image (`[1080, 1920]` `f32`)
//! is 8 MiB, the size of a whole main-thread stack. `Box::new(Tensor::zeros())` builds it on the
//! stack first; [`Tensor::boxed_zeros`] and its siblings allocate first and write the elements in
//! place. Operators return inline tensors, so large results are written into a destination
//! instead ([`Tensor::add_to`] and the other `_to` methods take any [`Destination`]).
//!
//! The in-place constructors are the one `unsafe` here: `Box::new_uninit` and a write through
//! each slot. There is no safe way to build a boxed nested array of any rank without first
//! building it somewhere else, and somewhere else is the stack (`tests/storage.rs` runs an HD
//! image on a 64 KiB stack, where `Box::new(Tensor::zeros())` overflows). Miri runs the
//! small-tensor tests of that file.
//!
//! ```
//! use shaped::{shape, Tensor, TensorView, TensorViewMut};
//! type Img = shape![1080, 1920];
//! let pixels = vec![1.0f32; 1080 * 1920];                           // the caller's buffer
//! let img = TensorView::<f32, Img>::try_from_slice(&pixels)?;        // no copy
//! let mut out: Box<Tensor<f32, Img>> = Tensor::boxed_zeros();        // heap, never the stack
//! img.add_to(&Tensor::<f32, shape![1920]>::filled(0.5), &mut *out);
//! let mut dst = vec![0.0f32; 1080 * 1920];
//! let mut view = TensorViewMut::<f32, Img>::try_from_slice(&mut dst)?;
//! out.mul_to(&img, &mut view);
//! assert_eq!((view[[1079, 1919]], out.sum()), (1.5, 1.5 * 1080.0 * 1920.0));
//! # Ok::<(), shaped::ShapeError>(())
//! ```

#[cfg(feature = "alloc")]
use alloc::boxed::Box;
#[cfg(feature = "alloc")]
use core::mem::MaybeUninit;

#[cfg(feature = "alloc")]
use crate::Scalar;
use crate::error::ShapeError;
use crate::shape::kind::{Fixed, Kind};
use crate::{Shape, Tensor, TensorView, TensorViewMut};

pub(crate) mod fixed;
pub mod holder;
#[doc(hidden)]
pub mod runtime;

mod sealed {
    pub trait Sealed {}
}

/// Something an element-wise result can be written into: a [`Tensor`] or a [`TensorViewMut`]
/// (so a caller's buffer), with its shape as a type. The `_to` methods (`add_to`, `zip_map_to`,
/// ...) take `&mut` any of them. Sealed.
pub trait Destination: sealed::Sealed {
    /// The element type.
    type Elem;
    /// The shape.
    type Shape: Shape;
    #[doc(hidden)]
    fn slots(&mut self) -> &mut [Self::Elem];
    /// The slots beside the extents (the shape's own when it has no `Dyn` axis).
    #[doc(hidden)]
    fn slots_and_dims(&mut self) -> (&mut [Self::Elem], &[usize]);
}

impl<T, S: Shape> sealed::Sealed for Tensor<T, S> {}
impl<T, S: Shape> Destination for Tensor<T, S> {
    type Elem = T;
    type Shape = S;
    #[inline(always)]
    fn slots(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
    #[inline(always)]
    fn slots_and_dims(&mut self) -> (&mut [T], &[usize]) {
        Self::slots_and_dims(self)
    }
}

impl<T, S: Shape> sealed::Sealed for TensorViewMut<'_, T, S> {}
impl<T, S: Shape> Destination for TensorViewMut<'_, T, S> {
    type Elem = T;
    type Shape = S;
    #[inline(always)]
    fn slots(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
    #[inline(always)]
    fn slots_and_dims(&mut self) -> (&mut [T], &[usize]) {
        Self::slots_and_dims(self)
    }
}

impl<'a, T, S: Shape> TensorView<'a, T, S> {
    /// A view of shape `S` over `data`, the elements in row-major order: nothing copied.
    ///
    /// Errors: [`ShapeError::DataLength`] when `data.len()` is not `S::NUM`.
    ///
    /// ```
    /// use shaped::{shape, TensorView};
    /// let v = TensorView::<u8, shape![2, 2]>::try_from_slice(&[1, 2, 3, 4])?;
    /// assert_eq!(v[[1, 0]], 3);
    /// assert!(TensorView::<u8, shape![2, 2]>::try_from_slice(&[1, 2, 3]).is_err());
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_from_slice(data: &'a [T]) -> Result<Self, ShapeError> {
        const { fixed::Known::<S>::EXTENTS };
        fixed::only::<S, _>(|| {
            if data.len() != S::NUM {
                return Err(ShapeError::data_length(S::dims(), data.len()));
            }
            Ok(TensorView::from_parts(data))
        })
    }
}

impl<'a, T, S: Shape> TensorViewMut<'a, T, S> {
    /// A mutable view of shape `S` over `data`, row-major: nothing copied, writes go to `data`.
    ///
    /// Errors: [`ShapeError::DataLength`] when `data.len()` is not `S::NUM`.
    ///
    /// ```
    /// use shaped::{shape, tensor, TensorViewMut};
    /// let mut buf = [0; 6];
    /// let mut v = TensorViewMut::<i32, shape![2, 3]>::try_from_slice(&mut buf)?;
    /// v += &tensor![1, 2, 3];
    /// assert_eq!(buf, [1, 2, 3, 1, 2, 3]);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_from_slice(data: &'a mut [T]) -> Result<Self, ShapeError> {
        const { fixed::Known::<S>::EXTENTS };
        fixed::only::<S, _>(|| {
            if data.len() != S::NUM {
                return Err(ShapeError::data_length(S::dims(), data.len()));
            }
            Ok(TensorViewMut::from_slice(data))
        })
    }
}

impl<'a, T, S: Shape> TensorView<'a, T, S> {
    /// A view of a nested array of the shape's own storage type (`[[f32; 3]; 4]` for
    /// `shape![4, 3]`, `S::Nested<T>`), the elements in row-major order: nothing copied,
    /// nothing checked at run time, no heap (a `static` table in firmware). Only for a shape
    /// without `Dyn`: another fails `cargo build` (give its extents to
    /// [`from_shape`](Self::from_shape)).
    ///
    /// ```
    /// use shaped::{shape, tensor, Tensor, TensorView};
    /// static TABLE: [[f32; 3]; 4] = [[1.0, 2.0, 3.0]; 4];
    /// let v: TensorView<'_, f32, shape![4, 3]> = TensorView::from_array(&TABLE);
    /// assert_eq!((v.shape(), v[[3, 2]]), (&[4, 3][..], 3.0));
    /// let scaled: Tensor<f32, shape![4, 3]> = &v * &tensor![1.0, 10.0, 100.0];
    /// assert_eq!(scaled[[0, 2]], 300.0);
    /// ```
    #[inline]
    pub fn from_array(data: &'a S::Nested<T>) -> Self {
        const { fixed::Known::<S>::EXTENTS };
        fixed::only::<S, _>(|| TensorView::from_parts(<Fixed as Kind>::as_slice::<T, S>(data)))
    }
}

impl<'a, T, S: Shape> TensorViewMut<'a, T, S> {
    /// A mutable view of a nested array of the shape's own storage type (`[[f32; 3]; 4]` for
    /// `shape![4, 3]`), row-major: nothing copied, writes go to the array. Only for a shape
    /// without `Dyn`: another fails `cargo build` (give its extents to
    /// [`from_shape`](Self::from_shape)).
    ///
    /// ```
    /// use shaped::{shape, tensor, TensorViewMut};
    /// let mut frame = [[0i32; 3]; 2];
    /// let mut v: TensorViewMut<'_, i32, shape![2, 3]> = TensorViewMut::from_array_mut(&mut frame);
    /// v += &tensor![1, 2, 3];
    /// v[[1, 0]] = 7;
    /// assert_eq!(frame, [[1, 2, 3], [7, 2, 3]]);
    /// ```
    #[inline]
    pub fn from_array_mut(data: &'a mut S::Nested<T>) -> Self {
        const { fixed::Known::<S>::EXTENTS };
        fixed::only::<S, _>(|| {
            TensorViewMut::from_slice(<Fixed as Kind>::as_mut_slice::<T, S>(data))
        })
    }
}

impl<'a, T, S: Shape> TryFrom<&'a [T]> for TensorView<'a, T, S> {
    type Error = ShapeError;
    /// See [`TensorView::try_from_slice`].
    fn try_from(data: &'a [T]) -> Result<Self, ShapeError> {
        Self::try_from_slice(data)
    }
}

impl<'a, T, S: Shape> TryFrom<&'a mut [T]> for TensorViewMut<'a, T, S> {
    type Error = ShapeError;
    /// See [`TensorViewMut::try_from_slice`].
    fn try_from(data: &'a mut [T]) -> Result<Self, ShapeError> {
        Self::try_from_slice(data)
    }
}

#[cfg(feature = "alloc")]
impl<T, S: Shape> Tensor<T, S> {
    /// A tensor on the heap, each element computed from its row-major position and written in
    /// place: the tensor never exists on the stack, whatever its size.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let big: Box<Tensor<u32, shape![2048, 2048]>> = Tensor::boxed_from_flat_fn(|i| i as u32);
    /// assert_eq!(big[[1, 2]], 2050);
    /// ```
    pub fn boxed_from_flat_fn(f: impl FnMut(usize) -> T) -> Box<Self> {
        const { fixed::Known::<S>::EXTENTS };
        boxed_built(f)
    }

    /// A tensor on the heap whose `S::NUM` slots `fill` writes, every one of them (the
    /// contract of `Tensor::from_writer`), built in place.
    pub(crate) fn boxed_from_writer(fill: impl FnOnce(&mut [MaybeUninit<T>])) -> Box<Self> {
        let mut boxed = Box::<Self>::new_uninit();
        fill(uninit_slots::<T, S>(&mut boxed));
        // SAFETY: `fill` wrote every one of the `S::NUM` slots, which are the whole tensor
        // (`uninit_slots`; the contract above). A panic in `fill` leaves before this: the
        // written elements leak and the allocation is freed as `MaybeUninit`.
        unsafe { boxed.assume_init() }
    }

    /// A tensor on the heap from each element's multi-index, built in place.
    pub fn boxed_from_fn(mut f: impl FnMut(S::Index) -> T) -> Box<Self> {
        const { fixed::Known::<S>::EXTENTS };
        fixed::only::<S, _>(|| {
            let mut index = S::Index::default();
            boxed_built(|_| {
                let value = f(index);
                crate::layout::index::step_index(index.as_mut(), S::DIMS.as_ref());
                value
            })
        })
    }

    /// A tensor on the heap with every element a clone of `value`, built in place.
    pub fn boxed_filled(value: T) -> Box<Self>
    where
        T: Clone,
    {
        const { fixed::Known::<S>::EXTENTS };
        boxed_built(|_| value.clone())
    }

    /// All zeros, on the heap, built in place.
    pub fn boxed_zeros() -> Box<Self>
    where
        T: Scalar,
    {
        const { fixed::Known::<S>::EXTENTS };
        boxed_built(|_| T::ZERO)
    }

    /// All ones, on the heap, built in place.
    pub fn boxed_ones() -> Box<Self>
    where
        T: Scalar,
    {
        const { fixed::Known::<S>::EXTENTS };
        boxed_built(|_| T::ONE)
    }
}

/// A tensor on the heap, each element computed from its row-major position and written in
/// place (the constructors' common body, after their check).
#[cfg(feature = "alloc")]
fn boxed_built<T, S: Shape>(mut f: impl FnMut(usize) -> T) -> Box<Tensor<T, S>> {
    fixed::only::<S, _>(|| {
        let mut boxed = Box::<Tensor<T, S>>::new_uninit();
        let slots = uninit_slots::<T, S>(&mut boxed);
        for (i, slot) in slots.iter_mut().enumerate() {
            slot.write(f(i));
        }
        // SAFETY: the loop wrote every one of the `S::NUM` slots, which are the whole tensor
        // (`uninit_slots`). A panic in `f` leaves before this: the written elements leak and the
        // allocation is freed as `MaybeUninit`, nothing is read uninitialised.
        unsafe { boxed.assume_init() }
    })
}

/// The `S::NUM` element slots of an uninitialised boxed tensor.
#[cfg(feature = "alloc")]
fn uninit_slots<T, S: Shape>(boxed: &mut Box<MaybeUninit<Tensor<T, S>>>) -> &mut [MaybeUninit<T>] {
    const { fixed::assert_storage_is_flat::<T, S>() };
    let base: *mut MaybeUninit<Tensor<T, S>> = &mut **boxed;
    // SAFETY: `Tensor<T, S>` is `repr(transparent)` over `S::Nested<T>` (a shape without `Dyn`,
    // whose storage is that; `assert_storage_is_flat` names `S::NUM`), `T` nested in arrays,
    // laid out like `[T; S::NUM]` (size and alignment asserted above); `MaybeUninit<T>` has `T`'s
    // layout and any bytes are a valid `MaybeUninit`. The slice covers exactly the allocation,
    // borrowed mutably from `boxed` for as long as the slice lives.
    unsafe { core::slice::from_raw_parts_mut(base.cast::<MaybeUninit<T>>(), S::NUM) }
}
