use shaped::{shape, slice, Tensor};

fn main() {
    // The macro cannot see the axis's extent, so `2..` has no length it could count.
    let m = Tensor::<f32, shape![3, 5]>::zeros();
    let _w = slice!(m, 2..);
}
