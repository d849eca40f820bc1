//! The leading template's loop when its plan keeps the batch as an axis of its own
//! (`[Dyn, 4] + [4]`, `[Dyn, 3, 4] + [Dyn, 1, 4]`): the output in blocks of the constant inner
//! extents (`chunks_exact`), each operand in blocks of its constant step along the batch, or the
//! same block every time for one that does not reach it (a bias row), and the kernel of the
//! inner plan, all constants, on each block.
//!
//! Why not the template's own kernel with the batch's count filled in: its outer loop re-slices
//! every operand at a run-time position on every row, and each slice is a bounds check LLVM
//! cannot drop. Here each block has a constant length, the zipped `chunks_exact` iterators run as
//! one counted loop, and a bias row is cut once, outside it.

use core::marker::PhantomData;
use core::mem::MaybeUninit;

use super::super::leading::Leading;
use super::last;
use crate::kernel::row;
use crate::layout::{Plan, element_count, reach};
use crate::{MAX_RANK, Operand, Shape, kernel};

/// A template plan split at its outermost axis: the inner plan one block runs, and how far one
/// step along the outermost axis moves the output and each operand.
#[derive(Clone, Copy)]
pub(in crate::ops::engine) struct Blocks<const N: usize> {
    /// Whether the split applies: at least two planned axes, a non-empty block, and each operand
    /// either not moving along the batch or moving by at least its block's reach (always so for
    /// the row-major operands the template takes; otherwise the template's own kernel runs).
    pub ok: bool,
    /// The plan without its outermost axis (rank at least 1).
    pub inner: Plan<N>,
    /// Output elements per step: the inner plan's element count.
    pub block: usize,
    /// Each operand's stride along the outermost axis (0: the same block every step).
    pub step: [usize; N],
    /// How many elements each operand's block reads.
    pub reach: [usize; N],
    /// How many blocks run together ([`group_of`]).
    pub group: usize,
    /// The inner plan's innermost row kind (`kernel::row`'s constants).
    pub kind: u8,
}

impl<const N: usize> Blocks<N> {
    const fn of(p: &Plan<N>) -> Self {
        let at = MAX_RANK - p.rank;
        let mut inner = *p;
        inner.dims[at] = 1;
        let mut step = [0; N];
        let mut k = 0;
        while k < N {
            step[k] = p.strides[k][at];
            inner.strides[k][at] = 0;
            k += 1;
        }
        inner.rank = if p.rank > 1 { p.rank - 1 } else { 1 };
        let block = element_count(&inner.dims);
        let mut reaches = [0; N];
        let mut ok = p.rank >= 2 && block > 0;
        let mut k = 0;
        while k < N {
            reaches[k] = reach(&inner.dims, &inner.strides[k]);
            if step[k] != 0 && step[k] < reaches[k] {
                ok = false;
            }
            k += 1;
        }
        Blocks {
            ok,
            inner,
            block,
            step,
            reach: reaches,
            group: group_of(block),
            kind: row_kind(&inner),
        }
    }
}

/// The row kind of a plan's innermost axis, for one operand or two.
const fn row_kind<const N: usize>(p: &Plan<N>) -> u8 {
    let s = &p.strides;
    if N == 1 {
        row::kind1(s[0][MAX_RANK - 1])
    } else {
        row::kind2(s[0][MAX_RANK - 1], s[1][MAX_RANK - 1])
    }
}

impl<S: Shape, A: Operand, B: Operand> Leading<S, A, B> {
    pub(in crate::ops::engine) const ZIP_BLOCKS: Blocks<2> = Blocks::of(&Self::ZIP);
    pub(in crate::ops::engine) const ONE_BLOCKS: Blocks<1> = Blocks::of(&Self::ONE);
}

/// One operand of [`each_block`]: its elements, how far it moves per block (0: the same block
/// every time), and how many elements one block reads.
struct Side<'x, X> {
    x: &'x [X],
    step: usize,
    reach: usize,
}

// Not derived: that would ask for `X: Copy`.
impl<X> Clone for Side<'_, X> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<X> Copy for Side<'_, X> {}

impl<'x, X> Side<'x, X> {
    /// The operand for the first `rows` blocks, and for the rest.
    #[inline(always)]
    fn split(self, rows: usize) -> (Self, Self) {
        if self.step == 0 {
            return (self, self);
        }
        let (x, rest) = self.x.split_at(rows * self.step);
        (Self { x, ..self }, Self { x: rest, ..self })
    }

    /// The operand read `group` blocks at a time.
    #[inline(always)]
    fn grouped(self, group: usize) -> Self {
        if self.step == 0 {
            return self;
        }
        Self {
            step: self.step * group,
            reach: (group - 1) * self.step + self.reach,
            ..self
        }
    }
}

/// Blocks of at most this many elements run this many at a time or more, in groups: a short
/// block's kernel unrolls completely, and LLVM's loop vectoriser then vectorises the block loop
/// itself, across blocks, with a shuffle per element (`[Dyn, 4] + [4]` at 4 rows: 148
/// instructions per call, callgrind). Above 8 accesses per operand it forms no such interleaved
/// group, and the SLP vectoriser turns the unrolled group into whole-vector operations instead.
const GROUP_ELEMS: usize = 16;

/// How many blocks of `block` elements run together (see [`GROUP_ELEMS`]).
const fn group_of(block: usize) -> usize {
    if block == 0 || block > GROUP_ELEMS / 2 {
        1
    } else {
        GROUP_ELEMS.div_ceil(block)
    }
}

/// What runs on one block (the inner plan's kernel). A trait method rather than a closure so that
/// it can be `#[inline(always)]`: [`each_block`] calls it from two loops, and LLVM kept a closure
/// called twice out of line, a call per block.
trait Block<X, Y, O> {
    fn run(&mut self, a: &[X], b: &[Y], out: &mut [O]);
}

/// `group` consecutive blocks of `K` as one.
struct Grouped<'k, K> {
    k: &'k mut K,
    group: usize,
    block: usize,
    steps: (usize, usize),
}

impl<X, Y, O, K: Block<X, Y, O>> Block<X, Y, O> for Grouped<'_, K> {
    #[inline(always)]
    fn run(&mut self, a: &[X], b: &[Y], out: &mut [O]) {
        let (sa, sb) = self.steps;
        for r in 0..self.group {
            self.k
                .run(&a[r * sa..], &b[r * sb..], &mut out[r * self.block..]);
        }
    }
}

/// `body` on each block of `block` elements of `out` and the operands' blocks beside it, in
/// groups of `group` blocks while whole groups remain.
#[inline(always)]
fn each_block<X, Y, O>(
    out: &mut [O],
    block: usize,
    group: usize,
    a: Side<'_, X>,
    b: Side<'_, Y>,
    body: &mut impl Block<X, Y, O>,
) {
    if group == 1 {
        return runs(out, block, a, b, body);
    }
    let rows = out.len() / block;
    let whole = rows - rows % group;
    let (out, tail) = out.split_at_mut(whole * block);
    let ((a, a_tail), (b, b_tail)) = (a.split(whole), b.split(whole));
    let mut grouped = Grouped {
        k: &mut *body,
        group,
        block,
        steps: (a.step, b.step),
    };
    runs(
        out,
        block * group,
        a.grouped(group),
        b.grouped(group),
        &mut grouped,
    );
    runs(tail, block, a_tail, b_tail, body)
}

/// `body` on each block of `block` elements of `out`. Every operand block is cut from the
/// operand before the loop, so a short operand panics here rather than leaving slots of `out`
/// unwritten.
#[inline(always)]
fn runs<X, Y, O>(
    out: &mut [O],
    block: usize,
    a: Side<'_, X>,
    b: Side<'_, Y>,
    body: &mut impl Block<X, Y, O>,
) {
    let rows = out.len() / block;
    let out = out.chunks_exact_mut(block);
    // The four arms are picked by constants: only one is generated per operation.
    match (a.step, b.step) {
        (0, 0) => {
            let (xa, xb) = (&a.x[..a.reach], &b.x[..b.reach]);
            out.for_each(|o| body.run(xa, xb, o));
        }
        (sa, 0) => {
            let xb = &b.x[..b.reach];
            out.zip(a.x[..rows * sa].chunks_exact(sa))
                .for_each(|(o, xa)| body.run(xa, xb, o));
        }
        (0, sb) => {
            let xa = &a.x[..a.reach];
            out.zip(b.x[..rows * sb].chunks_exact(sb))
                .for_each(|(o, xb)| body.run(xa, xb, o));
        }
        (sa, sb) => out
            .zip(a.x[..rows * sa].chunks_exact(sa))
            .zip(b.x[..rows * sb].chunks_exact(sb))
            .for_each(|((o, xa), xb)| body.run(xa, xb, o)),
    }
}

/// Operand `k` of plan `p`.
#[inline(always)]
fn side<'x, X, const N: usize>(x: &'x [X], p: &Blocks<N>, k: usize) -> Side<'x, X> {
    Side {
        x,
        step: p.step[k],
        reach: p.reach[k],
    }
}

/// The absent second operand of a one-operand loop.
const NONE: Side<'static, ()> = Side {
    x: &[],
    step: 0,
    reach: 0,
};

/// The element function, with the operation's types (`P`: `(S, A, B)`, or `(S, A)` for one
/// operand) for the plan constants it runs under.
struct Kernel<'f, P, F>(&'f mut F, PhantomData<P>);

impl<S, A, B, O, F> Block<A::Elem, B::Elem, MaybeUninit<O>> for Kernel<'_, (S, A, B), F>
where
    S: Shape,
    A: Operand,
    B: Operand,
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    #[inline(always)]
    fn run(&mut self, a: &[A::Elem], b: &[B::Elem], out: &mut [MaybeUninit<O>]) {
        type L<S, A, B> = Leading<S, A, B>;
        let f = &mut *self.0;
        by_rank!(const { L::<S, A, B>::ZIP_BLOCKS.inner.rank },
            const { L::<S, A, B>::ZIP_BLOCKS.kind }, L::<S, A, B>::ZIP_BLOCKS.inner,
            [_, _, _, _], [0, 1],
            zip_r1_with 1, zip_r2_with 2, zip_r3_with 3, zip_r4_with 4,
            zip_r5_with 5, zip_r6_with 6, zip_r7_with 7; a, b, out, f)
    }
}

impl<S, A, B, O, F> Block<A::Elem, B::Elem, O> for Kernel<'_, (S, A, B, Update), F>
where
    S: Shape,
    A: Operand,
    B: Operand,
    F: FnMut(&mut O, &A::Elem, &B::Elem),
{
    #[inline(always)]
    fn run(&mut self, a: &[A::Elem], b: &[B::Elem], out: &mut [O]) {
        type L<S, A, B> = Leading<S, A, B>;
        let f = &mut *self.0;
        by_rank!(const { L::<S, A, B>::ZIP_BLOCKS.inner.rank },
            const { L::<S, A, B>::ZIP_BLOCKS.kind }, L::<S, A, B>::ZIP_BLOCKS.inner,
            [_, _, _, _], [0, 1],
            zip_assign_r1_with 1, zip_assign_r2_with 2, zip_assign_r3_with 3,
            zip_assign_r4_with 4, zip_assign_r5_with 5, zip_assign_r6_with 6,
            zip_assign_r7_with 7; a, b, out, f)
    }
}

impl<A, O, F> Block<A::Elem, (), MaybeUninit<O>> for Kernel<'_, (A,), F>
where
    A: Operand,
    F: FnMut(&A::Elem) -> O,
{
    #[inline(always)]
    fn run(&mut self, a: &[A::Elem], _: &[()], out: &mut [MaybeUninit<O>]) {
        type L<A> = Leading<<A as Operand>::Shape, A>;
        let f = &mut *self.0;
        by_rank!(const { L::<A>::ONE_BLOCKS.inner.rank },
            const { L::<A>::ONE_BLOCKS.kind }, L::<A>::ONE_BLOCKS.inner, [_, _, _], [0],
            map_r1_with 1, map_r2_with 2, map_r3_with 3, map_r4_with 4,
            map_r5_with 5, map_r6_with 6, map_r7_with 7; a, out, f)
    }
}

impl<S, T, B, F> Block<B::Elem, (), T> for Kernel<'_, (S, B), F>
where
    S: Shape,
    B: Operand,
    F: FnMut(&mut T, &B::Elem),
{
    #[inline(always)]
    fn run(&mut self, b: &[B::Elem], _: &[()], out: &mut [T]) {
        type L<S, B> = Leading<S, B>;
        let f = &mut *self.0;
        by_rank!(const { L::<S, B>::ONE_BLOCKS.inner.rank },
            const { L::<S, B>::ONE_BLOCKS.kind }, L::<S, B>::ONE_BLOCKS.inner, [_, _, _], [0],
            assign_r1_with 1, assign_r2_with 2, assign_r3_with 3, assign_r4_with 4,
            assign_r5_with 5, assign_r6_with 6, assign_r7_with 7; b, out, f)
    }
}

/// Marks the in-place form of a two-operand [`Kernel`].
struct Update;

#[inline(always)]
pub(super) fn zip<A: Operand, B: Operand, S: Shape, O, F>(
    a: &[A::Elem],
    b: &[B::Elem],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) where
    F: FnMut(&A::Elem, &B::Elem) -> O,
{
    let p = &Leading::<S, A, B>::ZIP_BLOCKS;
    let mut k = Kernel::<(S, A, B), F>(f, PhantomData);
    each_block(out, p.block, p.group, side(a, p, 0), side(b, p, 1), &mut k)
}

#[inline(always)]
pub(super) fn map<A: Operand, O, F>(a: &[A::Elem], out: &mut [MaybeUninit<O>], f: &mut F)
where
    F: FnMut(&A::Elem) -> O,
{
    let p = &Leading::<A::Shape, A>::ONE_BLOCKS;
    let mut k = Kernel::<(A,), F>(f, PhantomData);
    each_block(out, p.block, p.group, side(a, p, 0), NONE, &mut k)
}

#[inline(always)]
pub(super) fn assign<S: Shape, T, B: Operand, F>(out: &mut [T], b: &[B::Elem], f: &mut F)
where
    F: FnMut(&mut T, &B::Elem),
{
    let p = &Leading::<S, B>::ONE_BLOCKS;
    let mut k = Kernel::<(S, B), F>(f, PhantomData);
    each_block(out, p.block, p.group, side(b, p, 0), NONE, &mut k)
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
    let p = &Leading::<S, A, B>::ZIP_BLOCKS;
    let mut k = Kernel::<(S, A, B, Update), F>(f, PhantomData);
    each_block(out, p.block, p.group, side(a, p, 0), side(b, p, 1), &mut k)
}
