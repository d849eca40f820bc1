//! The optional bridges (`--features serde,approx,nalgebra`): serde round trips through JSON and
//! postcard and the errors for data of the wrong shape, approx's comparisons of tensors and
//! views, and nalgebra's matrices element by element. Expected values are written out by hand.

use approx::{
    abs_diff_eq, assert_abs_diff_eq, assert_relative_eq, assert_relative_ne, relative_eq, ulps_eq,
};
use nalgebra::{Matrix1, Matrix1x3, Matrix2x3, Matrix3x1, SVector};
use shaped::{DynTensor, ShapeError, Tensor, s, shape, tensor};

mod serde_format {
    use super::*;

    #[test]
    fn static_tensors_round_trip_through_json_as_shape_and_data() {
        let t = tensor![[1.5_f32, -2.0, 3.25], [4.0, 5.0, 6.0]];
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(
            json,
            r#"{"shape":[2,3],"data":[1.5,-2.0,3.25,4.0,5.0,6.0]}"#
        );
        let back: Tensor<f32, shape![2, 3]> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t);
        // Rank 0 and an extent of 1.
        let s0 = Tensor::<i8, shape![]>::from_array(-7);
        assert_eq!(
            serde_json::to_string(&s0).unwrap(),
            r#"{"shape":[],"data":[-7]}"#
        );
        let col = tensor![[1u8], [2]];
        let json = serde_json::to_string(&col).unwrap();
        assert_eq!(json, r#"{"shape":[2,1],"data":[1,2]}"#);
        assert_eq!(
            serde_json::from_str::<Tensor<u8, shape![2, 1]>>(&json).unwrap(),
            col
        );
    }

    #[test]
    fn fields_may_come_in_any_order_and_unknown_ones_are_skipped() {
        let json = r#"{"data":[1,2,3,4],"note":"x","shape":[2,2]}"#;
        let t: Tensor<i32, shape![2, 2]> = serde_json::from_str(json).unwrap();
        assert_eq!(t, tensor![[1, 2], [3, 4]]);
        let d: DynTensor<i32> = serde_json::from_str(json).unwrap();
        assert_eq!((d.shape(), d.as_slice()), (&[2, 2][..], &[1, 2, 3, 4][..]));
    }

    #[test]
    fn a_static_tensor_refuses_another_shape_naming_both() {
        let json = r#"{"shape":[2,3],"data":[1,2,3,4,5,6]}"#;
        let err = serde_json::from_str::<Tensor<i32, shape![3, 2]>>(json).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("expected a tensor of shape [3, 2], found shape [2, 3]"),
            "{err}"
        );
        let err = serde_json::from_str::<Tensor<i32, shape![6]>>(json).unwrap_err();
        assert!(
            err.to_string().contains("shape [6], found shape [2, 3]"),
            "{err}"
        );
        // A shape longer than any static rank is reported by its rank.
        let long = r#"{"shape":[1,1,1,1,1,1,1,1,1,2],"data":[1,2]}"#;
        let err = serde_json::from_str::<Tensor<i32, shape![2]>>(long).unwrap_err();
        assert!(err.to_string().contains("found shape of rank 10"), "{err}");
    }

    #[test]
    fn a_static_tensor_refuses_too_few_or_too_many_elements() {
        let short = r#"{"shape":[2,2],"data":[1,2,3]}"#;
        let err = serde_json::from_str::<Tensor<i32, shape![2, 2]>>(short).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("invalid length 3, expected the 4 elements of shape [2, 2]"),
            "{err}"
        );
        let long = r#"{"shape":[2,2],"data":[1,2,3,4,5]}"#;
        let err = serde_json::from_str::<Tensor<i32, shape![2, 2]>>(long).unwrap_err();
        assert!(err.to_string().starts_with("invalid length 5"), "{err}");
        let missing = r#"{"shape":[2,2]}"#;
        let err = serde_json::from_str::<Tensor<i32, shape![2, 2]>>(missing).unwrap_err();
        assert!(err.to_string().starts_with("missing field `data`"), "{err}");
    }

    #[test]
    fn an_element_that_fails_mid_tensor_drops_the_ones_read() {
        // Strings own heap memory: the ones read before the failure must be freed (Miri and
        // the leak checkers see it), and the error is the element's.
        let json = r#"{"shape":[3],"data":["a","b",7]}"#;
        let err = serde_json::from_str::<Tensor<String, shape![3]>>(json).unwrap_err();
        assert!(
            err.to_string().starts_with("invalid type: integer `7`"),
            "{err}"
        );
    }

    #[test]
    fn dynamic_tensors_and_views_write_the_same_format() {
        let d = DynTensor::from_shape_vec(&[2, 3], (0..6).collect::<Vec<i64>>()).unwrap();
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(json, r#"{"shape":[2,3],"data":[0,1,2,3,4,5]}"#);
        // A view writes its elements in logical order: the transpose, reversed rows.
        let v = d.t();
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            r#"{"shape":[3,2],"data":[0,3,1,4,2,5]}"#
        );
        let r = d.try_slice(&s![.., ..;-1]).unwrap();
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"shape":[2,3],"data":[2,1,0,5,4,3]}"#
        );
        // Static and dynamic read each other's data.
        let t: Tensor<i64, shape![2, 3]> = serde_json::from_str(&json).unwrap();
        assert_eq!(t, tensor![[0, 1, 2], [3, 4, 5]]);
        let back: DynTensor<i64> =
            serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        assert_eq!(back, d);
    }

    #[test]
    fn a_dynamic_tensor_refuses_data_of_the_wrong_length() {
        let err = serde_json::from_str::<DynTensor<i32>>(r#"{"shape":[2,3],"data":[1,2,3]}"#)
            .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("data has 3 elements, but shape [2, 3] needs 6"),
            "{err}"
        );
        let err = serde_json::from_str::<DynTensor<i32>>(r#"{"data":[1]}"#).unwrap_err();
        assert!(
            err.to_string().starts_with("missing field `shape`"),
            "{err}"
        );
    }

    #[test]
    fn shape_errors_round_trip() {
        let a = DynTensor::<f32>::zeros(&[2, 3]);
        let b = DynTensor::<f32>::zeros(&[4]);
        let err = a.try_add(&b).unwrap_err();
        let json = serde_json::to_string(&err).unwrap();
        assert_eq!(json, r#"{"Incompatible":{"a":[2,3],"b":[4],"axis":-1}}"#);
        let back: ShapeError = serde_json::from_str(&json).unwrap();
        assert_eq!(back, err);
        assert_eq!(
            back.to_string(),
            "cannot broadcast [2, 3] with [4]: axis -1 has 3 vs 4"
        );
    }

    #[test]
    fn postcard_a_no_std_format_round_trips_both_kinds() {
        let t = tensor![[1u16, 2], [3, 4], [5, 6]];
        let mut buf = [0u8; 64];
        let bytes = postcard::to_slice(&t, &mut buf).unwrap();
        // shape: length 2, then 3 and 2; data: length 6, then the elements (varints).
        assert_eq!(bytes, &[2, 3, 2, 6, 1, 2, 3, 4, 5, 6]);
        let back: Tensor<u16, shape![3, 2]> = postcard::from_bytes(bytes).unwrap();
        assert_eq!(back, t);
        assert!(postcard::from_bytes::<Tensor<u16, shape![2, 3]>>(bytes).is_err());
        let d: DynTensor<u16> = postcard::from_bytes(bytes).unwrap();
        assert_eq!((d.shape(), d.as_slice()), (&[3, 2][..], t.as_slice()));
        let again = postcard::to_allocvec(&d).unwrap();
        assert_eq!(again, bytes);
    }
}

mod approx_eq {
    use super::*;

    #[test]
    fn tensors_compare_element_by_element_with_the_element_tolerance() {
        // `b` differs in one element by one unit in the last place (4.4e-16 at 2.0).
        let a = tensor![[1.0_f64, 2.0], [3.0, 4.0]];
        let b = tensor![[1.0_f64, 2.0_f64.next_up()], [3.0, 4.0]];
        assert_ne!(a, b);
        assert_relative_eq!(a, b);
        assert!(abs_diff_eq!(a, b, epsilon = 1e-15));
        assert!(!abs_diff_eq!(a, b, epsilon = 1e-16));
        assert!(ulps_eq!(a, b, max_ulps = 1));
        assert!(!ulps_eq!(a, b, max_ulps = 0));
        let c = tensor![[1.0_f64, 2.0], [3.0, 4.1]];
        assert_relative_ne!(a, c);
        // One NaN anywhere makes two tensors unequal, as it does two floats.
        let n = tensor![[1.0_f64, 2.0], [f64::NAN, 4.0]];
        assert!(!relative_eq!(n, n));
    }

    #[test]
    fn views_of_different_layouts_compare_by_logical_elements() {
        let a = tensor![[1.0_f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
        // 3.0000005 is two units in the last place above 3.0 (relative 1.6e-7).
        let at = tensor![[1.0_f32, 4.0], [2.0, 5.0], [3.000_000_5, 6.0]];
        assert_relative_eq!(a.t(), at.view(), max_relative = 1e-6);
        assert_relative_ne!(a.t(), at.view());
        assert_relative_eq!(a.t(), a.t().to_tensor().view());
    }

    #[test]
    fn dynamic_tensors_of_different_shapes_are_never_close() {
        let a = DynTensor::<f32>::zeros(&[2, 3]);
        let b = DynTensor::<f32>::zeros(&[3, 2]);
        let c = DynTensor::<f32>::zeros(&[6]);
        assert!(!relative_eq!(a, b) && !relative_eq!(a, c));
        assert_abs_diff_eq!(a, DynTensor::filled(&[2, 3], 1e-9_f32), epsilon = 1e-8);
        let m = DynTensor::from_shape_vec(&[2, 2], vec![1.0_f32, 2.0, 3.0, 4.0]).unwrap();
        let mt = DynTensor::from_shape_vec(&[2, 2], vec![1.0_f32, 3.0, 2.0, 4.0]).unwrap();
        assert_relative_eq!(m.t(), mt.view());
        assert!(!relative_eq!(m.view(), mt.view()));
    }
}

mod nalgebra_matrices {
    use super::*;

    #[test]
    fn a_matrix_holds_the_tensor_element_at_the_same_row_and_column() {
        let t = tensor![[1, 2, 3], [4, 5, 6]];
        let m: Matrix2x3<i32> = t.into();
        // nalgebra's storage is column-major: the order moves, the positions do not.
        assert_eq!(m.as_slice(), &[1, 4, 2, 5, 3, 6]);
        assert_eq!((m[(0, 2)], m[(1, 0)]), (3, 4));
        assert_eq!(Tensor::<i32, shape![2, 3]>::from(m), t);
        // Products agree: nalgebra's and shaped's.
        let u = tensor![[1, 0], [0, 2], [1, 1]];
        let mu = m * nalgebra::Matrix3x2::from(u);
        assert_eq!(Tensor::<i32, shape![2, 2]>::from(mu), t.matmul(&u));
    }

    #[test]
    fn extents_of_one_and_vectors_convert() {
        let row = tensor![[7.0_f32, 8.0, 9.0]];
        let r: Matrix1x3<f32> = row.into();
        assert_eq!(r[(0, 1)], 8.0);
        let col = tensor![[7.0_f32], [8.0], [9.0]];
        let c: Matrix3x1<f32> = col.into();
        assert_eq!(c, r.transpose());
        let one: Matrix1<f32> = tensor![[5.0_f32]].into();
        assert_eq!(Tensor::<f32, shape![1, 1]>::from(one), tensor![[5.0]]);
        let v: SVector<f32, 3> = tensor![1.0_f32, 2.0, 2.0].into();
        assert_eq!(v.norm(), 3.0);
        assert_eq!(
            Tensor::<f32, shape![3]>::from(v * 2.0),
            tensor![2.0, 4.0, 4.0]
        );
    }
}

mod ndarray_conversions {
    use super::*;
    use ndarray::{Array, ArrayD, ArrayView2, ArrayViewD, Axis, Ix2, IxDyn, array};
    use shaped::{DynView, TensorView};

    /// The view as ndarray sees it has the view's shape and its elements in the same order.
    fn same(v: DynView<'_, i64>) {
        let (shape, want) = (v.shape().to_vec(), v.to_vec());
        let a: ArrayViewD<i64> = v.into();
        assert_eq!(a.shape(), &shape[..]);
        assert_eq!(a.iter().copied().collect::<Vec<_>>(), want, "{shape:?}");
    }

    #[test]
    fn dyn_views_of_every_layout_become_array_views_of_the_same_elements() {
        let d = DynTensor::from_fn(&[3, 4, 5], |i| (100 * i[0] + 10 * i[1] + i[2]) as i64);
        same(d.view());
        same(d.t());
        same(d.try_slice(&s![..;-1, 1..;2, ..;-2]).unwrap());
        same(d.try_permute(&[2, 0, 1]).unwrap());
        same(d.try_diagonal(1, 1, 2).unwrap());
        same(d.try_slice(&s![.., 3..3]).unwrap()); // empty
        same(DynTensor::scalar(7i64).view()); // rank 0
        let row = DynTensor::from_shape_vec(&[4], vec![1i64, 2, 3, 4]).unwrap();
        same(row.try_broadcast_to(&[3, 4]).unwrap()); // stride 0
        // Written out once by hand: the reversed rows of a 2 x 3.
        let m = DynTensor::from_shape_vec(&[2, 3], vec![1i64, 2, 3, 4, 5, 6]).unwrap();
        let a: ArrayViewD<i64> = m.try_slice(&s![..;-1, ..]).unwrap().into();
        assert_eq!(a, array![[4i64, 5, 6], [1, 2, 3]].into_dyn());
    }

    #[test]
    fn array_views_in_one_block_become_dyn_views_without_a_copy() {
        let a = Array::from_shape_vec((3, 4), (0..12).collect::<Vec<i32>>()).unwrap();
        for view in [
            a.view(),
            a.t(),
            a.slice(ndarray::s![..;-1, ..]),
            a.slice(ndarray::s![.., ..;-1]),
        ] {
            let want: Vec<i32> = view.iter().copied().collect();
            let v = DynView::try_from(view).unwrap();
            assert_eq!(v.shape(), view.shape());
            assert_eq!(v.to_vec(), want);
            assert_eq!(v.strides(), view.strides());
        }
        // A column block of a wider array is scattered: refused, with the way out named.
        let err = DynView::try_from(a.slice(ndarray::s![.., 1..3])).unwrap_err();
        assert!(matches!(err, ShapeError::NotContiguous { .. }));
        assert!(err.to_string().contains("copy them into a tensor"), "{err}");
        let copied = DynTensor::from(a.slice(ndarray::s![.., 1..3]));
        assert_eq!(copied.as_slice(), &[1, 2, 5, 6, 9, 10]);
    }

    #[test]
    fn owned_tensors_move_their_buffer_both_ways() {
        let d = DynTensor::from_shape_vec(&[2, 3], vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
        let p = d.as_slice().as_ptr();
        let a: ArrayD<f32> = d.into();
        assert_eq!((a.shape(), a.as_ptr()), (&[2, 3][..], p));
        let back = DynTensor::from(a);
        assert_eq!((back.shape(), back.as_slice().as_ptr()), (&[2, 3][..], p));
        // Not in standard layout: one copy, in logical order.
        let t = Array::from_shape_vec((2, 3), vec![1, 2, 3, 4, 5, 6])
            .unwrap()
            .reversed_axes();
        let c = DynTensor::from(t);
        assert_eq!(
            (c.shape(), c.as_slice()),
            (&[3, 2][..], &[1, 4, 2, 5, 3, 6][..])
        );
        // Sliced in place (its buffer starts before its first element): one copy.
        let mut s = Array::from_shape_vec(IxDyn(&[4]), vec![1, 2, 3, 4]).unwrap();
        s.slice_collapse(ndarray::s![1..3]);
        assert_eq!(DynTensor::from(s).as_slice(), &[2, 3]);
    }

    #[test]
    fn static_views_become_array_views_of_their_rank() {
        let t = tensor![[1, 2, 3], [4, 5, 6]];
        let a: ArrayView2<i32> = t.view().into();
        assert_eq!(a, array![[1, 2, 3], [4, 5, 6]]);
        let at: ArrayView2<i32> = t.t().into();
        assert_eq!(at, array![[1, 4], [2, 5], [3, 6]]);
        let b: ndarray::ArrayView3<i32> = t.broadcast_to::<shape![2, 2, 3]>().into();
        assert_eq!(b.index_axis(Axis(0), 1), array![[1, 2, 3], [4, 5, 6]]);
        let sq = tensor![[1, 2], [3, 4]];
        let diag: ndarray::ArrayView1<i32> = sq.diagonal::<0, 1>().into();
        assert_eq!(diag, array![1, 4]);
        let nine = Tensor::<i32, shape![]>::from_array(9);
        let scalar: ndarray::ArrayView0<i32> = nine.view().into();
        assert_eq!(scalar[()], 9);
    }

    #[test]
    fn array_views_of_the_right_shape_become_static_views_or_tensors() {
        let a = array![[1.0_f64, 2.0], [3.0, 4.0], [5.0, 6.0]];
        let v = TensorView::<f64, shape![3, 2]>::try_from(a.view()).unwrap();
        assert_eq!(v[[2, 1]], 6.0);
        let err = TensorView::<f64, shape![2, 3]>::try_from(a.view()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a tensor of shape [3, 2] cannot become a static tensor of shape [2, 3]; \
             reshape or broadcast it first"
        );
        // A transposed view is no slice: a static view refuses it, a static tensor copies it.
        assert!(matches!(
            TensorView::<f64, shape![2, 3]>::try_from(a.t()),
            Err(ShapeError::NotContiguous { .. })
        ));
        let t = Tensor::<f64, shape![2, 3]>::try_from(a.t()).unwrap();
        assert_eq!(t, tensor![[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]]);
        let owned: Tensor<f64, shape![3, 2]> = (&a).try_into().unwrap();
        assert_eq!(owned.as_slice(), &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let _: &ndarray::Array<f64, Ix2> = &a;
    }
}
