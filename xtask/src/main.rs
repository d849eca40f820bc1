//! Project automation: `cargo xtask <task>`.
//!
//! Every check CI runs lives here, so `.ci/run` is one line and a developer runs exactly what CI
//! runs. Each task installs what it needs first (rustup components and targets, Debian packages):
//! nothing survives between machines, so a green run must never depend on a hand-made install.

mod compile_time;
mod error_guide;
mod firmware;
mod fuzz;
mod insns;
mod layers;
mod miri;
mod nightly;
mod numpy;
mod profiles;

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

/// Checks `ci` runs (fmt, layers, clippy, clippy release, tests, release tests, product tests with
/// `gemm`, tests on `alloc` alone, tests with no features, clippy with no features, docs, insns,
/// the profile gate, no_std build, no_std clippy with every no_std feature, Miri, fuzzing, firmware); any failure
/// returns early, so reaching the end means all.
const CI_CHECKS: usize = 18;

/// The optional bridges to other crates (`src/interop/`). Features only add impls, so one build
/// with all of them checks and tests the default build's code too.
const INTEROP_FEATURES: &str =
    "shaped/serde,shaped/approx,shaped/nalgebra,shaped/ndarray,shaped/defmt";

/// The tests that reach the dynamic and static matrix products, run again with the opt-in `gemm`
/// feature: it changes which GEMM runs (not only which impls exist), so the default run, on
/// matrixmultiply, does not cover it.
const GEMM_TESTS: &str = "--lib --test dynamic_matmul --test static_matmul --test dynamic_parallel \
     --test dyn_shapes --test concurrency --test allocation";

/// Every feature that builds without `std`: what firmware may turn on.
const NO_STD_FEATURES: &str = "alloc,defmt,serde,approx,nalgebra";

/// The embedded target the core must keep building for (Cortex-M4F).
const THUMB: &str = "thumbv7em-none-eabihf";

/// Set on every cargo step of `ci`. Its builds start from nothing, so incremental caches only
/// cost disk (most of `target/debug` after the test steps), and line tables are all a failing
/// test's backtrace needs (full debug info more than doubles the test binaries). A CI machine
/// ran out of disk in the first test step with both on.
const CI_ENV: &[(&str, &str)] = &[
    ("CARGO_INCREMENTAL", "0"),
    ("CARGO_PROFILE_DEV_DEBUG", "line-tables-only"),
];

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let task = args.first().map(String::as_str).unwrap_or("help");
    let result = match task {
        "ci" => ci(),
        "install" => install(),
        "insns" => insns::run(&root()),
        "layers" => layers::run(&root(), &args[1..]),
        "compile-time" => compile_time::run(&root()),
        "error-guide" => error_guide::run(&root()),
        "firmware" => firmware::run(&root()),
        "miri" => miri::run(&root()),
        "fuzz" => fuzz::run(&root(), &args[1..]),
        "numpy" => numpy::run(&root()),
        "numpy-bench" => numpy::bench(&root()),
        "profiles" => profiles::run_all(&root()),
        "profile-gate" => profiles::gate(&root()),
        "help" | "--help" | "-h" => {
            println!(
                "usage: cargo xtask <task>\n\ntasks:\n  ci       install what is missing, then run every check CI runs\n  install  only install the toolchain pieces the checks need\n  insns    instructions per call of the static kernels vs their baselines (callgrind)\n  layers [--file src/x.rs]  fails when files of src/ import each other in a circle (ARCHITECTURE.md, Layers); with --file, that file's imports\n  miri     every test that reaches `unsafe` code, under Miri (nightly)\n  fuzz [--secs N]  each cargo-fuzz target for N s (default 30) with AddressSanitizer (nightly)\n  numpy    regenerate the numpy differential fixtures (installs numpy)\n  numpy-bench  time numpy on the dynamic workloads\n  profiles  shaped built as a dependent under six release profiles: machine code and speed\n  profile-gate  CI's part of `profiles`: four builds, three products, 2x\n  firmware runs the Cortex-M4F example under QEMU and compares its kernels with hand loops\n  compile-time  build time of 100 static broadcasts vs the same as hand loops\n  error-guide  copy the tests/ui/*.stderr snapshots into docs/compile-errors.md"
            );
            Ok(())
        }
        other => Err(format!("unknown task `{other}`; try `cargo xtask help`")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask {task}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root (the parent of this crate's manifest directory).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the workspace root")
        .to_path_buf()
}

/// Runs a command in `dir`, echoing it and its wall time; an error names the failing command.
pub fn run(dir: &Path, program: &str, args: &[&str], envs: &[(&str, &str)]) -> Result<(), String> {
    let mut command = Command::new(program);
    command
        .args(args)
        .envs(envs.iter().copied())
        .current_dir(dir);
    run_shown(&mut command, &format!("{program} {}", args.join(" ")))
}

/// Runs `command`, shown in the log as `shown` before it starts and, with its time, after it
/// ends; an error if it fails.
pub fn run_shown(command: &mut Command, shown: &str) -> Result<(), String> {
    println!("\n==> {shown}");
    let start = Instant::now();
    let status = command
        .status()
        .map_err(|e| format!("could not start `{shown}`: {e}"))?;
    println!("<== {shown}: {:.1} s", start.elapsed().as_secs_f64());
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{shown}` failed ({status})"))
    }
}

/// The rustup proxy, so every step uses the toolchain `rust-toolchain.toml` pins.
fn cargo() -> String {
    "cargo".into()
}

/// Installs a Debian package when `program` is not on PATH (CI runs as root on Debian).
pub fn ensure_apt(program: &str, package: &str) -> Result<(), String> {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if found {
        return Ok(());
    }
    let root = root();
    run(&root, "apt-get", &["update", "-qq"], &[])?;
    run(
        &root,
        "apt-get",
        &["install", "-y", "-qq", "--no-install-recommends", package],
        &[("DEBIAN_FRONTEND", "noninteractive")],
    )
}

/// rustup pieces: the pinned toolchain's rustfmt and clippy, and the Cortex-M4F target.
fn install() -> Result<(), String> {
    let root = root();
    run(
        &root,
        "rustup",
        &["component", "add", "rustfmt", "clippy"],
        &[],
    )?;
    run(&root, "rustup", &["target", "add", THUMB], &[])
}

/// `cargo` with the arguments `line` (split at spaces; none of the checks' arguments contain
/// one), run in `root`: one CI step, shown and timed by [`run`].
fn cargo_step(root: &Path, cargo: &str, line: &str, envs: &[(&str, &str)]) -> Result<(), String> {
    let args: Vec<&str> = line.split_whitespace().collect();
    run(root, cargo, &args, envs)
}

fn ci() -> Result<(), String> {
    let start = Instant::now();
    install()?;
    let root = root();
    let cargo = cargo();
    // The free disk, first in the log: a full run writes several GB under `target/`.
    run(&root, "df", &["-h", "."], &[])?;
    let step = |line: &str| cargo_step(&root, &cargo, line, CI_ENV);
    step("fmt --all -- --check")?;
    // No file of src/ imports another that imports it back (ARCHITECTURE.md, "Layers"): reads
    // the sources only, so it runs before anything is built.
    layers::run(&root, &[])?;
    // `gemm` only adds a branch before the matrixmultiply call, so linting with it on lints
    // both.
    step(&format!(
        "clippy --workspace --all-targets --features {INTEROP_FEATURES},shaped/gemm -- -D warnings"
    ))?;
    // Optimised builds take the specialised static path (cfg(not(debug_assertions))): lint it
    // and run the value tests through it too.
    step("clippy -p shaped --lib --release -- -D warnings")?;
    // trybuild's `ui` test runs in the `alloc` run below instead: its snapshots are the same
    // whatever the features (both runs passed them), and its project builds the crate again
    // with the run's features, so running it here too would only repeat that build.
    // The examples registered with `test = true` (the gallery) run here as well.
    step(&format!(
        "test --workspace --features {INTEROP_FEATURES} -- --exact --skip ui"
    ))?;
    // `dyn_shapes` and `mixed_numpy` here too: the run-time batch's constant blocks
    // (`src/ops/engine/specialised/batched.rs`) are compiled in optimised builds only. The
    // profile `release-paths` (Cargo.toml) takes those paths without the optimiser's compile
    // time.
    step(
        "test --profile release-paths --test values --test tensor --test no_alloc \
         --test dyn_shapes --test mixed_numpy --test dyn_static_ops",
    )?;
    // `gemm` is opt-in (issue 23: it doubled a dependent's clean build): the products' tests
    // again with it on, so its kernels and its own threading keep their coverage.
    step(&format!("test -p shaped --features gemm {GEMM_TESTS}"))?;
    // The feature combinations besides "all" (above) and the default (the release run): no
    // `std` but a heap (the dynamic path on the calling thread, no rayon; the compile-fail
    // snapshots of `tests/ui` too), and no features at all (the static path alone). Thread
    // settings are `std`'s, so their tests are left out.
    step("test -p shaped --no-default-features --features alloc --lib --tests")?;
    step("test -p shaped --no-default-features --lib --test tensor --test values --test no_alloc")?;
    step("clippy -p shaped --lib --no-default-features -- -D warnings")?;
    cargo_step(
        &root,
        &cargo,
        &format!("doc --no-deps -p shaped -p shaped-macros --features {INTEROP_FEATURES}"),
        &[CI_ENV, &[("RUSTDOCFLAGS", "-D warnings")]].concat(),
    )?;
    // Benches must keep compiling: clippy `--all-targets` above type-checks every one, and the
    // instruction gate below builds `insns`; running the timing benches is manual (they need a
    // quiet machine), so they are not built twice here.
    // Instruction counts are deterministic, so the zero-overhead bound is a CI gate.
    insns::run(&root)?;
    // shaped built as a user's crate builds it, under the release profiles users write: no libm
    // call in a SIMD build, and each build's products within 2x of the default profile's.
    profiles::gate(&root)?;
    // The core is no_std: it must build for a bare-metal target with default features off,
    // and with every feature firmware may use (defmt logging among them), linted there too.
    step(&format!(
        "build -p shaped --no-default-features --target {THUMB}"
    ))?;
    step(&format!(
        "clippy -p shaped --no-default-features --features {NO_STD_FEATURES} --target {THUMB} -- -D warnings"
    ))?;
    // Undefined behaviour: every test that reaches `unsafe`, under Miri.
    miri::run(&root)?;
    // Raw bytes into every `try_` API, with AddressSanitizer: 20 s per target, both at once
    // (the kept corpus replays first, then some 40,000 to 90,000 new inputs each; longer runs
    // are `cargo xtask fuzz --secs N`, off CI's 20-minute budget).
    fuzz::run(&root, &["--secs".to_string(), "20".to_string()])?;
    // The firmware example on a Cortex-M4F under QEMU: results, and cost against hand loops.
    firmware::run(&root)?;
    // One closing line in the plain `N passed, M failed` form for whoever reads the log's end.
    println!("\nxtask ci: {CI_CHECKS} passed, 0 failed");
    println!(
        "xtask ci: every check passed in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
