//! The static reductions, sorts and unique runs against the dynamic ones on the same data:
//! every axis (positive and negative) of shapes of rank 1 to 4, floats with `NaN` and `-0.0`,
//! integers that wrap.

use shaped::{DynTensor, Shape, Tensor, shape};

/// A float with repeats, a `NaN` every 11th, `-0.0` every 13th: all sums exact.
fn value(i: usize) -> f64 {
    match i {
        _ if i % 11 == 5 => f64::NAN,
        _ if i % 13 == 7 => -0.0,
        _ => ((i * 7) % 9) as f64 * 0.5 - 2.0,
    }
}

fn dynamic<T: Copy, S: Shape>(t: &Tensor<T, S>) -> DynTensor<T> {
    DynTensor::from_shape_vec(S::dims(), t.as_slice().to_vec()).unwrap()
}

/// Equal element by element, `NaN` equal to `NaN`.
fn same(got: &[f64], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            g == w || g.is_nan() && w.is_nan(),
            "{what}[{i}]: {g} vs {w}"
        );
    }
}

macro_rules! check_axis {
    ($t:expr, $d:expr, $a:literal) => {{
        let (t, d) = (&$t, &$d);
        let what = |op: &str| format!("{op} axis {} of {:?}", $a, d.shape());
        same(
            t.sum_axis::<$a>().as_slice(),
            d.try_sum($a, false).unwrap().as_slice(),
            &what("sum"),
        );
        same(
            t.prod_axis::<$a>().as_slice(),
            d.try_prod($a, false).unwrap().as_slice(),
            &what("prod"),
        );
        same(
            t.max_axis::<$a>().as_slice(),
            d.try_max($a, false).unwrap().as_slice(),
            &what("max"),
        );
        same(
            t.min_axis::<$a>().as_slice(),
            d.try_min($a, false).unwrap().as_slice(),
            &what("min"),
        );
        same(
            t.mean_axis::<$a>().as_slice(),
            d.try_mean($a, false).unwrap().as_slice(),
            &what("mean"),
        );
        assert_eq!(
            t.argmax_axis::<$a>().as_slice(),
            d.try_argmax(Some($a), false).unwrap().as_slice(),
            "{}",
            what("argmax")
        );
        assert_eq!(
            t.argmin_axis::<$a>().as_slice(),
            d.try_argmin(Some($a), false).unwrap().as_slice(),
            "{}",
            what("argmin")
        );
        let (s, ds) = (t.sort_axis::<$a>(), d.try_sort($a).unwrap());
        let bits = |x: &[f64]| x.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(s.as_slice()), bits(ds.as_slice()), "{}", what("sort"));
        assert_eq!(
            t.argsort_axis::<$a>().as_slice(),
            d.try_argsort($a).unwrap().as_slice(),
            "{}",
            what("argsort")
        );
    }};
}

#[test]
fn every_axis_matches_the_dynamic_path() {
    let t1 = Tensor::<f64, shape![17]>::from_flat_fn(value);
    check_axis!(t1, dynamic(&t1), 0);
    check_axis!(t1, dynamic(&t1), -1);
    let t2 = Tensor::<f64, shape![5, 6]>::from_flat_fn(value);
    let d2 = dynamic(&t2);
    check_axis!(t2, d2, 0);
    check_axis!(t2, d2, 1);
    check_axis!(t2, d2, -2);
    let t3 = Tensor::<f64, shape![3, 4, 5]>::from_flat_fn(|i| value(i + 3));
    let d3 = dynamic(&t3);
    check_axis!(t3, d3, 0);
    check_axis!(t3, d3, 1);
    check_axis!(t3, d3, -1);
    let t4 = Tensor::<f64, shape![2, 3, 1, 4]>::from_flat_fn(|i| value(2 * i));
    let d4 = dynamic(&t4);
    check_axis!(t4, d4, 0);
    check_axis!(t4, d4, 2);
    check_axis!(t4, d4, -1);
}

#[test]
fn whole_tensor_reductions_match() {
    let t = Tensor::<f64, shape![4, 5]>::from_flat_fn(|i| value(i + 6));
    let d = dynamic(&t);
    same(
        &[t.max()],
        d.try_max(shaped::Axes::All, false).unwrap().as_slice(),
        "max",
    );
    same(
        &[t.min()],
        d.try_min(shaped::Axes::All, false).unwrap().as_slice(),
        "min",
    );
    let c = Tensor::<f32, shape![3, 2]>::from_flat_fn(|i| i as f32);
    assert_eq!(c.mean(), 2.5);
    assert_eq!((c.max(), c.min()), (5.0, 0.0));
}

#[test]
fn integer_sums_wrap_and_empty_axes_give_the_identity() {
    let t = Tensor::<i8, shape![2, 3]>::filled(100);
    assert_eq!(t.sum_axis::<1>().as_slice(), [44, 44]); // 300 wraps to 44, as numpy's int8
    let e = Tensor::<f32, shape![3, 0]>::zeros();
    assert_eq!(e.sum_axis::<1>().as_slice(), [0.0; 3]);
    assert_eq!(e.prod_axis::<-1>().as_slice(), [1.0; 3]);
    assert!(e.mean_axis::<1>().as_slice().iter().all(|m| m.is_nan()));
    assert_eq!(e.sum_axis::<0>().as_slice(), [0.0f32; 0]);
}

#[test]
fn in_place_sort_and_unique_runs() {
    let mut m = Tensor::<i32, shape![3, 4]>::from_flat_fn(|i| ((i * 5) % 7) as i32 - 3);
    let d = dynamic(&m);
    m.sort_axis_mut::<0>();
    assert_eq!(m.as_slice(), d.try_sort(0).unwrap().as_slice());
    let x =
        Tensor::<f32, shape![2, 5]>::from_flat_fn(|i| [1.0, 1.0, f32::NAN, f32::NAN, 2.0][i % 5]);
    let u = x.unique_consecutive();
    let du = dynamic(&x).try_unique_consecutive(None).unwrap();
    assert_eq!(u.len(), 8); // 1 | NaN | NaN | 2, twice: NaNs never merge
    assert_eq!(u.counts(), du.counts.as_slice());
    assert_eq!(u.inverse().as_slice(), du.inverse.as_slice());
    assert_eq!(u.values()[0], 1.0);
    assert!(u.values()[1].is_nan() && u.values()[2].is_nan());
}
