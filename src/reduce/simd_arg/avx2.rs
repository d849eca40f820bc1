//! The AVX2 kernels: 8 `f32`/`i32` or 4 `f64`/`i64` lanes, masks as vectors of all-ones lanes;
//! the last few lanes are compared one by one.

use core::arch::x86_64::*;

/// The position in `at` of the first best value in `b`, lane by lane: better, or as good and
/// earlier (`NaN`s were handled before).
#[inline(always)]
fn first_best<T: PartialOrd + Copy, I: Ord + Copy, const W: usize>(
    b: [T; W],
    at: [I; W],
    max: bool,
) -> I {
    let mut j = 0;
    for l in 1..W {
        let better = if max { b[l] > b[j] } else { b[l] < b[j] };
        if better || (b[l] == b[j] && at[l] < at[j]) {
            j = l;
        }
    }
    at[j]
}

/// `$v`'s lanes and the positions as arrays, then [`first_best`].
macro_rules! finish {
    ($v:ty, $t:ty, $i:ty, $w:literal) => {
        |b: $v, at: __m256i| {
            // SAFETY: a vector of `$w` lanes of `$t` (or `$i`) has their size, and every bit
            // pattern is a value of both.
            let (b, at) = unsafe {
                (
                    core::mem::transmute::<$v, [$t; $w]>(b),
                    core::mem::transmute::<__m256i, [$i; $w]>(at),
                )
            };
            first_best(b, at, MAX)
        }
    };
}

super::kernel!(f32_avx2: f32, 8, i32, "avx2",
    load: _mm256_loadu_ps,
    gt: |a, b| _mm256_castps_si256(_mm256_cmp_ps::<_CMP_GT_OQ>(a, b)),
    lt: |a, b| _mm256_castps_si256(_mm256_cmp_ps::<_CMP_LT_OQ>(a, b)),
    eq: |a, b| _mm256_castps_si256(_mm256_cmp_ps::<_CMP_EQ_OQ>(a, b)),
    and: |a, b| _mm256_and_si256(a, b),
    or: |a, b| _mm256_or_si256(a, b),
    blend: |m, a, b| _mm256_blendv_ps(a, b, _mm256_castsi256_ps(m)),
    iblend: |m, a, b| _mm256_blendv_epi8(a, b, m),
    iset1: _mm256_set1_epi32,
    iadd: |a, b| _mm256_add_epi32(a, b),
    ilt: |a, b| _mm256_cmpgt_epi32(b, a),
    iota: _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
    nan0: _mm256_setzero_si256(),
    nan: |acc, a, b| _mm256_or_si256(acc, _mm256_castps_si256(_mm256_cmp_ps::<_CMP_UNORD_Q>(a, b))),
    any_nan: |acc| _mm256_testz_si256(acc, acc) == 0,
    finish: finish!(__m256, f32, i32, 8),
);

super::kernel!(f64_avx2: f64, 4, i64, "avx2",
    load: _mm256_loadu_pd,
    gt: |a, b| _mm256_castpd_si256(_mm256_cmp_pd::<_CMP_GT_OQ>(a, b)),
    lt: |a, b| _mm256_castpd_si256(_mm256_cmp_pd::<_CMP_LT_OQ>(a, b)),
    eq: |a, b| _mm256_castpd_si256(_mm256_cmp_pd::<_CMP_EQ_OQ>(a, b)),
    and: |a, b| _mm256_and_si256(a, b),
    or: |a, b| _mm256_or_si256(a, b),
    blend: |m, a, b| _mm256_blendv_pd(a, b, _mm256_castsi256_pd(m)),
    iblend: |m, a, b| _mm256_blendv_epi8(a, b, m),
    iset1: _mm256_set1_epi64x,
    iadd: |a, b| _mm256_add_epi64(a, b),
    ilt: |a, b| _mm256_cmpgt_epi64(b, a),
    iota: _mm256_setr_epi64x(0, 1, 2, 3),
    nan0: _mm256_setzero_si256(),
    nan: |acc, a, b| _mm256_or_si256(acc, _mm256_castpd_si256(_mm256_cmp_pd::<_CMP_UNORD_Q>(a, b))),
    any_nan: |acc| _mm256_testz_si256(acc, acc) == 0,
    finish: finish!(__m256d, f64, i64, 4),
);

super::kernel!(i32_avx2: i32, 8, i32, "avx2",
    load: |p: *const i32| _mm256_loadu_si256(p.cast()),
    gt: |a, b| _mm256_cmpgt_epi32(a, b),
    lt: |a, b| _mm256_cmpgt_epi32(b, a),
    eq: |a, b| _mm256_cmpeq_epi32(a, b),
    and: |a, b| _mm256_and_si256(a, b),
    or: |a, b| _mm256_or_si256(a, b),
    blend: |m, a, b| _mm256_blendv_epi8(a, b, m),
    iblend: |m, a, b| _mm256_blendv_epi8(a, b, m),
    iset1: _mm256_set1_epi32,
    iadd: |a, b| _mm256_add_epi32(a, b),
    ilt: |a, b| _mm256_cmpgt_epi32(b, a),
    iota: _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
    nan0: _mm256_setzero_si256(),
    nan: |acc, _, _| acc,
    any_nan: |acc| _mm256_testz_si256(acc, acc) == 0,
    finish: finish!(__m256i, i32, i32, 8),
);

super::kernel!(i64_avx2: i64, 4, i64, "avx2",
    load: |p: *const i64| _mm256_loadu_si256(p.cast()),
    gt: |a, b| _mm256_cmpgt_epi64(a, b),
    lt: |a, b| _mm256_cmpgt_epi64(b, a),
    eq: |a, b| _mm256_cmpeq_epi64(a, b),
    and: |a, b| _mm256_and_si256(a, b),
    or: |a, b| _mm256_or_si256(a, b),
    blend: |m, a, b| _mm256_blendv_epi8(a, b, m),
    iblend: |m, a, b| _mm256_blendv_epi8(a, b, m),
    iset1: _mm256_set1_epi64x,
    iadd: |a, b| _mm256_add_epi64(a, b),
    ilt: |a, b| _mm256_cmpgt_epi64(b, a),
    iota: _mm256_setr_epi64x(0, 1, 2, 3),
    nan0: _mm256_setzero_si256(),
    nan: |acc, _, _| acc,
    any_nan: |acc| _mm256_testz_si256(acc, acc) == 0,
    finish: finish!(__m256i, i64, i64, 4),
);
