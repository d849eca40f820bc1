use shaped::tensor;

fn main() {
    let a = tensor![1u32, 2, 3];
    let _b = -&a;
}
