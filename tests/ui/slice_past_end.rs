use shaped::{shape, slice, Tensor};

fn main() {
    // Axis 1 has 5 elements: 1..7;2 would read columns 1, 3 and 5.
    let m = Tensor::<f32, shape![3, 5]>::zeros();
    let _w = slice!(m, .., 1..7;2);
}
