use shaped::{shape, Tensor};

fn main() {
    // A rank-2 tensor has no axis 2 to keep.
    let m = Tensor::<f32, shape![2, 3]>::zeros();
    let _ = m.sum_axis_keepdims::<2>();
}
