//! numpy-like printing: nested brackets, elements right-aligned to a common width, for the
//! static tensors and views and (with `alloc`) [`DynTensor`](crate::DynTensor),
//! [`DynView`](crate::DynView) and [`DynViewMut`](crate::DynViewMut): one formatter, numpy's
//! `np.array2string(a, separator=', ')`.
//!
//! ```
//! use shaped::{tensor, DynTensor};
//! let t = tensor![[1, 20, 3], [4, 5, 600]];
//! assert_eq!(t.to_string(), "[[  1,  20,   3],\n [  4,   5, 600]]");
//! assert_eq!(format!("{:.1}", tensor![0.5, 2.0]), "[0.5, 2.0]");
//! assert_eq!(format!("{:3}", tensor![1, 2]), "[  1,   2]");        // width: at least 3
//! // Past 1000 elements, axes longer than 6 show their first and last 3 entries.
//! let long = DynTensor::from_fn(&[1001], |i| i[0]);
//! assert_eq!(long.to_string(), "[   0,    1,    2, ...,  998,  999, 1000]");
//! ```
//! Rows are not wrapped: a row is one line however long, as numpy prints with
//! `max_line_width` unbounded (numpy's default breaks lines at 75 characters). A width applies
//! to a rank-0 tensor's one element too (`format!("{:3}", DynTensor::scalar(5))` is `"  5"`).
//! Elements are written by their own `Display` (`1` for `1.0f64`, `NaN`, `true`), not numpy's
//! (`1.`, `nan`, `True`).
//!
//! `{:?}` prints the same layout with `Debug` elements, wrapped as `Tensor(..., shape=[2, 3])`
//! for static tensors (the dynamic ones keep their flat `Debug`).

use core::fmt::{self, Debug, Display, Formatter, Write};

use crate::layout::Layout;
use crate::{Shape, Tensor, TensorView};

/// Counts the characters written to it: the width of an element, without allocating.
struct Width(usize);

impl Write for Width {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

/// How one element is written: `Display` or `Debug`, honouring the caller's precision.
type Elem<'e, T> = &'e dyn Fn(&T, &mut dyn Write, Option<usize>) -> fmt::Result;

/// numpy's `threshold`: more elements than this and long axes are summarised.
const THRESHOLD: usize = 1000;
/// numpy's `edgeitems`: how many entries a summarised axis shows at each end.
const EDGE_ITEMS: usize = 3;

/// The element count of `dims`, saturating (a count past `usize` is past the threshold too).
fn count(dims: &[usize]) -> usize {
    dims.iter().fold(1usize, |n, &d| n.saturating_mul(d))
}

/// Writes the elements `elems` (row-major, `dims` their extents) as numpy's
/// `array2string(a, separator=', ')`: nested brackets, every element right-aligned to the
/// widest one shown (and to the formatter's width, if wider), the precision passed on. Past
/// [`THRESHOLD`] elements every axis longer than `2 * EDGE_ITEMS` shows its first and last
/// [`EDGE_ITEMS`] entries around `...`, and only the elements shown set the width. The static
/// and dynamic tensors both print through here.
fn write_nested<'t, T: 't, I>(
    f: &mut Formatter<'_>,
    dims: &[usize],
    elems: I,
    elem: Elem<'_, T>,
) -> fmt::Result
where
    I: Iterator<Item = &'t T> + Clone,
{
    let precision = f.precision();
    if dims.is_empty() {
        return match elems.clone().next() {
            Some(x) => pad(f, x, elem, f.width().unwrap_or(0)),
            None => Ok(()),
        };
    }
    if dims.contains(&0) {
        return f.write_str("[]");
    }
    let edge = (count(dims) > THRESHOLD).then_some(EDGE_ITEMS);
    let mut width = f.width().unwrap_or(0);
    let mut measure = |x: &T| -> fmt::Result {
        let mut w = Width(0);
        elem(x, &mut w, precision)?;
        width = width.max(w.0);
        Ok(())
    };
    visit_shown(dims, 0, &mut elems.clone(), edge, &mut measure)?;
    let mut elems = elems;
    let layout = Level {
        dims,
        width,
        edge,
        elem,
    };
    layout.write(f, 0, &mut elems)
}

/// The entries of an axis of extent `n` that are shown: `0..n`, or the first and last `edge`.
fn shown(n: usize, edge: Option<usize>) -> (usize, usize) {
    match edge {
        Some(e) if n > 2 * e => (e, n - 2 * e),
        _ => (n, 0),
    }
}

/// Skips `k` elements.
fn skip<I: Iterator>(elems: &mut I, k: usize) {
    if k > 0 {
        elems.nth(k - 1);
    }
}

/// Calls `f` on every element shown, in order, skipping the summarised ones.
fn visit_shown<'t, T: 't>(
    dims: &[usize],
    depth: usize,
    elems: &mut impl Iterator<Item = &'t T>,
    edge: Option<usize>,
    f: &mut impl FnMut(&T) -> fmt::Result,
) -> fmt::Result {
    let (lead, hidden) = shown(dims[depth], edge);
    let inner = count(&dims[depth + 1..]);
    for i in 0..dims[depth] - hidden {
        if i == lead {
            skip(elems, hidden.saturating_mul(inner));
        }
        if depth + 1 == dims.len() {
            f(elems.next().ok_or(fmt::Error)?)?;
        } else {
            visit_shown(dims, depth + 1, elems, edge, f)?;
        }
    }
    Ok(())
}

/// Writes `x`, right-aligned to `width` characters, with the formatter's precision.
fn pad<T>(f: &mut Formatter<'_>, x: &T, elem: Elem<'_, T>, width: usize) -> fmt::Result {
    let precision = f.precision();
    let mut w = Width(0);
    elem(x, &mut w, precision)?;
    for _ in w.0..width {
        f.write_char(' ')?;
    }
    elem(x, f, precision)
}

/// What every level of the nested brackets shares.
struct Level<'d, 'e, T> {
    dims: &'d [usize],
    width: usize,
    edge: Option<usize>,
    elem: Elem<'e, T>,
}

impl<T> Level<'_, '_, T> {
    fn write<'t>(
        &self,
        f: &mut Formatter<'_>,
        depth: usize,
        elems: &mut impl Iterator<Item = &'t T>,
    ) -> fmt::Result
    where
        T: 't,
    {
        let dims = self.dims;
        let last = depth + 1 == dims.len();
        let (lead, hidden) = shown(dims[depth], self.edge);
        let inner = count(&dims[depth + 1..]);
        f.write_char('[')?;
        for i in 0..dims[depth] - hidden {
            if i > 0 {
                self.separate(f, depth)?;
            }
            if i == lead && hidden > 0 {
                // numpy's summary: `...` stands for the hidden entries, as one more entry.
                f.write_str("...")?;
                self.separate(f, depth)?;
                skip(elems, hidden.saturating_mul(inner));
            }
            if last {
                pad(f, elems.next().ok_or(fmt::Error)?, self.elem, self.width)?;
            } else {
                self.write(f, depth + 1, elems)?;
            }
        }
        f.write_char(']')
    }

    /// Between two entries of axis `depth`: `, ` in a row; above it a comma, a newline per
    /// level below, and the indent that aligns the next entry under the bracket (numpy's).
    fn separate(&self, f: &mut Formatter<'_>, depth: usize) -> fmt::Result {
        if depth + 1 == self.dims.len() {
            return f.write_str(", ");
        }
        f.write_char(',')?;
        for _ in 0..self.dims.len() - depth - 1 {
            f.write_char('\n')?;
        }
        for _ in 0..=depth {
            f.write_char(' ')?;
        }
        Ok(())
    }
}

fn display<T: Display>(x: &T, out: &mut dyn Write, precision: Option<usize>) -> fmt::Result {
    match precision {
        Some(p) => write!(out, "{x:.p$}"),
        None => write!(out, "{x}"),
    }
}

fn debug<T: Debug>(x: &T, out: &mut dyn Write, precision: Option<usize>) -> fmt::Result {
    match precision {
        Some(p) => write!(out, "{x:.p$?}"),
        None => write!(out, "{x:?}"),
    }
}

impl<T: Display, S: Shape> Display for Tensor<T, S> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_nested(f, self.shape(), self.iter(), &display::<T>)
    }
}

impl<T: Debug, S: Shape> Debug for Tensor<T, S> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("Tensor(")?;
        write_nested(f, self.shape(), self.iter(), &debug::<T>)?;
        write!(f, ", shape={:?})", self.shape())
    }
}

impl<T: Display, S: Shape, L: Layout<S>> Display for TensorView<'_, T, S, L> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_nested(f, self.shape(), self.iter(), &display::<T>)
    }
}

impl<T: Debug, S: Shape, L: Layout<S>> Debug for TensorView<'_, T, S, L> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("TensorView(")?;
        write_nested(f, self.shape(), self.iter(), &debug::<T>)?;
        write!(
            f,
            ", shape={:?}, strides={:?})",
            self.shape(),
            self.strides()
        )
    }
}

#[cfg(feature = "alloc")]
impl<T: Display> Display for crate::DynTensor<T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_nested(f, self.shape(), self.iter(), &display::<T>)
    }
}

#[cfg(feature = "alloc")]
impl<T: Display> Display for crate::DynView<'_, T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_nested(f, self.shape(), self.iter(), &display::<T>)
    }
}

#[cfg(feature = "alloc")]
impl<T: Display> Display for crate::DynViewMut<'_, T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_nested(f, self.shape(), self.iter(), &display::<T>)
    }
}
