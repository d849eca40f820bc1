use shaped::{Shape, Tensor};

// Two different shapes need the one bound `A: BroadcastWith<B>`; the error says which.
fn add<A: Shape, B: Shape>(a: &Tensor<f32, A>, b: &Tensor<f32, B>) -> f32 {
    (a + b).sum()
}

fn main() {}
