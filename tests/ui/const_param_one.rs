use shaped::{Tensor, shape};

// An extent given by a const parameter is `Dim<N>`: instantiated with 1 it is `Dim<1>`, not
// `One`, and does not broadcast.
fn column<const N: usize>() -> Tensor<f32, shape![N, 3]> {
    Tensor::filled(1.0)
}

fn main() {
    let m = Tensor::<f32, shape![2, 3]>::zeros();
    let _c = &column::<1>() + &m;
}
