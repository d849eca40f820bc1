//! The standard traits of [`Tensor`]: indexing by a whole index, clone and copy, comparison
//! and hashing, slices of its elements, iteration, and conversion from a slice.

use core::mem::MaybeUninit;
use core::ops::{Index, IndexMut};

use super::{Store, Tensor, index_out_of_bounds, row_major_offset};
use crate::Shape;
use crate::error::ShapeError;
use crate::shape::kind::Kind;

impl<T, S: Shape> Index<S::Index> for Tensor<T, S> {
    type Output = T;
    #[inline]
    #[track_caller]
    fn index(&self, index: S::Index) -> &T {
        match self.get(index) {
            Some(x) => x,
            None => index_out_of_bounds(index.as_ref(), self.shape()),
        }
    }
}

impl<T, S: Shape> IndexMut<S::Index> for Tensor<T, S> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, index: S::Index) -> &mut T {
        match row_major_offset(index.as_ref(), self.shape()) {
            Some(off) => &mut self.as_mut_slice()[off],
            None => index_out_of_bounds(index.as_ref(), self.shape()),
        }
    }
}

/// Element by element, so generic code (`S` unknown) can clone too.
impl<T: Clone, S: Shape> Clone for Tensor<T, S> {
    #[inline]
    fn clone(&self) -> Self {
        let elems = self.as_slice();
        let fill = |slots: &mut [MaybeUninit<T>]| {
            for (slot, x) in slots.iter_mut().zip(elems) {
                slot.write(x.clone());
            }
        };
        match Self::try_from_writer(self.dims(), fill) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }
}

impl<T: Copy, S: Shape> Copy for Tensor<T, S> where Store<T, S>: Copy {}

/// Every element `T::default()`. A shape with a `Dyn` axis has no extent to fill there: its
/// default is empty, extent 0 on each `Dyn` axis (as `Vec::default()`).
///
/// ```
/// use shaped::{shape, Tensor};
/// assert_eq!(Tensor::<u8, shape![2, 2]>::default().as_slice(), &[0; 4]);
/// assert_eq!(Tensor::<f32, shape![Dyn, 3]>::default().shape(), &[0, 3]);
/// ```
impl<T: Default, S: Shape> Default for Tensor<T, S> {
    #[inline]
    fn default() -> Self {
        S::Kind::pick(
            || Self::from_flat_fn(|_| T::default()),
            || {
                let mut dims = S::Index::default();
                let known = &S::STATIC_DIMS[crate::MAX_RANK - S::RANK..];
                for (d, k) in dims.as_mut().iter_mut().zip(known) {
                    *d = k.unwrap_or(0);
                }
                Self::from_flat_fn_dims(|| dims, |_| T::default())
            },
        )
    }
}

impl<T: PartialEq<U>, U, S: Shape> PartialEq<Tensor<U, S>> for Tensor<T, S> {
    #[inline]
    fn eq(&self, other: &Tensor<U, S>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq, S: Shape> Eq for Tensor<T, S> {}

impl<T: core::hash::Hash, S: Shape> core::hash::Hash for Tensor<T, S> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T, S: Shape> AsRef<[T]> for Tensor<T, S> {
    #[inline]
    fn as_ref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T, S: Shape> AsMut<[T]> for Tensor<T, S> {
    #[inline]
    fn as_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<'a, T, S: Shape> IntoIterator for &'a Tensor<T, S> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T, S: Shape> IntoIterator for &'a mut Tensor<T, S> {
    type Item = &'a mut T;
    type IntoIter = core::slice::IterMut<'a, T>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// The elements by value, in row-major order.
impl<T, S: Shape> IntoIterator for Tensor<T, S> {
    type Item = T;
    type IntoIter = <S::Kind as Kind>::IntoIter<T, S>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        S::Kind::into_iter::<T, S>(self.data)
    }
}

impl<T: Clone, S: Shape> TryFrom<&[T]> for Tensor<T, S> {
    type Error = ShapeError;
    fn try_from(data: &[T]) -> Result<Self, ShapeError> {
        Self::try_from_slice(data)
    }
}
