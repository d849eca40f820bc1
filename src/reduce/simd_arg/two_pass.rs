//! `argmax`/`argmin` of a run of adjacent integers that have no one-pass kernel (8- and 16-bit
//! integers, unsigned 32- and 64-bit ones): two passes compiled for AVX2, taken when the CPU
//! has it. The first finds the best value in accumulators of 128 bytes (four AVX2 registers,
//! one `max` or `min` instruction each per step), the second the first position holding it, 32
//! bytes per step (one compare, its mask of bytes tested), and stops there.
//!
//! The one-pass kernels keep a position per lane, as wide as the element: 8-bit positions would
//! overflow after 256 blocks. Integers have no `NaN`, so the two passes need no positions until
//! the best value is known. The first pass is a plain loop that the compiler vectorises for
//! every type alike; the second needs `movemask`, which no loop compiles to, and serves every
//! type of one width with one compare (equality is the same signed or not).

/// `argmax` (`max`) or `argmin` of `x` by the two AVX2 passes, or `None` when the CPU has no
/// AVX2 or `x` is shorter than two accumulators (`2 * 128` bytes), which the portable loop
/// handles as fast.
macro_rules! two_pass {
    ($($(#[$doc:meta])* $name:ident: $t:ty;)*) => {$(
        $(#[$doc])*
        #[inline]
        pub(crate) fn $name(x: &[$t], max: bool) -> Option<usize> {
            const N: usize = 128 / size_of::<$t>();
            const L: usize = 32 / size_of::<$t>();
            if x.len() < 2 * N || !std::arch::is_x86_feature_detected!("avx2") {
                return None;
            }
            // SAFETY: the CPU has AVX2, all these functions require.
            Some(unsafe {
                if max { avx2::<$t, N, L, true>(x) } else { avx2::<$t, N, L, false>(x) }
            })
        }
    )*};
}

two_pass! {
    /// `i8` elements.
    arg_i8: i8;
    /// `u8` elements.
    arg_u8: u8;
    /// `i16` elements.
    arg_i16: i16;
    /// `u16` elements.
    arg_u16: u16;
    /// `u32` elements.
    arg_u32: u32;
    /// `u64` elements.
    arg_u64: u64;
    /// `isize` elements (64-bit).
    arg_isize: isize;
    /// `usize` elements (64-bit).
    arg_usize: usize;
}

/// Both passes in the AVX2 build: the first position of the largest (`MAX`) or smallest
/// element of `x` (at least `2 * N` long).
#[target_feature(enable = "avx2")]
fn avx2<T: Ord + Copy, const N: usize, const L: usize, const MAX: bool>(x: &[T]) -> usize {
    first(x, best::<T, N, L, MAX>(x))
}

/// The better of `a` and `b`.
#[inline(always)]
fn pick<T: Ord, const MAX: bool>(a: T, b: T) -> T {
    if MAX { a.max(b) } else { a.min(b) }
}

/// The largest (`MAX`) or smallest element of `x` (at least `N` long): `N` accumulators over
/// the whole chunks, then the last `N` elements (overlapping the chunks before: folding an
/// element twice changes neither a max nor a min), then one reduction across them.
#[inline(always)]
fn best<T: Ord + Copy, const N: usize, const L: usize, const MAX: bool>(x: &[T]) -> T {
    let fold = |mut acc: [T; N], c: &[T; N]| {
        for j in 0..N {
            acc[j] = pick::<T, MAX>(acc[j], c[j]);
        }
        acc
    };
    let (chunks, _) = x.as_chunks::<N>();
    let (tail, _) = x[x.len() - N..].as_chunks::<N>();
    let mut r = fold(chunks[1..].iter().fold(chunks[0], fold), &tail[0]);
    // Halved in place while wider than a vector, then combined with itself rotated by half,
    // a quarter ... of a vector: whole-vector operations (shuffles), where a loop over the
    // lanes compiles to one scalar step each.
    let mut width = N;
    while width > L {
        width /= 2;
        for j in 0..width {
            r[j] = pick::<T, MAX>(r[j], r[j + width]);
        }
    }
    let mut shift = L / 2;
    while shift > 0 {
        let mut t = r;
        for j in 0..L {
            t[j] = pick::<T, MAX>(r[j], r[(j + shift) % L]);
        }
        r = t;
        shift /= 2;
    }
    r[0]
}

/// The first position of `best` in `x` (at least 32 bytes long, and holding it), 32 bytes per
/// step: the lanes equal to it as a mask of bytes (`movemask`), whose lowest bit is the first
/// byte of the element. The elements are integers of 1, 2, 4 or 8 bytes, compared as their
/// bits (equality is the same signed or not).
#[target_feature(enable = "avx2")]
#[inline]
fn first<T: Eq + Copy>(x: &[T], best: T) -> usize {
    use core::arch::x86_64::*;
    use core::mem::transmute_copy;
    let size = size_of::<T>();
    let bytes = size_of_val(x);
    assert!(matches!(size, 1 | 2 | 4 | 8) && bytes >= 32);
    // SAFETY: `T` is as wide as each type it is read as (checked above), and every bit pattern
    // of that width is an integer.
    let want = unsafe {
        match size {
            1 => _mm256_set1_epi8(transmute_copy::<T, i8>(&best)),
            2 => _mm256_set1_epi16(transmute_copy::<T, i16>(&best)),
            4 => _mm256_set1_epi32(transmute_copy::<T, i32>(&best)),
            _ => _mm256_set1_epi64x(transmute_copy::<T, i64>(&best)),
        }
    };
    let p = x.as_ptr().cast::<u8>();
    // The mask of the 32 bytes from byte `at` (a macro: a closure would not have AVX2).
    macro_rules! hits {
        ($at:expr) => {{
            let at: usize = $at;
            debug_assert!(at + 32 <= bytes);
            // SAFETY: bytes `at..at + 32` lie in `x` (every use keeps `at + 32 <= bytes`); the
            // load is unaligned.
            let v = unsafe { _mm256_loadu_si256(p.add(at).cast()) };
            let eq = match size {
                1 => _mm256_cmpeq_epi8(v, want),
                2 => _mm256_cmpeq_epi16(v, want),
                4 => _mm256_cmpeq_epi32(v, want),
                _ => _mm256_cmpeq_epi64(v, want),
            };
            _mm256_movemask_epi8(eq) as u32
        }};
    }
    let mut at = 0;
    while at + 32 <= bytes {
        let m = hits!(at);
        if m != 0 {
            return (at + m.trailing_zeros() as usize) / size;
        }
        at += 32;
    }
    // The last 32 bytes, overlapping those searched (where it was not): `bytes - 32` is a
    // whole number of elements, as 32 and `bytes` are.
    let last = bytes - 32;
    match hits!(last) {
        0 => x.iter().position(|&v| v == best).unwrap_or(0),
        m => (last + m.trailing_zeros() as usize) / size,
    }
}
