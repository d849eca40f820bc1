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

use core::fmt::Write;

use proc_macro::TokenStream;

use crate::code::{join, parse};

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
    let mut out = String::new();
    for fam in FAMILIES {
        for rank in 1..=max {
            kernel(&mut out, fam, rank);
        }
    }
    parse(&out)
}

fn kernel(out: &mut String, fam: &Family, rank: usize) {
    let name = format!("{}_r{}", fam.name, rank);
    let row = format!("{}_as", fam.name);
    let ins = fam.inputs;
    let elem: Vec<String> = ins.iter().map(|x| x.to_uppercase()).collect();
    let strides: Vec<String> = ins.iter().map(|x| format!("s{x}")).collect();
    let bases: Vec<String> = ins.iter().map(|x| format!("i{x}")).collect();
    let refs = join(elem.iter().map(|e| format!("&{e}")), ", ");

    let (out_generic, out_param, f_bound) = match fam.out {
        Out::Write => (
            "O, ",
            "out: &mut [core::mem::MaybeUninit<O>],",
            format!("F: FnMut({refs}) -> O"),
        ),
        Out::Assign => ("O, ", "out: &mut [O],", format!("F: FnMut(&mut O, {refs})")),
        Out::None => ("", "", format!("F: FnMut({refs})")),
    };
    let has_out = !matches!(fam.out, Out::None);

    // The innermost row, with each input's position advanced by the enclosing loops (its base
    // at rank 1).
    let last = rank - 1;
    let row_inputs = join(
        ins.iter().zip(&bases).map(|(x, i)| {
            if rank == 1 {
                format!("{x}, {i}, ")
            } else {
                format!("{x}, {x}{}, ", last - 1)
            }
        }),
        "",
    );
    let row_strides = join(strides.iter().map(|s| format!("{s}[{last}], ")), "");
    let row_out = if has_out { "&mut out[k..k + n]," } else { "" };
    // `_` for each of the row function's type parameters: its inputs, its output, `F`.
    let holes = join((0..ins.len() + usize::from(has_out) + 1).map(|_| "_"), ", ");
    let advance_k = if has_out { "k += n;" } else { "" };
    let mut body = format!(
        "let n = d[{last}];
        crate::kernel::row::{row}::<ROW, {holes}>(n, {row_strides}{row_inputs}{row_out} f);
        {advance_k}"
    );
    // Wrap it in one loop per outer axis, innermost first.
    for level in (0..last).rev() {
        let init = join(
            ins.iter().zip(&bases).map(|(x, i)| {
                if level == 0 {
                    format!("let mut {x}{level} = {i};")
                } else {
                    format!("let mut {x}{level} = {x}{};", level - 1)
                }
            }),
            " ",
        );
        let step = join(
            ins.iter()
                .zip(&strides)
                .map(|(x, s)| format!("{x}{level} = {x}{level}.wrapping_add({s}[{level}]);")),
            " ",
        );
        body = format!("{init} for _ in 0..d[{level}] {{ {body} {step} }}");
    }
    let empty = join((0..rank).map(|axis| format!("d[{axis}] == 0")), " || ");
    let k_init = if has_out { "let mut k = 0usize;" } else { "" };
    let allow_k = if has_out && rank > 1 {
        ""
    } else {
        "#[allow(unused_mut, unused_assignments, unused_variables)]"
    };
    let with = format!("{name}_with");
    let out_arg = if has_out { "out," } else { "" };
    let elems = join(elem.iter().map(|e| format!("{e}, ")), "");
    let inputs = join(
        ins.iter()
            .zip(&elem)
            .zip(&bases)
            .map(|((x, e), i)| format!("{x}: &[{e}], {i}: usize,")),
        " ",
    );
    let args = join(
        ins.iter().zip(&bases).map(|(x, i)| format!("{x}, {i}, ")),
        "",
    );
    let array_refs = join(
        strides.iter().map(|s| format!("{s}: &[usize; {rank}], ")),
        "",
    );
    let arrays = join(
        strides.iter().map(|s| format!("{s}: [usize; {rank}], ")),
        "",
    );
    let stride_args = join(strides.iter().map(|s| format!("&{s}, ")), "");
    write!(
        out,
        "/// With the innermost row's stride pattern fixed at compile time (`ROW`, one of
        /// `crate::kernel::row`'s constants): only that row loop is generated.
        #[doc(hidden)]
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[allow(clippy::too_many_arguments)]
        {allow_k}
        pub fn {with}<const ROW: u8, {elems}{out_generic}{f_bound}>(
            d: &[usize; {rank}],
            {array_refs}
            {inputs}
            {out_param}
            f: &mut F,
        ) {{
            // Unrolled, so constant extents fold it away even at opt-level \"s\".
            if {empty} {{
                return;
            }}
            {k_init}
            {body}
        }}

        /// The row's stride pattern chosen at run time, row by row.
        #[doc(hidden)]
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[allow(clippy::too_many_arguments)]
        pub fn {name}<{elems}{out_generic}{f_bound}>(
            d: [usize; {rank}],
            {arrays}
            {inputs}
            {out_param}
            f: &mut F,
        ) {{
            {with}::<{{ crate::kernel::row::DYNAMIC }}, {elems}{out_generic}F>(&d, {stride_args}{args}{out_arg} f)
        }}"
    )
    .expect("writing to a String");
}
