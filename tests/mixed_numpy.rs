//! Differential test against numpy for shapes known in part: every case of
//! `tests/fixtures/broadcast.txt` again, each operand's type with some axes `Dyn` (chosen at
//! random with a fixed seed by `scripts/gen_mixed_types.py`, which writes `tests/mixed/cases.rs`).
//! Values must equal numpy's; a clash on a run-time axis is an `Err` from every `try_` form
//! naming both shapes and the axis, and a panic with the same message from the operator.
//!
//! Under Miri one case in [`MIRI_STEP`] runs.

use std::panic::{AssertUnwindSafe, catch_unwind};

use shaped::{BroadcastInto, BroadcastWith, Dim, Dyn, One, Shape, ShapeError, Tensor};

#[path = "common/fixture_text.rs"]
mod fixture_text;

use fixture_text::{Case, nums};

const FIXTURES: &str = include_str!("fixtures/broadcast.txt");
const MIRI_STEP: usize = if cfg!(miri) { 10 } else { 1 };

/// Whether case `k` runs (every case natively, one in [`MIRI_STEP`] under Miri).
fn on_miri_step(k: usize) -> bool {
    cfg!(not(miri)) || k.is_multiple_of(MIRI_STEP)
}

fn cases() -> &'static [Case<'static>] {
    static LINES: std::sync::OnceLock<fixture_text::Lines> = std::sync::OnceLock::new();
    static CASES: std::sync::OnceLock<Vec<Case<'static>>> = std::sync::OnceLock::new();
    CASES.get_or_init(|| fixture_text::cases(&LINES, FIXTURES, &["pair", "triple"]))
}

fn case(kind: &str, k: usize) -> &'static Case<'static> {
    cases()
        .iter()
        .find(|c| c.id == k && c.title.starts_with(kind))
        .unwrap_or_else(|| panic!("no fixture {kind} {k}"))
}

/// The operand `key` of a case as a tensor of shape type `S`.
fn operand<S: Shape>(case: &Case, key: &str) -> Tensor<f64, S> {
    let (dims, values) = case.get(key).split_once('|').expect("`dims | values`");
    Tensor::from_shape_vec(&nums::<usize>(dims), nums(values)).expect("the type fits the fixture")
}

/// `incompatible <axis> | <a> | <b>`.
fn incompatible(line: &str) -> (String, Vec<usize>, Vec<usize>) {
    let (axis, rest) = line
        .strip_prefix("incompatible ")
        .unwrap()
        .split_once(" |")
        .unwrap();
    let mut shapes = rest.split('|').map(nums::<usize>);
    (
        axis.to_string(),
        shapes.next().unwrap(),
        shapes.next().unwrap(),
    )
}

fn assert_incompatible(t: &str, what: &str, got: &ShapeError, line: &str) {
    let (axis, a, b) = incompatible(line);
    match got {
        ShapeError::Incompatible {
            a: ga,
            b: gb,
            axis: g,
        } => {
            assert_eq!(g.to_string(), axis, "{t} {what}: axis");
            assert_eq!(
                (ga.as_slice(), gb.as_slice()),
                (&a[..], &b[..]),
                "{t} {what}: shapes"
            );
        }
        other => panic!("{t} {what}: expected an incompatible error, got {other:?}"),
    }
}

fn assert_values(t: &str, what: &str, got: &[f64], want: &str) {
    let want: Vec<f64> = nums(want);
    assert_eq!(got.len(), want.len(), "{t} {what}: length");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert!(g == w, "{t} {what}[{i}]: got {g}, numpy has {w}");
    }
}

fn panic_message(f: impl FnOnce()) -> Option<String> {
    let err = catch_unwind(AssertUnwindSafe(f)).err()?;
    Some(match err.downcast::<String>() {
        Ok(s) => *s,
        Err(e) => e
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .unwrap_or_default(),
    })
}

type Op<A, B> = fn(
    &Tensor<f64, A>,
    &Tensor<f64, B>,
) -> Result<Tensor<f64, <A as BroadcastWith<B>>::Output>, ShapeError>;

fn check_pair<A: Shape + BroadcastWith<B>, B: Shape>(k: usize) {
    let case = case("pair", k);
    let t = case.title;
    let (a, b) = (operand::<A>(case, "a"), operand::<B>(case, "b"));
    let shape = case.find("shape").map(nums::<usize>);
    let ops: [(&str, Op<A, B>); 5] = [
        ("add", |a, b| a.try_add(b)),
        ("sub", |a, b| a.try_sub(b)),
        ("mul", |a, b| a.try_mul(b)),
        ("div", |a, b| a.try_div(b)),
        ("rem", |a, b| a.try_rem(b)),
    ];
    for (name, op) in ops {
        match (&shape, op(&a, &b)) {
            (Some(shape), Ok(c)) => {
                assert_eq!(c.shape(), &shape[..], "{t} {name}: shape");
                assert_values(t, name, c.as_slice(), case.get(name));
            }
            (None, Err(e)) => assert_incompatible(t, name, &e, case.get("error")),
            (want, got) => panic!("{t} {name}: numpy says {want:?}, shaped says {got:?}"),
        }
    }
    // The views and `try_zip_map` follow the same rule; the operator panics with the message.
    let via_view = a.view().try_zip_map(b.view(), |x, y| x + y);
    let by_operator = panic_message(|| {
        let c = &a + &b;
        assert_values(t, "a + b", c.as_slice(), case.get("add"));
    });
    match (&shape, via_view, by_operator) {
        (Some(_), Ok(c), None) => assert_values(t, "view add", c.as_slice(), case.get("add")),
        (None, Err(e), Some(msg)) => {
            assert_incompatible(t, "view", &e, case.get("error"));
            assert_eq!(
                msg,
                e.to_string(),
                "{t}: the operator's panic is the error's message"
            );
        }
        (want, view, op) => panic!("{t}: numpy says {want:?}, view {view:?}, operator {op:?}"),
    }
}

/// `a += b`, only for pairs whose types allow it (`B: BroadcastInto<A>`).
fn check_inplace<A: Shape, B: Shape + BroadcastInto<A>>(k: usize) {
    let case = case("pair", k);
    let t = case.title;
    let (a, b) = (operand::<A>(case, "a"), operand::<B>(case, "b"));
    let mut acc = a.clone();
    let res = acc.try_add_assign(&b);
    let words: Vec<&str> = case.get("inplace").split_whitespace().collect();
    match (&words[..], &res) {
        (["ok"], Ok(())) => assert_values(t, "a += b", acc.as_slice(), case.get("add")),
        (["incompatible", axis], Err(ShapeError::Incompatible { axis: got, .. }))
        | (["grow", axis], Err(ShapeError::NotBroadcastableTo { axis: got, .. })) => {
            assert_eq!(got.to_string(), *axis, "{t} a += b: axis");
            assert_eq!(acc.as_slice(), a.as_slice(), "{t}: unchanged on error");
        }
        (want, got) => panic!("{t} a += b: numpy says {want:?}, shaped says {got:?}"),
    }
    let msg = panic_message(|| {
        let mut acc = a.clone();
        acc += &b;
    });
    assert_eq!(
        msg,
        res.err().map(|e| e.to_string()),
        "{t}: the operator's panic"
    );
}

fn check_triple<A, B, C>(k: usize)
where
    A: Shape + BroadcastWith<B>,
    B: Shape,
    C: Shape,
    <A as BroadcastWith<B>>::Output: BroadcastWith<C>,
{
    let case = case("triple", k);
    let t = case.title;
    let (a, b, c) = (
        operand::<A>(case, "a"),
        operand::<B>(case, "b"),
        operand::<C>(case, "c"),
    );
    let expr = a.try_mul(&b).and_then(|ab| ab.try_add(&c));
    let line = case.get("expr");
    match (line.strip_prefix("error "), expr) {
        (None, Ok(v)) => assert_values(t, "(a * b) + c", v.as_slice(), line),
        (Some(err), Err(got)) => assert_incompatible(t, "(a * b) + c", &got, err),
        (want, got) => panic!("{t} (a * b) + c: numpy says {want:?}, shaped says {got:?}"),
    }
}

/// One test function per case list: each line of `tests/mixed/cases.rs` becomes a call with
/// its types, run when its number is on the Miri step.
macro_rules! cases {
    ($(
        $kind:ident $k:literal [$($ty:ty),*] $($flag:ident)?;
    )*) => {
        #[test]
        fn every_fixture_with_run_time_axes_matches_numpy() {
            let mut ran = 0;
            $(
                if on_miri_step($k) {
                    cases!(@run $kind $k [$($ty),*] $($flag)?);
                    ran += 1;
                }
            )*
            assert!(ran >= 460 / MIRI_STEP, "{ran} cases ran");
        }
    };
    (@run pair $k:literal [$a:ty, $b:ty] inplace) => {
        check_pair::<$a, $b>($k);
        check_inplace::<$a, $b>($k);
    };
    (@run pair $k:literal [$a:ty, $b:ty] no_inplace) => {
        check_pair::<$a, $b>($k);
    };
    (@run triple $k:literal [$a:ty, $b:ty, $c:ty]) => {
        check_triple::<$a, $b, $c>($k);
    };
}

include!("mixed/cases.rs");

#[test]
fn the_types_have_run_time_axes_and_known_ones() {
    let text = include_str!("mixed/cases.rs");
    let (dyns, dims) = (text.matches("Dyn").count(), text.matches("Dim<").count());
    assert!(dyns > 500 && dims > 300, "{dyns} Dyn axes, {dims} Dim axes");
    assert!(text.matches("Dim<1>").count() > 10);
    let _ = (Dim::<2>, Dyn, One);
}
