use shaped::{shape, Tensor};

fn main() {
    // Extent 0 is a real extent: it broadcasts only with 0 and 1.
    let a = Tensor::<f32, shape![0]>::zeros();
    let b = Tensor::<f32, shape![3]>::zeros();
    let _c = &a + &b;
}
