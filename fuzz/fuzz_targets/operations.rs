//! Operations from raw bytes: two views of any shapes and strides into every element-wise
//! operation (new output, into an output of any shape, in place), numpy's and ncnn's
//! broadcasting, matrix products and shape arithmetic. Nothing may panic, abort or read out of
//! bounds.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shaped::{DynTensor, broadcast_shapes, ncnn};

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
    if lo.abs() <= 8 && hi.abs() <= 8 {
        let r = DynTensor::try_arange(lo, hi, step);
        assert_eq!(r.is_err(), step == 0);
    }
    let _ = DynTensor::try_arange(a.len() as f32, b.len() as f32, input.signed() as f32 / 4.0);
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
});
