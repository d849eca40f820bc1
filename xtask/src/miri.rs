//! `cargo xtask miri`: every test that reaches `unsafe` code in `shaped`, under Miri, on small
//! inputs.
//!
//! The crate's `unsafe` is in `Tensor::from_writer` and the tensor's slice views (src/tensor.rs,
//! every static operation's output), the in-place heap constructors (src/storage.rs),
//! `dynamic::buffer` (every dynamic operation's output), the GEMM calls (src/matmul/mod.rs) and the
//! small products' unchecked reads (src/matmul/small.rs: `dynamic_matmul`'s
//! `small_products_match_a_naive_loop` runs its portable build), the
//! float lanes and integers read as their bits for sorting (src/reduce/element.rs), the vector
//! sorts (src/reduce/simd_sort/, built for AVX2 and for AVX-512), which Miri
//! runs in a build of `shaped` for those CPUs ([`SIMD_TARGETS`]), and the vector code Miri
//! cannot run: the dispatch in `dynamic::plan` and the arg-reductions' AVX-512 and AVX2 code
//! (src/reduce/simd_arg.rs, the rows loop of src/dynamic/reduce/arg.rs), for which Miri runs
//! the portable build instead (`dynamic_argminmax` checks it there). Every test target
//! that runs code reaches them, and every one runs here on small inputs: the dynamic unit tests (planner, odometer, the thread split), the dynamic API tests, the
//! numpy fixtures (one case in ten), the view fixtures (likewise), the everyday functions'
//! fixtures (one case in eight) and their static forms (each fixture test reads the sample of
//! its file in `tests/fixtures/miri/`: reading a whole file took up to half a target's time), the split tests and the
//! allocation tests (their large shapes shrunk under `cfg(miri)`), the static tensor tests, the
//! generic-code suite, and the whole static value sweep but its three largest shapes. Under Miri
//! the split thresholds are bytes, so the split tests take the split path on rayon's threads, and
//! Miri checks it for data races (with Tree Borrows: see [`RAYON_TARGETS`]). Not here: `broadcast_types` and `ui`, which only compile, and the
//! doctests: they call the same methods on small inputs, but each is a crate of its own to build
//! under Miri (all of them did not finish in 590 s here).
//!
//! Miri runs on the nightly toolchain (installed with its `miri` and `rust-src` components if
//! missing); the pinned stable toolchain cannot run it. It reports two CPUs
//! (`-Zmiri-num-cpus=2`), so `max_threads()` is 2 as on CI's machine.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::thread;
use std::time::Instant;

/// Miri interprets on one core, so the targets run on two lanes at once (CI's machine has two
/// cores). They share one target directory: cargo holds its lock while it builds, not while the
/// tests run, so every target is built first ([`build_all`]) and the lanes then only interpret.
/// (Until session N each lane had a directory of its own, and the AVX builds a third: the
/// dependencies were built for Miri three times over, several minutes of CI's run.)
const LANES: usize = 2;

/// Test targets run under Miri: `(cargo test selector, arguments for the test binary)`, the
/// slowest first so the two lanes finish close together (each lane takes the next target when
/// it is free).
const TARGETS: &[(&[&str], &[&str])] = &[
    // Unit tests: planner fast paths, the rank-10 odometer, the static plans. Not the vector
    // sorts' own tests: Miri's CPU has neither unit here, so they would only sort their inputs
    // with the standard library (62 s) and compare nothing; they run in [`SIMD_TARGETS`].
    (&["--lib"], &["--skip", "reduce::simd_sort::"]),
    // argmax/argmin against a plain loop on the portable path (the AVX kernels are not built
    // under Miri): lanes and rows of every short length, `NaN`s, ties.
    (&["--test", "dynamic_argminmax"], &[]),
    // Public dynamic API: errors, rank 0, rank 12, views, in place, static/dynamic mixes.
    (&["--test", "dynamic_api"], &[]),
    // ncnn's pairing: views with added unit axes through the dynamic engine (the shape sweeps
    // of ncnn's tests run the same code on thousands of pairs, minutes under Miri).
    (
        &["--test", "ncnn_binaryop"],
        &["--skip", "ncnn_tests_", "--skip", "pnnx_numpy"],
    ),
    // numpy's reductions, sorts and PyTorch's unique runs on one case in twenty and each
    // operation's first, through views of every kind (the coverage test only searches the
    // text).
    (
        &["--test", "dynamic_reductions"],
        &["--skip", "fixtures_cover"],
    ),
    // numpy's matmul on one case in ten (GEMM on strided, transposed and broadcast operands,
    // through matrixmultiply's `unsafe` kernels), and the static products against them.
    (&["--test", "dynamic_matmul"], &["--skip", "fixtures_cover"]),
    // numpy's everyday functions (printing, axis iteration, joins, take, where, scans,
    // statistics, constructors) on one case of each in eight, no long printing (the coverage
    // test only searches the text).
    (
        &["--test", "dynamic_everyday"],
        &["--skip", "fixtures_cover"],
    ),
    // Every static operator, in-place operator and view against the reference; the three
    // largest shapes (over 1000 elements, minutes each under Miri) and the larger rank-3 and
    // rank-4 pairs (36 to 120 elements: `r3_r4*`, `r2_r4*`, `r4_r4_alt`, `r3_r3_w2`) run the
    // same code as the pairs that stay (`r0_r4`, `r1_r4*`, `r4_r4`, `r4_r4_zero`, the other
    // rank-3 pairs).
    (
        &["--test", "values"],
        &[
            "--skip",
            "big_",
            "--skip",
            "large_extent",
            "--skip",
            "r3_r4",
            "--skip",
            "r2_r4",
            "--skip",
            "r4_r4_alt",
            "--skip",
            "r3_r3_w2",
        ],
    ),
    // numpy's view operations on one case in ten: negative, zero and overlapping strides
    // through the planner and the iterator (the coverage test only searches the text).
    (&["--test", "dynamic_views"], &["--skip", "fixtures_cover"]),
    // numpy's answers on one case in ten (`MIRI_STEP`); the coverage test only parses.
    (
        &["--test", "dynamic_numpy"],
        &["every_numpy_fixture_matches"],
    ),
    // The static forms of the everyday functions (joins, `where_`, scans, statistics, axis
    // iteration) against the dynamic ones.
    (&["--test", "static_everyday"], &[]),
    // The static products (small kernel and GEMM) against the dynamic ones.
    (&["--test", "static_matmul"], &[]),
    // No allocation on the static path.
    (&["--test", "no_alloc"], &[]),
    // Static reductions and sorts (their outputs are built by `from_writer`) against the
    // dynamic ones.
    (&["--test", "static_reductions"], &[]),
    // Shapes with `Dyn` axes: heap storage beside extents, the run-time plan, boxed results
    // written in place (small shapes), products.
    (&["--test", "dyn_shapes"], &[]),
    // The static path's `from_writer` (operators, `from_fn`, conversions).
    (&["--test", "tensor"], &[]),
    // Generic code over shapes: every operator form, views, in place, on small tensors.
    (&["--test", "generic"], &[]),
    // Tensors built in place on the heap (`boxed_*`, the `unsafe` in src/storage/); the
    // 64 KiB-stack tests run the same code on 2M-element HD images, minutes under Miri.
    (&["--test", "storage"], &["--skip", "64_kib"]),
];

/// Targets run with rayon (default features), under Tree Borrows: the split over rayon's pool
/// on Miri-sized shapes (every planner path, a panic in a task, nesting inside rayon tasks) and
/// the split's unit tests. (`dynamic_alloc` only counts allocations of the same paths: it runs
/// natively, not here.) Under Stacked Borrows rayon's work-stealing deque (crossbeam-epoch)
/// reports a violation of its own, so [`TARGETS`] run without rayon (`--no-default-features
/// --features std`: no threads at all) and only these take rayon; `-Zmiri-ignore-leaks` lets
/// rayon's pool threads outlive `main`.
const RAYON_TARGETS: &[(&[&str], &[&str])] = &[
    // Not `one_large_float_matrix...`: it exists for the `gemm` crate's own threading (feature
    // `gemm`, which CI's native run turns on for it), which Miri cannot run (`cpuid`); here it
    // would run matrixmultiply in row blocks, which `matrix_products_split_into_row_blocks`
    // already does.
    (
        &["--test", "dynamic_parallel"],
        &["--skip", "one_large_float_matrix"],
    ),
    (&["--lib"], &["parallel::"]),
];

/// `MIRIFLAGS` of every run: Miri's CPU count as CI's machine has, so `max_threads()` is 2.
const MIRIFLAGS: &str = "-Zmiri-num-cpus=2";

/// `MIRIFLAGS` added for [`RAYON_TARGETS`].
const RAYON_MIRIFLAGS: &str = "-Zmiri-tree-borrows -Zmiri-ignore-leaks";

/// Targets run with `shaped` built for AVX2 and AVX-512 ([`SIMD_RUSTFLAGS`]; cargo keeps that
/// build beside the plain one, as the flags are part of its artifacts' hash): Miri's CPU reports
/// neither otherwise, so the vector sorts would never run. The AVX2 build of the sort (src/reduce/simd_sort/) runs in its own module's tests, which
/// call it directly; the AVX-512 build in those tests and, as the sort
/// the CPU then picks, in every unstable sort of the other `reduce::` tests. Miri interprets the
/// intrinsics they use but the AVX-512 register compress, for which that module has a model.
///
/// Skipped here, as they run in the portable `--lib` target: the by-key sorts of the types whose
/// keys the kept `f32` (32-bit keys) and `f64` (64-bit keys) cases already send through both
/// vector kernels (the key orders are portable code), and the pairwise sums, which have no
/// vector code. They were 210 s of this target's 313 s. Also skipped: the short lanes sorted side
/// by side (`short_rows`), whose vector builds Miri never runs (the portable one is the `--lib`
/// target's).
const SIMD_TARGETS: &[(&[&str], &[&str])] = &[(
    &["--lib"],
    &[
        "reduce::",
        "--skip",
        "sort_tests::i32_",
        "--skip",
        "sort_tests::i64_",
        "--skip",
        "sort_tests::u32_",
        "--skip",
        "sort_tests::u64_",
        "--skip",
        "fold::tests::pairwise",
        "--skip",
        "sort_tests::short_lanes",
        "--skip",
        "short_rows::",
    ],
)];

/// The `rustflags` of `shaped` alone for [`SIMD_TARGETS`], set through the profile (nightly's
/// `-Zprofile-rustflags`): `RUSTFLAGS` would build the dependencies for AVX-512 too, and `wide`
/// (nalgebra's, a dev-dependency) does not compile so.
const SIMD_RUSTFLAGS: &str = "-Ctarget-feature=+avx2,+popcnt,+avx512f";

/// How a target is built and checked.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// Without rayon, Stacked Borrows.
    Plain,
    /// Without rayon, `shaped` built for AVX2 and AVX-512 ([`SIMD_TARGETS`]).
    Simd,
    /// With rayon, Tree Borrows ([`RAYON_TARGETS`]).
    Rayon,
}

/// One `cargo miri test`: selector, test-binary arguments, and how.
type Job = (&'static [&'static str], &'static [&'static str], Mode);

/// Installs Miri if needed, then runs [`TARGETS`] under it.
pub fn run(root: &Path) -> Result<(), String> {
    let start = Instant::now();
    crate::nightly::ensure(root, &["miri", "rust-src"])?;
    crate::run(root, "cargo", &["+nightly", "miri", "setup"], &[])?;
    run_lanes(root)?;
    println!(
        "\nxtask miri: no undefined behaviour found in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Every job, in the order the lanes take them: the slowest first, so the two lanes finish close
/// together.
fn jobs() -> Vec<Job> {
    let mut jobs: Vec<Job> = SIMD_TARGETS
        .iter()
        .map(|&(s, a)| (s, a, Mode::Simd))
        .collect();
    jobs.extend(TARGETS.iter().map(|&(s, a)| (s, a, Mode::Plain)));
    for (i, &(s, a)) in RAYON_TARGETS.iter().enumerate() {
        jobs.insert((3 + i).min(jobs.len()), (s, a, Mode::Rayon));
    }
    jobs
}

/// Builds the test targets of every mode into `target_dir`, one `cargo miri test --no-run` a
/// mode (cargo then builds on both cores), so the lanes find them built.
fn build_all(root: &Path, target_dir: &Path) -> Result<(), String> {
    let jobs = jobs();
    for mode in [Mode::Plain, Mode::Simd, Mode::Rayon] {
        let mut selectors: Vec<&str> = Vec::new();
        for &(selector, _, m) in &jobs {
            if m == mode && !selectors.windows(selector.len()).any(|w| w == selector) {
                selectors.extend_from_slice(selector);
            }
        }
        let (mut command, shown) =
            miri_test(root, target_dir, &selectors, &["--no-run"], &[], mode);
        crate::run_shown(&mut command, &shown)?;
    }
    Ok(())
}

/// Runs [`TARGETS`], [`SIMD_TARGETS`] and [`RAYON_TARGETS`] on [`LANES`] lanes, after
/// [`build_all`]. Each target's output goes to a log file, printed whole if the target fails,
/// so the lanes' outputs do not interleave.
fn run_lanes(root: &Path) -> Result<(), String> {
    let target_dir = root.join("target");
    let logs = target_dir.join("miri-logs");
    fs::create_dir_all(&logs).map_err(|e| format!("could not create {}: {e}", logs.display()))?;
    build_all(root, &target_dir)?;
    let queue = Mutex::new(jobs().into_iter());
    let failures = Mutex::new(Vec::new());
    thread::scope(|scope| {
        for _ in 0..LANES {
            let (queue, failures, logs, target_dir) = (&queue, &failures, &logs, &target_dir);
            scope.spawn(move || {
                loop {
                    let next = queue.lock().expect("a lane panicked").next();
                    let Some((selector, test_args, mode)) = next else {
                        break;
                    };
                    if let Err(e) = run_target(root, target_dir, logs, selector, test_args, mode) {
                        failures.lock().expect("a lane panicked").push(e);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().expect("a lane panicked");
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// `cargo miri test` of `selector` in `mode` into `target_dir`, with `cargo_args` before the
/// test binary's `test_args`; and the line to show for it.
fn miri_test(
    root: &Path,
    target_dir: &Path,
    selector: &[&str],
    cargo_args: &[&str],
    test_args: &[&str],
    mode: Mode,
) -> (Command, String) {
    let mut args = vec!["+nightly", "miri", "test", "-p", "shaped"];
    if mode != Mode::Rayon {
        args.extend_from_slice(&["--no-default-features", "--features", "std"]);
    }
    let simd_config = format!("profile.dev.package.shaped.rustflags=[\"{SIMD_RUSTFLAGS}\"]");
    if mode == Mode::Simd {
        args.extend_from_slice(&["-Zprofile-rustflags", "--config", &simd_config]);
    }
    args.extend_from_slice(selector);
    args.extend_from_slice(cargo_args);
    args.push("--");
    args.extend_from_slice(test_args);
    let miriflags = match mode {
        Mode::Rayon => format!("{MIRIFLAGS} {RAYON_MIRIFLAGS}"),
        Mode::Plain | Mode::Simd => MIRIFLAGS.to_string(),
    };
    // Quoted where a shell would split or expand (the `--config` value), so the line can be
    // pasted.
    let quoted: Vec<String> = args
        .iter()
        .map(|a| {
            if a.contains(['[', '"']) {
                format!("'{a}'")
            } else {
                a.to_string()
            }
        })
        .collect();
    let shown = format!("MIRIFLAGS='{miriflags}' cargo {}", quoted.join(" "));
    let mut command = Command::new("cargo");
    command
        .args(&args)
        .env("MIRIFLAGS", &miriflags)
        .env("CARGO_TARGET_DIR", target_dir)
        .current_dir(root);
    (command, shown)
}

/// One `cargo miri test` of `selector` into `target_dir`, its output in a log under `logs`.
fn run_target(
    root: &Path,
    target_dir: &Path,
    logs: &Path,
    selector: &[&str],
    test_args: &[&str],
    mode: Mode,
) -> Result<(), String> {
    // Each test's time in its log, to find what to shrink next (Miri runs on nightly's libtest).
    let test_args = [test_args, &["-Zunstable-options", "--report-time"]].concat();
    let (mut command, shown) = miri_test(root, target_dir, selector, &[], &test_args, mode);
    let name = selector.join("").replace('-', "")
        + match mode {
            Mode::Plain => "",
            Mode::Simd => "-simd",
            Mode::Rayon => "-rayon",
        };
    let log: PathBuf = logs.join(format!("{name}.log"));
    let file =
        File::create(&log).map_err(|e| format!("could not create {}: {e}", log.display()))?;
    let err = file
        .try_clone()
        .map_err(|e| format!("could not reopen {}: {e}", log.display()))?;
    let result = crate::run_shown(
        command.stdout(Stdio::from(file)).stderr(Stdio::from(err)),
        &shown,
    );
    let Err(failed) = result else {
        return Ok(());
    };
    let output = fs::read_to_string(&log).unwrap_or_default();
    println!("---- output of `{shown}` ----\n{output}");
    Err(format!(
        "{failed}; its output is above and in {}",
        log.display()
    ))
}
