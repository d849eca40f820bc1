//! The little parsing the user-facing macros need, on plain token trees.
//!
//! `shape!`, `tensor!` and `slice!` only split their input at top-level commas, look at integer
//! literals and ranges, and pass every other expression through untouched for rustc to check.
//! Doing that here instead of with `syn` (whose `full` feature parsed the expressions) takes
//! `syn` out of every dependent's build: it compiled before `shaped` could start (BENCHMARKS.md,
//! "Build time of a dependent").

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// A compile error reported over `first..=last`, as rustc underlines a span of tokens: the
/// `compile_error!` path carries the first span and its braces the last.
pub fn error(first: Span, last: Span, msg: &str) -> TokenStream {
    let mut path = TokenStream::new();
    for tt in [
        TokenTree::Punct(Punct::new(':', Spacing::Joint)),
        TokenTree::Punct(Punct::new(':', Spacing::Alone)),
        TokenTree::Ident(Ident::new("core", first)),
        TokenTree::Punct(Punct::new(':', Spacing::Joint)),
        TokenTree::Punct(Punct::new(':', Spacing::Alone)),
        TokenTree::Ident(Ident::new("compile_error", first)),
        TokenTree::Punct(Punct::new('!', Spacing::Alone)),
    ] {
        let mut tt = tt;
        tt.set_span(first);
        path.extend([tt]);
    }
    let mut text = Literal::string(msg);
    text.set_span(last);
    let mut body = Group::new(Delimiter::Brace, TokenTree::Literal(text).into());
    body.set_span(last);
    path.extend([TokenTree::Group(body)]);
    path
}

/// A compile error over all of `tokens` (at the macro's call site when there are none).
pub fn error_over(tokens: &[TokenTree], msg: &str) -> TokenStream {
    let first = tokens.first().map_or_else(Span::call_site, TokenTree::span);
    let last = tokens.last().map_or(first, TokenTree::span);
    error(first, last, msg)
}

/// The pieces of `input` between top-level commas; a trailing comma ends the list. Commas inside
/// brackets, a turbofish's angle brackets (`f::<A, B>()`) or a closure's parameters (`|a, b|`)
/// do not split. An empty piece before a comma (`1,,2`) is an error.
pub fn split_commas(input: TokenStream) -> Result<Vec<Vec<TokenTree>>, TokenStream> {
    let mut pieces = Vec::new();
    let mut piece: Vec<TokenTree> = Vec::new();
    // Open turbofish angle brackets, and whether a closure's parameter list is open.
    let (mut angles, mut params) = (0usize, false);
    for tt in input {
        if let TokenTree::Punct(p) = &tt {
            match p.as_char() {
                ',' if angles == 0 && !params => {
                    if piece.is_empty() {
                        return Err(error(
                            p.span(),
                            p.span(),
                            "expected an expression before this comma",
                        ));
                    }
                    pieces.push(core::mem::take(&mut piece));
                    continue;
                }
                '<' if angles > 0 || ends_with_path_sep(&piece) => angles += 1,
                '>' if angles > 0 && !ends_with_joint(&piece, '-') => angles -= 1,
                '|' if params => params = false,
                '|' if starts_closure(&piece) => params = true,
                _ => {}
            }
        }
        piece.push(tt);
    }
    if !piece.is_empty() {
        pieces.push(piece);
    }
    Ok(pieces)
}

/// Whether `piece` ends with `::` (so a `<` after it opens a turbofish, not a comparison).
fn ends_with_path_sep(piece: &[TokenTree]) -> bool {
    matches!(piece, [.., TokenTree::Punct(a), TokenTree::Punct(b)]
        if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':')
}

/// Whether `piece` ends with `c` joined to what follows (`-` of `->`).
fn ends_with_joint(piece: &[TokenTree], c: char) -> bool {
    matches!(piece.last(), Some(TokenTree::Punct(p)) if p.as_char() == c && p.spacing() == Spacing::Joint)
}

/// Whether a `|` after `piece` opens a closure's parameters: at the start of an expression, or
/// after `move`.
fn starts_closure(piece: &[TokenTree]) -> bool {
    match piece {
        [] => true,
        [TokenTree::Ident(i)] => i.to_string() == "move",
        _ => false,
    }
}

/// `tokens` as one token stream.
pub fn stream(tokens: &[TokenTree]) -> TokenStream {
    tokens.iter().cloned().collect()
}

/// The value of an integer literal token as the compiler reads it (`1_000`, `0x10`, `4usize`):
/// `None` when the token is not an integer literal, `Err` when it does not fit in a `u128`.
pub fn int_value(lit: &Literal) -> Option<Result<u128, String>> {
    let text = lit.to_string();
    let (radix, digits) = match text.get(..2) {
        Some("0x") => (16, &text[2..]),
        Some("0o") => (8, &text[2..]),
        Some("0b") => (2, &text[2..]),
        _ => (10, &text[..]),
    };
    if !digits.starts_with(|c: char| c.is_digit(radix)) {
        return None;
    }
    let digits = strip_int_suffix(digits, radix)?;
    let digits: String = digits.chars().filter(|&c| c != '_').collect();
    if !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    Some(u128::from_str_radix(&digits, radix).map_err(|e| format!("{e}")))
}

/// `digits` without an integer type suffix; `None` for a float suffix or literal.
fn strip_int_suffix(digits: &str, radix: u32) -> Option<&str> {
    const SUFFIXES: [&str; 12] = [
        "usize", "isize", "u128", "i128", "u64", "i64", "u32", "i32", "u16", "i16", "u8", "i8",
    ];
    for s in SUFFIXES {
        if let Some(rest) = digits.strip_suffix(s) {
            return Some(rest);
        }
    }
    // `1.0`, `1e3` and `1f32` are floats (in hexadecimal, `e` and `f` are digits).
    let float = digits.contains('.') || (radix == 10 && digits.contains(['e', 'E', 'f']));
    (!float).then_some(digits)
}

/// The maximum rank the internal table and kernel macros are called with (`shaped` itself calls
/// them, so anything else is a bug there).
pub fn rank_literal(input: TokenStream) -> usize {
    match input.into_iter().collect::<Vec<_>>().as_slice() {
        [TokenTree::Literal(lit)] => match int_value(lit) {
            Some(Ok(n)) => usize::try_from(n).expect("the maximum rank is a small integer"),
            _ => panic!("the maximum rank is an integer literal"),
        },
        _ => panic!("the table and kernel macros take the maximum rank"),
    }
}

/// Whether `tokens` are exactly the punctuation `chars`, each joined to the next.
pub fn is_punct(tokens: &[TokenTree], chars: &str) -> bool {
    tokens.len() == chars.len()
        && tokens
            .iter()
            .zip(chars.chars())
            .all(|(tt, c)| matches!(tt, TokenTree::Punct(p) if p.as_char() == c))
}
