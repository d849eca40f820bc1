use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<i32, shape![2, 3]>::zeros();
    let _c = &a + &b;
}
