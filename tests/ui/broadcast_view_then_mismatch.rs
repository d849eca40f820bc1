use shaped::{shape, tensor};

fn main() {
    let b = tensor![1., 2., 3.];
    let v = b.broadcast_to::<shape![4, 3]>();
    let c = tensor![[1., 2.], [3., 4.]];
    let _d = &v + &c;
}
