//! The profile gate: shaped as a dependent builds it, under the release profiles users write.
//!
//! `benches/dependent` is a crate that depends on shaped with default features, built under the
//! root manifest's `dependent-*` profiles (cargo's release profile, `codegen-units = 1`, fat and
//! thin LTO, `opt-level = 2`) and, with `--all`, `RUSTFLAGS=-C target-cpu=native`. Each build is
//! checked twice:
//! - its machine code (`objdump`): no function of shaped calls libm's `fma`/`fmaf` (directly, or
//!   through a GOT slot, which is how a position-independent binary reaches compiler-builtins'
//!   copy); no `#[target_feature]` build calls any libm function, nor does a function it calls
//!   directly; every AVX-512 float build holds a multiply-add on `zmm` registers;
//! - its speed: the workloads, timed in interleaved rounds, against the default profile's build
//!   in the same run.
//!
//! `cargo xtask ci` runs the gate (four builds, the three products whose builds measured 4.8x to
//! 157x slower, failing past 2x); `cargo xtask profiles` runs all six builds on every workload,
//! prints the table BENCHMARKS.md reports, and fails past 1.25x.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{ensure_apt, run};

/// One build: its name in the table, the cargo profile, and whether it is `target-cpu=native`
/// (built into a target directory of its own, so that the flag does not rebuild the others).
struct Build {
    name: &'static str,
    profile: &'static str,
    native: bool,
}

const DEFAULT: Build = Build {
    name: "default",
    profile: "dependent",
    native: false,
};

/// The builds of the CI gate, the default first.
const GATE_BUILDS: &[Build] = &[
    DEFAULT,
    Build {
        name: "codegen-units = 1",
        profile: "dependent-cgu1",
        native: false,
    },
    Build {
        name: "lto = \"fat\"",
        profile: "dependent-fat",
        native: false,
    },
    Build {
        name: "opt-level = 2",
        profile: "dependent-o2",
        native: false,
    },
];

/// The builds `cargo xtask profiles` adds.
const MORE_BUILDS: &[Build] = &[
    Build {
        name: "lto = \"thin\"",
        profile: "dependent-thin",
        native: false,
    },
    Build {
        name: "target-cpu=native",
        profile: "dependent",
        native: true,
    },
];

/// The gate fails when a build takes more than this many times the default build's time: the
/// failures measured were 4.8x to 157x, so this is far from the machine's noise.
const GATE_RATIO: f64 = 2.0;

/// `cargo xtask profiles` fails past this ratio, and lists each workload past
/// [`REPORT_RATIO`].
const ALL_RATIO: f64 = 1.25;
const REPORT_RATIO: f64 = 1.15;

/// Interleaved rounds: each build runs once a round, so that a slow spell of the shared machine
/// falls on every build alike; the median of the rounds is compared.
const ROUNDS: usize = 5;

/// libm's functions: none may be called from a `#[target_feature]` build, and `fma`/`fmaf` from no
/// function of shaped at all.
const LIBM: &[&str] = &[
    "fma", "fmaf", "exp", "expf", "exp2", "exp2f", "expm1", "expm1f", "log", "logf", "log2",
    "log2f", "log10", "log10f", "log1p", "log1pf", "pow", "powf", "sqrt", "sqrtf", "sin", "sinf",
    "cos", "cosf", "tan", "tanf", "tanh", "tanhf", "atan", "atanf", "atan2", "atan2f", "floor",
    "floorf", "ceil", "ceilf", "round", "roundf", "trunc", "truncf", "fmod", "fmodf", "cbrt",
    "cbrtf", "hypot", "hypotf",
];

/// The `#[target_feature]` builds of shaped, by the end of their demangled names, and whether
/// each is an AVX-512 build of float products (which must hold a `zmm` multiply-add). The gate
/// fails when one of these is missing from a build: a renamed build must be renamed here too.
const WRAPPERS: &[(&str, bool)] = &[
    ("shaped::matmul::small::builds::tiles_avx512", true),
    ("shaped::matmul::small::builds::blocks_avx512", true),
    ("shaped::matmul::small::builds::blocks_avx2", false),
    ("shaped::matmul::small::columns::columns", true),
];

/// Other `#[target_feature]` functions, found by these pieces of their names: they must not call
/// libm either, but the probe need not reach every one.
const OTHER_WRAPPERS: &[&str] = &["avx2", "avx512", "_x86_64_v3", "_x86_64_v4"];

/// `cargo xtask ci`'s part: the four builds, the gate's three products, failing past 2x.
pub fn gate(root: &Path) -> Result<(), String> {
    check(root, GATE_BUILDS, "gate", GATE_RATIO, false)
}

/// `cargo xtask profiles`: the six builds, every workload and ndarray's product, failing past
/// 1.25x (and the product of two `[512, 512]` f32 matrices past ndarray's time).
pub fn run_all(root: &Path) -> Result<(), String> {
    let builds: Vec<&Build> = GATE_BUILDS.iter().chain(MORE_BUILDS).collect();
    check_builds(root, &builds, "all", ALL_RATIO, true)
}

fn check(
    root: &Path,
    builds: &[Build],
    which: &str,
    bound: f64,
    baseline: bool,
) -> Result<(), String> {
    let builds: Vec<&Build> = builds.iter().collect();
    check_builds(root, &builds, which, bound, baseline)
}

fn check_builds(
    root: &Path,
    builds: &[&Build],
    which: &str,
    bound: f64,
    baseline: bool,
) -> Result<(), String> {
    ensure_apt("objdump", "binutils")?;
    // Two halves built side by side, each in a target directory of its own: the
    // `codegen-units = 1` and LTO builds compile shaped on one core.
    let (first, second) = builds.split_at(builds.len().div_ceil(2));
    let half = |list: &[&Build], dir: &str| -> Result<Vec<PathBuf>, String> {
        list.iter()
            .map(|build| build_one(root, build, baseline, dir))
            .collect()
    };
    let (a, b) = std::thread::scope(|scope| {
        let a = scope.spawn(|| half(first, "target"));
        let b = scope.spawn(|| half(second, "target/profiles-pair"));
        (a.join(), b.join())
    });
    let mut binaries = a.map_err(|_| "a build thread panicked".to_string())??;
    binaries.extend(b.map_err(|_| "a build thread panicked".to_string())??);
    let mut problems = Vec::new();
    for (build, binary) in builds.iter().zip(&binaries) {
        let found = disassembly(binary)?;
        for p in &found {
            problems.push(format!("{}: {p}", build.name));
        }
        println!(
            "profiles: {}: machine code {}",
            build.name,
            if found.is_empty() {
                "clean"
            } else {
                "NOT clean"
            }
        );
    }
    let times = timings(builds, &binaries, which)?;
    let table = report(builds, &times, bound, &mut problems);
    println!("\n{table}");
    if baseline {
        compare_with_ndarray(builds, &times, &mut problems);
    }
    let out = root.join("target").join(format!("profiles-{which}.md"));
    std::fs::write(&out, &table).map_err(|e| format!("could not write {}: {e}", out.display()))?;
    println!("profiles: the table is in {}", out.display());
    if problems.is_empty() {
        println!("profiles: every build clean and within {bound}x of the default build");
        Ok(())
    } else {
        Err(format!(
            "{} problems:\n  {}",
            problems.len(),
            problems.join("\n  ")
        ))
    }
}

/// Builds `benches/dependent` under `build` into the target directory `dir` of `root` (a
/// `target-cpu=native` build into `target/native`); the binary's path.
fn build_one(root: &Path, build: &Build, baseline: bool, dir: &str) -> Result<PathBuf, String> {
    let mut args = vec![
        "build",
        "-p",
        "shaped-dependent",
        "--profile",
        build.profile,
    ];
    if baseline {
        args.extend(["--features", "baseline"]);
    }
    let target = if build.native {
        root.join("target").join("native")
    } else {
        root.join(dir)
    };
    let target_arg = target.display().to_string();
    args.extend(["--target-dir", &target_arg]);
    let mut envs = vec![("CARGO_INCREMENTAL", "0")];
    if build.native {
        envs.push(("RUSTFLAGS", "-C target-cpu=native"));
    }
    run(root, "cargo", &args, &envs)?;
    Ok(target.join(build.profile).join("shaped-dependent"))
}

/// One function of the disassembly: its instructions, as objdump prints them.
struct Function {
    name: String,
    lines: Vec<String>,
}

/// What the machine code of `binary` breaks of the rules in the module's documentation.
fn disassembly(binary: &Path) -> Result<Vec<String>, String> {
    let text = objdump(binary, &["-d", "-C", "-w", "--no-show-raw-insn"])?;
    let relocations = objdump(binary, &["-R", "-C", "-w"])?;
    let (functions, starts) = parse_functions(&text);
    let slots = parse_slots(&relocations, &starts);
    let libm: HashSet<&str> = LIBM.iter().copied().collect();
    let is_libm = |target: &str| libm.contains(base_name(target));
    let is_fma = |target: &str| matches!(base_name(target), "fma" | "fmaf");
    let by_name: HashMap<&str, Vec<&Function>> =
        functions.iter().fold(HashMap::new(), |mut map, f| {
            map.entry(f.name.as_str()).or_default().push(f);
            map
        });
    let mut problems = Vec::new();
    for f in &functions {
        if !f.name.contains("shaped::") {
            continue;
        }
        for target in call_targets(f, &slots) {
            if is_fma(&target) {
                problems.push(format!("`{}` calls `{target}`", f.name));
            }
        }
    }
    let wrapper = |name: &str| {
        name.contains("shaped::")
            && (WRAPPERS.iter().any(|(w, _)| name.ends_with(w))
                || OTHER_WRAPPERS.iter().any(|w| name.contains(w)))
    };
    for f in functions.iter().filter(|f| wrapper(&f.name)) {
        for target in call_targets(f, &slots) {
            if is_libm(&target) {
                problems.push(format!("the build `{}` calls `{target}`", f.name));
                continue;
            }
            for callee in by_name.get(target.as_str()).into_iter().flatten() {
                for inner in call_targets(callee, &slots) {
                    if is_libm(&inner) {
                        problems.push(format!(
                            "`{}`, called by the build `{}`, calls `{inner}`",
                            callee.name, f.name
                        ));
                    }
                }
            }
        }
    }
    for (name, avx512) in WRAPPERS {
        let found: Vec<&Function> = functions
            .iter()
            .filter(|f| f.name.ends_with(name))
            .collect();
        if found.is_empty() {
            problems.push(format!(
                "no function `{name}` in the build (renamed? see WRAPPERS)"
            ));
        }
        if *avx512 {
            for f in found {
                let fused = f
                    .lines
                    .iter()
                    .any(|l| l.contains("vfmadd") && l.contains("%zmm"));
                if !fused {
                    problems.push(format!(
                        "the AVX-512 build `{}` holds no zmm multiply-add",
                        f.name
                    ));
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    Ok(problems)
}

fn objdump(binary: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("objdump")
        .args(args)
        .arg(binary)
        .output()
        .map_err(|e| format!("could not run objdump: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "objdump {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The functions of `objdump -d`, and each one's start address.
fn parse_functions(text: &str) -> (Vec<Function>, BTreeMap<u64, String>) {
    let mut functions: Vec<Function> = Vec::new();
    let mut starts = BTreeMap::new();
    for line in text.lines() {
        // `0000000000012340 <name>:`
        if let Some((address, rest)) = line.split_once(" <")
            && let Some(name) = rest.strip_suffix(">:")
            && let Ok(address) = u64::from_str_radix(address.trim(), 16)
        {
            starts.insert(address, name.to_string());
            functions.push(Function {
                name: name.to_string(),
                lines: Vec::new(),
            });
        } else if let Some(f) = functions.last_mut()
            && line.starts_with(' ')
        {
            f.lines.push(line.to_string());
        }
    }
    (functions, starts)
}

/// Each GOT slot's symbol, from `objdump -R`: named for a symbol's relocation, and for a
/// relative one (`*ABS*+0x...`) the function that starts at its address.
fn parse_slots(text: &str, starts: &BTreeMap<u64, String>) -> HashMap<u64, String> {
    let mut slots = HashMap::new();
    for line in text.lines() {
        let mut fields = line.split_whitespace();
        let (Some(offset), Some(_kind), Some(value)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let Ok(offset) = u64::from_str_radix(offset, 16) else {
            continue;
        };
        let name = match value.strip_prefix("*ABS*+0x") {
            Some(address) => match u64::from_str_radix(address, 16)
                .ok()
                .and_then(|a| starts.get(&a))
            {
                Some(name) => name.clone(),
                None => continue,
            },
            None => value.to_string(),
        };
        slots.insert(offset, name);
    }
    slots
}

/// The functions `f` calls or jumps to outside itself, or whose address it loads from a GOT slot
/// (a call through a register follows such a load).
fn call_targets(f: &Function, slots: &HashMap<u64, String>) -> Vec<String> {
    let mut out = Vec::new();
    for line in &f.lines {
        let Some((_, instruction)) = line.split_once(':') else {
            continue;
        };
        let instruction = instruction.trim();
        let mnemonic = instruction.split_whitespace().next().unwrap_or("");
        let branch = mnemonic.starts_with("call") || mnemonic.starts_with("jmp");
        // A slot read: `... *0x2f3a(%rip)  # 5ff8 <...>` or `mov 0x..(%rip),%rax  # 5ff8 <...>`.
        if instruction.contains("(%rip)")
            && let Some((_, comment)) = instruction.split_once('#')
            && let Some(address) = comment.split_whitespace().next()
            && let Ok(address) = u64::from_str_radix(address, 16)
            && let Some(name) = slots.get(&address)
        {
            out.push(name.clone());
            continue;
        }
        // A direct call: `call 12340 <name>` (or `<name@plt>`).
        if branch
            && let Some((_, rest)) = instruction.split_once('<')
            && let Some(name) = rest.strip_suffix('>')
            && !name.contains('+')
            && name != f.name
        {
            out.push(name.to_string());
        }
    }
    out
}

/// A symbol's last path segment, without its version or PLT suffix: `fmaf@GLIBC_2.2.5` and
/// `compiler_builtins::math::fmaf` are both `fmaf`.
fn base_name(symbol: &str) -> &str {
    let symbol = symbol.split('@').next().unwrap_or(symbol);
    symbol.rsplit("::").next().unwrap_or(symbol)
}

/// Each build's median time of each workload over [`ROUNDS`] interleaved rounds, in ns.
fn timings(
    builds: &[&Build],
    binaries: &[PathBuf],
    which: &str,
) -> Result<Vec<BTreeMap<String, f64>>, String> {
    let mut samples: Vec<BTreeMap<String, Vec<f64>>> = vec![BTreeMap::new(); builds.len()];
    for round in 0..ROUNDS {
        for (b, binary) in binaries.iter().enumerate() {
            let out = Command::new(binary)
                .args([which, "9"])
                .output()
                .map_err(|e| format!("could not run {}: {e}", binary.display()))?;
            if !out.status.success() {
                return Err(format!(
                    "{} failed: {}",
                    binary.display(),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            for line in String::from_utf8_lossy(&out.stdout).lines() {
                let Some((name, ns)) = line.split_once('\t') else {
                    continue;
                };
                let ns: f64 = ns
                    .trim()
                    .parse()
                    .map_err(|_| format!("not a time: {line}"))?;
                samples[b].entry(name.to_string()).or_default().push(ns);
            }
        }
        println!("profiles: round {} of {ROUNDS} done", round + 1);
    }
    Ok(samples
        .into_iter()
        .map(|workloads| {
            workloads
                .into_iter()
                .map(|(name, mut times)| {
                    times.sort_by(f64::total_cmp);
                    (name, times[times.len() / 2])
                })
                .collect()
        })
        .collect())
}

/// The table of each workload's default time and each build's ratio to it; every ratio past
/// `bound` a problem, and past [`REPORT_RATIO`] listed below the table.
fn report(
    builds: &[&Build],
    times: &[BTreeMap<String, f64>],
    bound: f64,
    problems: &mut Vec<String>,
) -> String {
    let mut table = String::from("| workload | default (µs) |");
    for build in &builds[1..] {
        table += &format!(" {} |", build.name.replace('|', "\\|"));
    }
    table += "\n|---|---:|";
    table += &"---:|".repeat(builds.len() - 1);
    table += "\n";
    let mut slow = Vec::new();
    for (name, &base) in &times[0] {
        if name.starts_with("ndarray") {
            continue;
        }
        table += &format!("| {name} | {:.1} |", base / 1000.0);
        for (b, build) in builds.iter().enumerate().skip(1) {
            let ratio = times[b].get(name).copied().unwrap_or(f64::NAN) / base;
            table += &format!(" {ratio:.2}x |");
            if ratio.is_nan() || ratio > bound {
                problems.push(format!(
                    "{name}: {} takes {ratio:.2}x the default build's time",
                    build.name
                ));
            }
            if ratio > REPORT_RATIO {
                slow.push(format!("{name} under {}: {ratio:.2}x", build.name));
            }
        }
        table += "\n";
    }
    if !slow.is_empty() {
        table += &format!("\nPast {REPORT_RATIO}x: {}.\n", slow.join("; "));
    }
    table
}

/// The product of two `[512, 512]` f32 matrices against ndarray's `dot` in each build.
fn compare_with_ndarray(
    builds: &[&Build],
    times: &[BTreeMap<String, f64>],
    problems: &mut Vec<String>,
) {
    for (build, t) in builds.iter().zip(times) {
        let (Some(ours), Some(theirs)) = (
            t.get("matmul [512,512]^2 f32"),
            t.get("ndarray dot [512,512]^2 f32"),
        ) else {
            continue;
        };
        println!(
            "profiles: {}: [512,512]^2 f32 {:.0} µs, ndarray's dot {:.0} µs ({:.2}x)",
            build.name,
            ours / 1000.0,
            theirs / 1000.0,
            ours / theirs
        );
        if ours > theirs {
            problems.push(format!(
                "{}: [512,512]^2 f32 slower than ndarray's dot",
                build.name
            ));
        }
    }
}
