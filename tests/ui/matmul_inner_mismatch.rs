use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f32, shape![4, 5]>::zeros();
    let _ = a.matmul(&b);
}
