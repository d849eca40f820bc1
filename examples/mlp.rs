//! A static multi-layer perceptron, generic over the batch: 784 inputs (a 28 x 28 image), 32
//! hidden units with ReLU, 10 logits, and the class of each image by argmax. Every width is in the
//! types, so a weight matrix of the wrong size or an image of 785 pixels does not compile; the
//! batch `B` is a const parameter, so the same `forward` serves one image and a batch of ten.
//!
//! The weights live on the heap (`Box<Tensor<..>>`, built in place): `[784, 32]` `f32` is 98 KiB,
//! too much to pass around on a stack by value. The products read them through `&*w`.
//!
//! The weights are not trained: they are chosen by hand so that the logits can be worked out on
//! paper (see [`Mlp::template`]), and the test at the bottom checks them against those values.
//!
//! `cargo run --release --example mlp` (also run by `cargo test`, through its tests below).

// `&a + &b` is the idiom for tensors (no copy of the operands).
#![allow(clippy::op_ref)]

use shaped::{Tensor, shape};

/// Pixels per image.
const PIXELS: usize = 28 * 28;
/// Hidden units.
const HIDDEN: usize = 32;
/// Classes (logits).
const CLASSES: usize = 10;

/// One row of logits per image of the batch.
type Logits<const B: usize> = Tensor<f32, shape![B, CLASSES]>;

/// The network's parameters, each on the heap.
struct Mlp {
    w1: Box<Tensor<f32, shape![PIXELS, HIDDEN]>>,
    b1: Box<Tensor<f32, shape![HIDDEN]>>,
    w2: Box<Tensor<f32, shape![HIDDEN, CLASSES]>>,
    b2: Box<Tensor<f32, shape![CLASSES]>>,
}

impl Mlp {
    /// A template matcher whose answers can be computed by hand.
    ///
    /// - Hidden unit `j < 10` counts the lit pixels `i` with `i % 10 == j` (weight 1, else 0),
    ///   minus 40 (its bias), through ReLU. Pixels `i % 10 == j` number 79 for `j < 4` and 78 for
    ///   the others (784 = 78 * 10 + 4), so on an image that lights exactly them the unit gives
    ///   79 - 40 = 39 (or 38), and every other unit `j' < 10` gives `relu(0 - 40) = 0`.
    /// - Hidden units 10..32 have weight -1 on every pixel: their input is never positive, so
    ///   ReLU always zeroes them, whatever their (large) outgoing weights.
    /// - Logit `c` is hidden unit `c` (weight 1) plus 1000 times each of units 10..32 (which are 0)
    ///   plus 0.5 (its bias).
    fn template() -> Self {
        Mlp {
            w1: Tensor::<f32, shape![PIXELS, HIDDEN]>::boxed_from_fn(|[i, j]| match j {
                j if j < CLASSES && i % CLASSES == j => 1.0,
                j if j < CLASSES => 0.0,
                _ => -1.0,
            }),
            b1: Tensor::<f32, shape![HIDDEN]>::boxed_from_fn(
                |[j]| if j < CLASSES { -40.0 } else { 0.0 },
            ),
            w2: Tensor::<f32, shape![HIDDEN, CLASSES]>::boxed_from_fn(|[j, c]| match j {
                j if j < CLASSES => f32::from(u8::from(j == c)),
                _ => 1000.0,
            }),
            b2: Tensor::boxed_filled(0.5),
        }
    }
}

/// `relu(x · w1 + b1) · w2 + b2` for any batch `B`: the logits, one row per image.
fn forward<const B: usize>(x: &Tensor<f32, shape![B, PIXELS]>, net: &Mlp) -> Logits<B> {
    // `[B, 784] x [784, 32]` -> `[B, 32]`, the bias `[32]` broadcast over the rows.
    let hidden = (&x.matmul(&*net.w1) + &*net.b1).map(|v| v.max(0.0));
    &hidden.matmul(&*net.w2) + &*net.b2
}

/// An image of class `c`: pixels `i` with `i % 10 == c` lit (1.0), the rest dark.
fn image_of(c: usize) -> impl Fn(usize) -> f32 {
    move |i| f32::from(u8::from(i % CLASSES == c))
}

/// One image of class 7, then a batch of ten (class `r` in row `r`): the logits of the first
/// and the predicted classes of each.
fn run() -> (Logits<1>, Tensor<usize, shape![10]>) {
    let net = Mlp::template();

    // B = 1. `shape![1, 784]` spells the extent 1 as `One` (the broadcasting extent), while
    // `forward::<1>` wants `Dim<1>`: `into_shape` converts, checked by the compiler.
    let one = Tensor::<f32, shape![1, PIXELS]>::from_fn(|[_, i]| image_of(7)(i));
    let logits_one = forward::<1>(&one.into_shape(), &net);
    println!("one image of class 7: logits =\n{logits_one}\n");

    // B = 10, built on the heap in place (31 KiB); `&*batch` lends the tensor inside the box.
    let batch = Tensor::<f32, shape![10, PIXELS]>::boxed_from_fn(|[r, i]| image_of(r)(i));
    let logits = forward(&*batch, &net);
    let classes: Tensor<usize, shape![10]> = logits.argmax_axis::<-1>();
    println!("a batch of ten: logits =\n{logits}\nclasses = {classes}");
    (logits_one, classes)
}

fn main() {
    run();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_logits_are_the_hand_computed_ones() {
        let (one, classes) = run();
        // Class 7: unit 7 sees its 78 pixels, 78 - 40 = 38; every logit gets the bias 0.5.
        let mut want = [0.5f32; CLASSES];
        want[7] = 38.5;
        assert_eq!(one.as_slice(), want);
        assert_eq!(classes.as_slice(), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn each_row_of_the_batch_is_its_own_image() {
        let net = Mlp::template();
        // Row 0 lit for class 2; row 1 for class 2 at half brightness: 0.5 * 79 - 40 < 0, so
        // ReLU zeroes unit 2 and every logit is the bias (argmax then takes the first, 0).
        let x = Tensor::<f32, shape![2, PIXELS]>::from_fn(|[r, i]| {
            image_of(2)(i) * if r == 0 { 1.0 } else { 0.5 }
        });
        let logits = forward(&x, &net);
        let mut bright = [0.5f32; CLASSES];
        bright[2] = 39.5; // 79 pixels with i % 10 == 2
        assert_eq!(&logits.as_slice()[..CLASSES], bright);
        assert_eq!(&logits.as_slice()[CLASSES..], [0.5f32; CLASSES]);
        assert_eq!(logits.argmax_axis::<-1>().as_slice(), [2, 0]);
    }
}
