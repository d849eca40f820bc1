//! The x86-64 tokens: [`Avx2`] (AVX2 and FMA) and [`Avx512`] (AVX-512F, which implies both),
//! their lanes `core::arch` vectors of 128, 256 or 512 bits, or two of 256 for AVX2's 64 bytes.

use super::{Simd, Token};
use core::arch::x86_64::*;

/// A CPU with AVX2 and FMA.
#[derive(Clone, Copy)]
pub(crate) struct Avx2(());

/// A CPU with AVX-512F (and so AVX2 and FMA).
#[derive(Clone, Copy)]
pub(crate) struct Avx512(());

impl Token for Avx2 {
    #[inline(always)]
    unsafe fn assume() -> Self {
        Avx2(())
    }
}

impl Token for Avx512 {
    #[inline(always)]
    unsafe fn assume() -> Self {
        Avx512(())
    }
}

/// One `core::arch` vector as `N` lanes of `T` for a token: its intrinsics by name.
macro_rules! one {
    ($($token:ty: $t:ty, $n:literal, $v:ty => $set1:ident $loadu:ident $storeu:ident
        $mul:ident $add:ident $fmadd:ident;)*) => {$(
        impl Simd<$t, $n> for $token {
            type V = $v;

            #[inline(always)]
            fn splat(self, x: $t) -> $v {
                // SAFETY: the token exists only where the CPU has the instructions
                // (`Token::assume`).
                unsafe { $set1(x) }
            }

            #[inline(always)]
            fn load(self, a: &[$t; $n]) -> $v {
                // SAFETY: `a` has `$n` elements; the token's CPU runs the instruction.
                unsafe { $loadu(a.as_ptr().cast()) }
            }

            #[inline(always)]
            unsafe fn load_ptr(self, p: *const $t) -> $v {
                // SAFETY: the caller's `p` has `$n` readable elements; the token's CPU runs the
                // instruction.
                unsafe { $loadu(p.cast()) }
            }

            #[inline(always)]
            fn store(self, v: $v, out: &mut [$t; $n]) {
                // SAFETY: `out` has `$n` elements; the token's CPU runs the instruction.
                unsafe { $storeu(out.as_mut_ptr().cast(), v) }
            }

            #[inline(always)]
            fn mul(self, a: $v, b: $v) -> $v {
                // SAFETY: the token's CPU runs the instruction.
                unsafe { $mul(a, b) }
            }

            #[inline(always)]
            fn add(self, a: $v, b: $v) -> $v {
                // SAFETY: the token's CPU runs the instruction.
                unsafe { $add(a, b) }
            }

            #[inline(always)]
            fn mul_add(self, x: $v, y: $v, acc: $v) -> $v {
                // SAFETY: the token's CPU runs the instruction (FMA: both tokens require it).
                unsafe { $fmadd(x, y, acc) }
            }

            #[inline(always)]
            fn to_array(self, v: Self::V) -> [$t; $n] {
                let mut out = [0.0; $n];
                <Self as Simd<$t, $n>>::store(self, v, &mut out);
                out
            }
        }
    )*};
}

one! {
    Avx512: f32, 16, __m512 => _mm512_set1_ps _mm512_loadu_ps _mm512_storeu_ps
        _mm512_mul_ps _mm512_add_ps _mm512_fmadd_ps;
    Avx512: f32, 8, __m256 => _mm256_set1_ps _mm256_loadu_ps _mm256_storeu_ps
        _mm256_mul_ps _mm256_add_ps _mm256_fmadd_ps;
    Avx512: f32, 4, __m128 => _mm_set1_ps _mm_loadu_ps _mm_storeu_ps
        _mm_mul_ps _mm_add_ps _mm_fmadd_ps;
    Avx512: f64, 8, __m512d => _mm512_set1_pd _mm512_loadu_pd _mm512_storeu_pd
        _mm512_mul_pd _mm512_add_pd _mm512_fmadd_pd;
    Avx512: f64, 4, __m256d => _mm256_set1_pd _mm256_loadu_pd _mm256_storeu_pd
        _mm256_mul_pd _mm256_add_pd _mm256_fmadd_pd;
    Avx512: f64, 2, __m128d => _mm_set1_pd _mm_loadu_pd _mm_storeu_pd
        _mm_mul_pd _mm_add_pd _mm_fmadd_pd;
    Avx2: f32, 8, __m256 => _mm256_set1_ps _mm256_loadu_ps _mm256_storeu_ps
        _mm256_mul_ps _mm256_add_ps _mm256_fmadd_ps;
    Avx2: f32, 4, __m128 => _mm_set1_ps _mm_loadu_ps _mm_storeu_ps
        _mm_mul_ps _mm_add_ps _mm_fmadd_ps;
    Avx2: f64, 4, __m256d => _mm256_set1_pd _mm256_loadu_pd _mm256_storeu_pd
        _mm256_mul_pd _mm256_add_pd _mm256_fmadd_pd;
    Avx2: f64, 2, __m128d => _mm_set1_pd _mm_loadu_pd _mm_storeu_pd
        _mm_mul_pd _mm_add_pd _mm_fmadd_pd;
}

/// AVX2's 64 bytes: two 256-bit vectors of `$half` lanes, each operation on both.
macro_rules! pair {
    ($($t:ty, $n:literal, $half:literal, $v:ty;)*) => {$(
        impl Simd<$t, $n> for Avx2 {
            type V = [$v; 2];

            #[inline(always)]
            fn splat(self, x: $t) -> [$v; 2] {
                let h = <Self as Simd<$t, $half>>::splat(self, x);
                [h, h]
            }

            #[inline(always)]
            fn load(self, a: &[$t; $n]) -> [$v; 2] {
                // SAFETY: `a` has `$n` elements, two halves of `$half`.
                unsafe { <Self as Simd<$t, $n>>::load_ptr(self, a.as_ptr()) }
            }

            #[inline(always)]
            unsafe fn load_ptr(self, p: *const $t) -> [$v; 2] {
                // SAFETY: the caller's `p` has `$n` readable elements, two halves of `$half`.
                unsafe {
                    [
                        <Self as Simd<$t, $half>>::load_ptr(self, p),
                        <Self as Simd<$t, $half>>::load_ptr(self, p.add($half)),
                    ]
                }
            }

            #[inline(always)]
            fn store(self, v: [$v; 2], out: &mut [$t; $n]) {
                let (lo, hi) = out.split_at_mut($half);
                <Self as Simd<$t, $half>>::store(self, v[0], lo.try_into().expect("a half"));
                <Self as Simd<$t, $half>>::store(self, v[1], hi.try_into().expect("a half"));
            }

            #[inline(always)]
            fn mul(self, a: [$v; 2], b: [$v; 2]) -> [$v; 2] {
                [
                    <Self as Simd<$t, $half>>::mul(self, a[0], b[0]),
                    <Self as Simd<$t, $half>>::mul(self, a[1], b[1]),
                ]
            }

            #[inline(always)]
            fn add(self, a: [$v; 2], b: [$v; 2]) -> [$v; 2] {
                [
                    <Self as Simd<$t, $half>>::add(self, a[0], b[0]),
                    <Self as Simd<$t, $half>>::add(self, a[1], b[1]),
                ]
            }

            #[inline(always)]
            fn mul_add(self, x: [$v; 2], y: [$v; 2], acc: [$v; 2]) -> [$v; 2] {
                [
                    <Self as Simd<$t, $half>>::mul_add(self, x[0], y[0], acc[0]),
                    <Self as Simd<$t, $half>>::mul_add(self, x[1], y[1], acc[1]),
                ]
            }

            #[inline(always)]
            fn to_array(self, v: Self::V) -> [$t; $n] {
                let mut out = [0.0; $n];
                <Self as Simd<$t, $n>>::store(self, v, &mut out);
                out
            }
        }
    )*};
}

pair! {
    f32, 16, 8, __m256;
    f64, 8, 4, __m256d;
}
