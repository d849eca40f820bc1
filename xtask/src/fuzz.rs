//! `cargo xtask fuzz [--secs N]`: each cargo-fuzz target in `fuzz/` for N seconds (30 by
//! default; CI runs 20), both at once (one per core), with AddressSanitizer, overflow
//! checks and debug assertions (cargo-fuzz's default build).
//!
//! The targets build shapes, strides, offsets, slices and axes from raw bytes and call every
//! `try_` API; any panic, abort or out-of-bounds read fails the run and leaves the input in
//! `fuzz/artifacts/<target>/`. Each run starts from the corpus kept in the repo
//! (`fuzz/corpus/<target>`, read only) and writes what it finds to `fuzz/target/corpus/`;
//! to keep new inputs, `cargo +nightly fuzz cmin <target>` after copying them in.
//!
//! Installs what it needs: the nightly toolchain (sanitizers are nightly-only) and
//! cargo-fuzz at [`CARGO_FUZZ`].

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Instant;

/// The fuzz targets (`fuzz/fuzz_targets/<name>.rs`).
const TARGETS: &[&str] = &["views", "operations"];

/// The cargo-fuzz release installed when missing or different (pinned, for the same flags on
/// every machine).
const CARGO_FUZZ: &str = "0.13.2";

/// libFuzzer's flags besides the time: tests ask for shapes of terabytes on purpose (they
/// must get `ShapeError::Allocation`), so a large malloc is not a crash; the process as a
/// whole still stays under 2 GiB.
const LIBFUZZER_FLAGS: &[&str] = &["-rss_limit_mb=2048", "-malloc_limit_mb=2000000000"];

/// AddressSanitizer returns null for an allocation it cannot make, as the system allocator
/// does, instead of aborting: the crate's `try_reserve` path is what is being tested.
const ASAN_OPTIONS: &str = "allocator_may_return_null=1";

/// Parses `--secs N`, installs, builds, runs every target.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let secs = match args {
        [] => 30,
        [flag, n] if flag == "--secs" => n
            .parse::<u64>()
            .map_err(|_| format!("--secs takes a whole number of seconds, not `{n}`"))?,
        _ => return Err("usage: cargo xtask fuzz [--secs N]".into()),
    };
    install(root)?;
    let dir = root.join("fuzz");
    crate::run(&dir, "cargo", &["+nightly", "fuzz", "build"], &[])?;
    let start = Instant::now();
    let runs: Vec<(&str, PathBuf, Child)> = TARGETS
        .iter()
        .map(|&t| spawn(&dir, t, secs).map(|(log, child)| (t, log, child)))
        .collect::<Result<_, _>>()?;
    let mut failed = Vec::new();
    for (target, log, mut child) in runs {
        let status = child
            .wait()
            .map_err(|e| format!("waiting for fuzz target `{target}`: {e}"))?;
        let text = fs::read_to_string(&log).unwrap_or_default();
        if status.success() {
            println!("fuzz {target}: {}", summary(&text));
        } else {
            // The end of libFuzzer's report: the panic or sanitizer message, and the input.
            let tail: Vec<&str> = text.lines().rev().take(60).collect();
            for line in tail.into_iter().rev() {
                println!("    {line}");
            }
            failed.push(format!("{target} ({status}; log {})", log.display()));
        }
    }
    if failed.is_empty() {
        println!(
            "xtask fuzz: {} targets, {secs} s each, nothing found ({:.0} s)",
            TARGETS.len(),
            start.elapsed().as_secs_f64()
        );
        Ok(())
    } else {
        Err(format!(
            "fuzz targets failed: {}; the input is under fuzz/artifacts/ (replay it with \
             `cd fuzz && cargo +nightly fuzz run <target> <file>`)",
            failed.join(", ")
        ))
    }
}

/// Nightly and cargo-fuzz, when missing.
fn install(root: &Path) -> Result<(), String> {
    crate::nightly::ensure(root, &[])?;
    let version = Command::new("cargo")
        .args(["fuzz", "--version"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    if version.split_whitespace().nth(1) == Some(CARGO_FUZZ) {
        return Ok(());
    }
    crate::run(
        root,
        "cargo",
        &["install", "cargo-fuzz", "--version", CARGO_FUZZ, "--locked"],
        &[],
    )
}

/// Starts `target` for `secs` seconds, its output to a log file; returns the log's path and
/// the running process.
fn spawn(dir: &Path, target: &str, secs: u64) -> Result<(PathBuf, Child), String> {
    let found = dir.join("target").join("corpus").join(target);
    fs::create_dir_all(&found).map_err(|e| format!("creating {}: {e}", found.display()))?;
    let log = dir.join("target").join(format!("fuzz-{target}.log"));
    let out = File::create(&log).map_err(|e| format!("creating {}: {e}", log.display()))?;
    let err = out
        .try_clone()
        .map_err(|e| format!("{}: {e}", log.display()))?;
    let time = format!("-max_total_time={secs}");
    let kept = format!("corpus/{target}");
    let mut args = vec!["+nightly", "fuzz", "run", target];
    args.extend([found.to_str().unwrap_or_default(), &kept, "--", &time]);
    args.extend(LIBFUZZER_FLAGS);
    println!("\n==> cargo {} (log: {})", args.join(" "), log.display());
    let child = Command::new("cargo")
        .args(&args)
        .env("ASAN_OPTIONS", ASAN_OPTIONS)
        .current_dir(dir)
        .stdout(Stdio::from(out))
        .stderr(Stdio::from(err))
        .spawn()
        .map_err(|e| format!("could not start fuzz target `{target}`: {e}"))?;
    Ok((log, child))
}

/// libFuzzer's closing `Done N runs in S second(s)` line, and the corpus size it reached.
fn summary(log: &str) -> String {
    let done = log
        .lines()
        .rev()
        .find(|l| l.starts_with("Done "))
        .unwrap_or("no `Done` line in the log");
    let corpus = log
        .lines()
        .rev()
        .find_map(|l| l.split("corp: ").nth(1))
        .and_then(|c| c.split_whitespace().next())
        .and_then(|c| c.split_once('/'))
        .map(|(n, size)| format!(", corpus {n} inputs ({size})"))
        .unwrap_or_default();
    format!("{done}{corpus}")
}

#[cfg(test)]
mod tests {
    use super::summary;

    #[test]
    fn the_summary_reads_libfuzzers_closing_lines() {
        let log = "#2\tINITED cov: 10 ft: 12 corp: 1/1b exec/s: 0\n\
                   #9000\tDONE   cov: 2011 ft: 9000 corp: 2958/420Kb lim: 4096 exec/s: 300\n\
                   Done 9000 runs in 31 second(s)\n";
        assert_eq!(
            summary(log),
            "Done 9000 runs in 31 second(s), corpus 2958 inputs (420Kb)"
        );
        assert_eq!(summary(""), "no `Done` line in the log");
    }
}
