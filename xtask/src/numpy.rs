//! `cargo xtask numpy`: (re)generates the numpy differential fixtures, installing numpy first
//! when Python lacks it. `bench` runs the numpy side of `benches/dynamic.rs`.
//!
//! The fixtures (`tests/fixtures/broadcast.txt`, `views.txt`, `reductions.txt`, `matmul.txt` and
//! `everyday.txt`) are committed, so `cargo test` never needs Python; regenerate them after
//! changing `scripts/gen_fixtures.py`, `scripts/gen_view_fixtures.py`,
//! `scripts/gen_reduce_fixtures.py`, `scripts/gen_matmul_fixtures.py` or
//! `scripts/gen_numpy_everyday_fixtures.py` (the seeds are fixed, so an unchanged script
//! reproduces its file byte for byte). `reductions.txt` needs numpy only: its
//! `unique_consecutive` answers
//! (torch's semantics) come from a reference in plain Python. Each file's sample for Miri
//! (`tests/fixtures/miri/`, which `cargo xtask miri` reads instead) is then rewritten by the
//! targets' `miri_sample_is_up_to_date` tests.

use std::path::Path;
use std::process::Command;

const PYTHON: &str = "python3";

/// Installs numpy if missing, then regenerates the broadcasting, view, reduction and matrix
/// product fixtures.
pub fn run(root: &Path) -> Result<(), String> {
    ensure_numpy(root)?;
    crate::run(
        root,
        PYTHON,
        &["scripts/gen_fixtures.py", "tests/fixtures/broadcast.txt"],
        &[],
    )?;
    crate::run(
        root,
        PYTHON,
        &["scripts/gen_view_fixtures.py", "tests/fixtures/views.txt"],
        &[],
    )?;
    crate::run(
        root,
        PYTHON,
        &[
            "scripts/gen_reduce_fixtures.py",
            "tests/fixtures/reductions.txt",
        ],
        &[],
    )?;
    crate::run(
        root,
        PYTHON,
        &[
            "scripts/gen_matmul_fixtures.py",
            "tests/fixtures/matmul.txt",
        ],
        &[],
    )?;
    crate::run(
        root,
        PYTHON,
        &[
            "scripts/gen_numpy_everyday_fixtures.py",
            "tests/fixtures/everyday.txt",
        ],
        &[],
    )?;
    let mut samples = vec!["test", "-p", "shaped"];
    for target in [
        "dynamic_numpy",
        "dynamic_views",
        "dynamic_reductions",
        "dynamic_matmul",
        "dynamic_everyday",
    ] {
        samples.extend(["--test", target]);
    }
    samples.extend(["--", "miri_sample_is_up_to_date"]);
    crate::run(root, "cargo", &samples, &[("SHAPED_BLESS", "1")])
}

/// Installs numpy if missing, then times `np.add(a, b, out=c)` on the dynamic benches' workloads
/// (`scripts/numpy_bench.py`, medians in nanoseconds).
pub fn bench(root: &Path) -> Result<(), String> {
    ensure_numpy(root)?;
    crate::run(root, PYTHON, &["scripts/numpy_bench.py"], &[])
}

fn ensure_numpy(root: &Path) -> Result<(), String> {
    let has = Command::new(PYTHON)
        .args(["-c", "import numpy"])
        .status()
        .map_err(|e| format!("could not start {PYTHON} (install Python 3): {e}"))?;
    if has.success() {
        return Ok(());
    }
    // Debian's Python refuses user installs without the flag (PEP 668); try plain first.
    crate::run(
        root,
        PYTHON,
        &["-m", "pip", "install", "--user", "numpy"],
        &[],
    )
    .or_else(|_| {
        crate::run(
            root,
            PYTHON,
            &[
                "-m",
                "pip",
                "install",
                "--user",
                "--break-system-packages",
                "numpy",
            ],
            &[],
        )
    })
}
