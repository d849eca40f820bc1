// A generic contract: any shape whose last axis takes a bias of 3.
use shaped::{BroadcastWith, Shape, Tensor, shape};

fn add_bias<S: Shape + BroadcastWith<shape![3]>>(
    x: &Tensor<f32, S>,
    b: &Tensor<f32, shape![3]>,
) -> Tensor<f32, <S as BroadcastWith<shape![3]>>::Output> {
    x + b
}

fn main() {
    let b = Tensor::<f32, shape![3]>::zeros();
    let _ok = add_bias(&Tensor::<f32, shape![2, 3]>::zeros(), &b);
    let _bad = add_bias(&Tensor::<f32, shape![2, 4]>::zeros(), &b);
}
