//! `shape![..]`: literal extents to extent types.

use proc_macro::{Delimiter, Punct, Spacing, TokenStream, TokenTree};

use crate::code::{group, parse, spanned};
use crate::tokens::{error_over, int_value, split_commas, stream};

/// The most axes a static shape may have (the tuple impls go this far).
pub const MAX_RANK: usize = 8;

pub fn expand(input: TokenStream) -> TokenStream {
    let extents = match split_commas(input) {
        Ok(p) => p,
        Err(e) => return e,
    };
    if extents.len() > MAX_RANK {
        let msg = format!(
            "a static shape has at most {MAX_RANK} axes, this one has {}; use `DynTensor` for higher ranks",
            extents.len()
        );
        let all: Vec<TokenTree> = extents.concat();
        return error_over(&all, &msg);
    }
    let mut types = TokenStream::new();
    for e in &extents {
        types.extend(extent_type(e));
        types.extend([TokenTree::Punct(Punct::new(',', Spacing::Alone))]);
    }
    group(Delimiter::Parenthesis, types).into()
}

/// The extent type for one extent expression: `1` is `One`, `Dyn` is `Dyn`, any other literal or
/// expression `Dim<..>`.
///
/// A `$d:literal`, `$d:expr` or `$d:tt` fragment of a user's `macro_rules!` reaches this macro
/// wrapped in an invisible group: it is looked through, so a literal `1` passed on by another
/// macro is still `One`. Parentheses are not looked through: `(1)` is an expression like `{N}`.
pub fn extent_type(e: &[TokenTree]) -> TokenStream {
    match e {
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::None => {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            return extent_type(&inner);
        }
        [TokenTree::Literal(lit)] => match int_value(lit) {
            Some(Ok(1)) => return spanned("::shaped::One", lit.span()),
            Some(Ok(_)) => return spanned(&format!("::shaped::Dim<{lit}>"), lit.span()),
            Some(Err(msg)) => return error_over(e, &msg),
            None => {}
        },
        // `Dyn` is the run-time extent (a path, so `shaped::Dyn` written out works too).
        [.., TokenTree::Ident(last)] if last.to_string() == "Dyn" && is_path(e) => {
            return spanned("::shaped::Dyn", last.span());
        }
        _ => {}
    }
    // The expression keeps its own tokens (and so its spans, for rustc's errors).
    let mut ty = parse("::shaped::Dim<");
    ty.extend([group(Delimiter::Brace, stream(e))]);
    ty.extend(parse(">"));
    ty
}

/// Whether `e` is a plain path: identifiers joined by `::`, perhaps with a leading `::`.
fn is_path(e: &[TokenTree]) -> bool {
    e.iter().all(|tt| match tt {
        TokenTree::Ident(_) => true,
        TokenTree::Punct(p) => p.as_char() == ':',
        _ => false,
    })
}

/// The extent type for a length the macro counted itself (`tensor!`).
pub fn extent_of_len(n: usize) -> TokenStream {
    if n == 1 {
        parse("::shaped::One")
    } else {
        parse(&format!("::shaped::Dim<{n}>"))
    }
}
