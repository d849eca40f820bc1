use shaped::tensor;

fn main() {
    let _t = tensor![1, , 2];
}
