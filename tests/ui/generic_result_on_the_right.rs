use shaped::{Broadcast, BroadcastWith, Shape, Tensor};

// `Broadcast<A, B>` carries `BroadcastWith<A>`, but `A` cannot carry the mirror image: put the
// result on the left (`&d * a`), or add `A: BroadcastWith<Broadcast<A, B>, Output = Broadcast<A, B>>`.
fn f<A: Shape + BroadcastWith<B>, B: Shape>(a: &Tensor<f32, A>, b: &Tensor<f32, B>) -> Tensor<f32, Broadcast<A, B>> {
    let d = a - b;
    a * &d
}

fn main() {}
