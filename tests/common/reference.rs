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
    let (va, vb) = (a.as_slice(), b.as_slice());
    let n: usize = out.iter().product();
    let mut idx = vec![0usize; r];
    let mut got = Vec::with_capacity(n);
    for _ in 0..n {
        let at = |d: &[usize]| {
            idx.iter()
                .zip(d)
                .fold(0, |off, (&i, &e)| off * e + if e == 1 { 0 } else { i })
        };
        got.push(f(va[at(&pa)].clone(), vb[at(&pb)].clone()));
        for k in (0..r).rev() {
            idx[k] += 1;
            if idx[k] < out[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    got
}
