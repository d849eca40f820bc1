//! [`Dims`]: the extents of a shape as an error holds them, boxed with `alloc` and inline
//! without it, and how they print.

#[cfg(feature = "alloc")]
use alloc::boxed::Box;
use core::fmt;

#[cfg(not(feature = "alloc"))]
use crate::MAX_RANK;

/// The extents of a shape, held for error messages: boxed with `alloc`, inline up to rank
/// [`MAX_RANK`](crate::MAX_RANK) without.
///
/// Not `Copy`: with `alloc` the extents live on the heap, and a feature must not take a trait
/// away.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Dims(Repr);

#[cfg(feature = "alloc")]
type Repr = Box<[usize]>;

/// The last `len` extents in `dims[..len]`; `cut` when leading extents were dropped.
#[cfg(not(feature = "alloc"))]
#[derive(Clone, PartialEq, Eq, Hash)]
struct Repr {
    len: u8,
    cut: bool,
    dims: [usize; MAX_RANK],
}

impl Dims {
    /// The extents of `dims`. Without `alloc`, ranks above [`MAX_RANK`](crate::MAX_RANK) keep
    /// their last `MAX_RANK` extents (the axes that broadcasting lines up first).
    pub fn new(dims: &[usize]) -> Self {
        #[cfg(feature = "alloc")]
        {
            Self(dims.into())
        }
        #[cfg(not(feature = "alloc"))]
        {
            let len = dims.len().min(MAX_RANK);
            let mut out = [0; MAX_RANK];
            out[..len].copy_from_slice(&dims[dims.len() - len..]);
            Self(Repr {
                len: len as u8,
                cut: dims.len() > len,
                dims: out,
            })
        }
    }

    /// The extents as a slice (the last `MAX_RANK` of them when cut, see [`Dims::new`]).
    pub fn as_slice(&self) -> &[usize] {
        #[cfg(feature = "alloc")]
        {
            &self.0
        }
        #[cfg(not(feature = "alloc"))]
        {
            &self.0.dims[..self.0.len as usize]
        }
    }

    fn is_cut(&self) -> bool {
        #[cfg(feature = "alloc")]
        {
            false
        }
        #[cfg(not(feature = "alloc"))]
        {
            self.0.cut
        }
    }

    /// The number of elements, `None` when it overflows `usize`.
    pub(super) fn count(&self) -> Option<usize> {
        let d = self.as_slice();
        if d.contains(&0) {
            return Some(0);
        }
        d.iter().try_fold(1usize, |n, &x| n.checked_mul(x))
    }
}

impl fmt::Debug for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_cut() {
            f.write_str("[…, ")?;
            let d = self.as_slice();
            for (i, x) in d.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{x}")?;
            }
            f.write_str("]")
        } else {
            fmt::Debug::fmt(self.as_slice(), f)
        }
    }
}
