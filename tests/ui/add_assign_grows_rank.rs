use shaped::{shape, Tensor};

fn main() {
    // `a += b` must not change `a`'s shape: [3] += [2, 3] would make it [2, 3].
    let mut a = Tensor::<f32, shape![3]>::zeros();
    let b = Tensor::<f32, shape![2, 3]>::zeros();
    a += &b;
}
