//! Compile-fail snapshots: every rejection the type system promises, with the compiler's words.
//! Regenerate after a deliberate change with `TRYBUILD=overwrite cargo test --test ui`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
