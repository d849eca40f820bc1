//! Memory that cannot be had is an error, not an abort: constructors and operation outputs whose
//! element count overflows `usize`, whose bytes overflow `isize::MAX`, or that the allocator
//! refuses (1 TiB and more on this 24 GiB machine kind) return a `ShapeError` from every `try_`
//! form, and the panicking forms panic with the same message. Not under Miri: it would try to
//! hand out the terabyte.

#![allow(clippy::op_ref)]

use std::panic::{AssertUnwindSafe, catch_unwind};

use shaped::{DynTensor, ShapeError};

const TIB_F32: [usize; 2] = [1 << 18, 1 << 20]; // 2^38 f32 = 1 TiB

fn is_allocation(e: &ShapeError, bytes: Option<usize>) -> bool {
    matches!(e, ShapeError::Allocation { bytes: b, .. } if *b == bytes)
}

#[test]
fn constructors_report_what_they_cannot_allocate() {
    // The element count itself overflows.
    let e = DynTensor::<f32>::try_zeros(&[usize::MAX / 2, 4]).unwrap_err();
    assert!(matches!(e, ShapeError::Overflow { .. }), "{e}");
    // The count fits, its bytes do not (2^62 f32).
    let e = DynTensor::<f32>::try_ones(&[1 << 31, 1 << 31]).unwrap_err();
    assert!(is_allocation(&e, None), "{e}");
    assert!(e.to_string().contains("more bytes than isize::MAX"), "{e}");
    // The bytes fit in isize, the allocator refuses them.
    let tib = DynTensor::<f32>::try_zeros(&TIB_F32).unwrap_err();
    assert!(is_allocation(&tib, Some(1 << 40)), "{tib}");
    assert_eq!(
        tib.to_string(),
        "a tensor of shape [262144, 1048576] needs 1099511627776 bytes, which could not be \
         allocated; use smaller extents, or check how the shape was computed"
    );
    let e = DynTensor::try_filled(&TIB_F32, 1.5f32).unwrap_err();
    assert!(is_allocation(&e, Some(1 << 40)), "{e}");
    let e = DynTensor::<u64>::try_from_fn(&TIB_F32, |_| 0).unwrap_err();
    assert!(is_allocation(&e, Some(1 << 41)), "{e}");
    // The panicking form panics (unwinds) with the same words.
    let p = catch_unwind(|| DynTensor::<f32>::zeros(&TIB_F32)).unwrap_err();
    assert_eq!(p.downcast_ref::<String>(), Some(&tib.to_string()));
}

#[test]
fn broadcast_outputs_too_large_for_memory_are_errors() {
    // [2^20, 1] + [1, 2^20] is 2^40 f32: 4 TiB.
    let col = DynTensor::<f32>::zeros(&[1 << 20, 1]);
    let row = DynTensor::<f32>::zeros(&[1, 1 << 20]);
    let e = col.try_add(&row).unwrap_err();
    assert!(is_allocation(&e, Some(1 << 42)), "{e}");
    let e = col.try_zip_map(&row, |x, y| (x, y)).unwrap_err();
    assert!(is_allocation(&e, Some(1 << 43)), "{e}");
    // Views too, and the operator panics with the message.
    let e = col.view().try_mul(&row.view()).unwrap_err();
    assert!(is_allocation(&e, Some(1 << 42)), "{e}");
    let p = catch_unwind(AssertUnwindSafe(|| &col + &row)).unwrap_err();
    let msg = p.downcast_ref::<String>().expect("a formatted panic");
    assert!(
        msg.starts_with("a tensor of shape [1048576, 1048576] needs 4398046511104 bytes"),
        "{msg}"
    );
}

#[test]
fn matrix_products_too_large_for_memory_are_errors() {
    let a = DynTensor::<f64>::zeros(&[1 << 19, 1]);
    let b = DynTensor::<f64>::zeros(&[1, 1 << 19]);
    let e = a.try_matmul(&b).unwrap_err();
    assert!(is_allocation(&e, Some(1 << 41)), "{e}");
    // A small product still works after the refusals.
    let c = DynTensor::<f64>::ones(&[2, 3])
        .try_matmul(&DynTensor::ones(&[3, 2]))
        .unwrap();
    assert_eq!(c.as_slice(), &[3.0; 4]);
}
