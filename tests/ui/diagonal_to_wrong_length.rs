use shaped::{Dim, shape, Tensor};

fn main() {
    // The diagonal 1 of a [3, 5] has 3 elements, not 4.
    let m = Tensor::<f32, shape![3, 5]>::zeros();
    let _d = m.diagonal_to::<0, 1, 1, Dim<4>>();
}
