//! Every static reduction, scan, sort and unique run on every receiver: an owned tensor, a
//! contiguous view, a transposed, a swapped, a stepped and a broadcast view, a mutable view and a
//! `Box`, with and without a `Dyn` axis. Each result is checked against the dynamic path's on
//! the same elements (an engine of its own): bit-equal for integers, maxima, minima, positions
//! and sorts; float sums and means within `n·ε·Σ|x|`.

use shaped::{Dim, DynTensor, Tensor, TensorView, TensorViewMut, shape, tensor};

/// A float with repeats, a `NaN` every 23rd, `-0.0` every 13th.
fn value(i: usize) -> f64 {
    match i {
        _ if i % 23 == 17 => f64::NAN,
        _ if i % 13 == 7 => -0.0,
        _ => ((i * 7) % 9) as f64 * 0.37 - 1.1,
    }
}

/// An integer with repeats and large magnitudes, so sums and products wrap.
fn int(i: usize) -> i32 {
    ((i * 2_654_435_761) % 1_000_003) as i32 - 500_000
}

/// Equal element by element, `NaN` equal to `NaN`.
fn same<T: PartialEq + Copy + core::fmt::Debug>(got: &[T], want: &[T], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    #[allow(clippy::eq_op)]
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(g == w || (g != g && w != w), "{what}[{i}]: {g:?} vs {w:?}");
    }
}

/// Within `n·ε·Σ|x|` of each other, `NaN` equal to `NaN` (`n` the elements folded, `mag` their
/// absolute sum, both bounded over the whole operand).
fn close(got: &[f64], want: &[f64], n: usize, mag: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    let tol = n as f64 * f64::EPSILON * mag;
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol || g.is_nan() && w.is_nan(),
            "{what}[{i}]: {g} vs {w} (tolerance {tol})"
        );
    }
}

/// The dynamic twin of a receiver's elements, in its row-major order.
fn twin<T: Copy, S: shaped::Shape, L: shaped::Layout<S>>(
    v: TensorView<'_, T, S, L>,
) -> DynTensor<T> {
    let owned = v.to_tensor();
    DynTensor::from_shape_vec(owned.shape(), owned.as_slice().to_vec()).unwrap()
}

/// The float operations along axis `$a` of receiver `$v` against its dynamic twin `$d`.
macro_rules! float_axis {
    ($v:expr, $d:expr, $a:literal, $what:expr) => {{
        let (v, d) = (&$v, &$d);
        let what = |op: &str| format!("{} {op} axis {}", $what, $a);
        let n = d.len();
        let mag: f64 = d
            .as_slice()
            .iter()
            .filter(|x| !x.is_nan())
            .map(|x| x.abs())
            .sum();
        close(
            v.sum_axis::<$a>().as_slice(),
            d.try_sum($a, false).unwrap().as_slice(),
            n,
            mag,
            &what("sum"),
        );
        close(
            v.mean_axis::<$a>().as_slice(),
            d.try_mean($a, false).unwrap().as_slice(),
            n,
            mag,
            &what("mean"),
        );
        close(
            v.var_axis::<$a>(1).as_slice(),
            d.try_var($a, 1, false).unwrap().as_slice(),
            n,
            mag * mag,
            &what("var"),
        );
        close(
            v.std_axis::<$a>(0).as_slice(),
            d.try_std($a, 0, false).unwrap().as_slice(),
            n,
            mag,
            &what("std"),
        );
        close(
            v.cumsum_axis::<$a>().as_slice(),
            d.try_cumsum(Some($a)).unwrap().as_slice(),
            n,
            mag,
            &what("cumsum"),
        );
        same(
            v.max_axis::<$a>().as_slice(),
            d.try_max($a, false).unwrap().as_slice(),
            &what("max"),
        );
        same(
            v.min_axis::<$a>().as_slice(),
            d.try_min($a, false).unwrap().as_slice(),
            &what("min"),
        );
        same(
            v.argmax_axis::<$a>().as_slice(),
            d.try_argmax(Some($a), false).unwrap().as_slice(),
            &what("argmax"),
        );
        same(
            v.argmin_axis::<$a>().as_slice(),
            d.try_argmin(Some($a), false).unwrap().as_slice(),
            &what("argmin"),
        );
        same(
            v.sort_axis::<$a>().as_slice(),
            d.try_sort($a).unwrap().as_slice(),
            &what("sort"),
        );
        same(
            v.argsort_axis::<$a>().as_slice(),
            d.try_argsort($a).unwrap().as_slice(),
            &what("argsort"),
        );
        // keepdims: the same values, the shape with 1 at the axis (numpy's).
        let kept = v.max_axis_keepdims::<$a>();
        same(
            kept.as_slice(),
            v.max_axis::<$a>().as_slice(),
            &what("max keepdims"),
        );
        assert_eq!(
            kept.shape(),
            d.try_max($a, true).unwrap().shape(),
            "{}",
            what("keepdims shape")
        );
        close(
            v.mean_axis_keepdims::<$a>().as_slice(),
            d.try_mean($a, true).unwrap().as_slice(),
            n,
            mag,
            &what("mean keepdims"),
        );
    }};
}

/// The integer operations along axis `$a` of receiver `$v` against its dynamic twin `$d`.
macro_rules! int_axis {
    ($v:expr, $d:expr, $a:literal, $what:expr) => {{
        let (v, d) = (&$v, &$d);
        let what = |op: &str| format!("{} {op} axis {}", $what, $a);
        same(
            v.sum_axis::<$a>().as_slice(),
            d.try_sum($a, false).unwrap().as_slice(),
            &what("sum"),
        );
        same(
            v.prod_axis::<$a>().as_slice(),
            d.try_prod($a, false).unwrap().as_slice(),
            &what("prod"),
        );
        same(
            v.max_axis::<$a>().as_slice(),
            d.try_max($a, false).unwrap().as_slice(),
            &what("max"),
        );
        same(
            v.min_axis::<$a>().as_slice(),
            d.try_min($a, false).unwrap().as_slice(),
            &what("min"),
        );
        same(
            v.argmax_axis::<$a>().as_slice(),
            d.try_argmax(Some($a), false).unwrap().as_slice(),
            &what("argmax"),
        );
        same(
            v.argmin_axis::<$a>().as_slice(),
            d.try_argmin(Some($a), false).unwrap().as_slice(),
            &what("argmin"),
        );
        same(
            v.cumsum_axis::<$a>().as_slice(),
            d.try_cumsum(Some($a)).unwrap().as_slice(),
            &what("cumsum"),
        );
        same(
            v.cumprod_axis::<$a>().as_slice(),
            d.try_cumprod(Some($a)).unwrap().as_slice(),
            &what("cumprod"),
        );
        same(
            v.sort_axis::<$a>().as_slice(),
            d.try_sort($a).unwrap().as_slice(),
            &what("sort"),
        );
        same(
            v.argsort_axis::<$a>().as_slice(),
            d.try_argsort($a).unwrap().as_slice(),
            &what("argsort"),
        );
        same(
            v.sum_axis_keepdims::<$a>().as_slice(),
            d.try_sum($a, true).unwrap().as_slice(),
            &what("sum keepdims"),
        );
        same(
            v.argmin_axis_keepdims::<$a>().as_slice(),
            d.try_argmin(Some($a), true).unwrap().as_slice(),
            &what("argmin keepdims"),
        );
    }};
}

/// Every float operation of a rank-3 receiver.
macro_rules! floats {
    ($v:expr, $what:expr) => {{
        let v = &$v;
        let d = twin(v.view());
        float_axis!(v, d, 0, $what);
        float_axis!(v, d, 1, $what);
        float_axis!(v, d, 2, $what);
        float_axis!(v, d, -1, $what);
        let n = d.len();
        let mag: f64 = d
            .as_slice()
            .iter()
            .filter(|x| !x.is_nan())
            .map(|x| x.abs())
            .sum();
        close(
            &[v.sum()],
            d.try_sum(None, false).unwrap().as_slice(),
            n,
            mag,
            &format!("{} sum", $what),
        );
        close(
            &[v.mean()],
            d.try_mean(None, false).unwrap().as_slice(),
            n,
            mag,
            &format!("{} mean", $what),
        );
        same(
            &[v.max()],
            d.try_max(None, false).unwrap().as_slice(),
            &format!("{} max", $what),
        );
        same(
            &[v.min()],
            d.try_min(None, false).unwrap().as_slice(),
            &format!("{} min", $what),
        );
        let runs = v.unique_consecutive();
        let want = d.try_unique_consecutive(None).unwrap();
        same(
            runs.values(),
            want.values.as_slice(),
            &format!("{} unique", $what),
        );
        same(
            runs.counts(),
            want.counts.as_slice(),
            &format!("{} counts", $what),
        );
    }};
}

/// Every integer operation of a rank-3 receiver.
macro_rules! ints {
    ($v:expr, $what:expr) => {{
        let v = &$v;
        let d = twin(v.view());
        int_axis!(v, d, 0, $what);
        int_axis!(v, d, 1, $what);
        int_axis!(v, d, 2, $what);
        int_axis!(v, d, -1, $what);
        let w = format!("{} whole", $what);
        same(&[v.sum()], d.try_sum(None, false).unwrap().as_slice(), &w);
        same(
            &[v.product()],
            d.try_prod(None, false).unwrap().as_slice(),
            &w,
        );
        same(&[v.max()], d.try_max(None, false).unwrap().as_slice(), &w);
        same(&[v.min()], d.try_min(None, false).unwrap().as_slice(), &w);
    }};
}

#[test]
fn floats_on_every_receiver() {
    let x = Tensor::<f64, shape![3, 4, 5]>::from_flat_fn(value);
    floats!(x, "tensor");
    floats!(x.view(), "view");
    floats!(x.t(), "transposed");
    floats!(x.swap_axes::<0, 1>(), "swapped");
    floats!(x.t().swap_axes::<0, 2>(), "transposed back");
    floats!(x.slice_axis::<2, 1, 2, Dim<2>>(), "stepped");
    let mut nested = x.into_array();
    floats!(
        TensorView::<f64, shape![3, 4, 5]>::from_array(&nested),
        "array view"
    );
    floats!(
        TensorViewMut::<f64, shape![3, 4, 5]>::from_array_mut(&mut nested),
        "array view mut"
    );
    let row = Tensor::<f64, shape![4, 5]>::from_flat_fn(|i| value(3 * i + 1));
    floats!(row.broadcast_to::<shape![3, 4, 5]>(), "broadcast");
    let mut data = x.as_slice().to_vec();
    floats!(
        TensorViewMut::<f64, shape![3, 4, 5]>::try_from_slice(&mut data).unwrap(),
        "mutable view"
    );
    floats!(Box::new(x), "box");
}

#[test]
fn floats_with_a_dyn_axis() {
    let x = Tensor::<f64, shape![Dyn, 4, 5]>::from_shape_fn(&[3, 4, 5], |[i, j, k]| {
        value(20 * i + 5 * j + k)
    })
    .unwrap();
    floats!(x, "dyn tensor");
    floats!(x.view(), "dyn view");
    floats!(x.t(), "dyn transposed");
    floats!(x.swap_axes::<0, 1>(), "dyn swapped");
    floats!(x.slice_axis::<2, 1, 2, Dim<2>>(), "dyn stepped");
    let mut y = x.clone();
    floats!(y.view_mut(), "dyn mutable view");
    floats!(x.try_narrow_dyn::<1>(1, 3).unwrap(), "run-time window");
    let d = DynTensor::from_shape_vec(&[5, 4, 3], x.t().to_tensor().as_slice().to_vec()).unwrap();
    let dt = d.view().try_permute(&[2, 1, 0]).unwrap();
    floats!(
        dt.try_into_static::<shape![3, 4, Dyn]>().unwrap(),
        "static view of a DynView"
    );
}

#[test]
fn ints_on_every_receiver() {
    let x = Tensor::<i32, shape![3, 4, 5]>::from_flat_fn(int);
    ints!(x, "tensor");
    ints!(x.view(), "view");
    ints!(x.t(), "transposed");
    ints!(x.swap_axes::<1, 2>(), "swapped");
    ints!(x.slice_axis::<1, 1, 2, Dim<2>>(), "stepped");
    let row = Tensor::<i32, shape![5]>::from_flat_fn(|i| int(i + 7) % 4);
    ints!(row.broadcast_to::<shape![3, 4, 5]>(), "broadcast");
    let mut data = x.as_slice().to_vec();
    ints!(
        TensorViewMut::<i32, shape![3, 4, 5]>::try_from_slice(&mut data).unwrap(),
        "mutable view"
    );
    let xd = Tensor::<i32, shape![3, Dyn, 5]>::from_shape_fn(&[3, 4, 5], |[i, j, k]| {
        int(20 * i + 5 * j + k)
    })
    .unwrap();
    ints!(xd, "dyn tensor");
    ints!(xd.t(), "dyn transposed");
}

/// The sums of a transposed `[64, 64]` view along each axis, through both loops of the walk
/// (lanes of adjacent elements, and rows), against sums written out.
#[test]
fn transposed_sums_match_written_out_loops() {
    let x = Tensor::<i64, shape![64, 64]>::from_flat_fn(|i| (i as i64 * 37) % 101 - 50);
    let t = x.t();
    let rows = t.sum_axis::<0>(); // t's lanes along axis 0 are x's rows: adjacent elements
    let cols = t.sum_axis::<1>(); // t's rows along axis 1 are x's columns: folded as rows
    for j in 0..64 {
        let (mut r, mut c) = (0, 0);
        for i in 0..64 {
            r += x[[j, i]];
            c += x[[i, j]];
        }
        assert_eq!((rows[[j]], cols[[j]]), (r, c), "position {j}");
    }
}

#[test]
fn keepdims_shapes_are_numpys() {
    use shaped::One;
    use static_assertions::assert_type_eq_all;
    type S = shape![2, 3, 4];
    let x = Tensor::<f32, S>::from_flat_fn(|i| i as f32);
    let t = x.t(); // [4, 3, 2]
    fn shape_of<T, S: shaped::Shape>(_: &Tensor<T, S>) -> core::marker::PhantomData<S> {
        core::marker::PhantomData
    }
    let _: core::marker::PhantomData<(Dim<4>, Dim<3>, One)> =
        shape_of(&t.sum_axis_keepdims::<-1>());
    let _: core::marker::PhantomData<(One, Dim<3>, Dim<2>)> =
        shape_of(&t.argmax_axis_keepdims::<0>());
    assert_type_eq_all!(<S as shaped::KeepDims<1>>::Kept, (Dim<2>, One, Dim<4>));
    assert_type_eq_all!(
        <shape![Dyn, 4] as shaped::KeepDims<-1>>::Kept,
        (shaped::Dyn, One)
    );
    // numpy: np.arange(24.).reshape(2, 3, 4).T.sum(axis=1, keepdims=True)
    let want = tensor![
        [[12.0f32, 48.0]],
        [[15.0, 51.0]],
        [[18.0, 54.0]],
        [[21.0, 57.0]]
    ];
    assert_eq!(t.sum_axis_keepdims::<1>(), want);
}

/// Sorts along an axis across rows, in place, on a tensor and on a mutable view.
#[test]
fn sort_axis_mut_across_rows() {
    let mut m = tensor![[3, 1, 2], [0, 9, 4], [5, 5, -1]];
    m.sort_axis_mut::<0>();
    assert_eq!(m, tensor![[0, 1, -1], [3, 5, 2], [5, 9, 4]]);
    let mut data = [3.0, 1.0, f64::NAN, 0.0, -0.0, 4.0];
    let mut v = TensorViewMut::<f64, shape![2, 3]>::try_from_slice(&mut data).unwrap();
    v.sort_axis_mut::<0>();
    same(&data, &[0.0, -0.0, 4.0, 3.0, 1.0, f64::NAN], "sorted view");
    assert!(
        data[0].is_sign_positive() && data[1].is_sign_negative(),
        "stable"
    );
}
