use shaped::{shape, tensor};

fn main() {
    let b = tensor![1., 2., 3.];
    let v = b.broadcast_to::<shape![4, 3]>();
    // Four positions share each element: a broadcast view is read-only.
    v[[0, 0]] = 5.0;
}
