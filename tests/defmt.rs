//! `defmt::Format` for tensors, views and `ShapeError` (`--features defmt`). defmt's
//! `unstable-test` feature (a dev-dependency) keeps on the host the bytes a firmware logger
//! would send; `defmt::export::fetch_bytes` hands them over. The checks read those bytes: each
//! element's own encoding (an `f32` is its four little-endian bytes) in logical row-major order,
//! whatever the strides, and an error's message as text.

use shaped::{DynTensor, ShapeError, Tensor, TensorView, s, shape};

/// What `defmt::println!("{}", x)` sends (unlike `info!`, no log-level filter applies).
fn logged(x: &impl defmt::Format) -> Vec<u8> {
    let _ = defmt::export::fetch_bytes();
    defmt::println!("{}", x);
    defmt::export::fetch_bytes()
}

/// Where each of `values` starts in `bytes`, in order: panics naming the first one not found
/// after the one before it.
fn positions_in_order(bytes: &[u8], values: &[f32]) -> Vec<usize> {
    let mut from = 0;
    values
        .iter()
        .map(|v| {
            let pattern = v.to_le_bytes();
            let at = bytes[from..]
                .windows(4)
                .position(|w| w == pattern)
                .unwrap_or_else(|| panic!("{v} not sent after byte {from} in {bytes:?}"));
            from += at + 4;
            from - 4
        })
        .collect()
}

/// The values of `values`, none of whose byte patterns occur inside another's encoding.
const V: [f32; 6] = [1.5, -2.25, 300000.0, 7.125, -0.5, 42.0];

#[test]
fn a_tensor_sends_its_elements_in_row_major_order() {
    let t: Tensor<f32, shape![2, 3]> = Tensor::from_fn(|[r, c]: [usize; 2]| V[r * 3 + c]);
    let bytes = logged(&t);
    positions_in_order(&bytes, &V);
    // Nothing but those six elements looks like one of them: each is sent once.
    for v in V {
        let n = bytes.windows(4).filter(|w| *w == v.to_le_bytes()).count();
        assert_eq!(n, 1, "{v} sent {n} times");
    }
}

#[test]
fn views_send_their_logical_order_not_the_buffer_order() {
    let t: Tensor<f32, shape![2, 3]> = Tensor::from_fn(|[r, c]: [usize; 2]| V[r * 3 + c]);
    let transposed: TensorView<'_, f32, shape![3, 2], _> = t.t();
    positions_in_order(&logged(&transposed), &[V[0], V[3], V[1], V[4], V[2], V[5]]);

    let d = DynTensor::from_shape_vec(&[2, 3], V.to_vec()).unwrap();
    positions_in_order(&logged(&d), &V);
    let reversed = d.try_slice(&s![.., ..;-1]).unwrap();
    positions_in_order(&logged(&reversed), &[V[2], V[1], V[0], V[5], V[4], V[3]]);
    let mut m = d.clone();
    let column = m.try_slice_mut(&s![.., 1..2]).unwrap();
    positions_in_order(&logged(&column), &[V[1], V[4]]);
}

#[test]
fn the_encodings_differ_with_the_shape() {
    // Same elements, other shapes: the shape is part of what is sent.
    let a = DynTensor::from_shape_vec(&[2, 3], V.to_vec()).unwrap();
    let b = DynTensor::from_shape_vec(&[3, 2], V.to_vec()).unwrap();
    let (la, lb) = (logged(&a), logged(&b));
    assert_eq!(la.len(), lb.len());
    assert_ne!(la, lb);
}

#[test]
fn a_shape_error_sends_its_message() {
    let a = DynTensor::<f32>::zeros(&[2, 3]);
    let e: ShapeError = a.try_add(&DynTensor::<f32>::zeros(&[4])).unwrap_err();
    let bytes = logged(&e);
    let message = e.to_string();
    assert!(message.contains("[2, 3]"), "{message}");
    let found = bytes
        .windows(message.len())
        .any(|w| w == message.as_bytes());
    assert!(found, "`{message}` not in {bytes:?}");
}
