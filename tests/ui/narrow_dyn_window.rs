use shaped::{Dyn, Tensor, shape};

// A window whose length is `Dyn` has no length in its type: caught when the view is compiled,
// `cargo build`, not `cargo check`.
fn main() {
    let x = Tensor::<f32, shape![4, 3]>::zeros();
    let _w = x.try_narrow::<0, Dyn>(1);
}
