//! The loop planner for shapes known at run time (DESIGN §3), and the runners that hand its plan
//! to the generated kernels.
//!
//! Given the output shape and each operand's dims and strides, planning is:
//! 1. **Fast paths.** Every operand packed row-major in the output's shape: one flat loop. An
//!    operand of one element beside a packed one: one flat loop with that element hoisted.
//! 2. **Broadcast strides**: each operand's strides right-aligned to the output, 0 where it has
//!    extent 1 or no axis ([`aligned_strides`]).
//! 3. **Coalesce**: drop extent-1 axes and merge each axis into the next inner one when it is
//!    contiguous with it for every operand ([`crate::layout::plan`], the same `const fn` the
//!    static path evaluates at compile time, here run on padded arrays on the stack).
//! 4. **Dispatch** to the generated kernel of the planned rank (`zip_r1..zip_r3`, or `zip_r8`
//!    with leading extents of 1), whose innermost row is specialised for strides 1 and 0. When more
//!    than [`MAX_RANK`] axes survive coalescing, an odometer walks the outer axes and runs the
//!    rank-8 kernel on the inner ones.
//! 5. **Split** (the [`Split`] runner, arithmetic only): a large output is cut into chunks of
//!    whole rows of the outermost planned axis, each run as a plan of its own with that axis
//!    shortened and the operands offset by its strides, on several threads ([`parallel`]).
//!
//! **Axis order.** PyTorch's TensorIterator sorts axes by stride, keyed first on the output's
//! strides. Our output is always a fresh (or in-place) row-major buffer written in order, so that
//! key already puts the smallest-stride axis innermost and sorting would never move an axis: the
//! step is the identity here and costs nothing. (It would matter for writing into a permuted
//! view, which this module never does.)
//!
//! Nothing here allocates for a plan of at most [`MAX_RANK`] axes: dims and strides live in
//! `[usize; 8]` arrays. Above that, one `Vec` per operation holds the coalesced axes and the
//! odometer's index (never one per element).

use alloc::vec::Vec;
use core::mem::MaybeUninit;
use core::ops::Range;

use super::broadcast::aligned_strides;
use super::parallel;
use crate::MAX_RANK;
use crate::kernel::{self, row};
use crate::layout::{Plan, plan, unpad};

/// `fn $name(..)`: runs `$body` compiled for AVX2 (`$avx2`) when the CPU has it and the output
/// `$out` starts on a 32-byte boundary, else the portable build (`$portable`); both out of line.
/// With `std` on x86-64 only: the check is `is_x86_feature_detected!` (a cached flag), and Miri,
/// which cannot run AVX2, takes the portable build. Eight `f32` per instruction instead of SSE2's
/// four; DESIGN §6 allows run-time feature dispatch on the dynamic path, and the measurements are
/// in BENCHMARKS.md.
///
/// Why the alignment test: the allocator gives 16-byte alignment, and a 32-byte store into an
/// output at 16 mod 32 crosses a cache line every other time. Measured, W3a's rows of 64 `f32`:
/// 110 ns into an output at 0 mod 32, 241 ns at 16 mod 32, while the SSE2 build (16-byte stores,
/// never split) takes about 190 ns either way; which one a fresh output gets depends on the heap.
macro_rules! with_avx2 {
    (
        $(#[$doc:meta])*
        fn $name:ident / $avx2:ident / $portable:ident ($($p:ident: $t:ty),* $(,)?)
            writes $out:ident => $body:expr
    ) => {
        $(#[$doc])*
        #[inline(always)]
        fn $name<A, B, O, F: FnMut(&A, &B) -> O>($($p: $t),*) {
            #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
            if std::arch::is_x86_feature_detected!("avx2") && ($out.as_ptr() as usize) % 32 == 0 {
                // SAFETY: the AVX2 build only requires AVX2, which the CPU was just found to have.
                return unsafe { $avx2($($p),*) };
            }
            $portable($($p),*)
        }

        #[inline(never)]
        fn $portable<A, B, O, F: FnMut(&A, &B) -> O>($($p: $t),*) {
            $body
        }

        #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
        #[target_feature(enable = "avx2")]
        fn $avx2<A, B, O, F: FnMut(&A, &B) -> O>($($p: $t),*) {
            $body
        }
    };
}

/// An operand as the planner reads it: the buffer it lives in, the position of its first element
/// there (`base`), its extents, and its signed strides. Its shape broadcasts into the output's,
/// and every position it reaches lies in `data` (the caller checked both).
///
/// Inside a plan strides are `usize` in two's complement and positions are computed with
/// wrapping arithmetic, so a negative stride walks backwards from `base` like a signed sum.
pub(crate) struct Src<'a, T> {
    pub data: &'a [T],
    pub base: usize,
    pub dims: &'a [usize],
    pub strides: &'a [isize],
}

impl<T> Clone for Src<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Src<'_, T> {}

impl<'a, T> Src<'a, T> {
    /// The elements from the first one on: what a packed operand's flat loops read.
    #[inline]
    pub(crate) fn packed_elems(&self) -> &'a [T] {
        &self.data[self.base..]
    }

    /// The position of the element `offset` (wrapping, see above) past the first one.
    #[inline]
    fn at(&self, offset: usize) -> usize {
        self.base.wrapping_add(offset)
    }

    /// `true` when the operand has exactly `dims` and is packed row-major.
    #[inline]
    fn packed_as(&self, dims: &[usize]) -> bool {
        // An element loop, not `==` on slices: that calls `bcmp`, a tenth of a small op's cost.
        self.dims.len() == dims.len()
            && self.dims.iter().zip(dims).all(|(x, y)| x == y)
            && packed(dims, self.strides)
    }
}

/// `true` when `strides` are the packed row-major strides of `dims` (extent-1 axes ignored).
#[inline]
pub(crate) fn packed(dims: &[usize], strides: &[isize]) -> bool {
    let mut acc = 1isize;
    for (&d, &s) in dims.iter().zip(strides).rev() {
        if d != 1 && s != acc {
            return false;
        }
        acc = acc.wrapping_mul(d as isize);
    }
    true
}

/// A signed stride as the kernels take it: two's complement in a `usize`.
#[inline(always)]
fn wrap(s: isize) -> usize {
    s as usize
}

/// Product of planned extents.
#[inline]
fn planned_count(dims: &[usize]) -> usize {
    dims.iter().product()
}

/// The padded plan of a loop over an output of shape `dims` (`n > 0` elements), or `None` above
/// [`MAX_RANK`] axes (the [`odometer`] then walks the outer ones).
#[inline(always)]
fn padded_plan<const N: usize>(
    dims: &[usize],
    ops: [(&[usize], &[isize]); N],
    n: usize,
) -> Option<Plan<N>> {
    let r = dims.len();
    if r > MAX_RANK {
        return None;
    }
    let mut d = [1; MAX_RANK];
    d[MAX_RANK - r..].copy_from_slice(dims);
    let mut s = [[0; MAX_RANK]; N];
    for (s, (od, os)) in s.iter_mut().zip(ops) {
        aligned_strides(od, os, &mut s[MAX_RANK - r..], wrap);
    }
    let p = plan(&d, &s);
    // What makes the caller's `set_len` sound: the kernels write exactly the planned count.
    assert_eq!(
        planned_count(&p.dims),
        n,
        "a loop plan must cover its output"
    );
    Some(p)
}

/// Plans the loops over an output of shape `dims` (`n > 0` elements) and calls
/// `run(plan, offsets, range)` for each block: `offsets` are where each operand's block starts,
/// relative to its first element (wrapping), `range` the output positions the block covers. The blocks cover `0..n` in order, exactly.
#[inline(always)]
fn for_each_block<const N: usize>(
    dims: &[usize],
    ops: [(&[usize], &[isize]); N],
    n: usize,
    mut run: impl FnMut(&Plan<N>, [usize; N], Range<usize>),
) {
    match padded_plan(dims, ops, n) {
        Some(p) => run(&p, [0; N], 0..n),
        None => odometer(dims, ops, n, run),
    }
}

/// Above [`MAX_RANK`] axes: coalesce into vectors, then walk the axes beyond the innermost eight
/// with an index (one per operation) and run the rank-8 plan on each block.
#[cold]
#[inline(never)]
fn odometer<const N: usize>(
    dims: &[usize],
    ops: [(&[usize], &[isize]); N],
    n: usize,
    mut run: impl FnMut(&Plan<N>, [usize; N], Range<usize>),
) {
    let r = dims.len();
    let full: [Vec<usize>; N] = ops.map(|(od, os)| {
        let mut v = alloc::vec![0; r];
        aligned_strides(od, os, &mut v, wrap);
        v
    });
    // Coalesced axes, innermost first.
    let mut d: Vec<usize> = Vec::with_capacity(r);
    let mut s: [Vec<usize>; N] = core::array::from_fn(|_| Vec::with_capacity(r));
    for i in (0..r).rev() {
        if dims[i] == 1 {
            continue;
        }
        if let Some(&inner) = d.last() {
            let j = d.len() - 1;
            if (0..N).all(|k| full[k][i] == s[k][j].wrapping_mul(inner)) {
                d[j] = inner * dims[i];
                continue;
            }
        }
        d.push(dims[i]);
        for (s, full) in s.iter_mut().zip(&full) {
            s.push(full[i]);
        }
    }
    // The innermost eight (or fewer) become a padded plan.
    let inner = d.len().min(MAX_RANK);
    let mut p = Plan {
        rank: inner,
        dims: [1; MAX_RANK],
        strides: [[0; MAX_RANK]; N],
    };
    for j in 0..inner {
        p.dims[MAX_RANK - 1 - j] = d[j];
        for (ps, s) in p.strides.iter_mut().zip(&s) {
            ps[MAX_RANK - 1 - j] = s[j];
        }
    }
    let m = planned_count(&p.dims);
    let outer = &d[inner..];
    assert_eq!(
        m * planned_count(outer),
        n,
        "a loop plan must cover its output"
    );
    let mut idx = alloc::vec![0usize; outer.len()];
    let mut off = [0usize; N];
    let mut start = 0;
    while start < n {
        run(&p, off, start..start + m);
        start += m;
        // Step the outer index, innermost outer axis fastest.
        for (j, i) in idx.iter_mut().enumerate() {
            let ax = inner + j;
            *i += 1;
            for (o, s) in off.iter_mut().zip(&s) {
                *o = o.wrapping_add(s[ax]);
            }
            if *i < d[ax] {
                break;
            }
            for (o, s) in off.iter_mut().zip(&s) {
                *o = o.wrapping_sub(s[ax].wrapping_mul(d[ax]));
            }
            *i = 0;
        }
    }
}

/// How a binary element function runs over an output: the two loop shapes the planner hands
/// out, each writing every slot of `out` in row-major order. [`Serial`] runs any `FnMut` on the
/// calling thread; [`Split`] runs an `Fn + Sync` over chunks of a large output on several
/// threads ([`parallel`]).
pub(crate) trait Runner<A, B, O> {
    /// Rows of `m`, as [`trailing_block`] found them: `out[i] = f(big[i], small[i % m])`.
    fn rows(&mut self, big_is_a: bool, m: usize, a: &[A], b: &[B], out: &mut [MaybeUninit<O>]);
    /// `out[i] = f(a[i], b[i])` over the output shape `dims`, both broadcast to it.
    fn zip(&mut self, dims: &[usize], a: Src<'_, A>, b: Src<'_, B>, out: &mut [MaybeUninit<O>]);
}

/// Runs its function on the calling thread, in order.
pub(crate) struct Serial<F>(pub F);

/// Splits large outputs over threads; its function runs on several at once.
pub(crate) struct Split<F>(pub F);

impl<A, B, O, F: FnMut(&A, &B) -> O> Runner<A, B, O> for Serial<F> {
    #[inline(always)]
    fn rows(&mut self, big_is_a: bool, m: usize, a: &[A], b: &[B], out: &mut [MaybeUninit<O>]) {
        if !out.is_empty() {
            zip_rows_fast(big_is_a, out.len(), m, a, b, out, &mut self.0)
        }
    }

    #[inline(always)]
    fn zip(&mut self, dims: &[usize], a: Src<'_, A>, b: Src<'_, B>, out: &mut [MaybeUninit<O>]) {
        zip(dims, a, b, out, &mut self.0)
    }
}

impl<A: Sync, B: Sync, O: Send, F: Fn(&A, &B) -> O + Sync> Runner<A, B, O> for Split<F> {
    #[inline(always)]
    fn rows(&mut self, big_is_a: bool, m: usize, a: &[A], b: &[B], out: &mut [MaybeUninit<O>]) {
        if out.is_empty() {
            return;
        }
        let f = &self.0;
        if out.len() == m {
            // One row (same shapes, `[n] + [n]`): cut it like a flat loop.
            return parallel::for_each_rows(out, 1, |first, out| {
                let len = out.len();
                let (a, b) = (&a[first..], &b[first..]);
                zip_rows_fast(big_is_a, len, len, a, b, out, &mut |x, y| f(x, y))
            });
        }
        parallel::for_each_rows(out, m, |first, out| {
            let start = first * m;
            let (a, b) = if big_is_a {
                (&a[start..], b)
            } else {
                (a, &b[start..])
            };
            zip_rows_fast(big_is_a, out.len(), m, a, b, out, &mut |x, y| f(x, y))
        })
    }

    #[inline(always)]
    fn zip(&mut self, dims: &[usize], a: Src<'_, A>, b: Src<'_, B>, out: &mut [MaybeUninit<O>]) {
        let n = out.len();
        if n == 0 {
            return;
        }
        let f = &self.0;
        let Some(p) = zip_plan_of(dims, &a, &b, n) else {
            // Past eight axes: on this thread (the odometer's blocks are its own).
            return zip_odometer(dims, a, b, out, &mut |x, y| f(x, y));
        };
        // Whole rows of the outermost planned axis; a rank-0 plan is one row of one element.
        let at = MAX_RANK - p.rank.max(1);
        let row = n / p.dims[at];
        parallel::for_each_rows(out, row, |first, out| {
            let mut q = p;
            q.dims[at] = out.len() / row;
            let [sa, sb] = [p.strides[0][at], p.strides[1][at]];
            let (ia, ib) = (a.at(first.wrapping_mul(sa)), b.at(first.wrapping_mul(sb)));
            zip_plan(&q, a.data, ia, b.data, ib, out, &mut |x, y| f(x, y))
        })
    }
}

/// `out[i] = f(a[i], b[i])` over the output shape `dims`, writing every slot of `out` (whose
/// length is the element count of `dims`) in row-major order.
#[inline(always)]
pub(crate) fn zip<A, B, O, F: FnMut(&A, &B) -> O>(
    dims: &[usize],
    a: Src<'_, A>,
    b: Src<'_, B>,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    let n = out.len();
    if n == 0 {
        return;
    }
    match zip_plan_of(dims, &a, &b, n) {
        Some(p) => zip_plan(&p, a.data, a.base, b.data, b.base, out, f),
        None => zip_odometer(dims, a, b, out, f),
    }
}

/// [`zip`] above [`MAX_RANK`] axes: the [`odometer`]'s blocks, each run as a plan.
fn zip_odometer<A, B, O, F: FnMut(&A, &B) -> O>(
    dims: &[usize],
    a: Src<'_, A>,
    b: Src<'_, B>,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    let ops = [(a.dims, a.strides), (b.dims, b.strides)];
    odometer(dims, ops, out.len(), |p, [oa, ob], range| {
        zip_plan(p, a.data, a.at(oa), b.data, b.at(ob), &mut out[range], f)
    })
}

/// The plan of a zip over `dims` (`n > 0` elements): one flat loop when both operands are packed
/// in the output's shape or one is a single element beside a packed one, else the coalesced
/// plan; `None` above [`MAX_RANK`] axes.
#[inline(always)]
fn zip_plan_of<A, B>(dims: &[usize], a: &Src<'_, A>, b: &Src<'_, B>, n: usize) -> Option<Plan<2>> {
    let (pa, pb) = (a.packed_as(dims), b.packed_as(dims));
    if pa && pb {
        return Some(flat_plan(n, 1, 1));
    }
    if pa && single(b.dims) {
        return Some(flat_plan(n, 1, 0));
    }
    if pb && single(a.dims) {
        return Some(flat_plan(n, 0, 1));
    }
    padded_plan(dims, [(a.dims, a.strides), (b.dims, b.strides)], n)
}

/// Bias-add shapes: both operands packed and one's extents are the other's trailing extents
/// (`[256, 256, 64] + [64]`, `[4, 4] + [4]`). Then the result has the larger one's shape and the
/// loop is rows of the smaller one, known without broadcasting the shapes or planning: returns
/// `(larger is a, element count, row length)`. Measured with callgrind on W1 `[4,4]+[4]`: shape
/// broadcasting and planning were a third of the call.
#[inline]
pub(crate) fn trailing_block<A, B>(a: &Src<'_, A>, b: &Src<'_, B>) -> Option<(bool, usize, usize)> {
    let (big_is_a, big, small) = if a.dims.len() >= b.dims.len() {
        (true, (a.dims, a.strides), (b.dims, b.strides))
    } else {
        (false, (b.dims, b.strides), (a.dims, a.strides))
    };
    let tail = &big.0[big.0.len() - small.0.len()..];
    if tail.iter().zip(small.0).any(|(x, y)| x != y)
        || !packed(big.0, big.1)
        || !packed(small.0, small.1)
    {
        return None;
    }
    let m = small.0.iter().product::<usize>();
    let n = big.0.iter().product::<usize>();
    Some((big_is_a, n, m))
}

with_avx2! {
    /// The rows loop, out of line (see [`zip_plan`] on aliasing).
    fn zip_rows_fast / zip_rows_avx2 / zip_rows_portable(
        big_is_a: bool,
        n: usize,
        m: usize,
        a: &[A],
        b: &[B],
        out: &mut [MaybeUninit<O>],
        f: &mut F,
    ) writes out => rows(big_is_a, n, m, a, b, out, f)
}

/// Rows of exactly `m` (`chunks_exact`): the row length is the same for every row and known to
/// match every slice, so no row pays a bounds check, and the repeated operand is cut to `m` once.
/// Callgrind per call: W3a `[64,64]+[64]` 5.5k → 3.4k instructions (the hand loop: 3.5k), W1
/// 636 → 512; the general rank-2 kernel re-slices and re-checks every row.
///
/// Common row lengths run with `m` a constant: the repeated operand is then loaded once, outside
/// the row loop, and stays in registers, as in a hand loop over constants (W3a: 3.4k → 1.8k).
#[inline(always)]
fn rows<A, B, O, F: FnMut(&A, &B) -> O>(
    big_is_a: bool,
    n: usize,
    m: usize,
    a: &[A],
    b: &[B],
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    match (big_is_a, m) {
        (true, 8) => rows_of(n, 8, a, b, out, f),
        (true, 16) => rows_of(n, 16, a, b, out, f),
        (true, 32) => rows_of(n, 32, a, b, out, f),
        (true, 64) => rows_of(n, 64, a, b, out, f),
        (true, _) => rows_of(n, m, a, b, out, f),
        (false, 8) => rows_of(n, 8, b, a, out, &mut |y, x| f(x, y)),
        (false, 16) => rows_of(n, 16, b, a, out, &mut |y, x| f(x, y)),
        (false, 32) => rows_of(n, 32, b, a, out, &mut |y, x| f(x, y)),
        (false, 64) => rows_of(n, 64, b, a, out, &mut |y, x| f(x, y)),
        (false, _) => rows_of(n, m, b, a, out, &mut |y, x| f(x, y)),
    }
}

/// `out[i] = g(big[i], small[i % m])` in rows of `m`; inlined with `m` a literal where it is one.
#[inline(always)]
fn rows_of<X, Y, O, G: FnMut(&X, &Y) -> O>(
    n: usize,
    m: usize,
    big: &[X],
    small: &[Y],
    out: &mut [MaybeUninit<O>],
    g: &mut G,
) {
    let small = &small[..m];
    for (o, x) in out[..n].chunks_exact_mut(m).zip(big[..n].chunks_exact(m)) {
        for j in 0..m {
            o[j].write(g(&x[j], &small[j]));
        }
    }
}

/// `true` when a shape has exactly one element.
#[inline]
fn single(dims: &[usize]) -> bool {
    dims.iter().all(|&d| d == 1)
}

/// Runs the rank-`$r` zip kernel for the row kind `$kind` (a run-time value matched once here, so
/// each arm is a loop nest whose innermost row is fixed at compile time: no per-row dispatch).
macro_rules! zip_kind {
    ($kernel:ident, $r:literal, $kind:expr, $p:expr, $a:expr, $ia:expr, $b:expr, $ib:expr, $out:expr, $f:expr) => {{
        let (d, sa, sb) = (
            unpad::<$r>(&$p.dims),
            unpad::<$r>(&$p.strides[0]),
            unpad::<$r>(&$p.strides[1]),
        );
        match $kind {
            row::UNIT => kernel::$kernel::<{ row::UNIT }, _, _, _, _>(
                &d, &sa, &sb, $a, $ia, $b, $ib, $out, $f,
            ),
            row::FIRST_ONLY => kernel::$kernel::<{ row::FIRST_ONLY }, _, _, _, _>(
                &d, &sa, &sb, $a, $ia, $b, $ib, $out, $f,
            ),
            row::SECOND_ONLY => kernel::$kernel::<{ row::SECOND_ONLY }, _, _, _, _>(
                &d, &sa, &sb, $a, $ia, $b, $ib, $out, $f,
            ),
            _ => kernel::$kernel::<{ row::STRIDED }, _, _, _, _>(
                &d, &sa, &sb, $a, $ia, $b, $ib, $out, $f,
            ),
        }
    }};
}

with_avx2! {
    /// Runs a plan. Out of line on purpose: as a function of its own its slice arguments are known
    /// not to alias (`&mut` output, shared inputs), so LLVM vectorises the rows without run-time
    /// overlap checks (callgrind, W3a `[64,64]+[64]`: 9.18k → 9.01k instructions per call).
    fn zip_plan / zip_plan_avx2 / zip_plan_portable(
        p: &Plan<2>,
        a: &[A],
        ia: usize,
        b: &[B],
        ib: usize,
        out: &mut [MaybeUninit<O>],
        f: &mut F,
    ) writes out => zip_plan_any(p, a, ia, b, ib, out, f)
}

#[inline(always)]
fn zip_plan_any<A, B, O, F: FnMut(&A, &B) -> O>(
    p: &Plan<2>,
    a: &[A],
    ia: usize,
    b: &[B],
    ib: usize,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    let kind = row::kind2(p.strides[0][MAX_RANK - 1], p.strides[1][MAX_RANK - 1]);
    match p.rank {
        0 | 1 => zip_kind!(zip_r1_with, 1, kind, p, a, ia, b, ib, out, f),
        2 => zip_kind!(zip_r2_with, 2, kind, p, a, ia, b, ib, out, f),
        3 => zip_kind!(zip_r3_with, 3, kind, p, a, ia, b, ib, out, f),
        _ => zip_kind!(zip_r8_with, 8, kind, p, a, ia, b, ib, out, f),
    }
}

/// A rank-1 plan of `n` elements with the given strides: the fast paths run through
/// [`zip_plan`] too, so they get the same AVX2 dispatch.
#[inline(always)]
fn flat_plan(n: usize, sa: usize, sb: usize) -> Plan<2> {
    let mut p = Plan {
        rank: 1,
        dims: [1; MAX_RANK],
        strides: [[0; MAX_RANK]; 2],
    };
    p.dims[MAX_RANK - 1] = n;
    p.strides[0][MAX_RANK - 1] = sa;
    p.strides[1][MAX_RANK - 1] = sb;
    p
}

/// `out[i] = f(a[i])` over `a`'s own shape, every slot of `out` written in row-major order.
#[inline(always)]
pub(crate) fn map<A, O, F: FnMut(&A) -> O>(a: Src<'_, A>, out: &mut [MaybeUninit<O>], f: &mut F) {
    let n = out.len();
    if n == 0 {
        return;
    }
    if packed(a.dims, a.strides) {
        return row::map(n, 1, a.data, a.base, out, f);
    }
    for_each_block(a.dims, [(a.dims, a.strides)], n, |p, [oa], range| {
        let (d, [sa]) = (&p.dims, &p.strides);
        let (ia, out) = (a.at(oa), &mut out[range]);
        match p.rank {
            0 | 1 => kernel::map_r1(unpad(d), unpad(sa), a.data, ia, out, f),
            2 => kernel::map_r2(unpad(d), unpad(sa), a.data, ia, out, f),
            _ => kernel::map_r8(*d, *sa, a.data, ia, out, f),
        }
    });
}

/// `f(&mut out[i], b[i])` for a packed row-major `out` of shape `dims` and `b` broadcast to it.
#[inline(always)]
pub(crate) fn assign<T, B, F: FnMut(&mut T, &B)>(
    dims: &[usize],
    out: &mut [T],
    b: Src<'_, B>,
    f: &mut F,
) {
    let n = out.len();
    if n == 0 {
        return;
    }
    if b.packed_as(dims) {
        return row::assign(n, 1, b.data, b.base, out, f);
    }
    for_each_block(dims, [(b.dims, b.strides)], n, |p, [ob], range| {
        let (d, [sb]) = (&p.dims, &p.strides);
        let (ib, out) = (b.at(ob), &mut out[range]);
        match p.rank {
            0 | 1 => kernel::assign_r1(unpad(d), unpad(sb), b.data, ib, out, f),
            2 => kernel::assign_r2(unpad(d), unpad(sb), b.data, ib, out, f),
            3 => kernel::assign_r3(unpad(d), unpad(sb), b.data, ib, out, f),
            _ => kernel::assign_r8(*d, *sb, b.data, ib, out, f),
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_zip(dims: &[usize], a: Src<'_, i64>, b: Src<'_, i64>) -> Vec<i64> {
        let n = dims.iter().product();
        let mut out = alloc::vec![MaybeUninit::new(-1); n];
        zip(dims, a, b, &mut out, &mut |x, y| x * 100 + y);
        // SAFETY: (test) every slot was initialised to -1 above, so reading is sound whatever
        // the kernel wrote.
        out.iter().map(|x| unsafe { x.assume_init() }).collect()
    }

    #[test]
    fn odometer_walks_rank_ten() {
        // [2,1,2,1,2,1,2,1,2,1] + [1,2,1,2,1,2,1,2,1,2]: no two adjacent axes coalesce, so ten
        // axes survive and the odometer walks the outer two (small enough for Miri).
        let ad = [2, 1, 2, 1, 2, 1, 2, 1, 2, 1];
        let bd = [1, 2, 1, 2, 1, 2, 1, 2, 1, 2];
        let dims = [2; 10];
        let row_major = |d: &[usize]| {
            let mut s = alloc::vec![0isize; d.len()];
            let mut acc = 1;
            for i in (0..d.len()).rev() {
                s[i] = acc;
                acc *= d[i] as isize;
            }
            s
        };
        let (sa, sb) = (row_major(&ad), row_major(&bd));
        let a: Vec<i64> = (0..32).collect();
        let b: Vec<i64> = (0..32).map(|x| -x).collect();
        let got = run_zip(
            &dims,
            Src {
                data: &a,
                base: 0,
                dims: &ad,
                strides: &sa,
            },
            Src {
                data: &b,
                base: 0,
                dims: &bd,
                strides: &sb,
            },
        );
        // Reference: the naive per-element index walk.
        let mut idx = [0usize; 10];
        for g in got {
            let pos = |d: &[usize], s: &[isize]| -> usize {
                idx.iter()
                    .zip(d)
                    .zip(s)
                    .map(|((&i, &d), &s)| if d == 1 { 0 } else { i * s as usize })
                    .sum()
            };
            assert_eq!(g, a[pos(&ad, &sa)] * 100 + b[pos(&bd, &sb)]);
            crate::tensor::step_index(&mut idx, &dims);
        }
    }

    #[test]
    fn scalar_and_same_shape_fast_paths() {
        let a = [1i64, 2, 3, 4];
        let s = [7i64];
        let got = run_zip(
            &[2, 2],
            Src {
                data: &a,
                base: 0,
                dims: &[2, 2],
                strides: &[2, 1],
            },
            Src {
                data: &s,
                base: 0,
                dims: &[],
                strides: &[],
            },
        );
        assert_eq!(got, [107, 207, 307, 407]);
        let got = run_zip(
            &[2, 2],
            Src {
                data: &a,
                base: 0,
                dims: &[2, 2],
                strides: &[2, 1],
            },
            Src {
                data: &a,
                base: 0,
                dims: &[2, 2],
                strides: &[2, 1],
            },
        );
        assert_eq!(got, [101, 202, 303, 404]);
    }

    #[test]
    fn negative_strides_walk_backwards() {
        // a = [[0, 1, 2], [3, 4, 5]] read as a[::-1, ::-1]; b = its transpose read backwards on
        // the first axis. Every row kind and the planned kernels see wrapped strides.
        let a: Vec<i64> = (0..6).collect();
        let got = run_zip(
            &[2, 3],
            Src {
                data: &a,
                base: 5,
                dims: &[2, 3],
                strides: &[-3, -1],
            },
            Src {
                data: &a,
                base: 3,
                dims: &[2, 3],
                strides: &[-3, 1],
            },
        );
        assert_eq!(got, [503, 404, 305, 200, 101, 2]);
        // A reversed row beside a broadcast scalar, and a reversed column.
        let s = [7i64];
        let one = |base, dims: &'static [usize], strides: &'static [isize]| Src {
            data: &a,
            base,
            dims,
            strides,
        };
        let scalar = Src {
            data: &s,
            base: 0,
            dims: &[],
            strides: &[],
        };
        assert_eq!(
            run_zip(&[6], one(5, &[6], &[-1]), scalar),
            [507, 407, 307, 207, 107, 7]
        );
        assert_eq!(
            run_zip(&[2, 1], one(3, &[2, 1], &[-3, 1]), scalar),
            [307, 7]
        );
        let mut out = [MaybeUninit::new(0i64); 6];
        map(one(5, &[2, 3], &[-3, -1]), &mut out, &mut |x| *x);
        // SAFETY: (test) every slot was initialised above.
        let mapped: Vec<i64> = out.iter().map(|x| unsafe { x.assume_init() }).collect();
        assert_eq!(mapped, [5, 4, 3, 2, 1, 0]);
    }

    #[test]
    fn packed_ignores_extent_one_axes() {
        assert!(packed(&[2, 1, 3], &[3, 99, 1]));
        assert!(!packed(&[2, 3], &[-3, 1]));
        assert!(!packed(&[2, 3], &[1, 2]));
        assert!(packed(&[], &[]));
    }
}
