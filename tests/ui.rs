//! Compile-fail snapshots: every rejection the type system promises, with the compiler's words;
//! and pass cases: generic code that must build with the bounds it declares.
//! Regenerate after a deliberate change with `TRYBUILD=overwrite cargo test --test ui`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    // Generic code and macro-wrapped shapes that must build (`cargo build`) and run.
    t.pass("tests/ui/pass/*.rs");
}

/// The snapshots that `docs/shape-contracts.md` shows users: they name the extents and quote
/// no line of shaped's own source, so users' snapshots of their contracts survive shaped's
/// files moving.
#[test]
fn contract_snapshots_quote_no_line_of_shaped() {
    for (file, extents) in [
        (
            include_str!("ui/contract_wrong_features.stderr"),
            ["784", "785"],
        ),
        (
            include_str!("ui/contract_generic_bias.stderr"),
            ["Dim<4>", "Dim<3>"],
        ),
    ] {
        assert!(
            !file.contains("--> src/"),
            "a line of shaped's source is quoted:\n{file}"
        );
        for e in extents {
            assert!(file.contains(e), "{e} is not named:\n{file}");
        }
    }
}
