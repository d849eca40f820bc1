//! Impl tables for every rank (`shaped` calls these once, inside the crate).
//!
//! Each table is the same impl written once per rank (or per pair of ranks); generating them keeps
//! one source of truth. The emitted paths are `crate::..`: these macros are for `shaped` only.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

pub fn max_rank(input: TokenStream) -> usize {
    crate::tokens::rank_literal(input)
}

pub fn idents(prefix: &str, n: usize) -> Vec<Ident> {
    (0..n).map(|i| format_ident!("{}{}", prefix, i)).collect()
}

/// `impl Shape for ()`, `(A0,)`, `(A0, A1)`, ... up to the maximum rank, plus `From` nested arrays.
pub fn shapes(input: TokenStream) -> TokenStream {
    let max = max_rank(input);
    let mut out = TokenStream::new();
    for rank in 1..=max {
        let a = idents("A", rank);
        let head = &a[0];
        let tail = &a[1..];
        let r = rank;
        let ones = (0..max - rank).map(|_| quote!(1usize));
        let nones = (0..max - rank).map(|_| quote!(Some(1usize)));
        out.extend(quote! {
            impl<#(#a: crate::Extent),*> crate::shape::sealed::Sealed for (#(#a,)*) {}
            impl<#(#a: crate::Extent),*> crate::Shape for (#(#a,)*) {
                const RANK: usize = #r;
                type Kind = <<#head as crate::Extent>::Kind as crate::shape::kind::Kind>::Or<<(#(#tail,)*) as crate::Shape>::Kind>;
                const STATIC_DIMS: [Option<usize>; crate::MAX_RANK] = [#(#nones,)* #(<#a as crate::Extent>::STATIC),*];
                type Index = [usize; #r];
                const DIMS: [usize; #r] = [#(<#a as crate::Extent>::VALUE),*];
                const NUM: usize = crate::layout::element_count(&Self::PADDED_DIMS);
                const STRIDES: [usize; #r] = crate::layout::unpad(&crate::layout::row_major(&Self::PADDED_DIMS));
                const PADDED_DIMS: [usize; crate::MAX_RANK] = [#(#ones,)* #(<#a as crate::Extent>::VALUE),*];
                type Nested<T> = <#head as crate::Extent>::Array<<(#(#tail,)*) as crate::Shape>::Nested<T>>;
                type IntoIter<T> = core::iter::FlatMap<
                    <#head as crate::Extent>::ArrayIter<<(#(#tail,)*) as crate::Shape>::Nested<T>>,
                    <(#(#tail,)*) as crate::Shape>::IntoIter<T>,
                    fn(<(#(#tail,)*) as crate::Shape>::Nested<T>) -> <(#(#tail,)*) as crate::Shape>::IntoIter<T>,
                >;
                #[inline]
                fn build<T>(base: usize, f: &mut impl FnMut(usize) -> T) -> Self::Nested<T> {
                    <#head as crate::Extent>::array_from_fn(|i| {
                        <(#(#tail,)*) as crate::Shape>::build(base + i * <(#(#tail,)*) as crate::Shape>::NUM, f)
                    })
                }
                #[inline]
                fn into_flat_iter<T>(s: Self::Nested<T>) -> Self::IntoIter<T> {
                    s.into_iter().flat_map(<(#(#tail,)*) as crate::Shape>::into_flat_iter::<T> as fn(_) -> _)
                }
            }
        });
        out.extend(from_nested_array(rank));
        let b = idents("B", rank);
        out.extend(quote! {
            impl<#(#a: crate::Extent,)* #(#b: crate::Extent),*> crate::shape::convert::ShapeInto<(#(#b,)*)> for (#(#a,)*)
            where #(#a: crate::shape::convert::ExtentInto<#b>),*
            {}
        });
    }
    out.extend(quote! {
        impl crate::shape::convert::ShapeInto<()> for () {}
    });
    out
}

/// `From<[[T; N1]; N0]>` (and every other rank) for the tensor whose extents have those lengths:
/// `Dim<N>` for any `N`, or `One` for a length of 1.
fn from_nested_array(rank: usize) -> TokenStream {
    let e = idents("E", rank);
    let n = idents("N", rank);
    // The array type of the axes from `k` inward: [[T; N_{r-1}] ...; N_k].
    let nested = |k: usize| {
        let mut ty = quote!(T);
        for i in (k..rank).rev() {
            let ni = &n[i];
            ty = quote!([#ty; #ni]);
        }
        ty
    };
    let bounds = (0..rank).map(|i| {
        let ei = &e[i];
        let inner = nested(i + 1);
        let whole = nested(i);
        quote!(#ei: crate::Extent<Array<#inner> = #whole, Kind = crate::shape::kind::Fixed>)
    });
    let arr = nested(0);
    quote! {
        impl<T, #(#e,)* #(const #n: usize),*> From<#arr> for crate::Tensor<T, (#(#e,)*)>
        where #(#bounds),*
        {
            /// The tensor with the same elements in the same (row-major) order; nothing is copied
            /// beyond the move. An axis of length 1 is `One`.
            #[inline]
            fn from(array: #arr) -> Self {
                Self::from_array(array)
            }
        }
    }
}

/// `BroadcastWith` and `BroadcastFrom` for every pair of ranks: each aligned pair of extents gets
/// its own bound, so a clash is reported on the two extents that clash.
pub fn broadcast(input: TokenStream) -> TokenStream {
    let max = max_rank(input);
    let mut out = TokenStream::new();
    for m in 0..=max {
        for n in 0..=max {
            let a = idents("A", m);
            let b = idents("B", n);
            let r = m.max(n);
            let mut bounds = Vec::new();
            let mut result = Vec::new();
            for k in 0..r {
                let ai = (k + m).checked_sub(r).map(|i| &a[i]);
                let bj = (k + n).checked_sub(r).map(|j| &b[j]);
                result.push(match (ai, bj) {
                    (Some(x), Some(y)) => {
                        bounds.push(quote!(#x: crate::BroadcastExtent<#y>));
                        quote!(<#x as crate::BroadcastExtent<#y>>::Output)
                    }
                    (Some(x), None) | (None, Some(x)) => quote!(#x),
                    (None, None) => unreachable!("axis {k} of rank {r} comes from one operand"),
                });
            }
            out.extend(quote! {
                impl<#(#a: crate::Extent,)* #(#b: crate::Extent),*> crate::BroadcastWith<(#(#b,)*)> for (#(#a,)*)
                where #(#bounds),*
                {
                    type Output = (#(#result,)*);
                }
            });
            // The target's side: `(B..): BroadcastFrom<(A..)>`, each target extent bounded by
            // the source extent it receives; a source with more axes fails on `RankAtMost`,
            // whose message says so (rather than a list of every rank pair that would fit).
            let from = if m <= n {
                let pairs = (0..m).map(|i| {
                    let x = &a[i];
                    let y = &b[i + n - m];
                    quote!(#y: crate::shape::broadcast::ExtentFrom<#x>)
                });
                out.extend(quote! {
                    #[diagnostic::do_not_recommend]
                    impl<#(#a: crate::Extent,)* #(#b: crate::Extent),*> crate::shape::broadcast::RankAtMost<(#(#b,)*)> for (#(#a,)*) {}
                });
                quote!(#(#pairs),*)
            } else {
                quote!((#(#a,)*): crate::shape::broadcast::RankAtMost<(#(#b,)*)>)
            };
            out.extend(quote! {
                impl<#(#a: crate::Extent,)* #(#b: crate::Extent),*> crate::shape::broadcast::BroadcastFrom<(#(#a,)*)> for (#(#b,)*)
                where #from
                {}
            });
        }
    }
    out
}
