//! The axis tables: `ExtentAt`, `RemoveAxis`, `RemoveAxes2`, `InsertAxis`, `ReplaceAxis`,
//! `SqueezeAxis` and `Reverse` for every rank and every axis number, negative ones included (`-1` is the last).
//!
//! One impl per (rank, axis): no arithmetic on axes happens in the type system, which stable
//! Rust could not do; an axis out of range simply has no impl, and `cargo check` says so with
//! the trait's message. Every impl is `#[diagnostic::do_not_recommend]`, so that message is not
//! followed by a list of the axes that would have worked.

use proc_macro2::TokenStream;
use quote::quote;

use crate::tables::{idents, max_rank};

/// The axis numbers of a rank-`r` shape that name position `i`: `i` and `i - r`.
fn names(i: usize, r: usize) -> [isize; 2] {
    [i as isize, i as isize - r as isize]
}

pub fn expand(input: TokenStream) -> TokenStream {
    let max = max_rank(input);
    let mut out = TokenStream::new();
    for r in 0..=max {
        let a = idents("A", r);
        let shape = quote!((#(#a,)*));
        let generics = quote!(#(#a: crate::Extent),*);
        let with_e = quote!(#(#a: crate::Extent,)* E: crate::Extent);
        // The rank as a trait, and the permutation of this many axes (one impl per rank: the
        // output's axis k is the input's axis I_k).
        let rank_lit = proc_macro2::Literal::usize_unsuffixed(r);
        out.extend(quote! {
            impl<#generics> crate::shape::axis::RankIs<#rank_lit> for #shape {}
        });
        let is = idents("I", r);
        out.extend(quote! {
            #[diagnostic::do_not_recommend]
            impl<S, #(const #is: isize),*> crate::shape::axis::Permute<(#(crate::shape::axis::Ax<#is>,)*)> for S
            where
                S: crate::shape::axis::RankIs<#rank_lit> #(+ crate::shape::axis::ExtentAt<#is>)*,
            {
                type Output = (#(<S as crate::shape::axis::ExtentAt<#is>>::Output,)*);
            }
            impl<#(const #is: isize),*> crate::shape::axis::AxisList for (#(crate::shape::axis::Ax<#is>,)*) {
                const AXES: &'static [isize] = &[#(#is),*];
            }
        });
        // Reverse.
        let rev = a.iter().rev();
        out.extend(quote! {
            impl<#generics> crate::shape::axis::Reverse for #shape {
                type Output = (#(#rev,)*);
            }
        });
        for i in 0..r {
            let at = &a[i];
            let removed: Vec<_> = a
                .iter()
                .enumerate()
                .filter(|(k, _)| *k != i)
                .map(|(_, x)| x)
                .collect();
            let replaced: Vec<TokenStream> = a
                .iter()
                .enumerate()
                .map(|(k, x)| if k == i { quote!(E) } else { quote!(#x) })
                .collect();
            let with_one: Vec<TokenStream> = a
                .iter()
                .enumerate()
                .map(|(k, x)| {
                    if k == i {
                        quote!(crate::One)
                    } else {
                        quote!(#x)
                    }
                })
                .collect();
            let others: Vec<_> = removed.clone();
            for n in names(i, r) {
                out.extend(quote! {
                    #[diagnostic::do_not_recommend]
                    impl<#generics> crate::shape::axis::ExtentAt<{ #n }> for #shape {
                        type Output = #at;
                    }
                    #[diagnostic::do_not_recommend]
                    impl<#generics> crate::shape::axis::RemoveAxis<{ #n }> for #shape {
                        type Output = (#(#removed,)*);
                    }
                    #[diagnostic::do_not_recommend]
                    impl<#with_e> crate::shape::axis::ReplaceAxis<{ #n }, E> for #shape {
                        type Output = (#(#replaced,)*);
                    }
                    #[diagnostic::do_not_recommend]
                    impl<#(#others: crate::Extent),*> crate::shape::axis::SqueezeAxis<{ #n }> for (#(#with_one,)*) {
                        type Output = (#(#others,)*);
                    }
                });
            }
        }
        // RemoveAxes2: two distinct axes removed (a diagonal's), every naming of each.
        for i in 0..r {
            for j in 0..r {
                if i == j {
                    continue;
                }
                let kept: Vec<_> = a
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| *k != i && *k != j)
                    .map(|(_, x)| x)
                    .collect();
                for n in names(i, r) {
                    for m in names(j, r) {
                        out.extend(quote! {
                            #[diagnostic::do_not_recommend]
                            impl<#generics> crate::shape::axis::RemoveAxes2<{ #n }, { #m }> for #shape {
                                type Output = (#(#kept,)*);
                            }
                        });
                    }
                }
            }
        }
        // InsertAxis: position `i` in `0..=r` of the result, named `i` or `i - r - 1`.
        if r < max {
            for i in 0..=r {
                let inserted: Vec<TokenStream> = a[..i]
                    .iter()
                    .map(|x| quote!(#x))
                    .chain(core::iter::once(quote!(E)))
                    .chain(a[i..].iter().map(|x| quote!(#x)))
                    .collect();
                for n in names(i, r + 1) {
                    out.extend(quote! {
                        #[diagnostic::do_not_recommend]
                        impl<#with_e> crate::shape::axis::InsertAxis<{ #n }, E> for #shape {
                            type Output = (#(#inserted,)*);
                        }
                    });
                }
            }
        }
    }
    out
}
