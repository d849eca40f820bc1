use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![]>::zeros();
    let b = Tensor::<f32, shape![3, 4]>::zeros();
    let _ = a.matmul(&b);
    let _ = b.matmul(&a);
}
