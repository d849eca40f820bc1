// The other side of `slice_past_end` (a post-monomorphisation check, which `cargo build` runs
// here): a stepped range whose last element is the axis's last builds and reads the right ones.
use shaped::{shape, slice, Tensor};

fn main() {
    let m = Tensor::<f32, shape![3, 5]>::from_flat_fn(|i| i as f32);
    let w = slice!(m, .., 0..5;2);
    assert_eq!(w.to_tensor().as_slice(), &[0.0, 2.0, 4.0, 5.0, 7.0, 9.0, 10.0, 12.0, 14.0]);
}
