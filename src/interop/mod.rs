//! Optional bridges to other crates, one module and one Cargo feature per crate (the README's
//! "Features" table lists them). Each only adds trait impls and conversions: nothing in the
//! core depends on them.

#[cfg(feature = "approx")]
pub mod approx;
#[cfg(feature = "defmt")]
pub mod defmt;
#[cfg(feature = "nalgebra")]
pub mod nalgebra;
#[cfg(all(feature = "ndarray", feature = "alloc"))]
pub mod ndarray;
#[cfg(feature = "serde")]
pub mod serde;
