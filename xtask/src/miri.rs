//! `cargo xtask miri`: every test that reaches `unsafe` code in `shaped`, under Miri.
//!
//! The crate's `unsafe` is in two places: `Tensor::from_writer` (src/tensor.rs, every static
//! operation's output) and `dynamic::buffer::filled_by` (every dynamic operation's output). The
//! selected targets reach both on small inputs: the dynamic unit tests (planner, odometer), the
//! dynamic API tests (every plan path: fast paths, ranks 0 to 12, views, in place, static
//! operands), and the static tensor tests. Measured here: about 1.5 minutes once the dependencies
//! are built under Miri (the first build adds about 2 minutes). Miri runs on the nightly
//! toolchain (installed with its `miri` and `rust-src` components if missing); the pinned stable
//! toolchain cannot run it. Budget: about 5 minutes on two cores once the dependencies are built.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// Test targets and filters run under Miri: `(cargo test selector, test-name filter)`.
const TARGETS: &[(&[&str], &str)] = &[
    // Unit tests of the dynamic module: planner fast paths, the rank-10 odometer, layouts.
    (&["--lib"], "dynamic"),
    // Public dynamic API: errors, rank 0, rank 12, views, in place, static/dynamic mixes.
    (&["--test", "dynamic_api"], ""),
    // Not `dynamic_numpy`: parsing its fixtures (thousands of float parses) alone takes Miri
    // over five minutes, and it reaches no `unsafe` the targets above do not.
    // The static path's `from_writer` (operators, `from_fn`, conversions). Not `values`: its
    // exhaustive operator sweep takes Miri well over five minutes.
    (&["--test", "tensor"], ""),
    // The static operators, in-place operators and views through `from_writer`, on the rank-2
    // pairs of the value sweep (the whole sweep is too slow under Miri).
    (&["--test", "values"], "r2_r2"),
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
    for (selector, filter) in TARGETS {
        let mut args = vec!["+nightly", "miri", "test", "-p", "shaped"];
        args.extend_from_slice(selector);
        if !filter.is_empty() {
            args.push(filter);
        }
        crate::run(root, "cargo", &args, &[])?;
    }
    println!(
        "\nxtask miri: no undefined behaviour found in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
