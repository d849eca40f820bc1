//! `cargo xtask miri`: every test that reaches `unsafe` code in `shaped`, under Miri, on small
//! inputs.
//!
//! The crate's `unsafe` is in four places: `Tensor::from_writer` (src/tensor.rs, every static
//! operation's output), the in-place heap constructors (src/storage.rs), `dynamic::buffer` (every
//! dynamic operation's output) and the AVX2 dispatch in `dynamic::plan` (Miri runs the portable
//! build instead). Every test target that runs code reaches them, and every one runs here on small
//! inputs: the dynamic unit tests (planner, odometer, the thread split), the dynamic API tests, the
//! numpy fixtures (one case in ten), the view fixtures (likewise), the split tests and the
//! allocation tests (their large shapes shrunk under `cfg(miri)`), the static tensor tests, the
//! generic-code suite, and the whole static value sweep but its three largest shapes. Under Miri
//! the split thresholds are bytes, so the dynamic targets take the split path on real threads, and
//! Miri checks it for data races. Not here: `broadcast_types` and `ui`, which only compile, and the
//! doctests: they call the same methods on small inputs, but each is a crate of its own to build
//! under Miri (all of them did not finish in 590 s here).
//!
//! Miri runs on the nightly toolchain (installed with its `miri` and `rust-src` components if
//! missing); the pinned stable toolchain cannot run it. It reports two CPUs
//! (`-Zmiri-num-cpus=2`), so `max_threads()` is 2 as on CI's machine.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// Test targets run under Miri: `(cargo test selector, arguments for the test binary)`.
const TARGETS: &[(&[&str], &[&str])] = &[
    // Unit tests: planner fast paths, the rank-10 odometer, the split, the static plans.
    (&["--lib"], &[]),
    // Public dynamic API: errors, rank 0, rank 12, views, in place, static/dynamic mixes.
    (&["--test", "dynamic_api"], &[]),
    // numpy's answers on one case in ten (`MIRI_STEP`); the coverage test only parses.
    (
        &["--test", "dynamic_numpy"],
        &["every_numpy_fixture_matches"],
    ),
    // numpy's view operations on one case in ten: negative, zero and overlapping strides
    // through the planner and the iterator (the coverage test only searches the text).
    (&["--test", "dynamic_views"], &["--skip", "fixtures_cover"]),
    // numpy's reductions, sorts and PyTorch's unique runs on one case in ten, through views
    // of every kind (the coverage test only searches the text).
    (
        &["--test", "dynamic_reductions"],
        &["--skip", "fixtures_cover"],
    ),
    // The split on Miri-sized shapes: every planner path, a panic in a helper thread.
    (&["--test", "dynamic_parallel"], &[]),
    // One allocation per dynamic op, per thread when split; none on the static path.
    (&["--test", "dynamic_alloc"], &[]),
    (&["--test", "no_alloc"], &[]),
    // The static path's `from_writer` (operators, `from_fn`, conversions).
    (&["--test", "tensor"], &[]),
    // numpy's matmul on one case in ten (GEMM on strided, transposed and broadcast operands,
    // through matrixmultiply's `unsafe` kernels), and the static products against them.
    (&["--test", "dynamic_matmul"], &["--skip", "fixtures_cover"]),
    (&["--test", "static_matmul"], &[]),
    // Static reductions and sorts (their outputs are built by `from_writer`) against the
    // dynamic ones.
    (&["--test", "static_reductions"], &[]),
    // Generic code over shapes: every operator form, views, in place, on small tensors.
    (&["--test", "generic"], &[]),
    // Tensors built in place on the heap (`boxed_*`, the `unsafe` in storage.rs); the HD-image
    // tests run the same code on 2M elements, minutes under Miri.
    (&["--test", "storage"], &["--skip", "hd_image"]),
    // Every static operator, in-place operator and view against the reference; the three
    // largest shapes (over 1000 elements, minutes each under Miri) run the same code.
    (
        &["--test", "values"],
        &["--skip", "big_", "--skip", "large_extent"],
    ),
];

/// Installs Miri if needed, then runs [`TARGETS`] under it.
pub fn run(root: &Path) -> Result<(), String> {
    let start = Instant::now();
    let installed = Command::new("rustup")
        .args(["+nightly", "component", "list", "--installed"])
        .output()
        .map_err(|e| format!("could not run rustup: {e}"))?;
    let list = String::from_utf8_lossy(&installed.stdout);
    if !installed.status.success() {
        crate::run(
            root,
            "rustup",
            &["toolchain", "install", "nightly", "--profile", "minimal"],
            &[],
        )?;
    }
    if !list.lines().any(|l| l.starts_with("miri"))
        || !list.lines().any(|l| l.starts_with("rust-src"))
    {
        crate::run(
            root,
            "rustup",
            &["+nightly", "component", "add", "miri", "rust-src"],
            &[],
        )?;
    }
    crate::run(root, "cargo", &["+nightly", "miri", "setup"], &[])?;
    for (selector, test_args) in TARGETS {
        let mut args = vec!["+nightly", "miri", "test", "-p", "shaped"];
        args.extend_from_slice(selector);
        args.push("--");
        args.extend_from_slice(test_args);
        crate::run(root, "cargo", &args, &[("MIRIFLAGS", "-Zmiri-num-cpus=2")])?;
    }
    println!(
        "\nxtask miri: no undefined behaviour found in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
