//! `slice!(x, ..)`: a static view from literal ranges, its extents computed here.
//!
//! Each range entry becomes one `slice_axis::<AXIS, START, STEP, E>()` call on the view so far,
//! with `E` (the number of elements the range keeps, as an extent type) counted from the
//! literals; `slice_axis` checks at build time that the range lies inside the axis. Bounds must
//! be literals: an open end (`2..`) or a negative index would need the axis's extent, which a
//! macro cannot see, so those are rejected with a pointer to `try_narrow` and the dynamic
//! `try_slice`.

use proc_macro::{Delimiter, Span, TokenStream, TokenTree};

use crate::code::{self, group};
use crate::shape::{MAX_RANK, extent_of_len};
use crate::tokens::{error, error_over, int_value, is_punct, split_commas, stream};

/// One entry: `..` keeps the axis whole; a range keeps `len` elements every `step` from `start`.
enum Entry {
    Whole,
    Range {
        start: usize,
        step: usize,
        len: usize,
    },
}

/// The error for an entry that is not a range.
const NOT_A_RANGE: &str = "expected a range (`..`, `a..b`, `a..=b` or `..b`, each with an \
    optional `;step`); a single index `i` is written `i..=i`, which keeps it as an axis of 1";

/// A bound or step at the front of `tokens`: a literal, or `-` and a literal (an error naming
/// `what`); `None` when `tokens` do not start with either.
fn literal(tokens: &mut &[TokenTree], what: &str) -> Option<Result<usize, TokenStream>> {
    match *tokens {
        [TokenTree::Punct(minus), ..] if minus.as_char() == '-' => {
            let msg = if what == "step" {
                "a static slice steps forward: for a reversed view, use the dynamic \
                 `try_slice(s![..;-1])`"
            } else {
                "a negative index counts from the end, which needs the axis's extent: write the \
                 index from the start, or use the dynamic `try_slice`"
            };
            Some(Err(error(minus.span(), minus.span(), msg)))
        }
        [TokenTree::Literal(lit), rest @ ..] => {
            let span = lit.span();
            let value = match int_value(lit) {
                Some(Ok(v)) => usize::try_from(v).map_err(|e| error(span, span, &e.to_string())),
                Some(Err(msg)) => Err(error(span, span, &msg)),
                None => Err(error(span, span, "expected an integer literal")),
            };
            *tokens = rest;
            Some(value)
        }
        _ => None,
    }
}

impl Entry {
    fn parse(entry: &[TokenTree]) -> Result<Self, TokenStream> {
        let span = entry[0].span();
        let mut rest = entry;
        let start = literal(&mut rest, "start").transpose()?;
        let inclusive = if rest.len() >= 3 && is_punct(&rest[..3], "..=") {
            rest = &rest[3..];
            true
        } else if rest.len() >= 2 && is_punct(&rest[..2], "..") {
            rest = &rest[2..];
            false
        } else {
            return Err(error(span, span, NOT_A_RANGE));
        };
        let end = literal(&mut rest, "end").transpose()?;
        let step = match rest {
            [TokenTree::Punct(semi), tail @ ..] if semi.as_char() == ';' => {
                rest = tail;
                match literal(&mut rest, "step") {
                    Some(step) => Some(step?),
                    None => return Err(error_over(tail, "expected the step, an integer literal")),
                }
            }
            _ => None,
        };
        if !rest.is_empty() {
            return Err(error_over(rest, "unexpected tokens after the range"));
        }
        if step == Some(0) {
            return Err(error(span, span, "a slice's step must be at least 1"));
        }
        let Some(end) = end else {
            if start.is_none() && step.is_none() && !inclusive {
                return Ok(Entry::Whole);
            }
            return Err(error(
                span,
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

/// The viewed expression and the entries after it.
fn parse(input: TokenStream) -> Result<(TokenStream, Vec<Entry>), TokenStream> {
    let mut pieces = split_commas(input)?.into_iter();
    let Some(target) = pieces.next() else {
        let here = Span::call_site();
        return Err(error(
            here,
            here,
            "expected the tensor or view to slice, then its ranges",
        ));
    };
    let entries = pieces.map(|e| Entry::parse(&e)).collect::<Result<_, _>>()?;
    Ok((stream(&target), entries))
}

pub fn expand(input: TokenStream) -> TokenStream {
    let (target, entries) = match parse(input) {
        Ok(parsed) => parsed,
        Err(e) => return e,
    };
    if entries.len() > MAX_RANK {
        let msg = format!(
            "a static shape has at most {MAX_RANK} axes; this slice names {}",
            entries.len()
        );
        let here = Span::call_site();
        return error(here, here, &msg);
    }
    let calls: String = entries
        .iter()
        .enumerate()
        .filter_map(|(axis, e)| match e {
            Entry::Whole => None,
            Entry::Range { start, step, len } => Some(format!(
                ".slice_axis::<{axis}, {start}, {step}, {}>()",
                extent_of_len(*len)
            )),
        })
        .collect();
    // The viewed expression keeps its own tokens (and so its spans, for rustc's errors).
    let mut out: TokenStream = group(Delimiter::Parenthesis, target).into();
    out.extend(code::parse(if calls.is_empty() {
        ".view()"
    } else {
        &calls
    }));
    out
}
