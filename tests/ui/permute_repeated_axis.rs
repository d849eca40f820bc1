use shaped::{Tensor, axes, shape};

// A repeated axis is caught when the view's strides are computed: `cargo build` (the pass cases
// in tests/ui/pass make trybuild build every case), not `cargo check`.
fn main() {
    let m = Tensor::<f32, shape![2, 3]>::zeros();
    let _v = m.permute::<axes![0, 0]>();
}
