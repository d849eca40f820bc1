//! The loops: generated nested stride loops for ranks 1..=8, and their innermost rows.
//!
//! `zip_rK`, `map_rK`, `assign_rK` and `visit_rK` are written by `shaped_macros::kernels`, one
//! loop per axis (see that module for the shape of the code). The static path calls the rank-8
//! kernels with the padded compile-time [`Plan`](crate::layout::Plan): the extents and strides are
//! constants, the leading loops have one iteration, and after inlining what remains is the loop
//! a careful person writes over those constants. Not a public interface.

pub mod row;

shaped_macros::kernels!(8);
