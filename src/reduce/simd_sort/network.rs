//! The vector sorts' sorting network: up to 16 registers of keys (with AVX-512 256 `u32` or 128
//! `u64`, with AVX2 half as many) sorted by Batcher's bitonic network without leaving the
//! registers. Written once as a macro, expanded in each unit's and key width's module beside the
//! quicksort (the parent module), with that width's operations in scope as `v` (`lanes512::w32`,
//! `lanes256::w64`, ...) and the unit's target features as `$f`.

/// Expands to `network` (sort a short run) and what it needs, for the key width `v`.
macro_rules! network {
    ($f:literal, [$($count:pat => $r:literal $u:literal),* $(,)?]) => {
        /// Sorts at most `NETWORK_REGISTERS * W` keys: in the `U` registers they fill of a
        /// network for `R` (a power of two), the rest of the last one padded with `Key::MAX`,
        /// which sorts last; equal keys are indistinguishable, so the first `keys.len()` sorted
        /// keys are the answer. The network skips the registers past `U`. The instances are the
        /// expansion's list (`$count` registers filled => `R U`): with AVX-512 one for each
        /// count of registers, so no test is left in the network (more code for less time:
        /// BENCHMARKS.md); with AVX2 one for each power of two (half the time of a dependent's
        /// build that the AVX-512 list takes). With `MAP`, `keys` are bits mapped to keys by `f`
        /// as they are read, and back as they are written.
        #[target_feature(enable = $f)]
        #[inline]
        pub(super) fn network<const MAP: bool>(keys: &mut [v::Key], f: v::Flip) {
            if keys.len() <= 1 {
                return;
            }
            match keys.len().div_ceil(v::W) {
                $($count => in_registers::<$r, $u, MAP>(keys, f),)*
            }
        }

        /// `keys` (at most `W * U`) sorted in `U` of `R` registers, mapped by `f` if `MAP`.
        #[target_feature(enable = $f)]
        #[inline]
        pub(super) fn in_registers<const R: usize, const U: usize, const MAP: bool>(
            keys: &mut [v::Key],
            f: v::Flip,
        ) {
            let n = keys.len();
            assert!(n <= v::W * U && U <= R);
            let fill = v::splat(v::Key::MAX);
            let mut x = [fill; R];
            // With `MAP`, padded with the bits whose key is `Key::MAX`.
            let fill_bits = if MAP { v::from_key(fill, f) } else { fill };
            super::network::each_register!(r < R => {
                let from = (v::W * r).min(n);
                let y = v::load_part(&keys[from..(from + v::W).min(n)], fill_bits);
                x[r] = if MAP { v::to_key(y, f) } else { y };
            });
            // Batcher's bitonic network, written out (`bitonic!`): the compiler does not inline
            // every step function of so many instances, and then the keys go through memory.
            let x = &mut x;
            super::network::bitonic!(x, R, U);
            super::network::each_register!(r < R => {
                let from = (v::W * r).min(n);
                let y = if MAP { v::from_key(x[r], f) } else { x[r] };
                v::store_part(&mut keys[from..(from + v::W).min(n)], y);
            });
        }

        /// The lanes with bit `j` of their index set.
        const fn upper_lanes(j: usize) -> v::Mask {
            let mut m = 0;
            let mut i = 0;
            while i < v::W {
                if i & j != 0 {
                    m |= 1 << i;
                }
                i += 1;
            }
            m
        }
    };
}

/// Batcher's bitonic sorting network on the `W * $r` keys of the registers `$x` (key
/// `W * r + lane`), in the form whose comparators all put the smaller key first: sorted blocks
/// of `k / 2` merge into blocks of `k` by [`flip!`] (key `i` against `i ^ (k - 1)`, the second
/// block read backwards) and then [`clean!`] at `k / 4, ..., 1` (key `i` against `i ^ j`), for
/// `k = 2, 4, ..., W * $r`. Every index is a constant once the compiler unrolls the loops over
/// registers, so the keys stay in registers (mostly: see [`each_register!`]). Keys from
/// register `$u` on are all `Key::MAX` padding: a comparator can only keep them there, so those
/// registers are skipped.
macro_rules! bitonic {
    ($x:ident, $r:ident, $u:ident) => {
        super::network::merge!($x, $r, $u; 2:);
        super::network::merge!($x, $r, $u; 4: 1);
        super::network::merge!($x, $r, $u; 8: 2 1);
        super::network::merge!($x, $r, $u; 16: 4 2 1);
        super::network::merge!($x, $r, $u; 32: 8 4 2 1);
        super::network::merge!($x, $r, $u; 64: 16 8 4 2 1);
        super::network::merge!($x, $r, $u; 128: 32 16 8 4 2 1);
        super::network::merge!($x, $r, $u; 256: 64 32 16 8 4 2 1);
    };
}

/// Merging sorted blocks of `$k / 2` keys of the registers `$x` into blocks of `$k`
/// ([`flip!`], then [`clean!`] at each `$j`), if the registers hold `$k` keys.
macro_rules! merge {
    ($x:ident, $r:ident, $u:ident; $k:literal: $($j:literal)*) => {
        if $k <= v::W * $r {
            super::network::flip!($x, $r, $u, $k);
            $( super::network::clean!($x, $r, $u, $j); )*
        }
    };
}

/// The first step of merging two sorted blocks of `$k / 2` into `$k`: key `i` of the first half
/// against key `i ^ ($k - 1)`, the mirror image in the second half. Within a register
/// (`$k <= W`) a permutation, a minimum, and a maximum written only into the second half's lanes;
/// across registers each pair's second register reversed, a minimum and a maximum, and the
/// maximum reversed back.
macro_rules! flip {
    ($x:ident, $r:ident, $u:ident, $k:literal) => {
        if $k <= v::W {
            let upper = const { upper_lanes($k / 2) };
            super::network::each_register!(r < $u => {
                let other = v::mirror::<$k>($x[r]);
                let lo = v::min($x[r], other);
                $x[r] = v::max_where(lo, upper, $x[r], other);
            });
        } else {
            super::network::each_register!(r < $u => {
                let q = r ^ ($k / v::W - 1);
                if q > r && q < $u {
                    let back = v::mirror::<{ v::W }>($x[q]);
                    let (lo, hi) = (v::min($x[r], back), v::max($x[r], back));
                    $x[r] = lo;
                    $x[q] = v::mirror::<{ v::W }>(hi);
                }
            });
        }
    };
}

/// A half-cleaner step: key `i` against key `i ^ $j`, the smaller first. Partners in other
/// registers (`$j >= W`) are a minimum and a maximum of two registers; partners in the same
/// register a permutation, a minimum, and a maximum written only into the lanes with bit `$j`.
macro_rules! clean {
    ($x:ident, $r:ident, $u:ident, $j:literal) => {
        if $j >= v::W {
            super::network::each_register!(r < $u => {
                let q = r ^ ($j / v::W);
                if q > r && q < $u {
                    ($x[r], $x[q]) = (v::min($x[r], $x[q]), v::max($x[r], $x[q]));
                }
            });
        } else {
            let upper = const { upper_lanes($j) };
            super::network::each_register!(r < $u => {
                let other = v::partner::<$j>($x[r]);
                let lo = v::min($x[r], other);
                $x[r] = v::max_where(lo, upper, $x[r], other);
            });
        }
    };
}

/// `$body` for each `$r` below `$n` (at most 16), as a loop of constant length. Written out
/// instead (16 copies a step), the network sorted 15-18% faster (`[1000, 1000]` f32 2.05 ms
/// against 2.43) but was 22k lines of every dependent's front end, 1.7 s of its build
/// (BENCHMARKS.md, "Build time of a dependent").
macro_rules! each_register {
    ($r:ident < $n:ident => $body:block) => {
        const { assert!($n <= 16) };
        for $r in 0..$n {
            $body
        }
    };
}

pub(super) use {bitonic, clean, each_register, flip, merge, network};
