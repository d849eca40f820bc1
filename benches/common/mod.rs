//! What the criterion benches share: the test values and one criterion configuration (short
//! runs of 10 samples: the machine is shared, so medians over repeated runs are what count).

#![allow(dead_code)]

use std::time::Duration;

use criterion::Criterion;

/// A deterministic value in -20..30 with a step of 0.5 (exact in `f32`).
pub fn value(i: usize) -> f32 {
    ((i * 37 + 11) % 101) as f32 * 0.5 - 20.0
}

/// Runs `benches` with the shared configuration, then prints criterion's summary.
pub fn run(benches: impl FnOnce(&mut Criterion)) {
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1500))
        .configure_from_args();
    benches(&mut c);
    c.final_summary();
}
