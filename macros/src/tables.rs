//! Impl tables for every rank (`shaped` calls these once, inside the crate).
//!
//! Each table is the same impl written once per rank (or per pair of ranks); generating them keeps
//! one source of truth. The emitted paths are `crate::..`: these macros are for `shaped` only.

use core::fmt::Write;

use proc_macro::TokenStream;

use crate::code::{bounded, join, names, parse, tuple};

pub fn max_rank(input: TokenStream) -> usize {
    crate::tokens::rank_literal(input)
}

/// `impl Shape for ()`, `(A0,)`, `(A0, A1)`, ... up to the maximum rank, plus `From` nested arrays.
pub fn shapes(input: TokenStream) -> TokenStream {
    let max = max_rank(input);
    let mut out = String::new();
    for r in 1..=max {
        let a = names("A", r);
        let generics = bounded(&a, "crate::Extent");
        let shape = tuple(&a);
        let head = &a[0];
        let tail = tuple(&a[1..]);
        let ones = "1usize, ".repeat(max - r);
        let nones = "Some(1usize), ".repeat(max - r);
        let statics = join(
            a.iter().map(|x| format!("<{x} as crate::Extent>::STATIC")),
            ", ",
        );
        let values = join(
            a.iter().map(|x| format!("<{x} as crate::Extent>::VALUE")),
            ", ",
        );
        write!(
            out,
            "impl<{generics}> crate::shape::sealed::Sealed for {shape} {{}}
            impl<{generics}> crate::Shape for {shape} {{
                const RANK: usize = {r};
                type Kind = <<{head} as crate::Extent>::Kind as crate::shape::kind::Kind>::Or<<{tail} as crate::Shape>::Kind>;
                const STATIC_DIMS: [Option<usize>; crate::MAX_RANK] = [{nones}{statics}];
                type Index = [usize; {r}];
                const DIMS: [usize; {r}] = [{values}];
                const NUM: usize = crate::layout::element_count(&Self::PADDED_DIMS);
                const STRIDES: [usize; {r}] = crate::layout::unpad(&crate::layout::row_major(&Self::PADDED_DIMS));
                const PADDED_DIMS: [usize; crate::MAX_RANK] = [{ones}{values}];
                type Nested<T> = <{head} as crate::Extent>::Array<<{tail} as crate::Shape>::Nested<T>>;
                type IntoIter<T> = core::iter::FlatMap<
                    <{head} as crate::Extent>::ArrayIter<<{tail} as crate::Shape>::Nested<T>>,
                    <{tail} as crate::Shape>::IntoIter<T>,
                    fn(<{tail} as crate::Shape>::Nested<T>) -> <{tail} as crate::Shape>::IntoIter<T>,
                >;
                #[inline]
                fn build<T>(base: usize, f: &mut impl FnMut(usize) -> T) -> Self::Nested<T> {{
                    <{head} as crate::Extent>::array_from_fn(|i| {{
                        <{tail} as crate::Shape>::build(base + i * <{tail} as crate::Shape>::NUM, f)
                    }})
                }}
                #[inline]
                fn into_flat_iter<T>(s: Self::Nested<T>) -> Self::IntoIter<T> {{
                    s.into_iter().flat_map(<{tail} as crate::Shape>::into_flat_iter::<T> as fn(_) -> _)
                }}
            }}"
        )
        .expect("writing to a String");
        from_nested_array(&mut out, r);
        let b = names("B", r);
        let into = join(
            a.iter()
                .zip(&b)
                .map(|(x, y)| format!("{x}: crate::shape::convert::ExtentInto<{y}>")),
            ", ",
        );
        write!(
            out,
            "impl<{generics}, {b_generics}> crate::shape::convert::ShapeInto<{b_shape}> for {shape}
            where {into} {{}}",
            b_generics = bounded(&b, "crate::Extent"),
            b_shape = tuple(&b),
        )
        .expect("writing to a String");
    }
    out.push_str("impl crate::shape::convert::ShapeInto<()> for () {}");
    parse(&out)
}

/// `From<[[T; N1]; N0]>` (and every other rank) for the tensor whose extents have those lengths:
/// `Dim<N>` for any `N`, or `One` for a length of 1.
fn from_nested_array(out: &mut String, rank: usize) {
    let e = names("E", rank);
    let n = names("N", rank);
    // The array type of the axes from `k` inward: [[T; N_{r-1}] ...; N_k].
    let nested = |k: usize| {
        let mut ty = String::from("T");
        for ni in n[k..].iter().rev() {
            ty = format!("[{ty}; {ni}]");
        }
        ty
    };
    let bounds = join(
        (0..rank).map(|i| {
            format!(
                "{}: crate::Extent<Array<{}> = {}, Kind = crate::shape::kind::Fixed>",
                e[i],
                nested(i + 1),
                nested(i)
            )
        }),
        ", ",
    );
    let arr = nested(0);
    write!(
        out,
        "impl<T, {e_list}, {n_list}> From<{arr}> for crate::Tensor<T, {shape}>
        where {bounds}
        {{
            /// The tensor with the same elements in the same (row-major) order; nothing is copied
            /// beyond the move. An axis of length 1 is `One`.
            #[inline]
            fn from(array: {arr}) -> Self {{
                Self::from_array(array)
            }}
        }}",
        e_list = join(&e, ", "),
        n_list = join(n.iter().map(|x| format!("const {x}: usize")), ", "),
        shape = tuple(&e),
    )
    .expect("writing to a String");
}

/// `BroadcastWith` and `BroadcastFrom` for every pair of ranks: each aligned pair of extents gets
/// its own bound, so a clash is reported on the two extents that clash.
pub fn broadcast(input: TokenStream) -> TokenStream {
    let max = max_rank(input);
    let mut out = String::new();
    for m in 0..=max {
        for n in 0..=max {
            let a = names("A", m);
            let b = names("B", n);
            let generics = join(
                a.iter().chain(&b).map(|x| format!("{x}: crate::Extent")),
                ", ",
            );
            let (a_shape, b_shape) = (tuple(&a), tuple(&b));
            let r = m.max(n);
            let mut bounds = Vec::new();
            let mut result = Vec::new();
            for k in 0..r {
                let ai = (k + m).checked_sub(r).map(|i| &a[i]);
                let bj = (k + n).checked_sub(r).map(|j| &b[j]);
                result.push(match (ai, bj) {
                    (Some(x), Some(y)) => {
                        bounds.push(format!("{x}: crate::BroadcastExtent<{y}>"));
                        format!("<{x} as crate::BroadcastExtent<{y}>>::Output")
                    }
                    (Some(x), None) | (None, Some(x)) => x.clone(),
                    (None, None) => unreachable!("axis {k} of rank {r} comes from one operand"),
                });
            }
            write!(
                out,
                "impl<{generics}> crate::BroadcastWith<{b_shape}> for {a_shape}
                where {bounds} {{ type Output = {result}; }}",
                bounds = join(&bounds, ", "),
                result = tuple(&result),
            )
            .expect("writing to a String");
            // The target's side: `(B..): BroadcastFrom<(A..)>`, each target extent bounded by
            // the source extent it receives; a source with more axes fails on `RankAtMost`,
            // whose message says so (rather than a list of every rank pair that would fit).
            let from = if m <= n {
                write!(
                    out,
                    "#[diagnostic::do_not_recommend]
                    impl<{generics}> crate::shape::broadcast::RankAtMost<{b_shape}> for {a_shape} {{}}"
                )
                .expect("writing to a String");
                join(
                    (0..m).map(|i| {
                        format!(
                            "{}: crate::shape::broadcast::ExtentFrom<{}>",
                            b[i + n - m],
                            a[i]
                        )
                    }),
                    ", ",
                )
            } else {
                format!("{a_shape}: crate::shape::broadcast::RankAtMost<{b_shape}>")
            };
            write!(
                out,
                "impl<{generics}> crate::shape::broadcast::BroadcastFrom<{a_shape}> for {b_shape}
                where {from} {{}}"
            )
            .expect("writing to a String");
        }
    }
    parse(&out)
}
