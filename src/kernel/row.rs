//! The innermost row of every kernel, specialised on its strides.
//!
//! A loop whose strides are known only at run time is vectorised by LLVM only when it sees
//! stride 1, so stride 1 and stride 0 (a broadcast operand: read once, hoisted) get loops of their
//! own; any other stride takes the indexed loop. `n` is at least 1 (the kernels return early on an
//! empty shape), each input slice starts at the row's first element, and `out` has `n` slots.

use core::mem::MaybeUninit;

/// `out[j] = f(a[j * sa], b[j * sb])`.
#[inline(always)]
pub fn zip<A, B, O, F: FnMut(&A, &B) -> O>(
    n: usize,
    sa: usize,
    sb: usize,
    a: &[A],
    b: &[B],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    match (sa, sb) {
        (1, 1) => {
            for ((o, x), y) in out.iter_mut().zip(&a[..n]).zip(&b[..n]) {
                o.write(f(x, y));
            }
        }
        (1, 0) => {
            let y = &b[0];
            for (o, x) in out.iter_mut().zip(&a[..n]) {
                o.write(f(x, y));
            }
        }
        (0, 1) => {
            let x = &a[0];
            for (o, y) in out.iter_mut().zip(&b[..n]) {
                o.write(f(x, y));
            }
        }
        _ => {
            for (j, o) in out.iter_mut().enumerate() {
                o.write(f(&a[j * sa], &b[j * sb]));
            }
        }
    }
}

/// `out[j] = f(a[j * sa])`.
#[inline(always)]
pub fn map<A, O, F: FnMut(&A) -> O>(
    n: usize,
    sa: usize,
    a: &[A],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    match sa {
        1 => {
            for (o, x) in out.iter_mut().zip(&a[..n]) {
                o.write(f(x));
            }
        }
        _ => {
            for (j, o) in out.iter_mut().enumerate() {
                o.write(f(&a[j * sa]));
            }
        }
    }
}

/// `f(&mut out[j], b[j * sb])`.
#[inline(always)]
pub fn assign<B, O, F: FnMut(&mut O, &B)>(n: usize, sb: usize, b: &[B], out: &mut [O], f: &mut F) {
    match sb {
        1 => {
            for (o, y) in out.iter_mut().zip(&b[..n]) {
                f(o, y);
            }
        }
        0 => {
            let y = &b[0];
            for o in out.iter_mut() {
                f(o, y);
            }
        }
        _ => {
            for (j, o) in out.iter_mut().enumerate() {
                f(o, &b[j * sb]);
            }
        }
    }
}

/// `f(a[j * sa])` for each `j` in order.
#[inline(always)]
pub fn visit<A, F: FnMut(&A)>(n: usize, sa: usize, a: &[A], f: &mut F) {
    match sa {
        1 => a[..n].iter().for_each(f),
        _ => (0..n).for_each(|j| f(&a[j * sa])),
    }
}
