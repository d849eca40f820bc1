//! The dynamic view operations against numpy: `tests/fixtures/views.txt`, made by
//! `scripts/gen_view_fixtures.py` (see its header for the format). Each case starts from
//! `arange(n).reshape(shape)`, maybe makes it a strided view first (reversed, transposed, sliced,
//! a diagonal), applies one operation and compares the shape and every element in logical order,
//! or the error. Every view is also read through the planner (`try_add`, `to_tensor`) and through
//! its iterator, so negative and zero strides go through the kernels too.

use shaped::{Axes, DynTensor, DynView, ShapeError, Slice};

#[path = "common/fixture_text.rs"]
mod fixture_text;
#[path = "common/skips.rs"]
mod skips;

use fixture_text::nums;

fixtures!("views.txt");

/// Miri's sample: one case in this many (the planner and kernels are the same for all).
const MIRI_STEP: usize = 10;

#[cfg(not(miri))]
#[test]
fn miri_sample_is_up_to_date() {
    fixture_text::check_numbered_sample("views.txt", FIXTURES, &["case"], MIRI_STEP);
}

fn bound(s: &str) -> Option<isize> {
    (s != "_").then(|| s.parse().unwrap())
}

/// The `start:stop:step` entries of a `slice` op line (`_` is an omitted bound).
fn slices(rest: &str) -> Vec<Slice> {
    rest.split_whitespace()
        .map(|e| {
            let p: Vec<&str> = e.split(':').collect();
            Slice::new(bound(p[0]), bound(p[1]), bound(p[2]))
        })
        .collect()
}

/// The variant's name, as the fixtures write it.
fn variant(e: &ShapeError) -> &'static str {
    match e {
        ShapeError::Axis { .. } => "Axis",
        ShapeError::RepeatedAxis { .. } => "RepeatedAxis",
        ShapeError::Permutation { .. } => "Permutation",
        ShapeError::SliceStep { .. } => "SliceStep",
        ShapeError::TooManySlices { .. } => "TooManySlices",
        ShapeError::Squeeze { .. } => "Squeeze",
        ShapeError::ReshapeSize { .. } => "ReshapeSize",
        ShapeError::ReshapeTarget { .. } => "ReshapeTarget",
        ShapeError::ReshapeCopy { .. } => "ReshapeCopy",
        ShapeError::NotBroadcastableTo { .. } => "NotBroadcastableTo",
        ShapeError::OutOfBounds { .. } => "OutOfBounds",
        other => panic!("unexpected error {other:?}"),
    }
}

/// One op line applied to `v`; `buffer` backs the `strided` op.
fn apply<'a>(
    v: &DynView<'a, i64>,
    line: &str,
    buffer: &'a [i64],
) -> Result<DynView<'a, i64>, ShapeError> {
    let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
    let ints = || nums::<isize>(rest);
    match kind {
        "t" => Ok(v.t()),
        "permute" => v.try_permute(&ints()),
        "swap" => v.try_swap_axes(ints()[0], ints()[1]),
        "move" => v.try_move_axis(ints()[0], ints()[1]),
        "slice" => v.try_slice(&slices(rest)),
        "diagonal" => {
            let a = ints();
            v.try_diagonal(a[0], a[1], a[2])
        }
        "squeeze" if rest == "all" => v.try_squeeze(Axes::All),
        "squeeze" => v.try_squeeze(ints().as_slice()),
        "unsqueeze" => v.try_unsqueeze(ints()[0]),
        "reshape" => v.try_reshape(&ints()),
        "broadcast" => v.try_broadcast_to(&nums::<usize>(rest)),
        "strided" => {
            let (head, strides) = rest.split_once('/').unwrap();
            let head = nums::<usize>(head);
            let (len, offset, dims) = (head[0], head[1], &head[2..]);
            DynView::try_as_strided(&buffer[..len], dims, &nums::<isize>(strides), offset)
        }
        other => panic!("unknown op {other}"),
    }
}

/// The view's elements read four ways, which must agree (the iterator also by skipping: `nth`
/// adds to the multi-index with carries instead of stepping).
fn read(v: &DynView<'_, i64>) -> Vec<i64> {
    let direct = v.to_vec();
    assert_eq!(v.iter().copied().collect::<Vec<_>>(), direct, "iterator");
    skips::skips_agree(v.iter());
    assert_eq!(v.to_tensor().to_vec(), direct, "to_tensor");
    let zero = DynTensor::<i64>::zeros(&[1]);
    assert_eq!(v.try_add(&zero).unwrap().to_vec(), direct, "planned zip");
    direct
}

#[test]
fn every_view_fixture_matches() {
    let buffer: Vec<i64> = (0..64).collect();
    let mut checked = 0;
    for block in fixture_text::blocks(FIXTURES)
        .iter()
        .filter(|b| b.contains("case "))
    {
        let line = |key: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(key))
                .unwrap_or_else(|| panic!("no `{key}` in {block}"))
        };
        let id: usize = line("case ").trim().parse().unwrap();
        let shape = nums::<usize>(line("shape"));
        let t = DynTensor::from_fn(&shape, |i| {
            i.iter()
                .zip(&shape)
                .fold(0i64, |acc, (&x, &d)| acc * d as i64 + x as i64)
        });
        let base = t.view();
        let pre = line("pre ");
        let start = if pre == "none" {
            base
        } else {
            apply(&base, pre, &buffer).unwrap_or_else(|e| panic!("case {id}: pre {pre}: {e}"))
        };
        let op = line("op ");
        let got = apply(&start, op, &buffer);
        let ctx = format!("case {id}: shape {shape:?}, pre {pre}, op {op}");
        match block.lines().find_map(|l| l.strip_prefix("err ")) {
            Some(want) => {
                let e = got
                    .err()
                    .unwrap_or_else(|| panic!("{ctx}: expected {want}"));
                assert_eq!(variant(&e), want, "{ctx}: {e}");
                assert!(!e.to_string().is_empty());
            }
            None => {
                let v = got.unwrap_or_else(|e| panic!("{ctx}: {e}"));
                let (dims, values) = line("out").split_once('|').unwrap();
                assert_eq!(v.shape(), nums::<usize>(dims), "{ctx}: shape");
                assert_eq!(read(&v), nums::<i64>(values), "{ctx}: values");
            }
        }
        checked += 1;
    }
    assert!(
        checked >= if cfg!(miri) { 40 } else { 400 },
        "{checked} cases"
    );
}

#[test]
fn fixtures_cover_every_op_and_error() {
    for op in [
        "op t",
        "op permute",
        "op swap",
        "op move",
        "op slice",
        "op diagonal",
        "op squeeze",
        "op unsqueeze",
        "op reshape",
        "op broadcast",
        "op strided",
    ] {
        assert!(FIXTURES.matches(op).count() >= 10, "{op}");
    }
    for err in [
        "Axis",
        "RepeatedAxis",
        "Permutation",
        "SliceStep",
        "TooManySlices",
        "Squeeze",
        "ReshapeSize",
        "ReshapeCopy",
        "NotBroadcastableTo",
        "OutOfBounds",
    ] {
        assert!(FIXTURES.contains(&format!("err {err}\n")), "{err}");
    }
    // Negative steps, empty results, every rank 0-6.
    assert!(FIXTURES.contains(":-1\n") || FIXTURES.contains(":-1 "));
    assert!(
        FIXTURES
            .lines()
            .any(|l| l.starts_with("out ") && l.ends_with("| "))
    );
    for rank in 0..=6 {
        assert!(
            FIXTURES
                .lines()
                .filter_map(|l| l.strip_prefix("shape"))
                .any(|s| s.split_whitespace().count() == rank),
            "rank {rank}"
        );
    }
}

#[test]
fn element_wise_methods_on_views_of_any_strides() {
    let t = DynTensor::from_fn(&[3, 4], |i| (10 * i[0] + i[1]) as i64);
    let rev = t.try_slice(&shaped::s![..;-1, ..;-2]).unwrap(); // t[::-1, ::-2], shape [3, 2]
    assert_eq!(rev.to_vec(), [23, 21, 13, 11, 3, 1]);
    // A view as the receiver and as the argument, broadcasting a transposed column.
    let col = DynTensor::from_shape_vec(&[1, 3], vec![100i64, 200, 300]).unwrap();
    let sum = rev.try_add(&col.t()).unwrap(); // [3, 2] + [3, 1]
    assert_eq!(sum.to_vec(), [123, 121, 213, 211, 303, 301]);
    let prod = rev.try_zip_map(&rev, |x, y| x * y).unwrap();
    assert_eq!(prod.to_vec(), [529, 441, 169, 121, 9, 1]);
    // `_into` a mutable view, `_assign` from a reversed view.
    let mut out = DynTensor::<i64>::zeros(&[3, 2]);
    rev.try_add_into(&rev, &mut out.view_mut()).unwrap();
    assert_eq!(out.to_vec(), [46, 42, 26, 22, 6, 2]);
    out.view_mut().try_sub_assign(&rev).unwrap();
    assert_eq!(out.to_vec(), rev.to_vec());
    let mut m = out.view_mut();
    assert!(m.try_add_assign(&t).is_err()); // [3, 4] does not fit [3, 2]
    assert_eq!(m.try_mul(&rev).unwrap().to_vec(), prod.to_vec());
}

/// One op line applied to a mutable view (the operations that keep positions distinct).
fn apply_mut<'a>(
    v: &'a mut shaped::DynViewMut<'_, i64>,
    line: &str,
) -> Option<shaped::DynViewMut<'a, i64>> {
    let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
    let ints = || nums::<isize>(rest);
    let r = match kind {
        "t" => Ok(v.t_mut()),
        "permute" => v.try_permute_mut(&ints()),
        "swap" => v.try_swap_axes_mut(ints()[0], ints()[1]),
        "move" => v.try_move_axis_mut(ints()[0], ints()[1]),
        "slice" => v.try_slice_mut(&slices(rest)),
        "diagonal" => {
            let a = ints();
            v.try_diagonal_mut(a[0], a[1], a[2])
        }
        "squeeze" if rest == "all" => v.try_squeeze_mut(Axes::All),
        "squeeze" => v.try_squeeze_mut(ints().as_slice()),
        "unsqueeze" => v.try_unsqueeze_mut(ints()[0]),
        "reshape" => v.try_reshape_mut(&ints()),
        _ => return None, // broadcast, as_strided: read-only
    };
    Some(r.expect("the read-only twin succeeded"))
}

/// Every fixture case whose operations can be mutable: writing through the mutable view changes
/// exactly the elements numpy's view reads (the input is `arange`, so each value read is its own
/// position), by `map_inplace`, an in-place add, or an `_into`, in turn.
#[test]
fn mutable_views_write_where_numpy_reads() {
    let mut checked = 0;
    for block in fixture_text::blocks(FIXTURES)
        .iter()
        .filter(|b| b.contains("case ") && b.contains("\nout "))
    {
        let line = |key: &str| block.lines().find_map(|l| l.strip_prefix(key)).unwrap();
        let id: usize = line("case ").trim().parse().unwrap();
        let shape = nums::<usize>(line("shape"));
        let mut t = DynTensor::from_fn(&shape, |i| {
            i.iter()
                .zip(&shape)
                .fold(0i64, |acc, (&x, &d)| acc * d as i64 + x as i64)
        });
        let (pre, op) = (line("pre "), line("op "));
        let read: Vec<i64> = nums(line("out").split_once('|').unwrap().1);
        {
            let mut base = t.view_mut();
            let mut first;
            let start = if pre == "none" {
                &mut base
            } else {
                match apply_mut(&mut base, pre) {
                    Some(v) => {
                        first = v;
                        &mut first
                    }
                    None => continue,
                }
            };
            let Some(mut v) = apply_mut(start, op) else {
                continue;
            };
            match id % 3 {
                0 => v.map_inplace(|x| *x += 1000),
                1 => v.try_add_assign(&DynTensor::scalar(1000i64)).unwrap(),
                _ => {
                    let before = v.view().to_tensor();
                    DynTensor::scalar(1000i64)
                        .try_zip_map_into(&before, &mut v, |s, x| s + x)
                        .unwrap()
                }
            }
        }
        let n = t.len() as i64;
        for (k, &x) in t.as_slice().iter().enumerate() {
            let k = k as i64;
            let want = if read.contains(&k) { k + 1000 } else { k };
            assert_eq!(x, want, "case {id}: pre {pre}, op {op}: element {k} of {n}");
        }
        checked += 1;
    }
    assert!(
        checked >= if cfg!(miri) { 20 } else { 200 },
        "{checked} cases"
    );
}

#[test]
fn the_view_methods_exist_on_all_three_types() {
    let mut t = DynTensor::from_fn(&[2, 3], |i| (10 * i[0] + i[1]) as i64);
    let want_t = [0, 10, 1, 11, 2, 12];
    assert_eq!(t.t().to_vec(), want_t);
    assert_eq!(t.view().t().to_tensor().to_vec(), want_t);
    let mut m = t.view_mut();
    assert_eq!(m.t().to_vec(), want_t);
    assert_eq!(m.t_mut().to_vec(), want_t);
    assert_eq!(m.t_mut().to_tensor().shape(), &[3, 2]);
    assert!(m.is_standard_layout() && !m.t_mut().is_standard_layout());
    assert_eq!(m.t_mut().as_slice(), None);
    assert_eq!(m.as_slice().map(|s| s.len()), Some(6));
    *m.t_mut().get_mut(&[2, 1]).unwrap() = 99;
    assert_eq!(t.get(&[1, 2]), Some(&99));
    // A view of a view lives as long as the data, not the view it came from.
    fn transposed(t: &DynTensor<i64>) -> DynView<'_, i64> {
        t.view().t()
    }
    assert_eq!(transposed(&t).shape(), &[3, 2]);
}

#[test]
fn empty_views_whose_offset_lies_past_the_data_read_as_empty() {
    // Found by `cargo xtask fuzz` (views): an empty view may start anywhere, even past the end
    // of its data; reading it must give nothing, not index out of range.
    let data = [1.0f32, 2.0];
    let v = shaped::DynView::try_as_strided(&data, &[0, 3], &[1, 1], 7).unwrap();
    assert_eq!(v.as_slice(), Some(&[][..]));
    assert_eq!(v.to_vec(), Vec::<f32>::new());
    let u = v.try_unique_consecutive(None).unwrap();
    assert!(u.values.is_empty() && u.counts.is_empty());
    // As an operand (found by the `operations` target): the packed loop starts at the offset.
    let w = shaped::DynView::try_as_strided(&data, &[2, 0], &[1, 1], 51).unwrap();
    assert_eq!(w.try_add(&w).unwrap().shape(), &[2, 0]);
    let row = shaped::DynView::try_as_strided(&data, &[1, 0], &[-3, 5], 99).unwrap();
    assert_eq!(w.try_add(&row).unwrap().shape(), &[2, 0]);
    assert_eq!(
        row.try_mul(&shaped::tensor![2.0f32]).unwrap().shape(),
        &[1, 0]
    );
    let mut t = shaped::DynTensor::<f32>::zeros(&[2]);
    let mut w = t.try_slice_mut(&shaped::s![..]).unwrap();
    assert_eq!(w.as_mut_slice().map(|s| s.len()), Some(2));
}

/// Writes through transposed, permuted and reversed destinations (walked in memory order since
/// issue 23) against the same values placed element by element.
#[test]
fn writes_through_permuted_and_reversed_destinations() {
    for (r, c) in [(1, 1), (2, 3), (9, 17), (16, 8), (33, 5)] {
        let src = DynTensor::from_fn(&[c, r], |i| (100 * i[0] + i[1]) as i64);
        // dst.t_mut() = src: dst[i][j] = src[j][i].
        let mut dst = DynTensor::<i64>::zeros(&[r, c]);
        dst.t_mut().try_zip_assign(&src, |o, x| *o = x).unwrap();
        let want: Vec<i64> = (0..r * c).map(|k| (100 * (k % c) + k / c) as i64).collect();
        assert_eq!(dst.to_vec(), want, "[{r}, {c}] transposed");
        // += through the transpose with a broadcast row: dst[i][j] += 1000 * i.
        let row = DynTensor::from_fn(&[r], |i| 1000 * i[0] as i64);
        dst.t_mut().try_add_assign(&row).unwrap();
        let want: Vec<i64> = want
            .iter()
            .enumerate()
            .map(|(k, v)| v + 1000 * (k / c) as i64)
            .collect();
        assert_eq!(dst.to_vec(), want, "[{r}, {c}] += through a transpose");
        // A sum into a transposed destination (the zip path).
        let mut out = DynTensor::<i64>::zeros(&[r, c]);
        src.try_add_into(&src, &mut out.t_mut()).unwrap();
        let twice: Vec<i64> = (0..r * c)
            .map(|k| 2 * (100 * (k % c) + k / c) as i64)
            .collect();
        assert_eq!(out.to_vec(), twice, "[{r}, {c}] sum into a transpose");
    }
    // Reversed axes: dst[::-1, ::-1] = src.
    let src = DynTensor::from_fn(&[3, 4], |i| (10 * i[0] + i[1]) as i64);
    let mut dst = DynTensor::<i64>::zeros(&[3, 4]);
    dst.view_mut()
        .try_slice_mut(&shaped::s![..;-1, ..;-1])
        .unwrap()
        .try_zip_assign(&src, |o, x| *o = x)
        .unwrap();
    let want: Vec<i64> = (0..12)
        .rev()
        .map(|k| (10 * (k / 4) + k % 4) as i64)
        .collect();
    assert_eq!(dst.to_vec(), want);
    // A rank-3 permutation with a reversed axis and a broadcast operand.
    let mut dst = DynTensor::<i64>::zeros(&[2, 3, 4]);
    let mut p = dst.try_permute_mut(&[2, 0, 1]).unwrap(); // [4, 2, 3]
    let mut p = p.try_slice_mut(&shaped::s![..;-1]).unwrap();
    p.try_zip_assign(
        DynTensor::from_fn(&[4, 1, 3], |i| (100 * i[0] + i[2]) as i64),
        |o, x| *o = x,
    )
    .unwrap();
    // p[a, b, c] = dst[b, c, 3 - a] = 100 a + c.
    let want: Vec<i64> = (0..24)
        .map(|k| {
            let (c, last) = (k / 4 % 3, k % 4);
            (100 * (3 - last) + c) as i64
        })
        .collect();
    assert_eq!(dst.to_vec(), want);
}

/// `x.t() + y` against a plain loop, for shapes with and without whole tiles and bands of the
/// transposed kernel (8 x 8 tiles, bands of 64 columns), four-byte elements (the AVX2 build's
/// transposing shuffles) and others. Each case runs several times: the AVX2 build takes only
/// outputs on a 32-byte boundary, which a fresh allocation may or may not be.
#[test]
fn transposed_operand_matches_a_plain_loop() {
    fn check<T>(rows: usize, cols: usize, make: impl Fn(usize) -> T)
    where
        T: Copy + PartialEq + core::fmt::Debug + core::ops::Add<Output = T> + Send + Sync,
    {
        // `x` is [cols, rows], so `x.t()` is [rows, cols], read down x's columns.
        let x = DynTensor::from_shape_vec(&[cols, rows], (0..rows * cols).map(&make).collect())
            .unwrap();
        let y = DynTensor::from_shape_vec(
            &[rows, cols],
            (0..rows * cols).map(|i| make(i * 7 + 3)).collect(),
        )
        .unwrap();
        // Under Miri, which runs the portable build only, once.
        for _ in 0..if cfg!(miri) { 1 } else { 8 } {
            let got = x.t().try_add(&y).unwrap();
            assert_eq!(got.shape(), &[rows, cols]);
            for i in 0..rows {
                for j in 0..cols {
                    let want = x.as_slice()[j * rows + i] + y.as_slice()[i * cols + j];
                    assert_eq!(
                        got.as_slice()[i * cols + j],
                        want,
                        "[{i}, {j}] of {rows}x{cols}"
                    );
                }
            }
        }
    }
    let shapes: &[(usize, usize)] = if cfg!(miri) {
        &[(8, 8), (9, 70), (17, 7)]
    } else {
        &[(8, 8), (16, 64), (24, 136), (37, 70), (9, 200), (64, 7)]
    };
    for &(rows, cols) in shapes {
        check(rows, cols, |i| i as f32 * 0.5);
        check(rows, cols, |i| i as i32 - 40);
        check(rows, cols, |i| (i % 251) as u8 / 2);
        check(rows, cols, |i| i as f64);
    }
}
