//! Issue 22's everyday operations against numpy: `tests/fixtures/everyday.txt`, made by
//! `scripts/gen_numpy_everyday_fixtures.py` (see its header for the format). Each case builds an
//! input (`np.arange(n) - n // 3` reshaped, or the listed data), maybe makes it a view that is
//! not row-major first (transposed, every axis reversed), calls one function on the `DynView`,
//! and compares the shape and every element, or the error variant. Printing is compared with
//! `np.array2string(a, separator=', ')` character for character.

use std::sync::OnceLock;

use shaped::{DynTensor, DynView, ShapeError, Slice, SliceEntry, s};

#[path = "common/fixture_text.rs"]
mod fixture_text;

use fixture_text::{Case, nums};

fixtures!("everyday.txt");

static STORE: OnceLock<fixture_text::Lines> = OnceLock::new();

/// Every case of the file, read once for all the tests (under Miri, reading the file's
/// thousands of lines again for each test cost more than checking its cases).
static CASES: OnceLock<Vec<Case<'static>>> = OnceLock::new();

/// Under Miri, one case of each function in this many (the code paths are the same for all).
const MIRI_STEP: usize = 8;

/// The cases of function `name`, at least `min` of them (under Miri, of the sample).
fn cases(name: &str, min: usize) -> Vec<&'static Case<'static>> {
    let all: Vec<&Case<'static>> = CASES
        .get_or_init(|| fixture_text::cases(&STORE, FIXTURES, &["case"]))
        .iter()
        .filter(|c| c.get("fn") == name)
        .collect();
    let min = if cfg!(miri) {
        min.div_ceil(MIRI_STEP)
    } else {
        min
    };
    assert!(all.len() >= min, "{name}: {} cases", all.len());
    all
}

/// Whether Miri's sample keeps case `c`: one case of each function in [`MIRI_STEP`], but not
/// the printing of more than a few hundred characters or of a summarised tensor (a thousand
/// elements walked and formatted three times: half the target's time under Miri, in safe code
/// the native run checks).
#[cfg(not(miri))]
fn miri_keeps(seen: &mut std::collections::HashMap<String, usize>, c: &Case<'_>) -> bool {
    let n = seen.entry(c.get("fn").to_string()).or_default();
    *n += 1;
    let long_text = c
        .find("text")
        .is_some_and(|t| t.len() > 500 || t.contains("..."));
    (*n - 1).is_multiple_of(MIRI_STEP) && !long_text
}

#[cfg(not(miri))]
#[test]
fn miri_sample_is_up_to_date() {
    let mut seen = std::collections::HashMap::new();
    let rule = format!("one case of each function in {MIRI_STEP}, no long or summarised printing");
    let sample = fixture_text::sample(FIXTURES, &["case"], &rule, |_, c| miri_keeps(&mut seen, c));
    fixture_text::check_sample("everyday.txt", &sample);
}

/// The variant's name, as the fixtures write it.
fn variant(e: &ShapeError) -> &'static str {
    match e {
        ShapeError::Axis { .. } => "Axis",
        ShapeError::RepeatedAxis { .. } => "RepeatedAxis",
        ShapeError::Index { .. } => "Index",
        ShapeError::ChunkSize { .. } => "ChunkSize",
        ShapeError::Sections { .. } => "Sections",
        ShapeError::Window { .. } => "Window",
        ShapeError::JoinShape { .. } => "JoinShape",
        ShapeError::EmptyJoin => "EmptyJoin",
        ShapeError::Arange { zero_step: true } => "ArangeStep",
        ShapeError::IndicesRank { .. } => "IndicesRank",
        ShapeError::TooManySlices { .. } => "TooManySlices",
        ShapeError::SliceStep { .. } => "SliceStep",
        ShapeError::Incompatible { .. } => "Incompatible",
        other => panic!("unexpected error {other:?}"),
    }
}

/// The input of a case: `np.arange(n) - n // 3` of its shape (or its `data`), owned.
fn input(c: &Case<'_>) -> DynTensor<i64> {
    let shape = nums::<usize>(c.get("shape"));
    let n: usize = shape.iter().product();
    let data = match c.find("data") {
        Some(d) => nums(d),
        None => (0..n as i64).map(|i| i - n as i64 / 3).collect(),
    };
    DynTensor::from_shape_vec(&shape, data).unwrap()
}

/// The input's view after the case's `pre`: itself, transposed, or every axis reversed.
fn pre<'a, T>(c: &Case<'_>, v: DynView<'a, T>) -> DynView<'a, T> {
    match c.get("pre") {
        "none" => v,
        "t" => v.t(),
        "flip" => {
            let rev = vec![Slice::new(None, None, Some(-1)); v.rank()];
            v.try_slice(&rev).unwrap()
        }
        other => panic!("{}: unknown pre {other}", c.title),
    }
}

/// An `out` line: the shape and the elements.
fn expected<T: std::str::FromStr>(line: &str) -> (Vec<usize>, Vec<T>)
where
    T::Err: std::fmt::Debug,
{
    let (dims, values) = line.split_once('|').unwrap();
    (nums(dims), nums(values))
}

/// The case's error, when it expects one: `got` must be that variant.
fn expect_err<R>(c: &Case<'_>, got: &Result<R, ShapeError>) -> bool {
    let Some(want) = c.find("err") else {
        return false;
    };
    match got {
        Ok(_) => panic!("{}: expected {want}", c.title),
        Err(e) => {
            assert_eq!(variant(e), want, "{}: {e}", c.title);
            assert!(!e.to_string().is_empty());
        }
    }
    true
}

#[test]
fn display_matches_numpy_array2string() {
    let cs = cases("display", 20);
    for c in &cs {
        let t = input(c);
        let want = c.get("text").replace('|', "\n");
        assert_eq!(t.to_string(), want, "{}: tensor", c.title);
        assert_eq!(t.view().to_string(), want, "{}: view", c.title);
        let mut m = t.clone();
        assert_eq!(m.view_mut().to_string(), want, "{}: view_mut", c.title);
    }
    // The summarised shapes are among the fixtures (not in Miri's sample).
    assert!(cfg!(miri) || cs.iter().any(|c| c.get("text").contains("...")));
}

#[test]
fn display_of_strided_views_prints_logical_order() {
    let t = DynTensor::from_fn(&[2, 3], |i| (10 * i[0] + i[1]) as i32);
    assert_eq!(t.t().to_string(), "[[ 0, 10],\n [ 1, 11],\n [ 2, 12]]");
    let col = t.try_slice(&[
        Slice::new(None, None, None),
        Slice::new(Some(1), Some(2), None),
    ]);
    assert_eq!(col.unwrap().to_string(), "[[ 1],\n [11]]");
    // Precision and width reach every element.
    let f = DynTensor::from_shape_vec(&[2], vec![0.5f64, 2.25]).unwrap();
    assert_eq!(format!("{f:.1}"), "[0.5, 2.2]");
    assert_eq!(format!("{f:6.2}"), "[  0.50,   2.25]");
    // A broadcast view of more than 1000 positions is summarised like any other.
    let b = t.try_broadcast_to(&[400, 2, 3]).unwrap().to_string();
    assert!(b.starts_with("[[[ 0,  1,  2],\n  [10, 11, 12]],\n\n [[ 0,"));
    assert!(b.contains("\n\n ...,\n\n"));
    // A summarised view skips its hidden elements without walking them: 2^40 positions of one
    // element print at once, and a transposed view prints as its copy does.
    let one = DynTensor::scalar(7u8);
    let vast = one.try_broadcast_to(&[1 << 40]).unwrap();
    assert_eq!(vast.to_string(), "[7, 7, 7, ..., 7, 7, 7]");
    let wide = one.try_broadcast_to(&[3, 1 << 38, 2]).unwrap().to_string();
    assert!(
        wide.starts_with("[[[7, 7],\n  [7, 7],\n  [7, 7],\n  ...,"),
        "{wide}"
    );
    let big = DynTensor::from_fn(&[40, 30], |i| (100 * i[0] + i[1]) as i32);
    assert_eq!(big.t().to_string(), big.t().to_tensor().to_string());
}

#[test]
fn a_width_pads_a_rank_0_tensor_too() {
    use shaped::{Tensor, shape};
    assert_eq!(format!("{:4}", DynTensor::scalar(5i32)), "   5");
    assert_eq!(format!("{:6.2}", DynTensor::scalar(0.5f64)), "  0.50");
    assert_eq!(format!("{:4}", DynTensor::scalar(5i32).view()), "   5");
    let s = Tensor::<i32, shape![]>::from_flat_fn(|_| 5);
    assert_eq!(format!("{s:4}"), "   5");
    assert_eq!(DynTensor::scalar(5i32).to_string(), "5");
}

#[test]
fn static_tensors_print_through_the_same_formatter() {
    use shaped::{Tensor, shape};
    let s = Tensor::<i64, shape![1001]>::from_fn(|[i]| i as i64);
    let d = DynTensor::from_fn(&[1001], |i| i[0] as i64);
    assert_eq!(s.to_string(), d.to_string());
    assert_eq!(s.to_string(), "[   0,    1,    2, ...,  998,  999, 1000]");
    let m = Tensor::<i64, shape![2, 3]>::from_fn(|[r, c]| (10 * r + c) as i64);
    let dm = DynTensor::from_fn(&[2, 3], |i| (10 * i[0] + i[1]) as i64);
    assert_eq!(format!("{m:4}"), format!("{dm:4}"));
}

/// The views of an iterator or a split against the case's `out` lines (and `count`).
fn check_views<'a>(c: &Case<'_>, views: impl Iterator<Item = DynView<'a, i64>>) {
    let views: Vec<DynView<'a, i64>> = views.collect();
    let want: Vec<&str> = c
        .lines
        .iter()
        .filter(|(k, _)| *k == "out")
        .map(|(_, v)| *v)
        .collect();
    if let Some(n) = c.find("count") {
        assert_eq!(views.len(), n.parse::<usize>().unwrap(), "{}", c.title);
    }
    assert_eq!(views.len(), want.len(), "{}", c.title);
    for (i, (v, line)) in views.iter().zip(want).enumerate() {
        let (dims, values) = expected::<i64>(line);
        assert_eq!(v.shape(), dims, "{}: view {i} shape", c.title);
        assert_eq!(v.to_vec(), values, "{}: view {i} values", c.title);
        assert_eq!(
            v.iter().copied().collect::<Vec<_>>(),
            values,
            "{}: view {i}",
            c.title
        );
    }
}

/// One case's arguments as signed numbers.
fn args(c: &Case<'_>) -> Vec<isize> {
    nums(c.get("args"))
}

/// Runs every case of `name` through `f` on the case's view, comparing views or the error.
fn each_view_case(
    name: &str,
    f: impl for<'a> Fn(&DynView<'a, i64>, &Case<'_>) -> Result<Vec<DynView<'a, i64>>, ShapeError>,
) {
    for c in cases(name, 30) {
        let t = input(c);
        let v = pre(c, t.view());
        let got = f(&v, c);
        if !expect_err(c, &got) {
            check_views(c, got.unwrap().into_iter());
        }
    }
}

#[test]
fn outer_iter_matches_numpy() {
    each_view_case("outer_iter", |v, _| Ok(v.outer_iter().collect()));
    // The same on the owned tensor and a mutable view.
    let mut t = DynTensor::from_fn(&[3, 2], |i| i[0] * 2 + i[1]);
    assert_eq!(t.outer_iter().len(), 3);
    assert_eq!(t.view_mut().outer_iter().nth(2).unwrap().to_vec(), [4, 5]);
}

#[test]
fn axis_iter_matches_numpy() {
    each_view_case("axis_iter", |v, c| {
        Ok(v.try_axis_iter(args(c)[0])?.collect())
    });
}

#[test]
fn lanes_match_numpy() {
    each_view_case("lanes", |v, c| Ok(v.try_lanes(args(c)[0])?.collect()));
}

#[test]
fn axis_chunks_match_numpy() {
    each_view_case("axis_chunks", |v, c| {
        let a = args(c);
        Ok(v.try_axis_chunks_iter(a[0], a[1] as usize)?.collect())
    });
}

#[test]
fn windows_match_numpy() {
    each_view_case("windows", |v, c| {
        Ok(v.try_windows(&nums::<usize>(c.get("args")))?.collect())
    });
}

#[test]
fn index_axis_matches_numpy() {
    each_view_case("index_axis", |v, c| {
        let a = args(c);
        let got = v.try_index_axis(a[0], a[1])?;
        Ok(vec![got])
    });
}

#[test]
fn split_matches_numpy() {
    each_view_case("split", |v, c| {
        let a = args(c);
        let indices: Vec<usize> = a[1..].iter().map(|&i| i as usize).collect();
        v.try_split_at(&indices, a[0])
    });
    // By a number of sections: numpy's split (equal parts) and array_split.
    each_view_case("split_equal", |v, c| {
        let a = args(c);
        v.try_split(a[1] as usize, a[0])
    });
    each_view_case("array_split", |v, c| {
        let a = args(c);
        v.try_array_split(a[1] as usize, a[0])
    });
    // More sections than a list of views can hold: an error, not an abort.
    let t = DynTensor::from_fn(&[4], |i| i[0]);
    for huge in [usize::MAX, 1 << 61] {
        let e = t.try_array_split(huge, 0).unwrap_err();
        assert!(matches!(e, ShapeError::Allocation { .. }), "{e}");
        assert!(t.try_split(huge, 0).is_err());
    }
    let e = t.try_split(3, 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot split axis 0 of a tensor of shape [4] into 3 equal parts: 3 does not divide its \
         extent 4; use try_array_split for parts that differ by at most one"
    );
    assert!(
        t.try_split(0, -1)
            .unwrap_err()
            .to_string()
            .contains("into 0 parts")
    );
}

/// The inputs of a join case: tensor `j` is `np.arange(n) + 100 * j` of its shape.
fn join_inputs(c: &Case<'_>) -> Vec<DynTensor<i64>> {
    let text = c.get("inputs");
    if text == "empty" {
        return Vec::new();
    }
    text.split('/')
        .enumerate()
        .map(|(j, dims)| {
            let shape = nums::<usize>(dims);
            let n: usize = shape.iter().product();
            DynTensor::from_shape_vec(&shape, (0..n as i64).map(|i| i + 100 * j as i64).collect())
                .unwrap()
        })
        .collect()
}

/// A result against the case's one `out` line (or its error).
fn check_tensor<T>(c: &Case<'_>, got: Result<DynTensor<T>, ShapeError>)
where
    T: std::str::FromStr + PartialEq + std::fmt::Debug,
    T::Err: std::fmt::Debug,
{
    if expect_err(c, &got) {
        return;
    }
    let t = got.unwrap_or_else(|e| panic!("{}: {e}", c.title));
    let (dims, values) = expected::<T>(c.get("out"));
    assert_eq!(t.shape(), dims, "{}: shape", c.title);
    assert_eq!(t.as_slice(), values, "{}: values", c.title);
}

#[test]
fn concatenate_matches_numpy() {
    for c in cases("concatenate", 30) {
        let ts = join_inputs(c);
        let axis = args(c)[0];
        let views: Vec<DynView<'_, i64>> = ts.iter().map(|t| t.view()).collect();
        check_tensor(c, shaped::try_concatenate(&views, axis));
        // The same inputs reversed along every axis: their rows are no longer packed.
        let flipped: Vec<DynTensor<i64>> = ts
            .iter()
            .map(|t| {
                let rev = vec![Slice::new(None, None, Some(-1)); t.rank()];
                t.try_slice(&rev).unwrap().to_tensor()
            })
            .collect();
        let back: Vec<DynView<'_, i64>> = flipped
            .iter()
            .map(|t| {
                let rev = vec![Slice::new(None, None, Some(-1)); t.rank()];
                t.try_slice(&rev).unwrap()
            })
            .collect();
        check_tensor(c, shaped::try_concatenate(&back, axis));
    }
}

#[test]
fn stack_matches_numpy() {
    for c in cases("stack", 30) {
        let ts = join_inputs(c);
        let views: Vec<DynView<'_, i64>> = ts.iter().map(|t| t.view()).collect();
        check_tensor(c, shaped::try_stack(&views, args(c)[0]));
    }
}

/// The optional axis of `args`' first word, and the rest as numbers.
fn axis_and_rest<N: std::str::FromStr>(c: &Case<'_>) -> (Option<isize>, Vec<N>)
where
    N::Err: std::fmt::Debug,
{
    let text = c.get("args");
    let (axis, rest) = text.split_once(' ').unwrap_or((text, ""));
    ((axis != "none").then(|| axis.parse().unwrap()), nums(rest))
}

#[test]
fn take_matches_numpy() {
    for c in cases("take", 30) {
        let t = input(c);
        let v = pre(c, t.view());
        let (axis, indices) = axis_and_rest::<isize>(c);
        check_tensor(c, v.try_take(&indices, axis));
        // The owned tensor (packed) agrees with its view.
        if c.get("pre") == "none" {
            check_tensor(c, t.try_take(&indices, axis));
        }
    }
}

#[test]
fn compress_matches_numpy() {
    for c in cases("compress", 30) {
        let t = input(c);
        let v = pre(c, t.view());
        let (axis, mask) = axis_and_rest::<u8>(c);
        let mask: Vec<bool> = mask.iter().map(|&m| m == 1).collect();
        check_tensor(c, v.try_compress(&mask, axis));
    }
}

#[test]
fn cumsum_and_cumprod_match_numpy() {
    for name in ["cumsum", "cumprod"] {
        for c in cases(name, 30) {
            let t = input(c);
            let v = pre(c, t.view());
            let text = c.get("args");
            let axis = (text != "none").then(|| text.parse::<isize>().unwrap());
            let got = match name {
                "cumsum" => v.try_cumsum(axis),
                _ => v.try_cumprod(axis),
            };
            check_tensor(c, got);
        }
    }
    // Along every axis of a larger tensor, against the flat definition.
    let t = DynTensor::from_fn(&[3, 17, 5], |i| (i[0] * 85 + i[1] * 5 + i[2]) as i64);
    let s = t.try_cumsum(Some(1)).unwrap();
    assert_eq!(
        s[&[2, 16, 4]],
        (0..17).map(|j| 170 + j * 5 + 4).sum::<i64>()
    );
}

/// `a` and `b` equal to a relative 1e-12 (numpy's summation order may differ in the last
/// bits), `NaN` equal to `NaN`, infinities exactly.
fn close(a: f64, b: f64) -> bool {
    (a.is_nan() && b.is_nan()) || a == b || (a - b).abs() <= 1e-12 * a.abs().max(b.abs())
}

/// A var/std case's `args`: the axes (`all`, one, or a `[list]`), `ddof` and `keepdims`.
fn moment_args(c: &Case<'_>) -> (Option<Vec<isize>>, usize, bool) {
    let a: Vec<&str> = c.get("args").split(' ').collect();
    let axes = match a[0] {
        "all" => None,
        s => Some(
            s.trim_matches(|ch| ch == '[' || ch == ']')
                .split(',')
                .filter(|x| !x.is_empty())
                .map(|x| x.parse().unwrap())
                .collect(),
        ),
    };
    (axes, a[1].parse().unwrap(), a[2] == "true")
}

/// numpy's var or std (`name`) of `v` with the case's arguments.
fn moment<T: shaped::Moments>(
    name: &str,
    c: &Case<'_>,
    v: &DynView<'_, T>,
) -> Result<DynTensor<T::Out>, ShapeError> {
    let (list, ddof, keep) = moment_args(c);
    let single = !c.get("args").starts_with('[');
    let axes = match &list {
        None => shaped::Axes::All,
        Some(l) if single => shaped::Axes::Single(l[0]),
        Some(l) => shaped::Axes::List(l),
    };
    match name {
        "var" => v.try_var(axes, ddof, keep),
        "mean" => v.try_mean(axes, keep),
        "median" => v.try_median(axes, keep),
        _ => v.try_std(axes, ddof, keep),
    }
}

/// A float result against the case's `out` line, to [`close`].
fn check_close<T: Into<f64> + Copy>(c: &Case<'_>, got: Result<DynTensor<T>, ShapeError>) {
    if expect_err(c, &got) {
        return;
    }
    let got = got.unwrap_or_else(|e| panic!("{}: {e}", c.title));
    let (dims, values) = expected::<f64>(c.get("out"));
    assert_eq!(got.shape(), dims, "{}: shape", c.title);
    for (x, y) in got.iter().zip(&values) {
        let x: f64 = (*x).into();
        assert!(close(x, *y), "{}: {x} vs {y}", c.title);
    }
}

#[test]
fn var_and_std_match_numpy() {
    let mut integer_cases = 0;
    for name in ["var", "std"] {
        for c in cases(name, 30) {
            let shape = nums::<usize>(c.get("shape"));
            if c.find("data").is_none() {
                // Integer input: numpy's float64 result.
                let scale: i64 = c.get("scale").parse().unwrap();
                let t = input(c).map(|x| x * scale);
                check_close(c, moment(name, c, &pre(c, t.view())));
                let small = t.map(|x| x as i32);
                check_close(c, moment(name, c, &pre(c, small.view())));
                integer_cases += 1;
                continue;
            }
            let t = DynTensor::from_shape_vec(&shape, nums::<f64>(c.get("data"))).unwrap();
            check_close(c, moment(name, c, &pre(c, t.view())));
        }
    }
    assert!(
        cfg!(miri) || integer_cases >= 30,
        "{integer_cases} integer cases"
    );
    // The mean of integer input is numpy's float64 too (the fixtures' args: axes, 0, keepdims).
    for c in cases("mean", 15) {
        let t = input(c).map(|x| x * c.get("scale").parse::<i64>().unwrap());
        check_close(c, moment("mean", c, &pre(c, t.view())));
        check_close(c, moment("mean", c, &pre(c, t.map(|x| x as i16).view())));
    }
    // The median likewise, of values with repeats (`x * 7 % 11`, numpy's remainder).
    for c in cases("median", 30) {
        let t = input(c).map(|x| (x * 7).rem_euclid(11));
        check_close(c, moment("median", c, &pre(c, t.view())));
        let f = t.map(|x| x as f32);
        check_close(c, moment("median", c, &pre(c, f.view())));
    }
    // A lane with a NaN gives NaN, as numpy's; the others are unaffected.
    let n = DynTensor::from_shape_vec(&[2, 3], vec![1.0, f64::NAN, 3.0, 4.0, 6.0, 5.0]).unwrap();
    let m = n.try_median(-1, false).unwrap();
    assert!(m.as_slice()[0].is_nan());
    assert_eq!(m.as_slice()[1], 5.0);
    // f32 keeps its type; unsigned and wide integers give f64.
    let f = DynTensor::from_shape_vec(&[3], vec![1.0f32, 2.0, 6.0]).unwrap();
    let v: DynTensor<f32> = f.try_var(0, 0, false).unwrap();
    assert!((v.as_slice()[0] - 14.0 / 3.0).abs() < 1e-6);
    let u = DynTensor::from_shape_vec(&[2], vec![u64::MAX, u64::MAX]).unwrap();
    assert_eq!(u.try_std(0, 0, false).unwrap().as_slice(), [0.0f64]);
}

#[test]
fn arange_linspace_and_eye_match_numpy() {
    for c in cases("arange", 15) {
        let a: Vec<&str> = c.get("args").split(' ').collect();
        if a[0] == "i64" {
            let n: Vec<i64> = a[1..].iter().map(|x| x.parse().unwrap()).collect();
            check_tensor(c, DynTensor::try_arange(n[0], n[1], n[2]));
        } else {
            let x: Vec<f64> = a[1..].iter().map(|x| x.parse().unwrap()).collect();
            let got = DynTensor::try_arange(x[0], x[1], x[2]);
            if expect_err(c, &got) {
                continue;
            }
            let got = got.unwrap();
            let (dims, values) = expected::<f64>(c.get("out"));
            assert_eq!(got.shape(), dims, "{}", c.title);
            assert_eq!(got.as_slice(), values, "{}: bit for bit", c.title);
        }
    }
    for c in cases("linspace", 15) {
        let a: Vec<&str> = c.get("args").split(' ').collect();
        let got = DynTensor::linspace(
            a[0].parse().unwrap(),
            a[1].parse::<f64>().unwrap(),
            a[2].parse().unwrap(),
        );
        let (dims, values) = expected::<f64>(c.get("out"));
        assert_eq!(got.shape(), dims, "{}", c.title);
        assert_eq!(got.as_slice(), values, "{}: bit for bit", c.title);
        let again = DynTensor::try_linspace(
            a[0].parse().unwrap(),
            a[1].parse::<f64>().unwrap(),
            a[2].parse().unwrap(),
        );
        assert_eq!(
            again.unwrap().as_slice(),
            values,
            "{}: try_linspace",
            c.title
        );
    }
    for c in cases("eye", 15) {
        let n = c.get("args").parse().unwrap();
        check_tensor(c, Ok(DynTensor::<i64>::eye(n)));
        check_tensor(c, DynTensor::<i64>::try_eye(n));
    }
    // The try_ forms refuse what cannot be had instead of panicking.
    assert!(matches!(
        DynTensor::<f64>::try_linspace(0.0, 1.0, usize::MAX),
        Err(ShapeError::Allocation { .. })
    ));
    assert!(matches!(
        DynTensor::<i64>::try_eye(1 << 33),
        Err(ShapeError::Overflow { .. })
    ));
    // Lengths numpy cannot count are errors, not panics.
    assert!(DynTensor::try_arange(0.0, f64::NAN, 1.0).is_err());
    assert!(DynTensor::try_arange(0.0, f64::INFINITY, 1.0).is_err());
    assert!(DynTensor::try_arange(i64::MIN, i64::MAX, 1).is_err());
}

#[test]
fn take_along_axis_matches_numpy() {
    for c in cases("take_along_axis", 40) {
        let t = input(c);
        let v = pre(c, t.view());
        let (dims, values) = expected::<usize>(c.get("indices"));
        let indices = DynTensor::from_shape_vec(&dims, values).unwrap();
        let axis = args(c)[0];
        check_tensor(c, v.try_take_along_axis(&indices, axis));
        // A view of the indices, and the owned tensor, agree.
        if c.get("pre") == "none" {
            check_tensor(c, t.try_take_along_axis(indices.view(), axis));
        }
    }
    // numpy's idiom: the indices of argsort sort each lane, along any axis.
    let a = DynTensor::from_shape_vec(&[2, 3], vec![3, 1, 2, 0, 5, -1]).unwrap();
    for axis in [0, 1, -1] {
        let sorted = a.try_take_along_axis(a.try_argsort(axis).unwrap(), axis);
        assert_eq!(sorted.unwrap(), a.try_sort(axis).unwrap(), "axis {axis}");
    }
    let mut m = a.clone();
    let order = m.view_mut().try_argsort(0).unwrap();
    assert_eq!(
        m.view_mut()
            .try_take_along_axis(&order, 0)
            .unwrap()
            .as_slice(),
        [0, 1, -1, 3, 5, 2]
    );
}

/// A `<dims> | <values>` line as a tensor.
fn tensor_of<T: std::str::FromStr>(line: &str) -> DynTensor<T>
where
    T::Err: std::fmt::Debug,
{
    let (dims, values) = expected::<T>(line);
    DynTensor::from_shape_vec(&dims, values).unwrap()
}

#[test]
fn where_matches_numpy() {
    for c in cases("where", 40) {
        let a = input(c);
        let av = pre(c, a.view());
        let cond: DynTensor<bool> = tensor_of::<u8>(c.get("cond")).map(|m| m == 1);
        let shape = nums::<usize>(c.get("b"));
        let n = shape.iter().product::<usize>() as i64;
        let b = DynTensor::from_shape_vec(&shape, (0..n).map(|i| -(i + 100)).collect()).unwrap();
        check_tensor(c, shaped::try_where(&cond, &av, &b));
        // Views of every operand, in any mix, agree.
        check_tensor(c, shaped::try_where(cond.view(), av.clone(), b.view()));
    }
    // A static operand mixes in like any other, and a rank-0 one broadcasts everywhere.
    let x = DynTensor::from_shape_vec(&[2, 2], vec![1, -2, 3, -4]).unwrap();
    let zero = shaped::tensor![0, 0];
    let pos = x.map(|v| v > 0);
    let got = shaped::try_where(&pos, &x, &zero).unwrap();
    assert_eq!(got.as_slice(), [1, 0, 3, 0]);
    let yes = DynTensor::from_shape_vec(&[], vec![true]).unwrap();
    assert_eq!(shaped::try_where(&yes, &x, &zero).unwrap(), x);
}

#[test]
fn clip_matches_numpy() {
    for c in cases("clip", 30) {
        let t = input(c);
        let v = pre(c, t.view());
        let a = args(c);
        let (lo, hi) = (a[0] as i64, a[1] as i64);
        check_tensor(c, Ok(v.clip(lo, hi)));
        let mut m = v.to_tensor();
        check_tensor(c, Ok(m.clip(lo, hi)));
        check_tensor(c, Ok(m.view_mut().clip(lo, hi)));
    }
    // numpy's NaN rule: a NaN element or bound gives NaN; lo > hi gives hi.
    let f = DynTensor::from_shape_vec(&[3], vec![f64::NAN, 0.5, 7.0]).unwrap();
    let got = f.clip(0.0, 1.0);
    assert!(got[&[0]].is_nan());
    assert_eq!(&got.as_slice()[1..], [0.5, 1.0]);
    assert!(f.clip(f64::NAN, 1.0).iter().all(|x| x.is_nan()));
    assert!(f.clip(0.0, f64::NAN).iter().all(|x| x.is_nan()));
    assert_eq!(f.clip(3.0, 2.0).as_slice()[1..], [2.0, 2.0]);
    // Any PartialOrd element: strings too, and the static tensors.
    let words = DynTensor::from_shape_vec(&[3], vec!["b", "z", "a"]).unwrap();
    assert_eq!(words.clip("b", "m").as_slice(), ["b", "m", "b"]);
    let s = shaped::tensor![[-3, 0], [4, 9]];
    assert_eq!(s.clip(0, 5), shaped::tensor![[0, 0], [4, 5]]);
    assert_eq!(s.view().clip(0, 5).as_slice(), [0, 0, 4, 5]);
}

/// numpy's basic indexing entries of a `slice` case: `start:stop:step` (`_` omitted) or an
/// integer.
fn entries(c: &Case<'_>) -> Vec<SliceEntry> {
    let bound = |b: &str| (b != "_").then(|| b.parse::<isize>().unwrap());
    c.get("args")
        .split_whitespace()
        .map(|e| match e.split(':').collect::<Vec<_>>()[..] {
            [i] => SliceEntry::Index(i.parse().unwrap()),
            [a, b, st] => Slice::new(bound(a), bound(b), bound(st)).into(),
            _ => panic!("{}: entry {e}", c.title),
        })
        .collect()
}

#[test]
fn integer_entries_in_slices_match_numpy() {
    for c in cases("slice", 40) {
        let mut t = input(c);
        let v = pre(c, t.view());
        let list = entries(c);
        let got = v.try_slice(&list).map(|w| w.to_tensor());
        check_tensor(c, got);
        if c.get("pre") == "none" {
            check_tensor(c, t.try_slice(&list).map(|w| w.to_tensor()));
            check_tensor(c, t.try_slice_mut(&list).map(|w| w.to_tensor()));
        }
    }
    // The macro's forms: `s![.., 4]` is a column, `s![-1, ..]` the last row, and an index
    // composes with steps; writes go through the mutable form.
    let mut t = DynTensor::from_fn(&[3, 5], |i| (10 * i[0] + i[1]) as i64);
    assert_eq!(t.try_slice(&s![.., 4]).unwrap().to_vec(), [4, 14, 24]);
    assert_eq!(
        t.try_slice(&s![-1, ..]).unwrap().to_vec(),
        [20, 21, 22, 23, 24]
    );
    assert_eq!(t.try_slice(&s![-1]).unwrap().shape(), [5]);
    assert_eq!(t.try_slice(&s![..;-1, -2]).unwrap().to_vec(), [23, 13, 3]);
    let corner = t.try_slice(&s![2, 4]).unwrap();
    assert_eq!((corner.shape(), corner.to_vec()), (&[][..], vec![24]));
    t.try_slice_mut(&s![1, 1..;2])
        .unwrap()
        .map_inplace(|x| *x = -*x);
    assert_eq!(
        t.try_slice(&s![1]).unwrap().to_vec(),
        [10, -11, 12, -13, 14]
    );
    let col = 3usize;
    assert_eq!(
        t.view().try_slice(&s![.., col]).unwrap().to_vec(),
        [3, -13, 23]
    );
    // Out of range, either side: an Index error naming the axis.
    for bad in [s![3, ..], s![-4, ..]] {
        let err = t.try_slice(&bad).unwrap_err();
        assert!(
            matches!(err, ShapeError::Index { axis: Some(0), .. }),
            "{err}"
        );
    }
    assert!(matches!(
        t.try_slice(&s![.., 5]),
        Err(ShapeError::Index {
            index: 5,
            axis: Some(1),
            ..
        })
    ));
    // Plain Slices (a Vec of them too) still work, and no entries is the whole view.
    let rev = vec![Slice::new(None, None, Some(-1)); 2];
    assert_eq!(t.try_slice(&rev).unwrap().shape(), [3, 5]);
    assert_eq!(t.try_slice(&s![]).unwrap().shape(), [3, 5]);
}

#[test]
fn fixtures_cover_every_function_error_and_rank() {
    for name in [
        "display",
        "outer_iter",
        "axis_iter",
        "lanes",
        "axis_chunks",
        "windows",
        "index_axis",
        "split",
        "split_equal",
        "array_split",
        "take",
        "compress",
        "cumsum",
        "cumprod",
        "var",
        "mean",
        "median",
        "std",
        "concatenate",
        "stack",
        "arange",
        "linspace",
        "eye",
        "take_along_axis",
        "where",
        "clip",
        "slice",
    ] {
        assert!(FIXTURES.contains(&format!("fn {name}\n")), "{name}");
    }
    for err in [
        "Axis",
        "RepeatedAxis",
        "Index",
        "ChunkSize",
        "Sections",
        "Window",
        "JoinShape",
        "EmptyJoin",
        "ArangeStep",
        "IndicesRank",
        "Incompatible",
        "TooManySlices",
        "SliceStep",
    ] {
        assert!(FIXTURES.contains(&format!("err {err}\n")), "{err}");
    }
    // Empty results, negative axes, every input rank 0-5.
    assert!(
        FIXTURES
            .lines()
            .any(|l| l.starts_with("out ") && l.ends_with("| "))
    );
    assert!(FIXTURES.lines().any(|l| l.starts_with("args -")));
    for rank in 0..=5 {
        assert!(
            FIXTURES
                .lines()
                .filter_map(|l| l.strip_prefix("shape"))
                .any(|s| s.split_whitespace().count() == rank),
            "rank {rank}"
        );
    }
}

/// Extents whose product overflows `usize` beside an axis of extent 0 (a broadcast view): an
/// empty result, never an arithmetic overflow (found by fuzzing).
#[test]
fn huge_extents_beside_an_empty_axis_give_empty_results() {
    let z = shaped::DynTensor::<f32>::zeros(&[0]);
    let v = z.view().try_broadcast_to(&[usize::MAX, 2, 0]).unwrap();
    assert_eq!(v.try_var(&[0, 1][..], 0, false).unwrap().len(), 0);
    assert_eq!(v.try_take(&[0, 1], Some(1)).unwrap().len(), 0);
    assert_eq!(
        v.try_compress(&[true], Some(2))
            .map(|t| t.len())
            .unwrap_or(0),
        0
    );
    assert_eq!(v.try_cumsum(Some(0)).unwrap().len(), 0);
}

/// Joined extents past `usize` (two vast, empty broadcast views) are an error, not an overflow
/// (found by fuzzing).
#[test]
fn a_joined_extent_past_usize_is_an_error() {
    let z = shaped::DynTensor::<f32>::zeros(&[0]);
    let v = z.view().try_broadcast_to(&[usize::MAX, 0]).unwrap();
    let err = shaped::try_concatenate(&[v.clone(), v], 0).unwrap_err();
    assert!(matches!(err, shaped::ShapeError::Overflow { .. }), "{err}");
}
