use shaped::{Tensor, shape};

fn main() {
    let m = Tensor::<f32, shape![2, 3]>::zeros();
    let _d = m.diagonal::<0, 1>();
}
