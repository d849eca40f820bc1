//! `shaped::ncnn` against an independent reference: a transcription, in ncnn's own terms, of what
//! ncnn's `BinaryOp::forward` does (`src/layer/binaryop.cpp`: the reshape of the lower-rank
//! operand, then the loop that clamps the outer indices and steps the innermost one), run on the
//! shape pairs of ncnn's documentation and tests, transcribed below with their source named.
//!
//! Shapes in the data are written as their source writes them: ncnn's `[w, h, d, c]` (innermost
//! first) for ncnn's files, torch's order (outermost first) for pnnx's Python tests.

use shaped::{DynTensor, ShapeError, ncnn};

/// The reference: ncnn's `Mat` shape and `BinaryOp::forward`, in ncnn's terms.
mod reference {
    /// An ncnn `Mat`'s shape: `dims` axes, unused ones 1.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Mat {
        pub dims: usize,
        pub w: usize,
        pub h: usize,
        pub d: usize,
        pub c: usize,
    }

    impl Mat {
        /// ncnn's `Mat(w)`, `Mat(w, h)`, `Mat(w, h, c)`, `Mat(w, h, d, c)`.
        pub fn new(ncnn: &[usize]) -> Mat {
            let at = |i: usize| ncnn.get(i).copied().unwrap_or(1);
            match ncnn.len() {
                3 => Mat {
                    dims: 3,
                    w: at(0),
                    h: at(1),
                    d: 1,
                    c: at(2),
                },
                n => Mat {
                    dims: n,
                    w: at(0),
                    h: at(1),
                    d: at(2),
                    c: at(3),
                },
            }
        }

        /// From a numpy-order shape (outermost first); a scalar is ncnn's `[1]`.
        pub fn from_numpy(shape: &[usize]) -> Mat {
            if shape.is_empty() {
                return Mat::new(&[1]);
            }
            let ncnn: Vec<usize> = shape.iter().rev().copied().collect();
            Mat::new(&ncnn)
        }

        /// The shape in numpy order.
        pub fn numpy(&self) -> Vec<usize> {
            match self.dims {
                1 => vec![self.w],
                2 => vec![self.h, self.w],
                3 => vec![self.c, self.h, self.w],
                _ => vec![self.c, self.d, self.h, self.w],
            }
        }

        fn len(&self) -> usize {
            self.w * self.h * self.d * self.c
        }
    }

    /// `forward`'s "expand inner axes": the lower-rank operand `a` reshaped against `b`.
    fn expand(a: Mat, b: Mat, outdims: usize) -> Mat {
        if a.dims >= outdims {
            return a;
        }
        match (outdims, a.dims) {
            (2, _) if a.w == b.h => Mat::new(&[1, a.w]),
            (2, _) => Mat::new(&[a.w, 1]),
            (3, 1) if a.w == b.c => Mat::new(&[1, 1, a.w]),
            (3, 1) => Mat::new(&[a.w, 1, 1]),
            (3, 2) => Mat::new(&[1, a.w, a.h]),
            (4, 1) if a.w == b.c => Mat::new(&[1, 1, 1, a.w]),
            (4, 1) => Mat::new(&[a.w, 1, 1, 1]),
            (4, 2) => Mat::new(&[1, 1, a.w, a.h]),
            (4, 3) => Mat::new(&[1, a.w, a.h, a.c]),
            other => unreachable!("no ncnn expansion for {other:?}"),
        }
    }

    /// ncnn's result for `a op b`: the output `Mat` and its elements, or, where ncnn would
    /// read out of bounds or repeat a row, the innermost clashing axis in numpy order.
    pub fn forward(
        a: Mat,
        b: Mat,
        da: &[f64],
        db: &[f64],
        op: impl Fn(f64, f64) -> f64,
    ) -> Result<(Mat, Vec<f64>), usize> {
        let outdims = a.dims.max(b.dims);
        let (a, b) = (expand(a, b, outdims), expand(b, a, outdims));
        // Axes innermost first, as ncnn's validation would meet them; `d` exists only in 4-D.
        let axes = [(a.w, b.w), (a.h, b.h), (a.d, b.d), (a.c, b.c)];
        let present: &[usize] = match outdims {
            1 => &[0],
            2 => &[0, 1],
            3 => &[0, 1, 3],
            _ => &[0, 1, 2, 3],
        };
        for (inner, &k) in present.iter().enumerate() {
            let (x, y) = axes[k];
            if x != y && x != 1 && y != 1 {
                return Err(outdims - 1 - inner);
            }
        }
        let out = Mat {
            dims: outdims,
            w: a.w.max(b.w),
            h: a.h.max(b.h),
            d: a.d.max(b.d),
            c: a.c.max(b.c),
        };
        let row = |m: &Mat, q: usize, z: usize, y: usize| {
            let (q, z, y) = (q.min(m.c - 1), z.min(m.d - 1), y.min(m.h - 1));
            ((q * m.d + z) * m.h + y) * m.w
        };
        let mut data = Vec::with_capacity(out.len());
        for q in 0..out.c {
            for z in 0..out.d {
                for y in 0..out.h {
                    let (ra, rb) = (row(&a, q, z, y), row(&b, q, z, y));
                    let (ia, ib) = (usize::from(a.w > 1), usize::from(b.w > 1));
                    for x in 0..out.w {
                        data.push(op(da[ra + x * ia], db[rb + x * ib]));
                    }
                }
            }
        }
        Ok((out, data))
    }
}

use reference::Mat;

/// Distinct values, so a wrong pairing shows: `a` counts from 1, `b` in thousands.
fn operands(a: &[usize], b: &[usize]) -> (DynTensor<f64>, DynTensor<f64>) {
    let n = |s: &[usize]| s.iter().product::<usize>();
    let da = (1..=n(a)).map(|i| i as f64).collect();
    let db = (1..=n(b)).map(|i| 1000.0 * i as f64).collect();
    (
        DynTensor::from_shape_vec(a, da).unwrap(),
        DynTensor::from_shape_vec(b, db).unwrap(),
    )
}

/// The numpy-order shape both operands have together, per the reference; `Err(axis)` where
/// ncnn would misread.
fn expected_shape(a: &[usize], b: &[usize]) -> Result<Vec<usize>, usize> {
    if a.is_empty() && b.is_empty() {
        return Ok(vec![]);
    }
    let (ma, mb) = (Mat::from_numpy(a), Mat::from_numpy(b));
    let ones = |m: Mat| vec![1.0; m.numpy().iter().product()];
    reference::forward(ma, mb, &ones(ma), &ones(mb), |x, y| x + y).map(|(m, _)| m.numpy())
}

/// Checks one pair (numpy order), both ways round: shapes, the error, and with `values` every
/// operation's elements and the numpy route through [`ncnn::expand_shapes`].
fn check(a: &[usize], b: &[usize], values: bool, source: &str) {
    check_one(a, b, values, source);
    check_one(b, a, values, source);
}

fn check_one(a: &[usize], b: &[usize], values: bool, source: &str) {
    let ctx = format!("{a:?} with {b:?} ({source})");
    let got = ncnn::broadcast_shapes(a, b);
    match expected_shape(a, b) {
        Err(axis) => {
            match &got {
                Err(ShapeError::NcnnMismatch { axis: found, .. }) => {
                    assert_eq!(*found, axis, "{ctx}: the clashing axis")
                }
                other => panic!("{ctx}: expected NcnnMismatch on axis {axis}, got {other:?}"),
            }
            assert!(ncnn::expand_shapes(a, b).is_err(), "{ctx}");
            let (x, y) = operands(a, b);
            assert!(
                matches!(ncnn::try_add(&x, &y), Err(ShapeError::NcnnMismatch { .. })),
                "{ctx}"
            );
        }
        Ok(shape) => {
            assert_eq!(got.as_deref(), Ok(&shape[..]), "{ctx}");
            if values {
                check_values(a, b, &shape, &ctx);
            }
        }
    }
}

fn check_values(a: &[usize], b: &[usize], shape: &[usize], ctx: &str) {
    let (x, y) = operands(a, b);
    let (ma, mb) = (Mat::from_numpy(a), Mat::from_numpy(b));
    type Op = fn(f64, f64) -> f64;
    let ops: [(&str, Op); 4] = [
        ("add", |p, q| p + q),
        ("sub", |p, q| p - q),
        ("mul", |p, q| p * q),
        ("div", |p, q| p / q),
    ];
    for (name, op) in ops {
        let (_, want) = reference::forward(ma, mb, x.as_slice(), y.as_slice(), op).unwrap();
        let got = match name {
            "add" => ncnn::try_add(&x, &y),
            "sub" => ncnn::try_sub(&x, &y),
            "mul" => ncnn::try_mul(&x, &y),
            _ => ncnn::try_div(&x, &y),
        }
        .unwrap();
        assert_eq!(got.shape(), shape, "{ctx}: {name}'s shape");
        assert_eq!(got.to_vec(), want, "{ctx}: {name}");
    }
    // The pairing itself, element by element.
    let pairs = ncnn::try_zip_map(&x, &y, |p, q| (p, q)).unwrap();
    let (_, left) = reference::forward(ma, mb, x.as_slice(), y.as_slice(), |p, _| p).unwrap();
    let (_, right) = reference::forward(ma, mb, x.as_slice(), y.as_slice(), |_, q| q).unwrap();
    let want: Vec<(f64, f64)> = left.into_iter().zip(right).collect();
    assert_eq!(pairs.to_vec(), want, "{ctx}: pairing");
    // numpy's rule on the expanded shapes gives ncnn's answer.
    let (ea, eb) = ncnn::expand_shapes(a, b).unwrap();
    let xa = DynTensor::from_shape_vec(&ea, x.to_vec()).unwrap();
    let yb = DynTensor::from_shape_vec(&eb, y.to_vec()).unwrap();
    let (_, sum) = reference::forward(ma, mb, x.as_slice(), y.as_slice(), |p, q| p + q).unwrap();
    assert_eq!(
        xa.try_add(&yb).unwrap().to_vec(),
        sum,
        "{ctx}: numpy on {ea:?}, {eb:?}"
    );
}

/// Whether to check values for a pair: always, but under Miri (`cargo xtask miri`) only for
/// operands of up to 24 elements (the same code on fewer elements; the shapes are all checked).
fn values_for(a: &[usize], b: &[usize]) -> bool {
    let n = |s: &[usize]| s.iter().product::<usize>();
    !cfg!(miri) || n(a).max(n(b)) <= 24
}

/// An ncnn-order shape (`[w, h, d, c]`) in numpy order.
fn np(ncnn: &[usize]) -> Vec<usize> {
    ncnn.iter().rev().copied().collect()
}

/// Every shape with each extent either its full value or 1 (the `bw = j % 2 == 0 ? w : 1`
/// loops of ncnn's tests), ncnn order.
fn with_unit_axes(full: &[usize]) -> Vec<Vec<usize>> {
    (0..1usize << full.len())
        .map(|mask| {
            full.iter()
                .enumerate()
                .map(|(i, &e)| if mask >> i & 1 == 0 { e } else { 1 })
                .collect()
        })
        .collect()
}

type DocRow = (
    &'static [usize],
    &'static [&'static [usize]],
    &'static [usize],
);

/// ncnn `docs/developer-guide/binaryop-broadcasting.md`: its table, `A`, the `B`s of the row,
/// `C`, ncnn order (`[]` is the scalar).
const DOC_TABLE: &[DocRow] = &[
    // binaryop with scalar and scalar-like
    (&[2], &[&[], &[1]], &[2]),
    (&[2, 3], &[&[], &[1], &[1, 1]], &[2, 3]),
    (&[2, 3, 4], &[&[], &[1], &[1, 1], &[1, 1, 1]], &[2, 3, 4]),
    (
        &[2, 3, 4, 5],
        &[&[], &[1], &[1, 1], &[1, 1, 1], &[1, 1, 1, 1]],
        &[2, 3, 4, 5],
    ),
    // no broadcast
    (&[2], &[&[2]], &[2]),
    (&[2, 3], &[&[2, 3]], &[2, 3]),
    (&[2, 3, 4], &[&[2, 3, 4]], &[2, 3, 4]),
    (&[2, 3, 4, 5], &[&[2, 3, 4, 5]], &[2, 3, 4, 5]),
    // explicit broadcast B
    (&[2, 3], &[&[1, 3], &[2, 1]], &[2, 3]),
    (
        &[2, 3, 4],
        &[
            &[1, 3, 4],
            &[2, 1, 4],
            &[2, 3, 1],
            &[1, 1, 4],
            &[1, 3, 1],
            &[2, 1, 1],
        ],
        &[2, 3, 4],
    ),
    (
        &[2, 3, 4, 5],
        &[
            &[1, 3, 4, 5],
            &[2, 1, 4, 5],
            &[2, 3, 1, 5],
            &[2, 3, 4, 1],
            &[1, 1, 4, 5],
            &[1, 3, 1, 5],
            &[1, 3, 4, 1],
            &[2, 1, 1, 5],
            &[2, 1, 4, 1],
            &[2, 3, 1, 1],
            &[1, 1, 1, 5],
            &[1, 1, 4, 1],
            &[1, 3, 1, 1],
            &[2, 1, 1, 1],
        ],
        &[2, 3, 4, 5],
    ),
    // implicit broadcast B for inner axis
    (&[2, 3], &[&[3]], &[2, 3]),
    (&[2, 3, 4], &[&[4], &[3, 4]], &[2, 3, 4]),
    (&[2, 3, 4, 5], &[&[5], &[4, 5], &[3, 4, 5]], &[2, 3, 4, 5]),
];

#[test]
fn the_documentation_table() {
    for &(a, bs, c) in DOC_TABLE {
        for &b in bs {
            let (a, b, c) = (np(a), np(b), np(c));
            // The documented output, then the reference and the values.
            assert_eq!(
                ncnn::broadcast_shapes(&a, &b).unwrap(),
                c,
                "{a:?} with {b:?}"
            );
            assert_eq!(
                ncnn::broadcast_shapes(&b, &a).unwrap(),
                c,
                "{b:?} with {a:?}"
            );
            check(&a, &b, values_for(&a, &b), "binaryop-broadcasting.md");
        }
    }
}

/// ncnn `tests/test_binaryop.cpp` (and `_1` to `_4`, the same shapes for other operations):
/// `test_binaryop_1` to `_4`, every pair of one rank's shapes with unit axes, and the scalar.
#[test]
fn ncnn_tests_same_rank_pairs() {
    let source = "test_binaryop.cpp, test_binaryop_1..4";
    let ws1 = [31, 28, 24, 32];
    let set2 = [(13, 31), (14, 28), (15, 24), (16, 32)];
    let set3 = [(7, 3, 31), (6, 4, 28), (5, 5, 24), (4, 6, 32)];
    let set4 = [(2, 7, 3, 31), (3, 6, 4, 28), (4, 5, 5, 24), (5, 4, 6, 32)];
    let mut fulls: Vec<Vec<usize>> = ws1.iter().map(|&w| vec![w]).collect();
    fulls.extend(set2.iter().map(|&(w, h)| vec![w, h]));
    fulls.extend(set3.iter().map(|&(w, h, c)| vec![w, h, c]));
    fulls.extend(set4.iter().map(|&(w, h, d, c)| vec![w, h, d, c]));
    for (i, full) in fulls.iter().enumerate() {
        let shapes = with_unit_axes(full);
        for a in &shapes {
            // Values on the first of each rank's four sizes: the others repeat the same pairs.
            let values = i % 4 == 0;
            check(&np(a), &[], values, source);
            for b in &shapes {
                check_one(&np(a), &np(b), values, source);
            }
        }
    }
}

/// `test_binaryop_5` and `_6` of the same files: every pair of ranks, and 1-D operands against
/// each rank, the ties (`RandomMat(c, c)` with `RandomMat(c)`) included.
#[test]
fn ncnn_tests_mixed_rank_pairs() {
    let source = "test_binaryop.cpp test_binaryop_5/6";
    let set5 = [(2, 7, 3, 31), (3, 6, 4, 28), (4, 5, 5, 24), (5, 4, 6, 32)];
    for (i, &(w, h, d, c)) in set5.iter().enumerate() {
        let ranks: [&[usize]; 4] = [&[c], &[d, c], &[h, d, c], &[w, h, d, c]];
        for (j, a) in ranks.iter().enumerate() {
            for (k, b) in ranks.iter().enumerate() {
                if j != k {
                    check_one(&np(a), &np(b), i < 2, source);
                }
            }
        }
    }
    let set6 = [
        (16, 15, 12, 31),
        (12, 16, 14, 28),
        (16, 15, 12, 24),
        (15, 12, 16, 32),
    ];
    for (i, &(w, h, d, c)) in set6.iter().enumerate() {
        let values = i < 2;
        for a in [&[d, c][..], &[h, d, c], &[w, h, d, c]] {
            check(&np(a), &[a[0]], values, source);
        }
        for a in [&[c, c][..], &[c, d, c], &[c, h, d, c]] {
            check(&np(a), &[c], values, source);
        }
    }
}

/// ncnn `tests/test_binaryop_5.cpp`: the shapes it adds to the ones above.
#[test]
fn ncnn_tests_binaryop_5() {
    let source = "test_binaryop_5.cpp";
    for c in [24, 32] {
        check(&np(&[1, 9, c]), &np(&[7, 1, c]), true, source); // channel broadcast
    }
    check(&np(&[7, 3, 32]), &np(&[1, 3, 1]), true, source); // mixed channel broadcast
    for (w, h, c) in [(7, 3, 31), (7, 9, 28)] {
        let shapes = with_unit_axes(&[w, h, c]);
        for a in &shapes {
            for b in &shapes {
                check_one(&np(a), &np(b), true, source);
            }
        }
    }
    for c in [31, 28, 24, 32] {
        for a in [&[c, c][..], &[c, 3, c], &[c, 3, 2, c]] {
            check(&np(a), &[c], true, source); // ties: the outer axis wins
        }
    }
}

/// ncnn `tests/test_binaryop_broadcast_validation.cpp`: the pairs it accepts ...
const VALID: &[(&[usize], &[usize])] = &[
    (&[5], &[1]),
    (&[5, 3], &[1, 1]),
    (&[5, 3, 4], &[1, 1, 1]),
    (&[5, 3, 2, 4], &[1, 1, 1, 1]),
    (&[5, 3], &[1, 3]),
    (&[5, 3, 4], &[5, 1, 4]),
    (&[5, 3, 4], &[5, 3, 1]),
    (&[5, 3, 2, 4], &[5, 3, 1, 4]),
    (&[5, 3], &[3]),
    (&[5, 3, 4], &[4]),
    (&[5, 3, 4], &[3, 4]),
    (&[5, 3, 2, 4], &[4]),
    (&[5, 3, 2, 4], &[2, 4]),
    (&[5, 3, 2, 4], &[3, 2, 4]),
    (&[5, 3], &[5]),
    (&[5, 3, 4], &[5]),
    (&[5, 3, 2, 4], &[5]),
    (&[4, 4, 4], &[4]),
];

/// ... and the pairs it rejects (both ways round).
const INVALID: &[(&[usize], &[usize])] = &[
    (&[17], &[129]),
    (&[5, 3], &[6, 3]),
    (&[5, 3], &[5, 4]),
    (&[5, 3, 4], &[6, 3, 4]),
    (&[5, 3, 4], &[5, 4, 4]),
    (&[5, 3, 4], &[5, 3, 5]),
    (&[5, 3, 2, 4], &[6, 3, 2, 4]),
    (&[5, 3, 2, 4], &[5, 4, 2, 4]),
    (&[5, 3, 2, 4], &[5, 3, 3, 4]),
    (&[5, 3, 2, 4], &[5, 3, 2, 5]),
    (&[7], &[5, 3]),
    (&[7, 2], &[5, 3, 4]),
    (&[5, 4, 4], &[5, 3, 2, 4]),
    (&[12, 7, 128], &[7, 12, 128]),
];

#[test]
fn ncnn_validation_cases() {
    let source = "test_binaryop_broadcast_validation.cpp";
    for &(a, b) in VALID {
        assert!(
            ncnn::broadcast_shapes(&np(a), &np(b)).is_ok(),
            "{a:?} {b:?}"
        );
        check(&np(a), &np(b), values_for(a, b), source);
    }
    for &(a, b) in INVALID {
        for (x, y) in [(a, b), (b, a)] {
            let err = ncnn::broadcast_shapes(&np(x), &np(y)).unwrap_err();
            assert!(
                matches!(err, ShapeError::NcnnMismatch { .. }),
                "{x:?} {y:?}: {err:?}"
            );
        }
        check(&np(a), &np(b), false, source);
    }
}

/// pnnx `tools/pnnx/tests/ncnn/test_ncnn_numpy_binaryop_broadcast.py` (torch's order): every
/// pair it subtracts. Where ncnn's pairing differs from torch's, pnnx inserts a reshape; where
/// ncnn would misread, the pair is an error here.
#[test]
fn pnnx_numpy_broadcast_pairs() {
    let source = "test_ncnn_numpy_binaryop_broadcast.py";
    let x: [&[usize]; 2] = [&[5], &[1]];
    let y: [&[usize]; 4] = [&[7, 5], &[1, 5], &[7, 1], &[1, 1]];
    let z: Vec<Vec<usize>> = with_unit_axes(&[5, 7, 4])
        .into_iter()
        .map(|s| np(&s))
        .collect();
    let w: Vec<Vec<usize>> = with_unit_axes(&[5, 7, 4, 6])
        .into_iter()
        .map(|s| np(&s))
        .collect();
    for group in [
        x.iter().map(|s| s.to_vec()).collect::<Vec<_>>(),
        y.iter().map(|s| s.to_vec()).collect(),
        z.clone(),
        w.clone(),
    ] {
        for (i, a) in group.iter().enumerate() {
            for b in &group[i + 1..] {
                check(a, b, true, source);
            }
        }
    }
    let firsts = [x[0].to_vec(), y[0].to_vec(), z[0].clone(), w[0].clone()];
    for (i, a) in firsts.iter().enumerate() {
        for b in &firsts[i + 1..] {
            check(a, b, true, source);
        }
    }
    check(&[4], &[4, 5, 4], true, source);
}

/// pnnx `tools/pnnx/tests/ncnn/test_ncnn_binaryop_broadcast_cleanup.py`: a `[4]` against
/// `[4, 5, 7]` needs no reshape in ncnn (it lies on the channels, as torch's `[4, 1, 1]` does);
/// against `[4, 5, 4]` torch pairs it with the last axis, so the converter must keep one.
#[test]
fn pnnx_broadcast_cleanup_pairs() {
    assert_eq!(ncnn::expand_shapes(&[4, 5, 7], &[4]).unwrap().1, [4, 1, 1]);
    assert_eq!(ncnn::expand_shapes(&[4], &[4, 5, 4]).unwrap().0, [4, 1, 1]);
    assert_eq!(
        ncnn::expand_shapes(&[2, 4, 5, 7], &[2, 4, 1, 1]).unwrap().1,
        [2, 4, 1, 1]
    );
    check(
        &[4, 5, 7],
        &[4],
        true,
        "test_ncnn_binaryop_broadcast_cleanup.py",
    );
    check(
        &[4],
        &[4, 5, 4],
        true,
        "test_ncnn_binaryop_broadcast_cleanup.py",
    );
}

/// The pairs where ncnn and numpy differ, by kind (the table in the `ncnn` module's docs).
#[test]
fn where_ncnn_and_numpy_differ() {
    let numpy = |a: &[usize], b: &[usize]| shaped::broadcast_shapes(&[a, b]);
    // The tie: the same shape, another pairing.
    let (a, b) = operands(&[2, 2], &[2]);
    assert_eq!(
        ncnn::try_add(&a, &b).unwrap().to_vec(),
        [1001.0, 1002.0, 2003.0, 2004.0]
    );
    assert_eq!(
        a.try_add(&b).unwrap().to_vec(),
        [1001.0, 2002.0, 1003.0, 2004.0]
    );
    // Accepted by ncnn, refused by numpy: outer-axis placements.
    for (a, b) in [
        (&[3, 5][..], &[3][..]),
        (&[4, 3, 5], &[4]),
        (&[4, 3, 5], &[4, 3]),
    ] {
        assert!(numpy(a, b).is_err(), "{a:?} {b:?}");
        assert_eq!(ncnn::broadcast_shapes(a, b).unwrap(), a);
    }
    // Refused here, accepted by numpy: a lower rank that fits only numpy's way.
    assert_eq!(numpy(&[4, 3, 5], &[3, 5]).unwrap(), [4, 3, 5]);
    let err = ncnn::broadcast_shapes(&[4, 3, 5], &[3, 5]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "ncnn cannot pair [4, 3, 5] with [3, 5]: it lays them out as [4, 3, 5] and [3, 5, 1], \
         and axis 1 has 3 vs 5 (ncnn would read past the end of one operand); make the extents \
         equal or 1, or reshape the operands yourself"
    );
}

#[test]
fn scalars_empty_axes_and_ranks_over_four() {
    let s = DynTensor::from_shape_vec(&[], vec![2.0]).unwrap();
    let t = DynTensor::from_shape_vec(&[2, 3], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
    assert_eq!(
        ncnn::try_mul(&t, &s).unwrap().to_vec(),
        [2.0, 4.0, 6.0, 8.0, 10.0, 12.0]
    );
    assert_eq!(ncnn::try_sub(&s, &s).unwrap().shape(), &[] as &[usize]);
    // Extent 0 follows numpy: a 1 stretches to it.
    assert_eq!(ncnn::broadcast_shapes(&[0, 5], &[5]).unwrap(), [0, 5]);
    assert_eq!(ncnn::broadcast_shapes(&[0, 5], &[0]).unwrap(), [0, 5]);
    let err = ncnn::broadcast_shapes(&[1, 2, 3, 4, 5], &[5]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "ncnn's tensors have at most 4 axes, but [1, 2, 3, 4, 5] has 5"
    );
    // Views and static tensors are operands too.
    let m = DynTensor::from_shape_vec(&[3, 2], vec![1, 2, 3, 4, 5, 6]).unwrap();
    let col = shaped::tensor![10, 20];
    let sum = ncnn::try_add(m.t(), col).unwrap(); // [2, 3] with [2]: on the rows
    assert_eq!(sum.to_vec(), [11, 13, 15, 22, 24, 26]);
}
