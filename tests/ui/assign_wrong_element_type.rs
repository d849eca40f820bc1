use shaped::{Tensor, shape};

fn main() {
    let mut a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<i32, shape![3]>::zeros();
    a += &b;
}
