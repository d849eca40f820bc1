//! Reductions, arg-reductions, sorts and `unique_consecutive` against numpy:
//! `tests/fixtures/reductions.txt`, made by `scripts/gen_reduce_fixtures.py` (see its header for
//! the format; `unique_consecutive` follows torch's semantics, computed there in plain Python).
//! Each case builds an f64, i64 or bool tensor, maybe makes it a view that is not row-major first
//! (transposed, permuted, an axis reversed), applies one operation on the tensor, its `DynView`,
//! its `DynViewMut` or that view, and compares the shape and every element, or the error variant.
//!
//! The float data are small integers and halves (signed powers of two for products) with `NaN`,
//! `±inf`, `-0.0` and `0.0` among them, so every sum, product and mean is exact in any order of
//! summation and is compared exactly (`NaN` equal to `NaN`, `-0.0` equal to `0.0`). A sort is
//! compared bit for bit, so it must keep `-0.0` and `0.0` in input order as numpy's stable sort
//! does; every sort case also runs `try_sort_unstable`, compared by value.
//!
//! Under Miri (`cargo xtask miri`) the cases of `tests/fixtures/miri/reductions.txt` run (see
//! [`miri_keeps`]): the same code paths on a sample of the same inputs.

use shaped::{Axes, DynTensor, DynView, DynViewMut, Reduce, ShapeError, Slice, UniqueConsecutive};

#[path = "common/fixture_text.rs"]
mod fixture_text;

use fixture_text::{Case, nums};

fixtures!("reductions.txt");

/// Miri's sample: one case in this many by number.
const MIRI_STEP: usize = 20;

/// Whether Miri's sample keeps case `c`: one in [`MIRI_STEP`] and the first of each operation
/// (36 of 482: every operation, element type, kind of view and error among them; one in 20
/// alone leaves out `any`).
#[cfg(not(miri))]
fn miri_keeps(seen: &mut Vec<String>, c: &Case<'_>) -> bool {
    let first = !seen.iter().any(|s| s == c.op_name());
    if first {
        seen.push(c.op_name().to_string());
    }
    first || c.id.is_multiple_of(MIRI_STEP)
}

#[cfg(not(miri))]
#[test]
fn miri_sample_is_up_to_date() {
    let mut seen = Vec::new();
    let rule = format!("every case numbered a multiple of {MIRI_STEP}, and each operation's first");
    let sample = fixture_text::sample(FIXTURES, &["case"], &rule, |_, c| miri_keeps(&mut seen, c));
    fixture_text::check_sample("reductions.txt", &sample);
}

/// The variant's name, as the fixtures write it.
fn variant(e: &ShapeError) -> &'static str {
    match e {
        ShapeError::Axis { .. } => "Axis",
        ShapeError::RepeatedAxis { .. } => "RepeatedAxis",
        ShapeError::EmptyReduction { .. } => "EmptyReduction",
        _ => "another variant",
    }
}

impl<'a> Case<'a> {
    fn op_name(&self) -> &'a str {
        self.get("op").split_whitespace().next().unwrap()
    }

    fn rank(&self) -> usize {
        self.get("shape").split_whitespace().count()
    }
}

/// The cases, read through owned lines (see `fixture_text`).
fn cases() -> Vec<Case<'static>> {
    static LINES: std::sync::OnceLock<fixture_text::Lines> = std::sync::OnceLock::new();
    fixture_text::cases(&LINES, FIXTURES, &["case"])
}

/// The axes of a reduction as the fixtures spell them: `all`, `<a>` or `[a,b,...]`.
enum AxesArg {
    All,
    One(isize),
    List(Vec<isize>),
}

impl AxesArg {
    fn parse(s: &str) -> Self {
        if s == "all" {
            AxesArg::All
        } else if let Some(list) = s.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            AxesArg::List(
                list.split(',')
                    .filter(|a| !a.is_empty())
                    .map(|a| a.parse().unwrap())
                    .collect(),
            )
        } else {
            AxesArg::One(s.parse().unwrap())
        }
    }

    fn get(&self) -> Axes<'_> {
        match self {
            AxesArg::All => Axes::All,
            AxesArg::One(a) => Axes::from(*a),
            AxesArg::List(list) => Axes::from(list.as_slice()),
        }
    }
}

/// An op line.
enum Op<'a> {
    /// `sum`, `prod`, `max`, `min`, `mean`, `all` or `any` over some axes, and keepdims.
    Reduce(&'a str, AxesArg, bool),
    /// `argmax` or `argmin` along an axis or flattened (`None`), and keepdims.
    Arg(&'a str, Option<isize>, bool),
    /// `sort`, `argsort` or `sort_unstable` (not in the fixtures: run on every `sort` case).
    Sort(&'a str, isize),
    /// `unique_consecutive` along an axis or flattened (`None`).
    Unique(Option<isize>),
}

fn parse_op(line: &str) -> Op<'_> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let axis = |s: &str| -> Option<isize> { (s != "none").then(|| s.parse().unwrap()) };
    match w[0] {
        "argmax" | "argmin" => Op::Arg(w[0], axis(w[1]), w[2].parse().unwrap()),
        "sort" | "argsort" => Op::Sort(w[0], w[1].parse().unwrap()),
        "unique" => Op::Unique(axis(w[1])),
        name => Op::Reduce(name, AxesArg::parse(w[1]), w[2].parse().unwrap()),
    }
}

/// One element of a result, whatever its type.
#[derive(Clone, Copy, Debug)]
enum V {
    F(f64),
    I(i64),
    B(bool),
    U(usize),
}

trait Elem: Copy {
    fn v(self) -> V;
}

impl Elem for f64 {
    fn v(self) -> V {
        V::F(self)
    }
}

impl Elem for i64 {
    fn v(self) -> V {
        V::I(self)
    }
}

impl Elem for bool {
    fn v(self) -> V {
        V::B(self)
    }
}

impl Elem for usize {
    fn v(self) -> V {
        V::U(self)
    }
}

/// A result tensor: its shape and its elements in row-major order.
type Out = (Vec<usize>, Vec<V>);

/// What an operation returned: one tensor (`unique_consecutive`: values, inverse, counts).
type Got = Result<Vec<Out>, ShapeError>;

fn out<T: Elem>(t: &DynTensor<T>) -> Out {
    let values = t.as_slice().iter().map(|&x| x.v()).collect();
    (t.shape().to_vec(), values)
}

fn one<T: Elem>(r: Result<DynTensor<T>, ShapeError>) -> Got {
    r.map(|t| vec![out(&t)])
}

fn three<T: Elem>(r: Result<UniqueConsecutive<T>, ShapeError>) -> Got {
    r.map(|u| vec![out(&u.values), out(&u.inverse), out(&u.counts)])
}

/// `$op` (an `&Op`) on `$x` (a `DynTensor`, `DynView` or `DynViewMut` of f64 or i64): the
/// operations both element types have (`mean` is [`float_op!`]'s).
macro_rules! numeric_op {
    ($x:expr, $op:expr) => {
        match $op {
            Op::Reduce(name, axes, keep) => match *name {
                "sum" => one($x.try_sum(axes.get(), *keep)),
                "prod" => one($x.try_prod(axes.get(), *keep)),
                "max" => one($x.try_max(axes.get(), *keep)),
                "min" => one($x.try_min(axes.get(), *keep)),
                other => panic!("`{other}` on a numeric tensor"),
            },
            Op::Arg(name, axis, keep) => match *name {
                "argmax" => one($x.try_argmax(*axis, *keep)),
                _ => one($x.try_argmin(*axis, *keep)),
            },
            Op::Sort(name, axis) => match *name {
                "sort" => one($x.try_sort(*axis)),
                "argsort" => one($x.try_argsort(*axis)),
                _ => one($x.try_sort_unstable(*axis)),
            },
            Op::Unique(axis) => three($x.try_unique_consecutive(*axis)),
        }
    };
}

/// [`numeric_op!`] and `mean`, on f64.
macro_rules! float_op {
    ($x:expr, $op:expr) => {
        match $op {
            Op::Reduce(name, axes, keep) if *name == "mean" => one($x.try_mean(axes.get(), *keep)),
            op => numeric_op!($x, op),
        }
    };
}

/// `all` and `any`, on bool.
macro_rules! bool_op {
    ($x:expr, $op:expr) => {
        match $op {
            Op::Reduce(name, axes, keep) => match *name {
                "all" => one($x.try_all(axes.get(), *keep)),
                "any" => one($x.try_any(axes.get(), *keep)),
                other => panic!("`{other}` on a bool tensor"),
            },
            _ => panic!("only `all` and `any` on a bool tensor"),
        }
    };
}

/// `$body` with `$x` bound to the case's input: for `pre none` the tensor `$t` itself, its
/// `DynView` or its `DynViewMut`, in turn by case id; else the `pre` view of it.
macro_rules! with_input {
    ($t:ident, $case:expr, |$x:ident| $body:expr) => {
        match $case.get("pre") {
            "none" => match $case.id % 3 {
                0 => {
                    let $x = &$t;
                    $body
                }
                1 => {
                    let $x = $t.view();
                    $body
                }
                _ => {
                    let $x = $t.view_mut();
                    $body
                }
            },
            pre => {
                let $x = pre_view($t.view(), pre);
                $body
            }
        }
    };
}

/// numpy's `[:, ..., ::-1]` on `axis`: whole axes up to it, then a step -1 slice.
fn reversed(axis: &str) -> Vec<Slice> {
    let axis: usize = axis.parse().unwrap();
    let mut s = vec![Slice::ALL; axis + 1];
    s[axis] = Slice::new(None, None, Some(-1));
    s
}

/// The `pre` line applied to `v`: `none`, `t`, `reverse <axis>` or `permute <axes>`.
fn pre_view<'a, T>(v: DynView<'a, T>, pre: &str) -> DynView<'a, T> {
    let (kind, rest) = pre.split_once(' ').unwrap_or((pre, ""));
    match kind {
        "none" => v,
        "t" => v.t(),
        "reverse" => v.try_slice(&reversed(rest)).unwrap(),
        "permute" => v.try_permute(&nums::<isize>(rest)).unwrap(),
        other => panic!("unknown pre {other}"),
    }
}

/// [`pre_view`], mutable.
fn pre_view_mut<'a, T>(t: &'a mut DynTensor<T>, pre: &str) -> DynViewMut<'a, T> {
    let (kind, rest) = pre.split_once(' ').unwrap_or((pre, ""));
    match kind {
        "none" => t.view_mut(),
        "t" => t.t_mut(),
        "reverse" => t.try_slice_mut(&reversed(rest)).unwrap(),
        "permute" => t.try_permute_mut(&nums::<isize>(rest)).unwrap(),
        other => panic!("unknown pre {other}"),
    }
}

/// `try_sort_mut(axis)` on the case's input: on the tensor itself for `pre none`, else through
/// the mutable `pre` view; then the elements that view reaches, read back in its order.
fn sorted_in_place<T: Reduce + Elem>(mut t: DynTensor<T>, pre: &str, axis: isize) -> Got {
    if pre == "none" {
        t.try_sort_mut(axis)?;
    } else {
        pre_view_mut(&mut t, pre).try_sort_mut(axis)?;
    }
    Ok(vec![out(&pre_view(t.view(), pre).to_tensor())])
}

fn sort_in_place(case: &Case<'_>, axis: isize) -> Got {
    let shape = nums::<usize>(case.get("shape"));
    let (data, pre) = (case.get("data"), case.get("pre"));
    match case.get("dtype") {
        "f64" => sorted_in_place(
            DynTensor::from_shape_vec(&shape, nums::<f64>(data)).unwrap(),
            pre,
            axis,
        ),
        _ => sorted_in_place(
            DynTensor::from_shape_vec(&shape, nums::<i64>(data)).unwrap(),
            pre,
            axis,
        ),
    }
}

/// `op` on the case's input.
fn run(case: &Case<'_>, op: &Op<'_>) -> Got {
    let shape = nums::<usize>(case.get("shape"));
    let data = case.get("data");
    match case.get("dtype") {
        "f64" => {
            let mut t = DynTensor::from_shape_vec(&shape, nums::<f64>(data)).unwrap();
            with_input!(t, case, |x| float_op!(x, op))
        }
        "i64" => {
            let mut t = DynTensor::from_shape_vec(&shape, nums::<i64>(data)).unwrap();
            with_input!(t, case, |x| numeric_op!(x, op))
        }
        "bool" => {
            let mut t = DynTensor::from_shape_vec(&shape, nums::<bool>(data)).unwrap();
            with_input!(t, case, |x| bool_op!(x, op))
        }
        other => panic!("case {}: dtype {other}", case.id),
    }
}

/// Whether the element `got` is the fixture's `want`: `NaN` equals `NaN`; other floats bit for
/// bit when `bitwise` (`-0.0` is not `0.0`), else by `==`.
fn same(got: V, want: &str, bitwise: bool) -> bool {
    match got {
        V::F(x) => {
            let w: f64 = want.parse().unwrap();
            if x.is_nan() || w.is_nan() {
                x.is_nan() && w.is_nan()
            } else if bitwise {
                x.to_bits() == w.to_bits()
            } else {
                x == w
            }
        }
        V::I(x) => want.parse::<i64>().ok() == Some(x),
        V::B(x) => want.parse::<bool>().ok() == Some(x),
        V::U(x) => want.parse::<usize>().ok() == Some(x),
    }
}

/// `got` (from `what`) against the case's `out`, `inverse` and `counts` lines or its `err`.
fn check(case: &Case<'_>, what: &str, got: Got, bitwise: bool) {
    let ctx = format!(
        "case {} ({what}): {} shape [{}], pre {}, op {}",
        case.id,
        case.get("dtype"),
        case.get("shape"),
        case.get("pre"),
        case.get("op")
    );
    if let Some(want) = case.find("err") {
        let e = got
            .err()
            .unwrap_or_else(|| panic!("{ctx}: expected {want}"));
        assert_eq!(variant(&e), want, "{ctx}: {e:?}");
        assert!(!e.to_string().is_empty());
        return;
    }
    let got = got.unwrap_or_else(|e| panic!("{ctx}: {e}"));
    let wants: Vec<(&str, &str)> = ["out", "inverse", "counts"]
        .into_iter()
        .filter_map(|k| case.find(k).map(|w| (k, w)))
        .collect();
    assert_eq!(got.len(), wants.len(), "{ctx}: number of results");
    for ((shape, values), (key, want)) in got.iter().zip(wants) {
        let (dims, want_values) = want.split_once('|').unwrap();
        assert_eq!(shape, &nums::<usize>(dims), "{ctx}: {key} shape");
        let want_values: Vec<&str> = want_values.split_whitespace().collect();
        assert_eq!(values.len(), want_values.len(), "{ctx}: {key} length");
        for (i, (&g, w)) in values.iter().zip(&want_values).enumerate() {
            assert!(
                same(g, w, bitwise),
                "{ctx}: {key} element {i}: got {g:?}, numpy {w}\n got {values:?}\nwant {want}"
            );
        }
    }
}

#[test]
fn every_reduction_fixture_matches() {
    let mut checked = 0;
    let cases = cases();
    for case in &cases {
        let op = parse_op(case.get("op"));
        // Sorts bit for bit (`-0.0` and `0.0` in input order); everything else by value.
        let bitwise = matches!(op, Op::Sort("sort", _));
        check(case, case.op_name(), run(case, &op), bitwise);
        if let Op::Sort("sort", axis) = op {
            // The same values, `-0.0` and `0.0` in either order.
            let unstable = run(case, &Op::Sort("sort_unstable", axis));
            check(case, "sort_unstable", unstable, false);
            // In place, stably: bit for bit again.
            check(case, "try_sort_mut", sort_in_place(case, axis), true);
        }
        checked += 1;
    }
    assert!(
        checked >= if cfg!(miri) { 25 } else { 400 },
        "{checked} cases"
    );
}

#[test]
fn fixtures_cover_every_op_rank_and_error() {
    let cases = cases();
    let count = |f: &dyn Fn(&Case<'static>) -> bool| cases.iter().filter(|&c| f(c)).count();
    let reductions = count(&|c| c.op_name() != "unique");
    assert!(reductions >= 300, "{reductions} reduction and sort cases");
    let unique = count(&|c| c.op_name() == "unique");
    assert!(unique >= 40, "{unique} unique_consecutive cases");
    for op in [
        "sum", "prod", "max", "min", "mean", "all", "any", "argmax", "argmin", "sort", "argsort",
    ] {
        assert!(count(&|c| c.op_name() == op) >= 10, "{op}");
    }
    for op in [
        "sum", "prod", "max", "min", "argmax", "argmin", "sort", "argsort", "unique",
    ] {
        let n = count(&|c| c.get("dtype") == "i64" && c.op_name() == op);
        assert!(n >= 3, "i64 {op}: {n}");
    }
    for rank in 0..=5 {
        assert!(count(&|c| c.rank() == rank) >= 10, "rank {rank}");
    }
    // Specials: NaN in every kind of operation, infinities, `-0.0` next to `0.0` in a sort.
    let has = |c: &Case<'static>, word: &str| c.get("data").split_whitespace().any(|x| x == word);
    for op in [
        "sum", "prod", "max", "min", "mean", "argmax", "argmin", "sort", "argsort",
    ] {
        let n = count(&|c| c.op_name() == op && has(c, "nan"));
        assert!(n >= 3, "{op} with NaN: {n}");
    }
    assert!(count(&|c| c.op_name() == "unique" && has(c, "nan")) >= 5);
    assert!(count(&|c| has(c, "inf") && has(c, "-inf")) >= 10);
    let zeros = |c: &Case<'static>| {
        let d = format!(" {} ", c.get("data"));
        d.contains(" -0.0 0.0 ") || d.contains(" 0.0 -0.0 ")
    };
    assert!(count(&|c| c.op_name() == "sort" && zeros(c)) >= 5);
    // keepdims both ways, every spelling of the axes, every pre view.
    let op_word = |c: &Case<'static>, i: usize| -> &'static str {
        c.get("op").split_whitespace().nth(i).unwrap_or("")
    };
    assert!(count(&|c| op_word(c, 2) == "true") >= 50);
    assert!(count(&|c| op_word(c, 2) == "false") >= 50);
    let reduce = |c: &Case<'static>| {
        ["sum", "prod", "max", "min", "mean", "all", "any"].contains(&c.op_name())
    };
    assert!(count(&|c| reduce(c) && op_word(c, 1) == "all") >= 20);
    assert!(count(&|c| reduce(c) && op_word(c, 1) == "[]") >= 10);
    assert!(count(&|c| reduce(c) && op_word(c, 1).starts_with("[-")) >= 10);
    assert!(count(&|c| reduce(c) && op_word(c, 1).parse::<isize>().is_ok()) >= 50);
    assert!(count(&|c| op_word(c, 1) == "none") >= 20);
    for pre in ["t", "reverse", "permute"] {
        assert!(
            count(&|c| c.get("pre").split(' ').next() == Some(pre)) >= 10,
            "{pre}"
        );
    }
    // Errors, and empty axes both reduced to a value and refused.
    for err in ["Axis", "RepeatedAxis", "EmptyReduction"] {
        assert!(count(&|c| c.find("err") == Some(err)) >= 10, "{err}");
    }
    assert!(count(&|c| c.op_name() == "unique" && c.find("err") == Some("Axis")) >= 2);
    let empty = |c: &Case<'static>| c.get("shape").split_whitespace().any(|d| d == "0");
    assert!(count(&|c| empty(c) && c.find("err").is_none()) >= 40);
    assert!(count(&|c| empty(c) && c.op_name() == "unique" && c.find("err").is_none()) >= 4);
}

/// The example in PyTorch's documentation of `torch.unique_consecutive`, and a 2-D one by hand.
#[test]
fn unique_consecutive_matches_the_pytorch_documentation() {
    // torch.unique_consecutive(x, return_inverse=True, return_counts=True)
    let x = DynTensor::from_shape_vec(&[8], vec![1i64, 1, 2, 2, 3, 1, 1, 2]).unwrap();
    let UniqueConsecutive {
        values,
        inverse,
        counts,
    } = x.try_unique_consecutive(None).unwrap();
    assert_eq!(values.as_slice(), [1, 2, 3, 1, 2]);
    assert_eq!(inverse.as_slice(), [0, 0, 1, 1, 2, 3, 3, 4]);
    assert_eq!(counts.as_slice(), [2, 2, 1, 2, 1]);
    assert_eq!(values.shape(), [5]);
    assert_eq!(inverse.shape(), [8]);

    // By hand, with torch's rules: rows 0 and 1 are equal, row 3 equals them but is not next to
    // them; columns 0 and 1 are equal.
    //     [[1, 1, 2],
    //      [1, 1, 2],
    //      [3, 3, 4],
    //      [1, 1, 2]]
    let x =
        DynTensor::from_shape_vec(&[4, 3], vec![1i64, 1, 2, 1, 1, 2, 3, 3, 4, 1, 1, 2]).unwrap();
    // dim=0: the rows [1, 1, 2], [3, 3, 4], [1, 1, 2].
    let u = x.try_unique_consecutive(Some(0)).unwrap();
    assert_eq!(u.values.shape(), [3, 3]);
    assert_eq!(u.values.as_slice(), [1, 1, 2, 3, 3, 4, 1, 1, 2]);
    assert_eq!(u.inverse.as_slice(), [0, 0, 1, 2]);
    assert_eq!(u.counts.as_slice(), [2, 1, 1]);
    // dim=1 (and -1): the columns [1, 1, 3, 1] and [2, 2, 4, 2].
    for axis in [1, -1] {
        let u = x.try_unique_consecutive(Some(axis)).unwrap();
        assert_eq!(u.values.shape(), [4, 2]);
        assert_eq!(u.values.as_slice(), [1, 2, 1, 2, 3, 4, 1, 2]);
        assert_eq!(u.inverse.as_slice(), [0, 0, 1]);
        assert_eq!(u.counts.as_slice(), [2, 1]);
    }
    // dim=None: flattened; inverse keeps the input's shape.
    let u = x.try_unique_consecutive(None).unwrap();
    assert_eq!(u.values.as_slice(), [1, 2, 1, 2, 3, 4, 1, 2]);
    assert_eq!(u.counts.as_slice(), [2, 1, 2, 1, 2, 1, 2, 1]);
    assert_eq!(u.inverse.shape(), [4, 3]);
    assert_eq!(u.inverse.as_slice(), [0, 0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7]);
    // The same on the transposed view, along the other axis.
    let u = x.t().try_unique_consecutive(Some(0)).unwrap();
    assert_eq!(u.values.shape(), [2, 4]);
    assert_eq!(u.values.as_slice(), [1, 1, 3, 1, 2, 2, 4, 2]);
    assert_eq!(u.inverse.as_slice(), [0, 0, 1]);
    assert!(matches!(
        x.try_unique_consecutive(Some(2)),
        Err(ShapeError::Axis { .. })
    ));

    // Elements compare with `==`: NaN never merges, `-0.0` and `0.0` do.
    let nan = f64::NAN;
    let x = DynTensor::from_shape_vec(&[5], vec![nan, nan, -0.0, 0.0, 1.0]).unwrap();
    let u = x.try_unique_consecutive(None).unwrap();
    assert_eq!(u.counts.as_slice(), [1, 1, 2, 1]);
    assert_eq!(u.inverse.as_slice(), [0, 1, 2, 2, 3]);
    assert!(u.values.as_slice()[0].is_nan() && u.values.as_slice()[1].is_nan());
    assert_eq!(&u.values.as_slice()[2..], [0.0, 1.0]);
}

/// Whether two results agree: the same shapes and elements (floats bit for bit, `NaN` equal to
/// `NaN`), or the same error variant.
fn same_got(a: &Got, b: &Got) -> bool {
    match (a, b) {
        (Ok(a), Ok(b)) => {
            a.len() == b.len()
                && a.iter().zip(b).all(|((sa, va), (sb, vb))| {
                    sa == sb
                        && va.len() == vb.len()
                        && va.iter().zip(vb).all(|(&x, &y)| match (x, y) {
                            (V::F(x), V::F(y)) => {
                                x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan())
                            }
                            (V::I(x), V::I(y)) => x == y,
                            (V::B(x), V::B(y)) => x == y,
                            (V::U(x), V::U(y)) => x == y,
                            _ => false,
                        })
                })
        }
        (Err(a), Err(b)) => variant(a) == variant(b),
        _ => false,
    }
}

/// Every operation on each axis spelling, with keepdims both ways.
fn all_ops(numeric: bool) -> Vec<Op<'static>> {
    let spellings = [
        "all", "0", "1", "2", "-1", "[]", "[0,2]", "[2,0,1]", "[1,-1]", "[0,3]", "[1,1]",
    ];
    let mut ops = Vec::new();
    let reductions: &[&'static str] = if numeric {
        &["sum", "prod", "max", "min", "mean"]
    } else {
        &["all", "any"]
    };
    for &name in reductions {
        for s in spellings {
            for keep in [false, true] {
                ops.push(Op::Reduce(name, AxesArg::parse(s), keep));
            }
        }
    }
    if numeric {
        for axis in [None, Some(0), Some(1), Some(2), Some(-1), Some(3)] {
            for keep in [false, true] {
                ops.push(Op::Arg("argmax", axis, keep));
                ops.push(Op::Arg("argmin", axis, keep));
            }
            ops.push(Op::Unique(axis));
        }
        for axis in [0, 1, 2, -1, -3, 3] {
            for name in ["sort", "argsort", "sort_unstable"] {
                ops.push(Op::Sort(name, axis));
            }
        }
    }
    ops
}

/// Every reduction, arg-reduction, sort and unique on a transposed view (negative strides
/// nowhere, but no axis contiguous either) gives what it gives on a row-major copy of the view.
#[test]
fn a_transposed_view_reduces_as_its_copy() {
    // [2, 3, 4], viewed as [4, 3, 2]: values whose sums and products are exact in any order
    // (the products have factors 2 and 3 only), equal in pairs along the last axis (runs for
    // unique), and the same with one NaN.
    let vals = [-2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0];
    let t = DynTensor::from_fn(&[2, 3, 4], |i| {
        vals[(i[0] * 6 + i[1] * 2 + i[2] / 2) * 5 % 9]
    });
    let with_nan = {
        let mut n = t.view().to_tensor();
        n.as_mut_slice()[13] = f64::NAN;
        n
    };
    // Under Miri the NaN copy alone: the same paths, and NaN's too.
    let floats = [("plain", &t), ("NaN", &with_nan)];
    let floats = if cfg!(miri) {
        &floats[1..]
    } else {
        &floats[..]
    };
    for &(name, t) in floats {
        let v = t.t();
        let copy = v.to_tensor();
        assert!(copy.shape() == [4, 3, 2]);
        for op in all_ops(true) {
            let (a, b) = (float_op!(v, &op), float_op!(copy, &op));
            assert!(
                same_got(&a, &b),
                "{name}: {}\nview {a:?}\ncopy {b:?}",
                describe(&op)
            );
        }
    }
    let ints = DynTensor::from_fn(&[2, 3, 4], |i| {
        ((i[0] * 12 + i[1] * 4 + i[2]) * 7 % 5) as i64
    });
    // Under Miri the integer and boolean copies take every third operation: the float loop
    // above ran them all through the same paths.
    let step = if cfg!(miri) { 3 } else { 1 };
    let v = ints.t();
    let copy = v.to_tensor();
    for op in all_ops(true)
        .iter()
        .filter(|op| !matches!(op, Op::Reduce("mean", ..)))
        .step_by(step)
    {
        let (a, b) = (numeric_op!(v, op), numeric_op!(copy, op));
        assert!(
            same_got(&a, &b),
            "i64: {}\nview {a:?}\ncopy {b:?}",
            describe(op)
        );
    }
    let bools = DynTensor::from_fn(&[2, 3, 4], |i| (i[0] + i[1] * i[2]) % 3 != 0);
    let v = bools.t();
    let copy = v.to_tensor();
    for op in all_ops(false).into_iter().step_by(step) {
        let (a, b) = (bool_op!(v, &op), bool_op!(copy, &op));
        assert!(
            same_got(&a, &b),
            "bool: {}\nview {a:?}\ncopy {b:?}",
            describe(&op)
        );
    }
}

fn describe(op: &Op<'_>) -> String {
    match op {
        Op::Reduce(name, axes, keep) => format!("{name} {:?} keepdims={keep}", axes.get()),
        Op::Arg(name, axis, keep) => format!("{name} {axis:?} keepdims={keep}"),
        Op::Sort(name, axis) => format!("{name} {axis}"),
        Op::Unique(axis) => format!("unique_consecutive {axis:?}"),
    }
}

/// `Axes` from an integer, an array, a slice, a `Vec`, an `Option` and `Axes::All` name the same
/// axes.
#[test]
fn every_spelling_of_the_axes_agrees() {
    let t = DynTensor::from_fn(&[2, 3, 4], |i| (i[0] * 12 + i[1] * 4 + i[2]) as f64);
    let want = t.try_sum(Axes::Single(-1), false).unwrap();
    assert_eq!(want.shape(), [2, 3]);
    assert_eq!(want.as_slice()[..2], [6.0, 22.0]);
    for got in [
        t.try_sum(-1, false),
        t.try_sum(2, false),
        t.try_sum(&[-1], false),
        t.try_sum(&[2][..], false),
        t.try_sum(&vec![-1], false),
        t.try_sum(Some(-1), false),
        t.try_sum(Axes::List(&[2]), false),
    ] {
        assert_eq!(got.unwrap().as_slice(), want.as_slice());
    }
    let all = t.try_sum(Axes::All, true).unwrap();
    assert_eq!(
        (all.shape(), all.as_slice()),
        (&[1, 1, 1][..], &[276.0][..])
    );
    assert_eq!(
        t.try_sum(&[0, 1, 2], true).unwrap().as_slice(),
        all.as_slice()
    );
    assert_eq!(t.try_sum(None, true).unwrap().as_slice(), all.as_slice());
    let none = t.try_sum(Axes::List(&[]), false).unwrap();
    assert_eq!((none.shape(), none.as_slice()), (t.shape(), t.as_slice()));
}

/// numpy 2.4.6 argsorts a rank-0 array along axis 0 or -1 as its one element, flattened
/// (`np.argsort(np.array(5), axis=0)` is `array([0])`), refuses axis 1 (`AxisError`), and
/// refuses axis 0 in `np.sort` (`AxisError`): the same here.
#[test]
fn a_rank_0_tensor_argsorts_along_axis_0_as_numpy_does() {
    let s = DynTensor::scalar(5.0f32);
    for axis in [0, -1] {
        let got = s.try_argsort(axis).unwrap();
        assert_eq!(
            (got.shape(), got.as_slice()),
            (&[1][..], &[0][..]),
            "axis {axis}"
        );
        assert_eq!(s.view().try_argsort(axis).unwrap().as_slice(), [0]);
    }
    for axis in [1, -2] {
        let err = s.try_argsort(axis).unwrap_err();
        assert!(
            matches!(err, ShapeError::Axis { axis: a, .. } if a == axis),
            "{err:?}"
        );
    }
    assert!(matches!(
        s.try_sort(0),
        Err(ShapeError::Axis { axis: 0, .. })
    ));
}

/// `try_argsort` is stable on both sides of the lane lengths where it changes sorts (16, 64), with
/// many ties, for lanes that follow one another (a packed tensor) and lanes with a stride (its
/// transpose): against a stable sort of each lane's positions by key.
#[test]
fn argsort_is_stable_on_short_and_long_lanes() {
    let lens: &[usize] = if cfg!(miri) {
        &[2, 65]
    } else {
        &[1, 2, 10, 63, 64, 65, 200]
    };
    for &len in lens {
        let rows = 3;
        let v: Vec<f32> = (0..rows * len)
            .map(|i| match i % 11 {
                0 => f32::NAN,
                1 => -0.0,
                r => ((i * 7) % 5) as f32 - r as f32 % 3.0,
            })
            .collect();
        let t = DynTensor::from_shape_vec(&[rows, len], v.clone()).unwrap();
        let want = |lane: &[f32]| {
            let mut order: Vec<usize> = (0..lane.len()).collect();
            // numpy's order: NaN last, -0.0 equal to 0.0; ties by position.
            order.sort_by(|&i, &j| {
                let key = |x: f32| (x.is_nan(), if x.is_nan() { 0.0 } else { x + 0.0 });
                key(lane[i])
                    .partial_cmp(&key(lane[j]))
                    .unwrap()
                    .then(i.cmp(&j))
            });
            order
        };
        let got = t.try_argsort(-1).unwrap();
        for (r, lane) in v.chunks_exact(len).enumerate() {
            assert_eq!(
                &got.as_slice()[r * len..(r + 1) * len],
                &want(lane)[..],
                "len {len}"
            );
        }
        // The transpose: each lane is a column, read with a stride.
        let tt = t.t().to_tensor();
        let got = tt.view().try_argsort(0).unwrap();
        for (r, lane) in v.chunks_exact(len).enumerate() {
            let column: Vec<usize> = (0..len).map(|j| got.as_slice()[j * rows + r]).collect();
            assert_eq!(column, want(lane), "len {len}, transposed");
        }
    }
}
