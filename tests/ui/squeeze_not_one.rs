use shaped::{Tensor, shape};

fn main() {
    let m = Tensor::<f32, shape![2, 1, 3]>::zeros();
    let _s = m.squeeze::<2>();
}
