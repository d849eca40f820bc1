//! A firmware-style Kalman filter: a constant-velocity tracker in the plane on static shapes,
//! with no heap. The state is `[x, y, vx, vy]` (`[4]`), its covariance `[4, 4]`; each step a
//! sensor reports the position `[x, y]` (`[2]`) with noise. Every matrix size is in the types,
//! so a gain of the wrong shape does not compile, and every product is a loop over constant
//! extents on the stack, as on a microcontroller (`firmware/` runs such kernels on a Cortex-M4F).
//!
//! The test below counts the heap allocations made by the filter's steps (zero) and checks the
//! first gain against its value worked out by hand and the estimate against the true trajectory.
//!
//! `cargo run --release --example kalman` (also run by `cargo test`, through its tests below).

// `&a + &b` is the idiom for tensors (no copy of the operands).
#![allow(clippy::op_ref)]

use shaped::{Tensor, shape, tensor};

/// Seconds between measurements.
const DT: f32 = 0.1;
/// Variance of the sensor's noise on each coordinate (the noise below is uniform on
/// `[-0.5, 0.5]`, whose variance is 1/12).
const R: f32 = 1.0 / 12.0;
/// Process noise added to each velocity's variance per step: the truth moves at constant
/// velocity, so a small value lets the filter settle while keeping it responsive.
const Q: f32 = 1e-6;

type Vec4 = Tensor<f32, shape![4]>;
type Mat4 = Tensor<f32, shape![4, 4]>;

/// The filter's model and its current belief.
struct Tracker {
    /// State transition: position += velocity * DT.
    f: Mat4,
    /// Measurement: the sensor sees the position, not the velocity.
    h: Tensor<f32, shape![2, 4]>,
    /// Process and measurement noise covariances.
    q: Mat4,
    r: Tensor<f32, shape![2, 2]>,
    /// Estimated state and its covariance.
    x: Vec4,
    p: Mat4,
}

/// The identity matrix of `[4, 4]`.
fn eye4() -> Mat4 {
    Mat4::from_fn(|[i, j]| if i == j { 1.0 } else { 0.0 })
}

impl Tracker {
    /// Knows nothing yet: state 0, variance 100 on every component.
    fn new() -> Self {
        Tracker {
            f: tensor![
                [1.0, 0.0, DT, 0.0],
                [0.0, 1.0, 0.0, DT],
                [0.0, 0.0, 1.0, 0.0],
                [0.0, 0.0, 0.0, 1.0],
            ],
            h: tensor![[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]],
            q: Mat4::from_fn(|[i, j]| if i == j && i >= 2 { Q } else { 0.0 }),
            r: tensor![[R, 0.0], [0.0, R]],
            x: Vec4::zeros(),
            p: &eye4() * 100.0,
        }
    }

    /// Predict one step ahead, then correct with the measured position `z`. Returns the gain
    /// `K` used (`[4, 2]`), for inspection.
    fn step(&mut self, z: &Tensor<f32, shape![2]>) -> Tensor<f32, shape![4, 2]> {
        // Predict: x = F x, P = F P F^T + Q (`.t()` is a view: nothing is copied).
        self.x = self.f.matmul(&self.x);
        self.p = &self.f.matmul(&self.p).matmul(self.f.t()) + &self.q;

        // Innovation y = z - H x and its covariance S = H P H^T + R, a 2 x 2 matrix.
        let y = z - &self.h.matmul(&self.x);
        let pht = self.p.matmul(self.h.t()); // P H^T, [4, 2]
        let s = &self.h.matmul(&pht) + &self.r;
        // shaped has no inverse or solve yet, so S^-1 is written out: for a 2 x 2 matrix
        // [[a, b], [c, d]] it is [[d, -b], [-c, a]] / (a d - b c). S is a covariance plus R,
        // so its determinant is positive.
        let (a, b, c, d) = (s[[0, 0]], s[[0, 1]], s[[1, 0]], s[[1, 1]]);
        let s_inv = &tensor![[d, -b], [-c, a]] / (a * d - b * c);

        // Gain K = P H^T S^-1, then x += K y and P = (I - K H) P.
        let k = pht.matmul(&s_inv);
        self.x = &self.x + &k.matmul(&y);
        self.p = (&eye4() - &k.matmul(&self.h)).matmul(&self.p);
        k
    }
}

/// The true position at step `n` (time `n * DT`): from (1, 2) at velocity (1.5, -0.5).
fn truth(n: usize) -> [f32; 4] {
    let t = n as f32 * DT;
    [1.0 + 1.5 * t, 2.0 - 0.5 * t, 1.5, -0.5]
}

/// Deterministic sensor noise, uniform on `[-0.5, 0.5]` (a linear congruential generator, so
/// every run sees the same measurements).
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (self.0 >> 8) as f32 / (1u32 << 24) as f32 - 0.5
    }
}

/// What a run reports: the first gain, the final estimate and the root-mean-square position
/// errors over the last half of the run, of the raw measurements and of the estimates.
struct Report {
    first_gain: Tensor<f32, shape![4, 2]>,
    estimate: Vec4,
    rms_measured: f32,
    rms_estimated: f32,
}

/// Tracks `steps` noisy measurements of the trajectory.
fn run(steps: usize) -> Report {
    let mut tracker = Tracker::new();
    let mut noise = Noise(12345);
    let mut first_gain = None;
    let (mut se_measured, mut se_estimated) = (0.0f32, 0.0f32);
    for n in 1..=steps {
        let [x, y, ..] = truth(n);
        let z = tensor![x + noise.next(), y + noise.next()];
        let k = tracker.step(&z);
        first_gain.get_or_insert(k);
        if n > steps / 2 {
            let sq = |a: f32, b: f32| (a - x) * (a - x) + (b - y) * (b - y);
            se_measured += sq(z[[0]], z[[1]]);
            se_estimated += sq(tracker.x[[0]], tracker.x[[1]]);
        }
    }
    let half = (steps - steps / 2) as f32;
    Report {
        first_gain: first_gain.expect("at least one step"),
        estimate: tracker.x,
        rms_measured: (se_measured / half).sqrt(),
        rms_estimated: (se_estimated / half).sqrt(),
    }
}

fn main() {
    let steps = 400;
    let report = run(steps);
    println!("first gain K =\n{}\n", report.first_gain);
    println!(
        "after {steps} steps: estimate {} (truth {:?})",
        report.estimate,
        truth(steps)
    );
    println!(
        "position error (rms, last half): measured {:.3}, estimated {:.3}",
        report.rms_measured, report.rms_estimated
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    /// Counts this thread's heap allocations, so the test can show that a filter step makes none.
    struct Counting;

    thread_local! {
        static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    }

    // SAFETY: every call is forwarded to the system allocator unchanged; the counter is a
    // `const` thread-local without a destructor, which does not allocate itself.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
            // SAFETY: the caller's contract for `alloc`, passed on.
            unsafe { System.alloc(layout) }
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            // SAFETY: `ptr` came from `System.alloc` above with this layout.
            unsafe { System.dealloc(ptr, layout) }
        }
    }

    #[global_allocator]
    static COUNTING: Counting = Counting;

    #[test]
    fn a_step_allocates_nothing() {
        let mut tracker = Tracker::new();
        let z = tensor![1.0f32, 2.0];
        let before = ALLOCATIONS.with(Cell::get);
        for _ in 0..10 {
            tracker.step(&z);
        }
        assert_eq!(ALLOCATIONS.with(Cell::get) - before, 0);
    }

    #[test]
    fn the_first_gain_is_the_hand_computed_one() {
        // Worked by hand: with P = 100 I, the predicted P has x variance 100 + DT^2 * 100 = 101
        // and x-vx covariance DT * 100 = 10 (Q adds only to the velocities), y likewise. S is
        // diagonal, 101 + R, so K's x row is [101 / (101 + R), 0] and its vx row
        // [10 / (101 + R), 0].
        let k = run(1).first_gain;
        let s = 101.0 + R;
        let want = [101.0 / s, 0.0, 0.0, 101.0 / s, 10.0 / s, 0.0, 0.0, 10.0 / s];
        for (got, want) in k.as_slice().iter().zip(want) {
            assert!((got - want).abs() < 1e-5, "{k} against {want:?}");
        }
    }

    #[test]
    fn the_estimate_converges_on_the_truth() {
        let steps = 400;
        let report = run(steps);
        let e = report.estimate.as_slice();
        // numpy, running the same equations in f64 on the same 400 measurements (this noise
        // generator, `np.linalg.inv` for S), ends at these values.
        let numpy = [60.957639, -17.898484, 1.493197, -0.491432];
        for (got, want) in e.iter().zip(numpy) {
            assert!((got - want).abs() < 1e-3, "{e:?} against numpy's {numpy:?}");
        }
        // And near the truth: this noise leaves the filter 0.04 and 0.10 off in position
        // (its own standard deviation there is 0.047, from P) and under 0.01 in velocity.
        let truth = truth(steps);
        for (i, tolerance) in [0.15, 0.15, 0.02, 0.02].into_iter().enumerate() {
            assert!(
                (e[i] - truth[i]).abs() < tolerance,
                "{e:?} against {truth:?}"
            );
        }
        // The raw measurements are off by sqrt(2 * R) = 0.41 on average; the filter by a
        // quarter of that.
        assert!((report.rms_measured - (2.0 * R).sqrt()).abs() < 0.05);
        assert!(report.rms_estimated < report.rms_measured / 3.0);
    }
}
