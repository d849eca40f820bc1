use shaped::{Tensor, shape};

// A const parameter instantiated with 1 gives `Dim<1>`: a legal extent that does not stretch.
fn ones<const B: usize>() -> Tensor<f32, shape![B, 5]> {
    Tensor::filled(1.0)
}

fn main() {
    let w = Tensor::<f32, shape![5, 5]>::filled(1.0);
    let _c = &ones::<1>() + &w;
}
