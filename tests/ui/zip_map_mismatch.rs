use shaped::{shape, Tensor};

fn main() {
    let a = Tensor::<u8, shape![3, 2]>::zeros();
    let b = Tensor::<u8, shape![3]>::zeros();
    let _m = a.zip_map(&b, |x, y| x < y);
}
