//! The static forms of issue 22's everyday numpy (`where_`, `concat_to`/`concat`,
//! `cumsum_axis`/`cumprod_axis`, `var_axis`/`std_axis`, `Tensor::linspace`/`arange`/`eye`)
//! against the dynamic forms on the same data, which `tests/dynamic_everyday.rs` checks against
//! numpy: static shapes, shapes with `Dyn` axes, negative and empty axes, and the run-time
//! errors. Floats are compared by their `Debug` text, which tells every bit pattern but NaN
//! payloads apart (`-0.0` from `0.0` included), so "the same" means bit for bit.

use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

use shaped::{
    Dim, DynTensor, Shape, ShapeError, Tensor, concat, concat_to, shape, try_concat, try_concat_to,
    try_concatenate, try_where, where_,
};

/// The static tensor as a dynamic one (same extents, same elements).
fn dynamic<T: Clone, S: Shape>(t: &Tensor<T, S>) -> DynTensor<T> {
    DynTensor::from_shape_vec(t.shape(), t.as_slice().to_vec()).unwrap()
}

/// `t` and `d` have the same extents and, bit for bit, the same elements.
#[track_caller]
fn same<T: Debug, S: Shape>(t: &Tensor<T, S>, d: &DynTensor<T>) {
    assert_eq!(t.shape(), d.shape(), "extents");
    let text = |x: &[T]| x.iter().map(|v| format!("{v:?}")).collect::<Vec<_>>();
    assert_eq!(text(t.as_slice()), text(d.as_slice()), "elements");
}

/// Floats of both signs and several magnitudes, the same for every run (a linear congruential
/// sequence), so sums depend on their order.
fn floats(n: usize) -> Vec<f64> {
    let mut x = 12345u64;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 11) as f64 / (1u64 << 53) as f64 - 0.3) * 10f64.powi((x % 5) as i32)
        })
        .collect()
}

/// The message `f` panics with.
fn panic_message(f: impl FnOnce()) -> String {
    let err = catch_unwind(AssertUnwindSafe(f)).expect_err("no panic");
    err.downcast_ref::<String>()
        .cloned()
        .or_else(|| err.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap()
}

#[test]
fn where_matches_try_where_on_static_shapes() {
    let x = Tensor::<f64, shape![2, 3]>::from_flat_fn(|i| i as f64 - 2.5);
    let cond = x.gt(&Tensor::<f64, shape![]>::filled(0.0));
    let b = Tensor::<f64, shape![2, 1]>::from_flat_fn(|i| 100.0 + i as f64);
    let got: Tensor<f64, shape![2, 3]> = where_(&cond, &x, &b);
    same(&got, &try_where(&cond, &x, &b).unwrap());
    // Each operand may be the one that broadcasts; views read the same.
    let col = Tensor::<bool, shape![3, 1]>::from_flat_fn(|i| i % 2 == 0);
    let row = Tensor::<i32, shape![4]>::from_flat_fn(|i| i as i32);
    let fill = Tensor::<i32, shape![2, 1, 1]>::from_flat_fn(|i| -(i as i32) - 1);
    let got: Tensor<i32, shape![2, 3, 4]> = where_(col.view(), row.view(), &fill);
    same(&got, &try_where(&col, &row, &fill).unwrap());
    assert_eq!(got.as_slice()[..8], [0, 1, 2, 3, -1, -1, -1, -1]);
}

#[test]
fn where_with_dyn_axes_checks_them_at_run_time() {
    let x = Tensor::<f64, shape![Dyn, 3]>::from_shape_vec(&[4, 3], floats(12)).unwrap();
    let cond = x.lt(&Tensor::<f64, shape![3]>::filled(0.5));
    let zero = Tensor::<f64, shape![]>::filled(0.0);
    let got: Tensor<f64, shape![Dyn, 3]> = where_(&cond, &x, &zero);
    same(&got, &try_where(&cond, &x, &zero).unwrap());
    let empty = Tensor::<bool, shape![Dyn, 3]>::from_shape_vec(&[0, 3], vec![]).unwrap();
    let got = where_(&empty, &Tensor::<f64, shape![3]>::ones(), &zero);
    assert_eq!(got.shape(), &[0, 3]);
    // 2 rows of conditions against 4 rows of values: numpy's error, found when it runs.
    let two = Tensor::<bool, shape![Dyn, 3]>::from_elem(&[2, 3], true).unwrap();
    let err = try_where(&two, &x, &zero).unwrap_err();
    let msg = panic_message(|| drop(where_(&two, &x, &zero)));
    assert_eq!(msg, err.to_string());
}

#[test]
fn concat_to_matches_try_concatenate() {
    let a = Tensor::<i32, shape![2, 3, 2]>::from_flat_fn(|i| i as i32);
    let b = Tensor::<i32, shape![2, 1, 2]>::from_flat_fn(|i| 100 + i as i32);
    let want = try_concatenate(&[dynamic(&a).view(), dynamic(&b).view()], 1).unwrap();
    let got: Tensor<i32, shape![2, 4, 2]> = concat_to::<1, Dim<4>, _, _, _>(&a, &b);
    same(&got, &want);
    same(&concat_to::<-2, Dim<4>, _, _, _>(&a, &b), &want);
    let got: Tensor<i32, shape![2, Dyn, 2]> = concat::<-2, _, _, _>(&a, &b);
    same(&got, &want);
    // The first and last axes, each named from both ends.
    let c = Tensor::<i32, shape![2, 3, 5]>::from_flat_fn(|i| -(i as i32));
    let want = try_concatenate(&[dynamic(&a).view(), dynamic(&c).view()], 2).unwrap();
    same(&concat_to::<2, Dim<7>, _, _, _>(&a, &c), &want);
    same(&concat::<-1, _, _, _>(&a, &c), &want);
    let want = try_concatenate(&[dynamic(&a).view(), dynamic(&a).view()], 0).unwrap();
    same(&concat_to::<0, Dim<4>, _, _, _>(&a, &a), &want);
    same(&concat::<-3, _, _, _>(&a, &a), &want);
    // Rank 1, and an extent of 1 (`One`) joined into `Dim<2>`.
    let one = Tensor::<f64, shape![1]>::filled(-0.0);
    let got: Tensor<f64, shape![2]> = concat_to::<0, Dim<2>, _, _, _>(&one, &one);
    same(
        &got,
        &try_concatenate(&[dynamic(&one).view(), dynamic(&one).view()], 0).unwrap(),
    );
}

#[test]
fn concat_of_empty_axes() {
    let none = Tensor::<i64, shape![2, 0]>::zeros();
    let some = Tensor::<i64, shape![2, 3]>::from_flat_fn(|i| i as i64);
    let want = try_concatenate(&[dynamic(&none).view(), dynamic(&some).view()], 1).unwrap();
    same(&concat_to::<1, Dim<3>, _, _, _>(&none, &some), &want);
    same(
        &concat_to::<1, Dim<3>, _, _, _>(&some, &none)
            .t()
            .to_tensor(),
        &{
            let w = try_concatenate(&[dynamic(&some).view(), dynamic(&none).view()], 1).unwrap();
            w.t().to_tensor()
        },
    );
    let both: Tensor<i64, shape![2, 0]> = concat_to::<-1, Dim<0>, _, _, _>(&none, &none);
    assert!(both.is_empty());
    // Empty off the joining axis: nothing to copy, the extents still add.
    let flat = Tensor::<i64, shape![0, 2]>::zeros();
    let got = concat::<1, _, _, _>(&flat, &Tensor::<i64, shape![0, 5]>::zeros());
    assert_eq!(got.shape(), &[0, 7]);
}

#[test]
fn concat_with_dyn_axes() {
    let a = Tensor::<f64, shape![Dyn, 3]>::from_shape_vec(&[2, 3], floats(6)).unwrap();
    let b = Tensor::<f64, shape![Dyn, 3]>::from_shape_vec(&[4, 3], floats(12)).unwrap();
    let want = try_concatenate(&[dynamic(&a).view(), dynamic(&b).view()], 0).unwrap();
    let got: Tensor<f64, shape![Dyn, 3]> = concat::<0, _, _, _>(&a, &b);
    same(&got, &want);
    let got: Tensor<f64, shape![6, 3]> = concat_to::<0, Dim<6>, _, _, _>(&a, &b);
    same(&got, &want);
    same(
        &try_concat_to::<-2, Dim<6>, _, _, _>(&a, &b).unwrap(),
        &want,
    );
    // A static input against a `Dyn` one along the joining axis.
    let c = Tensor::<f64, shape![1, 3]>::filled(7.0);
    let want = try_concatenate(&[dynamic(&c).view(), dynamic(&b).view()], 0).unwrap();
    same(&concat_to::<0, Dim<5>, _, _, _>(&c, &b), &want);
    same(&concat::<0, _, _, _>(&c, &b), &want);
    // Along a known axis, a `Dyn` axis beside it that agrees.
    let d = Tensor::<f64, shape![Dyn, 2]>::from_shape_vec(&[2, 2], floats(4)).unwrap();
    let e = Tensor::<f64, shape![Dyn, 1]>::from_shape_vec(&[2, 1], floats(2)).unwrap();
    let want = try_concatenate(&[dynamic(&d).view(), dynamic(&e).view()], 1).unwrap();
    let got: Tensor<f64, shape![Dyn, 3]> = concat_to::<1, Dim<3>, _, _, _>(&d, &e);
    same(&got, &want);
}

#[test]
fn concat_errors_at_run_time() {
    let a = Tensor::<i32, shape![Dyn, 2]>::from_elem(&[3, 2], 1).unwrap();
    let b = Tensor::<i32, shape![Dyn, 2]>::from_elem(&[2, 2], 0).unwrap();
    // Rows differ off the joining axis: the dynamic join's error, with the same message.
    let err = try_concat::<1, _, _, _>(&a, &b).unwrap_err();
    let dynamic_err = try_concatenate(&[dynamic(&a).view(), dynamic(&b).view()], 1).unwrap_err();
    assert_eq!(err, dynamic_err);
    assert!(matches!(
        err,
        ShapeError::JoinShape {
            index: 1,
            axis: Some(1),
            ..
        }
    ));
    assert_eq!(
        panic_message(|| drop(concat::<1, _, _, _>(&a, &b))),
        err.to_string()
    );
    assert!(try_concat_to::<1, Dim<4>, _, _, _>(&a, &b).is_err());
    // 3 + 2 rows into a type that says 4: both shapes and the extent named.
    let err = try_concat_to::<0, Dim<4>, _, _, _>(&a, &b).unwrap_err();
    assert_eq!(
        err,
        ShapeError::JoinExtent {
            a: shaped::error::Dims::new(&[3, 2]),
            b: shaped::error::Dims::new(&[2, 2]),
            axis: 0,
            extent: 4,
        }
    );
    let msg = panic_message(|| {
        let _ = concat_to::<0, Dim<4>, _, _, _>(&a, &b);
    });
    assert_eq!(msg, err.to_string());
    assert_eq!(
        msg,
        "cannot join [3, 2] and [2, 2] along axis 0 into an extent of 4: their extents there add up to 5"
    );
    assert_eq!(
        try_concat_to::<0, Dim<5>, _, _, _>(&a, &b).unwrap().shape(),
        &[5, 2]
    );
}

#[test]
fn scans_match_try_cumsum_and_try_cumprod() {
    let t = Tensor::<i32, shape![2, 3, 4]>::from_flat_fn(|i| i as i32 - 7);
    let d = dynamic(&t);
    same(&t.cumsum_axis::<0>(), &d.try_cumsum(Some(0)).unwrap());
    same(&t.cumsum_axis::<1>(), &d.try_cumsum(Some(1)).unwrap());
    same(&t.cumsum_axis::<2>(), &d.try_cumsum(Some(2)).unwrap());
    same(&t.cumsum_axis::<-1>(), &d.try_cumsum(Some(-1)).unwrap());
    same(&t.cumsum_axis::<-3>(), &d.try_cumsum(Some(0)).unwrap());
    same(&t.cumprod_axis::<1>(), &d.try_cumprod(Some(1)).unwrap());
    same(&t.cumprod_axis::<-1>(), &d.try_cumprod(Some(-1)).unwrap());
    // Floats in order, as numpy adds them; integers wrap.
    let f = Tensor::<f64, shape![3, 5]>::from_shape_vec(&[3, 5], floats(15)).unwrap();
    same(
        &f.cumsum_axis::<1>(),
        &dynamic(&f).try_cumsum(Some(1)).unwrap(),
    );
    same(
        &f.cumprod_axis::<0>(),
        &dynamic(&f).try_cumprod(Some(0)).unwrap(),
    );
    let big = Tensor::<i8, shape![6]>::from_flat_fn(|i| 50 + i as i8);
    same(
        &big.cumsum_axis::<0>(),
        &dynamic(&big).try_cumsum(Some(0)).unwrap(),
    );
    same(
        &big.cumprod_axis::<0>(),
        &dynamic(&big).try_cumprod(Some(0)).unwrap(),
    );
    assert_eq!(
        big.cumsum_axis::<0>().as_slice()[2],
        50i8.wrapping_add(51).wrapping_add(52)
    );
}

#[test]
fn scans_with_dyn_and_empty_axes() {
    let t = Tensor::<f64, shape![Dyn, 4]>::from_shape_vec(&[3, 4], floats(12)).unwrap();
    let d = dynamic(&t);
    same(&t.cumsum_axis::<0>(), &d.try_cumsum(Some(0)).unwrap());
    same(&t.cumsum_axis::<-1>(), &d.try_cumsum(Some(-1)).unwrap());
    same(&t.cumprod_axis::<-2>(), &d.try_cumprod(Some(-2)).unwrap());
    let e = Tensor::<f64, shape![Dyn, 4]>::from_shape_vec(&[0, 4], vec![]).unwrap();
    same(
        &e.cumsum_axis::<0>(),
        &dynamic(&e).try_cumsum(Some(0)).unwrap(),
    );
    same(
        &e.cumprod_axis::<1>(),
        &dynamic(&e).try_cumprod(Some(1)).unwrap(),
    );
    let z = Tensor::<i32, shape![3, 0, 2]>::zeros();
    same(
        &z.cumsum_axis::<1>(),
        &dynamic(&z).try_cumsum(Some(1)).unwrap(),
    );
    same(
        &z.cumsum_axis::<2>(),
        &dynamic(&z).try_cumsum(Some(2)).unwrap(),
    );
}

#[test]
fn var_and_std_match_try_var_and_try_std() {
    let t = Tensor::<f64, shape![3, 4, 5]>::from_shape_vec(&[3, 4, 5], floats(60)).unwrap();
    let d = dynamic(&t);
    for ddof in [0, 1, 2] {
        same(&t.var_axis::<0>(ddof), &d.try_var(0, ddof, false).unwrap());
        same(&t.var_axis::<1>(ddof), &d.try_var(1, ddof, false).unwrap());
        same(&t.var_axis::<2>(ddof), &d.try_var(2, ddof, false).unwrap());
        same(
            &t.var_axis::<-1>(ddof),
            &d.try_var(-1, ddof, false).unwrap(),
        );
        same(
            &t.std_axis::<-2>(ddof),
            &d.try_std(-2, ddof, false).unwrap(),
        );
        same(&t.std_axis::<-3>(ddof), &d.try_std(0, ddof, false).unwrap());
    }
    // ddof at or past the count: a division by 0, `inf` or `NaN` as numpy's.
    let f = Tensor::<f32, shape![2, 3]>::from_flat_fn(|i| (i * i) as f32);
    let df = dynamic(&f);
    for ddof in [2, 3, 7] {
        same(&f.var_axis::<0>(ddof), &df.try_var(0, ddof, false).unwrap());
        same(&f.std_axis::<1>(ddof), &df.try_std(1, ddof, false).unwrap());
    }
    assert!(
        f.var_axis::<0>(2)
            .as_slice()
            .iter()
            .all(|v| v.is_infinite())
    );
    let flat = Tensor::<f32, shape![3]>::filled(2.0);
    assert!(flat.var_axis::<0>(3)[[]].is_nan());
}

#[test]
fn var_and_std_with_dyn_and_empty_axes() {
    let t = Tensor::<f64, shape![Dyn, 6]>::from_shape_vec(&[5, 6], floats(30)).unwrap();
    let d = dynamic(&t);
    same(&t.var_axis::<0>(1), &d.try_var(0, 1, false).unwrap());
    same(&t.var_axis::<-1>(0), &d.try_var(-1, 0, false).unwrap());
    same(&t.std_axis::<1>(1), &d.try_std(1, 1, false).unwrap());
    // An empty axis gives NaN, an empty result nothing.
    let e = Tensor::<f64, shape![Dyn, 3]>::from_shape_vec(&[0, 3], vec![]).unwrap();
    let v = e.var_axis::<0>(0);
    same(&v, &dynamic(&e).try_var(0, 0, false).unwrap());
    assert!(v.as_slice().iter().all(|x| x.is_nan()));
    same(
        &e.std_axis::<1>(0),
        &dynamic(&e).try_std(1, 0, false).unwrap(),
    );
    let z = Tensor::<f32, shape![2, 0]>::zeros();
    same(
        &z.var_axis::<1>(0),
        &dynamic(&z).try_var(1, 0, false).unwrap(),
    );
}

#[test]
fn linspace_matches_the_dynamic_one_bit_for_bit() {
    fn check<const N: usize>(start: f64, stop: f64) {
        let t = Tensor::<f64, shape![N]>::linspace(start, stop);
        same(&t, &DynTensor::linspace(start, stop, N));
        let t = Tensor::<f32, shape![N]>::linspace(start as f32, stop as f32);
        same(&t, &DynTensor::linspace(start as f32, stop as f32, N));
    }
    check::<0>(0.0, 1.0);
    check::<2>(-3.0, 0.1);
    check::<5>(0.0, 1.0);
    check::<7>(1.0, -2.3);
    check::<50>(0.1, 0.7);
    check::<3>(0.0, 5e-324); // a subnormal span: numpy divides first
    same(
        &Tensor::<f64, shape![1]>::linspace(2.0, 3.0),
        &DynTensor::linspace(2.0, 3.0, 1),
    );
    // Both forms share the element formula, so numpy's own numbers as well:
    // `np.linspace(1.0, -2.3, 7).tolist()`.
    let numpy = [
        1.0,
        0.45000000000000007,
        -0.09999999999999987,
        -0.6499999999999999,
    ];
    let numpy = [
        &numpy[..],
        &[-1.1999999999999997, -1.7499999999999996, -2.3],
    ]
    .concat();
    assert_eq!(
        Tensor::<f64, shape![7]>::linspace(1.0, -2.3).as_slice(),
        numpy
    );
}

#[test]
fn arange_and_eye_match_the_dynamic_ones() {
    same(
        &Tensor::<i32, shape![4]>::arange(0, 3),
        &DynTensor::try_arange(0, 10, 3).unwrap(),
    );
    same(
        &Tensor::<i64, shape![3]>::arange(5, -2),
        &DynTensor::try_arange(5, 0, -2).unwrap(),
    );
    same(
        &Tensor::<f64, shape![10]>::arange(0.0, 0.1),
        &DynTensor::try_arange(0.0, 1.0, 0.1).unwrap(),
    );
    same(
        &Tensor::<f32, shape![7]>::arange(-1.5, 0.3),
        &DynTensor::try_arange(-1.5f32, 0.6, 0.3).unwrap(),
    );
    // `np.arange(0.0, 1.0, 0.1).tolist()`: the formula is shared, so numpy's numbers too.
    let numpy = [
        0.0,
        0.1,
        0.2,
        0.30000000000000004,
        0.4,
        0.5,
        0.6000000000000001,
    ];
    let numpy = [&numpy[..], &[0.7000000000000001, 0.8, 0.9]].concat();
    assert_eq!(
        Tensor::<f64, shape![10]>::arange(0.0, 0.1).as_slice(),
        numpy
    );
    assert!(Tensor::<u8, shape![0]>::arange(1, 1).is_empty());
    same(&Tensor::<f64, shape![3, 3]>::eye(), &DynTensor::eye(3));
    same(&Tensor::<u8, shape![1, 1]>::eye(), &DynTensor::eye(1));
    same(&Tensor::<i32, shape![0, 0]>::eye(), &DynTensor::eye(0));
}

#[test]
fn joins_as_methods_name_only_the_axis() {
    use shaped::Dim;
    let a = Tensor::<i32, shape![2, 2]>::try_from_slice(&[1, 2, 3, 4]).unwrap();
    let b = Tensor::<i32, shape![2, 1]>::try_from_slice(&[5, 6]).unwrap();
    let c: Tensor<i32, shape![2, 3]> = a.concat_to::<1, Dim<3>>(&b);
    assert_eq!(c.as_slice(), &[1, 2, 5, 3, 4, 6]);
    let d: Tensor<i32, shape![2, Dyn]> = a.concat::<-1>(&b);
    assert_eq!(
        (d.shape(), d.as_slice()),
        (&[2, 3][..], &[1, 2, 5, 3, 4, 6][..])
    );
    let rows = Tensor::<i32, shape![Dyn, 2]>::from_shape_vec(&[3, 2], vec![0; 6]).unwrap();
    let e = rows.try_concat_to::<0, Dim<4>>(
        &Tensor::<i32, shape![Dyn, 2]>::from_shape_vec(&[1, 2], vec![9, 9]).unwrap(),
    );
    assert_eq!(e.unwrap().shape(), &[4, 2]);
    assert!(rows.try_concat_to::<0, Dim<5>>(&rows).is_err());
    assert_eq!(rows.try_concat::<0>(&rows).unwrap().shape(), &[6, 2]);
}
