//! The planner's unit tests: the odometer past eight axes, the fast paths, negative strides.

use alloc::vec::Vec;
use core::mem::MaybeUninit;

use super::*;

fn run_zip(dims: &[usize], a: Src<'_, i64>, b: Src<'_, i64>) -> Vec<i64> {
    let n = dims.iter().product();
    let mut out = alloc::vec![MaybeUninit::new(-1); n];
    zip(dims, a, b, &mut out, &mut |x, y| x * 100 + y);
    // SAFETY: (test) every slot was initialised to -1 above, so reading is sound whatever
    // the kernel wrote.
    out.iter().map(|x| unsafe { x.assume_init() }).collect()
}

#[test]
fn odometer_walks_rank_ten() {
    // [2,1,2,1,2,1,2,1,2,1] + [1,2,1,2,1,2,1,2,1,2]: no two adjacent axes coalesce, so ten
    // axes survive and the odometer walks the outer two (small enough for Miri).
    let ad = [2, 1, 2, 1, 2, 1, 2, 1, 2, 1];
    let bd = [1, 2, 1, 2, 1, 2, 1, 2, 1, 2];
    let dims = [2; 10];
    let row_major = |d: &[usize]| {
        let mut s = alloc::vec![0isize; d.len()];
        let mut acc = 1;
        for i in (0..d.len()).rev() {
            s[i] = acc;
            acc *= d[i] as isize;
        }
        s
    };
    let (sa, sb) = (row_major(&ad), row_major(&bd));
    let a: Vec<i64> = (0..32).collect();
    let b: Vec<i64> = (0..32).map(|x| -x).collect();
    let got = run_zip(
        &dims,
        Src {
            data: &a,
            base: 0,
            dims: &ad,
            strides: &sa,
        },
        Src {
            data: &b,
            base: 0,
            dims: &bd,
            strides: &sb,
        },
    );
    // Reference: the naive per-element index walk.
    let mut idx = [0usize; 10];
    for g in got {
        let pos = |d: &[usize], s: &[isize]| -> usize {
            idx.iter()
                .zip(d)
                .zip(s)
                .map(|((&i, &d), &s)| if d == 1 { 0 } else { i * s as usize })
                .sum()
        };
        assert_eq!(g, a[pos(&ad, &sa)] * 100 + b[pos(&bd, &sb)]);
        crate::layout::index::step_index(&mut idx, &dims);
    }
}

#[test]
fn scalar_and_same_shape_fast_paths() {
    let a = [1i64, 2, 3, 4];
    let s = [7i64];
    let got = run_zip(
        &[2, 2],
        Src {
            data: &a,
            base: 0,
            dims: &[2, 2],
            strides: &[2, 1],
        },
        Src {
            data: &s,
            base: 0,
            dims: &[],
            strides: &[],
        },
    );
    assert_eq!(got, [107, 207, 307, 407]);
    let got = run_zip(
        &[2, 2],
        Src {
            data: &a,
            base: 0,
            dims: &[2, 2],
            strides: &[2, 1],
        },
        Src {
            data: &a,
            base: 0,
            dims: &[2, 2],
            strides: &[2, 1],
        },
    );
    assert_eq!(got, [101, 202, 303, 404]);
}

#[test]
fn negative_strides_walk_backwards() {
    // a = [[0, 1, 2], [3, 4, 5]] read as a[::-1, ::-1]; b = its transpose read backwards on
    // the first axis. Every row kind and the planned kernels see wrapped strides.
    let a: Vec<i64> = (0..6).collect();
    let got = run_zip(
        &[2, 3],
        Src {
            data: &a,
            base: 5,
            dims: &[2, 3],
            strides: &[-3, -1],
        },
        Src {
            data: &a,
            base: 3,
            dims: &[2, 3],
            strides: &[-3, 1],
        },
    );
    assert_eq!(got, [503, 404, 305, 200, 101, 2]);
    // A reversed row beside a broadcast scalar, and a reversed column.
    let s = [7i64];
    let one = |base, dims: &'static [usize], strides: &'static [isize]| Src {
        data: &a,
        base,
        dims,
        strides,
    };
    let scalar = Src {
        data: &s,
        base: 0,
        dims: &[],
        strides: &[],
    };
    assert_eq!(
        run_zip(&[6], one(5, &[6], &[-1]), scalar),
        [507, 407, 307, 207, 107, 7]
    );
    assert_eq!(
        run_zip(&[2, 1], one(3, &[2, 1], &[-3, 1]), scalar),
        [307, 7]
    );
    let mut out = [MaybeUninit::new(0i64); 6];
    map(one(5, &[2, 3], &[-3, -1]), &mut out, &mut |x| *x);
    // SAFETY: (test) every slot was initialised above.
    let mapped: Vec<i64> = out.iter().map(|x| unsafe { x.assume_init() }).collect();
    assert_eq!(mapped, [5, 4, 3, 2, 1, 0]);
}

#[test]
fn packed_ignores_extent_one_axes() {
    assert!(packed(&[2, 1, 3], &[3, 99, 1]));
    assert!(!packed(&[2, 3], &[-3, 1]));
    assert!(!packed(&[2, 3], &[1, 2]));
    assert!(packed(&[], &[]));
}

#[test]
fn transposed_copies_run_in_tiles_with_ragged_edges() {
    // [13, 21] (and [16, 24]) read transposed: partial tiles on both edges, and full ones.
    for (r, c) in [(13usize, 21usize), (16, 24)] {
        let a: Vec<i64> = (0..(r * c) as i64).collect();
        let mut out = alloc::vec![MaybeUninit::new(-1i64); r * c];
        map(
            Src {
                data: &a,
                base: 0,
                dims: &[r, c],
                strides: &[1, r as isize],
            },
            &mut out,
            &mut |x| *x,
        );
        // SAFETY: (test) every slot was initialised above.
        let got: Vec<i64> = out.iter().map(|x| unsafe { x.assume_init() }).collect();
        for i in 0..r {
            for j in 0..c {
                assert_eq!(got[i * c + j], (j * r + i) as i64, "({i}, {j})");
            }
        }
    }
}

#[test]
fn zips_with_a_transposed_operand_run_in_tiles() {
    // Full tiles and ragged edges, the transposed operand on either side.
    for (r, c) in [(13usize, 21usize), (16, 8), (8, 24), (3, 9)] {
        let t: Vec<i64> = (0..(r * c) as i64).collect(); // read as [r, c] transposed
        let p: Vec<i64> = (0..(r * c) as i64).map(|x| 1000 * x).collect(); // packed [r, c]
        let tr = Src {
            data: &t,
            base: 0,
            dims: &[r, c],
            strides: &[1, r as isize],
        };
        let pk = Src {
            data: &p,
            base: 0,
            dims: &[r, c],
            strides: &[c as isize, 1],
        };
        let want = |i: usize, j: usize| (j * r + i) as i64 * 7 + 1000 * (i * c + j) as i64;
        let got = {
            let n = r * c;
            let mut out = alloc::vec![MaybeUninit::new(-1i64); n];
            zip(&[r, c], tr, pk, &mut out, &mut |x, y| x * 7 + y);
            // SAFETY: (test) every slot was initialised above.
            out.iter()
                .map(|x| unsafe { x.assume_init() })
                .collect::<Vec<_>>()
        };
        let flipped = {
            let n = r * c;
            let mut out = alloc::vec![MaybeUninit::new(-1i64); n];
            zip(&[r, c], pk, tr, &mut out, &mut |y, x| x * 7 + y);
            // SAFETY: (test) every slot was initialised above.
            out.iter()
                .map(|x| unsafe { x.assume_init() })
                .collect::<Vec<_>>()
        };
        for i in 0..r {
            for j in 0..c {
                assert_eq!(got[i * c + j], want(i, j), "[{r}, {c}] ({i}, {j})");
                assert_eq!(
                    flipped[i * c + j],
                    want(i, j),
                    "flipped [{r}, {c}] ({i}, {j})"
                );
            }
        }
    }
}
