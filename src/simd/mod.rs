//! Vectors of `N` lanes for the kernels that must run at the same speed in every build a user
//! makes: `codegen-units = 1`, LTO, `opt-level = 2` or the default.
//!
//! A kernel is written once, generic over a token `S: Simd<T, N>`, and every operation on its
//! lanes is a method of the token. The token decides what the lanes are: [`Portable`] keeps an
//! array of `N` elements (any [`Reduce`] element, left to the autovectoriser), the x86 tokens of
//! `x86.rs` keep `core::arch` vectors and call the instructions themselves. A kernel's builds are
//! `#[target_feature]` functions that instantiate it with one token each (`matmul/small/builds.rs`).
//!
//! Why the lanes are the token's and not arrays the compiler vectorises: how an array of lanes
//! is compiled depends on the dependent's profile (a closure left out of line under
//! `codegen-units = 1` is compiled without the wrapper's features and calls libm's `fmaf` for
//! each multiply-add; fat LTO kept a kernel's sums on the stack; `opt-level = 2` left it scalar).
//! The token's methods are `#[inline(always)]`, hold no closure, and call intrinsics, so once a
//! kernel is inlined into its `#[target_feature]` build the instructions are the build's in every
//! profile. The gate `cargo xtask profiles` (and its CI part) checks that they stay so.

#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
mod x86;

#[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
pub(crate) use x86::{Avx2, Avx512};

use crate::Reduce;

/// A proof that the CPU runs a token's instructions. A token exists only where that was checked
/// (or needs no check), so its vector operations are safe to call.
pub(crate) trait Token: Copy {
    /// The token.
    ///
    /// # Safety
    /// The CPU has every feature the token's instructions need.
    unsafe fn assume() -> Self;
}

/// The operations a kernel performs on `N` lanes of `T`, as the token `Self` performs them.
///
/// `mul_add` is fused (one rounding) for the x86 tokens, whose builds require FMA, and a multiply
/// then an add for [`Portable`], as a CPU without the instruction runs it.
pub(crate) trait Simd<T: Copy, const N: usize>: Token {
    /// `N` lanes.
    type V: Copy;
    /// Every lane `x`.
    fn splat(self, x: T) -> Self::V;
    /// The lanes of `a`.
    fn load(self, a: &[T; N]) -> Self::V;
    /// The `N` elements from `p`.
    ///
    /// # Safety
    /// `p` points at `N` readable elements (any alignment).
    unsafe fn load_ptr(self, p: *const T) -> Self::V;
    /// The lanes into `out`.
    fn store(self, v: Self::V, out: &mut [T; N]);
    /// Lane by lane `a * b`.
    fn mul(self, a: Self::V, b: Self::V) -> Self::V;
    /// Lane by lane `a + b`.
    fn add(self, a: Self::V, b: Self::V) -> Self::V;
    /// Lane by lane `x * y + acc`.
    fn mul_add(self, x: Self::V, y: Self::V, acc: Self::V) -> Self::V;

    /// The lanes as an array.
    fn to_array(self, v: Self::V) -> [T; N];
}

/// Lanes as arrays, for any element, built for whatever the enclosing function is compiled for
/// (its `#[target_feature]` build, or the portable one).
#[derive(Clone, Copy)]
pub(crate) struct Portable;

impl Token for Portable {
    #[inline(always)]
    unsafe fn assume() -> Self {
        Portable
    }
}

impl<T: Reduce, const N: usize> Simd<T, N> for Portable {
    type V = [T; N];

    #[inline(always)]
    fn splat(self, x: T) -> [T; N] {
        [x; N]
    }

    #[inline(always)]
    fn load(self, a: &[T; N]) -> [T; N] {
        *a
    }

    #[inline(always)]
    unsafe fn load_ptr(self, p: *const T) -> [T; N] {
        // SAFETY: the caller's `p` has `N` readable elements.
        unsafe { p.cast::<[T; N]>().read_unaligned() }
    }

    #[inline(always)]
    fn store(self, v: [T; N], out: &mut [T; N]) {
        *out = v;
    }

    #[inline(always)]
    fn mul(self, a: [T; N], b: [T; N]) -> [T; N] {
        let mut out = a;
        let mut l = 0;
        while l < N {
            out[l] = a[l].times(b[l]);
            l += 1;
        }
        out
    }

    #[inline(always)]
    fn add(self, a: [T; N], b: [T; N]) -> [T; N] {
        let mut out = a;
        let mut l = 0;
        while l < N {
            out[l] = a[l].plus(b[l]);
            l += 1;
        }
        out
    }

    #[inline(always)]
    fn mul_add(self, x: [T; N], y: [T; N], acc: [T; N]) -> [T; N] {
        let mut out = acc;
        let mut l = 0;
        while l < N {
            out[l] = acc[l].plus(x[l].times(y[l]));
            l += 1;
        }
        out
    }

    #[inline(always)]
    fn to_array(self, v: [T; N]) -> [T; N] {
        v
    }
}
