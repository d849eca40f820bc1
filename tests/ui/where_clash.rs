use shaped::{shape, where_, Tensor};

fn main() {
    let cond = Tensor::<bool, shape![2, 3]>::filled(true);
    let a = Tensor::<f32, shape![4]>::zeros();
    let b = Tensor::<f32, shape![]>::zeros();
    let _ = where_(&cond, &a, &b);
}
