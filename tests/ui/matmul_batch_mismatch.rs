use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3, 4]>::zeros();
    let b = Tensor::<f32, shape![5, 4, 6]>::zeros();
    let _ = a.matmul(&b);
}
