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
