use shaped::{Tensor, shape};

fn main() {
    let m = Tensor::<f32, shape![2, 3]>::zeros();
    let _s = m.unsqueeze::<-4>();
}
