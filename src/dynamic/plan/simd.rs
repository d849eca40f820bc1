//! The planned zip, compiled twice (portable and AVX2) and chosen at run time.

use core::mem::MaybeUninit;

use super::tiled;
use crate::MAX_RANK;
use crate::kernel::{self, row};
use crate::layout::{Plan, unpad};

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
    ) writes out => zip_plan_any::<A, B, O, F, AVX2>(p, a, ia, b, ib, out, f)
}

/// The planned zip; `AVX2` when compiled into the AVX2 build.
#[inline(always)]
fn zip_plan_any<A, B, O, F: FnMut(&A, &B) -> O, const AVX2: bool>(
    p: &Plan<2>,
    a: &[A],
    ia: usize,
    b: &[B],
    ib: usize,
    out: &mut [MaybeUninit<O>],
    f: &mut F,
) {
    let kind = row::kind2(p.strides[0][MAX_RANK - 1], p.strides[1][MAX_RANK - 1]);
    if p.rank == 2 && kind == row::STRIDED {
        let (d, sa, sb) = (
            unpad::<2>(&p.dims),
            unpad::<2>(&p.strides[0]),
            unpad::<2>(&p.strides[1]),
        );
        if tiled::transposed(sa) && sb[1] == 1 {
            return tiled::zip2::<A, B, O, F, AVX2>(d, sa, sb, a, ia, b, ib, out, f);
        }
        if tiled::transposed(sb) && sa[1] == 1 {
            let mut swapped = |y: &B, x: &A| f(x, y);
            return tiled::zip2::<B, A, O, _, AVX2>(d, sb, sa, b, ib, a, ia, out, &mut swapped);
        }
    }
    match p.rank {
        0 | 1 => zip_kind!(zip_r1_with, 1, kind, p, a, ia, b, ib, out, f),
        2 => zip_kind!(zip_r2_with, 2, kind, p, a, ia, b, ib, out, f),
        3 => zip_kind!(zip_r3_with, 3, kind, p, a, ia, b, ib, out, f),
        _ => zip_kind!(zip_r8_with, 8, kind, p, a, ia, b, ib, out, f),
    }
}
