//! The AVX-512 sort's sorting network: up to 16 registers of keys (256 `u32` or 128 `u64`)
//! sorted by Batcher's bitonic network without leaving the registers. Written once as a macro,
//! expanded in each key width's module beside the quicksort (the parent module), with that
//! width's operations in scope as `v` (`lanes::w32` or `lanes::w64`).

/// Expands to `network` (sort a short run) and what it needs, for the key width `v`.
macro_rules! network {
    () => {
        /// Sorts at most `16 * W` keys: padded with `Key::MAX` to 1, 2, 4, 8 or 16 registers
        /// and sorted there. The padding sorts last and equal keys are indistinguishable, so
        /// the first `keys.len()` sorted keys are the answer. With `MAP`, `keys` are bits mapped
        /// to keys by `f` as they are read, and back as they are written.
        #[target_feature(enable = "avx512f,popcnt")]
        pub(super) fn network<const MAP: bool>(keys: &mut [v::Key], f: v::Flip) {
            match keys.len().div_ceil(v::W) {
                _ if keys.len() <= 1 => {}
                1 => in_registers::<1, MAP>(keys, f),
                2 => in_registers::<2, MAP>(keys, f),
                3..=4 => in_registers::<4, MAP>(keys, f),
                5..=8 => in_registers::<8, MAP>(keys, f),
                _ => in_registers::<16, MAP>(keys, f),
            }
        }

        /// `keys` (at most `W * R`) sorted in `R` registers, mapped by `f` if `MAP`.
        #[target_feature(enable = "avx512f,popcnt")]
        pub(super) fn in_registers<const R: usize, const MAP: bool>(
            keys: &mut [v::Key],
            f: v::Flip,
        ) {
            let n = keys.len();
            assert!(n <= v::W * R);
            let fill = v::splat(v::Key::MAX);
            let mut x = [fill; R];
            // With `MAP`, padded with the bits whose key is `Key::MAX`.
            let fill_bits = if MAP { v::from_key(fill, f) } else { fill };
            super::network::unrolled!(r < R => {
                let from = (v::W * r).min(n);
                let y = v::load_part(&keys[from..(from + v::W).min(n)], fill_bits);
                x[r] = if MAP { v::to_key(y, f) } else { y };
            });
            bitonic(&mut x);
            super::network::unrolled!(r < R => {
                let from = (v::W * r).min(n);
                let y = if MAP { v::from_key(x[r], f) } else { x[r] };
                v::store_part(&mut keys[from..(from + v::W).min(n)], y);
            });
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
                super::network::unrolled!(r < R => {
                    let q = r ^ (J / v::W);
                    if q > r {
                        let (lo, hi) = (v::min(x[r], x[q]), v::max(x[r], x[q]));
                        (x[r], x[q]) = if (v::W * r) & K == 0 { (lo, hi) } else { (hi, lo) };
                    }
                });
                return;
            }
            // The lanes taking the larger key in an ascending block (or, for blocks shorter
            // than a register, in the first register: the same in every one).
            let up = const { larger_lanes(K, J) };
            super::network::unrolled!(r < R => {
                let other = v::partner::<J>(x[r]);
                let lo = v::min(x[r], other);
                let m = if (v::W * r) & K == 0 { up } else { !up };
                x[r] = v::max_where(lo, m, x[r], other);
            });
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

/// `$body` for each `$r` below `$n` (at most 16), written out: the compiler does not always
/// unroll a loop over 16 registers, and then keeps them in memory and picks directions at run
/// time.
macro_rules! unrolled {
    ($r:ident < $n:ident => $body:block) => {
        super::network::unrolled!(@ $r, $n, $body; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        const { assert!($n <= 16) };
    };
    (@ $r:ident, $n:ident, $body:block; $($i:literal)*) => {
        $(
            if $i < $n {
                let $r: usize = $i;
                $body
            }
        )*
    };
}

pub(super) use {merge, network, unrolled};
