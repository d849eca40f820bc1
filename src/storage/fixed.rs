//! The elements of a shape known whole at compile time: `T` nested in arrays, inline.

use core::marker::PhantomData;

use crate::Shape;
use crate::shape::kind::Kind;

/// The storage is `S::NUM` `T`s back to back: nested arrays have no padding and `T`'s alignment.
/// The `unsafe` flat views rely on this; it is checked for every instantiation at compile time.
pub(crate) const fn assert_storage_is_flat<T, S: Shape>() {
    assert!(size_of::<S::Nested<T>>() == S::NUM * size_of::<T>());
    assert!(align_of::<S::Nested<T>>() == align_of::<T>());
}

/// The check of the constructors that take their extents from the type (`zeros`, `filled`,
/// `from_fn`, `from_array`, the `boxed_` ones, a view over a nested array): a shape with a `Dyn`
/// axis has none to take, so naming it fails `cargo build` at the caller's instantiation, with
/// the constructors to use instead. One constant per shape, so a constructor that calls another
/// reports it once; not a bound, so generic code over `S: Shape` still compiles.
pub(crate) struct Known<S>(PhantomData<S>);

impl<S: Shape> Known<S> {
    pub(crate) const EXTENTS: () = assert!(
        <S::Kind as Kind>::FIXED,
        "this constructor takes every extent from the shape type, but the shape has a `Dyn` axis \
         (known only at run time): give the extents with `Tensor::from_elem(&dims, value)` or \
         `Tensor::from_shape_fn(&dims, f)` (`Tensor::from_shape_vec`, `TensorView::from_shape` \
         for data you have)"
    );
}

/// The tensor of a shape without `Dyn` whose elements `f` computes from their row-major
/// positions: what the constructors run after their check, so that one that is written over
/// another (`zeros` over `filled`) names the check once.
#[inline]
pub(crate) fn build<T, S: Shape>(mut f: impl FnMut(usize) -> T) -> crate::Tensor<T, S> {
    crate::Tensor::from_store(S::Kind::from_nested::<T, S>(S::build(0, &mut f)))
}

/// `f()` for a shape without `Dyn`. For one with it, whose constructor's [`Known`] check has
/// failed the build already, `f` is not even compiled, so the constants it names (`S::NUM`,
/// `S::DIMS`) add no second error beside the one that says what to do.
#[inline(always)]
pub(crate) fn only<S: Shape, R>(f: impl FnOnce() -> R) -> R {
    S::Kind::pick(f, || {
        unreachable!("the constructor's `Known` check fails the build for a shape with `Dyn`")
    })
}
