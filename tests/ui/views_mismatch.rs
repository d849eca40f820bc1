use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<f64, shape![4, 4]>::zeros();
    let b = Tensor::<f64, shape![3]>::zeros();
    let _c = a.view() - b.view();
}
