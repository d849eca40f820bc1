//! `tensor![..]`: nested brackets to a tensor, the shape counted from the literal.

use proc_macro::{Delimiter, Group, Punct, Spacing, TokenStream, TokenTree};

use crate::code::{group, parse};
use crate::shape::{MAX_RANK, extent_of_len};
use crate::tokens::{error_over, split_commas, stream};

/// One element of the literal: a bracketed row of elements, or a single value (any other
/// expression, passed through for rustc to check).
enum Element {
    Row(Group, Vec<Element>),
    Value(Vec<TokenTree>),
}

impl Element {
    fn parse(tokens: Vec<TokenTree>) -> Result<Self, TokenStream> {
        match tokens.as_slice() {
            // `[x; n]` is an array expression of its own, a value here as for rustc.
            [TokenTree::Group(g)] if g.delimiter() == Delimiter::Bracket && !is_repeat(g) => {
                let elems = split_commas(g.stream())?;
                let elems = elems
                    .into_iter()
                    .map(Element::parse)
                    .collect::<Result<_, _>>()?;
                Ok(Element::Row(g.clone(), elems))
            }
            _ => Ok(Element::Value(tokens)),
        }
    }

    fn tokens(&self) -> Vec<TokenTree> {
        match self {
            Element::Row(g, _) => vec![TokenTree::Group(g.clone())],
            Element::Value(v) => v.clone(),
        }
    }
}

/// Whether a bracket group is `[x; n]`: a `;` at its top level.
fn is_repeat(g: &Group) -> bool {
    g.stream()
        .into_iter()
        .any(|tt| matches!(tt, TokenTree::Punct(p) if p.as_char() == ';'))
}

pub fn expand(input: TokenStream) -> TokenStream {
    let all: Vec<TokenTree> = input.clone().into_iter().collect();
    let elems = match split_commas(input).and_then(|p| {
        p.into_iter()
            .map(Element::parse)
            .collect::<Result<Vec<_>, _>>()
    }) {
        Ok(e) => e,
        Err(e) => return e,
    };
    // The first element at each depth fixes the shape; every other row is checked against it.
    let mut dims = vec![elems.len()];
    let mut first = elems.first();
    while let Some(Element::Row(_, row)) = first {
        dims.push(row.len());
        first = row.first();
    }
    for e in &elems {
        if let Err(e) = check(e, &dims[1..]) {
            return e;
        }
    }
    if dims.len() > MAX_RANK {
        let msg = format!(
            "a static tensor has at most {MAX_RANK} axes, this literal nests {}",
            dims.len()
        );
        return error_over(&all, &msg);
    }
    let extents: Vec<String> = dims.iter().map(|&n| extent_of_len(n).to_string()).collect();
    let mut out = parse(&format!(
        "::shaped::Tensor::<_, ({})>::from_array",
        extents.iter().map(|e| format!("{e}, ")).collect::<String>()
    ));
    // The elements keep their own tokens (and so their spans, for rustc's errors).
    let mut array = TokenStream::new();
    for (i, e) in elems.iter().enumerate() {
        if i > 0 {
            array.extend([TokenTree::Punct(Punct::new(',', Spacing::Alone))]);
        }
        array.extend(stream(&e.tokens()));
    }
    let array = group(Delimiter::Bracket, array);
    out.extend([group(Delimiter::Parenthesis, array.into())]);
    out
}

/// Checks that `e` has the shape `rest`: a row of `rest[0]` elements each of shape `rest[1..]`,
/// or a single element when `rest` is empty. A mismatch is reported at the offending row.
fn check(e: &Element, rest: &[usize]) -> Result<(), TokenStream> {
    match (e, rest.split_first()) {
        (Element::Row(_, row), Some((&len, inner))) => {
            if row.len() != len {
                let msg = format!(
                    "ragged tensor: this row has {} elements, but the first row at this depth has {len}",
                    row.len()
                );
                return Err(error_over(&e.tokens(), &msg));
            }
            row.iter().try_for_each(|x| check(x, inner))
        }
        (Element::Row(..), None) => Err(error_over(
            &e.tokens(),
            "ragged tensor: this is a row, but the first element at this depth is a single value",
        )),
        (Element::Value(v), Some((&len, _))) => Err(error_over(
            v,
            &format!("ragged tensor: expected a row of {len} elements here, found a single value"),
        )),
        (Element::Value(_), None) => Ok(()),
    }
}
