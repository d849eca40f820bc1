//! `cargo xtask error-guide`: copies the compile-fail cases (`tests/ui/*.rs`) and their
//! snapshots (`tests/ui/*.stderr`) into the guide to the crate's compile errors,
//! `docs/compile-errors.md`.
//!
//! The guide explains every diagnostic the crate emits and shows each one exactly as the user
//! sees it. trybuild already keeps the exact words in `tests/ui/*.stderr`, so the guide does not
//! keep its own copy: each example is a block between two markers,
//!
//! ````text
//! <!-- snapshot: tests/ui/zero_vs_three.stderr -->
//! ```text
//! ...the .stderr file, verbatim...
//! ```
//! <!-- end snapshot -->
//! ````
//!
//! and this task rewrites what lies between them from the file the first marker names. The
//! offending code is copied the same way from the case's `.rs` file, with the code block's
//! info string named in the marker, `<!-- snapshot: tests/ui/zero_vs_three.rs as
//! rust,compile_fail,E0277 -->`, so that rustdoc checks the copy still fails to compile. A new
//! compiler or a reworded message changes the snapshots (`TRYBUILD=overwrite`); the test
//! `the_guide_is_up_to_date` then fails until the guide is regenerated, and it also fails when a
//! case or a snapshot has no block, so a new compile-fail case cannot be left out of the guide.
//!
//! The check also fails when a snapshot lists impls ([`impl_lists`]): "the following other
//! types implement trait" or its tail "and 65 others" (trybuild writes `and $N others`).
//!
//! The text transformation works on strings ([`render`], [`stale`], [`impl_lists`]), so it is
//! tested without the file system; [`run`] and [`check`] only read and write the files.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// The guide, relative to the workspace root.
const GUIDE: &str = "docs/compile-errors.md";
/// The compile-fail cases and their snapshots, relative to the workspace root.
const SNAPSHOTS: &str = "tests/ui";
/// A block opens with `<!-- snapshot: <path> -->` on a line of its own (or `<path> as <info>`
/// for a code block's info string other than `text`)...
const OPEN: &str = "<!-- snapshot: ";
const OPEN_TAIL: &str = " -->";
/// Between a path and the info string of its code block.
const AS: &str = " as ";
/// ...and closes with this line.
const CLOSE: &str = "<!-- end snapshot -->";
/// What to do about anything this task finds wrong.
const FIX: &str = "run `cargo xtask error-guide`";

/// Case and snapshot contents by path relative to the workspace root (`tests/ui/x.rs`,
/// `tests/ui/x.stderr`).
pub type Snapshots = BTreeMap<String, String>;

/// Rewrites every snapshot block of the guide from its file; fails, writing nothing, when a
/// marker names a missing snapshot or a snapshot has no block.
pub fn run(root: &Path) -> Result<(), String> {
    let (guide, snapshots) = read(root)?;
    let stale = stale(&guide, &snapshots)?;
    if stale.is_empty() {
        println!("{GUIDE} is up to date with {SNAPSHOTS}/*.rs and *.stderr");
        return Ok(());
    }
    let updated = render(&guide, &snapshots)?;
    let path = root.join(GUIDE);
    fs::write(&path, updated).map_err(|e| format!("could not write {}: {e}", path.display()))?;
    for snapshot in &stale {
        println!("updated the block for {snapshot}");
    }
    println!(
        "{GUIDE}: {} of {} snapshots updated",
        stale.len(),
        snapshots.len()
    );
    Ok(())
}

/// The comparison `run` makes, without writing: `Err` names the stale blocks (or the missing
/// and uncovered snapshots) and says how to fix them. The test `the_guide_is_up_to_date` runs it
/// on the repository, which makes `cargo test` the gate; no task calls it yet, hence the `allow`.
#[cfg_attr(not(test), allow(dead_code))]
pub fn check(root: &Path) -> Result<(), String> {
    let (guide, snapshots) = read(root)?;
    impl_lists(&snapshots)?;
    let stale = stale(&guide, &snapshots)?;
    if stale.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{GUIDE} is out of date: its copy of {} differs from the file; {FIX}",
        stale.join(", ")
    ))
}

/// What the compiler prints when it lists a trait's impls after an error.
const IMPL_LIST: &str = "the following other types implement";

/// A snapshot must not list impls ("the following other types implement trait `X`:", "and 65
/// others"): the list is shaped's impls, not the user's mistake, and a user's own snapshot of
/// the error would change whenever shaped adds one. `Err` names every such line as
/// `file:line`; the fix is `#[diagnostic::do_not_recommend]` on the impls, or a bound with one
/// blanket impl in front of them (`src/matmul/shape.rs`).
pub fn impl_lists(snapshots: &Snapshots) -> Result<(), String> {
    let mut found = Vec::new();
    for (path, text) in snapshots {
        if !path.ends_with(".stderr") {
            continue;
        }
        for (index, line) in text.lines().enumerate() {
            if line.contains(IMPL_LIST) || counts_others(line) {
                found.push(format!("{path}:{}: {}", index + 1, line.trim()));
            }
        }
    }
    if found.is_empty() {
        return Ok(());
    }
    Err(format!(
        "a compile error lists impls; mark them `#[diagnostic::do_not_recommend]` or put a bound \
         with one blanket impl in front of them, so the error names only the clash:\n{}",
        found.join("\n")
    ))
}

/// A line `and N others` (rustc's tail of an impl list), with `N` a number or trybuild's `$N`.
fn counts_others(line: &str) -> bool {
    let Some(count) = line
        .trim()
        .strip_prefix("and ")
        .and_then(|rest| rest.strip_suffix(" others"))
    else {
        return false;
    };
    count == "$N" || (!count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()))
}

/// The guide's text and every `tests/ui/*.stderr`.
fn read(root: &Path) -> Result<(String, Snapshots), String> {
    let path = root.join(GUIDE);
    let guide = fs::read_to_string(&path)
        .map_err(|e| format!("could not read the guide {}: {e}", path.display()))?;
    Ok((guide, read_snapshots(root)?))
}

/// Every `*.rs` and `*.stderr` directly in `tests/ui/` (the pass cases in `tests/ui/pass/` are
/// not errors).
fn read_snapshots(root: &Path) -> Result<Snapshots, String> {
    let dir = root.join(SNAPSHOTS);
    let entries =
        fs::read_dir(&dir).map_err(|e| format!("could not list {}: {e}", dir.display()))?;
    let mut snapshots = Snapshots::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("could not list {}: {e}", dir.display()))?
            .path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if !(name.ends_with(".stderr") || name.ends_with(".rs")) || !path.is_file() {
            continue;
        }
        let text = fs::read_to_string(&path)
            .map_err(|e| format!("could not read {}: {e}", path.display()))?;
        // Forward slashes on every platform: the key is what the markers spell.
        snapshots.insert(format!("{SNAPSHOTS}/{name}"), text);
    }
    Ok(snapshots)
}

/// One snapshot block of the guide: the path its marker names and the byte range of its body
/// (from after the opening marker's line to the start of the closing marker's line).
#[derive(Debug)]
struct Block {
    snapshot: String,
    /// The info string of the code block (`text`, or what the marker says after `as`).
    info: String,
    body: std::ops::Range<usize>,
    /// 1-based line of the opening marker, for messages.
    line: usize,
}

/// Finds the blocks; an opening marker without its end (or an end without an opening) is an
/// error naming the line.
fn blocks(guide: &str) -> Result<Vec<Block>, String> {
    let mut blocks = Vec::new();
    // The open block: its snapshot and info string, body start and marker line.
    let mut open: Option<((String, String), usize, usize)> = None;
    let mut offset = 0;
    for (index, line) in guide.split_inclusive('\n').enumerate() {
        let number = index + 1;
        let start = offset;
        offset += line.len();
        let text = line.trim();
        if let Some(named) = opening(text) {
            if let Some((_, _, at)) = &open {
                return Err(format!(
                    "{GUIDE}:{number}: a snapshot block opens inside the one opened at line {at}; \
                     close that one with `{CLOSE}` first"
                ));
            }
            open = Some((named, offset, number));
        } else if text == CLOSE {
            let Some(((snapshot, info), body_start, line)) = open.take() else {
                return Err(format!(
                    "{GUIDE}:{number}: `{CLOSE}` without an opening `{OPEN}<path>{OPEN_TAIL}`"
                ));
            };
            blocks.push(Block {
                snapshot,
                info,
                body: body_start..start,
                line,
            });
        }
    }
    match open {
        Some(((snapshot, _), _, line)) => Err(format!(
            "{GUIDE}:{line}: the block for {snapshot} is never closed; add `{CLOSE}` after it"
        )),
        None => Ok(blocks),
    }
}

/// The path an opening marker names and its block's info string, if `line` (trimmed) is one.
fn opening(line: &str) -> Option<(String, String)> {
    let named = line.strip_prefix(OPEN)?.strip_suffix(OPEN_TAIL)?;
    let (path, info) = named.split_once(AS).unwrap_or((named, "text"));
    Some((path.trim().to_string(), info.trim().to_string()))
}

/// A file as the body of its block: a code block with the info string `info` whose fence is
/// longer than any run of backticks inside, so nothing in the file can close it early.
pub fn fenced(snapshot: &str, info: &str) -> String {
    let longest = snapshot
        .split(|c| c != '`')
        .map(str::len)
        .max()
        .unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    let newline = if snapshot.ends_with('\n') { "" } else { "\n" };
    format!("{fence}{info}\n{snapshot}{newline}{fence}\n")
}

/// Every way the guide and the snapshots disagree other than stale text: markers naming
/// missing files and snapshots without a block. All are reported at once.
fn coverage(blocks: &[Block], snapshots: &Snapshots) -> Result<(), String> {
    let mut problems = Vec::new();
    for block in blocks {
        if !snapshots.contains_key(&block.snapshot) {
            problems.push(format!(
                "{GUIDE}:{}: the marker names {}, which does not exist (no such file among \
                 {SNAPSHOTS}/*.rs and *.stderr); fix the path, or delete the section if the case \
                 is gone",
                block.line, block.snapshot
            ));
        }
    }
    for snapshot in snapshots.keys() {
        if !blocks.iter().any(|b| &b.snapshot == snapshot) {
            problems.push(format!(
                "{snapshot} is not in {GUIDE}: add a section for it (what it means, the fix) \
                 with an empty `{OPEN}{snapshot}{OPEN_TAIL}` ... `{CLOSE}` block, then {FIX}"
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// The snapshots whose block differs from the file, in the guide's order (each once).
pub fn stale(guide: &str, snapshots: &Snapshots) -> Result<Vec<String>, String> {
    let blocks = blocks(guide)?;
    coverage(&blocks, snapshots)?;
    let mut stale: Vec<String> = Vec::new();
    for block in &blocks {
        let fresh = fenced(&snapshots[&block.snapshot], &block.info);
        if guide[block.body.clone()] != fresh && !stale.contains(&block.snapshot) {
            stale.push(block.snapshot.clone());
        }
    }
    Ok(stale)
}

/// The guide with every block's body replaced by its snapshot; everything else is kept byte
/// for byte.
pub fn render(guide: &str, snapshots: &Snapshots) -> Result<String, String> {
    let blocks = blocks(guide)?;
    coverage(&blocks, snapshots)?;
    let mut out = String::with_capacity(guide.len());
    let mut copied = 0;
    for block in &blocks {
        out.push_str(&guide[copied..block.body.start]);
        out.push_str(&fenced(&snapshots[&block.snapshot], &block.info));
        copied = block.body.end;
    }
    out.push_str(&guide[copied..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workspace root, from this crate's manifest directory.
    fn root() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    /// The test that fails when a snapshot changes and the guide was not regenerated.
    #[test]
    fn the_guide_is_up_to_date() {
        if let Err(e) = check(&root()) {
            panic!("{e}");
        }
    }

    #[test]
    fn the_repository_has_snapshots_and_the_guide_covers_them() {
        let (guide, snapshots) = read(&root()).unwrap();
        assert!(snapshots.len() > 30, "found {} snapshots", snapshots.len());
        assert_eq!(blocks(&guide).unwrap().len(), snapshots.len());
    }

    fn snapshots(pairs: &[(&str, &str)]) -> Snapshots {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    const GUIDE_TEXT: &str = "# Guide\n\n## a\n<!-- snapshot: tests/ui/a.stderr -->\n```text\nold words\n```\n<!-- end snapshot -->\nThe fix.\n";

    #[test]
    fn a_stale_block_is_reported_and_rewritten() {
        let snaps = snapshots(&[("tests/ui/a.stderr", "error: new words\n")]);
        assert_eq!(stale(GUIDE_TEXT, &snaps).unwrap(), ["tests/ui/a.stderr"]);
        let fresh = render(GUIDE_TEXT, &snaps).unwrap();
        assert_eq!(
            fresh,
            "# Guide\n\n## a\n<!-- snapshot: tests/ui/a.stderr -->\n```text\nerror: new words\n```\n<!-- end snapshot -->\nThe fix.\n"
        );
        // Rendering again changes nothing, and nothing is stale any more.
        assert_eq!(render(&fresh, &snaps).unwrap(), fresh);
        assert!(stale(&fresh, &snaps).unwrap().is_empty());
    }

    #[test]
    fn an_empty_block_is_filled() {
        let guide = "<!-- snapshot: tests/ui/a.stderr -->\n<!-- end snapshot -->\n";
        let snaps = snapshots(&[("tests/ui/a.stderr", "error: e")]);
        assert_eq!(
            render(guide, &snaps).unwrap(),
            "<!-- snapshot: tests/ui/a.stderr -->\n```text\nerror: e\n```\n<!-- end snapshot -->\n"
        );
    }

    #[test]
    fn a_snapshot_without_a_section_is_reported() {
        let snaps = snapshots(&[
            ("tests/ui/a.stderr", "old words\n"),
            ("tests/ui/b.stderr", "error: b\n"),
        ]);
        for err in [
            render(GUIDE_TEXT, &snaps).unwrap_err(),
            stale(GUIDE_TEXT, &snaps).unwrap_err(),
        ] {
            assert!(
                err.contains("tests/ui/b.stderr is not in docs/compile-errors.md"),
                "{err}"
            );
            assert!(err.contains("add a section"), "{err}");
            assert!(!err.contains("a.stderr"), "{err}");
        }
    }

    #[test]
    fn a_marker_naming_a_missing_file_is_reported() {
        let snaps = snapshots(&[]);
        let err = render(GUIDE_TEXT, &snaps).unwrap_err();
        assert!(
            err.contains(
                "docs/compile-errors.md:4: the marker names tests/ui/a.stderr, which does not exist"
            ),
            "{err}"
        );
    }

    #[test]
    fn unbalanced_markers_are_reported_with_their_line() {
        let unclosed = "text\n<!-- snapshot: tests/ui/a.stderr -->\n```text\n```\n";
        let err = blocks(unclosed).unwrap_err();
        assert!(
            err.contains(":2: the block for tests/ui/a.stderr is never closed"),
            "{err}"
        );
        let stray = "text\n<!-- end snapshot -->\n";
        assert!(
            blocks(stray)
                .unwrap_err()
                .contains(":2: `<!-- end snapshot -->` without")
        );
        let nested = "<!-- snapshot: tests/ui/a.stderr -->\n<!-- snapshot: tests/ui/b.stderr -->\n";
        assert!(
            blocks(nested)
                .unwrap_err()
                .contains(":2: a snapshot block opens inside")
        );
    }

    #[test]
    fn a_snapshot_that_lists_impls_is_reported_with_its_line() {
        let listed = "error[E0277]: inner dimensions differ\n  = help: the following other types implement trait `MatMul<Rhs>`:\n            `()` implements `MatMul<R>`\n          and $N others\n";
        let snaps = snapshots(&[
            ("tests/ui/a.stderr", "error: fine\n"),
            ("tests/ui/b.stderr", listed),
            ("tests/ui/c.stderr", "error: e\n          and 65 others\n"),
            // A case's source is not a snapshot.
            ("tests/ui/d.rs", "// the following other types implement\n"),
        ]);
        let err = impl_lists(&snaps).unwrap_err();
        assert!(
            err.contains("tests/ui/b.stderr:2: = help: the following other types implement"),
            "{err}"
        );
        assert!(err.contains("tests/ui/b.stderr:4: and $N others"), "{err}");
        assert!(err.contains("tests/ui/c.stderr:2: and 65 others"), "{err}");
        assert!(!err.contains("a.stderr") && !err.contains("d.rs"), "{err}");
        // Words that only look like the tail are not it.
        let prose = snapshots(&[("tests/ui/a.stderr", "and many others\nand  others\n")]);
        assert!(impl_lists(&prose).is_ok());
    }

    #[test]
    fn no_snapshot_of_the_repository_lists_impls() {
        let (_, snapshots) = read(&root()).unwrap();
        if let Err(e) = impl_lists(&snapshots) {
            panic!("{e}");
        }
    }

    #[test]
    fn the_fence_outgrows_backticks_in_the_snapshot() {
        assert_eq!(fenced("a `b`\n", "text"), "```text\na `b`\n```\n");
        assert_eq!(fenced("x ```` y", "text"), "`````text\nx ```` y\n`````\n");
    }

    #[test]
    fn a_case_is_copied_into_a_block_with_the_markers_info_string() {
        let guide = "Case:\n<!-- snapshot: tests/ui/a.rs as rust,compile_fail,E0277 -->\n```rust\nfn old() {}\n```\n<!-- end snapshot -->\n";
        let snaps = snapshots(&[("tests/ui/a.rs", "fn main() {}\n")]);
        assert_eq!(stale(guide, &snaps).unwrap(), ["tests/ui/a.rs"]);
        assert_eq!(
            render(guide, &snaps).unwrap(),
            "Case:\n<!-- snapshot: tests/ui/a.rs as rust,compile_fail,E0277 -->\n```rust,compile_fail,E0277\nfn main() {}\n```\n<!-- end snapshot -->\n"
        );
    }

    #[test]
    fn text_outside_the_blocks_is_kept_byte_for_byte() {
        let guide = "intro\r\n  <!-- snapshot: tests/ui/a.stderr -->\nstale\n  <!-- end snapshot -->\ntail without newline";
        let snaps = snapshots(&[("tests/ui/a.stderr", "e\n")]);
        assert_eq!(
            render(guide, &snaps).unwrap(),
            "intro\r\n  <!-- snapshot: tests/ui/a.stderr -->\n```text\ne\n```\n  <!-- end snapshot -->\ntail without newline"
        );
    }
}
