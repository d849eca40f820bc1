use shaped::{Tensor, shape};

// A `Dyn` axis has no extent for `zeros` to take: caught when the constructor is compiled for
// the shape, `cargo build` (the pass cases in tests/ui/pass make trybuild build every case), not
// `cargo check`.
fn main() {
    let _x = Tensor::<f32, shape![Dyn, 784]>::zeros();
}
