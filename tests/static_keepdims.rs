//! Reductions with `keepdims`: the shapes numpy gives (`np.zeros(s).sum(axis=a,
//! keepdims=True).shape`), checked as types, and the values of the dynamic path's
//! `keepdims=true` on the same data.

#![allow(clippy::op_ref)] // `&a - &b` is the idiom for tensors

use shaped::{Dim, Dyn, DynTensor, KeepDims, One, Shape, Tensor, shape};
use static_assertions::assert_type_eq_all;

// numpy: (2, 3, 4) reduced over 0, 1, 2, -1, -2, -3 with keepdims.
assert_type_eq_all!(
    <shape![2, 3, 4] as KeepDims<0>>::Kept,
    (One, Dim<3>, Dim<4>)
);
assert_type_eq_all!(
    <shape![2, 3, 4] as KeepDims<1>>::Kept,
    (Dim<2>, One, Dim<4>)
);
assert_type_eq_all!(
    <shape![2, 3, 4] as KeepDims<2>>::Kept,
    (Dim<2>, Dim<3>, One)
);
assert_type_eq_all!(
    <shape![2, 3, 4] as KeepDims<-1>>::Kept,
    (Dim<2>, Dim<3>, One)
);
assert_type_eq_all!(
    <shape![2, 3, 4] as KeepDims<-2>>::Kept,
    (Dim<2>, One, Dim<4>)
);
assert_type_eq_all!(
    <shape![2, 3, 4] as KeepDims<-3>>::Kept,
    (One, Dim<3>, Dim<4>)
);
// numpy: (5,) over 0 is (1,); a run-time batch stays run-time.
assert_type_eq_all!(<shape![5] as KeepDims<0>>::Kept, (One,));
assert_type_eq_all!(<shape![Dyn, 8] as KeepDims<-1>>::Kept, (Dyn, One));
assert_type_eq_all!(<shape![Dyn, 8] as KeepDims<0>>::Kept, (One, Dim<8>));

fn value(i: usize) -> f64 {
    ((i * 7) % 11) as f64 * 0.5 - 2.0
}

fn dynamic<S: Shape>(t: &Tensor<f64, S>) -> DynTensor<f64> {
    DynTensor::from_shape_vec(t.shape(), t.as_slice().to_vec()).unwrap()
}

/// Every reduction with keepdims along axis `A` against the dynamic one with `keepdims=true`.
fn check<S: KeepDims<A>, const A: isize>(t: &Tensor<f64, S>) {
    let d = dynamic(t);
    let same = |got: &[f64], want: DynTensor<f64>, shape: &[usize], what: &str| {
        assert_eq!(shape, want.shape(), "{what}: shape");
        // Sums of halves are exact; means, variances and roots within a few ulps of the
        // dynamic path's.
        for (g, w) in got.iter().zip(want.as_slice()) {
            assert!(
                (g - w).abs() <= 1e-12 * w.abs().max(1.0),
                "{what}: {g} against {w}"
            );
        }
        assert_eq!(got.len(), want.len(), "{what}: length");
    };
    let r = t.sum_axis_keepdims::<A>();
    same(r.as_slice(), d.try_sum(A, true).unwrap(), r.shape(), "sum");
    let r = t.prod_axis_keepdims::<A>();
    same(
        r.as_slice(),
        d.try_prod(A, true).unwrap(),
        r.shape(),
        "prod",
    );
    let r = t.max_axis_keepdims::<A>();
    same(r.as_slice(), d.try_max(A, true).unwrap(), r.shape(), "max");
    let r = t.min_axis_keepdims::<A>();
    same(r.as_slice(), d.try_min(A, true).unwrap(), r.shape(), "min");
    let r = t.mean_axis_keepdims::<A>();
    same(
        r.as_slice(),
        d.try_mean(A, true).unwrap(),
        r.shape(),
        "mean",
    );
    let r = t.var_axis_keepdims::<A>(1);
    same(
        r.as_slice(),
        d.try_var(A, 1, true).unwrap(),
        r.shape(),
        "var",
    );
    let r = t.std_axis_keepdims::<A>(0);
    same(
        r.as_slice(),
        d.try_std(A, 0, true).unwrap(),
        r.shape(),
        "std",
    );
    let r = t.argmax_axis_keepdims::<A>();
    let want = d.try_argmax(Some(A), true).unwrap();
    assert_eq!(
        (r.shape(), r.as_slice()),
        (want.shape(), want.as_slice()),
        "argmax"
    );
    let r = t.argmin_axis_keepdims::<A>();
    let want = d.try_argmin(Some(A), true).unwrap();
    assert_eq!(
        (r.shape(), r.as_slice()),
        (want.shape(), want.as_slice()),
        "argmin"
    );
}

#[test]
fn every_axis_of_a_static_shape() {
    let t = Tensor::<f64, shape![2, 3, 4]>::from_flat_fn(value);
    check::<_, 0>(&t);
    check::<_, 1>(&t);
    check::<_, 2>(&t);
    check::<_, -1>(&t);
    check::<_, -2>(&t);
    check::<_, -3>(&t);
}

#[test]
fn shapes_with_a_run_time_axis() {
    let t =
        Tensor::<f64, shape![Dyn, 3]>::from_shape_fn(&[5, 3], |[i, j]| value(i * 3 + j)).unwrap();
    check::<_, 0>(&t);
    check::<_, -1>(&t);
    assert_eq!(t.sum_axis_keepdims::<-1>().shape(), &[5, 1]);
    let e = Tensor::<f64, shape![Dyn, 2]>::from_shape_fn(&[0, 2], |_| 0.0).unwrap();
    assert_eq!(e.sum_axis_keepdims::<0>().as_slice(), &[0.0, 0.0]);
    assert_eq!(e.sum_axis_keepdims::<1>().shape(), &[0, 1]);
}

#[test]
fn a_kept_reduction_broadcasts_back() {
    let t = Tensor::<f64, shape![2, 3]>::from_flat_fn(value);
    let centred = &t - &t.mean_axis_keepdims::<-1>();
    for row in centred.as_slice().chunks(3) {
        assert!(row.iter().sum::<f64>().abs() < 1e-12);
    }
}
