use shaped::{shape, Tensor};

fn check(a: &Tensor<u8, shape![1920, 1]>, b: &Tensor<u8, shape![1_000_003, 1080]>) {
    let _c = a + b;
}

fn main() {}
