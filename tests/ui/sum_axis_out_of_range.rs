use shaped::{shape, Tensor};

fn main() {
    let m = Tensor::<f32, shape![2, 3]>::zeros();
    let _ = m.sum_axis::<2>();
}
