use shaped::{shape, Tensor};

fn main() {
    // [2, 1] += [2, 3] would stretch a's last axis.
    let mut a = Tensor::<f32, shape![2, 1]>::zeros();
    let b = Tensor::<f32, shape![2, 3]>::zeros();
    a += &b;
}
