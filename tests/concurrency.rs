//! Many dynamic operations from 8 threads at once: element-wise ops small (on the calling
//! thread) and large (split over threads by the library itself), reductions, sorts, products and
//! views, each result checked against a plain loop in this file. A library that shares state
//! between calls (a pool, a scratch buffer, a thread-local) shows it here as a wrong element.

use shaped::{DynTensor, s};

/// A deterministic pseudo-random sequence per thread (xorshift), so a failure reproduces.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }
}

/// A `[rows, cols]` tensor of small integers (exact in f64 sums) seeded by `seed`.
fn matrix(rows: usize, cols: usize, seed: u64) -> (DynTensor<f64>, Vec<f64>) {
    let v: Vec<f64> = (0..rows * cols)
        .map(|i| ((i as u64 * 31 + seed * 17) % 23) as f64 - 11.0)
        .collect();
    (
        DynTensor::from_shape_vec(&[rows, cols], v.clone()).unwrap(),
        v,
    )
}

/// One randomly chosen operation, checked against a plain loop; returns which kind it was.
fn one_op(rng: &mut Rng, seed: u64) -> usize {
    let (rows, cols) = (1 + rng.below(40), 1 + rng.below(40));
    let (a, av) = matrix(rows, cols, seed);
    match rng.below(6) {
        0 => {
            // Broadcast add of a row.
            let (r, rv) = matrix(1, cols, seed + 1);
            let got = a.try_add(&r).unwrap();
            for i in 0..rows {
                for j in 0..cols {
                    assert_eq!(got.as_slice()[i * cols + j], av[i * cols + j] + rv[j]);
                }
            }
            0
        }
        1 => {
            // A reversed, transposed view times a tensor.
            let v = a.try_slice(&s![..;-1, ..]).unwrap();
            let (b, bv) = matrix(cols, rows, seed + 2);
            let got = v.t().try_mul(&b).unwrap();
            for j in 0..cols {
                for i in 0..rows {
                    let x = av[(rows - 1 - i) * cols + j];
                    assert_eq!(got.as_slice()[j * rows + i], x * bv[j * rows + i]);
                }
            }
            1
        }
        2 => {
            let got = a.try_sum(0, false).unwrap();
            for j in 0..cols {
                let want: f64 = (0..rows).map(|i| av[i * cols + j]).sum();
                assert_eq!(got.as_slice()[j], want);
            }
            2
        }
        3 => {
            let got = a.try_sort(-1).unwrap();
            for i in 0..rows {
                let mut want = av[i * cols..(i + 1) * cols].to_vec();
                want.sort_by(f64::total_cmp);
                assert_eq!(&got.as_slice()[i * cols..(i + 1) * cols], &want[..]);
            }
            3
        }
        4 => {
            let (b, bv) = matrix(cols, 3, seed + 3);
            let got = a.try_matmul(&b).unwrap();
            for i in 0..rows {
                for k in 0..3 {
                    let want: f64 = (0..cols).map(|j| av[i * cols + j] * bv[j * 3 + k]).sum();
                    assert_eq!(got.as_slice()[i * 3 + k], want);
                }
            }
            4
        }
        _ => {
            let got = a.try_argmax(Some(-1), false).unwrap();
            for i in 0..rows {
                let row = &av[i * cols..(i + 1) * cols];
                let best = row.iter().copied().fold(f64::MIN, f64::max);
                assert_eq!(
                    got.as_slice()[i],
                    row.iter().position(|&x| x == best).unwrap()
                );
            }
            5
        }
    }
}

#[test]
fn thousands_of_mixed_operations_from_eight_threads_agree_with_plain_loops() {
    let per_thread = if cfg!(miri) { 20 } else { 600 };
    let kinds: Vec<[usize; 6]> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..8u64)
            .map(|t| {
                scope.spawn(move || {
                    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (t + 1));
                    let mut ran = [0; 6];
                    for k in 0..per_thread {
                        ran[one_op(&mut rng, t * 10_000 + k)] += 1;
                    }
                    ran
                })
            })
            .collect();
        threads.into_iter().map(|h| h.join().unwrap()).collect()
    });
    // Every thread ran every kind of operation, and all of them ran.
    assert!(kinds.iter().all(|k| k.iter().all(|&n| n > 0)), "{kinds:?}");
    let total: usize = kinds.iter().flatten().sum();
    assert_eq!(total, 8 * per_thread as usize);
}

#[test]
fn large_split_operations_from_eight_threads_at_once() {
    // 1 << 20 f32 outputs (4 MiB) are split over threads by the library: eight callers at once
    // each get their own, whole, correct result.
    let n = if cfg!(miri) { 1 << 10 } else { 1 << 20 };
    let rounds = if cfg!(miri) { 1 } else { 3 };
    std::thread::scope(|scope| {
        for t in 0..8u32 {
            scope.spawn(move || {
                let a = DynTensor::from_fn(&[n / 1024, 1024], |i| (i[0] * 1024 + i[1]) as f32);
                let b = DynTensor::from_fn(&[1024], |i| (i[0] as u32 * 3 + t) as f32);
                for _ in 0..rounds {
                    let sum = a.try_add(&b).unwrap();
                    let prod = a.try_mul(&a).unwrap();
                    for (i, (&s, &p)) in sum.as_slice().iter().zip(prod.as_slice()).enumerate() {
                        let x = i as f32;
                        assert_eq!(s, x + ((i % 1024) as u32 * 3 + t) as f32, "thread {t}, {i}");
                        assert_eq!(p, x * x, "thread {t}, {i}");
                    }
                }
            });
        }
    });
}
