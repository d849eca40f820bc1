//! [`Slice`]: Python's `start:stop:step` for one axis, [`SliceEntry`]: a slice or an integer
//! index (numpy's basic indexing, which removes the axis), and the [`s!`](crate::s) macro that
//! writes a list of them.
//!
//! The semantics are Python's exactly (`slice.indices`): negative `start`/`stop` count from the
//! end, bounds past either end clip (an empty result, not an error), a negative step walks
//! backwards from the end, and step 0 is an error. ndarray's `s![a..b;-1]` reverses the range
//! `a..b`; here, as in numpy, `a..b;-1` walks from `a` down to just above `b`.

/// One axis's `start:stop:step`, Python's semantics; `None` is an omitted bound.
///
/// ```
/// use shaped::Slice;
/// let rev = Slice { start: None, stop: None, step: Some(-1) };   // `::-1`
/// assert_eq!(rev.indices(5), Some((4, -1, 5)));
/// assert_eq!(Slice::new(Some(-3), None, None).indices(5), Some((2, 1, 3)));   // `-3:`
/// assert_eq!(Slice::new(Some(7), Some(9), None).indices(5), Some((5, 1, 0))); // clipped, empty
/// assert_eq!(Slice::new(None, None, Some(0)).indices(5), None);               // step 0
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Slice {
    /// The first index (`None`: from the start, or from the end when stepping backwards).
    pub start: Option<isize>,
    /// The index to stop before (`None`: to the end, or to the start when stepping backwards).
    pub stop: Option<isize>,
    /// The step (`None`: 1); never 0.
    pub step: Option<isize>,
}

impl Slice {
    /// The whole axis, `:`.
    pub const ALL: Slice = Slice {
        start: None,
        stop: None,
        step: None,
    };

    /// `start:stop:step`.
    pub const fn new(start: Option<isize>, stop: Option<isize>, step: Option<isize>) -> Self {
        Self { start, stop, step }
    }

    /// This slice applied to an axis of extent `len`: `(first index, step, number of indices)`,
    /// as Python's `slice.indices` and `len(range(...))` give them; `None` when the step is 0.
    /// When the count is 0 the first index is not a valid index.
    pub fn indices(&self, len: usize) -> Option<(isize, isize, usize)> {
        let step = self.step.unwrap_or(1);
        if step == 0 {
            return None;
        }
        let len = len as isize;
        let (lower, upper) = if step < 0 { (-1, len - 1) } else { (0, len) };
        let clip = |bound: Option<isize>, default: isize| match bound {
            None => default,
            Some(b) if b < 0 => (b.saturating_add(len)).max(lower),
            Some(b) => b.min(upper),
        };
        let start = clip(self.start, if step < 0 { upper } else { lower });
        let stop = clip(self.stop, if step < 0 { lower } else { upper });
        // `start` and `stop` lie in `-1..=len`, so their difference fits; the step's magnitude
        // is taken unsigned (`isize::MIN` has none as an `isize`).
        let span = if step > 0 { stop - start } else { start - stop };
        let count = if span > 0 {
            (span as usize - 1) / step.unsigned_abs() + 1
        } else {
            0
        };
        Some((start, step, count))
    }
}

/// An axis bound in a range given to [`s!`](crate::s): any primitive integer.
pub trait SliceIndex: Copy {
    /// The bound as an `isize`.
    fn to_isize(self) -> isize;
}

macro_rules! slice_index {
    ($($t:ty),*) => {$(
        impl SliceIndex for $t {
            #[inline]
            fn to_isize(self) -> isize {
                self as isize
            }
        }
    )*};
}
slice_index!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl From<core::ops::RangeFull> for Slice {
    fn from(_: core::ops::RangeFull) -> Self {
        Slice::ALL
    }
}

impl<I: SliceIndex> From<core::ops::Range<I>> for Slice {
    fn from(r: core::ops::Range<I>) -> Self {
        Slice::new(Some(r.start.to_isize()), Some(r.end.to_isize()), None)
    }
}

impl<I: SliceIndex> From<core::ops::RangeFrom<I>> for Slice {
    fn from(r: core::ops::RangeFrom<I>) -> Self {
        Slice::new(Some(r.start.to_isize()), None, None)
    }
}

impl<I: SliceIndex> From<core::ops::RangeTo<I>> for Slice {
    fn from(r: core::ops::RangeTo<I>) -> Self {
        Slice::new(None, Some(r.end.to_isize()), None)
    }
}

impl Slice {
    /// This slice with step `step` (what `;step` means in [`s!`](crate::s)).
    pub const fn step_by(self, step: isize) -> Self {
        Self {
            step: Some(step),
            ..self
        }
    }
}

/// One entry of [`s!`](crate::s) for one axis: a [`Slice`] (the axis kept, maybe shorter), or an
/// integer index (numpy's basic indexing `a[:, 4]`: the axis removed, negative from the end).
///
/// ```
/// use shaped::{s, Slice, SliceEntry};
/// assert_eq!(s![.., -1], [SliceEntry::Slice(Slice::ALL), SliceEntry::Index(-1)]);
/// assert_eq!(SliceEntry::from(1..3), Slice::new(Some(1), Some(3), None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SliceEntry {
    /// `start:stop:step`: the axis stays.
    Slice(Slice),
    /// One index (negative from the end): the axis goes.
    Index(isize),
}

impl Default for SliceEntry {
    /// The whole axis, `:`.
    fn default() -> Self {
        Self::Slice(Slice::ALL)
    }
}

impl From<Slice> for SliceEntry {
    fn from(s: Slice) -> Self {
        Self::Slice(s)
    }
}

impl<I: SliceIndex> From<I> for SliceEntry {
    fn from(i: I) -> Self {
        Self::Index(i.to_isize())
    }
}

impl PartialEq<Slice> for SliceEntry {
    fn eq(&self, other: &Slice) -> bool {
        *self == Self::Slice(*other)
    }
}

/// A range entry of [`s!`](crate::s) is the [`Slice`] of that range.
macro_rules! entry_of_range {
    ($($r:ty),*) => {$(
        impl<I: SliceIndex> From<$r> for SliceEntry {
            fn from(r: $r) -> Self {
                Self::Slice(Slice::from(r))
            }
        }
    )*};
}
entry_of_range!(
    core::ops::Range<I>,
    core::ops::RangeFrom<I>,
    core::ops::RangeTo<I>
);

impl From<core::ops::RangeFull> for SliceEntry {
    fn from(_: core::ops::RangeFull) -> Self {
        Self::Slice(Slice::ALL)
    }
}

/// A list of [`SliceEntry`]s, one per axis from the first, written like numpy's basic indexing:
/// `s![.., 1..3, ..;-1]` is `[:, 1:3, ::-1]`, `s![2.., ..-1;2]` is `[2:, :-1:2]`, `s![.., 4]` is
/// `[:, 4]` and `s![-1, ..]` is `[-1, :]`.
///
/// Each entry is a range (`..`, `a..`, `..b`, `a..b`, any integer type, negative counts from the
/// end), optionally followed by `;step`, or an integer, which picks one index and removes the
/// axis (negative from the end). The result is an array to pass to `try_slice`; fewer entries
/// than axes leave the remaining axes whole.
///
/// ```
/// use shaped::{s, DynTensor};
/// let t = DynTensor::from_fn(&[2, 5], |i| 10 * i[0] + i[1]);
/// let v = t.try_slice(&s![.., 1..;-2])?;   // numpy: t[:, 1::-2]
/// assert_eq!(v.to_vec(), [1, 11]);
/// let w = t.try_slice(&s![..;-1, -2..])?;  // t[::-1, -2:]
/// assert_eq!(w.to_vec(), [13, 14, 3, 4]);
/// let col = t.try_slice(&s![.., 4])?;      // t[:, 4]: a 1-D view
/// assert_eq!((col.shape(), col.to_vec()), (&[2][..], vec![4, 14]));
/// assert_eq!(t.try_slice(&s![-1, ..;2])?.to_vec(), [10, 12, 14]);
/// assert!(t.try_slice(&s![2]).is_err());   // index out of range
/// # Ok::<(), shaped::ShapeError>(())
/// ```
#[macro_export]
macro_rules! s {
    () => {
        [$crate::SliceEntry::Slice($crate::Slice::ALL); 0]
    };
    ($($range:expr $(; $step:expr)?),+ $(,)?) => {
        [$($crate::__slice_entry!($range $(; $step)?)),*]
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __slice_entry {
    ($range:expr) => {
        <$crate::SliceEntry as ::core::convert::From<_>>::from($range)
    };
    ($range:expr; $step:expr) => {
        $crate::SliceEntry::Slice(
            <$crate::Slice as ::core::convert::From<_>>::from($range).step_by($step),
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Python's `len(range(*slice(start, stop, step).indices(n)))` and the first index, worked
    /// out by hand.
    #[test]
    fn python_semantics() {
        let sl = |a, b, c| Slice::new(a, b, c);
        assert_eq!(sl(None, None, None).indices(4), Some((0, 1, 4)));
        assert_eq!(sl(Some(1), Some(3), None).indices(4), Some((1, 1, 2)));
        assert_eq!(sl(Some(-1), None, None).indices(4), Some((3, 1, 1)));
        assert_eq!(sl(None, Some(-1), Some(2)).indices(6), Some((0, 2, 3)));
        assert_eq!(sl(None, None, Some(-1)).indices(4), Some((3, -1, 4)));
        assert_eq!(sl(Some(1), None, Some(-1)).indices(4), Some((1, -1, 2)));
        assert_eq!(
            sl(Some(10), Some(-10), Some(-3)).indices(7),
            Some((6, -3, 3))
        );
        assert_eq!(sl(Some(-10), Some(10), None).indices(3), Some((0, 1, 3)));
        assert_eq!(sl(Some(3), Some(1), None).indices(5), Some((3, 1, 0)));
        assert_eq!(sl(None, None, Some(-2)).indices(0), Some((-1, -2, 0)));
        assert_eq!(sl(None, None, Some(0)).indices(3), None);
        assert_eq!(
            sl(Some(isize::MIN), Some(isize::MAX), Some(isize::MIN)).indices(3),
            Some((-1, isize::MIN, 0))
        );
    }

    #[test]
    fn macro_entries() {
        let v = crate::s![.., 1..3, ..;-1, -2..;2, ..4u8];
        assert_eq!(v[0], Slice::ALL);
        assert_eq!(v[1], Slice::new(Some(1), Some(3), None));
        assert_eq!(v[2], Slice::new(None, None, Some(-1)));
        assert_eq!(v[3], Slice::new(Some(-2), None, Some(2)));
        assert_eq!(v[4], Slice::new(None, Some(4), None));
        let i = 3usize;
        let w = crate::s![4, -1, i, .., 2u8];
        assert_eq!(w[0], SliceEntry::Index(4));
        assert_eq!(w[1], SliceEntry::Index(-1));
        assert_eq!(w[2], SliceEntry::Index(3));
        assert_eq!(w[3], Slice::ALL);
        assert_eq!(w[4], SliceEntry::Index(2));
        assert_eq!(crate::s![].len(), 0);
    }
}
