//! A run-time batch with static feature sizes: rows read when the program runs (here made up),
//! pushed through a two-layer perceptron whose widths are in the types. What the compiler can
//! check it checks (4 features in, 8 hidden, 3 classes out); the row count is checked once, when
//! the data arrives.
//!
//! `cargo run --release --example mixed` (also run by `cargo test`, through its test below).

// `&a + &b` is the idiom for tensors (no copy of the operands).
#![allow(clippy::op_ref)]

use shaped::{Tensor, shape};

/// One layer, any batch: `relu(x · w + b)`. A `[Dyn, 5]` input would not compile here.
fn layer<const I: usize, const O: usize>(
    x: &Tensor<f32, shape![Dyn, I]>,
    w: &Tensor<f32, shape![I, O]>,
    b: &Tensor<f32, shape![O]>,
) -> Tensor<f32, shape![Dyn, O]> {
    (&x.matmul(w) + b).map(|v| v.max(0.0))
}

/// Rows as they might come from a file: `n` rows of 4 features, flattened.
fn read_rows(n: usize) -> Vec<f32> {
    (0..n * 4).map(|i| ((i * 7) % 11) as f32 - 5.0).collect()
}

fn run() -> Result<Vec<usize>, shaped::ShapeError> {
    let n = 5;
    let x = Tensor::<f32, shape![Dyn, 4]>::from_shape_vec(&[n, 4], read_rows(n))?;
    let w1 = Tensor::<f32, shape![4, 8]>::from_fn(|[i, j]| ((i + 2 * j) % 5) as f32 * 0.25 - 0.5);
    let b1 = Tensor::<f32, shape![8]>::filled(0.1);
    let w2 = Tensor::<f32, shape![8, 3]>::from_fn(|[i, j]| ((3 * i + j) % 4) as f32 * 0.5 - 0.75);
    let b2 = Tensor::<f32, shape![3]>::zeros();
    let hidden = layer(&x, &w1, &b1); // [Dyn, 8]
    let logits = layer(&hidden, &w2, &b2); // [Dyn, 3]
    println!("x (shape {:?}) =\n{x}\n", x.shape());
    println!("logits (shape {:?}) =\n{logits}\n", logits.shape());
    // Per-row argmax through the dynamic-rank view of the same elements (nothing copied).
    let classes = logits.as_dyn().try_argmax(Some(-1), false)?.to_vec();
    println!("class per row: {classes:?}");

    // Data of the wrong width is refused when it arrives, naming both shapes.
    let wrong = Tensor::<f32, shape![Dyn, 4]>::from_shape_vec(&[3, 5], vec![0.0; 15]);
    println!("3 rows of 5 features: {}", wrong.unwrap_err());
    Ok(classes)
}

fn main() -> Result<(), shaped::ShapeError> {
    run().map(|_| ())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_runs_and_classifies_every_row() {
        let classes = super::run().expect("the example's shapes fit");
        assert_eq!(classes.len(), 5);
        assert!(classes.iter().all(|&c| c < 3));
    }
}
