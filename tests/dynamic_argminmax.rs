//! `try_argmax`/`try_argmin` along the last axis (one pass in vector registers where the CPU has
//! them) and along the first (row by row) against a plain first-wins loop: random values with
//! many ties, `NaN`s at the start, the end, inside a vector and in the tail, both zeros, and
//! all-equal lanes; lanes of every length 0..=70 and long ones; `f32`, `f64`, `i32`, `i64`, `u8`.

use shaped::{DynTensor, Reduce};

/// A small deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The first position that no earlier element beats, or the first `NaN`.
fn reference<T: Reduce>(lane: &[T], max: bool) -> usize {
    if let Some(i) = lane.iter().position(|x| x.is_nan_value()) {
        return i;
    }
    let mut at = 0;
    for (i, &x) in lane.iter().enumerate() {
        if (max && x > lane[at]) || (!max && x < lane[at]) {
            at = i;
        }
    }
    at
}

/// Lane lengths: every one to 70 (to 20 under Miri) and some long ones.
fn lengths() -> Vec<usize> {
    if cfg!(miri) {
        (1..=20).chain([67]).collect()
    } else {
        (1..=70).chain([255, 256, 1000, 1024, 4099]).collect()
    }
}

/// `rows` lanes of `len` values each, with `specials` planted at varying places.
fn lanes<T: Copy>(rows: usize, len: usize, value: &dyn Fn(u64) -> T, specials: &[T]) -> Vec<T> {
    let mut rng = Rng(len as u64 * 7919 + 1);
    let mut v: Vec<T> = (0..rows * len).map(|_| value(rng.next() % 5)).collect();
    for r in 0..rows {
        let lane = &mut v[r * len..(r + 1) * len];
        match r % 6 {
            0 => {}
            1 => lane.fill(value(2)),
            _ => {
                let s = specials[r % specials.len()];
                let places = [0, len - 1, len / 2, 17 % len, len.saturating_sub(3)];
                lane[places[r % places.len()]] = s;
                lane[places[(r + 1) % places.len()]] = s;
            }
        }
    }
    v
}

fn check<T: Reduce>(value: &dyn Fn(u64) -> T, specials: &[T]) {
    let rows = if cfg!(miri) { 7 } else { 24 };
    for len in lengths() {
        let v = lanes(rows, len, value, specials);
        let t = DynTensor::from_shape_vec(&[rows, len], v.clone()).unwrap();
        // Along the last axis: each row is a lane.
        for max in [true, false] {
            let got = if max {
                t.try_argmax(Some(-1), false)
            } else {
                t.try_argmin(Some(-1), false)
            };
            let want: Vec<usize> = v.chunks(len).map(|l| reference(l, max)).collect();
            assert_eq!(
                got.unwrap().as_slice(),
                &want[..],
                "last axis, max {max}, len {len}"
            );
        }
        // Along the first axis of the transposed copy: each column is a lane.
        let tt = t.t().to_tensor();
        for max in [true, false] {
            let got = if max {
                tt.try_argmax(Some(0), false)
            } else {
                tt.try_argmin(Some(0), false)
            };
            let want: Vec<usize> = v.chunks(len).map(|l| reference(l, max)).collect();
            assert_eq!(
                got.unwrap().as_slice(),
                &want[..],
                "first axis, max {max}, len {len}"
            );
            // And of the transposed view (the column walk), the same.
            let got = if max {
                t.t().try_argmax(Some(0), false)
            } else {
                t.t().try_argmin(Some(0), false)
            };
            assert_eq!(
                got.unwrap().as_slice(),
                &want[..],
                "view, max {max}, len {len}"
            );
        }
        // Along the first axis of a narrow table (`[len, w]`, fewer columns than a vector):
        // groups of rows folded as one run, then each column's best among them.
        let widths: &[usize] = if cfg!(miri) { &[3] } else { &[2, 3, 7, 10, 15] };
        for &w in widths {
            let narrow = DynTensor::from_shape_vec(&[w, len], v[..w * len].to_vec()).unwrap();
            let narrow = narrow.t().to_tensor();
            for max in [true, false] {
                let got = if max {
                    narrow.try_argmax(Some(0), false)
                } else {
                    narrow.try_argmin(Some(0), false)
                };
                let want: Vec<usize> = v[..w * len]
                    .chunks(len)
                    .map(|l| reference(l, max))
                    .collect();
                assert_eq!(
                    got.unwrap().as_slice(),
                    &want[..],
                    "narrow, {w} columns, max {max}, len {len}"
                );
            }
        }
        // The flattened tensor.
        let got = t.try_argmax(None, false).unwrap();
        assert_eq!(got.as_slice(), [reference(&v, true)], "flat, len {len}");
    }
}

#[test]
fn f32_lanes_match_the_plain_loop() {
    check(
        &|v| v as f32 - 2.0,
        &[f32::NAN, -0.0, 0.0, f32::INFINITY, f32::NEG_INFINITY],
    );
}

#[test]
fn f64_lanes_match_the_plain_loop() {
    check(
        &|v| v as f64 - 2.0,
        &[f64::NAN, -0.0, 0.0, f64::INFINITY, f64::NEG_INFINITY],
    );
}

#[test]
fn integer_lanes_match_the_plain_loop() {
    check(&|v| v as i32 - 2, &[i32::MIN, i32::MAX, 0]);
    check(&|v| v as i64 - 2, &[i64::MIN, i64::MAX, 0]);
    check(&|v| v as u8 + 1, &[u8::MIN, u8::MAX]);
}

#[test]
fn three_axes_along_the_middle_one() {
    // `[4, len, 33]` along axis 1: runs of 33 adjacent elements folded row by row.
    for len in [1, 2, 5, 40] {
        let v = lanes(4 * 33, len, &|v| v as f32, &[f32::NAN, -0.0]);
        let t = DynTensor::from_shape_vec(&[4, 33, len], v.clone()).unwrap();
        let m = t.try_permute(&[0, 2, 1]).unwrap().to_tensor();
        let want: Vec<usize> = v.chunks(len).map(|l| reference(l, true)).collect();
        assert_eq!(m.try_argmax(Some(1), false).unwrap().as_slice(), &want[..]);
    }
}
