//! `tensor![..]`: nested brackets to a tensor, the shape counted from the literal.

use proc_macro2::TokenStream;
use quote::quote;
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Expr, Token};

use crate::shape::{MAX_RANK, extent_of_len};

pub fn expand(input: TokenStream) -> TokenStream {
    let parsed = Punctuated::<Expr, Token![,]>::parse_terminated.parse2(input.clone());
    let elems: Vec<Expr> = match parsed {
        Ok(p) => p.into_iter().collect(),
        Err(e) => return e.to_compile_error(),
    };
    // The first element at each depth fixes the shape; every other row is checked against it.
    let mut dims = vec![elems.len()];
    let mut first = elems.first();
    while let Some(Expr::Array(row)) = first {
        dims.push(row.elems.len());
        first = row.elems.first();
    }
    for e in &elems {
        if let Err(e) = check(e, &dims[1..]) {
            return e.to_compile_error();
        }
    }
    if dims.len() > MAX_RANK {
        let msg = format!(
            "a static tensor has at most {MAX_RANK} axes, this literal nests {}",
            dims.len()
        );
        return syn::Error::new_spanned(input, msg).to_compile_error();
    }
    let extents = dims.iter().map(|&n| extent_of_len(n));
    quote!(
        ::shaped::Tensor::<_, ( #( #extents, )* )>::from_array([ #( #elems ),* ])
    )
}

/// Checks that `e` has the shape `rest`: a row of `rest[0]` elements each of shape `rest[1..]`,
/// or a single element when `rest` is empty. A mismatch is reported at the offending row.
fn check(e: &Expr, rest: &[usize]) -> syn::Result<()> {
    match (e, rest.split_first()) {
        (Expr::Array(row), Some((&len, inner))) => {
            if row.elems.len() != len {
                let msg = format!(
                    "ragged tensor: this row has {} elements, but the first row at this depth has {len}",
                    row.elems.len()
                );
                return Err(syn::Error::new_spanned(row, msg));
            }
            row.elems.iter().try_for_each(|x| check(x, inner))
        }
        (Expr::Array(row), None) => Err(syn::Error::new_spanned(
            row,
            "ragged tensor: this is a row, but the first element at this depth is a single value",
        )),
        (_, Some((&len, _))) => Err(syn::Error::new_spanned(
            e,
            format!("ragged tensor: expected a row of {len} elements here, found a single value"),
        )),
        (_, None) => Ok(()),
    }
}
