//! [`Axes`]: which axes an operation takes — all of them, one, or a list — with numpy's negative
//! axes (`-1` is the last).

/// Which axes: [`Axes::All`] (or `None`), one (`From<isize>`, `Some(axis)`), or a list
/// (`From<&[isize]>`, `From<&[isize; N]>`, `From<&Vec<isize>>`), as numpy's
/// `axis=None | int | tuple`.
///
/// ```
/// use shaped::{Axes, DynTensor};
/// let t = DynTensor::<f32>::zeros(&[1, 3, 1]);
/// assert_eq!(t.try_squeeze(Axes::All)?.shape(), &[3]);
/// assert_eq!(t.try_squeeze(-1)?.shape(), &[1, 3]);
/// assert_eq!(t.try_squeeze(&[0, 2])?.shape(), &[3]);
/// assert_eq!(t.try_squeeze(None)?.shape(), &[3]);
/// # Ok::<(), shaped::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axes<'a> {
    /// Every axis (numpy's `axis=None`).
    All,
    /// One axis.
    Single(isize),
    /// A list of axes (numpy's tuple); an empty list names none.
    List(&'a [isize]),
}

impl From<isize> for Axes<'_> {
    fn from(axis: isize) -> Self {
        Axes::Single(axis)
    }
}

impl<'a> From<&'a [isize]> for Axes<'a> {
    fn from(axes: &'a [isize]) -> Self {
        Axes::List(axes)
    }
}

impl<'a, const N: usize> From<&'a [isize; N]> for Axes<'a> {
    fn from(axes: &'a [isize; N]) -> Self {
        Axes::List(axes)
    }
}

#[cfg(feature = "alloc")]
impl<'a> From<&'a alloc::vec::Vec<isize>> for Axes<'a> {
    fn from(axes: &'a alloc::vec::Vec<isize>) -> Self {
        Axes::List(axes)
    }
}

/// numpy's `axis=None | int`: `None` is [`Axes::All`], `Some(a)` the one axis `a` (so the
/// `Option<isize>` that the one-axis-or-none methods take can be passed on to a reduction).
impl From<Option<isize>> for Axes<'_> {
    fn from(axis: Option<isize>) -> Self {
        axis.map_or(Axes::All, Axes::Single)
    }
}

impl Axes<'_> {
    /// The axes as a slice, `None` for [`Axes::All`].
    pub fn as_slice(&self) -> Option<&[isize]> {
        match self {
            Axes::All => None,
            Axes::Single(a) => Some(core::slice::from_ref(a)),
            Axes::List(list) => Some(list),
        }
    }
}

/// A permutation of static axes as a type, for [`Tensor::permute`](crate::Tensor::permute):
/// `axes![2, 0, 1]` is `(Ax<2>, Ax<0>, Ax<1>)`; negative axes count from the end.
#[macro_export]
macro_rules! axes {
    ($($axis:expr),* $(,)?) => {
        ($($crate::shape::axis::Ax<{ $axis }>,)*)
    };
}
