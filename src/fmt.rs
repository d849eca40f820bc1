//! numpy-like printing: nested brackets, elements right-aligned to a common width.
//!
//! ```
//! use shaped::tensor;
//! let t = tensor![[1, 20, 3], [4, 5, 600]];
//! assert_eq!(t.to_string(), "[[  1,  20,   3],\n [  4,   5, 600]]");
//! assert_eq!(format!("{:.1}", tensor![0.5, 2.0]), "[0.5, 2.0]");
//! ```
//! `{:?}` prints the same layout with `Debug` elements, wrapped as `Tensor(..., shape=[2, 3])`.

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
    let mut width = 0;
    for x in elems.clone() {
        let mut w = Width(0);
        elem(x, &mut w, precision)?;
        width = width.max(w.0);
    }
    if dims.is_empty() {
        return match elems.clone().next() {
            Some(x) => elem(x, f, precision),
            None => Ok(()),
        };
    }
    let mut elems = elems;
    write_level(f, dims, 0, &mut elems, width, elem)
}

fn write_level<'t, T: 't>(
    f: &mut Formatter<'_>,
    dims: &[usize],
    depth: usize,
    elems: &mut impl Iterator<Item = &'t T>,
    width: usize,
    elem: Elem<'_, T>,
) -> fmt::Result {
    f.write_char('[')?;
    for i in 0..dims[depth] {
        if i > 0 {
            if depth + 1 == dims.len() {
                f.write_str(", ")?;
            } else {
                // numpy: a newline per inner row, one more per level above, aligned under the bracket.
                f.write_char(',')?;
                for _ in 0..dims.len() - depth - 1 {
                    f.write_char('\n')?;
                }
                for _ in 0..=depth {
                    f.write_char(' ')?;
                }
            }
        }
        if depth + 1 == dims.len() {
            let x = elems.next().ok_or(fmt::Error)?;
            let precision = f.precision();
            let mut w = Width(0);
            elem(x, &mut w, precision)?;
            for _ in w.0..width {
                f.write_char(' ')?;
            }
            elem(x, f, precision)?;
        } else {
            write_level(f, dims, depth + 1, elems, width, elem)?;
        }
    }
    f.write_char(']')
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
