//! Every element-wise operation against a naive reference that walks the output index by index,
//! for shape pairs of every rank pair up to 4 (both operands broadcasting, extent 0 included).
//!
//! The reference is written here from numpy's rule, independently of the library's planner and
//! kernels: it right-aligns the shapes, and reads each operand at the output index with the
//! coordinate clamped to 0 on its extent-1 axes.

#![allow(clippy::op_ref)] // `&a + &b` is the idiom under test

use core::ops::{Add, Div, Mul, Rem, Sub};

use shaped::{Broadcast, BroadcastInto, BroadcastWith, Shape, Tensor, shape};

/// numpy's broadcast of two shapes, or `None`.
fn reference_shape(a: &[usize], b: &[usize]) -> Option<Vec<usize>> {
    let r = a.len().max(b.len());
    let at = |s: &[usize], k: usize| {
        if k + s.len() >= r {
            s[k + s.len() - r]
        } else {
            1
        }
    };
    (0..r)
        .map(|k| match (at(a, k), at(b, k)) {
            (x, y) if x == y => Some(x),
            (1, y) => Some(y),
            (x, 1) => Some(x),
            _ => None,
        })
        .collect()
}

/// The row-major element of `data` (shape `dims`) that output index `idx` (rank >= dims) reads.
fn read<T: Copy>(data: &[T], dims: &[usize], idx: &[usize]) -> T {
    let skip = idx.len() - dims.len();
    let mut off = 0;
    for (k, &d) in dims.iter().enumerate() {
        let i = if d == 1 { 0 } else { idx[skip + k] };
        off = off * d + i;
    }
    data[off]
}

/// All multi-indices of `dims` in row-major order.
fn indices(dims: &[usize]) -> Vec<Vec<usize>> {
    let n: usize = dims.iter().product();
    (0..n)
        .map(|mut flat| {
            let mut idx = vec![0; dims.len()];
            for k in (0..dims.len()).rev() {
                idx[k] = flat % dims[k];
                flat /= dims[k];
            }
            idx
        })
        .collect()
}

fn reference<T: Copy, U: Copy, O>(
    a: &[T],
    ad: &[usize],
    b: &[U],
    bd: &[usize],
    f: impl Fn(T, U) -> O,
) -> Vec<O> {
    let out = reference_shape(ad, bd).expect("the pair broadcasts");
    indices(&out)
        .iter()
        .map(|idx| f(read(a, ad, idx), read(b, bd, idx)))
        .collect()
}

/// Distinct, signed, never-zero-divisor values.
fn lhs(i: usize) -> i64 {
    (i as i64 * 7 + 3) % 23 - 11
}
fn rhs(i: usize) -> i64 {
    let v = (i as i64 * 5 + 1) % 13 - 6;
    if v == 0 { 7 } else { v }
}

fn check_pair<A: Shape + BroadcastWith<B>, B: Shape>() {
    let (ad, bd) = (A::dims(), B::dims());
    let out = reference_shape(ad, bd).unwrap();
    let a = Tensor::<i64, A>::from_flat_fn(lhs);
    let b = Tensor::<i64, B>::from_flat_fn(rhs);
    let ctx = format!("{ad:?} with {bd:?}");
    assert_eq!(Broadcast::<A, B>::dims(), &out[..], "result shape, {ctx}");

    // The operand pairs once, each operator's answer from them (under Miri the walk over the
    // indices, once per operator, was most of the sweep's time).
    let pairs = reference(a.as_slice(), ad, b.as_slice(), bd, |x, y| (x, y));
    let want =
        |f: fn(i64, i64) -> i64| -> Vec<i64> { pairs.iter().map(|&(x, y)| f(x, y)).collect() };
    assert_eq!((&a + &b).as_slice(), want(i64::add), "+ {ctx}");
    assert_eq!((&a - &b).as_slice(), want(i64::sub), "- {ctx}");
    assert_eq!((&a * &b).as_slice(), want(i64::mul), "* {ctx}");
    assert_eq!((&a / &b).as_slice(), want(i64::div), "/ {ctx}");
    assert_eq!((&a % &b).as_slice(), want(i64::rem), "% {ctx}");
    // Owned and view operands give the same answers.
    assert_eq!(
        (a.clone() + b.clone()).as_slice(),
        want(i64::add),
        "owned + {ctx}"
    );
    assert_eq!(
        (a.view() - b.view()).as_slice(),
        want(i64::sub),
        "view - {ctx}"
    );
    assert_eq!((&a.view() * &b).as_slice(), want(i64::mul), "&view * {ctx}");
    assert_eq!(
        (a.clone() - b.view()).as_slice(),
        want(i64::sub),
        "owned - view {ctx}"
    );
    // Methods: any output type, numpy's minimum/maximum.
    let lt: Vec<bool> = pairs.iter().map(|&(x, y)| x < y).collect();
    assert_eq!(a.zip_map(&b, |x, y| x < y).as_slice(), lt, "zip_map {ctx}");
    assert_eq!(a.lt(&b).as_slice(), lt, "lt {ctx}");
    assert_eq!(a.minimum(&b).as_slice(), want(i64::min), "minimum {ctx}");
    assert_eq!(
        a.maximum(b.view()).as_slice(),
        want(i64::max),
        "maximum {ctx}"
    );
    // f64, with a mixed result type: f64 / f64 and a comparison.
    let af = a.map(|x| x as f64 * 0.5);
    let bf = b.map(|x| x as f64 * 0.25);
    let wantf = reference(af.as_slice(), ad, bf.as_slice(), bd, |x, y| x / y);
    assert_eq!((&af / &bf).as_slice(), wantf, "f64 / {ctx}");
    // Unary and scalar forms.
    let neg: Vec<i64> = a.iter().map(|x| -x).collect();
    assert_eq!((-&a).as_slice(), neg, "neg {ctx}");
    let twice: Vec<i64> = a.iter().map(|x| x * 2).collect();
    assert_eq!((&a * 2).as_slice(), twice, "scalar {ctx}");
    assert_eq!((2 * &a).as_slice(), twice, "scalar on the left {ctx}");
    let sub_from: Vec<i64> = a.iter().map(|x| 10 - x).collect();
    assert_eq!((10 - a.view()).as_slice(), sub_from, "10 - view {ctx}");
    assert_eq!(a.sum(), a.iter().sum::<i64>(), "sum {ctx}");
}

/// `a op= b` for `b` broadcasting into `a`, against the reference.
fn check_assign<A: Shape, B>()
where
    B: BroadcastInto<A>,
{
    let (ad, bd) = (A::dims(), B::dims());
    let a = Tensor::<i64, A>::from_flat_fn(lhs);
    let b = Tensor::<i64, B>::from_flat_fn(rhs);
    let ctx = format!("{ad:?} op= {bd:?}");
    // The operand pairs once, each operator's answer from them (under Miri the walk over the
    // indices, once per operator, was most of the sweep's time).
    let pairs = reference(a.as_slice(), ad, b.as_slice(), bd, |x, y| (x, y));
    let want =
        |f: fn(i64, i64) -> i64| -> Vec<i64> { pairs.iter().map(|&(x, y)| f(x, y)).collect() };
    let mut c = a.clone();
    c += &b;
    assert_eq!(c.as_slice(), want(i64::add), "+= {ctx}");
    let mut c = a.clone();
    c -= b.clone();
    assert_eq!(c.as_slice(), want(i64::sub), "-= {ctx}");
    let mut c = a.clone();
    c *= b.view();
    assert_eq!(c.as_slice(), want(i64::mul), "*= {ctx}");
    let mut c = a.clone();
    c /= &b;
    assert_eq!(c.as_slice(), want(i64::div), "/= {ctx}");
    let mut c = a.clone();
    c.view_mut().rem_assign_view(&b);
    assert_eq!(c.as_slice(), want(i64::rem), "%= through a view {ctx}");
}

/// `%=` through a `TensorViewMut`, so the mutable view's impls are exercised too.
trait RemAssignView<B> {
    fn rem_assign_view(self, b: B);
}
impl<'a, A: Shape, B: Shape> RemAssignView<&Tensor<i64, B>> for shaped::TensorViewMut<'a, i64, A>
where
    B: BroadcastInto<A>,
{
    fn rem_assign_view(mut self, b: &Tensor<i64, B>) {
        self %= b;
    }
}

macro_rules! pairs {
    ($($name:ident: [$($a:tt)*] [$($b:tt)*];)*) => {$(
        #[test]
        fn $name() {
            check_pair::<shape![$($a)*], shape![$($b)*]>();
            check_pair::<shape![$($b)*], shape![$($a)*]>();
        }
    )*};
}

pairs! {
    r0_r0: [] [];
    r0_r1: [] [5];
    r0_r2: [] [2, 3];
    r0_r3: [] [2, 1, 3];
    r0_r4: [] [2, 3, 1, 2];
    r1_r1: [4] [4];
    r1_r1_one: [1] [6];
    r1_r1_zero: [0] [1];
    r1_r2: [3] [2, 3];
    r1_r2_col: [1] [4, 3];
    r1_r2_outer: [5] [4, 1];
    r1_r3: [4] [3, 2, 4];
    r1_r3_mid: [1] [2, 3, 4];
    r1_r4: [3] [2, 1, 4, 3];
    r1_r4_zero: [0] [2, 3, 1, 1];
    r2_r2: [2, 3] [2, 3];
    r2_r2_cross: [4, 1] [1, 3];
    r2_r2_row: [1, 5] [3, 5];
    r2_r2_zero: [0, 3] [1, 3];
    r2_r3: [3, 4] [2, 3, 4];
    r2_r3_cross: [3, 1] [2, 1, 4];
    r2_r4: [1, 4] [2, 3, 5, 4];
    r2_r4_mid: [5, 1] [2, 1, 5, 3];
    r3_r3: [2, 3, 4] [2, 3, 4];
    r3_r3_w2: [3, 4, 8] [3, 1, 1];
    r3_r3_alt: [2, 1, 4] [1, 3, 1];
    r3_r3_zero: [2, 0, 3] [2, 1, 3];
    r3_r4: [3, 1, 2] [4, 1, 5, 2];
    r3_r4_full: [2, 3, 4] [5, 2, 3, 4];
    r4_r4: [2, 3, 2, 3] [2, 3, 2, 3];
    r4_r4_alt: [2, 1, 2, 1] [1, 3, 1, 3];
    r4_r4_zero: [1, 0, 2, 1] [3, 1, 2, 4];
    // Large enough to merge and stride-0 over many rows; small enough for a debug test's stack.
    big_inner: [16, 64] [64];
    big_col: [16, 64] [16, 1];
    large_extent: [1, 1100] [2, 1];
}

macro_rules! assigns {
    ($($name:ident: [$($a:tt)*] [$($b:tt)*];)*) => {$(
        #[test]
        fn $name() {
            check_assign::<shape![$($a)*], shape![$($b)*]>();
        }
    )*};
}

assigns! {
    assign_same: [2, 3] [2, 3];
    assign_row: [2, 3] [3];
    assign_col: [4, 3] [4, 1];
    assign_scalar_shape: [3, 2, 2] [];
    assign_mid: [2, 3, 4] [3, 1];
    assign_rank4: [2, 2, 3, 2] [2, 1, 2];
    assign_zero: [2, 0] [1];
}

#[test]
fn broadcast_views_match_the_reference() {
    let col = Tensor::<i64, shape![2, 1]>::from_flat_fn(lhs);
    let v = col.broadcast_to::<shape![3, 2, 4]>();
    let expect = reference(col.as_slice(), &[2, 1], &[0i64; 24], &[3, 2, 4], |x, _| x);
    assert_eq!(v.iter().copied().collect::<Vec<_>>(), expect);
    assert_eq!(v.to_tensor().as_slice(), expect);
    assert_eq!(v.strides(), &[0, 1, 0]);
    // A broadcast view as an operand, and broadcast again.
    let row = Tensor::<i64, shape![4]>::from_flat_fn(rhs);
    let sum = &v + &row;
    let want = reference(&expect, &[3, 2, 4], row.as_slice(), &[4], |x, y| x + y);
    assert_eq!(sum.as_slice(), want);
    let vv = v.broadcast_to::<shape![2, 3, 2, 4]>();
    assert_eq!(vv.map(|x| x).as_slice()[24..], expect[..]);
}
