//! Static shapes over heap and borrowed storage: one HD image (`[1080, 1920]` `f32`, 8 MiB) on a
//! thread with a 64 KiB stack, so a single copy through the stack would overflow it. Runs in
//! debug builds too (`cargo test`), where nothing is optimised away.

#![allow(clippy::op_ref)]

use shaped::{Tensor, TensorView, TensorViewMut, shape};

type Img = shape![1080, 1920];
const H: usize = 1080;
const W: usize = 1920;

/// Runs `f` on a thread whose whole stack is 64 KiB.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

fn pixel(i: usize) -> f32 {
    (i % 7) as f32
}

/// The expected output of `(img + col + row) * 0.5`, element `i`, by plain arithmetic.
fn want(i: usize) -> f32 {
    let (r, c) = (i / W, i % W);
    (pixel(i) + r as f32 + 0.25 * c as f32) * 0.5
}

#[test]
fn hd_image_on_the_heap_in_64_kib_of_stack() {
    on_small_stack(|| {
        let img: Box<Tensor<f32, Img>> = Tensor::boxed_from_flat_fn(pixel);
        let col = Tensor::<f32, shape![1080, 1]>::boxed_from_fn(|[r, _]| r as f32);
        let row = Tensor::<f32, shape![1920]>::boxed_from_fn(|[c]| 0.25 * c as f32);
        let mut out: Box<Tensor<f32, Img>> = Tensor::boxed_zeros();
        img.add_to(&*col, &mut *out); // [1080, 1920] + [1080, 1]
        *out += &*row; // + [1920]
        *out *= 0.5;
        for i in [0, 1, W - 1, W, 12345, H * W / 2 + 7, H * W - 1] {
            assert_eq!(out.as_slice()[i], want(i), "element {i}");
        }
        let sum: f64 = out.iter().map(|&x| x as f64).sum();
        let expected: f64 = (0..H * W).map(|i| want(i) as f64).sum();
        approx::assert_relative_eq!(sum, expected, max_relative = 1e-6);
        // A sum through the tensor's own method (f32 accumulation: a loose bound).
        approx::assert_relative_eq!(out.sum() as f64, expected, max_relative = 1e-3);
        // The whole image, and its transpose as a view, through the crate's own `approx`
        // comparisons (feature `approx`): every element within the default tolerance.
        #[cfg(feature = "approx")]
        {
            let reference: Box<Tensor<f32, Img>> = Tensor::boxed_from_flat_fn(want);
            approx::assert_relative_eq!(*out, *reference);
            approx::assert_ulps_eq!(out.t(), reference.t());
        }
    });
}

#[test]
fn hd_image_over_a_callers_vec_in_64_kib_of_stack() {
    on_small_stack(|| {
        let pixels: Vec<f32> = (0..H * W).map(pixel).collect();
        let img = TensorView::<f32, Img>::try_from_slice(&pixels).unwrap();
        let col = Tensor::<f32, shape![1080, 1]>::boxed_from_fn(|[r, _]| r as f32);
        let row: Vec<f32> = (0..W).map(|c| 0.25 * c as f32).collect();
        let row = TensorView::<f32, shape![1920]>::try_from_slice(&row).unwrap();
        let mut dst = vec![f32::NAN; H * W];
        {
            let mut out = TensorViewMut::<f32, Img>::try_from_slice(&mut dst).unwrap();
            img.add_to(&*col, &mut out);
            out += row;
            out *= 0.5;
        }
        // Written into the caller's buffer, every element.
        for (i, &x) in dst.iter().enumerate() {
            assert_eq!(x, want(i), "element {i}");
        }
        // The wrong length is an error, not a panic.
        assert!(TensorView::<f32, Img>::try_from_slice(&pixels[1..]).is_err());
        assert!(TensorViewMut::<f32, Img>::try_from_slice(&mut dst[..W]).is_err());
    });
}

#[test]
fn small_tensors_built_in_place_match_their_inline_twins() {
    let boxed =
        Tensor::<i32, shape![3, 1, 4]>::boxed_from_fn(|[a, b, c]| (100 * a + 10 * b + c) as i32);
    let inline = Tensor::<i32, shape![3, 1, 4]>::from_fn(|[a, b, c]| (100 * a + 10 * b + c) as i32);
    assert_eq!(*boxed, inline);
    assert_eq!(*Tensor::<u8, shape![2]>::boxed_ones(), Tensor::filled(1));
    assert_eq!(
        *Tensor::<String, shape![2]>::boxed_filled("x".into()),
        Tensor::filled("x".to_string())
    );
    // Rank 0 and an empty shape.
    assert_eq!(Tensor::<f64, shape![]>::boxed_filled(2.5)[[]], 2.5);
    assert!(Tensor::<f64, shape![0, 3]>::boxed_zeros().is_empty());
}

/// `&a + &b` on two boxed HD images returns a `Box` written in place: it runs in 64 KiB of stack
/// (the tests run unoptimised, where nothing would elide a copy through the stack).
#[test]
fn boxed_operands_give_a_boxed_sum_in_64_kib_of_stack() {
    on_small_stack(|| {
        let a: Box<Tensor<f32, Img>> = Tensor::boxed_from_flat_fn(pixel);
        let b: Box<Tensor<f32, Img>> = Tensor::boxed_filled(0.5);
        let sum: Box<Tensor<f32, Img>> = &a + &b;
        assert_eq!(
            (sum[[0, 1]], sum[[H - 1, W - 1]]),
            (pixel(1) + 0.5, pixel(H * W - 1) + 0.5)
        );
        // One boxed operand is enough, on either side, and with a plain view.
        let by_view: Box<Tensor<f32, Img>> = a.view() - &b;
        assert_eq!(by_view[[3, 7]], pixel(3 * W + 7) - 0.5);
        let twice: Box<Tensor<f32, Img>> = sum + &*a;
        assert_eq!(twice[[2, 2]], 2.0 * pixel(2 * W + 2) + 0.5);
    });
}

/// The same with a run-time row count: the result's elements are on the heap by construction.
#[test]
fn run_time_rows_of_an_hd_image_in_64_kib_of_stack() {
    on_small_stack(|| {
        let a =
            Tensor::<f32, shape![Dyn, W]>::from_shape_vec(&[H, W], (0..H * W).map(pixel).collect())
                .unwrap();
        let b = Tensor::<f32, shape![Dyn, W]>::from_elem(&[H, W], 0.5).unwrap();
        let sum = &a + &b;
        assert_eq!(sum.shape(), &[H, W]);
        assert_eq!(sum[[H - 1, 5]], pixel((H - 1) * W + 5) + 0.5);
        let row = Tensor::<f32, shape![W]>::filled(1.0);
        assert_eq!((&sum + &row)[[1, 1]], pixel(W + 1) + 1.5);
    });
}
