use shaped::{concat, shape, Tensor};

fn main() {
    // Joined along axis 0, the rows must agree: 3 columns against 4.
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f32, shape![5, 4]>::zeros();
    let _ = concat::<0, _, _, _>(&a, &b);
}
