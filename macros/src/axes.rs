//! The axis tables: `ExtentAt`, `RemoveAxis`, `RemoveAxes2`, `InsertAxis`, `ReplaceAxis`,
//! `SqueezeAxis` and `Reverse` for every rank and every axis number, negative ones included (`-1` is the last).
//!
//! One impl per (rank, axis): no arithmetic on axes happens in the type system, which stable
//! Rust could not do; an axis out of range simply has no impl, and `cargo check` says so with
//! the trait's message. Every impl is `#[diagnostic::do_not_recommend]`, so that message is not
//! followed by a list of the axes that would have worked.

use core::fmt::Write;

use proc_macro::TokenStream;

use crate::code::{bounded, join, names, parse, tuple};
use crate::tables::max_rank;

/// The axis numbers of a rank-`r` shape that name position `i`: `i` and `i - r`.
fn axis_names(i: usize, r: usize) -> [isize; 2] {
    [i as isize, i as isize - r as isize]
}

/// The impls of `trait_` (with its parameters `params`) for one rank: `generics` on the impl,
/// `shape` the implementing tuple, `output` its `Output`.
fn table(out: &mut String, generics: &str, trait_: &str, shape: &str, output: &str) {
    writeln!(
        out,
        "#[diagnostic::do_not_recommend] impl<{generics}> crate::shape::axis::{trait_} for {shape} \
         {{ type Output = {output}; }}"
    )
    .expect("writing to a String");
}

pub fn expand(input: TokenStream) -> TokenStream {
    let max = max_rank(input);
    let mut out = String::new();
    for r in 0..=max {
        let a = names("A", r);
        let shape = tuple(&a);
        let generics = bounded(&a, "crate::Extent");
        let with_e = join(
            a.iter()
                .map(|x| format!("{x}: crate::Extent, "))
                .chain(["E: crate::Extent".into()]),
            "",
        );
        // The rank as a trait, and the permutation of this many axes (one impl per rank: the
        // output's axis k is the input's axis I_k).
        let is = names("I", r);
        let consts = join(is.iter().map(|i| format!("const {i}: isize")), ", ");
        let axes = tuple(is.iter().map(|i| format!("crate::shape::axis::Ax<{i}>")));
        let extents = join(
            is.iter()
                .map(|i| format!(" + crate::shape::axis::ExtentAt<{i}>")),
            "",
        );
        let picked = tuple(
            is.iter()
                .map(|i| format!("<S as crate::shape::axis::ExtentAt<{i}>>::Output")),
        );
        write!(
            out,
            "impl<{generics}> crate::shape::axis::RankIs<{r}> for {shape} {{}}
            #[diagnostic::do_not_recommend]
            impl<S, {consts}> crate::shape::axis::Permute<{axes}> for S
            where S: crate::shape::axis::RankIs<{r}>{extents} {{ type Output = {picked}; }}
            impl<{consts}> crate::shape::axis::AxisList for {axes} {{
                const AXES: &'static [isize] = &[{is}];
            }}
            impl<{generics}> crate::shape::axis::Reverse for {shape} {{ type Output = {rev}; }}",
            is = join(&is, ", "),
            rev = tuple(a.iter().rev()),
        )
        .expect("writing to a String");
        for i in 0..r {
            let at = &a[i];
            let removed = tuple(
                a.iter()
                    .enumerate()
                    .filter(|(k, _)| *k != i)
                    .map(|(_, x)| x),
            );
            let replaced = tuple(
                a.iter()
                    .enumerate()
                    .map(|(k, x)| if k == i { "E" } else { x }),
            );
            let with_one = tuple(
                a.iter()
                    .enumerate()
                    .map(|(k, x)| if k == i { "crate::One" } else { x }),
            );
            let others: Vec<String> = a
                .iter()
                .enumerate()
                .filter(|(k, _)| *k != i)
                .map(|(_, x)| x.clone())
                .collect();
            for n in axis_names(i, r) {
                table(
                    &mut out,
                    &generics,
                    &format!("ExtentAt<{{ {n} }}>"),
                    &shape,
                    at,
                );
                table(
                    &mut out,
                    &generics,
                    &format!("RemoveAxis<{{ {n} }}>"),
                    &shape,
                    &removed,
                );
                table(
                    &mut out,
                    &with_e,
                    &format!("ReplaceAxis<{{ {n} }}, E>"),
                    &shape,
                    &replaced,
                );
                table(
                    &mut out,
                    &bounded(&others, "crate::Extent"),
                    &format!("SqueezeAxis<{{ {n} }}>"),
                    &with_one,
                    &tuple(&others),
                );
            }
        }
        // RemoveAxes2: two distinct axes removed (a diagonal's), every naming of each.
        for i in 0..r {
            for j in (0..r).filter(|&j| j != i) {
                let kept = tuple(
                    a.iter()
                        .enumerate()
                        .filter(|(k, _)| *k != i && *k != j)
                        .map(|(_, x)| x),
                );
                for n in axis_names(i, r) {
                    for m in axis_names(j, r) {
                        let trait_ = format!("RemoveAxes2<{{ {n} }}, {{ {m} }}>");
                        table(&mut out, &generics, &trait_, &shape, &kept);
                    }
                }
            }
        }
        // InsertAxis: position `i` in `0..=r` of the result, named `i` or `i - r - 1`.
        if r < max {
            for i in 0..=r {
                let inserted = tuple(
                    a[..i]
                        .iter()
                        .map(String::as_str)
                        .chain(["E"])
                        .chain(a[i..].iter().map(String::as_str)),
                );
                for n in axis_names(i, r + 1) {
                    let trait_ = format!("InsertAxis<{{ {n} }}, E>");
                    table(&mut out, &with_e, &trait_, &shape, &inserted);
                }
            }
        }
    }
    parse(&out)
}
