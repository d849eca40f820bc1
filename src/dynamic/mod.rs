//! Dynamic-rank tensors (`alloc` feature): shapes known only at run time, any rank.
//!
//! [`DynTensor<T>`] owns its elements on the heap, row-major; [`DynView`] reads through a
//! [`Layout`] (`dims`, signed `strides`, `offset`): a broadcast has stride 0, a reversed slice a
//! negative stride; [`DynViewMut`] writes through any layout that reaches each element once.
//! Views that change shape (`t`, `try_slice`, `try_diagonal`, ...) are in `view_ops`. Shapes are checked at run time with numpy's rules: every `try_`
//! method returns a [`ShapeError`](crate::ShapeError) naming the shapes and the axis, and never
//! panics; the operators panic with the same message.
//!
//! ```
//! use shaped::{shape, DynTensor, Tensor};
//! let x = DynTensor::from_shape_vec(&[2, 1, 4], (0..8).map(|i| i as f32).collect())?;
//! let y = x.try_add(&DynTensor::ones(&[3, 1]))?;           // shape [2, 3, 4]
//! let z: Tensor<f32, shape![2, 3, 4]> = y.try_into()?;      // back to a static shape
//! assert_eq!(z[[1, 2, 3]], 8.0);
//! # Ok::<(), shaped::ShapeError>(())
//! ```
//!
//! ## Printing
//! `Display` prints as numpy's `np.array2string(a, separator=', ')` (the static tensors'
//! format, `src/fmt.rs`): nested brackets, aligned columns, the formatter's precision and width
//! applied to every element, and past 1000 elements long axes summarised with `...`.
//!
//! ```
//! use shaped::DynTensor;
//! let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
//! assert_eq!(t.to_string(), "[[ 0,  1,  2],\n [10, 11, 12]]");
//! assert_eq!(t.t().to_string(), "[[ 0, 10],\n [ 1, 11],\n [ 2, 12]]");
//! let long = DynTensor::from_fn(&[2000], |i| i[0]);
//! assert_eq!(long.to_string(), "[   0,    1,    2, ..., 1997, 1998, 1999]");
//! ```
//!
//! ## How an operation runs
//! `broadcast` computes the result shape ([`broadcast_shapes`] for any number of shapes);
//! `plan` coalesces the loops and hands them to the same generated kernels the static path
//! uses (`crate::kernel::zip_rK`), with fast paths for packed same-shape and scalar operands and
//! an odometer past rank 8; `buffer` allocates the output once and the kernels write it in
//! order. Extents and strides of rank ≤ 6 are inline (`dims`), so a binary operation on such
//! tensors makes exactly one allocation, the output's elements (`tests/dynamic_alloc.rs`).
//! With the `rayon` feature (on by default), the arithmetic methods and operators cut outputs of
//! 4 MiB and more into chunks of whole rows and run them on up to
//! [`max_threads`](parallel::max_threads) threads of rayon's pool ([`parallel`]: one core
//! cannot stream memory as fast as the machine; 0.55x the one-thread time at 4M `f32` on two
//! cores). That split is safe code over disjoint `&mut` chunks.
//!
//! ## `unsafe`
//! One block, in `buffer`: the output `Vec` is written through `MaybeUninit` slots and then
//! given its length, instead of being pre-filled. The measurement (`cargo bench --bench dynamic`,
//! `hand` vs `hand_zeroed`, the same loop into uninitialised vs zero-filled output, f32, one run
//! on this 2-core machine): W3a 318 ns vs 462 ns (1.45x), W4 1.20 ms vs 2.36 ms, W6 1.98 ms vs
//! 2.63 ms (1.33x). Pre-filling would also need `O: Default + Clone`. Miri runs every test that
//! reaches it (`cargo xtask miri`).
//!
//! A second, in `plan`: calling the AVX2 build of the loop runner after
//! `is_x86_feature_detected!("avx2")` said yes (x86-64 with `std`). Measured with callgrind on
//! W3a `[64,64]+[64]`: 9.0k instructions per call with SSE2 rows, 6.3k with AVX2; criterion
//! medians 1.62x → 1.10x the hand-written SSE2 loop. Miri cannot run AVX2 code, so under Miri
//! the portable loops run (the same source, compiled without the feature).

mod axis_views;
mod broadcast;
pub(crate) mod buffer;
mod choose;
mod construct;
mod convert;
mod dims;
mod iter;
mod join;
mod layout;
mod matmul;
mod methods;
mod operand;
mod operators;
pub mod parallel;
mod plan;
// The bias-add rows loop, shared with the static engine's run-time arm.
pub(crate) use plan::{trailing, update_rows};
mod reduce;
mod scan;
mod select;
mod take_along;
mod tensor;
mod view;
mod view_layout;
mod view_ops;

pub use axis_views::DynViews;
pub use broadcast::broadcast_shapes;
pub use choose::try_where;
pub use construct::Arange;
pub use dims::INLINE;
pub use iter::{DynIndex, DynIndices, DynIter};
pub use join::{try_concatenate, try_stack};
pub use layout::Layout;
pub(crate) use layout::count_or_err;
pub use methods::DynDestination;
pub use operand::DynOperand;
pub(crate) use operand::padded;
pub use reduce::{Moments, UniqueConsecutive};
pub use tensor::DynTensor;
pub use view::{DynView, DynViewMut};
