//! Static views and moves against their dynamic twins: the same operation on the same elements
//! through `DynTensor` (checked against numpy in `dynamic_views.rs`) gives the same shape and
//! elements. Also: views as operands of broadcasting arithmetic.

#![allow(clippy::op_ref)]

use shaped::{DynTensor, Tensor, shape, tensor};

#[path = "common/skips.rs"]
mod skips;
use skips::skips_agree;

/// `arange` of a static shape, and the same as a `DynTensor`.
fn pair<S: shaped::Shape>() -> (Tensor<i64, S>, DynTensor<i64>) {
    let t = Tensor::<i64, S>::from_flat_fn(|i| i as i64);
    let d = t.clone().into_dyn();
    (t, d)
}

/// `t.$stat::<a, b>()` against `d.$dynamic(a, b)` for each pair of axes: shape and elements.
macro_rules! same_as_dynamic {
    ($t:ident, $d:ident, $stat:ident, $dynamic:ident: $($a:literal $b:literal),*) => {$(
        let v = $t.$stat::<$a, $b>();
        let dv = $d.$dynamic($a, $b).unwrap();
        let what = concat!(stringify!($stat), " ", $a, " ", $b);
        assert_eq!(v.shape(), dv.shape(), "{what}");
        assert_eq!(v.to_tensor().as_slice(), &dv.to_vec()[..], "{what}");
    )*};
}

#[test]
fn transpose_matches_dynamic() {
    let (t, d) = pair::<shape![2, 3, 4]>();
    let v = t.t();
    assert_eq!(v.shape(), d.t().shape());
    assert_eq!(v.to_tensor().as_slice(), &d.t().to_vec()[..]);
    // A transpose of a transpose is the tensor again.
    assert_eq!(v.t().to_tensor(), t);
    // Rank 0 and 1: nothing moves.
    let (s, ds) = pair::<shape![]>();
    assert_eq!(s.t().to_tensor().as_slice(), &ds.t().to_vec()[..]);
    let (r, dr) = pair::<shape![5]>();
    assert_eq!(r.t().to_tensor().as_slice(), &dr.t().to_vec()[..]);
}

#[test]
fn swap_axes_matches_dynamic() {
    let (t, d) = pair::<shape![2, 1, 3, 4]>();
    same_as_dynamic!(t, d, swap_axes, try_swap_axes: 0 1, 0 3, 1 -1, -1 -4, 2 2, -2 0);
    // A swap of a swap, on a view.
    let back = t.swap_axes::<0, 3>().swap_axes::<-1, 0>().to_tensor();
    assert_eq!(back, t);
}

#[test]
fn moves_match_dynamic_reshape() {
    let (t, d) = pair::<shape![2, 3]>();
    let r: Tensor<i64, shape![3, 1, 2]> = t.reshape();
    let dr = d.clone().try_reshape(&[3, 1, 2]).unwrap();
    assert_eq!((r.shape(), r.as_slice()), (dr.shape(), dr.as_slice()));
    let u = t.unsqueeze::<1>();
    assert_eq!(u.shape(), d.try_unsqueeze(1).unwrap().shape());
    assert_eq!(u.shape(), &[2, 1, 3]);
    let u = t.unsqueeze::<-1>();
    assert_eq!(u.shape(), &[2, 3, 1]);
    assert_eq!(u.squeeze::<2>(), t);
    let s = Tensor::<i64, shape![1, 3, 1]>::from_flat_fn(|i| i as i64);
    assert_eq!(s.squeeze::<0>().squeeze::<-1>(), tensor![0, 1, 2]);
    assert_eq!(Tensor::<i64, shape![1]>::filled(7).squeeze::<0>()[[]], 7);
}

#[test]
fn views_are_operands_with_compile_time_broadcasting() {
    let m = tensor![[1, 2, 3], [4, 5, 6]];
    // [3, 2] (a transpose) + [2] -> [3, 2]
    let a: Tensor<i32, shape![3, 2]> = &m.t() + &tensor![10, 20];
    assert_eq!(a, tensor![[11, 24], [12, 25], [13, 26]]);
    // [3, 2] + [3, 1]
    let b = m.t().zip_map(&tensor![[1], [2], [3]], |x, y| x * y);
    assert_eq!(b, tensor![[1, 4], [4, 10], [9, 18]]);
    // Into a destination, and in place through a mutable view.
    let mut out = Tensor::<i32, shape![3, 2]>::zeros();
    m.t().add_to(&m.t(), &mut out);
    assert_eq!(out, tensor![[2, 8], [4, 10], [6, 12]]);
    out -= m.t();
    assert_eq!(out, m.t().to_tensor());
    // Against the dynamic planner on a larger transposed add.
    let (x, dx) = pair::<shape![16, 24]>();
    let y = Tensor::<i64, shape![24, 16]>::from_flat_fn(|i| 1000 * i as i64);
    let got = &x.t() + &y;
    let want = dx.t().try_add(&y.into_dyn()).unwrap();
    assert_eq!(got.as_slice(), want.as_slice());
}

#[test]
fn positions_static_and_dynamic_agree() {
    let (t, d) = pair::<shape![2, 1, 3]>();
    let s: Vec<Vec<usize>> = t.indices().map(|i| i.to_vec()).collect();
    let dy: Vec<Vec<usize>> = d.indices().map(|i| i.to_vec()).collect();
    assert_eq!(s, dy);
    assert_eq!(s.len(), 6);
    assert_eq!(s[4], [1, 0, 1]);
    // (position, element) pairs through a transposed view: element = its row-major number.
    for ([c, b, a], &x) in t.t().indexed_iter() {
        assert_eq!(x, (a * 3 + b * 3 + c) as i64);
    }
    for (at, &x) in d.t().indexed_iter() {
        assert_eq!(x, (at[2] * 3 + at[1] * 3 + at[0]) as i64);
    }
    // Rank 0 has one position, a zero extent none.
    assert_eq!(Tensor::<u8, shape![]>::zeros().indices().count(), 1);
    assert_eq!(
        DynTensor::<u8>::zeros(&[]).indices().next().unwrap().len(),
        0
    );
    assert_eq!(Tensor::<u8, shape![4, 0, 2]>::zeros().indices().count(), 0);
    assert_eq!(DynTensor::<u8>::zeros(&[4, 0, 2]).indices().count(), 0);
    assert_eq!(DynTensor::<u8>::zeros(&[2; 9]).indices().len(), 512);
}

#[test]
fn move_axis_matches_dynamic() {
    let (t, d) = pair::<shape![2, 1, 3, 4]>();
    same_as_dynamic!(t, d, move_axis, try_move_axis: 0 3, 3 0, 1 -1, -1 1, 2 2, -4 -2, 0 1);
}

#[test]
fn diagonal_matches_dynamic() {
    let (t, d) = pair::<shape![3, 2, 3]>();
    let v = t.diagonal::<0, 2>();
    let dv = d.try_diagonal(0, 0, 2).unwrap();
    assert_eq!(
        (v.shape(), v.to_tensor().as_slice()),
        (dv.shape(), &dv.to_vec()[..])
    );
    let v = t.diagonal::<-1, -3>();
    let dv = d.try_diagonal(0, -1, -3).unwrap();
    assert_eq!(
        (v.shape(), v.to_tensor().as_slice()),
        (dv.shape(), &dv.to_vec()[..])
    );
    // Of a transposed view, and as an operand.
    let (m, dm) = pair::<shape![4, 4]>();
    let got = &m.t().diagonal::<0, 1>() + &tensor![1000, 2000, 3000, 4000];
    let want = dm.t().try_diagonal(0, 0, 1).unwrap().to_vec();
    assert_eq!(
        got.as_slice(),
        &[
            want[0] + 1000,
            want[1] + 2000,
            want[2] + 3000,
            want[3] + 4000
        ]
    );
}

#[test]
fn narrow_matches_dynamic_slices() {
    use shaped::{Dim, One, Slice};
    let (t, d) = pair::<shape![3, 5, 2]>();
    let v = t.try_narrow::<1, Dim<3>>(2).unwrap();
    let dv = d
        .try_slice(&[Slice::ALL, Slice::new(Some(2), Some(5), None)])
        .unwrap();
    assert_eq!(
        (v.shape(), v.to_tensor().as_slice()),
        (dv.shape(), &dv.to_vec()[..])
    );
    // A window of one, on the last axis, of a transposed view.
    let w = t.t().try_narrow::<-1, One>(2).unwrap();
    let dw = d
        .t()
        .try_slice(&[Slice::ALL, Slice::ALL, Slice::new(Some(2), Some(3), None)])
        .unwrap();
    assert_eq!(
        (w.shape(), w.to_tensor().as_slice()),
        (dw.shape(), &dw.to_vec()[..])
    );
    // Windows that do not fit are errors naming the axis and the shape.
    let e = t.try_narrow::<0, Dim<2>>(2).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot take 2 elements from index 2 along axis 0 of a tensor of shape [3, 5, 2]"
    );
    assert!(t.try_narrow::<0, Dim<0>>(3).is_ok());
    assert!(t.try_narrow::<0, Dim<0>>(4).is_err());
    assert!(t.try_narrow::<0, One>(usize::MAX).is_err());
}

#[test]
fn permute_matches_dynamic() {
    use shaped::axes;
    let (t, d) = pair::<shape![2, 1, 3, 4]>();
    macro_rules! check {
        ($($a:literal $b:literal $c:literal $e:literal),*) => {$(
            let v = t.permute::<axes![$a, $b, $c, $e]>();
            let dv = d.try_permute(&[$a, $b, $c, $e]).unwrap();
            assert_eq!(v.shape(), dv.shape());
            assert_eq!(v.to_tensor().as_slice(), &dv.to_vec()[..]);
        )*};
    }
    check!(3 2 1 0, 0 1 2 3, 2 0 3 1, -1 0 -2 1);
    let (m, dm) = pair::<shape![3, 5]>();
    assert_eq!(m.permute::<axes![1, 0]>().to_tensor(), m.t().to_tensor());
    assert_eq!(
        m.permute::<axes![-1, -2]>().to_tensor().as_slice(),
        &dm.t().to_vec()[..]
    );
}

/// `t.diagonal_to::<A1, A2, OFFSET, E>()` against `d.try_diagonal(OFFSET, A1, A2)`, with `E`
/// the length numpy gives: shape and elements.
macro_rules! diagonal_to_as_dynamic {
    ($t:expr, $d:expr; $($a1:literal $a2:literal $off:literal $e:ty),*) => {$(
        let v = $t.diagonal_to::<$a1, $a2, $off, $e>();
        let dv = $d.try_diagonal($off, $a1, $a2).unwrap();
        let what = concat!("diagonal_to ", $a1, " ", $a2, " offset ", $off);
        assert_eq!(v.shape(), dv.shape(), "{what}");
        assert_eq!(v.to_tensor().as_slice(), &dv.to_vec()[..], "{what}");
    )*};
}

#[test]
fn diagonal_to_matches_dynamic_at_every_offset() {
    use shaped::{Dim, One};
    // Unequal extents, offsets both ways, axes either way round and negative, past the edge.
    let (t, d) = pair::<shape![3, 5]>();
    diagonal_to_as_dynamic!(t, d;
        0 1 0 Dim<3>, 0 1 1 Dim<3>, 0 1 2 Dim<3>, 0 1 3 Dim<2>, 0 1 4 One, 0 1 5 Dim<0>,
        0 1 -1 Dim<2>, 0 1 -2 One, 0 1 -3 Dim<0>, 0 1 -9 Dim<0>,
        1 0 0 Dim<3>, 1 0 2 One, 1 0 -3 Dim<2>, -1 -2 1 Dim<2>, -2 -1 4 One
    );
    // Rank 3, the diagonal of the outer and inner axes, and of a transposed view.
    let (t, d) = pair::<shape![2, 3, 4]>();
    diagonal_to_as_dynamic!(t, d; 0 2 0 Dim<2>, 0 2 2 Dim<2>, 0 2 3 One, 2 0 -1 Dim<2>, 1 2 -2 One);
    diagonal_to_as_dynamic!(t.t(), d.t(); 0 2 1 One, 1 0 -1 Dim<2>, 2 1 0 Dim<2>);
    // As an operand of a broadcast: the diagonal 1 of a [3, 5] plus a column.
    let (m, _) = pair::<shape![3, 5]>();
    let got = &m.diagonal_to::<0, 1, 1, Dim<3>>() + &tensor![100, 200, 300];
    assert_eq!(got, tensor![101, 207, 313]);
}

#[test]
fn slice_macro_matches_dynamic_slices() {
    use shaped::{Slice, slice};
    let (t, d) = pair::<shape![6, 5, 4]>();
    let sl = |a: isize, b: isize, s: isize| Slice::new(Some(a), Some(b), Some(s));
    // Steps on two axes, one of them an inclusive range; the middle axis whole.
    let v = slice!(t, 1..6;2, .., 0..=3;3);
    let dv = d
        .try_slice(&[sl(1, 6, 2), Slice::ALL, sl(0, 4, 3)])
        .unwrap();
    assert_eq!(v.shape(), &[3, 5, 2]);
    assert_eq!(
        (v.shape(), v.to_tensor().as_slice()),
        (dv.shape(), &dv.to_vec()[..])
    );
    // `..b;s` from the start; a window of one (`i..=i`) keeps the axis as a `One`.
    let w = slice!(t, .., ..5;2, 2..=2);
    let dw = d
        .try_slice(&[Slice::ALL, sl(0, 5, 2), sl(2, 3, 1)])
        .unwrap();
    let _: &Tensor<i64, shape![6, 3, 1]> = &w.to_tensor();
    assert_eq!(w.to_tensor().as_slice(), &dw.to_vec()[..]);
    // Of a transposed view, and a slice of a slice (the steps multiply).
    let x = slice!(slice!(t.t(), 1..4, 0..5;2), .., ..3;2);
    let dx = d
        .t()
        .try_slice(&[sl(1, 4, 1), sl(0, 5, 2)])
        .unwrap()
        .try_slice(&[Slice::ALL, sl(0, 3, 2)])
        .unwrap();
    assert_eq!(
        (x.shape(), x.to_tensor().as_slice()),
        (dx.shape(), &dx.to_vec()[..])
    );
    // An empty range, as numpy: no elements, the axis kept.
    let e = slice!(t, 4..2);
    assert_eq!(
        (e.shape(), e.to_tensor().as_slice()),
        (&[0, 5, 4][..], &[][..])
    );
    // A sliced view is an operand, broadcast-checked at compile time.
    let sum: Tensor<i64, shape![3, 5, 2]> = &v + &tensor![1000, 2000];
    let want = dv
        .try_add(&DynTensor::from_shape_vec(&[2], vec![1000i64, 2000]).unwrap())
        .unwrap();
    assert_eq!(sum.as_slice(), want.as_slice());
    // Every entry whole: the tensor's own view, or the view itself.
    assert_eq!(slice!(t, .., ..).to_tensor(), t);
    assert_eq!(slice!(t.t(), ..).to_tensor(), t.t().to_tensor());
}

#[test]
fn view_iterators_skip_like_they_step() {
    use shaped::slice;
    let (t, _) = pair::<shape![3, 4, 5]>();
    skips_agree(t.view().iter());
    skips_agree(t.t().iter());
    skips_agree(t.swap_axes::<0, 1>().iter());
    skips_agree(slice!(t, 1..3, 0..4;2, 1..5).iter());
    skips_agree(t.broadcast_to::<shape![2, 3, 4, 5]>().iter());
    let (r, _) = pair::<shape![]>();
    skips_agree(r.view().iter());
}

#[test]
fn views_of_nested_arrays_read_and_write_the_array() {
    use shaped::{TensorView, TensorViewMut};
    let table = [
        [1.0f32, 2.0, 3.0],
        [4.0, 5.0, 6.0],
        [7.0, 8.0, 9.0],
        [10.0, 11.0, 12.0],
    ];
    let v: TensorView<'_, f32, shape![4, 3]> = TensorView::from_array(&table);
    assert_eq!((v.shape(), v.strides()), (&[4, 3][..], &[3, 1][..]));
    for (r, row) in table.iter().enumerate() {
        for (c, &x) in row.iter().enumerate() {
            assert_eq!(v[[r, c]], x);
        }
    }
    // The same elements as a tensor of the same array, as an operand and through other views.
    let t = Tensor::<f32, shape![4, 3]>::from_array(table);
    assert_eq!(v.to_tensor(), t);
    assert_eq!(&v + &tensor![0.5, 0.5, 0.5], &t + 0.5);
    assert_eq!(v.t().to_tensor(), t.t().to_tensor());
    // Rank 1 and 3, and an extent of 1.
    let line = [3u8, 1, 4];
    let l: TensorView<'_, u8, shape![3]> = TensorView::from_array(&line);
    assert_eq!(l.iter().copied().collect::<Vec<_>>(), line);
    let cube = [[[1i32, 2], [3, 4]], [[5, 6], [7, 8]]];
    let c: TensorView<'_, i32, shape![2, 2, 2]> = TensorView::from_array(&cube);
    assert_eq!((c[[1, 0, 1]], c.len()), (6, 8));
    let single = [[9i32; 4]];
    let s: TensorView<'_, i32, shape![1, 4]> = TensorView::from_array(&single);
    assert_eq!(s.shape(), &[1, 4]);
    // Writes through the mutable view land in the array, in row-major order.
    let mut frame = [[0i32; 3]; 2];
    {
        let mut m: TensorViewMut<'_, i32, shape![2, 3]> = TensorViewMut::from_array_mut(&mut frame);
        m += &tensor![1, 2, 3];
        m[[1, 2]] = 30;
        m.as_mut_slice()[3] = -1;
    }
    assert_eq!(frame, [[1, 2, 3], [-1, 2, 30]]);
}

#[test]
fn run_time_windows_match_dynamic_slices() {
    use shaped::{Dim, Slice};
    let (t, d) = pair::<shape![3, 5, 2]>();
    for (start, len) in [(0, 5), (2, 3), (1, 0), (5, 0), (4, 1)] {
        let v = t.try_narrow_dyn::<1>(start, len).unwrap();
        let dv = d
            .try_slice(&[
                Slice::ALL,
                Slice::new(Some(start as isize), Some((start + len) as isize), None),
            ])
            .unwrap();
        assert_eq!(
            (v.shape(), v.to_tensor().as_slice()),
            (dv.shape(), &dv.to_vec()[..]),
            "{start} {len}"
        );
        assert_eq!(v.strides(), &[10, 2, 1]);
    }
    // The same window as a length in the type.
    let v = t.try_narrow_dyn::<-1>(1, 1).unwrap();
    let w = t.try_narrow::<-1, Dim<1>>(1).unwrap();
    assert_eq!(v.to_tensor().as_slice(), w.to_tensor().as_slice());
    // A window of a transposed view keeps the transposed strides, and of that window again.
    let v = t.t().try_narrow_dyn::<0>(1, 1).unwrap(); // [1, 5, 3]
    let dv = d
        .t()
        .try_slice(&[Slice::new(Some(1), Some(2), None)])
        .unwrap();
    assert_eq!((v.shape(), v.strides()), (dv.shape(), &[1, 2, 10][..]));
    assert_eq!(v.to_tensor().as_slice(), &dv.to_vec()[..]);
    let vv = v.try_narrow_dyn::<1>(3, 2).unwrap();
    assert_eq!(vv.shape(), &[1, 2, 3]);
    assert_eq!(vv[[0, 1, 2]], t[[2, 4, 1]]);
    // Windows that do not fit: the errors of `try_narrow`, never a panic.
    let e = t.try_narrow_dyn::<0>(2, 2).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot take 2 elements from index 2 along axis 0 of a tensor of shape [3, 5, 2]"
    );
    assert_eq!(
        e,
        t.try_narrow::<0, Dim<2>>(2)
            .map(|v| v.to_tensor())
            .unwrap_err()
    );
    assert!(t.try_narrow_dyn::<0>(4, 0).is_err());
    assert!(t.try_narrow_dyn::<0>(1, usize::MAX).is_err());
    assert!(t.try_narrow_dyn::<0>(usize::MAX, 1).is_err());
    assert!(t.try_narrow_dyn::<0>(usize::MAX, usize::MAX).is_err());
}

#[test]
fn mini_batches_of_a_run_time_batch_run_the_static_operations() {
    use shaped::{Dyn, RowMajor, TensorView, layout::Narrowed};
    type Batch = shape![Dyn, 6];
    let n = 11;
    let x =
        Tensor::<f32, Batch>::from_shape_fn(&[n, 6], |[r, c]| (r * 6 + c) as f32 * 0.25).unwrap();
    let w = Tensor::<f32, shape![6, 4]>::from_fn(|[i, j]| (i as f32) - (j as f32) * 0.5);
    let bias = tensor![1.0f32, -1.0, 0.5, 2.0];
    let full = &x.matmul(&w) + &bias;
    let mut rows = 0;
    for s in (0..n).step_by(4) {
        let e = (s + 4).min(n);
        let batch: TensorView<'_, f32, Batch, Narrowed<Batch, RowMajor, 0, Dyn>> =
            x.try_narrow_dyn::<0>(s, e - s).unwrap();
        assert_eq!(batch.shape(), &[e - s, 6]);
        let y: Tensor<f32, shape![Dyn, 4]> = &batch.matmul(&w) + &bias;
        assert_eq!(y.shape(), &[e - s, 4]);
        assert_eq!(y.as_slice(), &full.as_slice()[s * 4..e * 4]);
        let shifted: Tensor<f32, Batch> = &batch + &Tensor::<f32, shape![6]>::filled(1.0);
        assert_eq!(shifted[[0, 0]], x[[s, 0]] + 1.0);
        rows += y.shape()[0];
    }
    assert_eq!(rows, n);
}
