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

#[test]
fn empty_views_with_huge_extents_reduce_sort_and_unique_without_overflow() {
    // Found by `cargo xtask fuzz` (operations): a view may have no elements and still extents
    // whose product overflows (`[usize::MAX, 0]`); what is computed from it is then empty, the
    // identity over a huge output (which cannot be allocated), or an error, never an overflow
    // panic or a loop over usize::MAX rows.
    let data = [1.0f32];
    let v = shaped::DynView::try_as_strided(&data, &[usize::MAX, 0], &[0, 0], 0).unwrap();
    assert_eq!(v.try_sum(0, false).unwrap().shape(), &[0]);
    let e = v.try_sum(-1, false).unwrap_err();
    assert!(is_allocation(&e, None), "{e}");
    assert!(matches!(
        v.try_max(-1, false).unwrap_err(),
        ShapeError::EmptyReduction { .. }
    ));
    for axis in [0, 1] {
        assert!(v.try_sort(axis).unwrap().is_empty());
        assert!(v.try_argsort(axis).unwrap().is_empty());
    }
    let u = v.try_unique_consecutive(Some(1)).unwrap();
    assert!(u.values.is_empty() && u.inverse.is_empty());
    // Along the huge axis: one run number per slice would be usize::MAX of them.
    let e = v.try_unique_consecutive(Some(0)).unwrap_err();
    assert!(is_allocation(&e, None), "{e}");
    // As an operand of an element-wise operation (debug builds checked the product of the
    // extents for overflow before seeing the 0).
    let a = DynTensor::<f32>::from_shape_vec(&[usize::MAX, 2, 0], vec![]).unwrap();
    let b = DynTensor::<f32>::zeros(&[2, 0]);
    assert_eq!(a.try_add(&b).unwrap().shape(), &[usize::MAX, 2, 0]);
    assert_eq!(b.try_mul(&a).unwrap().shape(), &[usize::MAX, 2, 0]);
    // Merging [2^40, 2^40, 0] into one axis would overflow; the reduction still works.
    let w = shaped::DynView::try_as_strided(&data, &[1 << 40, 1 << 40, 0], &[0, 0, 0], 0).unwrap();
    assert_eq!(w.try_sum(&[0, 1][..], false).unwrap().shape(), &[0]);
}
