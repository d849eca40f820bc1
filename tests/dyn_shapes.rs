//! Shapes known in part: `Dyn` axes beside `Dim<N>` and `One`, against the fully static and
//! the dynamic-rank forms.

#![allow(clippy::op_ref)]

use shaped::{DynTensor, ShapeError, Tensor, shape, tensor};

#[test]
fn operators_with_a_run_time_batch() {
    let x = Tensor::<f32, shape![Dyn, 3]>::from_shape_vec(&[2, 3], vec![1., 2., 3., 4., 5., 6.])
        .unwrap();
    let b = tensor![10., 20., 30.];
    let y = &x + &b;
    assert_eq!(y.shape(), &[2, 3]);
    assert_eq!(y.as_slice(), &[11., 22., 33., 14., 25., 36.]);
    let s: Tensor<f32, shape![2, 3]> = y.try_into_shape().unwrap();
    assert_eq!(s, tensor![[11., 22., 33.], [14., 25., 36.]]);
}

#[test]
fn a_known_extent_against_dyn_gives_the_known_type() {
    let x = Tensor::<i32, shape![Dyn, 3]>::from_elem(&[1, 3], 1).unwrap();
    let m = tensor![[1, 2, 3], [4, 5, 6]];
    let y: Tensor<i32, shape![2, 3]> = &x + &m;
    assert_eq!(y, tensor![[2, 3, 4], [5, 6, 7]]);
    let bad = Tensor::<i32, shape![Dyn, 3]>::from_elem(&[3, 3], 1).unwrap();
    let err = bad.try_add(&m).unwrap_err();
    assert!(
        matches!(err, ShapeError::Incompatible { axis: -2, .. }),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "cannot broadcast [3, 3] with [2, 3]: axis -2 has 3 vs 2"
    );
}

#[test]
#[should_panic(expected = "cannot broadcast [3, 3] with [2, 3]: axis -2 has 3 vs 2")]
fn the_operator_panics_with_the_same_message() {
    let bad = Tensor::<i32, shape![Dyn, 3]>::from_elem(&[3, 3], 1).unwrap();
    let _ = &bad + &tensor![[1, 2, 3], [4, 5, 6]];
}

#[test]
fn generic_batch_of_one() {
    fn double<const B: usize>(x: &Tensor<f32, shape![B, 2]>) -> Tensor<f32, shape![B, 2]> {
        x + x
    }
    let one: Tensor<f32, shape![1, 2]> = tensor![[1., 2.]];
    let y = double::<1>(&one.into_shape());
    assert_eq!(y.as_slice(), &[2., 4.]);
}

#[test]
fn in_place_into_a_run_time_target() {
    let mut x = Tensor::<i32, shape![Dyn, 2]>::from_elem(&[3, 2], 1).unwrap();
    x += &tensor![1, 2];
    assert_eq!(x.as_slice(), &[2, 3, 2, 3, 2, 3]);
    let y = Tensor::<i32, shape![Dyn, 2]>::from_elem(&[2, 2], 1).unwrap();
    let err = x.try_add_assign(&y).unwrap_err();
    assert!(
        matches!(err, ShapeError::Incompatible { axis: -2, .. }),
        "{err}"
    );
    // A source of extent 1 stretches; one that would grow the target is refused.
    x += &Tensor::<i32, shape![Dyn, 2]>::from_elem(&[1, 2], 10).unwrap();
    assert_eq!(x.as_slice(), &[12, 13, 12, 13, 12, 13]);
    let mut one = Tensor::<i32, shape![1, 2]>::zeros();
    let err = one.try_add_assign(&y).unwrap_err();
    assert!(
        matches!(err, ShapeError::NotBroadcastableTo { axis: -2, .. }),
        "{err}"
    );
    assert_eq!(DynTensor::from(one).shape(), &[1, 2]);
}

#[test]
fn products_with_a_run_time_batch() {
    let x =
        Tensor::<f32, shape![Dyn, 3]>::from_shape_fn(&[4, 3], |[r, c]| (r * 3 + c) as f32).unwrap();
    let w = Tensor::<f32, shape![3, 2]>::from_fn(|[r, c]| (r + 10 * c) as f32);
    let y = x.matmul(&w);
    let want = x.clone().into_dyn().try_matmul(&w.as_dyn()).unwrap();
    assert_eq!((y.shape(), y.as_slice()), (want.shape(), want.as_slice()));
    // Fully run-time extents, the inner one checked.
    let xd: Tensor<f32, shape![Dyn, Dyn]> = x.clone().into_shape();
    let wd =
        Tensor::<f32, shape![Dyn, Dyn]>::from_shape_vec(&[3, 2], w.as_slice().to_vec()).unwrap();
    assert_eq!(xd.try_matmul(&wd).unwrap().as_slice(), want.as_slice());
    let bad = Tensor::<f32, shape![Dyn, Dyn]>::from_elem(&[4, 2], 1.0).unwrap();
    let err = xd.try_matmul(&bad).unwrap_err();
    assert!(matches!(err, ShapeError::MatmulInner { .. }), "{err}");
    // A known output extent from a run-time batch: [Dyn, 3] x [3, 2] into a static [4, 2].
    let s: Tensor<f32, shape![4, 2]> = y.try_into_shape().unwrap();
    assert_eq!(s.as_slice(), want.as_slice());
    // Batched, batch axes broadcast at run time.
    let a = Tensor::<f32, shape![Dyn, 2, 3]>::from_elem(&[5, 2, 3], 1.0).unwrap();
    let b = Tensor::<f32, shape![Dyn, 3, 4]>::from_elem(&[1, 3, 4], 2.0).unwrap();
    let c = a.try_matmul(&b).unwrap();
    assert_eq!((c.shape(), c.as_slice()[0]), (&[5, 2, 4][..], 6.0));
    let b3 = Tensor::<f32, shape![Dyn, 3, 4]>::from_elem(&[3, 3, 4], 2.0).unwrap();
    let err = a.try_matmul(&b3).unwrap_err();
    assert!(
        matches!(err, ShapeError::Incompatible { axis: -3, .. }),
        "{err}"
    );
    // 1-D operands: [Dyn] x [Dyn] is rank 0.
    let v = Tensor::<f32, shape![Dyn]>::from_elem(&[3], 2.0).unwrap();
    assert_eq!(v.matmul(&v).as_slice(), &[12.0]);
}

#[test]
fn boxed_operands_give_boxed_results_written_in_place() {
    let a: Box<Tensor<i32, shape![2, 3]>> = Tensor::boxed_from_flat_fn(|i| i as i32);
    let b = tensor![10, 20, 30];
    let c: Box<Tensor<i32, shape![2, 3]>> = &a + &b;
    assert_eq!(*c, tensor![[10, 21, 32], [13, 24, 35]]);
    // A run-time operand: the result's elements are on the heap, its header boxed.
    let d: Box<Tensor<i32, shape![Dyn, 3]>> =
        Box::new(Tensor::from_shape_fn(&[2, 3], |[r, c]: [usize; 2]| (10 * r + c) as i32).unwrap());
    let e: Box<Tensor<i32, shape![Dyn, 3]>> = &d - &b;
    assert_eq!(e.as_slice(), &[-10, -19, -28, 0, -9, -18]);
    // A run-time operand against a static one gives a static result, boxed in place.
    let f: Box<Tensor<i32, shape![2, 3]>> = &d * &*a;
    assert_eq!(*f, tensor![[0, 1, 4], [30, 44, 60]]);
    let err = std::panic::catch_unwind(|| {
        let wrong: Box<Tensor<i32, shape![Dyn, 3]>> =
            Box::new(Tensor::from_elem(&[3, 3], 1).unwrap());
        let _ = &wrong + &tensor![[1, 2, 3], [4, 5, 6]];
    });
    assert!(err.is_err(), "3 rows against 2 must panic");
}

#[test]
fn views_over_caller_buffers_with_a_run_time_row_count() {
    let data: Vec<f32> = (0..12).map(|i| i as f32).collect();
    let v = shaped::TensorView::<f32, shape![Dyn, 4]>::from_shape(&[3, 4], &data).unwrap();
    assert_eq!(
        (v.shape(), v.strides(), v[[2, 3]]),
        (&[3, 4][..], &[4, 1][..], 11.0)
    );
    assert_eq!(v.iter().copied().collect::<Vec<_>>(), data);
    let err = shaped::TensorView::<f32, shape![Dyn, 4]>::from_shape(&[2, 4], &data).unwrap_err();
    assert!(
        matches!(err, ShapeError::DataLength { len: 12, .. }),
        "{err}"
    );
    let err = shaped::TensorView::<f32, shape![Dyn, 4]>::from_shape(&[4, 3], &data).unwrap_err();
    assert!(matches!(err, ShapeError::StaticMismatch { .. }), "{err}");
    let mut out = vec![0.0f32; 12];
    let mut o =
        shaped::TensorViewMut::<f32, shape![Dyn, 4]>::from_shape(&[3, 4], &mut out).unwrap();
    v.add_to(&tensor![1., 1., 1., 1.], &mut o);
    o += &v;
    assert_eq!(out[11], 23.0);
    // A view's rank and static extents are checked; the element count must fit.
    let err = Tensor::<f32, shape![Dyn, 4]>::from_shape_vec(&[3], data.clone()).unwrap_err();
    assert!(matches!(err, ShapeError::Rank { rank: 2, .. }), "{err}");
    let err = Tensor::<u8, shape![Dyn, Dyn]>::from_elem(&[usize::MAX, 2], 0).unwrap_err();
    assert!(matches!(err, ShapeError::Overflow { .. }), "{err}");
}

#[test]
fn products_into_a_destination_with_a_run_time_batch() {
    let x = Tensor::<f32, shape![Dyn, 3]>::from_shape_fn(&[4, 3], |[r, c]| (r + c) as f32).unwrap();
    let w = Tensor::<f32, shape![3, 2]>::from_fn(|[r, c]| (r * 2 + c) as f32);
    let mut out = Tensor::<f32, shape![Dyn, 2]>::from_elem(&[4, 2], -1.0).unwrap();
    x.matmul_to(&w, &mut out);
    assert_eq!(out.as_slice(), x.matmul(&w).as_slice());
    let mut again = Tensor::<f32, shape![Dyn, 2]>::from_elem(&[4, 2], 0.0).unwrap();
    x.try_matmul_to(&w, &mut again).unwrap();
    assert_eq!(again.as_slice(), out.as_slice());
    let mut wrong = Tensor::<f32, shape![Dyn, 2]>::from_elem(&[3, 2], 0.0).unwrap();
    let err = x.try_matmul_to(&w, &mut wrong).unwrap_err();
    assert!(
        matches!(err, ShapeError::NotBroadcastableTo { axis: -2, .. }),
        "{err}"
    );
    assert_eq!(wrong.as_slice(), &[0.0; 6], "untouched on error");
}

#[test]
fn dynamic_operations_read_static_tensors_with_run_time_axes() {
    let x = Tensor::<i32, shape![Dyn, 3]>::from_shape_vec(&[2, 3], vec![1, 2, 3, 4, 5, 6]).unwrap();
    let d = DynTensor::from_shape_vec(&[3], vec![10, 20, 30]).unwrap();
    assert_eq!(d.try_add(&x).unwrap().to_vec(), [11, 22, 33, 14, 25, 36]);
    // A transposed view keeps run-time strides: [[1, 4], [2, 5], [3, 6]] minus [1, 2].
    let col = DynTensor::from_shape_vec(&[2], vec![1, 2]).unwrap();
    let t = x.t();
    assert_eq!(t.shape(), &[3, 2]);
    assert_eq!(col.try_sub(&t).unwrap().to_vec(), [0, -2, -1, -3, -2, -4]);
    let mut out = DynTensor::from_shape_vec(&[2, 3], vec![0; 6]).unwrap();
    out.try_add_assign(&x).unwrap();
    assert_eq!(out.to_vec(), [1, 2, 3, 4, 5, 6]);
    let err = d.try_add(&t).unwrap_err();
    assert!(
        matches!(err, ShapeError::Incompatible { axis: -1, .. }),
        "{err}"
    );
}

/// `[n, ..]` row-major elements `0, 1, 2, ..` as `i64` (any shape type with these extents).
fn counting<S: shaped::Shape>(dims: &[usize]) -> Tensor<i64, S> {
    let n: usize = dims.iter().product();
    Tensor::from_shape_vec(dims, (0..n as i64).collect()).unwrap()
}

/// The run-time batch in constant blocks (optimised builds: groups of short rows, a tail of
/// fewer rows than a group, operands that step along the batch or do not reach it), against the
/// same sums element by element.
#[test]
fn a_run_time_batch_in_blocks_matches_element_by_element() {
    let b = tensor![100i64, 200, 300, 400];
    for n in 0..10 {
        let x = counting::<shape![Dyn, 4]>(&[n, 4]);
        let want: Vec<i64> = (0..4 * n)
            .map(|i| i as i64 + 100 * (i % 4 + 1) as i64)
            .collect();
        assert_eq!((&x + &b).as_slice(), &want[..], "zip, {n} rows");
        let mut out = Tensor::<i64, shape![Dyn, 4]>::from_elem(&[n, 4], -1).unwrap();
        x.add_to(&b, &mut out);
        assert_eq!(out.as_slice(), &want[..], "add_to, {n} rows");
        let mut acc = x.clone();
        acc += &b;
        assert_eq!(acc.as_slice(), &want[..], "+=, {n} rows");
        let doubled: Vec<i64> = x.as_slice().iter().map(|v| 2 * v).collect();
        assert_eq!(x.map(|v| 2 * v).as_slice(), &doubled[..], "map, {n} rows");
        // An update that reads the destination, and a destination whose both inputs are rows.
        let mut acc = x.clone();
        acc.zip_update(&x, &b, |o, x, y| *o += x * y);
        let fused: Vec<i64> = (0..4 * n)
            .map(|i| i as i64 + i as i64 * 100 * (i % 4 + 1) as i64)
            .collect();
        assert_eq!(acc.as_slice(), &fused[..], "zip_update, {n} rows");
        let mut rows = Tensor::<i64, shape![Dyn, 4]>::from_elem(&[n, 4], 0).unwrap();
        b.add_to(&b, &mut rows);
        let twice: Vec<i64> = (0..4 * n).map(|i| 200 * (i % 4 + 1) as i64).collect();
        assert_eq!(rows.as_slice(), &twice[..], "rows from rows, {n} rows");
    }
    // Blocks of three rows of four, the other operand one row per batch element.
    for n in 0..6 {
        let x = counting::<shape![Dyn, 3, 4]>(&[n, 3, 4]);
        let y = counting::<shape![Dyn, 1, 4]>(&[n, 1, 4]);
        let want: Vec<i64> = (0..12 * n)
            .map(|i| i as i64 + (i / 12 * 4 + i % 4) as i64)
            .collect();
        assert_eq!((&x + &y).as_slice(), &want[..], "[{n}, 3, 4] + [{n}, 1, 4]");
    }
    // Long rows: one block at a time.
    let x = counting::<shape![Dyn, 64]>(&[5, 64]);
    let r = counting::<shape![64]>(&[64]);
    let want: Vec<i64> = (0..5 * 64).map(|i| i as i64 + (i % 64) as i64).collect();
    assert_eq!((&x + &r).as_slice(), &want[..]);
}

/// `[Dyn, Dyn] + [Dyn]` into a destination runs the dynamic path's rows loop (either operand the
/// larger); other shapes still get the general plan and its errors.
#[test]
fn run_time_rows_into_a_destination_match_element_by_element() {
    for (n, m) in [(0, 4), (4, 0), (1, 1), (4, 4), (3, 5), (2, 8), (3, 64)] {
        let x = counting::<shape![Dyn, Dyn]>(&[n, m]);
        let r = counting::<shape![Dyn]>(&[m]);
        let want: Vec<i64> = (0..n * m)
            .map(|i| i as i64 + (i % m.max(1)) as i64)
            .collect();
        let mut out = Tensor::<i64, shape![Dyn, Dyn]>::from_elem(&[n, m], -1).unwrap();
        x.add_to(&r, &mut out);
        assert_eq!(out.as_slice(), &want[..], "[{n}, {m}] + [{m}]");
        let mut out = Tensor::<i64, shape![Dyn, Dyn]>::from_elem(&[n, m], -1).unwrap();
        r.add_to(&x, &mut out);
        assert_eq!(out.as_slice(), &want[..], "[{m}] + [{n}, {m}]");
        let mut acc = x.clone();
        acc.zip_update(&r, &x, |o, y, x| *o -= x + y);
        let back: Vec<i64> = (0..n * m).map(|i| -((i % m.max(1)) as i64)).collect();
        assert_eq!(acc.as_slice(), &back[..], "zip_update [{n}, {m}]");
    }
    let x = counting::<shape![Dyn, Dyn]>(&[3, 4]);
    let mut out = Tensor::<i64, shape![Dyn, Dyn]>::from_elem(&[3, 4], 0).unwrap();
    let err = x
        .try_add_to(&counting::<shape![Dyn]>(&[5]), &mut out)
        .unwrap_err();
    assert!(
        matches!(err, ShapeError::Incompatible { axis: -1, .. }),
        "{err}"
    );
    // A row that stretches along the destination's rows is not a trailing block.
    let col = counting::<shape![Dyn, Dyn]>(&[3, 1]);
    x.add_to(&col, &mut out);
    let want: Vec<i64> = (0..12).map(|i| i + i / 4).collect();
    assert_eq!(out.as_slice(), &want[..]);
}
