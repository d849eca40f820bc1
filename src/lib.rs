//! # shaped
//!
//! Tensors whose rank and extents live in the type. A [`Tensor<T, S>`](Tensor) stores its
//! elements inline (no heap) in row-major order; `S` is a shape type such as `shape![2, 3]`.
//! Element-wise operators broadcast with numpy's rules, and an incompatible pair of shapes is a
//! compile error that names the clashing extents.
//!
//! ```
//! use shaped::{shape, tensor, Tensor};
//!
//! let a: Tensor<f32, shape![2, 3]> = tensor![[1., 2., 3.], [4., 5., 6.]];
//! let b = tensor![10., 20., 30.];                  // Tensor<f32, shape![3]>
//! let c = &a + &b;                                 // Tensor<f32, shape![2, 3]>
//! assert_eq!(c, tensor![[11., 22., 33.], [14., 25., 36.]]);
//!
//! let v = b.broadcast_to::<shape![4, 2, 3]>();     // a view: stride 0 on the new axes
//! assert_eq!(v[[3, 1, 2]], 30.);
//! ```
//!
//! An incompatible pair does not compile:
//!
//! ```compile_fail,E0277
//! use shaped::tensor;
//! let a = tensor![[1., 2., 3.], [4., 5., 6.]];
//! let bad = &a + &tensor![1., 2.];
//! // error[E0277]: cannot broadcast extent `Dim<3>` with extent `Dim<2>`
//! ```
//!
//! ## Map of the crate
//! - [`extent`]: one axis length as a type ([`Dim<N>`](Dim), [`One`]).
//! - [`shape`](mod@shape): [`Shape`], the rank, extents and strides of a tuple of extents.
//! - [`broadcast`]: [`BroadcastWith`] / [`Broadcast`], numpy's rule on types.
//! - [`layout`]: strides and the compile-time loop plan.
//! - [`kernel`]: the generated nested loops.
//! - [`tensor`](mod@tensor), [`view`]: the owned tensor and its views.
//! - [`ops`]: operators and element-wise methods.
//! - [`error`]: [`ShapeError`] for checks made at run time.
//! - [`dynamic`] (`alloc`): [`DynTensor`] / [`DynView`], shapes known only at run time, any rank.
//!
//! ## Shapes in const-generic code
//! `shape!` accepts const parameters, so generic code names shapes the same way:
//!
//! ```
//! use shaped::{shape, Tensor};
//!
//! fn row_sums<const R: usize, const C: usize>(m: &Tensor<f32, shape![R, C]>) -> [f32; R] {
//!     core::array::from_fn(|r| (0..C).map(|c| m[[r, c]]).sum())
//! }
//! let m = Tensor::<f32, shape![2, 3]>::from_fn(|[r, c]| (r * 3 + c) as f32);
//! assert_eq!(row_sums(&m), [3., 12.]);
//! ```
//! An extent given by a parameter is always `Dim<N>`; instantiating it with 1 is rejected (an
//! extent of 1 is the type [`One`], which is what a literal `1` in `shape!` becomes).
//!
//! Generic code over any shapes needs one bound per operation:
//!
//! ```
//! use shaped::{Broadcast, BroadcastWith, Shape, Tensor, shape, tensor};
//!
//! fn add<A: Shape, B: Shape>(a: &Tensor<f32, A>, b: &Tensor<f32, B>) -> Tensor<f32, Broadcast<A, B>>
//! where
//!     A: BroadcastWith<B>,
//! {
//!     a + b
//! }
//! let c = add(&tensor![[1.0], [2.0]], &tensor![10.0, 20.0]);
//! assert_eq!(c, tensor![[11.0, 21.0], [12.0, 22.0]]);
//! ```
#![no_std]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Lets the macros' `::shaped::..` paths resolve inside this crate too.
extern crate self as shaped;

pub mod broadcast;
#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod error;
pub mod extent;
mod fmt;
pub mod iter;
#[doc(hidden)]
pub mod kernel;
pub mod layout;
pub mod ops;
pub mod scalar;
pub mod shape;
pub mod tensor;
pub mod view;

pub use broadcast::{Broadcast, BroadcastExtent, BroadcastInto, BroadcastWith, ExtentInto};
#[cfg(feature = "std")]
pub use dynamic::parallel::{max_threads, set_max_threads};
#[cfg(feature = "alloc")]
pub use dynamic::{DynOperand, DynTensor, DynView, DynViewMut, broadcast_shapes};
pub use error::ShapeError;
pub use extent::{Dim, Extent, One};
pub use layout::{BroadcastLayout, Layout, MAX_RANK, RowMajor};
pub use ops::Operand;
pub use scalar::Scalar;
pub use shape::Shape;
pub use shaped_macros::{shape, tensor};
pub use tensor::Tensor;
pub use view::{TensorView, TensorViewMut};

/// The README's examples, compiled and run as doctests so they cannot rot.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
