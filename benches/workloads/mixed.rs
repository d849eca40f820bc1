//! Shapes known in part: the static workloads W1 `[4,4]+[4]` and W3a `[64,64]+[64]` with the
//! row count a run-time `Dyn`, each as `add_to` into a preallocated destination (no allocation
//! counted), and `[Dyn, Dyn] + [Dyn]` at W1's extents against `DynTensor::try_add_into`.

use shaped::{DynTensor, Tensor, shape};

pub type Rows4 = Tensor<f32, shape![Dyn, 4]>;
pub type Rows64 = Tensor<f32, shape![Dyn, 64]>;
pub type AnyRows = Tensor<f32, shape![Dyn, Dyn]>;

/// `a` of `n` rows of `c` and `b` of `c`, the values of the static workloads.
pub fn inputs<S: shaped::Shape>(n: usize, c: usize) -> (Tensor<f32, S>, Vec<f32>) {
    let a = Tensor::from_shape_fn(&[n, c], |i: S::Index| {
        let i = i.as_ref();
        super::value(i[0] * c + i[1]) as f32
    })
    .expect("the extents fit the type");
    (a, (0..c).map(|i| super::value(i + 7) as f32).collect())
}

#[unsafe(export_name = "mixed4_shaped_to")]
#[inline(never)]
pub fn rows4(a: &Rows4, b: &Tensor<f32, shape![4]>, out: &mut Rows4) {
    a.add_to(b, out);
}

#[unsafe(export_name = "mixed64_shaped_to")]
#[inline(never)]
pub fn rows64(a: &Rows64, b: &Tensor<f32, shape![64]>, out: &mut Rows64) {
    a.add_to(b, out);
}

#[unsafe(export_name = "mixedd_shaped_to")]
#[inline(never)]
pub fn any_rows(a: &AnyRows, b: &Tensor<f32, shape![Dyn]>, out: &mut AnyRows) {
    a.add_to(b, out);
}

#[unsafe(export_name = "mixedd_dyn_into")]
#[inline(never)]
pub fn dyn_into(a: &DynTensor<f32>, b: &DynTensor<f32>, out: &mut DynTensor<f32>) {
    a.try_add_into(b, out).expect("[4, 4] + [4] into [4, 4]");
}
