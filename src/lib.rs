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
//! How the layers fit together and how to add an operation: `ARCHITECTURE.md` at the root of the
//! repository.
//!
//! ## Map of the crate
//! - [`shape`](mod@shape): shapes as types. [`Shape`], the rank, extents and strides of a tuple
//!   of extents; [`shape::extent`], one axis length as a type ([`Dim<N>`](Dim), [`One`]);
//!   [`shape::broadcast`], numpy's rule on types ([`BroadcastWith`] / [`Broadcast`]);
//!   [`shape::axis`], axis algebra (`ExtentAt`, `RemoveAxis`, `InsertAxis`, ...).
//! - [`layout`]: strides, the compile-time loop plan, and the layouts of static views.
//! - [`kernel`]: the generated nested loops.
//! - [`tensor`](mod@tensor), [`view`]: the owned tensor and its views.
//! - [`storage`]: inline, heap (built in place) and borrowed storage; [`Destination`] outputs.
//! - [`ops`]: operators and element-wise methods.
//! - [`error`]: [`ShapeError`] for checks made at run time.
//! - [`slice`](mod@slice), [`axes`](mod@axes): [`Slice`], [`SliceEntry`] and [`s!`] for dynamic
//!   slicing and integer indexing ([`slice!`](macro@slice) for static views), [`Axes`] for axis
//!   arguments.
//! - [`dynamic`] (`alloc`): [`DynTensor`] / [`DynView`], shapes known only at run time, any rank.
//! - [`compile_errors`]: every compile error the crate emits, what it means and the fix.
//!
//! ## Axis arguments: one rule
//! Every method that names axes takes them one of three ways, by how many it can take:
//! - **exactly one axis**: `isize`, negative counting from the end (`try_sort(-1)`,
//!   `try_argsort`, `try_index_axis`, `try_axis_iter`, `try_lanes`, `try_split_at`,
//!   `try_split`, `try_array_split`, `try_take_along_axis`, `try_unsqueeze`, [`try_concatenate`], [`try_stack`]);
//! - **one axis or none** (numpy's `axis=None`, which flattens): `Option<isize>`
//!   (`try_cumsum(None)`, `try_cumprod`, `try_take`, `try_compress`, `try_argmax`,
//!   `try_argmin`, `try_unique_consecutive`);
//! - **several axes**: `impl Into<Axes>`, so one axis, a list or every axis ([`Axes::All`] or
//!   `None`, numpy's `axis=None`; an `Option<isize>` passes through as it is)
//!   (`try_sum(0, false)`, `try_sum(&[0, 2], true)`, `try_prod`,
//!   `try_max`, `try_min`, `try_mean`, `try_median`, `try_var`, `try_std`, `try_all`, `try_any`,
//!   `try_squeeze`).
//!
//! Static methods take their one axis as a constant, `const A: isize` (negative from the end),
//! checked against the rank in the type: `sum_axis::<A>()` and the other reductions,
//! `cumsum_axis::<A>()`, `cumprod_axis::<A>()`, `var_axis::<A>(ddof)`, `std_axis::<A>(ddof)`,
//! `axis_iter::<A>()`, `lanes::<A>()`, `a.concat::<AXIS>(&b)`, `a.concat_to::<AXIS, E>(&b)` (and
//! the free functions [`concat::<AXIS, ..>`](fn@concat), [`concat_to::<AXIS, E, ..>`](concat_to)).
//! Shapes with `Dyn` axes take every one of them; what the type leaves open is checked when the
//! program runs.
//!
//! Methods whose axes each play their own part take one `isize` per part, as numpy's do:
//! `try_swap_axes(a, b)`, `try_move_axis(src, dst)`, `try_diagonal(offset, axis1, axis2)`; a
//! permutation is an ordered list of every axis, `try_permute(&[isize])`.
//!
//! ```
//! use shaped::{Axes, DynTensor};
//! let t = DynTensor::from_fn(&[2, 3], |i| (3 * i[0] + i[1]) as f64);
//! assert_eq!(t.try_sort(-1)?.shape(), [2, 3]);                       // one axis
//! assert_eq!(t.try_cumsum(None)?.shape(), [6]);                      // one or none
//! assert_eq!(t.try_sum(&[0, 1], false)?.as_slice(), [15.0]);         // several
//! assert_eq!(t.try_sum(Axes::All, false)?, t.try_sum(&[0, 1], false)?);
//! assert_eq!(t.try_sum(None, false)?, t.try_sum(Axes::All, false)?);
//! # Ok::<(), shaped::ShapeError>(())
//! ```
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
//! ## Writing generic code
//!
//! A function generic over shapes writes `S: Shape` for each shape, and one bound for each
//! distinct *pair* of input shapes that meet in a broadcast: `A: BroadcastWith<B>`. That is all:
//!
//! - two tensors of the **same shape** need nothing more (`S: Shape` includes "`S` broadcasts
//!   with itself, to itself"): `&a + &b`, `a += &b`, `a.lt(&b)`, `a.maximum(&b)`, `a.add_to(..)`;
//! - a **broadcast result** [`Broadcast<A, B>`] is a shape like any other, and meets `A` and
//!   `B` again with no further bound: `(&a - &b) * &a`, `d += &b`, `d.minimum(&b)`;
//! - a write **into** a tensor of shape `S` from a shape `B` asks `B: BroadcastInto<S>`;
//! - shapes with **const-generic extents** (`shape![R, C]`) need no bound at all: the impls
//!   apply to every `R` and `C`.
//!
//! ```
//! use core::ops::{Add, Mul};
//! use shaped::{Broadcast, BroadcastInto, BroadcastWith, Scalar, Shape, Tensor, shape, tensor};
//!
//! /// Squared distance: one bound for the one pair of shapes.
//! fn sqdist<A: Shape + BroadcastWith<B>, B: Shape>(a: &Tensor<f32, A>, b: &Tensor<f32, B>) -> f32 {
//!     let d = a - b;          // Tensor<f32, Broadcast<A, B>>
//!     (&d * &d).sum()         // same shape: no bound
//! }
//!
//! /// `(a - b) * a + b`, returned to the caller, who sees the concrete shape.
//! fn mix<A: Shape + BroadcastWith<B>, B: Shape>(a: &Tensor<f32, A>, b: &Tensor<f32, B>) -> Tensor<f32, Broadcast<A, B>> {
//!     let mut d = &(a - b) * a;  // the result meets `a` again
//!     d += b;                    // and `b`, in place
//!     d
//! }
//!
//! /// Generic over the element type too: bound the elements as usual.
//! fn axpy<T: Scalar + Add<Output = T> + Mul<Output = T>, S: Shape>(alpha: &Tensor<T, S>, x: &Tensor<T, S>, y: &Tensor<T, S>) -> Tensor<T, S> {
//!     &(alpha * x) + y
//! }
//!
//! /// Accumulate a smaller shape into a larger one.
//! fn accumulate<S: Shape, B: BroadcastInto<S>>(acc: &mut Tensor<f32, S>, b: &Tensor<f32, B>) {
//!     *acc += b;
//! }
//!
//! /// Const-generic extents: no bound.
//! fn add_row<const R: usize, const C: usize>(m: &Tensor<f32, shape![R, C]>, row: &Tensor<f32, shape![C]>) -> Tensor<f32, shape![R, C]> {
//!     m + row
//! }
//!
//! let (col, row) = (tensor![[1.0f32], [2.0]], tensor![1.0f32, 3.0]);
//! assert_eq!(sqdist(&col, &row), 0.0 + 4.0 + 1.0 + 1.0);
//! let m: Tensor<f32, shape![2, 2]> = mix(&col, &row);
//! assert_eq!(m, tensor![[1.0, 1.0], [3.0, 1.0]]);
//! assert_eq!(axpy(&tensor![2, 3], &tensor![1, 1], &tensor![0, 1]), tensor![2, 4]);
//! let mut acc = Tensor::<f32, shape![2, 2]>::zeros();
//! accumulate(&mut acc, &row);
//! assert_eq!(add_row(&acc, &row), tensor![[2.0, 6.0], [2.0, 6.0]]);
//! ```
//!
//! Why so few: the facts every shape satisfies are supertraits of [`Shape`] and bounds on
//! [`BroadcastWith::Output`], proved once inside the crate (see [`shape::broadcast`]), so the
//! compiler knows them in every generic function. The one fact it cannot carry is the mirror
//! image for an input: `&a * &d` with `d: Broadcast<A, B>` on the right asks
//! `A: BroadcastWith<Broadcast<A, B>>`. Write `&d * &a`, or add that bound (with
//! `Output = Broadcast<A, B>`).
//!
//! A missing bound is reported with the bound to add:
//!
//! ```compile_fail,E0277
//! use shaped::{Shape, Tensor};
//! fn add<A: Shape, B: Shape>(a: &Tensor<f32, A>, b: &Tensor<f32, B>) -> f32 {
//!     (a + b).sum() // error[E0277]: cannot broadcast shape `A` with shape `B`
//! }
//! ```
//!
//! `shape!` also works inside your own `macro_rules!`: a literal `1` passed on through a
//! `$d:literal`, `$d:expr` or `$d:tt` fragment is still [`One`].
#![no_std]
#![warn(missing_docs)]
// Without a heap, `ShapeError` carries its shapes inline (up to rank 8, see `error::Dims`): a
// large `Err` is the price of naming the shapes with no allocator, and the error path is cold.
#![cfg_attr(not(feature = "alloc"), allow(clippy::result_large_err))]

// The unit tests use `Vec` even when the crate is built without `alloc`.
#[cfg(any(feature = "alloc", test))]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Lets the macros' `::shaped::..` paths resolve inside this crate too.
extern crate self as shaped;

pub mod axes;
mod diagnostic;
#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod error;
mod fmt;
pub mod interop;
pub mod iter;
#[doc(hidden)]
pub mod kernel;
pub mod layout;
pub mod matmul;
#[cfg(feature = "alloc")]
pub mod ncnn;
pub mod ops;
pub mod reduce;
pub mod scalar;
pub mod shape;
mod simd;
pub mod slice;
pub mod storage;
pub mod tensor;
pub mod view;

// Documentation only: `docs/compile-errors.md`, whose compiler output is copied from the
// compile-fail snapshots by `cargo xtask error-guide`; its examples run as doctests here.
#[doc = include_str!("../docs/compile-errors.md")]
pub mod compile_errors {}

// Documentation only: `docs/shape-contracts.md`, how users test their own shape contracts with
// trybuild; its examples run as doctests here, its snapshots are `tests/ui/contract_*`.
#[doc = include_str!("../docs/shape-contracts.md")]
pub mod shape_contracts {}

pub use axes::Axes;
#[cfg(feature = "std")]
pub use dynamic::parallel::{max_threads, set_max_threads};
#[cfg(feature = "alloc")]
pub use dynamic::{
    DynOperand, DynTensor, DynView, DynViewMut, DynViews, Moments, UniqueConsecutive,
    broadcast_shapes, try_concatenate, try_stack, try_where,
};
pub use error::ShapeError;
pub use layout::{BroadcastLayout, Layout, MAX_RANK, RowMajor, Strided};
pub use matmul::Product;
pub use ops::{Operand, UniqueRuns, concat, concat_to, try_concat, try_concat_to, where_};
pub use reduce::{Float, Reduce};
pub use scalar::Scalar;
pub use shape::Shape;
pub use shape::axis::{
    Diagonal, DiagonalTo, ExtentAt, InsertAxis, KeepDims, MoveAxis, Permute, RemoveAxes2,
    RemoveAxis, ReplaceAxis, Reverse, SqueezeAxis, SwapAxes,
};
pub use shape::broadcast::{
    Broadcast, BroadcastExtent, BroadcastFrom, BroadcastInto, BroadcastWith, ExtentFrom,
    RankAtMost, SameDim,
};
pub use shape::extent::{Dim, Dyn, Extent, One};
pub use shape::kind::{Fixed, Kind, Runtime, Select};
pub use shaped_macros::{shape, slice, tensor};
pub use slice::{Slice, SliceEntry};
pub use storage::Destination;
pub use tensor::Tensor;
pub use tensor::construct::Arange;
pub use view::{TensorView, TensorViewMut};

/// The README's examples, compiled and run as doctests so they cannot rot.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
