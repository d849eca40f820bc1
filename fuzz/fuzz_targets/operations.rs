//! Operations from raw bytes: two views of any shapes and strides into every element-wise
//! operation (new output, into an output of any shape, in place), numpy's and ncnn's
//! broadcasting, matrix products and shape arithmetic. Nothing may panic, abort or read out of
//! bounds.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shaped::{DynTensor, Tensor, TensorView, broadcast_shapes, ncnn, shape};

#[path = "input.rs"]
mod input;
use input::{Input, view_op};

fuzz_target!(|bytes: &[u8]| {
    let mut input = Input(bytes);
    let (Some(ta), Some(tb)) = (input.tensor(), input.tensor()) else {
        return;
    };
    let mut a = ta.view();
    // The second operand sometimes a strided view over the first's data.
    let mut b = match input.bool() {
        true => input.strided(ta.as_slice()).unwrap_or_else(|| tb.view()),
        false => tb.view(),
    };
    for _ in 0..input.below(4) {
        a = view_op(&mut input, a);
        b = view_op(&mut input, b);
    }
    // Any shapes, including ones too large to build: only arithmetic on them.
    let (s1, s2) = (input.shape(), input.shape());
    let _ = broadcast_shapes(&[&s1, &s2, a.shape()]);
    let _ = ncnn::broadcast_shapes(&s1, &s2);
    let sum = a.try_add(&b);
    assert_eq!(
        sum.is_ok(),
        broadcast_shapes(&[a.shape(), b.shape()]).is_ok()
    );
    let _ = a.try_sub(&b);
    let _ = a.try_mul(&b);
    let _ = a.try_div(&b);
    let _ = a.try_rem(&b);
    let _ = a.try_zip_map(&b, |x, y| x.max(y));
    let _ = a.try_matmul(&b);
    // where: numpy's three-way broadcast (the condition has b's shape here), never a panic.
    let positive = b.map(|x| x > 0.0);
    let chosen = shaped::try_where(&positive, &a, &b);
    assert_eq!(chosen.is_ok(), sum.is_ok());
    let _ = shaped::try_where(a.map(|x| x.is_nan()), &b, &a);
    assert_eq!(a.clip(-1.0, 1.0).len(), a.len());
    let _ = ncnn::try_add(&a, &b);
    let _ = ncnn::try_mul(&a, &b);
    // Joins: the same shape rules as numpy, never a panic.
    let axis = input.signed();
    if let Ok(j) = shaped::try_concatenate(&[a.clone(), b.clone()], axis) {
        assert_eq!(j.len(), a.len() + b.len());
    }
    if let Ok(s) = shaped::try_stack(&[a.clone(), b.clone(), a.clone()], axis) {
        assert_eq!(s.len(), 3 * a.len());
    }
    // Constructors: a refused range is an error, never a panic (bounds kept small: a legitimate
    // range of 2^40 elements would only exhaust the fuzzer's memory).
    let (lo, hi, step) = (input.signed(), input.signed(), input.signed());
    if lo.unsigned_abs() <= 8 && hi.unsigned_abs() <= 8 {
        let r = DynTensor::try_arange(lo, hi, step);
        assert_eq!(r.is_err(), step == 0);
    }
    let _ = DynTensor::try_arange(a.len() as f32, b.len() as f32, input.signed() as f32 / 4.0);
    // A huge count is refused before anything is allocated (usize::MAX elements; n * n past
    // usize); a small one is built.
    let num = match input.bool() {
        true => usize::MAX,
        false => input.below(9),
    };
    let line = DynTensor::try_linspace(a.len() as f64, input.signed() as f64, num);
    assert_eq!(line.map(|t| t.len()).ok(), (num < 9).then_some(num));
    let eye = DynTensor::<u8>::try_eye(if num < 9 { num } else { 1 << 40 });
    assert_eq!(eye.map(|t| t.len()).ok(), (num < 9).then(|| num * num));
    // Into an output of a shape from the bytes, and in place.
    let mut out = DynTensor::<f32>::zeros(&input.small_shape());
    let _ = a.try_add_into(&b, &mut out);
    let _ = a.try_matmul_into(&b, &mut out);
    let mut owned = a.to_tensor();
    let _ = owned.try_add_assign(&b);
    let _ = owned.try_mul_assign(&b);
    if let Ok(mut target) = owned.view_mut().try_slice_mut(&input.slices()) {
        let _ = target.try_sub_assign(&b);
    }
    // Dynamic views (any strides the chain of view operations made) as static views: their
    // strides kept, or refused (another rank, a negative stride; not packed row-major for the
    // row-major form), never a panic; the same elements in the same order.
    let bits = |x: &f32| x.to_bits();
    if let Ok(s) = a.clone().try_into_static::<shape![Dyn, Dyn]>() {
        assert_eq!((s.shape(), s.strides().len()), (a.shape(), 2));
        assert!(
            a.strides()
                .iter()
                .zip(a.shape())
                .all(|(&st, &e)| st >= 0 || e <= 1 || a.is_empty())
        );
        assert_eq!(
            s.iter().map(bits).collect::<Vec<_>>(),
            a.iter().map(bits).collect::<Vec<_>>()
        );
        let _ = s.try_add(&s);
        let _ = s.t().try_narrow_dyn::<0>(input.extent(), input.extent());
    }
    let _ = a.clone().try_into_static::<shape![Dyn, 3]>();
    let _ = b.clone().try_into_static::<shape![Dyn]>();
    if let Ok(r) = TensorView::<f32, shape![Dyn, Dyn]>::try_from(b.clone()) {
        assert!(b.layout().is_row_major());
        assert_eq!(
            r.iter().map(bits).collect::<Vec<_>>(),
            b.iter().map(bits).collect::<Vec<_>>()
        );
    }
    let _ = TensorView::<f32, shape![2, 3]>::try_from(a.clone());
    static_shapes_with_run_time_axes(&mut input, &a.to_vec(), a.shape(), &b.to_vec(), b.shape());
});

/// Static tensors with `Dyn` axes built from the operands' extents (the types' ranks and known
/// extents checked), and every `try_` form between them: errors exactly where numpy's rule (and
/// the types' known extents) say, never a panic.
fn static_shapes_with_run_time_axes(
    input: &mut Input,
    va: &[f32],
    da: &[usize],
    vb: &[f32],
    db: &[usize],
) {
    type M = Tensor<f32, shape![Dyn, Dyn]>;
    type R = Tensor<f32, shape![Dyn]>;
    type C = Tensor<f32, shape![Dyn, 3]>;
    let (Ok(x), Ok(y)) = (
        M::from_shape_vec(da, va.to_vec()),
        R::from_shape_vec(db, vb.to_vec()),
    ) else {
        let _ = C::from_shape_vec(da, va.to_vec());
        let _ = TensorView::<f32, shape![Dyn, 3]>::from_shape(&input.small_shape(), va);
        return;
    };
    let sum = x.try_add(&y);
    assert_eq!(sum.is_ok(), broadcast_shapes(&[da, db]).is_ok());
    let _ = x.try_sub(&y);
    let _ = x.try_mul(y.view());
    let _ = x.view().try_div(&y);
    let _ = x.try_zip_map(&y, |p, q| p.min(q));
    let _ = x.try_matmul(&y);
    let _ = x.try_matmul(&x);
    if let Ok(c) = x.clone().try_into_shape::<shape![Dyn, 3]>() {
        let _ = c.try_add(&x);
        let w = Tensor::<f32, shape![3, 2]>::filled(1.0);
        let _ = c.try_matmul(&w);
        if let Ok(mut out) = Tensor::<f32, shape![Dyn, 2]>::from_elem(&input.small_shape(), 0.0) {
            let _ = c.try_matmul_to(&w, &mut out);
        }
    }
    if let Ok(mut out) = M::from_elem(&input.small_shape(), 0.0) {
        let _ = x.try_matmul_to(&x, &mut out);
    }
    let _ = x.clone().try_into_shape::<shape![2, 3]>();
    let mut acc = x.clone();
    let _ = acc.try_add_assign(&y);
    let _ = acc.try_assign(&x);
    if let Ok(mut out) = M::from_elem(&input.small_shape(), 0.0) {
        let _ = x.try_add_to(&y, &mut out);
        let _ = x.try_mul_to(&x, &mut out);
    }
    let _ = M::from_shape_fn(&input.small_shape(), |[i, j]| (i + j) as f32);
    // Static views and reshapes of run-time extents: a window that does not fit is an error, a
    // count that does not divide is an error; their values agree with the dynamic forms.
    if let Ok(w) = x.try_narrow::<-1, shaped::Dim<2>>(input.below(4)) {
        assert_eq!(w.shape()[1], 2);
        assert_eq!(w.t().iter().count(), w.len());
    }
    // A window's length given at run time: any start and length (huge ones too), an error
    // exactly where the window does not fit, on a window of a transposed view as well.
    let (start, len) = (input.extent(), input.extent());
    let fits = start <= x.shape()[0] && len <= x.shape()[0] - start;
    match x.try_narrow_dyn::<0>(start, len) {
        Ok(w) => {
            assert!(fits);
            assert_eq!(w.shape(), &[len, x.shape()[1]]);
            assert_eq!(w.iter().count(), w.len());
            if let Ok(ww) = w.t().try_narrow_dyn::<-1>(input.extent(), input.extent()) {
                assert_eq!(ww.iter().count(), ww.len());
                let _ = ww.try_add(&ww);
            }
        }
        Err(e) => assert!(!fits && !e.to_string().is_empty()),
    }
    if let Ok(r) = x.clone().try_reshape::<shape![Dyn, 2]>() {
        let bits = |t: &[f32]| t.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(r.as_slice()), bits(x.as_slice()));
    }
    let _ = x.clone().try_reshape::<shape![2, 3]>();
    // Static joins: extents the types leave open are errors when they do not fit.
    let _ = x.try_concat::<0>(&x);
    let _ = x.try_concat::<1>(&x);
    let _ = shaped::try_concat::<-1, _, _, _>(&x, &x);
    let _ = x.try_concat_to::<0, shaped::Dim<4>>(&x);
    let _ = shaped::try_concat_to::<0, shaped::Dim<4>, _, _, _>(&x, &x);
    if let Ok(v) = y.try_broadcast_to::<shape![Dyn, Dyn]>(&input.small_shape()) {
        assert_eq!(v.iter().count(), v.len());
    }
    let _ = x
        .view()
        .try_broadcast_to::<shape![Dyn, Dyn, Dyn]>(&input.small_shape());
    let _ = y.clone().try_reshape::<shape![Dyn]>();
    // Static constructors from run-time data and the dynamic constructors that may refuse.
    let _ = Tensor::<f32, shape![2, 3]>::try_from_slice(va);
    let _ = TensorView::<f32, shape![2, 3]>::try_from_slice(va);
    let _ = Tensor::<f32, shape![2, 2]>::try_from_flat_fn(|i| va.get(i).copied().ok_or(i));
    let _ = DynTensor::try_from_fn(&input.small_shape(), |i| i.len() as f32);
    let _ = DynTensor::try_filled(&input.small_shape(), 1.0f32);
    let _ = DynTensor::<f32>::try_ones(&input.small_shape());
    if let Ok(d) = DynTensor::from_shape_vec(da, va.to_vec()) {
        let positive = d.map(|v| v > 0.0);
        let _ = positive.try_all(&input.axes()[..], input.bool());
        let _ = positive.try_any(&input.axes()[..], input.bool());
        let _ = d.clone().try_into_static::<shape![Dyn, 3]>();
        let mut d = d;
        let (axis, index) = (input.signed(), input.signed());
        if let Ok(mut row) = d.view_mut().try_index_axis_mut(axis, index) {
            let _ = row.try_add_assign(&y);
        }
        let _ = d
            .view_mut()
            .try_diagonal_mut(input.signed(), input.signed(), input.signed());
        let _ = d
            .view_mut()
            .try_move_axis_mut(input.signed(), input.signed());
        let _ = d
            .view_mut()
            .try_swap_axes_mut(input.signed(), input.signed());
        if let Ok(mut p) = d.view_mut().try_permute_mut(&input.axes()) {
            let _ = p.try_zip_assign(&y, |o, v| *o = v);
        }
        let _ = d.view_mut().try_reshape_mut(&input.axes());
        let _ = d.view_mut().try_squeeze_mut(&input.axes()[..]);
        let _ = d.view_mut().try_unsqueeze_mut(input.signed());
        let _ = d.try_prod(&input.axes()[..], input.bool());
        if let Ok(mut out) = DynTensor::<f32>::try_zeros(&input.small_shape()) {
            let _ = d.try_zip_map_into(&y, &mut out, |p, q| p * q);
        }
    }
}
