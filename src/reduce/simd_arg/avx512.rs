//! The AVX-512 kernels: 16 `f32`/`i32` or 8 `f64`/`i64` lanes, masks in registers of their own.

use core::arch::x86_64::*;

super::kernel!(f32_avx512: f32, 16, i32, "avx512f",
    load: _mm512_loadu_ps,
    gt: |a, b| _mm512_cmp_ps_mask::<_CMP_GT_OQ>(a, b),
    lt: |a, b| _mm512_cmp_ps_mask::<_CMP_LT_OQ>(a, b),
    eq: |a, b| _mm512_cmp_ps_mask::<_CMP_EQ_OQ>(a, b),
    and: |a: u16, b: u16| a & b,
    or: |a: u16, b: u16| a | b,
    blend: |m, a, b| _mm512_mask_blend_ps(m, a, b),
    iblend: |m, a, b| _mm512_mask_blend_epi32(m, a, b),
    iset1: _mm512_set1_epi32,
    iadd: |a, b| _mm512_add_epi32(a, b),
    ilt: |a, b| _mm512_cmplt_epi32_mask(a, b),
    iota: _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
    nan0: 0u16,
    nan: |acc: u16, a, b| acc | _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(a, b),
    any_nan: |acc: u16| acc != 0,
    finish: |b, at| {
        let m = if MAX { _mm512_reduce_max_ps(b) } else { _mm512_reduce_min_ps(b) };
        _mm512_mask_reduce_min_epi32(_mm512_cmp_ps_mask::<_CMP_EQ_OQ>(b, _mm512_set1_ps(m)), at)
    },
);

super::kernel!(f64_avx512: f64, 8, i64, "avx512f",
    load: _mm512_loadu_pd,
    gt: |a, b| _mm512_cmp_pd_mask::<_CMP_GT_OQ>(a, b),
    lt: |a, b| _mm512_cmp_pd_mask::<_CMP_LT_OQ>(a, b),
    eq: |a, b| _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(a, b),
    and: |a: u8, b: u8| a & b,
    or: |a: u8, b: u8| a | b,
    blend: |m, a, b| _mm512_mask_blend_pd(m, a, b),
    iblend: |m, a, b| _mm512_mask_blend_epi64(m, a, b),
    iset1: _mm512_set1_epi64,
    iadd: |a, b| _mm512_add_epi64(a, b),
    ilt: |a, b| _mm512_cmplt_epi64_mask(a, b),
    iota: _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7),
    nan0: 0u8,
    nan: |acc: u8, a, b| acc | _mm512_cmp_pd_mask::<_CMP_UNORD_Q>(a, b),
    any_nan: |acc: u8| acc != 0,
    finish: |b, at| {
        let m = if MAX { _mm512_reduce_max_pd(b) } else { _mm512_reduce_min_pd(b) };
        _mm512_mask_reduce_min_epi64(_mm512_cmp_pd_mask::<_CMP_EQ_OQ>(b, _mm512_set1_pd(m)), at)
    },
);

super::kernel!(i32_avx512: i32, 16, i32, "avx512f",
    load: _mm512_loadu_epi32,
    gt: |a, b| _mm512_cmpgt_epi32_mask(a, b),
    lt: |a, b| _mm512_cmplt_epi32_mask(a, b),
    eq: |a, b| _mm512_cmpeq_epi32_mask(a, b),
    and: |a: u16, b: u16| a & b,
    or: |a: u16, b: u16| a | b,
    blend: |m, a, b| _mm512_mask_blend_epi32(m, a, b),
    iblend: |m, a, b| _mm512_mask_blend_epi32(m, a, b),
    iset1: _mm512_set1_epi32,
    iadd: |a, b| _mm512_add_epi32(a, b),
    ilt: |a, b| _mm512_cmplt_epi32_mask(a, b),
    iota: _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
    nan0: 0u16,
    nan: |acc: u16, _, _| acc,
    any_nan: |acc: u16| acc != 0,
    finish: |b, at| {
        let m = if MAX { _mm512_reduce_max_epi32(b) } else { _mm512_reduce_min_epi32(b) };
        _mm512_mask_reduce_min_epi32(_mm512_cmpeq_epi32_mask(b, _mm512_set1_epi32(m)), at)
    },
);

super::kernel!(i64_avx512: i64, 8, i64, "avx512f",
    load: _mm512_loadu_epi64,
    gt: |a, b| _mm512_cmpgt_epi64_mask(a, b),
    lt: |a, b| _mm512_cmplt_epi64_mask(a, b),
    eq: |a, b| _mm512_cmpeq_epi64_mask(a, b),
    and: |a: u8, b: u8| a & b,
    or: |a: u8, b: u8| a | b,
    blend: |m, a, b| _mm512_mask_blend_epi64(m, a, b),
    iblend: |m, a, b| _mm512_mask_blend_epi64(m, a, b),
    iset1: _mm512_set1_epi64,
    iadd: |a, b| _mm512_add_epi64(a, b),
    ilt: |a, b| _mm512_cmplt_epi64_mask(a, b),
    iota: _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7),
    nan0: 0u8,
    nan: |acc: u8, _, _| acc,
    any_nan: |acc: u8| acc != 0,
    finish: |b, at| {
        let m = if MAX { _mm512_reduce_max_epi64(b) } else { _mm512_reduce_min_epi64(b) };
        _mm512_mask_reduce_min_epi64(_mm512_cmpeq_epi64_mask(b, _mm512_set1_epi64(m)), at)
    },
);
