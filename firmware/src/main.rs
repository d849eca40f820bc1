//! `shaped` on a Cortex-M4F: the static kernels a firmware author writes, checked on the target.
//!
//! Runs under QEMU (`-machine mps2-an386 -cpu cortex-m4`) with semihosting: every kernel is run
//! once through `shaped` and once as a hand-written twin over plain arrays, both results are
//! compared with expected values worked out by hand (never by running `shaped`), a PASS/FAIL line
//! is printed per kernel, then `firmware: N passed, M failed`, and the semihosting exit status is
//! 0 only when every kernel passed, so CI fails on a wrong answer.
//!
//! The pairs `shaped_*` / `hand_*` have stable symbols and are never inlined: `cargo xtask
//! firmware` finds them with `arm-none-eabi-nm -S` to compare their code size and counts the
//! instructions QEMU executes inside each one. Each is called exactly once per run, so the count
//! is for one call. Both take inputs by shared reference and write through one `&mut` output, so
//! the optimiser sees the same aliasing on both sides; inputs pass through
//! [`black_box`] so no constant is folded into a kernel.
//!
//! There is no heap: no `#[global_allocator]` exists, so any use of `alloc` would fail to link.

#![no_std]
#![no_main]

use core::hint::black_box;

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use panic_semihosting as _;
use shaped::{Tensor, TensorView, TensorViewMut, shape, tensor};

// ---------------------------------------------------------------------------------------------
// The kernels. `#[unsafe(no_mangle)]` is the 2024-edition spelling of `#[no_mangle]` (the symbol
// is global, so its name must be unique); it gives the measuring script a stable name to find.
// ---------------------------------------------------------------------------------------------

/// Bias add: a `[4, 4]` activation plus a `[4]` bias broadcast along the rows.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn shaped_bias_add(
    x: &Tensor<f32, shape![4, 4]>,
    bias: &Tensor<f32, shape![4]>,
    out: &mut Tensor<f32, shape![4, 4]>,
) {
    x.add_to(bias, out);
}

/// Hand twin of [`shaped_bias_add`].
#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_bias_add(x: &[[f32; 4]; 4], bias: &[f32; 4], out: &mut [[f32; 4]; 4]) {
    for i in 0..4 {
        for j in 0..4 {
            out[i][j] = x[i][j] + bias[j];
        }
    }
}

/// Per-channel gain: `[3, 8]` samples (3 channels) times a `[3, 1]` gain column.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn shaped_channel_gain(
    x: &Tensor<f32, shape![3, 8]>,
    gain: &Tensor<f32, shape![3, 1]>,
    out: &mut Tensor<f32, shape![3, 8]>,
) {
    x.mul_to(gain, out);
}

/// Hand twin of [`shaped_channel_gain`].
#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_channel_gain(x: &[[f32; 8]; 3], gain: &[f32; 3], out: &mut [[f32; 8]; 3]) {
    for c in 0..3 {
        for k in 0..8 {
            out[c][k] = x[c][k] * gain[c];
        }
    }
}

/// Multiply-accumulate in place: `acc += a * b` over `[16]`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn shaped_mac(
    a: &Tensor<f32, shape![16]>,
    b: &Tensor<f32, shape![16]>,
    acc: &mut Tensor<f32, shape![16]>,
) {
    acc.zip_update(a, b, |o, x, y| *o += x * y);
}

/// Hand twin of [`shaped_mac`].
#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_mac(a: &[f32; 16], b: &[f32; 16], acc: &mut [f32; 16]) {
    for i in 0..16 {
        acc[i] += a[i] * b[i];
    }
}

/// Threshold: which of 8 readings exceed a `[1]` threshold (a bool mask).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn shaped_threshold(
    x: &Tensor<f32, shape![8]>,
    t: &Tensor<f32, shape![1]>,
    out: &mut Tensor<bool, shape![8]>,
) {
    *out = x.gt(t);
}

/// Hand twin of [`shaped_threshold`].
#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_threshold(x: &[f32; 8], t: &f32, out: &mut [bool; 8]) {
    for i in 0..8 {
        out[i] = x[i] > *t;
    }
}

/// Rank-3 broadcast on integers: `[2, 3, 4] + [3, 1]` (an offset per row, same for each batch).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn shaped_offset3(
    x: &Tensor<i32, shape![2, 3, 4]>,
    off: &Tensor<i32, shape![3, 1]>,
    out: &mut Tensor<i32, shape![2, 3, 4]>,
) {
    x.add_to(off, out);
}

/// Hand twin of [`shaped_offset3`].
#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_offset3(x: &[[[i32; 4]; 3]; 2], off: &[i32; 3], out: &mut [[[i32; 4]; 3]; 2]) {
    for b in 0..2 {
        for r in 0..3 {
            for c in 0..4 {
                out[b][r][c] = x[b][r][c] + off[r];
            }
        }
    }
}

/// Outer difference: `[4, 1] - [4]` gives `[4, 4]`, both operands broadcast (pairwise offsets).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn shaped_outer_diff(
    a: &Tensor<f32, shape![4, 1]>,
    b: &Tensor<f32, shape![4]>,
    out: &mut Tensor<f32, shape![4, 4]>,
) {
    a.sub_to(b, out);
}

/// Hand twin of [`shaped_outer_diff`].
#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_outer_diff(a: &[f32; 4], b: &[f32; 4], out: &mut [[f32; 4]; 4]) {
    for i in 0..4 {
        for j in 0..4 {
            out[i][j] = a[i] - b[j];
        }
    }
}

/// A classifier's decision: the position of the largest of 10 logits (the first of equals).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn shaped_argmax(logits: &Tensor<f32, shape![10]>, out: &mut usize) {
    *out = logits.argmax_axis::<0>().into_array();
}

/// Hand twin of [`shaped_argmax`], with the same answer for every input: numpy's, where the
/// first `NaN` wins (a sensor fault must not be hidden behind a valid logit).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_argmax(logits: &[f32; 10], out: &mut usize) {
    let mut best = 0;
    for i in 1..10 {
        if logits[best].is_nan() {
            break;
        }
        if logits[i] > logits[best] || logits[i].is_nan() {
            best = i;
        }
    }
    *out = best;
}

/// The mean of a window of 64 readings.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn shaped_mean(window: &Tensor<f32, shape![64]>, out: &mut f32) {
    *out = window.mean();
}

/// Hand twin of [`shaped_mean`].
#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_mean(window: &[f32; 64], out: &mut f32) {
    let mut sum = 0.0;
    for x in window {
        sum += x;
    }
    *out = sum / 64.0;
}

/// A projection: a `[4, 4]` matrix times a `[4]` vector (homogeneous coordinates).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn shaped_project(
    m: &Tensor<f32, shape![4, 4]>,
    v: &Tensor<f32, shape![4]>,
    out: &mut Tensor<f32, shape![4]>,
) {
    *out = m.matmul(v);
}

/// Hand twin of [`shaped_project`].
#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_project(m: &[[f32; 4]; 4], v: &[f32; 4], out: &mut [f32; 4]) {
    for i in 0..4 {
        let mut acc = 0.0;
        for k in 0..4 {
            acc += m[i][k] * v[k];
        }
        out[i] = acc;
    }
}

/// A run-time number of rows of 3 channels, over the caller's buffers (no heap): the row count
/// comes from the data, the 3 is checked by the compiler against the bias. Not a `shaped_*`
/// kernel (its plan is computed per call, so the measuring script's instruction bound for
/// constant extents does not apply); `rows_bias` checks its values.
#[inline(never)]
pub fn dyn_rows_bias(
    x: &[f32],
    bias: &Tensor<f32, shape![3]>,
    out: &mut [f32],
) -> Result<(), shaped::ShapeError> {
    let rows = x.len() / 3;
    let x = TensorView::<f32, shape![Dyn, 3]>::from_shape(&[rows, 3], x)?;
    let mut out = TensorViewMut::<f32, shape![Dyn, 3]>::from_shape(&[rows, 3], out)?;
    x.try_add_to(bias, &mut out)
}

// ---------------------------------------------------------------------------------------------
// The checks. Every input is a small integer or a binary fraction, so every result is exact in
// f32 and compared with `==`; each expected array was worked out by hand from the formula in its
// comment.
// ---------------------------------------------------------------------------------------------

/// Tallies results and prints one line per kernel.
struct Report {
    passed: u32,
    failed: u32,
}

impl Report {
    /// A kernel passes when both the `shaped` result and the hand twin's equal the expected values.
    fn check(&mut self, name: &str, shaped_ok: bool, hand_ok: bool) {
        if shaped_ok && hand_ok {
            self.passed += 1;
            hprintln!("PASS {}", name);
        } else {
            self.failed += 1;
            hprintln!(
                "FAIL {} (shaped ok: {}, hand ok: {})",
                name,
                shaped_ok,
                hand_ok
            );
        }
    }
}

/// Corrupts `value` under the `wrong-expected` feature, to prove a wrong answer fails the run.
fn expected<T: Copy>(value: T, wrong: T) -> T {
    if cfg!(feature = "wrong-expected") {
        wrong
    } else {
        value
    }
}

fn bias_add(r: &mut Report) {
    // x[i][j] = 4i + j; out[i][j] = x[i][j] + bias[j].
    let x = black_box([
        [0.0, 1.0, 2.0, 3.0],
        [4.0, 5.0, 6.0, 7.0],
        [8.0, 9.0, 10.0, 11.0],
        [12.0, 13.0, 14.0, 15.0],
    ]);
    let bias = black_box([0.5, -1.0, 2.0, 10.0]);
    let want: [[f32; 4]; 4] = [
        [expected(0.5, 99.0), 0.0, 4.0, 13.0],
        [4.5, 4.0, 8.0, 17.0],
        [8.5, 8.0, 12.0, 21.0],
        [12.5, 12.0, 16.0, 25.0],
    ];
    let (xs, bs) = (Tensor::from_array(x), Tensor::from_array(bias));
    let mut shaped = Tensor::zeros();
    shaped_bias_add(black_box(&xs), black_box(&bs), black_box(&mut shaped));
    let mut hand = [[0.0; 4]; 4];
    hand_bias_add(black_box(&x), black_box(&bias), black_box(&mut hand));
    r.check(
        "bias_add [4,4]+[4] f32",
        shaped.into_array() == want,
        hand == want,
    );
}

fn channel_gain(r: &mut Report) {
    // Channel 0 is 1..=8 with gain 2; channel 1 is -1..=-8 with gain -3; channel 2 is
    // 0.5, 1.0, .., 4.0 with gain 0.5. out[c][k] = x[c][k] * gain[c].
    let x = black_box([
        [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0],
        [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0],
        [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0],
    ]);
    let gain = black_box([2.0, -3.0, 0.5]);
    let want: [[f32; 8]; 3] = [
        [2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0, 16.0],
        [3.0, 6.0, 9.0, 12.0, 15.0, 18.0, 21.0, 24.0],
        [0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0],
    ];
    let xs = Tensor::from_array(x);
    let gs: Tensor<f32, shape![3, 1]> = tensor![[gain[0]], [gain[1]], [gain[2]]];
    let mut shaped = Tensor::zeros();
    shaped_channel_gain(black_box(&xs), black_box(&gs), black_box(&mut shaped));
    let mut hand = [[0.0; 8]; 3];
    hand_channel_gain(black_box(&x), black_box(&gain), black_box(&mut hand));
    r.check(
        "channel_gain [3,8]*[3,1] f32",
        shaped.into_array() == want,
        hand == want,
    );
}

fn mac(r: &mut Report) {
    // a[i] = i + 1; b[i] = 2 for even i, -1 for odd i; acc starts at 100.
    // acc[i] = 100 + (i + 1) * b[i]: 102, 98, 106, 96, ...
    let a = black_box([
        1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0,
    ]);
    let b = black_box([
        2.0, -1.0, 2.0, -1.0, 2.0, -1.0, 2.0, -1.0, 2.0, -1.0, 2.0, -1.0, 2.0, -1.0, 2.0, -1.0,
    ]);
    let want: [f32; 16] = [
        102.0, 98.0, 106.0, 96.0, 110.0, 94.0, 114.0, 92.0, 118.0, 90.0, 122.0, 88.0, 126.0, 86.0,
        130.0, 84.0,
    ];
    let (as_, bs) = (Tensor::from_array(a), Tensor::from_array(b));
    let mut shaped = Tensor::<f32, shape![16]>::filled(100.0);
    shaped_mac(black_box(&as_), black_box(&bs), black_box(&mut shaped));
    let mut hand = [100.0; 16];
    hand_mac(black_box(&a), black_box(&b), black_box(&mut hand));
    r.check(
        "mac [16]+=[16]*[16] f32",
        shaped.into_array() == want,
        hand == want,
    );
}

fn threshold(r: &mut Report) {
    // x > 0.5, strictly: 0.5 itself is below the threshold.
    let x = black_box([0.125, 0.875, 0.5, 0.75, -2.0, 3.0, 0.5, 0.25]);
    let t = black_box(0.5);
    let want = [false, true, false, true, false, true, false, false];
    let (xs, ts) = (Tensor::from_array(x), Tensor::<f32, shape![1]>::filled(t));
    let mut shaped = Tensor::from_array([true; 8]);
    shaped_threshold(black_box(&xs), black_box(&ts), black_box(&mut shaped));
    let mut hand = [true; 8];
    hand_threshold(black_box(&x), black_box(&t), black_box(&mut hand));
    r.check(
        "threshold [8]>[1] -> bool",
        shaped.into_array() == want,
        hand == want,
    );
}

fn offset3(r: &mut Report) {
    // x[b][r][c] = 100b + 10r + c; off = [1000, -2000, 3000]; out = x[b][r][c] + off[r].
    let x = black_box([
        [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]],
        [
            [100, 101, 102, 103],
            [110, 111, 112, 113],
            [120, 121, 122, 123],
        ],
    ]);
    let off = black_box([1000, -2000, 3000]);
    let want: [[[i32; 4]; 3]; 2] = [
        [
            [1000, 1001, 1002, 1003],
            [-1990, -1989, -1988, -1987],
            [3020, 3021, 3022, 3023],
        ],
        [
            [1100, 1101, 1102, 1103],
            [-1890, -1889, -1888, -1887],
            [3120, 3121, 3122, 3123],
        ],
    ];
    let xs = Tensor::from_array(x);
    let os: Tensor<i32, shape![3, 1]> = tensor![[off[0]], [off[1]], [off[2]]];
    let mut shaped = Tensor::zeros();
    shaped_offset3(black_box(&xs), black_box(&os), black_box(&mut shaped));
    let mut hand = [[[0; 4]; 3]; 2];
    hand_offset3(black_box(&x), black_box(&off), black_box(&mut hand));
    r.check(
        "offset3 [2,3,4]+[3,1] i32",
        shaped.into_array() == want,
        hand == want,
    );
}

fn outer_diff(r: &mut Report) {
    // a = [1, 2, 4, 8] as a column, b = [0.5, 1, 1.5, 2]; out[i][j] = a[i] - b[j].
    let a = black_box([1.0, 2.0, 4.0, 8.0]);
    let b = black_box([0.5, 1.0, 1.5, 2.0]);
    let want: [[f32; 4]; 4] = [
        [0.5, 0.0, -0.5, -1.0],
        [1.5, 1.0, 0.5, 0.0],
        [3.5, 3.0, 2.5, 2.0],
        [7.5, 7.0, 6.5, 6.0],
    ];
    let as_: Tensor<f32, shape![4, 1]> = tensor![[a[0]], [a[1]], [a[2]], [a[3]]];
    let bs = Tensor::from_array(b);
    let mut shaped = Tensor::zeros();
    shaped_outer_diff(black_box(&as_), black_box(&bs), black_box(&mut shaped));
    let mut hand = [[0.0; 4]; 4];
    hand_outer_diff(black_box(&a), black_box(&b), black_box(&mut hand));
    r.check(
        "outer_diff [4,1]-[4] f32",
        shaped.into_array() == want,
        hand == want,
    );
}

fn argmax(r: &mut Report) {
    // The largest logit, 2.5, appears at 3 and 7: the first wins.
    let logits = black_box([0.5, -1.0, 2.0, 2.5, -3.0, 0.0, 1.5, 2.5, -0.5, 1.0]);
    let want = 3;
    let mut shaped = 0;
    shaped_argmax(
        black_box(&Tensor::from_array(logits)),
        black_box(&mut shaped),
    );
    let mut hand = 0;
    hand_argmax(black_box(&logits), black_box(&mut hand));
    r.check("argmax [10] f32", shaped == want, hand == want);
}

fn mean(r: &mut Report) {
    // w[i] = i / 4 for i in 0..64: the sum is 63 * 64 / 8 = 504, the mean 7.875.
    let mut w = [0.0; 64];
    for (i, x) in w.iter_mut().enumerate() {
        *x = i as f32 / 4.0;
    }
    let w = black_box(w);
    let want = 7.875;
    let mut shaped = 0.0;
    shaped_mean(black_box(&Tensor::from_array(w)), black_box(&mut shaped));
    let mut hand = 0.0;
    hand_mean(black_box(&w), black_box(&mut hand));
    r.check("mean [64] f32", shaped == want, hand == want);
}

fn project(r: &mut Report) {
    // A scale by 2, a translation by (1, -2, 0.5) in the last column, applied to (1, 2, 3, 1):
    // (2 + 1, 4 - 2, 6 + 0.5, 1).
    let m = black_box([
        [2.0, 0.0, 0.0, 1.0],
        [0.0, 2.0, 0.0, -2.0],
        [0.0, 0.0, 2.0, 0.5],
        [0.0, 0.0, 0.0, 1.0],
    ]);
    let v = black_box([1.0, 2.0, 3.0, 1.0]);
    let want = [3.0, 2.0, 6.5, 1.0];
    let mut shaped = Tensor::zeros();
    shaped_project(
        black_box(&Tensor::from_array(m)),
        black_box(&Tensor::from_array(v)),
        black_box(&mut shaped),
    );
    let mut hand = [0.0; 4];
    hand_project(black_box(&m), black_box(&v), black_box(&mut hand));
    r.check(
        "project [4,4]x[4] f32",
        shaped.into_array() == want,
        hand == want,
    );
}

fn rows_bias(r: &mut Report) {
    // Five rows of 3 read at run time: x[i][c] = 3i + c; out[i][c] = x[i][c] + bias[c].
    let x: [f32; 15] = black_box(core::array::from_fn(|i| i as f32));
    let bias = Tensor::from_array(black_box([0.5, -1.0, 10.0]));
    let mut out = [0.0f32; 15];
    let ok = dyn_rows_bias(black_box(&x), &bias, black_box(&mut out)).is_ok();
    let want: [f32; 15] = core::array::from_fn(|i| i as f32 + [0.5, -1.0, 10.0][i % 3]);
    // Rows of 3 into an output of another length: an error, not a write past its end.
    let mut short = [0.0f32; 12];
    let refused = dyn_rows_bias(&x, &bias, &mut short).is_err();
    let mut hand = [0.0f32; 15];
    for (i, h) in hand.iter_mut().enumerate() {
        *h = x[i] + [0.5, -1.0, 10.0][i % 3];
    }
    r.check(
        "rows_bias [Dyn,3]+[3] f32 over a caller buffer",
        ok && refused && out == want,
        hand == want,
    );
}

#[entry]
fn main() -> ! {
    let mut r = Report {
        passed: 0,
        failed: 0,
    };
    bias_add(&mut r);
    channel_gain(&mut r);
    mac(&mut r);
    threshold(&mut r);
    offset3(&mut r);
    outer_diff(&mut r);
    argmax(&mut r);
    mean(&mut r);
    project(&mut r);
    rows_bias(&mut r);
    hprintln!("firmware: {} passed, {} failed", r.passed, r.failed);
    debug::exit(if r.failed == 0 {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    // Only reached when the host ignores the semihosting exit request.
    loop {
        core::hint::spin_loop();
    }
}
