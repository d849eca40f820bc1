use shaped::{Tensor, shape};

// A run-time extent becomes a known one only through `try_into_shape`, which checks it.
fn main() {
    let a = Tensor::<f32, shape![Dyn, 3]>::from_elem(&[2, 3], 1.0).unwrap();
    let _b = a.into_shape::<shape![2, 3]>();
}
