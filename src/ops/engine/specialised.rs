//! Optimised builds: the kernel of the planned rank and row kind, with the plan as constants.
//!
//! Large outputs are filled by an out-of-line call. Measured (`cargo xtask insns`, W3a
//! `[64,64]+[64]`): with the fill inlined, LLVM writes the 16 KiB into a stack temporary and then
//! copies it to the caller's destination (16.5k of the 19.9k instructions per call); behind a
//! call, LLVM's call-slot optimisation hands the callee the destination itself, and the copy is
//! gone. Small outputs stay inline: their loops unroll into straight stores that LLVM forwards to
//! the destination anyway, and a call would cost more than the whole kernel (W1 is 14
//! instructions).

use core::mem::MaybeUninit;

use super::Planned;
use super::leading::{Leading, with_batch};
use crate::kernel::row;
use crate::layout::reach;
use crate::{MAX_RANK, Operand, Shape, kernel};

/// Outputs above this many bytes are filled out of line (see the module doc).
const OUTLINE_BYTES: usize = 1024;

impl<S: Shape, A: Operand, B: Operand> Planned<S, A, B> {
    /// How many source elements each operand's loop reaches: slicing to these constant lengths
    /// once lets every per-row bounds check fold away.
    const ZIP_REACH: [usize; 2] = [
        reach(&Self::ZIP.dims, &Self::ZIP.strides[0]),
        reach(&Self::ZIP.dims, &Self::ZIP.strides[1]),
    ];
    const ONE_REACH: usize = reach(&Self::ONE.dims, &Self::ONE.strides[0]);
    const ZIP_RANK: usize = Self::ZIP.rank;
    const ONE_RANK: usize = Self::ONE.rank;
    /// The innermost row's stride pattern (`kernel::row`'s constants).
    const ZIP_ROW: u8 = row::kind2(
        Self::ZIP.strides[0][MAX_RANK - 1],
        Self::ZIP.strides[1][MAX_RANK - 1],
    );
    const ONE_ROW: u8 = row::kind1(Self::ONE.strides[0][MAX_RANK - 1]);
}

/// The innermost `K` slots of a padded plan array (a constant, so this folds away).
#[inline(always)]
fn last<const K: usize>(padded: &[usize; MAX_RANK]) -> &[usize; K] {
    padded.last_chunk::<K>().expect("plans have rank 1 to 8")
}

/// Calls the kernel of the planned rank, for the planned kind of innermost row, with the plan's
/// extents and strides as constants.
///
/// Both matches are on constants, so only the taken arm is code-generated for each operation
/// (rustc skips unreachable arms of a switch on a constant): a rank-2 plan with a broadcast row
/// costs the compiler one two-level loop with one row loop, not an eight-level nest with six
/// single-trip loops and four row variants that LLVM would then have to fold away. Every arm
/// reads the same plan constant: a constant per arm (an unpadded copy each) would be evaluated
/// for all 32 arms, reachable or not, and that evaluation was most of a debug build's time
/// (`cargo xtask compile-time`, `-Ztime-passes`: the collector, 0.5 s of 0.95 s).
macro_rules! by_rank {
    ($rank:expr, $row:expr, $plan:expr, $holes:tt, [0], $($kernel:ident $k:literal),+; $x:expr, $out:expr, $f:expr) => {
        match $rank {
            $($k => by_rank!(@row $row, $kernel, $holes, (
                last::<$k>(&$plan.dims),
                last::<$k>(&$plan.strides[0]),
                $x, 0, $out, $f
            )),)+
            _ => unreachable!("plans have rank 1 to 8"),
        }
    };
    ($rank:expr, $row:expr, $plan:expr, $holes:tt, [0, 1], $($kernel:ident $k:literal),+; $x:expr, $y:expr, $out:expr, $f:expr) => {
        match $rank {
            $($k => by_rank!(@row $row, $kernel, $holes, (
                last::<$k>(&$plan.dims),
                last::<$k>(&$plan.strides[0]),
                last::<$k>(&$plan.strides[1]),
                $x, 0, $y, 0, $out, $f
            )),)+
            _ => unreachable!("plans have rank 1 to 8"),
        }
    };
    (@row $row:expr, $kernel:ident, $holes:tt, $args:tt) => {
        match $row {
            row::UNIT => by_rank!(@call $kernel, UNIT, $holes, $args),
            row::FIRST_ONLY => by_rank!(@call $kernel, FIRST_ONLY, $holes, $args),
            row::SECOND_ONLY => by_rank!(@call $kernel, SECOND_ONLY, $holes, $args),
            _ => by_rank!(@call $kernel, STRIDED, $holes, $args),
        }
    };
    (@call $kernel:ident, $row:ident, [$($hole:tt)*], ($($arg:expr),+)) => {
        kernel::$kernel::<{ row::$row }, $($hole)*>($($arg),+)
    };
}

// After `by_rank`, which it uses.
mod batched;

#[inline(always)]
pub(super) fn zip<A: Operand, B: Operand, S: Shape, O, F>(
    a: &[A::Elem],
    b: &[B::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    if const { size_of::<S::Nested<O>>() > OUTLINE_BYTES } {
        zip_outlined::<A, B, S, O, F>(a, b, out, f)
    } else {
        zip_fill::<A, B, S, O, F>(a, b, out, f)
    }
}

#[inline(always)]
fn zip_fill<A: Operand, B: Operand, S: Shape, O, F>(
    a: &[A::Elem],
    b: &[B::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    let [ra, rb] = Planned::<S, A, B>::ZIP_REACH;
    let (a, b, out) = (&a[..ra], &b[..rb], &mut out[..S::NUM]);
    by_rank!(Planned::<S, A, B>::ZIP_RANK, Planned::<S, A, B>::ZIP_ROW, Planned::<S, A, B>::ZIP,
        [_, _, _, _], [0, 1],
        zip_r1_with 1, zip_r2_with 2, zip_r3_with 3, zip_r4_with 4,
        zip_r5_with 5, zip_r6_with 6, zip_r7_with 7, zip_r8_with 8;
        a, b, out, f)
}

#[inline(never)]
fn zip_outlined<A: Operand, B: Operand, S: Shape, O, F>(
    a: &[A::Elem],
    b: &[B::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    zip_fill::<A, B, S, O, F>(a, b, out, f)
}

#[inline(always)]
pub(super) fn map<A: Operand, O, F>(a: &[A::Elem], out: &mut [MaybeUninit<O>], f: &mut F)
where
    F: FnMut(&A::Elem) -> O,
{
    if const { size_of::<<A::Shape as Shape>::Nested<O>>() > OUTLINE_BYTES } {
        map_outlined::<A, O, F>(a, out, f)
    } else {
        map_fill::<A, O, F>(a, out, f)
    }
}

#[inline(always)]
fn map_fill<A: Operand, O, F>(a: &[A::Elem], out: &mut [MaybeUninit<O>], f: &mut F)
where
    F: FnMut(&A::Elem) -> O,
{
    type P<A> = Planned<<A as Operand>::Shape, A>;
    let a = &a[..P::<A>::ONE_REACH];
    let out = &mut out[..<A::Shape as Shape>::NUM];
    by_rank!(P::<A>::ONE_RANK, P::<A>::ONE_ROW, P::<A>::ONE, [_, _, _], [0],
        map_r1_with 1, map_r2_with 2, map_r3_with 3, map_r4_with 4,
        map_r5_with 5, map_r6_with 6, map_r7_with 7, map_r8_with 8;
        a, out, f)
}

#[inline(never)]
fn map_outlined<A: Operand, O, F>(a: &[A::Elem], out: &mut [MaybeUninit<O>], f: &mut F)
where
    F: FnMut(&A::Elem) -> O,
{
    map_fill::<A, O, F>(a, out, f)
}

/// In place: nothing to copy, so always inline.
#[inline(always)]
pub(super) fn assign<S: Shape, T, B: Operand, F>(out: &mut [T], b: &[B::Elem], f: &mut F)
where
    F: FnMut(&mut T, &B::Elem),
{
    let b = &b[..Planned::<S, B>::ONE_REACH];
    let out = &mut out[..S::NUM];
    by_rank!(Planned::<S, B>::ONE_RANK, Planned::<S, B>::ONE_ROW, Planned::<S, B>::ONE,
        [_, _, _], [0],
        assign_r1_with 1, assign_r2_with 2, assign_r3_with 3, assign_r4_with 4,
        assign_r5_with 5, assign_r6_with 6, assign_r7_with 7, assign_r8_with 8;
        b, out, f)
}

#[inline(always)]
pub(super) fn zip_update<S: Shape, A: Operand, B: Operand, O, F>(
    out: &mut [O],
    a: &[A::Elem],
    b: &[B::Elem],
    f: &mut F,
) where
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    // Out of line for large outputs, like `zip`: as a function's own arguments the slices are
    // known not to overlap, which a caller's slices (a `TensorViewMut` over a caller's buffer)
    // may not show once inlined (callgrind, W3a into a borrowed buffer: 5.0k -> 3.4k instructions;
    // the hand loop: 3.3k).
    if const { size_of::<S::Nested<O>>() > OUTLINE_BYTES } {
        zip_update_outlined::<S, A, B, O, F>(out, a, b, f)
    } else {
        zip_update_fill::<S, A, B, O, F>(out, a, b, f)
    }
}

#[inline(never)]
fn zip_update_outlined<S: Shape, A: Operand, B: Operand, O, F>(
    out: &mut [O],
    a: &[A::Elem],
    b: &[B::Elem],
    f: &mut F,
) where
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    zip_update_fill::<S, A, B, O, F>(out, a, b, f)
}

#[inline(always)]
fn zip_update_fill<S: Shape, A: Operand, B: Operand, O, F>(
    out: &mut [O],
    a: &[A::Elem],
    b: &[B::Elem],
    f: &mut F,
) where
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    let [ra, rb] = Planned::<S, A, B>::ZIP_REACH;
    let (a, b, out) = (&a[..ra], &b[..rb], &mut out[..S::NUM]);
    by_rank!(Planned::<S, A, B>::ZIP_RANK, Planned::<S, A, B>::ZIP_ROW, Planned::<S, A, B>::ZIP,
        [_, _, _, _], [0, 1],
        zip_assign_r1_with 1, zip_assign_r2_with 2, zip_assign_r3_with 3, zip_assign_r4_with 4,
        zip_assign_r5_with 5, zip_assign_r6_with 6, zip_assign_r7_with 7, zip_assign_r8_with 8;
        a, b, out, f)
}

// A batch known at run time (`leading`): the template plan's constants, the batch's count filled
// in; rank and row kind are constants, so only that kernel is instantiated. A template that keeps
// the batch as an axis of its own runs in `batched`'s constant blocks instead.

#[inline(always)]
fn zip_leading_fill<A: Operand, B: Operand, S: Shape, O, F>(
    n: usize,
    a: &[A::Elem],
    b: &[B::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    type L<S, A, B> = Leading<S, A, B>;
    if const { L::<S, A, B>::ZIP_BLOCKS.ok } {
        return batched::zip::<A, B, S, O, F>(a, b, out, f);
    }
    let p = with_batch(&L::<S, A, B>::ZIP, n);
    let row = const {
        row::kind2(
            L::<S, A, B>::ZIP.strides[0][MAX_RANK - 1],
            L::<S, A, B>::ZIP.strides[1][MAX_RANK - 1],
        )
    };
    by_rank!(const { L::<S, A, B>::ZIP.rank }, row, p, [_, _, _, _], [0, 1],
        zip_r1_with 1, zip_r2_with 2, zip_r3_with 3, zip_r4_with 4,
        zip_r5_with 5, zip_r6_with 6, zip_r7_with 7, zip_r8_with 8;
        a, b, out, f)
}

#[inline(always)]
fn map_leading_fill<A: Operand, O, F>(
    n: usize,
    a: &[A::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem) -> O,
{
    type L<A> = Leading<<A as Operand>::Shape, A>;
    if const { L::<A>::ONE_BLOCKS.ok } {
        return batched::map::<A, O, F>(a, out, f);
    }
    let p = with_batch(&L::<A>::ONE, n);
    let row = const { row::kind1(L::<A>::ONE.strides[0][MAX_RANK - 1]) };
    by_rank!(const { L::<A>::ONE.rank }, row, p, [_, _, _], [0],
        map_r1_with 1, map_r2_with 2, map_r3_with 3, map_r4_with 4,
        map_r5_with 5, map_r6_with 6, map_r7_with 7, map_r8_with 8;
        a, out, f)
}

#[inline(always)]
fn assign_leading_fill<S: Shape, T, B: Operand, F>(
    n: usize,
    out: &mut [T],
    b: &[B::Elem],
    f: &mut F,
) where
    F: FnMut(&mut T, &B::Elem),
{
    type L<S, B> = Leading<S, B>;
    if const { L::<S, B>::ONE_BLOCKS.ok } {
        return batched::assign::<S, T, B, F>(out, b, f);
    }
    let p = with_batch(&L::<S, B>::ONE, n);
    let row = const { row::kind1(L::<S, B>::ONE.strides[0][MAX_RANK - 1]) };
    by_rank!(const { L::<S, B>::ONE.rank }, row, p, [_, _, _], [0],
        assign_r1_with 1, assign_r2_with 2, assign_r3_with 3, assign_r4_with 4,
        assign_r5_with 5, assign_r6_with 6, assign_r7_with 7, assign_r8_with 8;
        b, out, f)
}

#[inline(always)]
fn zip_update_leading_fill<S: Shape, A: Operand, B: Operand, O, F>(
    n: usize,
    out: &mut [O],
    a: &[A::Elem],
    b: &[B::Elem],
    f: &mut F,
) where
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    type L<S, A, B> = Leading<S, A, B>;
    if const { L::<S, A, B>::ZIP_BLOCKS.ok } {
        return batched::zip_update::<S, A, B, O, F>(out, a, b, f);
    }
    let p = with_batch(&L::<S, A, B>::ZIP, n);
    let row = const {
        row::kind2(
            L::<S, A, B>::ZIP.strides[0][MAX_RANK - 1],
            L::<S, A, B>::ZIP.strides[1][MAX_RANK - 1],
        )
    };
    by_rank!(const { L::<S, A, B>::ZIP.rank }, row, p, [_, _, _, _], [0, 1],
        zip_assign_r1_with 1, zip_assign_r2_with 2, zip_assign_r3_with 3, zip_assign_r4_with 4,
        zip_assign_r5_with 5, zip_assign_r6_with 6, zip_assign_r7_with 7, zip_assign_r8_with 8;
        a, b, out, f)
}

/// Whether a run-time output of `n` elements of `T` is filled out of line, its slices then
/// arriving as arguments, known not to overlap: as a static one is above [`OUTLINE_BYTES`], and
/// always when the loop runs in `batched`'s blocks (`blocks`). Inlined, a block loop reads heap
/// buffers LLVM cannot tell apart, so its unrolled blocks stay scalar: `[Dyn, 4] + [4]` at 4 rows
/// was 64 scalar loads, adds and stores where the call's arguments allow 13 vector ones.
#[inline(always)]
fn outline<T>(blocks: bool, n: usize) -> bool {
    blocks || n.saturating_mul(size_of::<T>()) > OUTLINE_BYTES
}

#[inline(always)]
pub(super) fn zip_leading<A: Operand, B: Operand, S: Shape, O, F>(
    n: usize,
    a: &[A::Elem],
    b: &[B::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    #[inline(never)]
    fn outlined<A: Operand, B: Operand, S: Shape, O, F>(
        n: usize,
        a: &[A::Elem],
        b: &[B::Elem],
        out: &mut [MaybeUninit<O>],
        f: &mut F,
    ) where
        F: FnMut(&A::Elem, &B::Elem) -> O,
    {
        zip_leading_fill::<A, B, S, O, F>(n, a, b, out, f)
    }
    if outline::<O>(const { Leading::<S, A, B>::ZIP_BLOCKS.ok }, out.len()) {
        outlined::<A, B, S, O, F>(n, a, b, out, f)
    } else {
        zip_leading_fill::<A, B, S, O, F>(n, a, b, out, f)
    }
}

#[inline(always)]
pub(super) fn map_leading<A: Operand, O, F>(
    n: usize,
    a: &[A::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem) -> O,
{
    #[inline(never)]
    fn outlined<A: Operand, O, F>(n: usize, a: &[A::Elem], out: &mut [MaybeUninit<O>], f: &mut F)
    where
        F: FnMut(&A::Elem) -> O,
    {
        map_leading_fill::<A, O, F>(n, a, out, f)
    }
    if outline::<O>(const { Leading::<A::Shape, A>::ONE_BLOCKS.ok }, out.len()) {
        outlined::<A, O, F>(n, a, out, f)
    } else {
        map_leading_fill::<A, O, F>(n, a, out, f)
    }
}

/// In place: nothing to copy, so inline (as `assign`), but for a block loop (see [`outline`]).
#[inline(always)]
pub(super) fn assign_leading<S: Shape, T, B: Operand, F>(
    n: usize,
    out: &mut [T],
    b: &[B::Elem],
    f: &mut F,
) where
    F: FnMut(&mut T, &B::Elem),
{
    #[inline(never)]
    fn outlined<S: Shape, T, B: Operand, F>(n: usize, out: &mut [T], b: &[B::Elem], f: &mut F)
    where
        F: FnMut(&mut T, &B::Elem),
    {
        assign_leading_fill::<S, T, B, F>(n, out, b, f)
    }
    if const { Leading::<S, B>::ONE_BLOCKS.ok } {
        outlined::<S, T, B, F>(n, out, b, f)
    } else {
        assign_leading_fill::<S, T, B, F>(n, out, b, f)
    }
}

#[inline(always)]
pub(super) fn zip_update_leading<S: Shape, A: Operand, B: Operand, O, F>(
    n: usize,
    out: &mut [O],
    a: &[A::Elem],
    b: &[B::Elem],
    f: &mut F,
) where
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    #[inline(never)]
    fn outlined<S: Shape, A: Operand, B: Operand, O, F>(
        n: usize,
        out: &mut [O],
        a: &[A::Elem],
        b: &[B::Elem],
        f: &mut F,
    ) where
        F: FnMut(&mut O, &A::Elem, &B::Elem),
    {
        zip_update_leading_fill::<S, A, B, O, F>(n, out, a, b, f)
    }
    if outline::<O>(const { Leading::<S, A, B>::ZIP_BLOCKS.ok }, out.len()) {
        outlined::<S, A, B, O, F>(n, out, a, b, f)
    } else {
        zip_update_leading_fill::<S, A, B, O, F>(n, out, a, b, f)
    }
}
