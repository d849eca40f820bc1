//! Procedural macros for [`shaped`](https://docs.rs/shaped).
//!
//! Users meet three of them, re-exported by `shaped`: [`shape!`] names a shape type from plain
//! numbers, [`tensor!`] builds a tensor from nested brackets, and [`slice!`] takes a static view
//! of literal ranges. The rest generate code inside
//! `shaped` itself (impl tables for every rank, the loop kernels), so no loop nest or impl is
//! written by hand once per rank; they are `#[doc(hidden)]` and not a public interface.

use proc_macro::TokenStream;

mod axes;
mod code;
mod kernels;
mod matmul;
mod shape;
mod slice;
mod tables;
mod tensor;
mod tokens;

/// The shape type for literal extents: `shape![2, 3, 4]` is `(Dim<2>, Dim<3>, Dim<4>)`.
///
/// The literal `1` becomes `One`, the extent that broadcasts, and `Dyn` the extent known at run
/// time (`shape![Dyn, 784]`). An extent may also be a const generic parameter or a braced const
/// expression (`shape![N, 3]`, `shape![{N * 2}]`); such an extent is always `Dim<..>`, which for
/// 1 is a legal extent that does not stretch (write a literal `1` where you mean `One`).
/// At most 8 axes.
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    shape::expand(input)
}

/// A tensor from nested brackets, its shape inferred: `tensor![[1, 2, 3], [4, 5, 6]]` is a
/// `Tensor<_, shape![2, 3]>`. Rows of different lengths are a compile error at the ragged row.
#[proc_macro]
pub fn tensor(input: TokenStream) -> TokenStream {
    tensor::expand(input)
}

/// A static view from literal ranges, numpy's basic slicing: `slice!(m, .., 1..7;2)` is
/// `m[:, 1:7:2]`, a view of shape `[rows, 3]`. One entry per axis from the first (`..` keeps an
/// axis whole; missing entries too); a range is `a..b`, `a..=b` or `..b`, each with an optional
/// `;step` (at least 1). Bounds are literals, so the macro counts the kept elements into the
/// view's type; a range past the axis's end fails `cargo build`. Open ends (`a..`), negative
/// indices and negative steps need the axis's extent or reversed strides: use `try_narrow`, or
/// the dynamic `try_slice`.
#[proc_macro]
pub fn slice(input: TokenStream) -> TokenStream {
    slice::expand(input)
}

#[doc(hidden)]
#[proc_macro]
pub fn impl_shapes(input: TokenStream) -> TokenStream {
    tables::shapes(input)
}

#[doc(hidden)]
#[proc_macro]
pub fn impl_broadcast(input: TokenStream) -> TokenStream {
    tables::broadcast(input)
}

#[doc(hidden)]
#[proc_macro]
pub fn impl_axes(input: TokenStream) -> TokenStream {
    axes::expand(input)
}

#[doc(hidden)]
#[proc_macro]
pub fn impl_matmul(input: TokenStream) -> TokenStream {
    matmul::expand(input)
}

#[doc(hidden)]
#[proc_macro]
pub fn kernels(input: TokenStream) -> TokenStream {
    kernels::expand(input)
}
