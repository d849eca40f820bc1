//! `slice!(x, ..)`: a static view from literal ranges, its extents computed here.
//!
//! Each range entry becomes one `slice_axis::<AXIS, START, STEP, E>()` call on the view so far,
//! with `E` (the number of elements the range keeps, as an extent type) counted from the
//! literals; `slice_axis` checks at build time that the range lies inside the axis. Bounds must
//! be literals: an open end (`2..`) or a negative index would need the axis's extent, which a
//! macro cannot see, so those are rejected with a pointer to `try_narrow` and the dynamic
//! `try_slice`.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Expr, LitInt, Token};

use crate::shape::{MAX_RANK, extent_of_len};

/// One entry: `..` keeps the axis whole; a range keeps `len` elements every `step` from `start`.
enum Entry {
    Whole,
    Range {
        start: usize,
        step: usize,
        len: usize,
    },
}

struct Input {
    target: Expr,
    entries: Vec<Entry>,
}

fn literal(input: ParseStream, what: &str) -> syn::Result<usize> {
    if input.peek(Token![-]) {
        let minus: Token![-] = input.parse()?;
        let msg = if what == "step" {
            "a static slice steps forward: for a reversed view, use the dynamic \
             `try_slice(s![..;-1])`"
        } else {
            "a negative index counts from the end, which needs the axis's extent: write the \
             index from the start, or use the dynamic `try_slice`"
        };
        return Err(syn::Error::new_spanned(minus, msg));
    }
    input.parse::<LitInt>()?.base10_parse::<usize>()
}

impl Parse for Entry {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let span = input.span();
        let start = if input.peek(LitInt) || input.peek(Token![-]) {
            Some(literal(input, "start")?)
        } else {
            None
        };
        let inclusive = if input.peek(Token![..=]) {
            input.parse::<Token![..=]>()?;
            true
        } else if input.peek(Token![..]) {
            input.parse::<Token![..]>()?;
            false
        } else {
            return Err(syn::Error::new(
                span,
                "expected a range (`..`, `a..b`, `a..=b` or `..b`, each with an optional \
                 `;step`); a single index `i` is written `i..=i`, which keeps it as an axis of 1",
            ));
        };
        let end = if input.peek(LitInt) || input.peek(Token![-]) {
            Some(literal(input, "end")?)
        } else {
            None
        };
        let step = if input.peek(Token![;]) {
            input.parse::<Token![;]>()?;
            Some(literal(input, "step")?)
        } else {
            None
        };
        if step == Some(0) {
            return Err(syn::Error::new(span, "a slice's step must be at least 1"));
        }
        let Some(end) = end else {
            if start.is_none() && step.is_none() && !inclusive {
                return Ok(Entry::Whole);
            }
            return Err(syn::Error::new(
                span,
                "a static slice needs its end as a literal (the macro cannot see the axis's \
                 extent): write `a..n`, or use `try_narrow` or the dynamic `try_slice`",
            ));
        };
        let (start, step) = (start.unwrap_or(0), step.unwrap_or(1));
        let stop = if inclusive { end + 1 } else { end };
        let len = stop.saturating_sub(start).div_ceil(step);
        Ok(Entry::Range { start, step, len })
    }
}

impl Parse for Input {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let target: Expr = input.parse()?;
        let mut entries = Vec::new();
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            entries.push(input.parse()?);
        }
        Ok(Input { target, entries })
    }
}

pub fn expand(input: TokenStream) -> TokenStream {
    let Input { target, entries } = match syn::parse2(input) {
        Ok(i) => i,
        Err(e) => return e.to_compile_error(),
    };
    if entries.len() > MAX_RANK {
        let msg = format!(
            "a static shape has at most {MAX_RANK} axes; this slice names {}",
            entries.len()
        );
        return syn::Error::new(Span::call_site(), msg).to_compile_error();
    }
    let calls = entries.iter().enumerate().filter_map(|(axis, e)| match e {
        Entry::Whole => None,
        Entry::Range { start, step, len } => {
            let axis = proc_macro2::Literal::isize_unsuffixed(axis as isize);
            let (start, step) = (
                proc_macro2::Literal::usize_unsuffixed(*start),
                proc_macro2::Literal::usize_unsuffixed(*step),
            );
            let e = extent_of_len(*len);
            Some(quote!(.slice_axis::<#axis, #start, #step, #e>()))
        }
    });
    let calls: Vec<_> = calls.collect();
    if calls.is_empty() {
        return quote!((#target).view());
    }
    quote!((#target) #(#calls)*)
}
