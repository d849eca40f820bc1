use shaped::{Tensor, axes, shape};

fn main() {
    let m = Tensor::<f32, shape![2, 3, 4]>::zeros();
    let _v = m.permute::<axes![1, 0]>();
}
