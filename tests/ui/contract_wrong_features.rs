// A shape contract in a signature: one hidden layer of 784 features, any batch. A caller whose
// rows have 785 features does not compile, and the error names both extents.
use shaped::{Tensor, shape};

fn hidden<const B: usize>(
    x: &Tensor<f32, shape![B, 784]>,
    w: &Tensor<f32, shape![784, 16]>,
) -> Tensor<f32, shape![B, 16]> {
    x.matmul(w)
}

fn main() {
    let w = Tensor::<f32, shape![784, 16]>::zeros();
    let x = Tensor::<f32, shape![2, 785]>::zeros();
    let _h = hidden(&x, &w);
}
