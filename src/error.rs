//! [`ShapeError`]: what went wrong when a shape is checked at run time.
//!
//! Static shapes are checked by the compiler; this is for what only run time can see (a slice's
//! length, data from outside). Every variant carries the shapes involved, and its `Display` says
//! what to change.

use core::fmt;

use crate::MAX_RANK;

/// The extents of a shape, held inline for error messages (no heap).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dims {
    len: usize,
    dims: [usize; MAX_RANK],
}

impl Dims {
    /// The extents of `dims`; ranks above [`MAX_RANK`] keep their first `MAX_RANK` extents.
    pub fn new(dims: &[usize]) -> Self {
        let len = dims.len().min(MAX_RANK);
        let mut out = [0; MAX_RANK];
        out[..len].copy_from_slice(&dims[..len]);
        Self { len, dims: out }
    }

    /// The extents as a slice.
    pub fn as_slice(&self) -> &[usize] {
        &self.dims[..self.len]
    }
}

impl fmt::Debug for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

/// A shape that does not fit, found at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShapeError {
    /// The data's length is not the product of the extents.
    DataLength {
        /// The shape the data was meant to fill.
        shape: Dims,
        /// How many elements the data has.
        len: usize,
    },
}

impl ShapeError {
    pub(crate) fn data_length(shape: &[usize], len: usize) -> Self {
        Self::DataLength {
            shape: Dims::new(shape),
            len,
        }
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::DataLength { shape, len } => {
                let need: usize = shape.as_slice().iter().product();
                write!(f, "data has {len} elements, but shape {shape} needs {need}")
            }
        }
    }
}

impl core::error::Error for ShapeError {}
