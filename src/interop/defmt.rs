//! [`defmt`]'s `Format` for tensors, views and [`ShapeError`] (feature
//! `defmt`), so firmware can log them with deferred formatting: the elements go over the wire as
//! the element type's own `Format` encoding, and the host prints them.
//!
//! Tensors and views read as their `Debug` form does: the elements in logical row-major order,
//! then the shape (and a view's strides), e.g. `Tensor([1.0, 2.0, 3.0, 4.0], shape=[2, 2])`.
//! The elements of a view are sent in that order whatever its strides, so a transposed view logs
//! the transposed values.
//!
//! A `ShapeError` is sent as the text its `Display` writes (through `core::fmt`, by
//! `defmt::Display2Format`): its messages name shapes, axes and the fix, and composing them is
//! worth it on a path that only runs when something went wrong.
//!
//! ```
//! # #[cfg(feature = "defmt")] {
//! fn log(t: &shaped::Tensor<f32, shaped::shape![2, 2]>) {
//!     // In firmware with a defmt logger linked in:
//!     defmt::info!("weights: {}", t);
//!     defmt::info!("transposed: {}", t.t());
//! }
//! # }
//! ```

use defmt::{Format, Formatter};

use crate::{Layout, Shape, ShapeError, Tensor, TensorView, TensorViewMut};

/// `[a, b, c]`: each element by its own `Format`.
fn elements<'t, T: Format + 't>(f: Formatter<'_>, items: impl Iterator<Item = &'t T>) {
    defmt::write!(f, "[");
    for (i, x) in items.enumerate() {
        if i > 0 {
            defmt::write!(f, ", ");
        }
        defmt::write!(f, "{}", x);
    }
    defmt::write!(f, "]");
}

impl<T: Format, S: Shape> Format for Tensor<T, S> {
    fn format(&self, f: Formatter<'_>) {
        defmt::write!(f, "Tensor(");
        elements(f, self.iter());
        defmt::write!(f, ", shape={=[?]})", self.shape());
    }
}

impl<T: Format, S: Shape, L: Layout<S>> Format for TensorView<'_, T, S, L> {
    fn format(&self, f: Formatter<'_>) {
        defmt::write!(f, "TensorView(");
        elements(f, self.iter());
        defmt::write!(
            f,
            ", shape={=[?]}, strides={=[?]})",
            self.shape(),
            self.strides()
        );
    }
}

impl<T: Format, S: Shape> Format for TensorViewMut<'_, T, S> {
    fn format(&self, f: Formatter<'_>) {
        defmt::write!(f, "TensorViewMut(");
        elements(f, self.as_slice().iter());
        defmt::write!(f, ", shape={=[?]})", self.shape());
    }
}

impl Format for ShapeError {
    fn format(&self, f: Formatter<'_>) {
        defmt::write!(f, "ShapeError: {}", defmt::Display2Format(self));
    }
}

#[cfg(feature = "alloc")]
mod dynamic {
    use defmt::{Format, Formatter};

    use super::elements;
    use crate::{DynTensor, DynView, DynViewMut};

    impl<T: Format> Format for DynTensor<T> {
        fn format(&self, f: Formatter<'_>) {
            defmt::write!(f, "DynTensor(");
            elements(f, self.iter());
            defmt::write!(f, ", shape={=[?]})", self.shape());
        }
    }

    impl<T: Format> Format for DynView<'_, T> {
        fn format(&self, f: Formatter<'_>) {
            defmt::write!(f, "DynView(");
            elements(f, self.iter());
            defmt::write!(
                f,
                ", shape={=[?]}, strides={=[?]})",
                self.shape(),
                self.strides()
            );
        }
    }

    impl<T: Format> Format for DynViewMut<'_, T> {
        fn format(&self, f: Formatter<'_>) {
            defmt::write!(f, "DynViewMut(");
            elements(f, self.view().iter());
            defmt::write!(
                f,
                ", shape={=[?]}, strides={=[?]})",
                self.shape(),
                self.strides()
            );
        }
    }
}
