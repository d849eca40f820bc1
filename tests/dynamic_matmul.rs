//! Matrix products against numpy: `tests/fixtures/matmul.txt`, made by
//! `scripts/gen_matmul_fixtures.py` (see its header for the format). Each case builds two f32,
//! f64 or i32 tensors, maybe transposes either (`.t()`: all axes reversed, a view that is not
//! row-major), multiplies them with `try_matmul` (tensor by tensor, view by tensor or tensor by
//! view, in turn by case id) and compares the shape and every element, or the error variant.
//! Every case also runs `try_matmul_into`: into a zero tensor of the result's shape, into the
//! transposed mutable view of a tensor filled with 9s (strided, every element overwritten), and
//! into outputs of another shape, which must be refused.
//!
//! numpy's rules: `[..., M, K] x [..., K, N]` gives `[batch, M, N]`, the batch axes broadcast; a
//! 1-D left operand is a row and a 1-D right one a column, the added axis dropped from the
//! result (`[K] x [K]` is rank 0); extents may be 0. The elements are integers from -3 to 3 and
//! K is at most 5, so every product is exact in every element type and is compared exactly.
//!
//! Under Miri (`cargo xtask miri`) the cases of `tests/fixtures/miri/matmul.txt` run: one in
//! [`MIRI_STEP`], the same code paths on a sample of the same inputs.

use shaped::{DynOperand, DynTensor, DynView, DynViewMut, Product, ShapeError, s};

#[path = "common/fixture_text.rs"]
mod fixture_text;

use fixture_text::{Case, nums};

fixtures!("matmul.txt");

/// Miri's sample: one case in this many (22 of 220: the generator puts every kind of case and
/// every element type among them).
const MIRI_STEP: usize = 10;

#[cfg(not(miri))]
#[test]
fn miri_sample_is_up_to_date() {
    fixture_text::check_numbered_sample("matmul.txt", FIXTURES, &["case"], MIRI_STEP);
}

/// The variant's name, as the fixtures write it.
fn variant(e: &ShapeError) -> &'static str {
    match e {
        ShapeError::MatmulRank { .. } => "MatmulRank",
        ShapeError::MatmulInner { .. } => "MatmulInner",
        ShapeError::Incompatible { .. } => "Incompatible",
        _ => "another variant",
    }
}

/// An element type of the fixtures, made from the integer they write (in every type).
trait Elem: Product {
    /// `x` in this type: exact, `|x|` being at most 45.
    fn of(x: i32) -> Self;
}

impl Elem for f32 {
    fn of(x: i32) -> Self {
        x as f32
    }
}

impl Elem for f64 {
    fn of(x: i32) -> Self {
        f64::from(x)
    }
}

impl Elem for i32 {
    fn of(x: i32) -> Self {
        x
    }
}

impl Case<'_> {
    /// Whether numpy multiplied the transpose of the stored operand `key` (`a` or `b`).
    fn transposed(&self, key: &str) -> bool {
        match self.get(&format!("pre_{key}")) {
            "none" => false,
            "t" => true,
            other => panic!("case {}: pre_{key} {other}", self.id),
        }
    }

    /// The extents of the operand `key` as numpy multiplied it: the stored ones, reversed when
    /// transposed.
    fn dims(&self, key: &str) -> Vec<usize> {
        let mut dims = nums::<usize>(self.get(key).split_once('|').unwrap().0);
        if self.transposed(key) {
            dims.reverse();
        }
        dims
    }
}

/// The cases, read through owned lines (see `fixture_text`).
fn cases() -> Vec<Case<'static>> {
    static LINES: std::sync::OnceLock<fixture_text::Lines> = std::sync::OnceLock::new();
    fixture_text::cases(&LINES, FIXTURES, &["case"])
}

/// A tensor line, `<dims> | <elements>`, as a tensor.
fn tensor<T: Elem>(line: &str) -> DynTensor<T> {
    let (dims, values) = line.split_once('|').unwrap();
    let values = nums::<i32>(values).into_iter().map(T::of).collect();
    DynTensor::from_shape_vec(&nums::<usize>(dims), values).unwrap()
}

/// How an operand is passed: the tensor itself, its view (`view()`; `view_mut()` as the
/// receiver of `try_matmul_into`), or its transpose (`t()`; `t_mut()` likewise) for `pre t`.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Tensor,
    View,
    Transposed,
}

/// The case's two kinds: tensor x tensor, view x tensor, tensor x view in turn by id; a
/// transposed operand is always its `t()`.
fn kinds(case: &Case<'_>) -> (Kind, Kind) {
    let (a, b) = match case.id % 3 {
        0 => (Kind::Tensor, Kind::Tensor),
        1 => (Kind::View, Kind::Tensor),
        _ => (Kind::Tensor, Kind::View),
    };
    let t = |key: &str| case.transposed(key);
    (
        if t("a") { Kind::Transposed } else { a },
        if t("b") { Kind::Transposed } else { b },
    )
}

/// `a.try_matmul(b)`, each passed as its kind says.
fn product<T: Elem>(
    a: &DynTensor<T>,
    ka: Kind,
    b: &DynTensor<T>,
    kb: Kind,
) -> Result<DynTensor<T>, ShapeError> {
    match kb {
        Kind::Tensor => product_by(a, ka, b),
        Kind::View => product_by(a, ka, &b.view()),
        Kind::Transposed => product_by(a, ka, &b.t()),
    }
}

fn product_by<T: Elem, R: DynOperand<Elem = T> + ?Sized>(
    a: &DynTensor<T>,
    ka: Kind,
    rhs: &R,
) -> Result<DynTensor<T>, ShapeError> {
    match ka {
        Kind::Tensor => a.try_matmul(rhs),
        Kind::View => a.view().try_matmul(rhs),
        Kind::Transposed => a.t().try_matmul(rhs),
    }
}

/// Where `try_matmul_into` writes: a tensor or a mutable view.
enum Dest<'o, T> {
    Tensor(&'o mut DynTensor<T>),
    View(DynViewMut<'o, T>),
}

/// `a.try_matmul_into(b, out)`, `a` and `b` passed as their kinds say.
fn product_into<T: Elem>(
    a: &mut DynTensor<T>,
    ka: Kind,
    b: &DynTensor<T>,
    kb: Kind,
    out: Dest<'_, T>,
) -> Result<(), ShapeError> {
    match kb {
        Kind::Tensor => product_into_by(a, ka, b, out),
        Kind::View => product_into_by(a, ka, &b.view(), out),
        Kind::Transposed => product_into_by(a, ka, &b.t(), out),
    }
}

fn product_into_by<T: Elem, R: DynOperand<Elem = T> + ?Sized>(
    a: &mut DynTensor<T>,
    ka: Kind,
    rhs: &R,
    out: Dest<'_, T>,
) -> Result<(), ShapeError> {
    match (ka, out) {
        (Kind::Tensor, Dest::Tensor(o)) => a.try_matmul_into(rhs, o),
        (Kind::Tensor, Dest::View(mut o)) => a.try_matmul_into(rhs, &mut o),
        (Kind::View, Dest::Tensor(o)) => a.view_mut().try_matmul_into(rhs, o),
        (Kind::View, Dest::View(mut o)) => a.view_mut().try_matmul_into(rhs, &mut o),
        (Kind::Transposed, Dest::Tensor(o)) => a.t_mut().try_matmul_into(rhs, o),
        (Kind::Transposed, Dest::View(mut o)) => a.t_mut().try_matmul_into(rhs, &mut o),
    }
}

/// A result (`what` made it) against the fixture's `out`: shape, then every element exactly.
fn same<T: Elem>(ctx: &str, what: &str, shape: &[usize], values: &[T], want: &DynTensor<T>) {
    assert_eq!(shape, want.shape(), "{ctx}: {what}: shape");
    assert_eq!(values, want.as_slice(), "{ctx}: {what}: elements");
}

/// The case in element type `T`: `try_matmul`, then `try_matmul_into` into good and bad outputs.
fn check<T: Elem>(case: &Case<'_>) {
    let mut a = tensor::<T>(case.get("a"));
    let b = tensor::<T>(case.get("b"));
    let (ka, kb) = kinds(case);
    let ctx = format!(
        "case {} ({}, {}): a [{}] as {ka:?} x b [{}] as {kb:?}",
        case.id,
        case.get("kind"),
        case.get("dtype"),
        case.get("a"),
        case.get("b"),
    );
    let got = product(&a, ka, &b, kb);
    if let Some(want) = case.find("err") {
        let e = got
            .err()
            .unwrap_or_else(|| panic!("{ctx}: expected {want}"));
        assert_eq!(variant(&e), want, "{ctx}: {e:?}");
        assert!(!e.to_string().is_empty());
        let mut out = DynTensor::<T>::zeros(&[]);
        let into = product_into(&mut a, ka, &b, kb, Dest::Tensor(&mut out));
        assert!(into.is_err(), "{ctx}: try_matmul_into succeeded");
        return;
    }
    let want = tensor::<T>(case.get("out"));
    let got = got.unwrap_or_else(|e| panic!("{ctx}: {e}"));
    same(&ctx, "try_matmul", got.shape(), got.as_slice(), &want);

    // Into a zero tensor of the result's shape.
    let mut out = DynTensor::<T>::zeros(want.shape());
    product_into(&mut a, ka, &b, kb, Dest::Tensor(&mut out))
        .unwrap_or_else(|e| panic!("{ctx}: try_matmul_into: {e}"));
    same(&ctx, "try_matmul_into", out.shape(), out.as_slice(), &want);

    // Into the transpose of a tensor of the reversed shape, filled with 9s: strides that are
    // not row-major, and every element must be overwritten (K = 0 included).
    let mut reversed = want.shape().to_vec();
    reversed.reverse();
    let mut back = DynTensor::filled(&reversed, T::of(9));
    product_into(&mut a, ka, &b, kb, Dest::View(back.t_mut()))
        .unwrap_or_else(|e| panic!("{ctx}: try_matmul_into a transposed view: {e}"));
    let seen = back.t();
    let what = "try_matmul_into a transposed view";
    same(&ctx, what, seen.shape(), &seen.to_vec(), &want);

    // Outputs of another shape: an axis more in front, the last extent one more, and (when
    // it differs) the reversed shape as a mutable view.
    let dims = want.shape();
    let mut wrong: Vec<Vec<usize>> = vec![std::iter::once(1).chain(dims.iter().copied()).collect()];
    if let Some((&last, init)) = dims.split_last() {
        let mut w = init.to_vec();
        w.push(last + 1);
        wrong.push(w);
    }
    for w in &wrong {
        let mut out = DynTensor::<T>::zeros(w);
        let into = product_into(&mut a, ka, &b, kb, Dest::Tensor(&mut out));
        assert!(
            into.is_err(),
            "{ctx}: try_matmul_into an output of shape {w:?}"
        );
    }
    if reversed != dims {
        let into = product_into(&mut a, ka, &b, kb, Dest::View(back.view_mut()));
        assert!(
            into.is_err(),
            "{ctx}: try_matmul_into a view of shape {reversed:?}"
        );
    }
}

#[test]
fn every_matmul_fixture_matches() {
    let mut checked = 0;
    for case in &cases() {
        match case.get("dtype") {
            "f32" => check::<f32>(case),
            "f64" => check::<f64>(case),
            "i32" => check::<i32>(case),
            other => panic!("case {}: dtype {other}", case.id),
        }
        checked += 1;
    }
    assert!(
        checked >= if cfg!(miri) { 20 } else { 200 },
        "{checked} cases"
    );
}

/// The batch axes of an operand's extents: all but the last two.
fn batch(dims: &[usize]) -> &[usize] {
    &dims[..dims.len().saturating_sub(2)]
}

/// Whether two batch shapes broadcast together.
fn broadcasts(x: &[usize], y: &[usize]) -> bool {
    x.iter()
        .rev()
        .zip(y.iter().rev())
        .all(|(&p, &q)| p == q || p == 1 || q == 1)
}

#[test]
fn fixtures_cover_every_rule() {
    let cases = cases();
    assert!(cases.len() >= 150, "{} cases", cases.len());
    let count = |f: &dyn Fn(&Case<'static>) -> bool| cases.iter().filter(|&c| f(c)).count();
    let errors = ["MatmulRank", "MatmulInner", "Incompatible"];
    // Each case's kind says what it was made for: an error kind is its variant.
    for c in &cases {
        let kind = c.get("kind");
        let err = c.find("err");
        assert_eq!(errors.contains(&kind), err.is_some(), "case {}", c.id);
        assert!(err.is_none_or(|e| e == kind), "case {}", c.id);
    }
    for kind in [
        "matrix",
        "batch",
        "broadcast",
        "vec_left",
        "vec_right",
        "vec_both",
        "zero",
    ] {
        assert!(count(&|c| c.get("kind") == kind) >= 10, "{kind}");
    }
    // Every error, in every element type.
    for err in errors {
        assert!(count(&|c| c.find("err") == Some(err)) >= 10, "{err}");
        for dtype in ["f32", "f64", "i32"] {
            let n = count(&|c| c.get("dtype") == dtype && c.find("err") == Some(err));
            assert!(n >= 3, "{dtype} {err}: {n}");
        }
    }
    let ok = |c: &Case<'static>| c.find("err").is_none();
    for dtype in ["f32", "f64", "i32"] {
        let n = count(&|c| ok(c) && c.get("dtype") == dtype);
        assert!(n >= 40, "{dtype}: {n} products");
    }
    // Operand ranks 1 to 5 on each side.
    for rank in 1..=5 {
        for key in ["a", "b"] {
            let n = count(&|c| ok(c) && c.dims(key).len() == rank);
            assert!(n >= 10, "{key} of rank {rank}: {n}");
        }
    }
    // 1-D promotion: on the left, on the right, both (a rank-0 result).
    let rank = |c: &Case<'static>, key: &str| c.dims(key).len();
    assert!(count(&|c| ok(c) && rank(c, "a") == 1 && rank(c, "b") >= 2) >= 15);
    assert!(count(&|c| ok(c) && rank(c, "a") >= 2 && rank(c, "b") == 1) >= 15);
    assert!(count(&|c| ok(c) && rank(c, "a") == 1 && rank(c, "b") == 1) >= 8);
    assert!(count(&|c| c.find("out").is_some_and(|o| o.starts_with('|'))) >= 8);
    // Zero-size extents: the brief's two, K = 0 with elements (all zeros), a batch axis of 0.
    let zero = |c: &Case<'static>| c.dims("a").contains(&0) || c.dims("b").contains(&0);
    assert!(count(&|c| ok(c) && zero(c)) >= 20);
    let shapes = |c: &Case<'static>, a: &[usize], b: &[usize]| c.dims("a") == a && c.dims("b") == b;
    assert!(count(&|c| ok(c) && shapes(c, &[0, 3], &[3, 4])) >= 1);
    assert!(count(&|c| ok(c) && shapes(c, &[2, 0], &[0, 3])) >= 1);
    let k_zero = |c: &Case<'static>| c.dims("a").last() == Some(&0);
    let has_elements = |c: &Case<'static>| !c.get("out").trim_end().ends_with('|');
    assert!(count(&|c| ok(c) && k_zero(c) && has_elements(c)) >= 5);
    let zero_batch =
        |c: &Case<'static>| batch(&c.dims("a")).contains(&0) || batch(&c.dims("b")).contains(&0);
    assert!(count(&|c| ok(c) && zero_batch(c)) >= 5);
    // Batch broadcasting where the batch shapes differ: one side stacked or both, of different
    // ranks too.
    let differ = |c: &Case<'static>| batch(&c.dims("a")) != batch(&c.dims("b"));
    assert!(count(&|c| ok(c) && differ(c)) >= 50);
    let both =
        |c: &Case<'static>| !batch(&c.dims("a")).is_empty() && !batch(&c.dims("b")).is_empty();
    assert!(count(&|c| ok(c) && both(c) && differ(c)) >= 20);
    assert!(count(&|c| ok(c) && both(c) && rank(c, "a") != rank(c, "b")) >= 10);
    // Transposed operands, on each side and both.
    assert!(count(&|c| ok(c) && c.transposed("a")) >= 15);
    assert!(count(&|c| ok(c) && c.transposed("b")) >= 15);
    assert!(count(&|c| c.transposed("a") && c.transposed("b")) >= 2);
    // The errors' shapes: rank 0 on each side and both; inner extents with a 1-D operand, a K
    // of 0, and a batch clash too (numpy names the inner extents first); a batch extent 0
    // against another.
    let err = |c: &Case<'static>, e: &str| c.find("err") == Some(e);
    assert!(count(&|c| err(c, "MatmulRank") && rank(c, "a") == 0) >= 3);
    assert!(count(&|c| err(c, "MatmulRank") && rank(c, "b") == 0) >= 3);
    assert!(count(&|c| rank(c, "a") == 0 && rank(c, "b") == 0) >= 1);
    let inner = |c: &Case<'static>| err(c, "MatmulInner");
    assert!(count(&|c| inner(c) && (rank(c, "a") == 1 || rank(c, "b") == 1)) >= 5);
    assert!(count(&|c| inner(c) && zero(c)) >= 3);
    let clash = |c: &Case<'static>| !broadcasts(batch(&c.dims("a")), batch(&c.dims("b")));
    assert!(count(&|c| inner(c) && clash(c)) >= 3);
    assert!(count(&|c| err(c, "Incompatible") && zero_batch(c)) >= 3);
    let incompatible = count(&|c| err(c, "Incompatible"));
    assert_eq!(count(&|c| err(c, "Incompatible") && clash(c)), incompatible);
}

/// Products worked out by hand (the generator checks them against numpy too).
#[test]
fn hand_worked_products() {
    // [[1, 2], [3, 4]] x [[5, 6], [7, 8]] = [[1*5 + 2*7, 1*6 + 2*8], [3*5 + 4*7, 3*6 + 4*8]].
    let a = DynTensor::from_shape_vec(&[2, 2], vec![1, 2, 3, 4]).unwrap();
    let b = DynTensor::from_shape_vec(&[2, 2], vec![5, 6, 7, 8]).unwrap();
    let p = a.try_matmul(&b).unwrap();
    assert_eq!(p.shape(), [2, 2]);
    assert_eq!(p.as_slice(), [19, 22, 43, 50]);
    assert_eq!(
        a.view().try_matmul(&b.view()).unwrap().as_slice(),
        [19, 22, 43, 50]
    );
    // Against the transpose [[5, 7], [6, 8]]: [[1*5 + 2*6, 1*7 + 2*8], [3*5 + 4*6, 3*7 + 4*8]].
    assert_eq!(a.try_matmul(&b.t()).unwrap().as_slice(), [17, 23, 39, 53]);
    // The same in f64, written into a tensor.
    let af = DynTensor::from_shape_vec(&[2, 2], vec![1.0, 2.0, 3.0, 4.0]).unwrap();
    let bf = DynTensor::from_shape_vec(&[2, 2], vec![5.0, 6.0, 7.0, 8.0]).unwrap();
    let mut out = DynTensor::<f64>::zeros(&[2, 2]);
    af.try_matmul_into(&bf, &mut out).unwrap();
    assert_eq!(out.as_slice(), [19.0, 22.0, 43.0, 50.0]);

    // [1, 2, 3] . [4, 5, 6] = 1*4 + 2*5 + 3*6 = 32, of rank 0.
    let u = DynTensor::from_shape_vec(&[3], vec![1, 2, 3]).unwrap();
    let v = DynTensor::from_shape_vec(&[3], vec![4, 5, 6]).unwrap();
    let dot = u.try_matmul(&v).unwrap();
    assert!(dot.shape().is_empty());
    assert_eq!(dot.as_slice(), [32]);
    let mut out = DynTensor::<i32>::zeros(&[]);
    u.try_matmul_into(&v, &mut out).unwrap();
    assert_eq!(out.as_slice(), [32]);

    // A stack of two matrices, [[1, 0], [0, 1]] and [[1, 1], [0, 2]], times one [[1, 2], [3, 4]]
    // (broadcast over the stack): [[1, 2], [3, 4]] and [[1 + 3, 2 + 4], [0 + 6, 0 + 8]].
    let x = DynTensor::from_shape_vec(&[2, 2, 2], vec![1, 0, 0, 1, 1, 1, 0, 2]).unwrap();
    let m = DynTensor::from_shape_vec(&[2, 2], vec![1, 2, 3, 4]).unwrap();
    let p = x.try_matmul(&m).unwrap();
    assert_eq!(p.shape(), [2, 2, 2]);
    assert_eq!(p.as_slice(), [1, 2, 3, 4, 4, 6, 6, 8]);
    // Both sides broadcast: rows [1, 2] and [3, -1] (shape [2, 1, 1, 2]) against columns [1, 1],
    // [2, 0] and [0, -1] (shape [3, 2, 1]) give every row times every column, [2, 3, 1, 1]:
    // 1 + 2, 2, -2, then 3 - 1, 6, 1.
    let rows = DynTensor::from_shape_vec(&[2, 1, 1, 2], vec![1, 2, 3, -1]).unwrap();
    let cols = DynTensor::from_shape_vec(&[3, 2, 1], vec![1, 1, 2, 0, 0, -1]).unwrap();
    let p = rows.try_matmul(&cols).unwrap();
    assert_eq!(p.shape(), [2, 3, 1, 1]);
    assert_eq!(p.as_slice(), [3, 2, -2, 2, 6, 1]);
    // A 1-D left operand against the stack: [1, -1] times each matrix, the row axis dropped.
    let w = DynTensor::from_shape_vec(&[2], vec![1, -1]).unwrap();
    let p = w.try_matmul(&x).unwrap();
    assert_eq!(p.shape(), [2, 2]);
    assert_eq!(p.as_slice(), [1, -1, 1, -1]);

    // The three errors: a rank-0 operand, inner extents 3 vs 2, batch axes 2 vs 3.
    let s = DynTensor::scalar(2);
    let y = DynTensor::<i32>::zeros(&[3, 2, 2]);
    let err = |r: Result<DynTensor<i32>, ShapeError>| variant(&r.unwrap_err());
    assert_eq!(err(s.try_matmul(&u)), "MatmulRank");
    assert_eq!(err(u.try_matmul(&s)), "MatmulRank");
    assert_eq!(err(u.try_matmul(&m)), "MatmulInner");
    assert_eq!(err(x.try_matmul(&y)), "Incompatible");
}

impl Elem for i8 {
    fn of(x: i32) -> Self {
        x as i8
    }
}

impl Elem for u16 {
    fn of(x: i32) -> Self {
        x as u16
    }
}

/// `a x b` for two rank-2 operands by the textbook triple loop, on row-major copies: the
/// reference for the register kernel. Each sum starts from its first product and adds in `k`'s
/// order (wrapping for integers), so the kernel's results must match it exactly in every type.
fn naive<T: Elem>(a: &DynTensor<T>, b: &DynTensor<T>) -> Vec<T> {
    let (m, k, n) = (a.shape()[0], a.shape()[1], b.shape()[1]);
    let (a, b) = (a.as_slice(), b.as_slice());
    let mut out = Vec::with_capacity(m * n);
    for i in 0..m {
        for j in 0..n {
            let mut acc = if k == 0 {
                T::ZERO
            } else {
                a[i * k].times(b[j])
            };
            for p in 1..k {
                acc = acc.plus(a[i * k + p].times(b[p * n + j]));
            }
            out.push(acc);
        }
    }
    out
}

/// Test values in -3..=3 (exact in every type), varied by `salt`; wide enough that `i8` and
/// `u16` sums wrap on the longer shapes.
fn small_values<T: Elem>(len: usize, salt: usize) -> Vec<T> {
    (0..len)
        .map(|i| T::of(((i * 5 + i / 11 + salt * 3) % 7) as i32 - 3))
        .collect()
}

/// The products below and above the GEMM crate's threshold (64K multiply-adds) for one type,
/// against [`naive`]: every operand layout the register kernel reads in place (contiguous rows,
/// rows with a gap between them so that a row's window runs on into other data, rows in
/// reverse order, the last rows of the buffer, where windows are padded) and those it leaves to
/// the other path (columns with a step, a transposed right operand), strided left operands,
/// batches broadcast either way, and 1-D operands.
fn small_products_for<T: Elem + std::fmt::Debug + PartialEq>() {
    let shapes: Vec<(usize, usize, usize)> = if cfg!(miri) {
        vec![
            (1, 3, 17),
            (5, 1, 3),
            (3, 5, 1),
            (5, 17, 5),
            (17, 3, 3),
            // A transposed right operand takes the dot products from `k` = 24 under Miri
            // (256 natively): four whole steps of eight lanes and a rest of three.
            (2, 35, 3),
            (1, 5, 40),
            // The AVX-512 build's tiles (their portable build under Miri): eight rows and a
            // block of four repeating its last row, by a double panel and a narrow rest; from
            // 16 rows, `b` copied first.
            (9, 3, 35),
            (17, 2, 33),
            // Two rows by four panels and the rest; a narrow right operand by tiles.
            (2, 3, 70),
            (9, 10, 3),
            // A few columns by groups of `k` (arrays in place of AVX-512 under Miri, from eight
            // rows): four and two entries a vector with a rest, eight with none.
            (8, 9, 3),
            (8, 9, 5),
            (8, 16, 2),
            // A matrix times a vector by dot products: a step of eight lanes and a rest, rows
            // in a block of four and a part one.
            (6, 11, 1),
        ]
    } else {
        // Rows: one block of four, a part one, several; columns: every count of lanes a panel of
        // 16 or 8 leaves over, and several panels.
        let mut s = Vec::new();
        for m in [1, 2, 3, 4, 5, 7, 9] {
            for k in [1, 2, 5, 8, 16, 17, 33] {
                for n in [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 41] {
                    s.push((m, k, n));
                }
            }
        }
        // Across the threshold: 40^3 is just below it, 41^3 just above.
        s.extend([
            (40, 40, 40),
            (41, 41, 41),
            (1, 1024, 64),
            (64, 1024, 1),
            (7, 784, 10),
        ]);
        // Dot products along `k` (a transposed right operand, one column): whole steps of eight
        // lanes and a rest, four elements of `C` per step and a rest.
        s.extend([
            (3, 261, 5),
            (5, 300, 1),
            (6, 259, 1),
            (2, 269, 3),
            (9, 256, 2),
            // A matrix times a vector takes them from `k` = 8: one step, one and a rest.
            (130, 8, 1),
            (13, 9, 1),
            (66, 100, 1),
        ]);
        // Fewer rows than a block by many panels: one row by four panels at a time, the last
        // group short.
        s.extend([(1, 33, 150), (2, 17, 300), (3, 5, 200), (1, 9, 16 * 5 + 3)]);
        // At most two blocks of four rows past the threshold (a vector times a matrix, a small
        // batch): the register kernel at any size, one row by four panels for a single row, a
        // second block whole or in part; nine rows go back to the GEMM crate, or, where the
        // kernel's AVX-512 build runs, up to sixteen rows take it and seventeen go back.
        s.extend([
            (1, 300, 257),
            (2, 129, 300),
            (4, 257, 70),
            (3, 70, 1_000),
            (5, 129, 300),
            (6, 300, 129),
            (8, 257, 70),
            (7, 33, 1_000),
            (9, 129, 300),
            (13, 70, 129),
            (16, 100, 40),
            (17, 129, 300),
        ]);
        // A right operand one panel wide (16 `f32` lanes, 8 `f64`) past the threshold: the
        // register kernel at any number of rows, a full, a half and a quarter panel, and a last
        // block in part; one column wider, the GEMM crate.
        s.extend([
            (66, 784, 10),
            (150, 100, 16),
            (41, 500, 8),
            (103, 300, 3),
            (30, 300, 17),
        ]);
        // The tiles of eight and four rows by double panels where the AVX-512 build runs: one
        // tile; tiles and a block of four repeating rows; a whole panel and narrow rests of
        // each width past the double panels; `b` copied first from 16 rows, or when its rows
        // are 4 KiB apart; four to seven rows alone; past the threshold.
        s.extend([
            (8, 20, 32),
            (12, 33, 70),
            (23, 17, 57),
            (16, 64, 32),
            (40, 9, 100),
            (5, 30, 40),
            (7, 12, 1_100),
            (9, 5, 1_100),
            (70, 130, 90),
        ]);
        // Where the AVX-512 build runs: two rows by four panels at a time, then a double panel,
        // a whole one or a narrow rest; two and three rows past the threshold; a right operand
        // at most half a panel wide by tiles of rows.
        s.extend([
            (2, 40, 64),
            (2, 9, 200),
            (2, 600, 130),
            (3, 64, 512),
            (1_000, 64, 4),
            (12, 20, 2),
            (33, 40, 8),
            (500, 100, 5),
        ]);
        // Where the AVX-512 build runs: a few columns by groups of `k` (two, four or eight
        // entries a vector), with and without a rest of `k`, at the fewest rows that take them.
        s.extend([
            (40, 21, 2),
            (16, 45, 3),
            (20, 64, 4),
            (64, 13, 7),
            (70, 40, 8),
            (16, 9, 2),
        ]);
        // One row times a right operand past 1 MiB whose rows are 3 KiB or longer: summed as
        // its rows stream past, a block of columns at a time (two blocks and a rest), four rows
        // of `B` a pass and a rest of `k`.
        s.extend([(1, 130, 2_100), (1, 301, 1_024)]);
        // A short, narrow right operand at any number of rows (past the threshold too): one
        // row of `C` a step, stored whole except at the end, two rows at a time and one left.
        s.extend([(25_001, 3, 3), (9_000, 8, 8), (1_001, 1, 2), (3, 8, 5)]);
        s
    };
    for (m, k, n) in shapes {
        let ctx = format!("[{m}, {k}] x [{k}, {n}] {}", std::any::type_name::<T>());
        // Operands cut from larger buffers: `a` from `[m, k + 2]` (column 1 on), `b` from
        // `[k, n + 3]` (column 2 on), each also reversed along its rows.
        let wa = DynTensor::from_shape_vec(&[m, k + 2], small_values::<T>(m * (k + 2), 1)).unwrap();
        let wb = DynTensor::from_shape_vec(&[k, n + 3], small_values::<T>(k * (n + 3), 2)).unwrap();
        let a = wa.try_slice(&shaped::s![.., 1..k + 1]).unwrap();
        let b = wb.try_slice(&shaped::s![.., 2..n + 2]).unwrap();
        let (ta, tb) = (a.to_tensor(), b.to_tensor());
        let want = naive(&ta, &tb);
        let check = |what: &str, got: DynTensor<T>, want: &[T]| {
            assert_eq!(got.shape(), &[m, n], "{ctx}: {what}");
            assert_eq!(got.as_slice(), want, "{ctx}: {what}");
        };
        check("packed", ta.try_matmul(&tb).unwrap(), &want);
        check("rows with gaps", a.try_matmul(&b).unwrap(), &want);
        check("packed x gaps", ta.try_matmul(&b).unwrap(), &want);
        // The last rows of `b`'s buffer: a window from column 2 of the last row runs past it.
        let tail = wb.try_slice(&shaped::s![.., 2..]).unwrap();
        let want_tail = naive(&ta, &tail.to_tensor());
        let got = ta.try_matmul(&tail).unwrap();
        assert_eq!(got.as_slice(), want_tail, "{ctx}: tail columns");
        // Rows in reverse order (negative row strides on both sides).
        let (ra, rb) = (
            a.try_slice(&shaped::s![..;-1, ..]).unwrap(),
            b.try_slice(&shaped::s![..;-1, ..]).unwrap(),
        );
        let want_rev = naive(&ra.to_tensor(), &rb.to_tensor());
        check("reversed rows", ra.try_matmul(&rb).unwrap(), &want_rev);
        // A transposed left operand (column stride `m`), a transposed right one (column
        // stride `k`: not contiguous rows), and columns with a step.
        let at = DynTensor::from_shape_vec(&[k, m], small_values::<T>(m * k, 4)).unwrap();
        let want_t = naive(&at.t().to_tensor(), &tb);
        check("a transposed", at.t().try_matmul(&tb).unwrap(), &want_t);
        let bt = tb.t().to_tensor();
        check("b transposed", ta.try_matmul(&bt.t()).unwrap(), &want);
        if n > 1 {
            let wide =
                DynTensor::from_shape_vec(&[k, 2 * n], small_values::<T>(2 * k * n, 5)).unwrap();
            let stepped = wide.try_slice(&shaped::s![.., ..;2]).unwrap();
            let want_step = naive(&ta, &stepped.to_tensor());
            check(
                "b column step",
                ta.try_matmul(&stepped).unwrap(),
                &want_step,
            );
        }
        // Batches: `[2, m, k] x [k, n]` and `[m, k] x [3, k, n]`, each matrix its own values.
        let sa = DynTensor::from_shape_vec(&[2, m, k], small_values::<T>(2 * m * k, 6)).unwrap();
        let got = sa.try_matmul(&b).unwrap();
        assert_eq!(got.shape(), &[2, m, n], "{ctx}: batch of a");
        for (x, chunk) in got.as_slice().chunks(m * n).enumerate() {
            let ax = sa.try_index_axis(0, x as isize).unwrap().to_tensor();
            assert_eq!(chunk, naive(&ax, &tb), "{ctx}: batch of a, matrix {x}");
        }
        let sb = DynTensor::from_shape_vec(&[3, k, n], small_values::<T>(3 * k * n, 7)).unwrap();
        let got = a.try_matmul(&sb).unwrap();
        assert_eq!(got.shape(), &[3, m, n], "{ctx}: batch of b");
        for (x, chunk) in got.as_slice().chunks(m * n).enumerate() {
            let bx = sb.try_index_axis(0, x as isize).unwrap().to_tensor();
            assert_eq!(chunk, naive(&ta, &bx), "{ctx}: batch of b, matrix {x}");
        }
        // 1-D operands: row `[k] x [k, n]` and column `[m, k] x [k]`.
        let row = ta.try_index_axis(0, 0).unwrap();
        let got = row.try_matmul(&tb).unwrap();
        assert_eq!(got.as_slice(), &want[..n], "{ctx}: 1-D left");
        let col = tb.try_index_axis(1, 0).unwrap();
        let got = ta.try_matmul(&col).unwrap();
        let want_col: Vec<T> = want.iter().step_by(n).copied().collect();
        assert_eq!(got.as_slice(), want_col, "{ctx}: 1-D right");
    }
}

#[test]
fn small_products_match_a_naive_loop() {
    small_products_for::<f32>();
    small_products_for::<f64>();
    // The kernel's unchecked reads depend on its lane count, not on the element: 16 for
    // elements of up to 4 bytes, as `f32`'s, 8 for `f64`'s. Under Miri, where this test was
    // most of the target's time, the two floats cover both; the integers run natively.
    if cfg!(not(miri)) {
        small_products_for::<i32>();
        small_products_for::<i8>();
        small_products_for::<u16>();
    }
}

/// A stack of matrices times one matrix or a stack: each matrix of the result against
/// [`naive`] on that matrix alone, for packed stacks (one batch axis or two, with extent-1 axes,
/// a right operand with batch axes of extent 1), stacks of strided columns, cut rows, reversed
/// rows or matrices, and a batched right operand.
fn stacks_for<T: Elem + std::fmt::Debug + PartialEq>() {
    let (m, k, n) = if cfg!(miri) { (3, 5, 4) } else { (9, 33, 40) };
    let b = DynTensor::from_shape_vec(&[k, n], small_values::<T>(k * n, 1)).unwrap();
    let stack = |dims: &[usize], salt| {
        let len = dims.iter().product();
        DynTensor::from_shape_vec(dims, small_values::<T>(len, salt)).unwrap()
    };
    let a3 = stack(&[4, m, k], 2);
    let a4 = stack(&[2, 1, 3, m, k], 3);
    let wide = stack(&[3, m, 2 * k], 4);
    let tall = stack(&[3, m + 2, k], 5);
    let b3 = stack(&[3, k, n], 6);
    let b1 = b
        .clone()
        .try_reshape(&[1, 1, k as isize, n as isize])
        .unwrap();
    let cases: Vec<(&str, DynView<'_, T>, DynView<'_, T>)> = vec![
        ("packed", a3.view(), b.view()),
        ("two batch axes", a4.view(), b.view()),
        ("right batch of one", a3.view(), b1.view()),
        (
            "strided columns",
            wide.try_slice(&s![.., .., ..;2]).unwrap(),
            b.view(),
        ),
        (
            "cut rows",
            tall.try_slice(&s![.., 1..m + 1, ..]).unwrap(),
            b.view(),
        ),
        (
            "reversed rows",
            a3.try_slice(&s![.., ..;-1, ..]).unwrap(),
            b.view(),
        ),
        (
            "reversed matrices",
            a3.try_slice(&s![..;-1, .., ..]).unwrap(),
            b.view(),
        ),
        (
            "batched right",
            tall.try_slice(&s![.., ..m, ..]).unwrap(),
            b3.view(),
        ),
    ];
    for (what, a, b) in cases {
        let got = a.try_matmul(&b).unwrap();
        let mats = a.shape()[..a.rank() - 2].iter().product::<usize>();
        assert_eq!(got.shape()[got.rank() - 2..], [m, n], "{what}");
        let a = a
            .to_tensor()
            .try_reshape(&[mats as isize, m as isize, k as isize])
            .unwrap();
        let b = b.to_tensor();
        let bs = b.try_reshape(&[-1, k as isize, n as isize]).unwrap();
        for i in 0..mats {
            let ai = a.try_index_axis(0, i as isize).unwrap().to_tensor();
            let bi = bs
                .try_index_axis(0, (i % bs.shape()[0]) as isize)
                .unwrap()
                .to_tensor();
            let want = naive(&ai, &bi);
            assert_eq!(
                &got.as_slice()[i * m * n..(i + 1) * m * n],
                &want[..],
                "{what}, matrix {i}"
            );
        }
    }
}

#[test]
fn stacks_times_one_matrix() {
    stacks_for::<f32>();
    stacks_for::<f64>();
    if cfg!(not(miri)) {
        stacks_for::<i32>();
    }
}
