use shaped::{Tensor, shape};

// Two known extents that clash never compile, whatever run-time axes the shapes also hold.
fn main() {
    let a = Tensor::<f32, shape![Dyn, 3]>::from_elem(&[2, 3], 1.0).unwrap();
    let b = Tensor::<f32, shape![4]>::filled(1.0);
    let _c = &a + &b;
}
