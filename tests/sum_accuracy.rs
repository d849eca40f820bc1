//! Float sums are accurate: 10^7 `f32` values of 0.1 summed by `try_sum` and `sum_axis` land no
//! further from the exact sum than numpy's `np.full(10**7, 0.1, dtype=np.float32).sum()`, which
//! numpy 2.4 gives as 1000000.125 (relative error 1.1e-7; reproduce with that one-liner). A
//! sum in order drifts to 1087937 (8.8e-2).
//!
//! Not under Miri: ten million elements are hours there; `reduce::fold`'s unit tests run the same
//! pairwise code on 2^20.

use shaped::{DynTensor, Tensor, shape};

const N: usize = 10_000_000;
/// numpy's answer for the same data (see the module docs).
const NUMPY: f64 = 1000000.125;

/// The exact sum of `N` copies of the `f32` nearest 0.1.
fn exact() -> f64 {
    0.1f32 as f64 * N as f64
}

fn relative_error(got: f32) -> f64 {
    (got as f64 - exact()).abs() / exact()
}

#[test]
fn ten_million_tenths_sum_as_accurately_as_numpy() {
    let numpy = (NUMPY - exact()).abs() / exact();
    let t = DynTensor::filled(&[N], 0.1f32);
    let all = t.try_sum(0, false).unwrap().as_slice()[0];
    assert!(
        relative_error(all) <= numpy,
        "sum {all}: {} vs numpy {numpy}",
        relative_error(all)
    );
    // Through a view: the transpose of [1000, N / 1000] summed along its axis 0 (adjacent
    // elements), then the 1000 partial sums.
    let m = t.view().try_reshape(&[1000, (N / 1000) as isize]).unwrap();
    let cols = m.t().try_sum(0, false).unwrap();
    let total: f32 = cols.try_sum(0, false).unwrap().as_slice()[0];
    assert!(relative_error(total) <= numpy, "two-step sum {total}");
    // An in-order sum drifts far more: the comparison can fail.
    let naive: f32 = t.iter().sum();
    assert!(relative_error(naive) > 1000.0 * numpy, "naive {naive}");
}

#[test]
fn a_static_axis_sums_pairwise_too() {
    let t = Tensor::<f32, shape![2, 500_000]>::boxed_filled(0.1);
    let rows = t.sum_axis::<1>();
    let exact = 0.1f32 as f64 * 500_000.0;
    for r in rows.as_slice() {
        assert!((*r as f64 - exact).abs() / exact < 2e-7, "{r}");
    }
}
