//! Generated code written as text and parsed into tokens, with no crate between the macros and
//! `proc_macro`.
//!
//! `quote` and `proc-macro2` compiled (with their build scripts) before `shaped-macros` could,
//! and so before `shaped`, in every dependent's clean build (BENCHMARKS.md, "Build time of a
//! dependent"). The internal tables and kernels are plain text with every span at the call
//! site, as `quote!` gave them; the user-facing macros keep the user's own tokens, and their
//! spans, by putting them into the output as tokens ([`group`]).

use core::fmt::Display;

use proc_macro::{Delimiter, Group, Span, TokenStream, TokenTree};

/// `code` as tokens (a bug in the generator, not in the user's input, when it does not parse).
pub fn parse(code: &str) -> TokenStream {
    code.parse()
        .unwrap_or_else(|e| panic!("generated code does not parse ({e}): {code}"))
}

/// `code` as tokens, every one of them (inside groups too) given `span`, as `quote_spanned!`.
pub fn spanned(code: &str, span: Span) -> TokenStream {
    respan(parse(code), span)
}

fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|tt| match tt {
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), respan(g.stream(), span));
                inner.set_span(span);
                TokenTree::Group(inner)
            }
            mut tt => {
                tt.set_span(span);
                tt
            }
        })
        .collect()
}

/// `tokens` in `delimiter`s, as one token.
pub fn group(delimiter: Delimiter, tokens: TokenStream) -> TokenTree {
    TokenTree::Group(Group::new(delimiter, tokens))
}

/// The items joined by `sep`: `join(["A0", "A1"], ", ")` is `A0, A1`.
pub fn join<T: Display>(items: impl IntoIterator<Item = T>, sep: &str) -> String {
    let mut s = String::new();
    for (i, x) in items.into_iter().enumerate() {
        if i > 0 {
            s.push_str(sep);
        }
        s.push_str(&x.to_string());
    }
    s
}

/// A tuple of the items, a trailing comma after each: `(A0, A1,)`, `(A0,)`, `()`.
pub fn tuple<T: Display>(items: impl IntoIterator<Item = T>) -> String {
    let mut s = String::from("(");
    for x in items {
        s.push_str(&x.to_string());
        s.push_str(", ");
    }
    s.push(')');
    s
}

/// `prefix0`, `prefix1`, ... `prefix{n-1}`.
pub fn names(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}{i}")).collect()
}

/// Each name with `bound`: `A0: crate::Extent, A1: crate::Extent`.
pub fn bounded(names: &[String], bound: &str) -> String {
    join(names.iter().map(|a| format!("{a}: {bound}")), ", ")
}
