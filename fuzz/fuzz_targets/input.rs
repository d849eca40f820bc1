//! Turns the fuzzer's bytes into shapes, strides, offsets, slices and axes: small values most of
//! the time (so operations get past their checks and run), and now and then the extremes that
//! checks exist for (`usize::MAX`, `isize::MIN`, past-the-end axes, step 0).

use shaped::{DynTensor, DynView, Slice};

/// A cursor over the input; reads past the end give zeros, so every input is valid.
pub struct Input<'a>(pub &'a [u8]);

impl Input<'_> {
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    pub fn bool(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    /// A small count below `n` (n ≥ 1).
    pub fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n
    }

    /// An extent: 0 to 6 mostly, sometimes huge: so huge that any tensor with it either has
    /// no elements (another extent is 0) or cannot be had (its count overflows, or its bytes
    /// are more than any machine has), so that every output an operation computes from it is
    /// small or an error (a legitimately large output would only exhaust the fuzzer's memory).
    pub fn extent(&mut self) -> usize {
        match self.byte() {
            250 => usize::MAX,
            251 => usize::MAX / 2,
            252 => 1 << 36,
            b => b as usize % 7,
        }
    }

    /// A signed value: -8 to 8 mostly, sometimes the extremes.
    pub fn signed(&mut self) -> isize {
        match self.byte() {
            250 => isize::MIN,
            251 => isize::MAX,
            252 => -(1 << 40),
            253 => 1 << 40,
            b => (b % 17) as isize - 8,
        }
    }

    pub fn shape(&mut self) -> Vec<usize> {
        let rank = self.below(8);
        (0..rank).map(|_| self.extent()).collect()
    }

    /// A shape whose element count is small (so that building it cannot exhaust memory).
    pub fn small_shape(&mut self) -> Vec<usize> {
        let rank = self.below(7);
        (0..rank).map(|_| self.below(6)).collect()
    }

    pub fn axes(&mut self) -> Vec<isize> {
        let n = self.below(8);
        (0..n).map(|_| self.signed()).collect()
    }

    pub fn slices(&mut self) -> Vec<Slice> {
        let n = self.below(8);
        (0..n)
            .map(|_| {
                let mut bound = || {
                    if self.bool() {
                        Some(self.signed())
                    } else {
                        None
                    }
                };
                let (start, stop, step) = (bound(), bound(), bound());
                Slice { start, stop, step }
            })
            .collect()
    }

    /// Elements: any bit patterns (NaNs, infinities, subnormals, both zeros).
    pub fn elements(&mut self, n: usize) -> Vec<f32> {
        (0..n)
            .map(|_| {
                let b = [self.byte(), self.byte(), self.byte(), self.byte()];
                f32::from_bits(u32::from_le_bytes(b))
            })
            .collect()
    }

    /// A tensor of a small shape, or none when the bytes ask for a bad one (checked to be an
    /// error, not a panic).
    pub fn tensor(&mut self) -> Option<DynTensor<f32>> {
        let shape = self.shape();
        // A zero extent makes the count 0 whatever the others multiply to (numpy's rule).
        let count = match shape.contains(&0) {
            true => Some(0),
            false => shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d)),
        };
        let small = count.filter(|&n| n <= 4096);
        // A wrong length now and then, and always for shapes too large to build.
        let len = match small {
            Some(n) if !self.bool() || self.byte() > 32 => n,
            Some(n) => n + 1 + self.below(3),
            None => self.below(16),
        };
        let data = self.elements(len);
        let made = DynTensor::from_shape_vec(&shape, data);
        assert_eq!(
            made.is_ok(),
            count == Some(len),
            "from_shape_vec {shape:?}, {len}"
        );
        made.ok()
    }

    /// A view of `data` with strides and an offset from the bytes, when `try_as_strided`
    /// accepts them (every position it reaches is inside `data`).
    pub fn strided<'a>(&mut self, data: &'a [f32]) -> Option<DynView<'a, f32>> {
        let shape = self.small_shape();
        let strides: Vec<isize> = shape.iter().map(|_| self.signed()).collect();
        let offset = self.below(64);
        let v = DynView::try_as_strided(data, &shape, &strides, offset).ok()?;
        // Every element it shows must be readable.
        assert_eq!(v.iter().count(), v.len());
        Some(v)
    }
}

/// One view operation chosen by the bytes, with arguments from them; the view itself when it
/// is refused (an error, never a panic).
pub fn view_op<'a>(input: &mut Input<'_>, v: DynView<'a, f32>) -> DynView<'a, f32> {
    let r = match input.below(11) {
        0 => Ok(v.t()),
        1 => v.try_permute(&input.axes()),
        2 => v.try_swap_axes(input.signed(), input.signed()),
        3 => v.try_move_axis(input.signed(), input.signed()),
        4 => v.try_slice(&input.slices()),
        5 => v.try_diagonal(input.signed(), input.signed(), input.signed()),
        6 => v.try_squeeze(&input.axes()[..]),
        7 => v.try_unsqueeze(input.signed()),
        8 => v.try_reshape(&input.axes()),
        9 => {
            let shape = input.small_shape();
            v.try_broadcast_to(&shape)
        }
        _ => v.try_squeeze(shaped::Axes::All),
    };
    match r {
        Ok(w) => {
            assert_eq!(w.iter().count(), w.len());
            w
        }
        Err(e) => {
            // Every error says something.
            assert!(!e.to_string().is_empty());
            v
        }
    }
}
