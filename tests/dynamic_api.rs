//! Public behaviour of dynamic-rank tensors: constructors, errors for every bad input (never a
//! panic from a `try_` method), rank 0 and ranks past 8, views, operators and conversions.

#![allow(clippy::op_ref)]

use std::panic::{AssertUnwindSafe, catch_unwind};

use shaped::{DynTensor, DynView, DynViewMut, ShapeError, Tensor, broadcast_shapes, shape, tensor};

#[path = "common/reference.rs"]
mod reference;
use reference::reference;

fn t(shape: &[usize]) -> DynTensor<i64> {
    let mut k = 0;
    DynTensor::from_fn(shape, |_| {
        k += 1;
        k
    })
}

/// Runs `f` and fails the test if it panics: the `try_` contract.
fn no_panic<R>(what: &str, f: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| panic!("{what} panicked"))
}

#[test]
fn broadcast_shapes_of_any_count() {
    assert_eq!(broadcast_shapes(&[]), Ok(vec![]));
    assert_eq!(broadcast_shapes(&[&[]]), Ok(vec![]));
    assert_eq!(broadcast_shapes(&[&[4, 1], &[3]]), Ok(vec![4, 3]));
    assert_eq!(
        broadcast_shapes(&[&[2, 1, 1], &[1, 5, 1], &[7], &[]]),
        Ok(vec![2, 5, 7])
    );
    assert_eq!(broadcast_shapes(&[&[0], &[1]]), Ok(vec![0]));
}

#[test]
fn overflowing_shapes_are_errors() {
    let err = no_panic("broadcast_shapes", || broadcast_shapes(&[&[usize::MAX, 2]])).unwrap_err();
    assert!(matches!(err, ShapeError::Overflow { .. }));
    assert_eq!(
        err.to_string(),
        format!(
            "shape [{}, 2] has more elements than usize can count; use smaller extents",
            usize::MAX
        )
    );
    let err = no_panic("from_shape_vec", || {
        DynTensor::from_shape_vec(&[usize::MAX, 2], vec![1.0f32])
    })
    .unwrap_err();
    assert!(matches!(err, ShapeError::Overflow { .. }));
    // Each operand fits, their broadcast does not.
    let a = DynTensor::<u8>::zeros(&[0, 1]);
    let big = a.try_broadcast_to(&[0, usize::MAX]).unwrap();
    assert_eq!(big.len(), 0);
    let r = no_panic("try_add", || {
        DynTensor::<u8>::zeros(&[3, 1]).try_add(&DynTensor::<u8>::zeros(&[1, 0]))
    });
    assert_eq!(r.unwrap().shape(), &[3, 0]);
    let col = DynTensor::<u8>::zeros(&[1, 1]);
    let err = no_panic("broadcast_to", || col.try_broadcast_to(&[usize::MAX, 2])).unwrap_err();
    assert!(matches!(err, ShapeError::Overflow { .. }));
}

#[test]
fn data_length_mismatch_is_an_error() {
    let err = no_panic("from_shape_vec", || {
        DynTensor::from_shape_vec(&[2, 3], vec![1, 2, 3])
    })
    .unwrap_err();
    assert!(matches!(err, ShapeError::DataLength { len: 3, .. }));
    assert_eq!(
        err.to_string(),
        "data has 3 elements, but shape [2, 3] needs 6"
    );
    assert!(DynTensor::from_shape_vec(&[], Vec::<i32>::new()).is_err());
    assert!(DynTensor::from_shape_vec(&[0, 4], Vec::<i32>::new()).is_ok());
    let err = t(&[2, 3]).try_reshape(&[4]).unwrap_err();
    assert!(matches!(err, ShapeError::ReshapeSize { unknown: None, .. }));
    assert_eq!(
        err.to_string(),
        "cannot reshape [2, 3] into [4]: 6 elements do not fit that shape"
    );
}

#[test]
fn incompatible_shapes_name_both_and_the_axis() {
    let err = no_panic("try_add", || t(&[2, 3]).try_add(&t(&[2]))).unwrap_err();
    assert_eq!(
        err,
        ShapeError::Incompatible {
            a: shaped::error::Dims::new(&[2, 3]),
            b: shaped::error::Dims::new(&[2]),
            axis: -1
        }
    );
    assert_eq!(
        err.to_string(),
        "cannot broadcast [2, 3] with [2]: axis -1 has 3 vs 2"
    );
    let err = t(&[4, 2, 3]).try_mul(&t(&[5, 1, 3])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot broadcast [4, 2, 3] with [5, 1, 3]: axis -3 has 4 vs 5"
    );
}

#[test]
fn rank_zero_broadcasts_with_everything() {
    let s = DynTensor::scalar(10i64);
    assert_eq!(s.rank(), 0);
    assert_eq!(s.len(), 1);
    assert_eq!(s[&[]], 10);
    assert_eq!(s.try_add(&s).unwrap().to_vec(), [20]);
    let c = t(&[2, 2]).try_sub(&s).unwrap();
    assert_eq!(c.to_vec(), [-9, -8, -7, -6]);
    let c = s.try_sub(&t(&[2, 2])).unwrap();
    assert_eq!(c.to_vec(), [9, 8, 7, 6]);
    assert_eq!(s.try_broadcast_to(&[3]).unwrap().to_vec(), [10, 10, 10]);
    let mut z = DynTensor::scalar(1i64);
    assert!(matches!(
        z.try_add_assign(t(&[1])),
        Err(ShapeError::NotBroadcastableTo { .. })
    ));
    z.try_add_assign(&s).unwrap();
    assert_eq!(z.to_vec(), [11]);
}

#[test]
fn ranks_past_eight_run_the_odometer() {
    // Rank 12, alternating broadcast axes: nothing coalesces, so nine axes survive and the
    // odometer walks the outermost (small enough for Miri).
    let a = t(&[2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 1, 1]);
    let b = t(&[1, 2, 1, 2, 1, 2, 1, 2, 1, 1, 1, 1]);
    let c = no_panic("rank 12", || a.try_add(&b)).unwrap();
    assert_eq!(c.shape(), &[2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1]);
    assert_eq!(c.to_vec(), reference(&a, &b, |x, y| x + y));
    // Rank 9 (W7), and rank 12 against rank 3.
    let a = t(&[2, 1, 2, 1, 2, 1, 1, 1, 3]);
    let b = t(&[1, 2, 1, 2, 1, 2, 1, 1, 1]);
    assert_eq!(
        a.try_mul(&b).unwrap().to_vec(),
        reference(&a, &b, |x, y| x * y)
    );
    let a = t(&[1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1]);
    let b = t(&[2, 1, 4]);
    assert_eq!(
        a.try_sub(&b).unwrap().to_vec(),
        reference(&a, &b, |x, y| x - y)
    );
    // Errors on high ranks keep the whole shape.
    let err = t(&[2; 12])
        .try_add(&t(&[3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot broadcast [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2] with [3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]: axis -12 has 2 vs 3"
    );
    // In place at rank 12.
    let mut acc = t(&[2, 1, 2, 1, 2, 1, 1, 1, 2, 1, 2, 3]);
    let want = reference(&acc, &t(&[2, 3]), |x, y| x + y);
    acc.try_add_assign(t(&[2, 3])).unwrap();
    assert_eq!(acc.to_vec(), want);
}

#[test]
fn broadcasts_match_the_naive_reference() {
    let shapes: &[(&[usize], &[usize])] = &[
        (&[16, 8], &[8]),
        (&[4, 1, 8], &[1, 3, 1]),
        (&[3, 1], &[1, 3]),
        (&[5], &[1]),
        (&[2, 3, 4], &[2, 3, 4]),
        (&[2, 1, 4], &[3, 1]),
        (&[1, 1], &[1]),
        (&[6, 1, 1, 2], &[1, 5, 3, 1]),
    ];
    for &(sa, sb) in shapes {
        let (a, b) = (t(sa), t(sb));
        assert_eq!(
            a.try_add(&b).unwrap().to_vec(),
            reference(&a, &b, |x, y| x + y),
            "{sa:?}+{sb:?}"
        );
        assert_eq!(
            b.try_sub(&a).unwrap().to_vec(),
            reference(&b, &a, |x, y| x - y),
            "{sb:?}-{sa:?}"
        );
    }
}

#[test]
fn views_read_through_strides() {
    let m = t(&[2, 3]);
    let tr = m.view().try_swap_axes(0, -1).unwrap();
    assert_eq!((tr.shape(), tr.strides()), (&[3, 2][..], &[1, 3][..]));
    assert_eq!(tr.to_vec(), [1, 4, 2, 5, 3, 6]);
    assert_eq!(tr.iter().copied().collect::<Vec<_>>(), [1, 4, 2, 5, 3, 6]);
    // A transposed operand in a broadcast.
    let c = tr.try_add(&t(&[2])).unwrap();
    assert_eq!(c.to_vec(), [2, 6, 3, 7, 4, 8]);
    let c = m.try_add(&tr.try_swap_axes(0, 1).unwrap()).unwrap();
    assert_eq!(c.to_vec(), [2, 4, 6, 8, 10, 12]);
    assert!(matches!(
        m.view().try_swap_axes(0, 2),
        Err(ShapeError::Axis { axis: 2, ref shape }) if shape.as_slice() == [2, 3]
    ));
    assert_eq!(
        m.view().try_swap_axes(-3, 0).unwrap_err().to_string(),
        "axis -3 is out of range for a tensor of shape [2, 3] (rank 2: valid axes are -2..2)"
    );
    // A broadcast view of a broadcast view.
    let row = t(&[3]);
    let v = row
        .try_broadcast_to(&[1, 3])
        .unwrap()
        .try_broadcast_to(&[2, 2, 3])
        .unwrap();
    assert_eq!(v.strides(), &[0, 0, 1]);
    assert_eq!(v.to_vec(), [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]);
    assert_eq!(v.get(&[1, 1, 2]), Some(&3));
    assert_eq!(v.get(&[2, 0, 0]), None);
    assert!(matches!(
        t(&[2, 3]).try_broadcast_to(&[3, 3]),
        Err(ShapeError::NotBroadcastableTo { axis: -2, .. })
    ));
}

#[test]
fn in_place_ops_keep_the_left_shape() {
    let mut a = t(&[2, 3]);
    a.try_mul_assign(t(&[3])).unwrap();
    assert_eq!(a.to_vec(), [1, 4, 9, 4, 10, 18]);
    let before = a.clone();
    let err = no_panic("try_add_assign", || a.try_add_assign(t(&[2, 2, 3]))).unwrap_err();
    assert!(matches!(
        err,
        ShapeError::NotBroadcastableTo { axis: -3, .. }
    ));
    let err = no_panic("try_add_assign", || a.try_add_assign(t(&[4]))).unwrap_err();
    assert!(matches!(err, ShapeError::Incompatible { axis: -1, .. }));
    assert_eq!(a, before);
    let mut col = t(&[2, 1]);
    assert!(col.try_sub_assign(t(&[2, 3])).is_err());
    let mut v = a.view_mut();
    v.try_sub_assign(t(&[2, 1])).unwrap();
    v -= &DynTensor::scalar(1i64);
    assert_eq!(a.to_vec(), [-1, 2, 7, 1, 7, 15]);
    a.try_rem_assign(DynTensor::scalar(4i64)).unwrap();
    a.try_div_assign(DynTensor::scalar(1i64)).unwrap();
    assert_eq!(a.to_vec(), [-1, 2, 3, 1, 3, 3]);
}

#[test]
fn scalars_on_the_right_of_every_form_and_layout() {
    let f = DynTensor::from_shape_vec(&[2, 3], vec![1.5f32, -2.0, 3.0, 4.0, 0.5, -6.0]).unwrap();
    // A reversed, transposed view: every element, in the view's logical order.
    let v = f.t();
    let v = v.try_slice(&shaped::s![..;-1, ..]).unwrap();
    let logical = v.to_vec();
    assert_eq!(logical, [3.0, -6.0, -2.0, 0.5, 1.5, 4.0]);
    let each = |op: fn(f32) -> f32| logical.iter().map(|&x| op(x)).collect::<Vec<_>>();
    assert_eq!((v.clone() + 1.0).to_vec(), each(|x| x + 1.0));
    assert_eq!((&v - 0.25).to_vec(), each(|x| x - 0.25));
    assert_eq!((v.clone() * -2.0).to_vec(), each(|x| x * -2.0));
    assert_eq!((&v / 4.0).to_vec(), each(|x| x / 4.0));
    assert_eq!(
        (f.clone() % 1.25).to_vec(),
        [0.25, -0.75, 0.5, 0.25, 0.5, -1.0]
    );
    assert_eq!((v.clone() + 1.0).shape(), [3, 2]);

    // In place, through a strided view: only its elements change.
    let mut u = DynTensor::from_shape_vec(&[2, 4], (0u16..8).collect()).unwrap();
    let mut every_other = u.try_slice_mut(&shaped::s![.., ..;-2]).unwrap();
    every_other += 10;
    every_other *= 3;
    every_other -= 1;
    every_other /= 2;
    every_other %= 7;
    assert_eq!(u.to_vec(), [0, 2, 2, 5, 4, 1, 6, 4]);
    let mut w = u.clone();
    w += 1;
    w *= 2;
    assert_eq!(w.to_vec(), [2, 6, 6, 12, 10, 4, 14, 10]);
}

#[test]
fn operators_panic_with_the_error_message() {
    let (a, b) = (t(&[2, 3]), t(&[3]));
    assert_eq!((&a + &b).to_vec(), [2, 4, 6, 5, 7, 9]);
    assert_eq!((&a - b.view()).to_vec(), [0, 0, 0, 3, 3, 3]);
    assert_eq!((a.view() * &b).to_vec(), [1, 4, 9, 4, 10, 18]);
    assert_eq!((&a / 2).to_vec(), [0, 1, 1, 2, 2, 3]);
    assert_eq!((&b - 10).to_vec(), [-9, -8, -7]);
    assert_eq!((-&b).to_vec(), [-1, -2, -3]);
    let mut c = a.clone();
    c += &b;
    c %= 4;
    assert_eq!(c.to_vec(), [2, 0, 2, 1, 3, 1]);
    let msg = catch_unwind(|| &t(&[2, 3]) + &t(&[2])).unwrap_err();
    assert_eq!(
        msg.downcast_ref::<String>().unwrap(),
        "cannot broadcast [2, 3] with [2]: axis -1 has 3 vs 2"
    );
    let msg = catch_unwind(|| {
        let mut x = t(&[3]);
        x += &t(&[2, 3]);
    })
    .unwrap_err();
    assert!(
        msg.downcast_ref::<String>()
            .unwrap()
            .starts_with("cannot broadcast [2, 3] to [3]")
    );
}

#[test]
fn static_and_dynamic_mix_checked_at_run_time() {
    let s: Tensor<i64, shape![2, 3]> = tensor![[1, 2, 3], [4, 5, 6]];
    let d = t(&[3]);
    assert_eq!(d.try_add(&s).unwrap().to_vec(), [2, 4, 6, 5, 7, 9]);
    assert_eq!((&s + &d).shape(), &[2, 3]);
    assert_eq!((s + d.clone()).to_vec(), [2, 4, 6, 5, 7, 9]);
    assert_eq!((&d * &s).to_vec(), [1, 4, 9, 4, 10, 18]);
    let row = tensor![10, 20];
    assert!(matches!(
        d.try_add(&row),
        Err(ShapeError::Incompatible { axis: -1, .. })
    ));
    // A static broadcast view as an operand: stride 0 inside the static layout.
    let col = tensor![[1], [2]];
    let v = col.broadcast_to::<shape![2, 3]>();
    assert_eq!(d.try_mul(&v).unwrap().to_vec(), [1, 2, 3, 2, 4, 6]);
    let mut acc = t(&[2, 3]);
    acc.try_add_assign(s).unwrap();
    assert_eq!(acc.to_vec(), [2, 4, 6, 8, 10, 12]);
}

#[test]
fn conversions_to_and_from_static() {
    let s: Tensor<String, shape![2, 2]> = Tensor::from_flat_fn(|i| i.to_string());
    let d = s.into_dyn();
    assert_eq!(
        (d.shape(), d.to_vec()),
        (
            &[2, 2][..],
            ["0", "1", "2", "3"].iter().map(|x| x.to_string()).collect()
        )
    );
    let back: Tensor<String, shape![2, 2]> = d.clone().try_into().unwrap();
    assert_eq!(back[[1, 1]], "3");
    let err = no_panic("try_into_static", || {
        d.clone().try_into_static::<shape![2, 1, 2]>()
    })
    .unwrap_err();
    assert!(matches!(err, ShapeError::StaticMismatch { .. }));
    assert_eq!(
        err.to_string(),
        "a tensor of shape [2, 2] cannot become a static tensor of shape [2, 1, 2]; reshape or broadcast it first"
    );
    let big = t(&[1; 12]);
    let err = no_panic("try_into_static", || big.try_into_static::<shape![1]>()).unwrap_err();
    assert!(matches!(err, ShapeError::RankTooLarge { max: 8, .. }));
    assert_eq!(
        err.to_string(),
        "a tensor of shape [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] has 12 axes, but static shapes have at most 8"
    );
    let scalar: Tensor<i64, shape![]> = DynTensor::scalar(5).try_into().unwrap();
    assert_eq!(scalar.as_slice(), &[5]);
    let from: DynTensor<i64> = tensor![1, 2].into();
    assert_eq!(from.shape(), &[2]);
}

#[test]
fn constructors_and_accessors() {
    let z = DynTensor::<f32>::zeros(&[2, 0, 3]);
    assert!(z.is_empty());
    assert_eq!((z.strides(), z.len()), (&[0, 3, 1][..], 0));
    assert_eq!(
        z.try_add(&DynTensor::<f32>::ones(&[3])).unwrap().shape(),
        &[2, 0, 3]
    );
    let o = DynTensor::<u8>::ones(&[2]);
    assert_eq!(o.to_vec(), [1, 1]);
    let f = DynTensor::filled(&[1, 2], 'x');
    assert_eq!(f.iter().collect::<String>(), "xx");
    let mut m = t(&[2, 2]);
    m[&[0, 1]] = 9;
    *m.get_mut(&[1, 0]).unwrap() = 8;
    assert_eq!(m.to_vec(), [1, 9, 8, 4]);
    assert_eq!(m.get(&[2, 0]), None);
    assert_eq!(m.get(&[0]), None);
    assert_eq!(
        format!("{m:?}"),
        "DynTensor { shape: [2, 2], data: [1, 9, 8, 4] }"
    );
    let m = m.try_reshape(&[1, 2, 2]).unwrap();
    assert_eq!(m.shape(), &[1, 2, 2]);
    assert!(matches!(
        m.try_unsqueeze(4),
        Err(ShapeError::Axis { axis: 4, ref shape }) if shape.as_slice() == [1, 2, 2]
    ));
    let sum: i64 = t(&[3]).iter().sum();
    assert_eq!(sum, 6);
    let strings = DynTensor::from_shape_vec(&[2], vec!["a".to_string(), "b".to_string()]).unwrap();
    let joined = strings
        .try_zip_map(
            &DynTensor::from_shape_vec(&[2, 1], vec!["x", "y"]).unwrap(),
            |s, x| s + x,
        )
        .unwrap();
    assert_eq!(joined.to_vec(), ["ax", "bx", "ay", "by"]);
}

#[test]
fn zip_map_into_writes_the_broadcast_into_out() {
    let a = DynTensor::from_shape_vec(&[2, 1, 3], (0..6).collect::<Vec<i64>>()).unwrap();
    let b = DynTensor::from_shape_vec(&[4, 1], vec![100, 200, 300, 400]).unwrap();
    let fresh = a.try_add(&b).unwrap();
    let mut out = DynTensor::filled(&[2, 4, 3], -1i64);
    a.try_add_into(&b, &mut out).unwrap();
    assert_eq!(out.to_vec(), fresh.to_vec());
    // Into a larger output: both operands stretch to it, as with numpy's `out=`.
    let mut big = DynTensor::filled(&[5, 2, 4, 3], 0i64);
    a.try_zip_map_into(&b, &mut big, |x, y| x * y).unwrap();
    let want = a.try_mul(&b).unwrap().to_vec();
    for block in big.to_vec().chunks(24) {
        assert_eq!(block, &want[..]);
    }
    // Bias-add shapes take their own path: both orientations.
    let rows = DynTensor::from_shape_vec(&[2, 3], vec![1i64, 2, 3, 4, 5, 6]).unwrap();
    let bias = DynTensor::from_shape_vec(&[3], vec![10i64, 20, 30]).unwrap();
    let mut out = DynTensor::filled(&[2, 3], 0i64);
    rows.try_zip_map_into(&bias, &mut out, |x, y| x - y)
        .unwrap();
    assert_eq!(out.to_vec(), [-9, -18, -27, -6, -15, -24]);
    bias.try_zip_map_into(&rows, &mut out, |x, y| x - y)
        .unwrap();
    assert_eq!(out.to_vec(), [9, 18, 27, 6, 15, 24]);
}

#[test]
fn zip_map_into_rejects_what_does_not_fit() {
    let a = DynTensor::from_shape_vec(&[2, 3], vec![1.0f32; 6]).unwrap();
    let mut small = DynTensor::zeros(&[3]);
    let err = a.try_add_into(&a, &mut small).unwrap_err();
    assert!(
        matches!(err, ShapeError::NotBroadcastableTo { .. }),
        "{err}"
    );
    let mut out = DynTensor::zeros(&[2, 3]);
    let clash = DynTensor::from_shape_vec(&[2], vec![1.0f32; 2]).unwrap();
    let err = a.try_add_into(&clash, &mut out).unwrap_err();
    assert!(matches!(err, ShapeError::Incompatible { .. }), "{err}");
    // Nothing was written on error.
    assert!(out.to_vec().iter().all(|&x| x == 0.0));
}

#[test]
fn bias_add_rows_of_every_length_match_a_naive_loop() {
    // The trailing-block path has loops of constant length for common row lengths and a general
    // one for the rest: check both orientations at every length around them.
    for m in 1..=70usize {
        for rows in [1usize, 3] {
            let big: Vec<i64> = (0..(rows * m) as i64).map(|i| i * 7 - 5).collect();
            let small: Vec<i64> = (0..m as i64).map(|i| 1000 * i + 1).collect();
            let a = DynTensor::from_shape_vec(&[rows, m], big.clone()).unwrap();
            let b = DynTensor::from_shape_vec(&[m], small.clone()).unwrap();
            let want: Vec<i64> = (0..rows * m).map(|k| big[k] - small[k % m]).collect();
            assert_eq!(
                a.try_sub(&b).unwrap().to_vec(),
                want,
                "[{rows}, {m}] - [{m}]"
            );
            let want: Vec<i64> = (0..rows * m).map(|k| small[k % m] - big[k]).collect();
            assert_eq!(
                b.try_sub(&a).unwrap().to_vec(),
                want,
                "[{m}] - [{rows}, {m}]"
            );
            assert_eq!(b.try_sub(&a).unwrap().shape(), &[rows, m]);
        }
    }
}

/// numpy's legacy rule: a rank-0 tensor accepts the axis 0 (or -1) in `sum`, `max`, `argmax`
/// and the like (reducing nothing), but not in `mean`, nor inside a list, nor any other axis.
#[test]
fn a_rank_0_tensor_accepts_axis_0_where_numpy_does() {
    let t = DynTensor::scalar(5.0f64);
    for axis in [0, -1] {
        assert_eq!(t.try_sum(axis, false).unwrap().as_slice(), [5.0]);
        assert_eq!(t.try_max(axis, true).unwrap().shape(), &[] as &[usize]);
        assert_eq!(t.try_argmax(Some(axis), false).unwrap().as_slice(), [0]);
        assert!(matches!(
            t.try_mean(axis, false),
            Err(ShapeError::Axis { .. })
        ));
    }
    assert!(matches!(
        t.try_sum(&[0], false),
        Err(ShapeError::Axis { .. })
    ));
    assert!(matches!(t.try_sum(1, false), Err(ShapeError::Axis { .. })));
    assert!(matches!(
        t.try_argmin(Some(1), false),
        Err(ShapeError::Axis { .. })
    ));
    let b = DynTensor::scalar(true);
    assert_eq!(b.try_all(0, false).unwrap().as_slice(), [true]);
}

#[test]
fn views_over_a_callers_buffer_check_its_length() {
    let buf: Vec<i64> = (0..24).collect();
    for dims in [&[24][..], &[2, 3, 4], &[4, 1, 6], &[1, 1, 1, 24]] {
        let v = DynView::from_shape(dims, &buf).unwrap();
        assert_eq!((v.shape(), v.to_vec()), (dims, buf.clone()));
        assert_eq!(v.as_slice(), Some(&buf[..]));
    }
    // Rank 0 is one element; an empty extent none.
    let one = DynView::from_shape(&[], &buf[..1]).unwrap();
    assert_eq!((one.shape(), one.to_vec()), (&[][..], vec![0]));
    let none = DynView::from_shape(&[3, 0, 2], &buf[..0]).unwrap();
    assert_eq!((none.shape(), none.len()), (&[3, 0, 2][..], 0));
    // Too few, too many, and a count past `usize`: errors, never a view.
    assert_eq!(
        DynView::from_shape(&[5, 5], &buf).unwrap_err().to_string(),
        "data has 24 elements, but shape [5, 5] needs 25"
    );
    assert!(matches!(
        DynView::from_shape(&[4, 5], &buf),
        Err(ShapeError::DataLength { .. })
    ));
    assert!(matches!(
        DynView::from_shape(&[usize::MAX, 2], &buf),
        Err(ShapeError::Overflow { .. })
    ));
    assert!(DynView::from_shape(&[], &buf[..0]).is_err());
    // The mutable view writes through to the buffer, and checks the same way.
    let mut out = vec![0i64; 6];
    let mut w = DynViewMut::from_shape(&[2, 3], &mut out).unwrap();
    w.try_add_assign(&DynTensor::from_shape_vec(&[3], vec![10, 20, 30]).unwrap())
        .unwrap();
    assert_eq!(out, [10, 20, 30, 10, 20, 30]);
    assert!(matches!(
        DynViewMut::from_shape(&[7], &mut out),
        Err(ShapeError::DataLength { .. })
    ));
}
