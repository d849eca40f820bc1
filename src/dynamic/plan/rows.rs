//! The bias-add fast path: both operands packed, one's extents the other's trailing ones, run as
//! rows of the smaller one without broadcasting shapes or planning.

use core::mem::MaybeUninit;

use super::{Src, packed};
use crate::dynamic::layout::checked_count;

/// Bias-add shapes: both operands packed and one's extents are the other's trailing extents
/// (`[256, 256, 64] + [64]`, `[4, 4] + [4]`). Then the result has the larger one's shape and the
/// loop is rows of the smaller one, known without broadcasting the shapes or planning: returns
/// `(larger is a, element count, row length)`. Measured with callgrind on W1 `[4,4]+[4]`: shape
/// broadcasting and planning were a third of the call.
#[inline]
pub(crate) fn trailing_block<A, B>(a: &Src<'_, A>, b: &Src<'_, B>) -> Option<(bool, usize, usize)> {
    let big_is_a = trailing(a.dims, b.dims)?;
    let (big, small) = if big_is_a {
        ((a.dims, a.strides), (b.dims, b.strides))
    } else {
        ((b.dims, b.strides), (a.dims, a.strides))
    };
    if !packed(big.0, big.1) || !packed(small.0, small.1) {
        return None;
    }
    // Zeros first: an empty operand's other extents may overflow when multiplied.
    let m = checked_count(small.0).unwrap_or(0);
    let n = checked_count(big.0).unwrap_or(0);
    Some((big_is_a, n, m))
}

/// Whether the extents of the operand of lower rank (`b` on a tie) are the other's trailing
/// extents, so that the two broadcast to the other's shape in rows of the smaller one: `Some`
/// (larger is `a`) when they are. The shape half of [`trailing_block`], also what the static
/// engine's run-time arm checks before its operands, row-major by type, take [`update_rows`].
#[inline]
pub(crate) fn trailing(a: &[usize], b: &[usize]) -> Option<bool> {
    let (big_is_a, big, small) = if a.len() >= b.len() {
        (true, a, b)
    } else {
        (false, b, a)
    };
    let tail = &big[big.len() - small.len()..];
    tail.iter()
        .zip(small)
        .all(|(x, y)| x == y)
        .then_some(big_is_a)
}

/// `f(&mut out[i], big[i], small[i % m])` in rows of `m` (`big`, `small` and `out` packed,
/// `out` of `big`'s shape, `m` at least 1): the in-place form of the rows loop, for a
/// destination (`add_to`). Out of line, so that its slices arrive as arguments known not to
/// overlap and the rows vectorise; portable only (rows this short gain nothing from AVX2).
#[inline(never)]
pub(crate) fn update_rows<A, B, O, F: FnMut(&mut O, &A, &B)>(
    big_is_a: bool,
    m: usize,
    a: &[A],
    b: &[B],
    out: &mut [O],
    f: &mut F,
) {
    rows(big_is_a, out.len(), m, a, b, out, f)
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
    ) writes out => rows(big_is_a, n, m, a, b, out, &mut |o: &mut MaybeUninit<O>, x: &A, y: &B| {
        o.write(f(x, y));
    })
}

/// Rows of exactly `m` (`chunks_exact`): the row length is the same for every row and known to
/// match every slice, so no row pays a bounds check, and the repeated operand is cut to `m` once.
/// Callgrind per call: W3a `[64,64]+[64]` 5.5k → 3.4k instructions (the hand loop: 3.5k), W1
/// 636 → 512; the general rank-2 kernel re-slices and re-checks every row.
///
/// Common row lengths run with `m` a constant: the repeated operand is then loaded once, outside
/// the row loop, and stays in registers, as in a hand loop over constants (W3a: 3.4k → 1.8k).
///
/// `f` writes one slot of `out` from the two elements: `MaybeUninit::write` for a fresh output,
/// an update in place for a destination.
#[inline(always)]
fn rows<A, B, O, F: FnMut(&mut O, &A, &B)>(
    big_is_a: bool,
    n: usize,
    m: usize,
    a: &[A],
    b: &[B],
    out: &mut [O],
    f: &mut F,
) {
    match (big_is_a, m) {
        (true, 8) => rows_of(n, 8, a, b, out, f),
        (true, 16) => rows_of(n, 16, a, b, out, f),
        (true, 32) => rows_of(n, 32, a, b, out, f),
        (true, 64) => rows_of(n, 64, a, b, out, f),
        (true, _) => rows_of(n, m, a, b, out, f),
        (false, 8) => rows_of(n, 8, b, a, out, &mut |o, y, x| f(o, x, y)),
        (false, 16) => rows_of(n, 16, b, a, out, &mut |o, y, x| f(o, x, y)),
        (false, 32) => rows_of(n, 32, b, a, out, &mut |o, y, x| f(o, x, y)),
        (false, 64) => rows_of(n, 64, b, a, out, &mut |o, y, x| f(o, x, y)),
        (false, _) => rows_of(n, m, b, a, out, &mut |o, y, x| f(o, x, y)),
    }
}

/// `g(&mut out[i], big[i], small[i % m])` in rows of `m`; inlined with `m` a literal where it is
/// one.
#[inline(always)]
fn rows_of<X, Y, O, G: FnMut(&mut O, &X, &Y)>(
    n: usize,
    m: usize,
    big: &[X],
    small: &[Y],
    out: &mut [O],
    g: &mut G,
) {
    let small = &small[..m];
    for (o, x) in out[..n].chunks_exact_mut(m).zip(big[..n].chunks_exact(m)) {
        for j in 0..m {
            g(&mut o[j], &x[j], &small[j]);
        }
    }
}
