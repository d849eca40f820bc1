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

use core::fmt::Write;

use proc_macro::TokenStream;

use crate::code::{join, names, parse, tuple};
use crate::tables::max_rank;

pub fn expand(input: TokenStream) -> TokenStream {
    let max = max_rank(input);
    // A rank-0 left operand, with anything; a rank-0 right operand with every other rank. The
    // bound names the other operand so that it is checked where the product is used.
    let mut out = String::from(
        "impl<R: crate::Shape> crate::matmul::MatMul<R> for ()
        where (): crate::matmul::NotScalar<R> { type Output = (); }",
    );
    // The batch shape with the matrix's extents appended (one step, so the compiler never
    // has to see through two projections).
    for r in 0..=max {
        let x = names("X", r);
        let generics = join(x.iter().map(|x| format!("{x}: crate::Extent, ")), "");
        let xs = join(x.iter().map(|x| format!("{x}, ")), "");
        write!(
            out,
            "impl<{generics}E: crate::Extent> crate::matmul::Append<(E,)> for ({xs})
            where ({xs}E,): crate::Shape {{ type Output = ({xs}E,); }}
            impl<{generics}M: crate::Extent, N: crate::Extent> crate::matmul::Append<(M, N)> for ({xs})
            where ({xs}M, N): crate::Shape {{ type Output = ({xs}M, N); }}"
        )
        .expect("writing to a String");
    }
    for ra in 1..=max {
        let a = names("A", ra);
        let a_shape = tuple(&a);
        write!(
            out,
            "impl<{generics}> crate::matmul::MatMul<()> for {a_shape}
            where (): crate::matmul::NotScalar<{a_shape}> {{ type Output = (); }}",
            generics = join(a.iter().map(|x| format!("{x}: crate::Extent")), ", "),
        )
        .expect("writing to a String");
        for rb in 1..=max {
            let b = names("B", rb);
            let (ka, kb) = (&a[ra - 1], if rb == 1 { &b[0] } else { &b[rb - 2] });
            let batch_a = tuple(if ra > 2 { &a[..ra - 2] } else { &a[..0] });
            let batch_b = tuple(if rb > 2 { &b[..rb - 2] } else { &b[..0] });
            let batch = format!("crate::Broadcast<{batch_a}, {batch_b}>");
            let m = (ra > 1).then(|| &a[ra - 2]);
            let n = (rb > 1).then(|| &b[rb - 1]);
            // The output: the batch, then M (a 2-D-or-more left), then N (a 2-D-or-more right).
            let tail = tuple([m, n].into_iter().flatten());
            let mut bounds = format!("{ka}: crate::matmul::InnerDim<{kb}>,");
            let output = if ra <= 2 && rb <= 2 {
                tail
            } else {
                write!(
                    bounds,
                    "{batch_a}: crate::BroadcastWith<{batch_b}>, {batch}: crate::matmul::Append<{tail}>,"
                )
                .expect("writing to a String");
                format!("<{batch} as crate::matmul::Append<{tail}>>::Output")
            };
            write!(
                out,
                "impl<{generics}> crate::matmul::MatMul<{b_shape}> for {a_shape}
                where {bounds} {{ type Output = {output}; }}",
                generics = join(
                    a.iter().chain(&b).map(|x| format!("{x}: crate::Extent")),
                    ", "
                ),
                b_shape = tuple(&b),
            )
            .expect("writing to a String");
        }
    }
    parse(&out)
}
