use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let _v = a.broadcast_to::<shape![3]>();
}
