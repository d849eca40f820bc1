use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let _c = &a * 2i32;
}
