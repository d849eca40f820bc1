//! The vector sorts' sorting network: up to 16 registers of keys (with AVX-512 256 `u32` or 128
//! `u64`, with AVX2 half as many) sorted by Batcher's bitonic network without leaving the
//! registers. Written once as a macro, expanded in each unit's and key width's module beside the
//! quicksort (the parent module), with that width's operations in scope as `v` (`lanes512::w32`,
//! `lanes256::w64`, ...) and the unit's target features as `$f`.

/// Expands to `network` (sort a short run) and what it needs, for the key width `v`.
macro_rules! network {
    ($f:literal, $b:tt, [$($lo:literal..=$hi:literal => $r:literal),* $(,)?]) => {
        /// Sorts at most `NETWORK_REGISTERS * W` keys: in the `U` registers they fill of a
        /// network for `R` (a power of two), the rest of the last one padded with `LAST`,
        /// which sorts last; equal keys are indistinguishable, so the first `keys.len()` sorted
        /// keys are the answer. The network skips the registers past `U`. The instances are the
        /// expansion's list (`lo..=hi` registers filled => `R`, with `U = hi`), constants all,
        /// so no test is left in the network: one for every other count of registers, which
        /// sorts a register of padding at most (one for each count was 0.6 s more of a
        /// dependent's build; BENCHMARKS.md). With `map`, `keys` are bits, mapped to keys and
        /// back in the registers.
        #[target_feature(enable = $f)]
        #[inline]
        pub(super) fn network(keys: &mut [v::Key], map: Option<v::Flip>) {
            if keys.len() <= 1 {
                return;
            }
            match keys.len().div_ceil(v::W) {
                $($lo..=$hi => in_registers::<$r, $hi, { $lo - 1 }>(keys, map),)*
                _ => unreachable!("at most NETWORK_REGISTERS registers"),
            }
        }

        /// `keys` (more than `W * F`, at most `W * U`) sorted in `U` of `R` registers. The
        /// first `F` registers are whole, read and written without a mask: those loops have a
        /// constant length and a body without a branch, so the compiler unrolls them and the
        /// keys stay in registers (a loop over all `R` with the test in it was not unrolled).
        /// With `map`, `keys` are bits: mapped to keys after the loads and back before the
        /// stores (a run the quicksort never splits takes no passes of its own for that), the
        /// padding loaded as the bits of `LAST`. A run-time argument, not a parameter of the
        /// instance: a second set of instances was 0.6 s more of a dependent's build.
        #[target_feature(enable = $f)]
        #[inline]
        pub(super) fn in_registers<const R: usize, const U: usize, const F: usize>(
            keys: &mut [v::Key],
            map: Option<v::Flip>,
        ) {
            let n = keys.len();
            assert!(v::W * F < n && n <= v::W * U && U <= R);
            let fill = v::splat(v::LAST);
            let pad = map.map_or(fill, |f| v::from_key(fill, f));
            let mut x = [fill; R];
            let (whole, rest) = keys.split_at_mut(v::W * F);
            let (whole, []) = whole.as_chunks_mut::<{ v::W }>() else {
                unreachable!("W * F keys");
            };
            for (r, chunk) in whole.iter().enumerate() {
                x[r] = v::load(chunk);
            }
            let m = rest.len();
            for r in F..U {
                let from = (v::W * (r - F)).min(m);
                x[r] = v::load_part(&rest[from..(from + v::W).min(m)], pad);
            }
            if let Some(f) = map {
                super::network::each_register!(r in 0..U => { x[r] = v::to_key(x[r], f); });
            }
            // Batcher's bitonic network, written out (`bitonic!`): the compiler does not inline
            // every step function of so many instances, and then the keys go through memory.
            let x = &mut x;
            super::network::bitonic!(x, R, U, $b);
            if let Some(f) = map {
                super::network::each_register!(r in 0..U => { x[r] = v::from_key(x[r], f); });
            }
            for (r, chunk) in whole.iter_mut().enumerate() {
                v::store_whole(chunk, x[r]);
            }
            for r in F..U {
                let from = (v::W * (r - F)).min(m);
                v::store_part(&mut rest[from..(from + v::W).min(m)], x[r]);
            }
        }

        /// The registers in whole blocks of `b` among the first `u` (none if `b` is 0).
        const fn whole_blocks(u: usize, b: usize) -> usize {
            if b == 0 { 0 } else { u / b * b }
        }

        /// The registers in each sorted run before the merges across registers: `r / b` where
        /// one network sorts the lanes across all `r` registers (all keys, more than a block
        /// of `b`), else 1.
        const fn presorted(r: usize, u: usize, b: usize) -> usize {
            if b > 0 && u == r && r > b { r / b } else { 1 }
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
/// of `k / 2` merge into blocks of `k` by a flip (key `i` against `i ^ (k - 1)`, the second
/// block read backwards) and then half-cleaners at `k / 4, ..., 1` (key `i` against `i ^ j`),
/// for `k = 2, 4, ..., W * $r`. Keys from register `$u` on are all `LAST` padding: a
/// comparator can only keep them there, so those registers are skipped.
///
/// Merges of blocks within registers (`k <= W`) are [`within!`]; merges of blocks of registers
/// are [`across!`], whose pairs of registers are written out, each step a list of them, so that
/// every index is a constant and the keys stay in registers (a loop over the pairs with a test
/// in it was not unrolled, and its keys went through memory).
///
/// Comparators within a register cost a permutation and a blend besides the minimum and the
/// maximum. Where the unit can transpose a block of `W` registers (`$b`, the unit's `W`; 0 where
/// it cannot, and then none of that code is expanded), each whole
/// block among the first `$u` registers takes them across registers instead: its `W` registers
/// are sorted lane by lane ([`columns!`]) and transposed, which sorts each register (the merges
/// up to `k = W`), and after each later merge's steps across registers the block is transposed,
/// its keys compared at lane distances `W / 2, ..., 1` as registers at those distances, and
/// transposed back ([`transposed_cleans!`]). The registers after the whole blocks take every
/// step within registers. Where all `$r` registers hold keys and there are more than `W` (the
/// instances for 8 and 16 registers), one network sorts the lanes across all of them instead,
/// and the merges start from runs of `$r / W` registers ([`all_columns!`]).
macro_rules! bitonic {
    ($x:ident, $r:ident, $u:ident, $b:tt) => {
        const { assert!($b == 0 || $b == v::W) };
        // The registers in whole blocks of `W`, which transpose.
        let t = const { whole_blocks($u, $b) };
        // Blocks of this many registers are sorted before the merges across registers.
        let sorted = const { presorted($r, $u, $b) };
        if sorted > 1 {
            super::network::all_columns!($x, $r, $b);
        } else {
            super::network::columns!($x, t, $b);
        }
        super::network::within!($x, $u, t; 2:);
        super::network::within!($x, $u, t; 4: 1);
        super::network::within!($x, $u, t; 8: 2 1);
        super::network::within!($x, $u, t; 16: 4 2 1);
        // Blocks of 2, 4, 8, 16 registers: the flip's pairs, then each half-cleaner's.
        super::network::across!($x, $r, $u, t, sorted, $b; 2:
            [0 1, 2 3, 4 5, 6 7, 8 9, 10 11, 12 13, 14 15]);
        super::network::across!($x, $r, $u, t, sorted, $b; 4:
            [0 3, 1 2, 4 7, 5 6, 8 11, 9 10, 12 15, 13 14]
            [0 1, 2 3, 4 5, 6 7, 8 9, 10 11, 12 13, 14 15]);
        super::network::across!($x, $r, $u, t, sorted, $b; 8:
            [0 7, 1 6, 2 5, 3 4, 8 15, 9 14, 10 13, 11 12]
            [0 2, 1 3, 4 6, 5 7, 8 10, 9 11, 12 14, 13 15]
            [0 1, 2 3, 4 5, 6 7, 8 9, 10 11, 12 13, 14 15]);
        super::network::across!($x, $r, $u, t, sorted, $b; 16:
            [0 15, 1 14, 2 13, 3 12, 4 11, 5 10, 6 9, 7 8]
            [0 4, 1 5, 2 6, 3 7, 8 12, 9 13, 10 14, 11 15]
            [0 2, 1 3, 4 6, 5 7, 8 10, 9 11, 12 14, 13 15]
            [0 1, 2 3, 4 5, 6 7, 8 9, 10 11, 12 13, 14 15]);
    };
}

/// Merging sorted blocks of `$k / 2` keys into blocks of `$k` within each register (`$k <= W`;
/// registers `$t..$u`, the first `$t` being sorted by [`columns!`]): the flip, a permutation, a
/// minimum and a maximum written only into the second half's lanes; then the same at each
/// `$j`.
macro_rules! within {
    ($x:ident, $u:ident, $t:ident; $k:literal: $($j:literal)*) => {
        if $k <= v::W {
            let upper = const { upper_lanes($k / 2) };
            super::network::each_register!(r in $t..$u => {
                let other = v::mirror::<$k>($x[r]);
                let lo = v::min($x[r], other);
                $x[r] = v::max_where(lo, upper, $x[r], other);
            });
            $( super::network::lane_clean!($x, $u, $t, $j); )*
        }
    };
}

/// Merging sorted blocks of `$m / 2` registers into blocks of `$m` (if there are `$m`, and the
/// blocks of `$sorted` registers are shorter): the
/// flip's pairs (the first list: each pair's second register reversed, a minimum and a
/// maximum, and the maximum reversed back), then each half-cleaner's pairs across registers
/// (the other lists), then the half-cleaners within registers at lane distances `W / 2, ...,
/// 1`. A pair is skipped when its second register is padding (`$u` on).
macro_rules! across {
    ($x:ident, $r:ident, $u:ident, $t:ident, $sorted:ident, $b:tt; $m:literal:
        [$($fa:literal $fb:literal),*] $([$($ca:literal $cb:literal),*])*) => {
        if $m <= $r && $m > $sorted {
            $(
                if $fb < $u {
                    let back = v::mirror::<{ v::W }>($x[$fb]);
                    let (lo, hi) = (v::min($x[$fa], back), v::max($x[$fa], back));
                    $x[$fa] = lo;
                    $x[$fb] = v::mirror::<{ v::W }>(hi);
                }
            )*
            $( $( if $cb < $u { super::network::exchange!($x, $ca, $cb); } )* )*
            super::network::transposed_cleans!($x, $t, $b);
            super::network::lane_clean!($x, $u, $t, 8);
            super::network::lane_clean!($x, $u, $t, 4);
            super::network::lane_clean!($x, $u, $t, 2);
            super::network::lane_clean!($x, $u, $t, 1);
        }
    };
}

/// A half-cleaner step within registers `$t..$u` (if `$j < W`): key `i` against key `i ^ $j`
/// of the same register, the smaller first: a permutation, a minimum, and a maximum written
/// only into the lanes with bit `$j`.
macro_rules! lane_clean {
    ($x:ident, $u:ident, $t:ident, $j:literal) => {
        if $j < v::W {
            let upper = const { upper_lanes($j) };
            super::network::each_register!(r in $t..$u => {
                let other = v::partner::<$j>($x[r]);
                let lo = v::min($x[r], other);
                $x[r] = v::max_where(lo, upper, $x[r], other);
            });
        }
    };
}

/// Registers `$a` and `$b` of `$x` replaced by their lanes' minima and maxima.
macro_rules! exchange {
    ($x:ident, $a:expr, $b:expr) => {
        ($x[$a], $x[$b]) = (v::min($x[$a], $x[$b]), v::max($x[$a], $x[$b]))
    };
}

/// The first `$t` registers of `$x` (whole blocks of `W`) each sorted: in each block, every lane
/// sorted across the block's registers by a sorting network on `W` inputs (4 or 8: the fewest
/// comparators known, 5 and 19), then the block transposed, so that register `i` holds lane
/// `i`'s keys in order. The comparators are written out: a loop over a table of them is not
/// unrolled, and the keys then go through memory.
macro_rules! columns {
    ($x:ident, $t:ident, 0) => {};
    ($x:ident, $t:ident, $b:tt) => {
        // `$t` is whole blocks: no remainder.
        for block in $x[..$t].as_chunks_mut::<$b>().0 {
            super::network::inputs!($b, super::network::exchanges; block;);
            v::transpose(block);
        }
    };
}

/// All `$r` registers of `$x` (8 or 16, a multiple of `W`; none padding) sorted lane by lane by
/// one sorting network on `$r` inputs, then each block of `W` transposed and the registers
/// renamed, so that the registers hold `W` sorted runs of `$r / W` registers each: what the
/// merges up to blocks of `$r / W` registers would give, with fewer comparators (16 inputs: 60
/// against 76 registers compared) and no transposition but one. Lane `j` of the block `b`'s
/// registers holds keys `b * W .. (b + 1) * W` of run `j`, which become register
/// `j * $r / W + b`.
macro_rules! all_columns {
    ($x:ident, $r:ident, 0) => {
        unreachable!("no transposition")
    };
    // The lanes sorted across the registers (a network of 8 registers is one block of 8 keys
    // to a register: `columns!`).
    (@sort $x:ident, $r:ident, 4) => {
        match $r {
            8 => super::network::inputs!(8, super::network::exchanges; $x;),
            16 => super::network::inputs!(16, super::network::exchanges; $x;),
            _ => unreachable!("no sorting network on {} registers", $r),
        }
    };
    (@sort $x:ident, $r:ident, 8) => {
        match $r {
            16 => super::network::inputs!(16, super::network::exchanges; $x;),
            _ => unreachable!("no sorting network on {} registers", $r),
        }
    };
    ($x:ident, $r:ident, $b:tt) => {
        super::network::all_columns!(@sort $x, $r, $b);
        // `$r` is whole blocks: no remainder.
        for block in $x.as_chunks_mut::<$b>().0 {
            v::transpose(block);
        }
        let columns = *$x;
        for j in 0..$b {
            for b in 0..$r / $b {
                $x[j * ($r / $b) + b] = columns[b * $b + j];
            }
        }
    };
}

/// `$then!($($args)* pairs)` with the pairs of the sorting network on `$n` inputs (4, 8 or 16)
/// with the fewest comparators known (5, 19 and, for 16, Green's 60: Knuth, The Art of
/// Computer Programming 3, 5.3.4); each pair `a b` puts the smaller key at `a`.
macro_rules! inputs {
    (4, $($then:ident)::+; $($args:tt)*) => {
        $($then)::+!($($args)* 0 1, 2 3, 0 2, 1 3, 1 2)
    };
    (8, $($then:ident)::+; $($args:tt)*) => {
        $($then)::+!($($args)*
            0 2, 1 3, 4 6, 5 7, 0 4, 1 5, 2 6, 3 7, 0 1, 2 3, 4 5, 6 7,
            2 4, 3 5, 1 4, 3 6, 1 2, 3 4, 5 6)
    };
    (16, $($then:ident)::+; $($args:tt)*) => {
        $($then)::+!($($args)*
            0 1, 2 3, 4 5, 6 7, 8 9, 10 11, 12 13, 14 15,
            0 2, 4 6, 8 10, 12 14, 1 3, 5 7, 9 11, 13 15,
            0 4, 8 12, 1 5, 9 13, 2 6, 10 14, 3 7, 11 15,
            0 8, 1 9, 2 10, 3 11, 4 12, 5 13, 6 14, 7 15,
            5 10, 6 9, 3 12, 13 14, 7 11, 1 2, 4 8,
            1 4, 7 13, 2 8, 11 14, 5 6, 9 10,
            2 4, 11 13, 3 8, 7 12,
            6 8, 10 12, 3 5, 7 9,
            3 4, 5 6, 7 8, 9 10, 11 12,
            6 7, 8 9)
    };
}

/// The steps within registers at lane distances `W / 2, ..., 1` on the first `$t` registers of
/// `$x` (whole blocks of `W`): each block transposed, so that lane `i` of register `r` is lane
/// `r` of register `i` and the partners at lane distance `j` are registers at distance `j`,
/// compared across registers, and transposed back.
macro_rules! transposed_cleans {
    ($x:ident, $t:ident, 0) => {};
    ($x:ident, $t:ident, $b:tt) => {
        // `$t` is whole blocks: no remainder.
        for block in $x[..$t].as_chunks_mut::<$b>().0 {
            v::transpose(block);
            super::network::transposed_cleans!(@steps block, $b);
            v::transpose(block);
        }
    };
    (@steps $block:ident, 4) => {
        super::network::exchanges!($block; 0 2, 1 3, 0 1, 2 3)
    };
    (@steps $block:ident, 8) => {
        super::network::exchanges!($block;
            0 4, 1 5, 2 6, 3 7, 0 2, 1 3, 4 6, 5 7, 0 1, 2 3, 4 5, 6 7)
    };
}

/// [`exchange!`] of each pair of registers `$a $b` of `$x`, in turn.
macro_rules! exchanges {
    ($x:ident; $($a:literal $b:literal),*) => {
        { $( super::network::exchange!($x, $a, $b); )* }
    };
}

/// `$body` for each `$r` in `$from..$n` (`$n` at most 16), as a loop of constant length.
/// Written out instead (16 copies a step), the network sorted 15-18% faster (`[1000, 1000]` f32
/// 2.05 ms against 2.43) but was 22k lines of every dependent's front end, 1.7 s of its build
/// (BENCHMARKS.md, "Build time of a dependent").
macro_rules! each_register {
    ($r:ident in $from:tt..$n:ident => $body:block) => {
        const { assert!($n <= 16) };
        for $r in $from..$n {
            $body
        }
    };
}

pub(super) use {
    across, all_columns, bitonic, columns, each_register, exchange, exchanges, inputs, lane_clean,
    network, transposed_cleans, within,
};
