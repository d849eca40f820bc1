//! The naive broadcast the dynamic tests compare against, written from numpy's rule and nothing
//! of the library's but the tensors' accessors: right-align the shapes, walk every output index
//! in row-major order, read each operand at that index with index 0 on its extent-1 axes.
//! A test file includes it with `#[path = "common/reference.rs"] mod reference;`.

use shaped::DynTensor;

/// `f(a, b)` element by element over the broadcast of `a` and `b`, in row-major order.
/// Panics when the shapes do not broadcast (a test calls it only on pairs that do).
pub fn reference<T: Clone, O>(a: &DynTensor<T>, b: &DynTensor<T>, f: impl Fn(T, T) -> O) -> Vec<O> {
    let (ad, bd) = (a.shape(), b.shape());
    let r = ad.len().max(bd.len());
    let pad = |d: &[usize]| -> Vec<usize> {
        let mut p = vec![1; r - d.len()];
        p.extend_from_slice(d);
        p
    };
    let (pa, pb) = (pad(ad), pad(bd));
    let out: Vec<usize> = pa
        .iter()
        .zip(&pb)
        .map(|(&x, &y)| {
            assert!(
                x == y || x == 1 || y == 1,
                "{ad:?} and {bd:?} do not broadcast"
            );
            if x == 1 { y } else { x }
        })
        .collect();
    // Where each operand's next element is along each output axis: its row-major stride, or 0
    // where its extent is 1 (numpy reads index 0 there). Offsets move by these as the index
    // counts up (an odometer, the last axis fastest), rather than being recomputed from the
    // whole index for every element: under Miri that recomputation was most of a test's time.
    let steps = |d: &[usize]| -> Vec<usize> {
        let mut steps = vec![0; r];
        let mut stride = 1;
        for k in (0..r).rev() {
            steps[k] = if d[k] == 1 { 0 } else { stride };
            stride *= d[k];
        }
        steps
    };
    let (sa, sb) = (steps(&pa), steps(&pb));
    let (va, vb) = (a.as_slice(), b.as_slice());
    let n: usize = out.iter().product();
    let mut idx = vec![0usize; r];
    let (mut ia, mut ib) = (0, 0);
    let mut got = Vec::with_capacity(n);
    for _ in 0..n {
        got.push(f(va[ia].clone(), vb[ib].clone()));
        for k in (0..r).rev() {
            idx[k] += 1;
            ia += sa[k];
            ib += sb[k];
            if idx[k] < out[k] {
                break;
            }
            idx[k] = 0;
            ia -= sa[k] * out[k];
            ib -= sb[k] * out[k];
        }
    }
    got
}
