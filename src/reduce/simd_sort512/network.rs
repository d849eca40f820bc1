//! The AVX-512 sort's sorting network: up to 16 registers of keys (256 `u32` or 128 `u64`)
//! sorted by Batcher's bitonic network without leaving the registers. Written once as a macro,
//! expanded in each key width's module beside the quicksort (the parent module), with that
//! width's operations in scope as `v` (`lanes::w32` or `lanes::w64`).

/// Expands to `network` (sort a short run) and what it needs, for the key width `v`.
macro_rules! network {
    () => {
        /// Sorts at most `16 * W` keys: padded with `Key::MAX` to 1, 2, 4, 8 or 16 registers
        /// and sorted there. The padding sorts last and equal keys are indistinguishable, so
        /// the first `keys.len()` sorted keys are the answer.
        #[target_feature(enable = "avx512f,popcnt")]
        pub(super) fn network(keys: &mut [v::Key]) {
            match keys.len().div_ceil(v::W) {
                _ if keys.len() <= 1 => {}
                1 => in_registers::<1>(keys),
                2 => in_registers::<2>(keys),
                3..=4 => in_registers::<4>(keys),
                5..=8 => in_registers::<8>(keys),
                _ => in_registers::<16>(keys),
            }
        }

        /// `keys` (at most `W * R`) sorted in `R` registers.
        #[target_feature(enable = "avx512f,popcnt")]
        pub(super) fn in_registers<const R: usize>(keys: &mut [v::Key]) {
            let n = keys.len();
            assert!(n <= v::W * R);
            let fill = v::splat(v::Key::MAX);
            let mut x = [fill; R];
            for (r, x) in x.iter_mut().enumerate() {
                let from = (v::W * r).min(n);
                *x = v::load_part(&keys[from..(from + v::W).min(n)], fill);
            }
            bitonic(&mut x);
            for (r, x) in x.iter().enumerate() {
                let from = (v::W * r).min(n);
                v::store_part(&mut keys[from..(from + v::W).min(n)], *x);
            }
        }

        /// Batcher's bitonic sorting network on the `W * R` keys of `x` (key `W * r + lane`),
        /// ascending: for blocks of `k = 2, 4, ..., W * R` keys, the steps `j = k / 2, ..., 1`
        /// of [`step`], written out so that every index is a constant and `x` stays in
        /// registers.
        #[target_feature(enable = "avx512f,popcnt")]
        #[inline]
        fn bitonic<const R: usize>(x: &mut [v::V; R]) {
            super::network::merge!(x, R; 2: 1);
            super::network::merge!(x, R; 4: 2 1);
            super::network::merge!(x, R; 8: 4 2 1);
            super::network::merge!(x, R; 16: 8 4 2 1);
            super::network::merge!(x, R; 32: 16 8 4 2 1);
            super::network::merge!(x, R; 64: 32 16 8 4 2 1);
            super::network::merge!(x, R; 128: 64 32 16 8 4 2 1);
            super::network::merge!(x, R; 256: 128 64 32 16 8 4 2 1);
        }

        /// One step of the network: every key against the one `J` places away; in a block of
        /// `K` keys whose index has bit `K` clear the smaller goes first, otherwise the larger.
        /// Partners in other registers (`J >= W`) are a minimum and a maximum of two registers;
        /// partners in the same register are a permutation, a minimum, and a maximum written
        /// only into the lanes that take the larger key.
        #[target_feature(enable = "avx512f,popcnt")]
        #[inline]
        fn step<const K: usize, const J: usize, const R: usize>(x: &mut [v::V; R]) {
            if J >= v::W {
                for r in 0..R {
                    let q = r ^ (J / v::W);
                    if q > r {
                        let (lo, hi) = (v::min(x[r], x[q]), v::max(x[r], x[q]));
                        (x[r], x[q]) = if (v::W * r) & K == 0 { (lo, hi) } else { (hi, lo) };
                    }
                }
                return;
            }
            // The lanes taking the larger key in an ascending block (or, for blocks shorter
            // than a register, in the first register: the same in every one).
            let up = const { larger_lanes(K, J) };
            for (r, y) in x.iter_mut().enumerate() {
                let other = v::partner::<J>(*y);
                let lo = v::min(*y, other);
                let m = if (v::W * r) & K == 0 { up } else { !up };
                *y = v::max_where(lo, m, *y, other);
            }
        }

        /// The lanes of the first register that take the larger key of their pair in step
        /// `(k, j)`: the second of the pair in an ascending block, the first in a descending
        /// one.
        const fn larger_lanes(k: usize, j: usize) -> v::Mask {
            let mut m = 0;
            let mut i = 0;
            while i < v::W {
                if (i & j != 0) != (i & k != 0) {
                    m |= 1 << i;
                }
                i += 1;
            }
            m
        }
    };
}

/// The steps `$j` of blocks of `$k` keys on the registers `$x`, if there are `$k` keys.
macro_rules! merge {
    ($x:ident, $r:ident; $k:literal: $($j:literal)*) => {
        if $k <= v::W * $r {
            $( step::<$k, $j, $r>($x); )*
        }
    };
}

pub(super) use {merge, network};
