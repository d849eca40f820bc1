use shaped::{shape, tensor, Tensor};

fn main() {
    let a: Tensor<f32, shape![2, 3]> = tensor![[1., 2., 3.], [4., 5., 6.]];
    let b = tensor![1., 2.];
    let _c = &a + &b;
}
