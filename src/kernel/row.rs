//! The innermost row of every kernel, specialised on its strides.
//!
//! A loop whose strides are known only at run time is vectorised by LLVM only when it sees
//! stride 1, so stride 1 and stride 0 (a broadcast operand: read once, hoisted) get loops of their
//! own; any other stride takes the indexed loop. `n` is at least 1 (the kernels return early on an
//! empty shape), each input comes as its slice and the position of the row's first element in
//! it (`a`, `ia`), and `out` has `n` slots. Strides are two's-complement `usize` (a negative
//! stride walks backwards) and positions are computed with wrapping arithmetic, then indexed
//! with bounds checks like any index.
//!
//! `ROW` picks the loop: the static path knows the innermost strides at compile time and passes
//! the matching constant, so only that loop is generated (a `match` on a constant generic
//! parameter emits only the taken arm); [`DYNAMIC`] decides at run time, row by row. The loops
//! are plain index loops over slices cut to `n`: LLVM drops their bounds checks, and they cost the
//! compiler far less than chains of iterator adaptors (`cargo xtask compile-time`).

use core::mem::MaybeUninit;

/// Decide the loop from the strides at run time.
pub const DYNAMIC: u8 = 0;
/// Every input has stride 1.
pub const UNIT: u8 = 1;
/// Two inputs: the first has stride 1, the second stride 0 (broadcast).
pub const FIRST_ONLY: u8 = 2;
/// Two inputs: the first has stride 0 (broadcast), the second stride 1. One input: stride 0.
pub const SECOND_ONLY: u8 = 3;
/// Any other strides.
pub const STRIDED: u8 = 4;

/// The `ROW` constant for a row with input strides `sa` (and `sb`).
pub const fn kind2(sa: usize, sb: usize) -> u8 {
    match (sa, sb) {
        (1, 1) => UNIT,
        (1, 0) => FIRST_ONLY,
        (0, 1) => SECOND_ONLY,
        _ => STRIDED,
    }
}

/// The `ROW` constant for a row with one input of stride `sa`.
pub const fn kind1(sa: usize) -> u8 {
    match sa {
        1 => UNIT,
        0 => SECOND_ONLY,
        _ => STRIDED,
    }
}

/// Runs `$loop` for the row kind `ROW`; [`DYNAMIC`] classifies the strides first. The outer
/// `match` is on the constant itself, so for a fixed `ROW` only its arm is generated.
macro_rules! by_kind {
    ($row:ident, $kind:expr, $unit:expr, $first:expr, $second:expr, $strided:expr) => {
        match $row {
            UNIT => $unit,
            FIRST_ONLY => $first,
            SECOND_ONLY => $second,
            STRIDED => $strided,
            _ => match $kind {
                UNIT => $unit,
                FIRST_ONLY => $first,
                SECOND_ONLY => $second,
                _ => $strided,
            },
        }
    };
}

/// A stride of -1 in two's complement: a row that walks backwards over adjacent elements.
const REVERSE: usize = usize::MAX;

/// The position of element `j` of a row that starts at `i` with stride `s` (two's complement).
#[inline(always)]
fn at(i: usize, j: usize, s: usize) -> usize {
    i.wrapping_add(j.wrapping_mul(s))
}

/// `out[j] = f(a[ia + j * sa], b[ib + j * sb])`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::too_many_arguments)]
pub fn zip_as<const ROW: u8, A, B, O, F: FnMut(&A, &B) -> O>(
    n: usize,
    sa: usize,
    sb: usize,
    a: &[A],
    ia: usize,
    b: &[B],
    ib: usize,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    let out = &mut out[..n];
    by_kind!(
        ROW,
        kind2(sa, sb),
        {
            let (a, b) = (&a[ia..ia + n], &b[ib..ib + n]);
            for j in 0..n {
                out[j].write(f(&a[j], &b[j]));
            }
        },
        {
            let (a, y) = (&a[ia..ia + n], &b[ib]);
            for j in 0..n {
                out[j].write(f(&a[j], y));
            }
        },
        {
            let (x, b) = (&a[ia], &b[ib..ib + n]);
            for j in 0..n {
                out[j].write(f(x, &b[j]));
            }
        },
        {
            if sa == REVERSE && sb == 1 {
                // `a` walks backwards over adjacent elements (a `::-1` slice): one slice each,
                // so the loop vectorises.
                let (a, b) = (&a[ia + 1 - n..=ia], &b[ib..ib + n]);
                for j in 0..n {
                    out[j].write(f(&a[n - 1 - j], &b[j]));
                }
            } else if sa == 1 && sb == REVERSE {
                let (a, b) = (&a[ia..ia + n], &b[ib + 1 - n..=ib]);
                for j in 0..n {
                    out[j].write(f(&a[j], &b[n - 1 - j]));
                }
            } else {
                for j in 0..n {
                    out[j].write(f(&a[at(ia, j, sa)], &b[at(ib, j, sb)]));
                }
            }
        }
    )
}

/// `out[j] = f(a[ia + j * sa])`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn map_as<const ROW: u8, A, O, F: FnMut(&A) -> O>(
    n: usize,
    sa: usize,
    a: &[A],
    ia: usize,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    let out = &mut out[..n];
    by_kind!(
        ROW,
        kind1(sa),
        {
            let a = &a[ia..ia + n];
            for j in 0..n {
                out[j].write(f(&a[j]));
            }
        },
        unreachable!("one input has no FIRST_ONLY row"),
        {
            let x = &a[ia];
            for o in out.iter_mut() {
                o.write(f(x));
            }
        },
        {
            if sa == REVERSE {
                let a = &a[ia + 1 - n..=ia];
                for j in 0..n {
                    out[j].write(f(&a[n - 1 - j]));
                }
            } else {
                for j in 0..n {
                    out[j].write(f(&a[at(ia, j, sa)]));
                }
            }
        }
    )
}

/// `f(&mut out[j], b[ib + j * sb])`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn assign_as<const ROW: u8, B, O, F: FnMut(&mut O, &B)>(
    n: usize,
    sb: usize,
    b: &[B],
    ib: usize,
    out: &mut [O],
    f: &mut F,
) {
    let out = &mut out[..n];
    by_kind!(
        ROW,
        kind1(sb),
        {
            let b = &b[ib..ib + n];
            for j in 0..n {
                f(&mut out[j], &b[j]);
            }
        },
        unreachable!("one input has no FIRST_ONLY row"),
        {
            let y = &b[ib];
            for o in out.iter_mut() {
                f(o, y);
            }
        },
        {
            for j in 0..n {
                f(&mut out[j], &b[at(ib, j, sb)]);
            }
        }
    )
}

/// `f(&mut out[j], a[ia + j * sa], b[ib + j * sb])`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::too_many_arguments)]
pub fn zip_assign_as<const ROW: u8, A, B, O, F: FnMut(&mut O, &A, &B)>(
    n: usize,
    sa: usize,
    sb: usize,
    a: &[A],
    ia: usize,
    b: &[B],
    ib: usize,
    out: &mut [O],
    f: &mut F,
) {
    let out = &mut out[..n];
    by_kind!(
        ROW,
        kind2(sa, sb),
        {
            let (a, b) = (&a[ia..ia + n], &b[ib..ib + n]);
            for j in 0..n {
                f(&mut out[j], &a[j], &b[j]);
            }
        },
        {
            let (a, y) = (&a[ia..ia + n], &b[ib]);
            for j in 0..n {
                f(&mut out[j], &a[j], y);
            }
        },
        {
            let (x, b) = (&a[ia], &b[ib..ib + n]);
            for j in 0..n {
                f(&mut out[j], x, &b[j]);
            }
        },
        {
            for j in 0..n {
                f(&mut out[j], &a[at(ia, j, sa)], &b[at(ib, j, sb)]);
            }
        }
    )
}

/// `f(a[ia + j * sa])` for each `j` in order.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn visit_as<const ROW: u8, A, F: FnMut(&A)>(
    n: usize,
    sa: usize,
    a: &[A],
    ia: usize,
    f: &mut F,
) {
    by_kind!(
        ROW,
        kind1(sa),
        a[ia..ia + n].iter().for_each(&mut *f),
        unreachable!("one input has no FIRST_ONLY row"),
        (0..n).for_each(|_| f(&a[ia])),
        (0..n).for_each(|j| f(&a[at(ia, j, sa)]))
    )
}

/// [`zip_as`] with the row kind decided at run time.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::too_many_arguments)]
pub fn zip<A, B, O, F: FnMut(&A, &B) -> O>(
    n: usize,
    sa: usize,
    sb: usize,
    a: &[A],
    ia: usize,
    b: &[B],
    ib: usize,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    zip_as::<DYNAMIC, A, B, O, F>(n, sa, sb, a, ia, b, ib, out, f)
}

/// [`map_as`] with the row kind decided at run time.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn map<A, O, F: FnMut(&A) -> O>(
    n: usize,
    sa: usize,
    a: &[A],
    ia: usize,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    map_as::<DYNAMIC, A, O, F>(n, sa, a, ia, out, f)
}

/// [`assign_as`] with the row kind decided at run time.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn assign<B, O, F: FnMut(&mut O, &B)>(
    n: usize,
    sb: usize,
    b: &[B],
    ib: usize,
    out: &mut [O],
    f: &mut F,
) {
    assign_as::<DYNAMIC, B, O, F>(n, sb, b, ib, out, f)
}

/// [`zip_assign_as`] with the row kind decided at run time.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::too_many_arguments)]
pub fn zip_assign<A, B, O, F: FnMut(&mut O, &A, &B)>(
    n: usize,
    sa: usize,
    sb: usize,
    a: &[A],
    ia: usize,
    b: &[B],
    ib: usize,
    out: &mut [O],
    f: &mut F,
) {
    zip_assign_as::<DYNAMIC, A, B, O, F>(n, sa, sb, a, ia, b, ib, out, f)
}

/// [`visit_as`] with the row kind decided at run time.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn visit<A, F: FnMut(&A)>(n: usize, sa: usize, a: &[A], ia: usize, f: &mut F) {
    visit_as::<DYNAMIC, A, F>(n, sa, a, ia, f)
}
