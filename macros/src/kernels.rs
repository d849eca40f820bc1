//! The loop kernels: one nested loop per axis, for every rank up to the maximum.
//!
//! Five families share one loop skeleton and differ only in what the innermost row does:
//! `zip` (two inputs, a fresh output), `map` (one input, a fresh output), `assign` (one input
//! folded into an existing output in place), `zip_assign` (two inputs into an existing output)
//! and `visit` (one input, no output). Every input has
//! its own strides (0 on broadcast axes) and the position of its first element in its slice;
//! the output, when there is one, is contiguous and written in order.
//!
//! Strides are `usize` holding two's-complement values: a negative stride (a reversed or
//! diagonal view read backwards) is `stride as usize`, and every position is computed with
//! wrapping arithmetic, so `base + i * stride` lands where the signed sum does. Each position is
//! then an index into the input slice, bounds-checked as any index: a wrong stride panics, it
//! never reads outside the slice. The innermost row is handed to `crate::kernel::row`, which specialises
//! stride 1 and stride 0 so LLVM vectorises it. With constant extents and strides (the static
//! path) the whole nest folds into what a hand-written loop over those constants compiles to.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

#[derive(Clone, Copy)]
enum Out {
    Write,
    Assign,
    None,
}

struct Family {
    name: &'static str,
    inputs: &'static [&'static str],
    out: Out,
}

const FAMILIES: &[Family] = &[
    Family {
        name: "zip",
        inputs: &["a", "b"],
        out: Out::Write,
    },
    Family {
        name: "map",
        inputs: &["a"],
        out: Out::Write,
    },
    Family {
        name: "assign",
        inputs: &["b"],
        out: Out::Assign,
    },
    Family {
        name: "zip_assign",
        inputs: &["a", "b"],
        out: Out::Assign,
    },
    Family {
        name: "visit",
        inputs: &["a"],
        out: Out::None,
    },
];

pub fn expand(input: TokenStream) -> TokenStream {
    let max = crate::tokens::rank_literal(input);
    let mut out = TokenStream::new();
    for fam in FAMILIES {
        for rank in 1..=max {
            out.extend(kernel(fam, rank));
        }
    }
    out
}

fn kernel(fam: &Family, rank: usize) -> TokenStream {
    let name = format_ident!("{}_r{}", fam.name, rank);
    let row = format_ident!("{}_as", fam.name);
    let ins: Vec<Ident> = fam.inputs.iter().map(|x| format_ident!("{}", x)).collect();
    let elem: Vec<Ident> = fam
        .inputs
        .iter()
        .map(|x| format_ident!("{}", x.to_uppercase()))
        .collect();
    let strides: Vec<Ident> = fam.inputs.iter().map(|x| format_ident!("s{}", x)).collect();
    let bases: Vec<Ident> = fam.inputs.iter().map(|x| format_ident!("i{}", x)).collect();
    let off = |x: &Ident, level: usize| format_ident!("{}{}", x, level);

    let (out_generic, out_param, f_bound) = match fam.out {
        Out::Write => (
            quote!(O,),
            quote!(out: &mut [core::mem::MaybeUninit<O>],),
            quote!(F: FnMut(#(&#elem),*) -> O),
        ),
        Out::Assign => (
            quote!(O,),
            quote!(out: &mut [O],),
            quote!(F: FnMut(&mut O, #(&#elem),*)),
        ),
        Out::None => (quote!(), quote!(), quote!(F: FnMut(#(&#elem),*))),
    };
    let has_out = !matches!(fam.out, Out::None);

    // The innermost row, with each input's position advanced by the enclosing loops (its base
    // at rank 1).
    let last = rank - 1;
    let row_inputs = ins.iter().zip(&bases).map(|(x, i)| {
        if rank == 1 {
            quote!(#x, #i)
        } else {
            let o = off(x, last - 1);
            quote!(#x, #o)
        }
    });
    let row_strides = strides.iter().map(|s| quote!(#s[#last]));
    let row_out = if has_out {
        quote!(&mut out[k..k + n],)
    } else {
        quote!()
    };
    // `_` for each of the row function's type parameters: its inputs, its output, `F`.
    let holes = (0..ins.len() + usize::from(has_out) + 1).map(|_| quote!(_));
    let advance_k = if has_out { quote!(k += n;) } else { quote!() };
    let mut body = quote! {
        let n = d[#last];
        crate::kernel::row::#row::<ROW, #(#holes),*>(n, #(#row_strides,)* #(#row_inputs,)* #row_out f);
        #advance_k
    };
    // Wrap it in one loop per outer axis, innermost first.
    for level in (0..last).rev() {
        let init = ins.iter().zip(&bases).map(|(x, i)| {
            let o = off(x, level);
            if level == 0 {
                quote!(let mut #o = #i;)
            } else {
                let prev = off(x, level - 1);
                quote!(let mut #o = #prev;)
            }
        });
        let step = ins.iter().zip(&strides).map(|(x, s)| {
            let o = off(x, level);
            quote!(#o = #o.wrapping_add(#s[#level]);)
        });
        body = quote! {
            #(#init)*
            for _ in 0..d[#level] {
                #body
                #(#step)*
            }
        };
    }
    let axes = 0..rank;
    let k_init = if has_out {
        quote!(let mut k = 0usize;)
    } else {
        quote!()
    };
    let allow_k = if has_out && rank > 1 {
        quote!()
    } else {
        quote!(#[allow(unused_mut, unused_assignments, unused_variables)])
    };
    let with = format_ident!("{}_with", name);
    let out_arg = if has_out { quote!(out,) } else { quote!() };
    quote! {
            /// With the innermost row's stride pattern fixed at compile time (`ROW`, one of
            /// `crate::kernel::row`'s constants): only that row loop is generated.
            #[doc(hidden)]
            #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(clippy::too_many_arguments)]
            #allow_k
            pub fn #with<const ROW: u8, #(#elem,)* #out_generic #f_bound>(
                d: &[usize; #rank],
                #(#strides: &[usize; #rank],)*
                #(#ins: &[#elem], #bases: usize,)*
                #out_param
                f: &mut F,
            ) {
                // Unrolled, so constant extents fold it away even at opt-level "s".
                if #(d[#axes] == 0)||* {
                    return;
                }
                #k_init
                #body
            }

            /// The row's stride pattern chosen at run time, row by row.
            #[doc(hidden)]
            #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(clippy::too_many_arguments)]
            pub fn #name<#(#elem,)* #out_generic #f_bound>(
                d: [usize; #rank],
                #(#strides: [usize; #rank],)*
                #(#ins: &[#elem], #bases: usize,)*
                #out_param
                f: &mut F,
            ) {
                #with::<{ crate::kernel::row::DYNAMIC }, #(#elem,)* #out_generic F>(&d, #(&#strides,)* #(#ins, #bases,)* #out_arg f)
            }
        }
}
