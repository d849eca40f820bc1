//! `shape![..]`: literal extents to extent types.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote, quote_spanned};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Expr, Lit, Token};

/// The most axes a static shape may have (the tuple impls go this far).
pub const MAX_RANK: usize = 8;

pub fn expand(input: TokenStream) -> TokenStream {
    let parsed = Punctuated::<Expr, Token![,]>::parse_terminated.parse2(input);
    let extents = match parsed {
        Ok(p) => p,
        Err(e) => return e.to_compile_error(),
    };
    if extents.len() > MAX_RANK {
        let msg = format!(
            "a static shape has at most {MAX_RANK} axes, this one has {}; use `DynTensor` for higher ranks",
            extents.len()
        );
        return syn::Error::new_spanned(&extents, msg).to_compile_error();
    }
    let types = extents.iter().map(extent_type);
    quote!( ( #( #types, )* ) )
}

/// The extent type for one extent expression: `1` is `One`, `Dyn` is `Dyn`, any other literal or
/// expression `Dim<..>`.
///
/// A `$d:literal`, `$d:expr` or `$d:tt` fragment of a user's `macro_rules!` reaches this macro
/// wrapped in an invisible group (`Expr::Group`): it is looked through, so a literal `1` passed
/// on by another macro is still `One`. Parentheses are not looked through: `(1)` is an
/// expression like `{N}`.
pub fn extent_type(e: &Expr) -> TokenStream {
    if let Expr::Group(g) = e {
        return extent_type(&g.expr);
    }
    if let Expr::Lit(syn::ExprLit {
        lit: Lit::Int(int), ..
    }) = e
    {
        return match int.base10_parse::<u128>() {
            Ok(1) => quote_spanned!(int.span()=> ::shaped::One),
            Ok(_) => quote_spanned!(int.span()=> ::shaped::Dim<#int>),
            Err(err) => err.to_compile_error(),
        };
    }
    // `Dyn` is the run-time extent (a path, so `shaped::Dyn` written out works too).
    if let Expr::Path(p) = e
        && p.qself.is_none()
        && p.path
            .segments
            .last()
            .is_some_and(|s| s.ident == "Dyn" && s.arguments.is_empty())
    {
        return quote_spanned!(p.path.segments.last().map_or_else(proc_macro2::Span::call_site, |s| s.ident.span())=> ::shaped::Dyn);
    }
    let e = e.to_token_stream();
    quote!(::shaped::Dim<{ #e }>)
}

/// The extent type for a length the macro counted itself (`tensor!`).
pub fn extent_of_len(n: usize) -> TokenStream {
    if n == 1 {
        quote!(::shaped::One)
    } else {
        let n = proc_macro2::Literal::usize_unsuffixed(n);
        quote!(::shaped::Dim<#n>)
    }
}
