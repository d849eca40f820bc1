use shaped::{Tensor, shape};

// A post-monomorphisation error: `cargo check` does not see it, `cargo build` does (the pass
// cases in tests/ui/pass make trybuild build every case).
fn main() {
    let m = Tensor::<f32, shape![2, 3]>::zeros();
    let _r: Tensor<f32, shape![4]> = m.reshape();
}
