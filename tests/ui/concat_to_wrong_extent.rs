use shaped::{concat_to, shape, Dim, Tensor};

fn main() {
    // 2 + 1 rows named as 4: the sum is checked when the call is built.
    let a = Tensor::<f32, shape![2, 3]>::zeros();
    let b = Tensor::<f32, shape![1, 3]>::zeros();
    let _ = concat_to::<0, Dim<4>, _, _, _>(&a, &b);
}
