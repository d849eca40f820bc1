// Generic numeric code written as a user writes it: each function has at most one shape bound per
// distinct pair of input shapes (`A: BroadcastWith<B>`, or `B: BroadcastInto<S>` for a write into
// `S`), and none for shapes that are equal or that come out of a broadcast.
//
// Shared by `tests/generic.rs` (values checked) and the trybuild pass case
// `tests/ui/pass/generic_functions.rs` (built and run by `cargo build`), so the same source is
// proved under `cargo check` and a full build.

use core::ops::{Add, Mul, Sub};

use shaped::{
    Broadcast, BroadcastInto, BroadcastWith, Reduce, Scalar, Shape, Tensor, TensorView, shape,
};

/// Values and a mask of one shape.
pub type WithMask<S> = (Tensor<f32, S>, Tensor<bool, S>);

/// Squared Euclidean distance between two broadcast-compatible tensors.
pub fn sqdist<A: Shape + BroadcastWith<B>, B: Shape>(
    a: &Tensor<f32, A>,
    b: &Tensor<f32, B>,
) -> f32 {
    let d = a - b;
    (&d * &d).sum()
}

/// `alpha * x + y` (BLAS axpy) with `y` broadcast against `x`.
pub fn axpy<X: Shape + BroadcastWith<Y>, Y: Shape>(
    alpha: f32,
    x: &Tensor<f32, X>,
    y: &Tensor<f32, Y>,
) -> Tensor<f32, Broadcast<X, Y>> {
    &(x * alpha) + y
}

/// Clamps `x` into `[lo, hi]`, the bounds given per position of a broadcast shape `L`.
pub fn clamp<S: Shape + BroadcastWith<L>, L: Shape>(
    x: &Tensor<f32, S>,
    lo: &Tensor<f32, L>,
    hi: &Tensor<f32, L>,
) -> Tensor<f32, Broadcast<S, L>> {
    x.maximum(lo).minimum(hi)
}

/// `(x - mean) / scale`, the statistics broadcast along `x` (a row of per-column values, say).
pub fn normalise<S: Shape + BroadcastWith<V>, V: Shape>(
    x: &Tensor<f32, S>,
    mean: &Tensor<f32, V>,
    scale: &Tensor<f32, V>,
) -> Tensor<f32, Broadcast<S, V>> {
    &(x - mean) / scale
}

/// `out = a * b + c`, three different input shapes fused into one pass over the output.
pub fn fma_into<O: Shape, A: BroadcastInto<O>, B: BroadcastInto<O>, C: BroadcastInto<O>>(
    a: &Tensor<f32, A>,
    b: &Tensor<f32, B>,
    c: &Tensor<f32, C>,
    out: &mut Tensor<f32, O>,
) {
    a.mul_to(b, out);
    *out += c;
}

/// Linear interpolation, generic over the element type and the shape.
pub fn lerp<T, S: Shape>(a: &Tensor<T, S>, b: &Tensor<T, S>, t: &Tensor<T, S>) -> Tensor<T, S>
where
    T: Scalar + Add<Output = T> + Sub<Output = T> + Mul<Output = T>,
{
    a + &(&(b - a) * t)
}

/// A matrix plus a row, over const-generic extents: the impls apply to any `R`, `C`, so no bound.
pub fn add_row<const R: usize, const C: usize>(
    m: &Tensor<f32, shape![R, C]>,
    row: &Tensor<f32, shape![C]>,
) -> Tensor<f32, shape![R, C]> {
    m + row
}

/// A weighted sum, generic over the element type and both shapes.
pub fn weighted_sum<T, A: Shape + BroadcastWith<W>, W: Shape>(
    a: &Tensor<T, A>,
    w: &Tensor<T, W>,
) -> T
where
    T: Reduce + Mul<Output = T>,
{
    (a * w).sum()
}

/// Distance between `x` normalised by broadcast statistics and `target`: calls two other generic
/// functions, one of them on the broadcast result.
pub fn normalised_distance<S: Shape + BroadcastWith<V>, V: Shape>(
    x: &Tensor<f32, S>,
    mean: &Tensor<f32, V>,
    scale: &Tensor<f32, V>,
    target: &Tensor<f32, Broadcast<S, V>>,
) -> f32 {
    let n = normalise(x, mean, scale);
    sqdist(&n, target)
}

/// Everything two tensors of one shape do, with nothing but `S: Shape`: operators, in place,
/// comparisons, `minimum`/`maximum`, `zip_map`, `add_to`.
pub fn same_shape<S: Shape>(
    a: &Tensor<f32, S>,
    b: &Tensor<f32, S>,
) -> (Tensor<f32, S>, Tensor<bool, S>) {
    let mut c = a + b;
    c -= a;
    c *= b;
    c += &a.maximum(b);
    c = &c - &a.minimum(b);
    let mut out = Tensor::<f32, S>::zeros();
    c.add_to(a, &mut out);
    let mask = out.gt(b);
    let both = a.zip_map(&out, |x, y| x * y);
    (&both / &out.map(|x| if x == 0.0 { 1.0 } else { x }), mask)
}

/// A broadcast result meeting both its inputs again: `(a - b) * a`, in place and compared.
pub fn residual<A: Shape + BroadcastWith<B>, B: Shape>(
    a: &Tensor<f32, A>,
    b: &Tensor<f32, B>,
) -> WithMask<Broadcast<A, B>> {
    let mut d = a - b;
    d = &d * a;
    d += a;
    d -= b;
    let e = d.zip_map(b, |x, y| x + y);
    let mask = e.lt(a);
    (&e - &d.maximum(b), mask)
}

/// Owned operands and a mutable view, one shape: `a * b` by value, `+=` and `*=` through
/// `view_mut`, a view on the right.
pub fn through_views<S: Shape>(a: &mut Tensor<f32, S>, b: &Tensor<f32, S>) -> Tensor<f32, S> {
    let product = a.clone() * b.clone();
    let mut v = a.view_mut();
    v += b;
    v *= &b.view();
    v -= product;
    a.clone()
}

/// A view and an owned tensor of one shape, whatever the view's layout.
pub fn view_plus<S: Shape, L: shaped::layout::Layout<S>>(
    v: TensorView<'_, f32, S, L>,
    t: &Tensor<f32, S>,
) -> Tensor<f32, S> {
    &(&v + t) * &v
}

/// Accumulates `b` into `acc` (`b` broadcast to `acc`'s shape), returning `acc * 2`.
pub fn accumulate<S: Shape, B: BroadcastInto<S>>(
    acc: &mut Tensor<f32, S>,
    b: &Tensor<f32, B>,
) -> Tensor<f32, S> {
    *acc += b;
    let mut twice = Tensor::<f32, S>::zeros();
    acc.add_to(&*acc, &mut twice);
    twice
}

/// The outer sum of a column and a row, returned to the caller, which names its shape.
pub fn outer_sum<A: Shape + BroadcastWith<B>, B: Shape>(
    col: &Tensor<f32, A>,
    row: &Tensor<f32, B>,
) -> Tensor<f32, Broadcast<A, B>> {
    col + row
}

/// Softmax over the last axis of any shape: the one bound `KeepDims<-1>` proves that the
/// reductions with the axis kept broadcast back against `x`.
pub fn softmax<S: shaped::KeepDims<-1>>(x: &Tensor<f32, S>) -> Tensor<f32, S> {
    let m = x.max_axis_keepdims::<-1>();
    let e = (x - &m).map(f32::exp);
    let s = e.sum_axis_keepdims::<-1>();
    &e / &s
}

/// Layer normalisation over the last axis (no scale or shift), with the same one bound.
pub fn layer_norm<S: shaped::KeepDims<-1>>(x: &Tensor<f32, S>) -> Tensor<f32, S> {
    let m = x.mean_axis_keepdims::<-1>();
    let d = x - &m;
    let v = (&d * &d).mean_axis_keepdims::<-1>();
    &d / &v.map(|v| (v + 1e-5).sqrt())
}
