use shaped::{shape, Tensor};

fn main() {
    let mut a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f32, shape![4]>::zeros();
    a *= b;
}
