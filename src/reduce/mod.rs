//! Reductions, shared by the static and the dynamic path: what an element must offer
//! ([`Reduce`], [`Float`]) and the folds over a run of elements that every reduction ends in
//! (`fold`). Which elements form a run, and how runs are found along the axes of a view, is the
//! business of each path (`dynamic::reduce` for shapes known at run time).

pub(crate) mod argsort;
mod element;
pub(crate) mod fold;
#[cfg(feature = "alloc")]
mod keys;
#[cfg(feature = "alloc")]
mod order;
#[cfg(feature = "alloc")]
mod short_rows;
#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
pub(crate) mod simd_arg;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod simd_sort;
#[cfg(all(test, feature = "alloc"))]
mod sort_tests;
#[cfg(feature = "alloc")]
mod stable;

pub use element::{Float, Reduce};
