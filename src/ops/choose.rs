//! numpy's `where` for static operands ([`where_`]): the three shapes broadcast by the type
//! checker, as an operator's two do. The dynamic form is `try_where` (`src/dynamic/choose.rs`).
//!
//! Two passes of the element-wise engine, as `zip_map` runs one: the condition and `a` give
//! `Some(a)` where the condition holds, then that and `b` give the result. Each pass is the
//! engine's planned loop (or its run-time arm when a shape has a `Dyn` axis), so nothing here
//! walks strides by hand.

use super::engine;
use crate::{Broadcast, BroadcastWith, Operand, Tensor};

/// The elements of `a` where `cond` is `true` and of `b` where it is `false`: numpy's
/// `where(cond, a, b)` for static operands (tensors, references to them, views). The three
/// shapes broadcast together by numpy's rule, checked by the compiler (a clash of known extents
/// does not compile) and, for [`Dyn`](crate::Dyn) axes, when it runs.
///
/// # Panics
/// When a run-time extent does not broadcast, with a [`ShapeError`](crate::ShapeError)'s
/// message naming the shapes.
///
/// ```
/// use shaped::{shape, tensor, where_, Tensor};
/// let x = tensor![[-1.0, 2.0, -3.0], [4.0, -5.0, 6.0]];
/// let relu: Tensor<f64, shape![2, 3]> = where_(&x.gt(&tensor![0.0]), &x, &tensor![0.0]);
/// assert_eq!(relu, tensor![[0.0, 2.0, 0.0], [4.0, 0.0, 6.0]]);
/// // A column of conditions picks whole rows; a row of fallbacks fills the rest.
/// let rows = tensor![[true], [false]];
/// assert_eq!(where_(&rows, &x, &tensor![7.0, 8.0, 9.0]), tensor![[-1.0, 2.0, -3.0], [7.0, 8.0, 9.0]]);
/// ```
// The result type spelled out is what users read in the docs and errors: no alias to look up.
#[allow(clippy::type_complexity)]
#[track_caller]
pub fn where_<C, A, B>(
    cond: C,
    a: A,
    b: B,
) -> Tensor<A::Elem, Broadcast<Broadcast<C::Shape, A::Shape>, B::Shape>>
where
    C: Operand<Elem = bool>,
    A: Operand,
    B: Operand<Elem = A::Elem>,
    A::Elem: Clone,
    C::Shape: BroadcastWith<A::Shape>,
    Broadcast<C::Shape, A::Shape>: BroadcastWith<B::Shape>,
{
    let picked = engine::zip::<C, A, Broadcast<C::Shape, A::Shape>, Option<A::Elem>, _>(
        &cond,
        &a,
        |&c: &bool, x: &A::Elem| c.then(|| x.clone()),
    );
    engine::zip(&picked, &b, |p: &Option<A::Elem>, y: &A::Elem| match p {
        Some(x) => x.clone(),
        None => y.clone(),
    })
}
