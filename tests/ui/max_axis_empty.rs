use shaped::{shape, Tensor};

fn main() {
    // A maximum over an axis of extent 0 has no value: it must not build.
    let m = Tensor::<f32, shape![3, 0]>::zeros();
    let _ = m.max_axis::<1>();
}
