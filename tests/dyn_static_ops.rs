//! The static operations on shapes with `Dyn` axes — views, reshapes, reductions and sorts along
//! a const axis — against the same operation on the fully static shape and on `DynTensor`. Each
//! case runs for every way of making some axes of `[2, 3, 4]` run-time.

#![allow(clippy::op_ref)]

use shaped::{DynTensor, Tensor, axes, shape};

/// `x[a, b, c] = 100a + 10b + c`, with a few repeats so sorts and arg-reductions have ties.
fn value(i: usize) -> i64 {
    let (a, b, c) = (i / 12, i / 4 % 3, i % 4);
    let v = (100 * a + 10 * b + c) as i64;
    if i.is_multiple_of(5) { -v } else { v % 37 }
}

fn data() -> Vec<i64> {
    (0..24).map(value).collect()
}

fn dynamic() -> DynTensor<i64> {
    DynTensor::from_shape_vec(&[2, 3, 4], data()).unwrap()
}

fn fixed() -> Tensor<i64, shape![2, 3, 4]> {
    Tensor::try_from_slice(&data()).unwrap()
}

/// Shape and elements in row-major order.
fn parts<'a>(shape: &[usize], elems: impl Iterator<Item = &'a i64>) -> (Vec<usize>, Vec<i64>) {
    (shape.to_vec(), elems.copied().collect())
}

/// `unsqueeze::<$a>()` of the mixed and static tensors' views against `try_unsqueeze($a)`, and
/// `squeeze` of it back (also of its transpose).
macro_rules! for_each_position {
    ($m:expr, $s:expr, $d:expr, $a:literal) => {{
        let u = $m.view().unsqueeze::<$a>();
        let w = $d.view().try_unsqueeze($a).unwrap();
        assert_eq!(parts(u.shape(), u.iter()), parts(w.shape(), w.iter()));
        let v = $s.view().unsqueeze::<$a>();
        assert_eq!(parts(u.shape(), u.iter()), parts(v.shape(), v.iter()));
        let back = u.squeeze::<$a>();
        assert_eq!(
            parts(back.shape(), back.iter()),
            parts($s.shape(), $s.iter())
        );
        let t = u.t();
        let tt = t.squeeze::<{ -1 - $a }>();
        let want = $s.t();
        assert_eq!(
            parts(tt.shape(), tt.iter()),
            parts(want.shape(), want.iter())
        );
    }};
}

/// Each mix names the axes its windows and diagonal take (every axis of the shape, between
/// them; `static_views_of_run_time_strides` takes the `Dyn` ones of the others).
macro_rules! every_mix {
    ($($name:ident: $s:ty, narrow $na:literal, slice $sa:literal,
       diagonal $d1:literal $d2:literal $up:ty, $down:ty;)*) => {$(
        mod $name {
            use super::*;

            fn mixed() -> Tensor<i64, $s> {
                Tensor::from_shape_vec(&[2, 3, 4], data()).unwrap()
            }

            #[test]
            fn rearranging_views_match() {
                let (m, s, d) = (mixed(), fixed(), dynamic());
                let dv = d.view();
                let t = m.t();
                assert_eq!(parts(t.shape(), t.iter()), parts(s.t().shape(), s.t().iter()));
                let w = dv.try_swap_axes(0, -1).unwrap();
                let v = m.swap_axes::<0, -1>();
                assert_eq!(parts(v.shape(), v.iter()), parts(w.shape(), w.iter()));
                let w = dv.try_permute(&[2, 0, 1]).unwrap();
                let v = m.permute::<axes![2, 0, 1]>();
                assert_eq!(parts(v.shape(), v.iter()), parts(w.shape(), w.iter()));
                let w = dv.try_move_axis(0, -1).unwrap();
                let v = m.move_axis::<0, -1>();
                assert_eq!(parts(v.shape(), v.iter()), parts(w.shape(), w.iter()));
                // A view of a view of the mixed tensor, and its copy.
                let v = m.t().swap_axes::<0, 1>();
                let w = dv.try_permute(&[1, 2, 0]).unwrap();
                assert_eq!(parts(v.shape(), v.iter()), parts(w.shape(), w.iter()));
                assert_eq!(v.to_tensor().as_slice(), &w.to_vec()[..]);
                assert_eq!(v[[1, 3, 0]], d[&[0, 1, 3][..]]);
            }

            #[test]
            fn windows_and_diagonals_match() {
                let (m, s, d) = (mixed(), fixed(), dynamic());
                let dv = d.view();
                let v = m.try_narrow::<$na, shaped::Dim<2>>(1).unwrap();
                let w = s.try_narrow::<$na, shaped::Dim<2>>(1).unwrap();
                assert_eq!(parts(v.shape(), v.iter()), parts(w.shape(), w.iter()));
                let err = m.try_narrow::<$na, shaped::Dim<2>>(3).unwrap_err();
                assert!(matches!(err, shaped::ShapeError::Narrow { axis: $na, start: 3, .. }));
                // The same window with its length given at run time: axis `$na` becomes `Dyn`.
                let v = m.try_narrow_dyn::<$na>(1, 2).unwrap();
                assert_eq!(parts(v.shape(), v.iter()), parts(w.shape(), w.iter()));
                let v = s.try_narrow_dyn::<$na>(1, 2).unwrap();
                assert_eq!(parts(v.shape(), v.iter()), parts(w.shape(), w.iter()));
                let err = m.try_narrow_dyn::<$na>(3, 2).unwrap_err();
                assert!(matches!(err, shaped::ShapeError::Narrow { axis: $na, start: 3, .. }));
                let v = m.slice_axis::<$sa, 0, 2, shaped::Dim<2>>();
                let w = s.slice_axis::<$sa, 0, 2, shaped::Dim<2>>();
                assert_eq!(parts(v.shape(), v.iter()), parts(w.shape(), w.iter()));
                // numpy: x.diagonal(1, d1, d2) and x.diagonal(-1, d1, d2)
                let v = m.diagonal_to::<$d1, $d2, 1, $up>();
                let w = dv.try_diagonal(1, $d1, $d2).unwrap();
                assert_eq!(parts(v.shape(), v.iter()), parts(w.shape(), w.iter()));
                let v = m.diagonal_to::<$d1, $d2, -1, $down>();
                let w = dv.try_diagonal(-1, $d1, $d2).unwrap();
                assert_eq!(parts(v.shape(), v.iter()), parts(w.shape(), w.iter()));
                // Windows of a transposed view.
                let v = m.t().try_narrow::<{ -1 - $na }, shaped::Dim<2>>(1).unwrap();
                let w = s.t().try_narrow::<{ -1 - $na }, shaped::Dim<2>>(1).unwrap();
                assert_eq!(parts(v.shape(), v.iter()), parts(w.shape(), w.iter()));
            }

            #[test]
            fn views_along_an_axis_match() {
                let (m, s, d) = (mixed(), fixed(), dynamic());
                macro_rules! along {
                    ($axis:literal) => {{
                        let got: Vec<_> =
                            m.axis_iter::<$axis>().map(|v| parts(v.shape(), v.iter())).collect();
                        let want: Vec<_> =
                            s.axis_iter::<$axis>().map(|v| parts(v.shape(), v.iter())).collect();
                        let dynamic: Vec<_> = d
                            .try_axis_iter($axis)
                            .unwrap()
                            .map(|v| parts(v.shape(), v.iter()))
                            .collect();
                        assert_eq!(got, want);
                        assert_eq!(got, dynamic);
                        let got: Vec<_> =
                            m.lanes::<$axis>().map(|v| parts(v.shape(), v.iter())).collect();
                        let dynamic: Vec<_> = d
                            .try_lanes($axis)
                            .unwrap()
                            .map(|v| parts(v.shape(), v.iter()))
                            .collect();
                        assert_eq!(got, dynamic);
                        // Of a transposed view too.
                        let got: Vec<_> =
                            m.t().axis_iter::<$axis>().map(|v| parts(v.shape(), v.iter())).collect();
                        let dynamic: Vec<_> = d
                            .t()
                            .try_axis_iter($axis)
                            .unwrap()
                            .map(|v| parts(v.shape(), v.iter()))
                            .collect();
                        assert_eq!(got, dynamic);
                    }};
                }
                along!(0);
                along!(1);
                along!(-1);
            }

            #[test]
            fn view_squeezes_match() {
                let (m, s, d) = (mixed(), fixed(), dynamic());
                for_each_position!(m, s, d, 0);
                for_each_position!(m, s, d, 1);
                for_each_position!(m, s, d, -1);
                for_each_position!(m, s, d, 3);
            }

            #[test]
            fn reshapes_match() {
                let m = mixed();
                let r: Tensor<i64, shape![Dyn, 6]> = m.clone().reshape();
                assert_eq!((r.shape(), r.as_slice()), (&[4, 6][..], &data()[..]));
                let r: Tensor<i64, shape![6, 4]> = m.clone().reshape();
                assert_eq!(r.as_slice(), &data()[..]);
                assert!(m.clone().try_reshape::<shape![Dyn, 5]>().is_err());
                assert!(m.clone().try_reshape::<shape![5, 5]>().is_err());
                let u = m.clone().unsqueeze::<1>();
                assert_eq!((u.shape(), u.as_slice()), (&[2, 1, 3, 4][..], &data()[..]));
                let sq = u.squeeze::<1>();
                assert_eq!(sq.shape(), &[2, 3, 4]);
                let u = m.unsqueeze::<-1>();
                assert_eq!(u.shape(), &[2, 3, 4, 1]);
            }

            #[test]
            fn reductions_along_a_const_axis_match() {
                let (m, s, d) = (mixed(), fixed(), dynamic());
                macro_rules! same {
                    ($axis:literal, $st:ident, $dy:expr) => {{
                        let a = m.$st::<$axis>();
                        let b = s.$st::<$axis>();
                        let c = $dy;
                        assert_eq!(a.shape(), b.shape());
                        assert_eq!(a.as_slice(), b.as_slice());
                        assert_eq!(a.shape(), c.shape());
                        assert_eq!(a.as_slice(), &c.to_vec()[..]);
                    }};
                }
                same!(0, sum_axis, d.try_sum(0, false).unwrap());
                same!(-1, sum_axis, d.try_sum(-1, false).unwrap());
                same!(1, prod_axis, d.try_prod(1, false).unwrap());
                same!(-1, max_axis, d.try_max(-1, false).unwrap());
                same!(0, min_axis, d.try_min(0, false).unwrap());
                same!(1, argmax_axis, d.try_argmax(Some(1), false).unwrap());
                same!(-1, argmin_axis, d.try_argmin(Some(-1), false).unwrap());
                same!(1, sort_axis, d.try_sort(1).unwrap());
                same!(-1, sort_axis, d.try_sort(-1).unwrap());
                same!(0, argsort_axis, d.try_argsort(0).unwrap());
                assert_eq!((m.max(), m.min()), (s.max(), s.min()));
                let mut sorted = m.clone();
                sorted.sort_axis_mut::<-1>();
                assert_eq!(sorted.as_slice(), s.sort_axis::<-1>().as_slice());
                let u = m.unique_consecutive();
                assert_eq!(u.values(), s.unique_consecutive().values());
                assert_eq!(u.inverse().as_slice(), s.unique_consecutive().inverse().as_slice());
                let f = m.map(|x| x as f64);
                let mean = f.mean_axis::<1>();
                let want = d.map(|x| x as f64).try_mean(1, false).unwrap();
                assert_eq!((mean.shape(), mean.as_slice()), (want.shape(), &want.to_vec()[..]));
                assert_eq!(f.mean(), s.map(|x| x as f64).mean());
            }
        }
    )*};
}

use shaped::Dim;
every_mix! {
    batch: shape![Dyn, 3, 4], narrow -1, slice 1, diagonal 1 2 Dim<3>, Dim<2>;
    middle: shape![2, Dyn, 4], narrow -1, slice -1, diagonal 0 2 Dim<2>, Dim<1>;
    last: shape![2, 3, Dyn], narrow 1, slice 1, diagonal 0 1 Dim<2>, Dim<1>;
    outer_two: shape![Dyn, Dyn, 4], narrow -1, slice 1, diagonal 1 2 Dim<3>, Dim<2>;
    every: shape![Dyn, Dyn, Dyn], narrow -1, slice 1, diagonal 1 2 Dim<3>, Dim<2>;
}

#[test]
fn a_batch_window_is_static() {
    // Only the batch is run-time: its strides are constants, so a window of known length is a
    // fully static view.
    let x = Tensor::<i64, shape![Dyn, 3, 4]>::from_shape_vec(&[2, 3, 4], data()).unwrap();
    let first: shaped::TensorView<'_, i64, (shaped::Dim<1>, shaped::Dim<3>, shaped::Dim<4>), _> =
        x.try_narrow::<0, shaped::Dim<1>>(1).unwrap();
    assert_eq!(first.to_tensor().as_slice(), &data()[12..]);
    assert!(x.try_narrow::<0, shaped::Dim<3>>(0).is_err());
}

#[test]
#[should_panic(expected = "reduction")]
fn an_empty_run_time_axis_has_no_maximum() {
    let x = Tensor::<f32, shape![Dyn, 3]>::from_shape_vec(&[0, 3], vec![]).unwrap();
    let _ = x.max_axis::<0>();
}

#[test]
fn sums_over_an_empty_run_time_axis_are_the_identity() {
    let x = Tensor::<f32, shape![Dyn, 3]>::from_shape_vec(&[0, 3], vec![]).unwrap();
    assert_eq!(x.sum_axis::<0>().as_slice(), &[0.0; 3]);
    assert_eq!(x.prod_axis::<0>().as_slice(), &[1.0; 3]);
    assert_eq!(x.sum_axis::<1>().shape(), &[0]);
}

#[test]
#[should_panic(expected = "slice_axis")]
fn a_slice_past_a_run_time_axis_panics() {
    let x = Tensor::<i64, shape![Dyn, 4]>::from_shape_vec(&[2, 4], data()[..8].to_vec()).unwrap();
    let _ = x.slice_axis::<0, 1, 1, shaped::Dim<2>>();
}

#[test]
#[should_panic(expected = "cannot reshape")]
fn a_reshape_to_another_count_panics() {
    let x = Tensor::<i64, shape![Dyn, 4]>::from_shape_vec(&[2, 4], data()[..8].to_vec()).unwrap();
    let _: Tensor<i64, shape![3, 3]> = x.reshape();
}

#[test]
fn windows_of_an_empty_source_reach_nothing() {
    // Found by fuzzing: a window that fits its axis, of a source with no elements (another axis
    // 0), started past the end of the empty buffer.
    let s = Tensor::<f32, shape![0, 4]>::zeros();
    assert_eq!(
        s.try_narrow::<1, shaped::Dim<2>>(1).unwrap().shape(),
        &[0, 2]
    );
    assert_eq!(s.slice_axis::<1, 1, 2, shaped::Dim<2>>().len(), 0);
    assert_eq!(s.diagonal_to::<0, 1, -1, shaped::Dim<0>>().len(), 0);
    let d = Tensor::<f32, shape![Dyn, Dyn]>::from_shape_vec(&[0, 4], vec![]).unwrap();
    assert_eq!(
        d.try_narrow::<1, shaped::Dim<2>>(1).unwrap().shape(),
        &[0, 2]
    );
    assert_eq!(d.slice_axis::<1, 1, 2, shaped::Dim<2>>().len(), 0);
    let x = Tensor::<f32, shape![Dyn, 3, Dyn]>::from_shape_vec(&[2, 3, 0], vec![]).unwrap();
    assert_eq!(x.diagonal_to::<0, 1, 1, shaped::Dim<2>>().shape(), &[0, 2]);
}

#[test]
fn lanes_and_entries_of_static_and_empty_shapes() {
    let m = Tensor::<i64, shape![2, 3]>::try_from_slice(&[1, 2, 3, 4, 5, 6]).unwrap();
    let cols: Vec<i64> = m.lanes::<0>().map(|c| c.iter().sum()).collect();
    assert_eq!(cols, [5, 7, 9]);
    assert_eq!(m.axis_iter::<-1>().len(), 3);
    let e = Tensor::<i64, shape![Dyn, 3]>::from_shape_vec(&[0, 3], vec![]).unwrap();
    assert_eq!(e.axis_iter::<0>().count(), 0);
    assert_eq!(
        e.axis_iter::<1>().map(|v| v.len()).collect::<Vec<_>>(),
        [0, 0, 0]
    );
    assert_eq!(
        e.lanes::<0>().map(|v| v.shape()[0]).collect::<Vec<_>>(),
        [0, 0, 0]
    );
    assert_eq!(e.lanes::<1>().count(), 0);
}

#[test]
fn static_views_of_run_time_strides() {
    // A window of the run-time axis of `[2, Dyn]` is a `[2, 2]`, its strides known at run time:
    // it keeps them, and operations with it take their run-time arm.
    let x = Tensor::<i64, shape![2, Dyn]>::from_shape_vec(&[2, 5], (0..10).collect()).unwrap();
    let w: shaped::TensorView<'_, i64, (shaped::Dim<2>, shaped::Dim<2>), _> =
        x.try_narrow::<1, shaped::Dim<2>>(3).unwrap();
    assert_eq!(w.strides(), &[5, 1]);
    assert_eq!(w.iter().copied().collect::<Vec<_>>(), [3, 4, 8, 9]);
    let sum: Tensor<i64, shape![2, 2]> =
        &w + &Tensor::<i64, shape![2]>::try_from_slice(&[100, 200]).unwrap();
    assert_eq!(sum.as_slice(), &[103, 204, 108, 209]);
    assert_eq!(w.to_tensor().as_slice(), &[3, 4, 8, 9]);
    assert_eq!(w.t()[[1, 0]], 4);
    // Columns of `[3, Dyn]` are `[3]` lanes of stride n.
    let m = Tensor::<i64, shape![3, Dyn]>::from_shape_vec(&[3, 4], (0..12).collect()).unwrap();
    let cols: Vec<i64> = m.lanes::<0>().map(|c| c.iter().sum()).collect();
    assert_eq!(cols, [12, 15, 18, 21]);
    let rows: Vec<Vec<i64>> = m
        .axis_iter::<1>()
        .map(|c| c.iter().copied().collect())
        .collect();
    assert_eq!(rows[3], [3, 7, 11]);
    let d = shaped::DynTensor::from_shape_vec(&[2, 2], vec![1i64, 1, 1, 1]).unwrap();
    assert_eq!(d.try_add(&w).unwrap().to_vec(), [4, 5, 9, 10]);
    let p = w.matmul(&Tensor::<i64, shape![2, 1]>::try_from_slice(&[1, 1]).unwrap());
    assert_eq!(p.as_slice(), &[7, 17]);
}

#[test]
fn broadcasts_of_run_time_shapes_match_numpy() {
    // np.broadcast_to(np.arange(3), (4, 3)) and np.broadcast_to(x[:, None], (2, 4)).
    let row = Tensor::<i64, shape![Dyn]>::from_shape_vec(&[3], vec![1, 2, 3]).unwrap();
    let v = row.try_broadcast_to::<shape![Dyn, 3]>(&[4, 3]).unwrap();
    assert_eq!((v.shape(), v.strides()), (&[4, 3][..], &[0, 1][..]));
    assert_eq!(
        v.iter().copied().collect::<Vec<_>>(),
        [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]
    );
    let s = v.to_tensor();
    assert_eq!(s.shape(), &[4, 3]);
    // A Dyn axis of the target aligned with the source's takes its extent.
    let col = Tensor::<i64, shape![Dyn, 1]>::from_shape_vec(&[2, 1], vec![5, 6]).unwrap();
    let w = col.broadcast_to::<shape![Dyn, 4]>();
    assert_eq!(
        w.iter().copied().collect::<Vec<_>>(),
        [5, 5, 5, 5, 6, 6, 6, 6]
    );
    let fixed = Tensor::<i64, shape![3]>::try_from_slice(&[7, 8, 9]).unwrap();
    let u = fixed.try_broadcast_to::<shape![Dyn, 3]>(&[2, 3]).unwrap();
    assert_eq!(u.iter().copied().collect::<Vec<_>>(), [7, 8, 9, 7, 8, 9]);
    // Errors name the shapes and the axis, as numpy's refusal.
    let err = row
        .try_broadcast_to::<shape![Dyn, Dyn]>(&[2, 4])
        .unwrap_err();
    assert!(
        matches!(err, shaped::ShapeError::NotBroadcastableTo { axis: -1, .. }),
        "{err}"
    );
    assert!(fixed.try_broadcast_to::<shape![Dyn, 3]>(&[2, 4]).is_err());
    let stretched = col.try_broadcast_to::<shape![Dyn, 4]>(&[3, 4]).unwrap_err();
    assert!(matches!(
        stretched,
        shaped::ShapeError::NotBroadcastableTo { axis: -2, .. }
    ));
    // The result is an operand like any view.
    let sum: Tensor<i64, shape![Dyn, 4]> = &w + &Tensor::<i64, shape![4]>::filled(1);
    assert_eq!(sum.as_slice(), &[6, 6, 6, 6, 7, 7, 7, 7]);
}

#[test]
#[should_panic(expected = "cannot broadcast [3] to [2, 4]")]
fn broadcast_to_panics_with_the_error() {
    let row = Tensor::<i64, shape![Dyn]>::from_shape_vec(&[3], vec![1, 2, 3]).unwrap();
    let _ = row.broadcast_to::<shape![2, 4]>();
}

/// Every element of the static view `v` is the dynamic view's at the same index, in the same
/// row-major order.
fn same_elements<S: shaped::Shape, L: shaped::Layout<S>>(
    v: &shaped::TensorView<'_, i64, S, L>,
    dv: &shaped::DynView<'_, i64>,
) {
    assert_eq!(v.shape(), dv.shape());
    assert_eq!(v.len(), dv.len());
    for (index, x) in v.indexed_iter() {
        assert_eq!(Some(x), dv.get(index.as_ref()), "at {index:?}");
    }
    assert_eq!(v.iter().collect::<Vec<_>>(), dv.iter().collect::<Vec<_>>());
}

#[test]
fn dynamic_views_become_static_views_with_their_strides() {
    use shaped::{Strided, TensorView, s};
    let d = dynamic();
    // Whole, transposed, permuted, stepped, broadcast (stride 0) and diagonal dynamic views.
    let whole = d.view();
    let v: TensorView<'_, i64, shape![2, 3, 4], Strided> = whole.clone().try_into_static().unwrap();
    same_elements(&v, &whole);
    let t = d.t(); // [4, 3, 2], strides [1, 4, 12]
    let v = t.clone().try_into_static::<shape![4, 3, 2]>().unwrap();
    assert_eq!(v.strides(), &[1, 4, 12]);
    same_elements(&v, &t);
    let v = t.clone().try_into_static::<shape![Dyn, 3, Dyn]>().unwrap();
    same_elements(&v, &t);
    // A transposed view as an operand: the same sum as the dynamic path's.
    let sum = &v + &Tensor::<i64, shape![3, 1]>::from_fn(|[i, _]| 1000 * i as i64);
    let want = t
        .try_add(&DynTensor::from_shape_vec(&[3, 1], vec![0, 1000, 2000]).unwrap())
        .unwrap();
    assert_eq!(
        (sum.shape(), &sum.as_slice().to_vec()),
        (want.shape(), &want.to_vec())
    );
    let p = d.view().try_permute(&[1, 2, 0]).unwrap();
    same_elements(
        &p.clone().try_into_static::<shape![3, Dyn, 2]>().unwrap(),
        &p,
    );
    let stepped = d.try_slice(&s![.., 1.., ..;2]).unwrap(); // [2, 2, 2], offset 4
    same_elements(
        &stepped
            .clone()
            .try_into_static::<shape![2, 2, 2]>()
            .unwrap(),
        &stepped,
    );
    let row = DynTensor::from_shape_vec(&[3], vec![7i64, 8, 9]).unwrap();
    let b = row.try_broadcast_to(&[2, 3]).unwrap();
    let v = b.clone().try_into_static::<shape![Dyn, 3]>().unwrap();
    assert_eq!(v.strides(), &[0, 1]);
    same_elements(&v, &b);
    let diag = d.view().try_diagonal(1, 1, 2).unwrap(); // [2, 3]
    same_elements(
        &diag.clone().try_into_static::<shape![2, Dyn]>().unwrap(),
        &diag,
    );
    // Views of the static view: a window and a transpose, against the dynamic ones.
    let v = t.clone().try_into_static::<shape![4, 3, 2]>().unwrap();
    let w = v.try_narrow_dyn::<0>(1, 2).unwrap();
    let dw = t.try_slice(&s![1..3]).unwrap();
    same_elements(&w, &dw);
    let vt = v.t();
    same_elements(&vt, &d.view());
    // An empty view, and a reversed axis of one element (it never moves along its stride).
    let empty = d.try_slice(&s![2.., ..;-1]).unwrap();
    assert_eq!(empty.shape(), &[0, 3, 4]);
    let v = empty
        .clone()
        .try_into_static::<shape![Dyn, 3, 4]>()
        .unwrap();
    assert!(v.is_empty() && v.iter().next().is_none());
    let one = shaped::DynView::try_as_strided(d.as_slice(), &[1, 3, 4], &[-12, 4, 1], 12).unwrap();
    assert_eq!((one.shape(), one.strides()[0]), (&[1, 3, 4][..], -12));
    same_elements(
        &one.clone().try_into_static::<shape![1, 3, 4]>().unwrap(),
        &one,
    );
}

#[test]
fn dynamic_views_that_do_not_fit_are_typed_errors() {
    use shaped::{ShapeError, s};
    let d = dynamic();
    // Another rank: `StaticMismatch` for a fully known shape, `Rank` for one with `Dyn`.
    let e = d.view().try_into_static::<shape![6, 4]>().unwrap_err();
    assert!(matches!(e, ShapeError::StaticMismatch { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "a tensor of shape [2, 3, 4] cannot become a static tensor of shape [6, 4]; reshape or \
         broadcast it first"
    );
    let e = d.view().try_into_static::<shape![Dyn, 4]>().unwrap_err();
    assert!(matches!(e, ShapeError::Rank { rank: 2, .. }), "{e}");
    // A known extent that differs names both shapes.
    let e = d.t().try_into_static::<shape![Dyn, 3, 4]>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "a tensor of shape [4, 3, 2] cannot become a static tensor of shape [4, 3, 4]; reshape \
         or broadcast it first"
    );
    // A flipped axis: static strides are unsigned.
    let flipped = d.try_slice(&s![.., ..;-1, ..]).unwrap();
    let e = flipped.try_into_static::<shape![2, 3, 4]>().unwrap_err();
    assert_eq!(
        e,
        ShapeError::NegativeStride {
            shape: shaped::error::Dims::new(&[2, 3, 4]),
            axis: 1
        }
    );
    assert!(e.to_string().contains("walks axis 1 backwards"), "{e}");
}

#[test]
fn packed_dynamic_views_become_row_major_static_views() {
    use shaped::{ShapeError, TensorView, s};
    let d = dynamic();
    let v = TensorView::<i64, shape![2, 3, 4]>::try_from(d.view()).unwrap();
    assert_eq!(v.strides(), &[12, 4, 1]);
    same_elements(&v, &d.view());
    assert_eq!(v, fixed().view());
    // A packed part past the buffer's start, and a shape with `Dyn`.
    let tail = d.try_slice(&s![1.., ..]).unwrap();
    let v = TensorView::<i64, shape![Dyn, 3, 4]>::try_from(tail.clone()).unwrap();
    same_elements(&v, &tail);
    let v: TensorView<'_, i64, shape![1, 3, 4]> = tail.clone().try_into().unwrap();
    same_elements(&v, &tail);
    // Not packed row-major: transposed, stepped, broadcast.
    for (what, view) in [
        ("transposed", d.view().try_swap_axes(0, 1).unwrap()),
        ("stepped", d.try_slice(&s![.., .., ..;2]).unwrap()),
    ] {
        let shape = view.shape().to_vec();
        let e = match shape.as_slice() {
            [3, 2, 4] => TensorView::<i64, shape![3, 2, 4]>::try_from(view).map(|_| ()),
            _ => TensorView::<i64, shape![Dyn, 3, 2]>::try_from(view).map(|_| ()),
        }
        .unwrap_err();
        assert_eq!(
            e,
            ShapeError::NotRowMajor {
                shape: shaped::error::Dims::new(&shape)
            },
            "{what}"
        );
        assert!(
            e.to_string().contains("not packed in row-major order"),
            "{e}"
        );
    }
    let row = DynTensor::from_shape_vec(&[3], vec![7i64, 8, 9]).unwrap();
    let b = row.try_broadcast_to(&[2, 3]).unwrap();
    assert!(matches!(
        TensorView::<i64, shape![2, 3]>::try_from(b),
        Err(ShapeError::NotRowMajor { .. })
    ));
    // The shape is checked first.
    assert!(matches!(
        TensorView::<i64, shape![4, 3, 2]>::try_from(d.view()),
        Err(ShapeError::StaticMismatch { .. })
    ));
}
