//! Unoptimised builds: kernels generic only over element types and the operation, reading the
//! plan at run time, so one copy serves every shape (see the parent module).

use core::mem::MaybeUninit;

use super::leading::{Leading, with_batch};
use crate::layout::Plan;
use crate::{MAX_RANK, Operand, Shape, kernel};

/// The innermost `K` slots of a padded plan array.
#[inline]
fn last<const K: usize>(padded: &[usize; MAX_RANK]) -> [usize; K] {
    *padded.last_chunk::<K>().expect("plans have rank 1 to 8")
}

/// Calls the kernel of the plan's rank with extents and strides read at run time.
macro_rules! at_run_time {
    ($plan:expr, [0], $($kernel:ident $k:literal),+; $x:expr, $out:expr, $f:expr) => {
        match $plan.rank {
            $($k => kernel::$kernel(last::<$k>(&$plan.dims), last::<$k>(&$plan.strides[0]), $x, 0, $out, $f),)+
            _ => unreachable!("plans have rank 1 to 8"),
        }
    };
    ($plan:expr, [0, 1], $($kernel:ident $k:literal),+; $x:expr, $y:expr, $out:expr, $f:expr) => {
        match $plan.rank {
            $($k => kernel::$kernel(
                last::<$k>(&$plan.dims),
                last::<$k>(&$plan.strides[0]),
                last::<$k>(&$plan.strides[1]),
                $x, 0, $y, 0, $out, $f,
            ),)+
            _ => unreachable!("plans have rank 1 to 8"),
        }
    };
}

pub(super) fn zip_any<X, Y, O, F: FnMut(&X, &Y) -> O>(
    p: &Plan<2>,
    a: &[X],
    b: &[Y],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    at_run_time!(p, [0, 1], zip_r1 1, zip_r2 2, zip_r3 3, zip_r4 4, zip_r5 5, zip_r6 6, zip_r7 7, zip_r8 8;
        a, b, out, f)
}

pub(super) fn map_any<X, O, F: FnMut(&X) -> O>(
    p: &Plan<1>,
    a: &[X],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    at_run_time!(p, [0], map_r1 1, map_r2 2, map_r3 3, map_r4 4, map_r5 5, map_r6 6, map_r7 7, map_r8 8;
        a, out, f)
}

pub(super) fn assign_any<Y, O, F: FnMut(&mut O, &Y)>(
    p: &Plan<1>,
    b: &[Y],
    out: &mut [O],
    f: &mut F,
) {
    at_run_time!(p, [0], assign_r1 1, assign_r2 2, assign_r3 3, assign_r4 4,
        assign_r5 5, assign_r6 6, assign_r7 7, assign_r8 8;
        b, out, f)
}

pub(super) fn zip_update_any<X, Y, O, F: FnMut(&mut O, &X, &Y)>(
    p: &Plan<2>,
    a: &[X],
    b: &[Y],
    out: &mut [O],
    f: &mut F,
) {
    at_run_time!(p, [0, 1], zip_assign_r1 1, zip_assign_r2 2, zip_assign_r3 3, zip_assign_r4 4,
        zip_assign_r5 5, zip_assign_r6 6, zip_assign_r7 7, zip_assign_r8 8;
        a, b, out, f)
}

// A batch known at run time (`leading`): the template plan with the batch's count, read at run
// time like every plan here.

pub(super) fn zip_leading<A: Operand, B: Operand, S: Shape, O, F>(
    n: usize,
    a: &[A::Elem],
    b: &[B::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    zip_any(&with_batch(&Leading::<S, A, B>::ZIP, n), a, b, out, f)
}

pub(super) fn map_leading<A: Operand, O, F>(
    n: usize,
    a: &[A::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem) -> O,
{
    map_any(&with_batch(&Leading::<A::Shape, A>::ONE, n), a, out, f)
}

pub(super) fn assign_leading<S: Shape, T, B: Operand, F>(
    n: usize,
    out: &mut [T],
    b: &[B::Elem],
    f: &mut F,
) where
    F: FnMut(&mut T, &B::Elem),
{
    assign_any(&with_batch(&Leading::<S, B>::ONE, n), b, out, f)
}

pub(super) fn zip_update_leading<S: Shape, A: Operand, B: Operand, O, F>(
    n: usize,
    out: &mut [O],
    a: &[A::Elem],
    b: &[B::Elem],
    f: &mut F,
) where
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    zip_update_any(&with_batch(&Leading::<S, A, B>::ZIP, n), a, b, out, f)
}
