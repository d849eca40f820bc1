//! `cargo xtask compile-time`: what static broadcasting costs the compiler.
//!
//! Generates two throwaway crates under `target/compile-time/`: one with 100 distinct static
//! broadcast additions written with shaped (ranks 1 to 6), one with the same 100 written as hand
//! loops over nested arrays. Both are built once (so `shaped` and its macros are compiled), then
//! each crate's own source is touched and rebuilt with `CARGO_INCREMENTAL=0`, three times, in
//! debug and in release. It prints the medians and their ratio; the bound is 2x.
//!
//! Every generated function is `#[inline(never)]`: a small leaf function in a library is
//! otherwise treated as inline-only and not compiled at all until a user calls it, which made
//! the hand-loop crate compile nothing (seen in its LLVM IR: no function bodies).

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

const CASES: usize = 100;
const BOUND: f64 = 2.0;

/// A small deterministic generator, so the crates are the same on every run.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n) as usize
    }
}

/// 100 distinct (out shape, rhs shape) pairs: rhs right-aligned, each extent equal or 1.
fn cases() -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut rng = Lcg(0x5eed);
    let mut out: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    while out.len() < CASES {
        let rank = 1 + rng.next(6);
        let dims: Vec<usize> = (0..rank).map(|_| 2 + rng.next(4)).collect();
        let rb = 1 + rng.next(rank as u64);
        let b: Vec<usize> = dims[rank - rb..]
            .iter()
            .map(|&d| if rng.next(2) == 0 { 1 } else { d })
            .collect();
        if !out.iter().any(|(d, bb)| *d == dims && *bb == b) {
            out.push((dims, b));
        }
    }
    out
}

fn list(d: &[usize]) -> String {
    d.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn array_type(d: &[usize]) -> String {
    d.iter()
        .rev()
        .fold("f32".to_string(), |t, n| format!("[{t}; {n}]"))
}

fn shaped_source(cases: &[(Vec<usize>, Vec<usize>)]) -> String {
    let mut s = String::from("use shaped::{shape, Tensor};\n\n");
    for (k, (a, b)) in cases.iter().enumerate() {
        let (a, b) = (list(a), list(b));
        writeln!(
            s,
            "#[inline(never)]\npub fn f{k}(a: &Tensor<f32, shape![{a}]>, b: &Tensor<f32, shape![{b}]>) -> Tensor<f32, shape![{a}]> {{\n    a + b\n}}"
        )
        .unwrap();
    }
    s
}

fn hand_source(cases: &[(Vec<usize>, Vec<usize>)]) -> String {
    let mut s = String::new();
    for (k, (a, b)) in cases.iter().enumerate() {
        let idx = |i: usize| format!("i{i}");
        let a_idx: String = (0..a.len()).map(|i| format!("[{}]", idx(i))).collect();
        let skip = a.len() - b.len();
        let b_idx: String = b
            .iter()
            .enumerate()
            .map(|(j, &d)| {
                if d == 1 {
                    "[0]".to_string()
                } else {
                    format!("[{}]", idx(skip + j))
                }
            })
            .collect();
        let mut body = format!("out{a_idx} = a{a_idx} + b{b_idx};");
        for (i, &d) in a.iter().enumerate().rev() {
            body = format!("for {} in 0..{d} {{ {body} }}", idx(i));
        }
        let (ta, tb) = (array_type(a), array_type(b));
        writeln!(
            s,
            "#[allow(clippy::needless_range_loop)]\n#[inline(never)]\npub fn f{k}(a: &{ta}, b: &{tb}, out: &mut {ta}) {{\n    {body}\n}}"
        )
        .unwrap();
    }
    s
}

fn write_crate(dir: &Path, name: &str, deps: &str, lib: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir.join("src")).map_err(|e| e.to_string())?;
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\n{deps}\n\n[workspace]\n"
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("src/lib.rs"), lib).map_err(|e| e.to_string())
}

/// Wall time of rebuilding only the crate in `dir` (its source touched first).
fn rebuild_seconds(
    dir: &Path,
    target: &Path,
    release: bool,
    lib: &str,
    round: usize,
) -> Result<f64, String> {
    // A new comment changes the file's contents, so cargo rebuilds this crate and only it.
    std::fs::write(dir.join("src/lib.rs"), format!("// round {round}\n{lib}"))
        .map_err(|e| e.to_string())?;
    let mut cmd = Command::new("cargo");
    cmd.arg("build").arg("--quiet").current_dir(dir);
    if release {
        cmd.arg("--release");
    }
    cmd.env("CARGO_INCREMENTAL", "0")
        .env("CARGO_TARGET_DIR", target);
    let start = Instant::now();
    let status = cmd.status().map_err(|e| e.to_string())?;
    let secs = start.elapsed().as_secs_f64();
    if !status.success() {
        return Err(format!("building {} failed", dir.display()));
    }
    Ok(secs)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

pub fn run(root: &Path) -> Result<(), String> {
    let base = root.join("target/compile-time");
    let target = base.join("target");
    let cases = cases();
    let shaped_dir = base.join("with-shaped");
    let hand_dir = base.join("hand-loops");
    let shaped_lib = shaped_source(&cases);
    let hand_lib = hand_source(&cases);
    let dep = format!("shaped = {{ path = {:?} }}", root.display().to_string());
    write_crate(&shaped_dir, "with_shaped", &dep, &shaped_lib)?;
    write_crate(&hand_dir, "hand_loops", "", &hand_lib)?;

    println!("\ncompile time of 100 static broadcasts (ranks 1-6), the crate alone, median of 3");
    println!(
        "{:<8} {:>10} {:>12} {:>8}  verdict",
        "profile", "shaped s", "hand-loop s", "ratio"
    );
    let (mut passed, mut failed) = (0, 0);
    for release in [false, true] {
        // Warm-up: builds the dependencies (and checks both crates compile).
        rebuild_seconds(&shaped_dir, &target, release, &shaped_lib, 0)?;
        rebuild_seconds(&hand_dir, &target, release, &hand_lib, 0)?;
        let mut s = Vec::new();
        let mut h = Vec::new();
        for round in 1..=3 {
            s.push(rebuild_seconds(
                &shaped_dir,
                &target,
                release,
                &shaped_lib,
                round,
            )?);
            h.push(rebuild_seconds(
                &hand_dir, &target, release, &hand_lib, round,
            )?);
        }
        let (s, h) = (median(s), median(h));
        let ratio = s / h;
        let ok = ratio <= BOUND;
        if ok {
            passed += 1;
        } else {
            failed += 1;
        }
        println!(
            "{:<8} {:>10.2} {:>12.2} {:>8.2}  {}",
            if release { "release" } else { "debug" },
            s,
            h,
            ratio,
            if ok { "ok" } else { "OVER BOUND" }
        );
    }
    println!("bound: shaped <= {BOUND}x the hand loops' time");
    println!("compile-time: {passed} passed, {failed} failed");
    if failed > 0 {
        return Err("compile time over the bound".into());
    }
    Ok(())
}
