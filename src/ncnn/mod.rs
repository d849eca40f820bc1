//! ncnn's `BinaryOp` broadcasting, as an explicit mode with checks, and its conversion to
//! numpy's rule.
//!
//! ncnn (a neural-network runtime) pairs the operands of its element-wise operations by a rule of
//! its own, and checks nothing: mismatched extents read past the end of the smaller operand.
//! Models moved between ncnn and numpy or PyTorch (what pnnx does when it converts one) need
//! both answers: [`try_add`] and its siblings compute with ncnn's pairing, and
//! [`expand_shapes`] says which reshape makes numpy's rule pair the elements the same way. Here a
//! mismatch is an error, [`ShapeError::NcnnMismatch`](crate::ShapeError::NcnnMismatch), naming
//! both shapes, how ncnn lays them out, and the axis.
//!
//! # The rule
//!
//! ncnn writes shapes innermost first (`[w, h, d, c]`); everything here is in numpy order,
//! outermost first, so ncnn's `[w, h, c]` is `[c, h, w]` here. ncnn's `Mat` has at most four
//! axes ([`MAX_RANK`]). When the ranks differ, ncnn gives the lower-rank operand unit axes, then
//! each axis pairs equal extents or stretches an extent 1, as in numpy:
//!
//! | ranks | where the lower-rank operand goes | example (`b` as ncnn lays it) | numpy on the same pair |
//! |---|---|---|---|
//! | equal | as it is | `[2, 1, 4]` with `[1, 3, 4]` → `[2, 3, 4]` | the same |
//! | scalar (rank 0) with any | applies to every element | `[2, 3]` with `[]` (`[1, 1]`) → `[2, 3]` | the same |
//! | 1-D `[n]` with 2-D `[h, w]`, `n == h` | on the outer axis: `[n, 1]` | `[3, 5]` with `[3]` (`[3, 1]`) → `[3, 5]` | error (3 vs 5) |
//! | 1-D `[n]` with 2-D `[h, w]`, `n != h` | on the inner axis: `[1, n]` | `[3, 5]` with `[5]` (`[1, 5]`) → `[3, 5]` | the same |
//! | 1-D `[n]` with 3-D/4-D, `n ==` the outermost extent `c` | `[n, 1, 1]`, `[n, 1, 1, 1]` | `[4, 3, 5]` with `[4]` (`[4, 1, 1]`) → `[4, 3, 5]` | error (4 vs 5) |
//! | 1-D `[n]` with 3-D/4-D, otherwise | on the innermost axis | `[4, 3, 5]` with `[5]` (`[1, 1, 5]`) → `[4, 3, 5]` | the same |
//! | 1-D, a tie: `n` is both the outermost and the innermost extent | the outer axis wins | `[2, 2]` with `[2]` (`[2, 1]`) → `[2, 2]` | the same shape, but `[2]` pairs with the columns |
//! | 2-D with 3-D/4-D, 3-D with 4-D | on the outer axes, unit axes inside: `[h, w]` → `[h, w, 1]`, `[h, w, 1, 1]` | `[4, 3, 5]` with `[4, 3]` (`[4, 3, 1]`) → `[4, 3, 5]` | error (numpy pads the outer side: `[1, 4, 3]`) |
//!
//! So against numpy, a pair falls in one of four kinds:
//! - **the same result**: equal ranks, scalars, a 1-D operand on the innermost axis that is not
//!   a tie (`[3, 5]` with `[5]`);
//! - **a different pairing, the same shape**: the tie (`[2, 2]` with `[2]`, `[4, 3, 4]` with
//!   `[4]`), and a lower rank that fits both ways (`[5, 5]` with `[5, 5, 5]`);
//! - **accepted by ncnn, an error in numpy**: the implicit outer-axis placements (`[3, 5]` with
//!   `[3]`, `[4, 3, 5]` with `[4]`, `[4, 3, 5]` with `[4, 3]`);
//! - **an error here, accepted by numpy**: a lower rank that fits only numpy's way
//!   (`[4, 3, 5]` with `[3, 5]` is laid out as `[3, 5, 1]`: 4 vs 3).
//!
//! [`expand_shapes`] gives the reshape that makes numpy agree in every accepted case.
//!
//! # Example
//!
//! ```
//! use shaped::{DynTensor, ncnn};
//! let a = DynTensor::from_shape_vec(&[2, 2], vec![1, 2, 3, 4])?;
//! let b = DynTensor::from_shape_vec(&[2], vec![10, 20])?;
//! // ncnn pairs `b` with the rows (the tie goes to the outer axis) ...
//! assert_eq!(ncnn::try_add(&a, &b)?.to_vec(), [11, 12, 23, 24]);
//! // ... numpy with the columns.
//! assert_eq!(a.try_add(&b)?.to_vec(), [11, 22, 13, 24]);
//! // The reshape that makes numpy give ncnn's answer:
//! let (ea, eb) = ncnn::expand_shapes(a.shape(), b.shape())?;
//! assert_eq!((&ea[..], &eb[..]), (&[2, 2][..], &[2, 1][..]));
//! let b_as_ncnn = DynTensor::from_shape_vec(&eb, b.to_vec())?;
//! assert_eq!(a.try_add(&b_as_ncnn)?.to_vec(), [11, 12, 23, 24]);
//! # Ok::<(), shaped::ShapeError>(())
//! ```
//!
//! The rule is that of ncnn's `src/layer/binaryop.cpp` (`BinaryOp::forward`), checked against
//! its `docs/developer-guide/binaryop-broadcasting.md` and the shape pairs of its
//! `tests/test_binaryop*.cpp` (`tests/ncnn_binaryop.rs` here).

mod ops;
mod rule;

pub use ops::{try_add, try_div, try_mul, try_sub, try_zip_map};
pub use rule::{MAX_RANK, broadcast_shapes, expand_shapes};
