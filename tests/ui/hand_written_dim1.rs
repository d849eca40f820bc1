use shaped::{Dim, Tensor};

fn main() {
    // `Dim<1>` is not the extent 1: only `One` broadcasts.
    let a = Tensor::<f32, (Dim<1>, Dim<3>)>::filled(1.0);
    let b = Tensor::<f32, (Dim<2>, Dim<3>)>::filled(2.0);
    let _c = &a + &b;
}
