//! The nightly toolchain, which Miri and the fuzz targets' sanitizer builds need (the pinned
//! stable toolchain can run neither): installed, with the components a task asks for, when
//! missing.

use std::path::Path;
use std::process::Command;

/// Installs nightly (minimal profile) if rustup does not have it, then each of `components`
/// that is not installed yet.
pub fn ensure(root: &Path, components: &[&str]) -> Result<(), String> {
    let installed = Command::new("rustup")
        .args(["+nightly", "component", "list", "--installed"])
        .output()
        .map_err(|e| format!("could not run rustup: {e}"))?;
    if !installed.status.success() {
        crate::run(
            root,
            "rustup",
            &["toolchain", "install", "nightly", "--profile", "minimal"],
            &[],
        )?;
    }
    let list = String::from_utf8_lossy(&installed.stdout);
    let missing: Vec<&str> = components
        .iter()
        .copied()
        .filter(|c| !list.lines().any(|l| l.starts_with(c)))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut args = vec!["+nightly", "component", "add"];
    args.extend(missing);
    crate::run(root, "rustup", &args, &[])
}
