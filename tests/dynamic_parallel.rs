//! Outputs large enough to be split over threads (`shaped::dynamic::parallel`) against a naive
//! reference written here from numpy's rule: every planner path (flat, bias-add rows in both
//! orientations, a general broadcast, a stride-0 view, a scalar, writing into an existing output),
//! sizes that do not divide into chunks, and a panic inside a chunk.
//!
//! Every test asks for four threads, so the split runs even on a one-core machine (threads then
//! take turns). They all set the same value, so running concurrently changes nothing.
//!
//! Under Miri (`cargo xtask miri`) the split thresholds are bytes, so each test runs the same
//! paths on shapes a thousand times smaller ([`sized`]).

use shaped::{DynTensor, set_max_threads};

#[path = "common/reference.rs"]
mod reference;
use reference::reference;

/// `full`, or under Miri `small` (the same planner path: same ranks, same broadcast pattern).
fn sized<'a>(full: &'a [usize], small: &'a [usize]) -> &'a [usize] {
    if cfg!(miri) { small } else { full }
}

fn values(n: usize, salt: usize) -> Vec<f64> {
    (0..n)
        .map(|i| ((i * 37 + salt) % 101) as f64 * 0.5 - 20.0)
        .collect()
}

fn tensor(dims: &[usize], salt: usize) -> DynTensor<f64> {
    let data = values(dims.iter().product(), salt);
    DynTensor::from_shape_vec(dims, data).unwrap()
}

fn check(a_dims: &[usize], b_dims: &[usize]) {
    set_max_threads(4);
    let (a, b) = (tensor(a_dims, 3), tensor(b_dims, 11));
    let sum = a.try_add(&b).unwrap();
    assert_eq!(
        sum.to_vec(),
        reference(&a, &b, |x, y| x + y),
        "{a_dims:?} + {b_dims:?}"
    );
    let prod = b.try_mul(&a).unwrap();
    assert_eq!(
        prod.to_vec(),
        reference(&b, &a, |x, y| x * y),
        "{b_dims:?} * {a_dims:?}"
    );
    let mut into = DynTensor::filled(sum.shape(), f64::NAN);
    a.try_add_into(&b, &mut into).unwrap();
    assert_eq!(into.to_vec(), sum.to_vec(), "{a_dims:?} + {b_dims:?} into");
}

#[test]
fn same_shape_flat() {
    // 1,000,003 f64: 8 MB, split into chunks with a short last one.
    check(sized(&[1_000_003], &[1003]), sized(&[1_000_003], &[1003]));
}

#[test]
fn scalar_operand() {
    check(sized(&[1_000_003], &[1003]), &[]);
}

#[test]
fn bias_add_rows_both_orientations() {
    // About 1M f64 in rows of 64 (a constant-length row loop), of 1000 and of 24 (the general
    // one), the row on the right and on the left.
    check(sized(&[16384, 64], &[40, 64]), &[64]);
    check(sized(&[1049, 1000], &[11, 100]), sized(&[1000], &[100]));
    check(&[24], sized(&[3, 14563, 24], &[3, 15, 24]));
}

#[test]
fn general_broadcast_of_both_operands() {
    check(
        sized(&[128, 1, 64], &[8, 1, 16]),
        sized(&[1, 129, 1], &[1, 9, 1]),
    );
    check(sized(&[3, 1, 349525], &[3, 1, 349]), &[1, 2, 1]);
}

#[test]
fn strided_view_operand() {
    set_max_threads(4);
    let (big, col) = (
        sized(&[700, 3, 500], &[7, 3, 50]),
        sized(&[700, 1, 1], &[7, 1, 1]),
    );
    let (a, b) = (tensor(big, 5), tensor(col, 9));
    // A view with stride 0 on its last two axes: the general planner path, not the rows one.
    let got = a.try_sub(b.try_broadcast_to(big).unwrap()).unwrap();
    assert_eq!(got.shape(), big);
    assert_eq!(got.to_vec(), reference(&a, &b, |x, y| x - y));
}

#[test]
fn a_panic_in_a_helper_thread_keeps_its_message() {
    set_max_threads(4);
    // 2M i32 (8 MiB): the zero divisor sits in the last chunk, which a helper or the caller
    // may take; either way the caller sees integer division's own panic.
    let n = if cfg!(miri) { 2 << 10 } else { 2 << 20 };
    let a = DynTensor::from_shape_vec(&[n], vec![1i32; n]).unwrap();
    let mut d = vec![1i32; n];
    d[n - 1] = 0;
    let b = DynTensor::from_shape_vec(&[n], d).unwrap();
    let err = std::panic::catch_unwind(|| a.try_div(&b)).unwrap_err();
    let msg = err
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| err.downcast_ref::<String>().cloned())
        .unwrap();
    assert!(msg.contains("divide by zero"), "{msg}");
}

/// `a · b` for each matrix of a batch, written here: `[batch, m, k] x [k, n]` (or `[m, k]` when
/// `a` has rank 2) with integer values, so the split cannot change a bit.
fn naive_matmul<T>(a: &DynTensor<T>, b: &DynTensor<T>) -> Vec<T>
where
    T: Copy + Default + std::ops::AddAssign + std::ops::Mul<Output = T>,
{
    let (r, k, n) = (a.shape().len(), b.shape()[0], b.shape()[1]);
    let rows: usize = a.shape()[..r - 1].iter().product();
    let (x, y) = (a.to_vec(), b.to_vec());
    let mut out = vec![T::default(); rows * n];
    for i in 0..rows {
        for p in 0..k {
            for j in 0..n {
                out[i * n + j] += x[i * k + p] * y[p * n + j];
            }
        }
    }
    out
}

/// Large products are cut into one block of rows per thread: blocks that start inside a
/// matrix and end in the next one (a batch of 3 on 4 threads), a single matrix, a transposed
/// operand.
#[test]
fn matrix_products_split_into_row_blocks() {
    set_max_threads(4);
    let ints = |dims: &[usize], salt: usize| {
        let n = dims.iter().product::<usize>();
        let data = (0..n).map(|i| ((i * 31 + salt) % 23) as i64 - 11).collect();
        DynTensor::from_shape_vec(dims, data).unwrap()
    };
    // Each over 2 * 2^23 multiply-adds, so split in two: 3 * 121 * 200 * 250 = 18.2M (the first
    // block ends 61 rows into the second matrix), 18M, 16.9M.
    let cases: [(&[usize], &[usize]); 3] = [
        (
            sized(&[3, 121, 200], &[3, 5, 4]),
            sized(&[200, 250], &[4, 6]),
        ),
        (sized(&[300, 200], &[7, 4]), sized(&[200, 300], &[4, 5])),
        (
            sized(&[2, 257, 129], &[2, 3, 5]),
            sized(&[129, 255], &[5, 3]),
        ),
    ];
    for (a_dims, b_dims) in cases {
        let (a, b) = (ints(a_dims, 5), ints(b_dims, 9));
        let want = naive_matmul(&a, &b);
        assert_eq!(
            a.try_matmul(&b).unwrap().to_vec(),
            want,
            "{a_dims:?} x {b_dims:?}"
        );
        // The same product with `b` read through a transposed view of its transpose.
        let bt = b.t().to_tensor();
        assert_eq!(
            a.try_matmul(&bt.t()).unwrap().to_vec(),
            want,
            "{a_dims:?} x T"
        );
    }
}

/// A single large `f32`/`f64` matrix goes to the GEMM whole, threaded by the GEMM itself (with
/// the opt-in `gemm` feature; else split into row blocks like the rest): its answer against a
/// plain loop, exact because every value is a small integer. Operands through a transposed view
/// and a reversed slice too, and an output written through `try_matmul_into`.
#[test]
fn one_large_float_matrix_is_threaded_by_the_gemm_and_exact() {
    set_max_threads(4);
    let floats = |dims: &[usize], salt: usize| {
        let n = dims.iter().product::<usize>();
        let data = (0..n)
            .map(|i| ((i * 29 + salt) % 19) as f64 - 9.0)
            .collect();
        DynTensor::from_shape_vec(dims, data).unwrap()
    };
    // 301 * 257 * 263 = 20.3M multiply-adds: two threads' worth.
    let (a, b) = (
        floats(sized(&[301, 257], &[9, 7]), 3),
        floats(sized(&[257, 263], &[7, 5]), 7),
    );
    let want = naive_matmul(&a, &b);
    assert_eq!(a.try_matmul(&b).unwrap().to_vec(), want);
    let at = a.t().to_tensor();
    assert_eq!(
        at.t().try_matmul(&b).unwrap().to_vec(),
        want,
        "transposed a"
    );
    let b_rev = b.try_slice(&shaped::s![..;-1, ..]).unwrap().to_tensor();
    let rows_reversed = b_rev.try_slice(&shaped::s![..;-1, ..]).unwrap();
    assert_eq!(
        a.try_matmul(&rows_reversed).unwrap().to_vec(),
        want,
        "reversed rows of b"
    );
    let mut out = DynTensor::filled(&[a.shape()[0], b.shape()[1]], f64::NAN);
    a.try_matmul_into(&b, &mut out).unwrap();
    assert_eq!(out.to_vec(), want, "into");
    // f32 too (sums stay below 2^24, so exact).
    let (a32, b32) = (
        a.try_zip_map(&a, |x, _| x as f32).unwrap(),
        b.try_zip_map(&b, |x, _| x as f32).unwrap(),
    );
    let want32: Vec<f32> = want.iter().map(|&x| x as f32).collect();
    assert_eq!(a32.try_matmul(&b32).unwrap().to_vec(), want32, "f32");
}

#[test]
fn split_operations_nested_in_rayon_tasks_finish_and_agree() {
    // From inside tasks of rayon's pool, and inside a pool of one thread (a worker that waits
    // for its own helpers must run them itself), large operations split and finish.
    set_max_threads(4);
    let dims = sized(&[512, 1024], &[16, 16]);
    let (a, b) = (tensor(dims, 5), tensor(&dims[1..], 9));
    let want = reference(&a, &b, |x, y| x + y);
    let sums: Vec<Vec<f64>> = {
        use rayon::prelude::*;
        (0..4)
            .into_par_iter()
            .map(|_| a.try_add(&b).unwrap().to_vec())
            .collect()
    };
    assert!(sums.iter().all(|s| *s == want));
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let inside = one.install(|| {
        rayon::scope(|s| {
            s.spawn(|_| assert_eq!(a.try_add(&b).unwrap().to_vec(), want));
        });
        a.try_add(&b).unwrap().to_vec()
    });
    assert_eq!(inside, want);
    // A product split by rows, nested too.
    let m = tensor(sized(&[256, 256], &[8, 8]), 2);
    let direct = m.try_matmul(&m).unwrap();
    let nested = one.install(|| m.try_matmul(&m).unwrap());
    assert_eq!(direct, nested);
}
