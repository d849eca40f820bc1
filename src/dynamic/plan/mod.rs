//! The loop planner for shapes known at run time, and the runners that hand its plan to the
//! generated kernels (ARCHITECTURE.md follows one operation through it).
//!
//! Given the output shape and each operand's dims and strides, planning is:
//! 1. **Fast paths.** Every operand packed row-major in the output's shape: one flat loop. An
//!    operand of one element beside a packed one: one flat loop with that element hoisted.
//! 2. **Broadcast strides**: each operand's strides right-aligned to the output, 0 where it has
//!    extent 1 or no axis ([`aligned_strides`]).
//! 3. **Coalesce**: drop extent-1 axes and merge each axis into the next inner one when it is
//!    contiguous with it for every operand ([`crate::layout::plan`], the same `const fn` the
//!    static path evaluates at compile time, here run on padded arrays on the stack).
//! 4. **Dispatch** to the generated kernel of the planned rank (`zip_r1..zip_r3`, or `zip_r8`
//!    with leading extents of 1), whose innermost row is specialised for strides 1 and 0. When more
//!    than [`MAX_RANK`] axes survive coalescing, an odometer walks the outer axes and runs the
//!    rank-8 kernel on the inner ones.
//! 5. **Split** (the [`Split`] runner, arithmetic only): a large output is cut into chunks of
//!    whole rows of the outermost planned axis, each run as a plan of its own with that axis
//!    shortened and the operands offset by its strides, on several threads ([`parallel`]).
//!
//! **Axis order.** PyTorch's TensorIterator sorts axes by stride, keyed first on the output's
//! strides. Our output is always a fresh (or in-place) row-major buffer written in order, so that
//! key already puts the smallest-stride axis innermost and sorting would never move an axis: the
//! step is the identity here and costs nothing. Writing into a permuted or reversed view
//! (`strided`) sorts by the destination's strides first (`order`), so its rows are contiguous.
//!
//! Nothing here allocates for a plan of at most [`MAX_RANK`] axes: dims and strides live in
//! `[usize; 8]` arrays. Above that, one `Vec` per operation holds the coalesced axes and the
//! odometer's index (never one per element).
//!
//! The folder, one concern a file: this file has the operand ([`Src`]), the destination
//! ([`Dst`]) and the module's
//! vocabulary; `coalesce` plans (steps 2–3 and the odometer); `runner` hands plans to the kernels
//! (steps 1, 4, 5); `rows` is the bias-add fast path; `simd` the AVX2 dispatch of the planned zip;
//! `tiled` runs rank-2 plans that read an operand transposed, in cache-sized tiles; `strided`
//! writes through a destination with any strides, in the order `order` gives its axes.

/// `fn $name(..)`: runs `$body` compiled for AVX2 (`$avx2`) when the CPU has it and the output
/// `$out` starts on a 32-byte boundary, else the portable build (`$portable`); both out of line.
/// With `std` on x86-64 only: the check is `is_x86_feature_detected!` (a cached flag), and Miri,
/// which cannot run AVX2, takes the portable build. Eight `f32` per instruction instead of SSE2's
/// four: run-time feature dispatch is what numpy does too, and the measurements are in
/// BENCHMARKS.md.
///
/// Why the alignment test: the allocator gives 16-byte alignment, and a 32-byte store into an
/// output at 16 mod 32 crosses a cache line every other time. Measured, W3a's rows of 64 `f32`:
/// 110 ns into an output at 0 mod 32, 241 ns at 16 mod 32, while the SSE2 build (16-byte stores,
/// never split) takes about 190 ns either way; which one a fresh output gets depends on the heap.
macro_rules! with_avx2 {
    (
        $(#[$doc:meta])*
        fn $name:ident / $avx2:ident / $portable:ident ($($p:ident: $t:ty),* $(,)?)
            writes $out:ident => $body:expr
    ) => {
        $(#[$doc])*
        #[inline(always)]
        pub(super) fn $name<A, B, O, F: FnMut(&A, &B) -> O>($($p: $t),*) {
            #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
            if std::arch::is_x86_feature_detected!("avx2") && ($out.as_ptr() as usize) % 32 == 0 {
                // SAFETY: the AVX2 build only requires AVX2, which the CPU was just found to have.
                return unsafe { $avx2($($p),*) };
            }
            $portable($($p),*)
        }

        #[inline(never)]
        fn $portable<A, B, O, F: FnMut(&A, &B) -> O>($($p: $t),*) {
            // Which build `$body` is compiled into, for the kernels that use AVX2's instructions
            // themselves (an item, so the caller's tokens see it).
            #[allow(dead_code)]
            const AVX2: bool = false;
            $body
        }

        #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
        #[target_feature(enable = "avx2")]
        fn $avx2<A, B, O, F: FnMut(&A, &B) -> O>($($p: $t),*) {
            #[allow(dead_code)]
            const AVX2: bool = true;
            $body
        }
    };
}

mod coalesce;
mod order;
mod rows;
mod runner;
mod simd;
mod strided;
#[cfg(test)]
mod tests;
mod tiled;

pub(crate) use rows::{trailing, trailing_block, update_rows};
#[cfg(test)]
use runner::zip;
pub(crate) use runner::{Runner, Serial, Split, assign, map};
pub(crate) use strided::assign as assign_strided;
pub(crate) use strided::zip_assign as zip_assign_strided;

/// An operand as the planner reads it: the buffer it lives in, the position of its first element
/// there (`base`), its extents, and its signed strides. Its shape broadcasts into the output's,
/// and every position it reaches lies in `data` (the caller checked both).
///
/// Inside a plan strides are `usize` in two's complement and positions are computed with
/// wrapping arithmetic, so a negative stride walks backwards from `base` like a signed sum.
pub(crate) struct Src<'a, T> {
    pub data: &'a [T],
    pub base: usize,
    pub dims: &'a [usize],
    pub strides: &'a [isize],
}

impl<T> Clone for Src<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Src<'_, T> {}

impl<'a, T> Src<'a, T> {
    /// The elements from the first one on: what a packed operand's flat loops read.
    #[inline]
    pub(crate) fn packed_elems(&self) -> &'a [T] {
        &self.data[self.base..]
    }

    /// The position of the element `offset` (wrapping, see above) past the first one.
    #[inline]
    fn at(&self, offset: usize) -> usize {
        self.base.wrapping_add(offset)
    }

    /// `true` when the operand has exactly `dims` and is packed row-major.
    #[inline]
    fn packed_as(&self, dims: &[usize]) -> bool {
        // An element loop, not `==` on slices: that calls `bcmp`, a tenth of a small op's cost.
        self.dims.len() == dims.len()
            && self.dims.iter().zip(dims).all(|(x, y)| x == y)
            && packed(dims, self.strides)
    }
}

/// A destination as the planner writes it: its buffer, the position of its first element, its
/// extents and signed strides. No two positions it reaches are the same element.
pub(crate) struct Dst<'a, T> {
    pub data: &'a mut [T],
    pub base: usize,
    pub dims: &'a [usize],
    pub strides: &'a [isize],
}

impl<T> Dst<'_, T> {
    /// `true` when the destination is packed row-major: its elements are `data[base..base + n]`.
    #[inline]
    pub(crate) fn is_packed(&self) -> bool {
        packed(self.dims, self.strides)
    }

    /// The packed elements (`is_packed` holds).
    #[inline]
    pub(crate) fn packed_elems(&mut self, n: usize) -> &mut [T] {
        &mut self.data[self.base..self.base + n]
    }
}

/// `true` when `strides` are the packed row-major strides of `dims` (extent-1 axes ignored).
#[inline]
pub(crate) fn packed(dims: &[usize], strides: &[isize]) -> bool {
    let mut acc = 1isize;
    for (&d, &s) in dims.iter().zip(strides).rev() {
        if d != 1 && s != acc {
            return false;
        }
        acc = acc.wrapping_mul(d as isize);
    }
    true
}

/// A signed stride as the kernels take it: two's complement in a `usize`.
#[inline(always)]
fn wrap(s: isize) -> usize {
    s as usize
}
