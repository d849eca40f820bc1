//! `cargo xtask firmware`: build `firmware/` for the Cortex-M4F, run it under QEMU, prove a wrong
//! answer fails, and measure each `shaped_*` kernel against its hand-written `hand_*` twin.
//!
//! Steps, each fatal on failure (a failed measurement is reported once step 4 has run too):
//! 1. Install what is missing: the `thumbv7em-none-eabihf` target; QEMU and the ARM binutils from
//!    Debian (nothing survives between CI machines).
//! 2. Build the firmware (release, its own workspace and profile), boot it in QEMU, echo what it
//!    prints, and require exit status 0 and `firmware: N passed, 0 failed` with N ≥ 5.
//! 3. Measure every kernel pair on that same binary: instructions executed by its one call
//!    (QEMU run with one instruction per translation block, every executed block logged, callees
//!    included) and its code bytes (`arm-none-eabi-nm -S`). Fail when `shaped` executes more than
//!    5% more instructions, or is more than 10% larger, than the hand-written loops.
//! 4. Rebuild with `--features wrong-expected` and require exit status 1 with a `1 failed` line:
//!    the checks and this script's reading of them can fail.
//!
//! Only std: the xtask has no dependencies, so parsing is done by hand.

use std::collections::BTreeMap;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Instant;

/// The Cortex-M4F target (hard float), matching QEMU's `mps2-an386` board.
const THUMB: &str = "thumbv7em-none-eabihf";
/// The firmware's binary name (its `[[bin]]` in `firmware/Cargo.toml`).
const BIN: &str = "shaped-firmware";
/// The fewest kernels the firmware must check for the run to count.
const MIN_KERNELS: u32 = 5;
/// Bounds on `shaped / hand`: executed instructions, and code bytes.
const MAX_INSN_RATIO: f64 = 1.05;
const MAX_SIZE_RATIO: f64 = 1.10;
/// QEMU gets this long before `timeout` kills it (a hang then exits 124).
const QEMU_TIMEOUT_S: &str = "60";

/// Runs every firmware step; `root` is the workspace root (the parent of `firmware/`).
pub fn run(root: &Path) -> Result<(), String> {
    let start = Instant::now();
    let dir = root.join("firmware");
    let target_dir = dir.join("target");
    let elf = target_dir.join(THUMB).join("release").join(BIN);

    install(&dir)?;

    build(&dir, &target_dir, &[])?;
    let out = qemu(&dir, &elf, &[], true)?;
    let (passed, failed) = summary(&out, "firmware")?;
    if out.status.code() != Some(0) || failed != 0 || passed < MIN_KERNELS {
        return Err(format!(
            "firmware run: exit {:?}, {passed} passed, {failed} failed (want exit 0, >= {MIN_KERNELS} passed, 0 failed)",
            out.status.code()
        ));
    }

    // Measured on this build; a failure is reported after the `wrong-expected` check has run too.
    let measured = measure(&dir, &target_dir, &elf);

    build(&dir, &target_dir, &["--features", "wrong-expected"])?;
    // Not echoed: its deliberate `1 failed` summary would read like a failing run in CI's log.
    let out = qemu(&dir, &elf, &[], false)?;
    let (_, failed) = summary(&out, "firmware")?;
    if out.status.code() != Some(1) || failed != 1 {
        return Err(format!(
            "firmware with `wrong-expected`: exit {:?}, {failed} failed (want exit 1 and exactly 1 failed)",
            out.status.code()
        ));
    }
    let caught = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("FAIL"))
        .map(|l| l.trim_start_matches("FAIL").trim().to_string())
        .collect::<Vec<_>>()
        .join("; ");
    println!(
        "firmware with `wrong-expected`: exit status 1, the corrupted kernel caught ({caught}), as it must"
    );
    measured?;

    println!(
        "\nxtask firmware: every step passed in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The target through rustup (pinned toolchain: run from `firmware/`, under the root's
/// `rust-toolchain.toml`), then QEMU and binutils through apt when either is missing. We run as
/// root in CI, so there is no `sudo`.
fn install(dir: &Path) -> Result<(), String> {
    crate::run(dir, "rustup", &["target", "add", THUMB], &[])?;
    crate::ensure_apt("qemu-system-arm", "qemu-system-arm")?;
    crate::ensure_apt("arm-none-eabi-nm", "binutils-arm-none-eabi")
}

/// `cargo build --release` from `firmware/` so its `.cargo/config.toml` applies; the target and
/// target directory are also explicit, so a `CARGO_TARGET_DIR` in the environment cannot move the
/// ELF. `--locked`: the firmware's `Cargo.lock` is committed and must be current.
fn build(dir: &Path, target_dir: &Path, extra: &[&str]) -> Result<(), String> {
    let target_dir = target_dir.to_string_lossy();
    let mut args = vec![
        "build",
        "--release",
        "--locked",
        "--target",
        THUMB,
        "--target-dir",
        &target_dir,
    ];
    args.extend_from_slice(extra);
    crate::run(dir, "cargo", &args, &[])
}

/// Boots `elf` in QEMU (semihosting: its output is our stdout, its exit code QEMU's status) and
/// echoes what it printed.
fn qemu(dir: &Path, elf: &Path, extra: &[&str], echo: bool) -> Result<Output, String> {
    let elf = elf.to_string_lossy();
    let mut args = vec![
        QEMU_TIMEOUT_S,
        "qemu-system-arm",
        "-cpu",
        "cortex-m4",
        "-machine",
        "mps2-an386",
        "-nographic",
        "-semihosting-config",
        "enable=on,target=native",
    ];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["-kernel", &elf]);
    let out = capture(dir, "timeout", &args)?;
    if echo {
        print!("{}", String::from_utf8_lossy(&out.stdout));
        eprint!("{}", String::from_utf8_lossy(&out.stderr));
    }
    if out.status.code() == Some(124) {
        return Err(format!("QEMU timed out after {QEMU_TIMEOUT_S} s"));
    }
    Ok(out)
}

/// `(N, M)` from the last `<prefix>: N passed, M failed` line of the output.
fn summary(out: &Output, prefix: &str) -> Result<(u32, u32), String> {
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .rev()
        .find_map(|line| {
            let rest = line.strip_prefix(prefix)?.strip_prefix(": ")?;
            let (p, f) = rest.split_once(" passed, ")?;
            let f = f.strip_suffix(" failed")?;
            Some((p.parse().ok()?, f.parse().ok()?))
        })
        .ok_or_else(|| format!("no `{prefix}: N passed, M failed` line in the output"))
}

/// A function symbol: its address (Thumb bit cleared) and size in bytes.
#[derive(Clone, Copy)]
struct Sym {
    addr: u32,
    size: u32,
}

impl Sym {
    fn contains(self, pc: u32) -> bool {
        pc >= self.addr && pc < self.addr + self.size
    }
}

/// Every sized code symbol of `elf`, by name (`arm-none-eabi-nm -S`).
fn symbols(dir: &Path, elf: &Path) -> Result<BTreeMap<String, Sym>, String> {
    let out = capture(dir, "arm-none-eabi-nm", &["-S", &elf.to_string_lossy()])?;
    if !out.status.success() {
        return Err(format!("arm-none-eabi-nm failed ({})", out.status));
    }
    let mut syms = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        // `addr size type name`; symbols without a size have three fields and are skipped.
        let f: Vec<&str> = line.split_whitespace().collect();
        if let [addr, size, kind, name] = f[..] {
            if !matches!(kind, "T" | "t" | "W" | "w") {
                continue;
            }
            let hex =
                |s: &str| u32::from_str_radix(s, 16).map_err(|e| format!("nm: `{line}`: {e}"));
            // Thumb functions may carry bit 0 of the address; QEMU logs the even address.
            let sym = Sym {
                addr: hex(addr)? & !1,
                size: hex(size)?,
            };
            syms.insert(name.to_string(), sym);
        }
    }
    Ok(syms)
}

/// Counts, per kernel pair, the instructions one call executes and the code bytes, prints the
/// table, and fails when `shaped` exceeds the bounds.
///
/// QEMU runs with one guest instruction per translation block and logs every block it executes,
/// so the log is the program's instruction trace. A kernel's count runs from its entry to the
/// first instruction back in the function that called it: unlike a `-dfilter` on the kernel's
/// own address range, that also counts whatever the kernel calls (a `memcpy`, say), so a helper
/// outside the symbol cannot hide work. Each kernel must be entered exactly once.
fn measure(dir: &Path, target_dir: &Path, elf: &Path) -> Result<(), String> {
    let syms = symbols(dir, elf)?;
    let pairs: Vec<(&str, Sym, Sym)> = syms
        .iter()
        .filter_map(|(name, &s)| {
            let kernel = name.strip_prefix("shaped_")?;
            Some((kernel, s, *syms.get(&format!("hand_{kernel}"))?))
        })
        .collect();
    if pairs.len() < MIN_KERNELS as usize {
        return Err(format!(
            "found {} `shaped_*`/`hand_*` symbol pairs in the firmware, want >= {MIN_KERNELS}",
            pairs.len()
        ));
    }

    let log = target_dir.join("qemu-exec.log");
    let _ = fs::remove_file(&log);
    let log_s = log.to_string_lossy();
    let mut flags = one_insn_per_block(dir)?;
    flags.extend(["-d", "exec,nochain", "-D"].map(String::from));
    flags.push(log_s.to_string());
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    println!("\n==> firmware: measuring (one instruction per block, every block logged)");
    let out = qemu(dir, elf, &flags, false)?;
    if out.status.code() != Some(0) {
        return Err(format!(
            "the measured run exited {:?}, want 0",
            out.status.code()
        ));
    }
    let trace = trace(&log)?;

    println!(
        "\n{:<14} | {:>12} | {:>10} | {:>5} | {:>11} | {:>9} | {:>5}",
        "kernel", "insns shaped", "insns hand", "ratio", "text shaped", "text hand", "ratio"
    );
    println!("{}", "-".repeat(90));
    let (mut passed, mut failed) = (0, 0);
    let mut problems = Vec::new();
    // LLVM merges functions whose code is identical into one symbol address: each call of a
    // merged body is then one entry into it, and they all count as calls of that body.
    let sharing = |s: Sym| {
        pairs
            .iter()
            .map(|&(_, a, b)| usize::from(a.addr == s.addr) + usize::from(b.addr == s.addr))
            .sum::<usize>()
    };
    let mut merged = Vec::new();
    for &(kernel, shaped, hand) in &pairs {
        let count = |s: Sym, name: String| calls(&trace, &syms, s, sharing(s), &name);
        let is = count(shaped, format!("shaped_{kernel}"))?;
        let ih = count(hand, format!("hand_{kernel}"))?;
        if shaped.addr == hand.addr {
            merged.push(kernel);
        }
        let ri = is as f64 / ih as f64;
        let rs = f64::from(shaped.size) / f64::from(hand.size);
        println!(
            "{kernel:<14} | {is:>12} | {ih:>10} | {ri:>5.3} | {:>11} | {:>9} | {rs:>5.3}",
            shaped.size, hand.size
        );
        if ri > MAX_INSN_RATIO || rs > MAX_SIZE_RATIO {
            failed += 1;
            problems.push(format!(
                "{kernel}: instructions x{ri:.2} (max {MAX_INSN_RATIO}), size x{rs:.2} (max {MAX_SIZE_RATIO})"
            ));
        } else {
            passed += 1;
        }
    }
    for kernel in merged {
        println!("note: `shaped_{kernel}` and `hand_{kernel}` compiled to the same code (merged)");
    }
    println!("firmware-measure: {passed} passed, {failed} failed");
    if failed == 0 {
        Ok(())
    } else {
        Err(format!(
            "shaped kernels over their bounds: {}",
            problems.join("; ")
        ))
    }
}

/// The QEMU flags that make every instruction its own translation block: `-singlestep` up to
/// QEMU 8.0, `-accel tcg,one-insn-per-tb=on` from 8.1 (where `-singlestep` is deprecated).
fn one_insn_per_block(dir: &Path) -> Result<Vec<String>, String> {
    let out = capture(dir, "qemu-system-arm", &["--version"])?;
    let text = String::from_utf8_lossy(&out.stdout);
    let version = text
        .split_whitespace()
        .skip_while(|w| *w != "version")
        .nth(1)
        .ok_or_else(|| format!("cannot read QEMU's version from `{}`", text.trim()))?;
    let mut parts = version
        .split(['.', '-', '+'])
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    Ok(if (major, minor) >= (8, 1) {
        vec!["-accel".into(), "tcg,one-insn-per-tb=on".into()]
    } else {
        vec!["-singlestep".into()]
    })
}

/// The guest PCs of QEMU's `-d exec` log, in execution order. A line reads
/// `Trace 0: 0x<host> [<cs_base>/<pc>/<flags>/<cflags>] <symbol>`.
fn trace(log: &Path) -> Result<Vec<u32>, String> {
    let text = fs::read_to_string(log).map_err(|e| format!("reading {}: {e}", log.display()))?;
    let pcs: Vec<u32> = text
        .lines()
        .filter(|l| l.starts_with("Trace "))
        .map(|l| {
            let fields = l.split_once('[').and_then(|(_, r)| r.split_once(']'));
            fields
                .and_then(|(f, _)| f.split('/').nth(1))
                .and_then(|pc| u32::from_str_radix(pc, 16).ok())
                .ok_or_else(|| format!("unexpected QEMU log line `{l}`"))
        })
        .collect::<Result<_, _>>()?;
    if pcs.is_empty() {
        return Err(format!("{} holds no executed blocks", log.display()));
    }
    Ok(pcs)
}

/// Instructions executed by one call of `kernel`: from its entry up to (not including) the first
/// instruction back in its caller, callees included. The body must be entered exactly `calls`
/// times (1, or more when LLVM merged identical kernels into it); the result is the mean.
fn calls(
    trace: &[u32],
    syms: &BTreeMap<String, Sym>,
    kernel: Sym,
    calls: usize,
    name: &str,
) -> Result<usize, String> {
    let entries: Vec<usize> = (1..trace.len())
        .filter(|&i| trace[i] == kernel.addr && !kernel.contains(trace[i - 1]))
        .collect();
    if entries.len() != calls {
        return Err(format!(
            "`{name}` was entered {} times, want {calls} (each kernel is called exactly once)",
            entries.len()
        ));
    }
    let mut total = 0;
    for entry in entries {
        let call_site = trace[entry - 1];
        let caller = syms
            .values()
            .find(|s| s.contains(call_site))
            .ok_or_else(|| {
                format!("`{name}` called from {call_site:#x}, inside no known function")
            })?;
        total += trace[entry..]
            .iter()
            .position(|&pc| caller.contains(pc))
            .ok_or_else(|| format!("`{name}` never returned to its caller"))?;
    }
    Ok(total / calls)
}

/// Runs a command in `dir` and captures its output, whatever its exit status.
fn capture(dir: &Path, program: &str, args: &[&str]) -> Result<Output, String> {
    Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("could not start `{program} {}`: {e}", args.join(" ")))
}
