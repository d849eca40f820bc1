//! The `MatMul` table: one impl per pair of ranks, numpy's `matmul` shape rule written out.
//!
//! `[..a, M, K] x [..b, K, N]` is `[broadcast(a, b), M, N]`: the inner extents must be the same
//! type (`InnerDim`, whose message names both), the batch prefixes go through the crate's own
//! broadcast check (`BroadcastWith`, whose message names the clash), and `M`, `N` are appended
//! with `InsertAxis<-1, _>`. A 1-D operand is a row (left) or a column (right) whose added axis
//! the result does not have. A rank-0 operand meets `NotScalar`, which says why.
//!
//! The impls are not `do_not_recommend`: when one fails, the compiler reports the bound inside it
//! that failed (the inner extents, or the batch axes), which is the message users need.

use proc_macro2::TokenStream;
use quote::quote;

use crate::tables::{idents, max_rank};

pub fn expand(input: TokenStream) -> TokenStream {
    let max = max_rank(input);
    let mut out = TokenStream::new();
    // A rank-0 left operand, with anything; a rank-0 right operand with every other rank. The
    // bound names the other operand so that it is checked where the product is used.
    out.extend(quote! {
        impl<R: crate::Shape> crate::matmul::MatMul<R> for ()
        where
            (): crate::matmul::NotScalar<R>,
        {
            type Output = ();
        }
    });
    // The batch shape with the matrix's extents appended (one step, so the compiler never
    // has to see through two projections).
    for r in 0..=max {
        let x = idents("X", r);
        out.extend(quote! {
            impl<#(#x: crate::Extent,)* E: crate::Extent> crate::matmul::Append<(E,)> for (#(#x,)*)
            where
                (#(#x,)* E,): crate::Shape,
            {
                type Output = (#(#x,)* E,);
            }
            impl<#(#x: crate::Extent,)* M: crate::Extent, N: crate::Extent>
                crate::matmul::Append<(M, N)> for (#(#x,)*)
            where
                (#(#x,)* M, N): crate::Shape,
            {
                type Output = (#(#x,)* M, N);
            }
        });
    }
    for ra in 1..=max {
        let a = idents("A", ra);
        out.extend(quote! {
            impl<#(#a: crate::Extent),*> crate::matmul::MatMul<()> for (#(#a,)*)
            where
                (): crate::matmul::NotScalar<(#(#a,)*)>,
            {
                type Output = ();
            }
        });
        for rb in 1..=max {
            let b = idents("B", rb);
            let (ka, kb) = (&a[ra - 1], if rb == 1 { &b[0] } else { &b[rb - 2] });
            let batch_a = if ra > 2 { &a[..ra - 2] } else { &a[..0] };
            let batch_b = if rb > 2 { &b[..rb - 2] } else { &b[..0] };
            let batch = quote!(crate::Broadcast<(#(#batch_a,)*), (#(#batch_b,)*)>);
            let m = (ra > 1).then(|| &a[ra - 2]);
            let n = (rb > 1).then(|| &b[rb - 1]);
            // The output: the batch, then M (a 2-D-or-more left), then N (a 2-D-or-more right).
            let tail: Vec<_> = [m, n].into_iter().flatten().collect();
            let mut bounds = quote! {
                #ka: crate::matmul::InnerDim<#kb>,
            };
            let output = if batch_a.is_empty() && batch_b.is_empty() {
                quote!((#(#tail,)*))
            } else {
                bounds.extend(quote! {
                    (#(#batch_a,)*): crate::BroadcastWith<(#(#batch_b,)*)>,
                    #batch: crate::matmul::Append<(#(#tail,)*)>,
                });
                quote!(<#batch as crate::matmul::Append<(#(#tail,)*)>>::Output)
            };
            out.extend(quote! {
                impl<#(#a: crate::Extent,)* #(#b: crate::Extent),*>
                    crate::matmul::MatMul<(#(#b,)*)> for (#(#a,)*)
                where
                    #bounds
                {
                    type Output = #output;
                }
            });
        }
    }
    out
}
