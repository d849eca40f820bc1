//! The elements of a shape with a run-time axis ([`Dyn`](crate::Dyn)): its extents beside its
//! elements, on the heap (`alloc`). Without `alloc` such a tensor cannot be made (its storage
//! type has no value); a view over a caller's buffer ([`TensorView::from_shape`](crate::TensorView::from_shape))
//! needs no heap.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::fmt::Debug;

/// A tensor's extents (`I` is `[usize; RANK]`), their row-major strides (kept so the tensor can
/// lend its layout to the dynamic operations as a borrow, like a `DynTensor`) and its elements
/// in row-major order.
#[doc(hidden)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Heap<T, I> {
    pub(crate) dims: I,
    pub(crate) strides: I,
    #[cfg(feature = "alloc")]
    pub(crate) data: Vec<T>,
    #[cfg(not(feature = "alloc"))]
    pub(crate) data: Unreachable<T>,
}

/// Stands for the heap without `alloc`: no value of it exists.
#[cfg(not(feature = "alloc"))]
#[doc(hidden)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Unreachable<T>(core::convert::Infallible, core::marker::PhantomData<T>);

/// A view's extents and strides (in elements), each `[usize; RANK]`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ViewDims<I> {
    pub(crate) dims: I,
    pub(crate) strides: I,
}

/// The elements of a [`Heap`] by value.
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub type IntoIter<T> = alloc::vec::IntoIter<T>;
/// The elements of a [`Heap`] by value (none exist without `alloc`).
#[cfg(not(feature = "alloc"))]
#[doc(hidden)]
pub type IntoIter<T> = core::iter::Empty<T>;

/// Row-major strides of `dims` (wrapping: a shape with a 0 extent may have any count beside it).
#[inline]
pub(crate) fn row_major<I: AsRef<[usize]> + AsMut<[usize]> + Default>(dims: &I) -> I {
    let mut strides = I::default();
    let mut acc = 1usize;
    for (s, &d) in strides.as_mut().iter_mut().zip(dims.as_ref()).rev() {
        *s = acc;
        acc = acc.wrapping_mul(d);
    }
    strides
}

impl<T, I: AsRef<[usize]>> Heap<T, I> {
    /// The row-major strides.
    #[inline(always)]
    pub(crate) fn strides(&self) -> &[usize] {
        self.strides.as_ref()
    }

    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[T] {
        #[cfg(feature = "alloc")]
        {
            &self.data
        }
        #[cfg(not(feature = "alloc"))]
        {
            match self.data.0 {}
        }
    }

    #[inline(always)]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        #[cfg(feature = "alloc")]
        {
            &mut self.data
        }
        #[cfg(not(feature = "alloc"))]
        {
            match self.data.0 {}
        }
    }

    #[inline(always)]
    pub(crate) fn split_mut(&mut self) -> (&mut [T], &[usize]) {
        #[cfg(feature = "alloc")]
        {
            (&mut self.data, self.dims.as_ref())
        }
        #[cfg(not(feature = "alloc"))]
        {
            match self.data.0 {}
        }
    }

    pub(crate) fn into_iter(self) -> IntoIter<T> {
        #[cfg(feature = "alloc")]
        {
            self.data.into_iter()
        }
        #[cfg(not(feature = "alloc"))]
        {
            match self.data.0 {}
        }
    }
}

impl<T: Debug, I: Debug> Debug for Heap<T, I> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Heap")
            .field("dims", &self.dims)
            .finish_non_exhaustive()
    }
}

impl<T, I> Heap<T, I> {
    /// The elements of a tensor of extents `dims`, each of its `n` slots written by `fill` (the
    /// same contract as the dynamic tensors' output buffer); an error when the memory cannot be
    /// had, or always without `alloc`.
    #[inline(always)]
    pub(crate) fn try_from_writer(
        dims: I,
        n: usize,
        fill: impl FnOnce(&mut [core::mem::MaybeUninit<T>]),
    ) -> Result<Self, crate::ShapeError>
    where
        I: AsRef<[usize]> + AsMut<[usize]> + Default,
    {
        #[cfg(feature = "alloc")]
        {
            let data = crate::dynamic::buffer::filled_by(n, dims.as_ref(), fill)?;
            let strides = row_major(&dims);
            Ok(Self {
                dims,
                strides,
                data,
            })
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = fill;
            Err(crate::ShapeError::Allocation {
                shape: crate::error::Dims::new(dims.as_ref()),
                bytes: n.checked_mul(size_of::<T>()),
            })
        }
    }

    /// The `n` elements `elems` yields, for extents `dims`; always an error without `alloc`.
    pub(crate) fn try_from_elems(
        dims: I,
        n: usize,
        elems: impl Iterator<Item = T>,
    ) -> Result<Self, crate::ShapeError>
    where
        I: AsRef<[usize]> + AsMut<[usize]> + Default,
    {
        #[cfg(feature = "alloc")]
        {
            let data: Vec<T> = elems.collect();
            debug_assert_eq!(data.len(), n);
            let strides = row_major(&dims);
            Ok(Self {
                dims,
                strides,
                data,
            })
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = elems;
            Err(crate::ShapeError::Allocation {
                shape: crate::error::Dims::new(dims.as_ref()),
                bytes: n.checked_mul(size_of::<T>()),
            })
        }
    }
}
