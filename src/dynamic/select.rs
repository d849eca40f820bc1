//! Selection by index and by mask, the same on [`DynTensor`], [`DynView`] and [`DynViewMut`]:
//! numpy's `take` (`try_take`) and `compress` (`try_compress`), each a new packed tensor.
//!
//! Every index is checked before anything is copied. Along an axis, each selected entry is a
//! block of the axes after it: copied as one run into its slots of the output when that block is
//! packed row-major in the input (rows of a row-major table, say), by an element walk otherwise.

use alloc::vec::Vec;
use core::mem::MaybeUninit;

use super::dims::DimVec;
use super::iter::Positions;
use super::layout::{Layout, count_or_err};
use super::view_layout::{axis_of, collect, flattens_rank_0, index_of};
use super::{DynTensor, DynView, DynViewMut, buffer, plan};
use crate::ShapeError;

/// numpy's `take(a, indices, axis)` of the view `l` over `data`.
fn take<T: Clone>(
    data: &[T],
    l: &Layout,
    indices: &[isize],
    axis: Option<isize>,
) -> Result<DynTensor<T>, ShapeError> {
    let Some(axis) = axis.filter(|&a| !flattens_rank_0(a, l.rank())) else {
        return take_flat(data, l, indices);
    };
    let k = axis_of(axis, &l.dims)?;
    let n = l.dims[k];
    let outer: usize = l.dims[..k].iter().fold(1, |n, &d| n.saturating_mul(d));
    let dims = collect(
        (0..l.rank()).map(|a| if a == k { indices.len() } else { l.dims[a] }),
        l.rank(),
    );
    let total = count_or_err(&dims)?;
    let (inner_dims, inner_strides) = (&l.dims[k + 1..], &l.strides[k + 1..]);
    let block: usize = inner_dims.iter().fold(1, |n, &d| n.saturating_mul(d));
    let picks = Picks {
        data,
        n,
        stride: l.strides[k] as usize,
        axis: k,
        dims: &l.dims,
    };
    let starts = || Positions::new(&l.dims[..k], &l.strides[..k], l.offset);
    if total > 0 && plan::packed(inner_dims, inner_strides) {
        // Each entry's block is a packed row of the input, copied into its slots of the output:
        // `outer` runs of `indices.len()` rows of `block > 0` slots, each written once; a bad
        // index stops the copy, the rows before it dropped.
        let out = buffer::try_filled_by(total, &dims, |slots| {
            let run = indices.len() * block;
            for (done, (start, slots)) in starts().zip(slots.chunks_exact_mut(run)).enumerate() {
                picks
                    .copy(start, block, indices, slots)
                    .map_err(|(written, e)| (done * run + written, e))?;
            }
            Ok(())
        })?;
        return Ok(DynTensor::packed(out, &dims));
    }
    // numpy checks the indices once for each index of the axes before `axis`, as it copies
    // (even blocks of 0 elements): not at all when one of those axes has extent 0.
    let mut out = buffer::try_with_capacity(total, &dims)?;
    if total == 0 && outer > 0 {
        picks.check(indices)?;
    }
    if total > 0 {
        for start in starts() {
            for &i in indices {
                let at = picks.at(start, picks.checked(i)?);
                out.extend(Positions::new(inner_dims, inner_strides, at).map(|p| data[p].clone()));
            }
        }
    }
    Ok(DynTensor::packed(out, &dims))
}

/// The rows `take` copies along one axis: each index (negative from the end) of the axis `axis`
/// of extent `n` and `stride` in the view of shape `dims` is the start of a packed row of `data`.
struct Picks<'a, T> {
    data: &'a [T],
    n: usize,
    stride: usize,
    axis: usize,
    dims: &'a [usize],
}

impl<T: Clone> Picks<'_, T> {
    /// Every one of `indices` in `-n..n`, else [`ShapeError::Index`] for the first that is not.
    fn check(&self, indices: &[isize]) -> Result<(), ShapeError> {
        indices
            .iter()
            .try_for_each(|&i| index_of(i, self.n, Some(self.axis), self.dims).map(drop))
    }

    /// The rows `indices` from the one at `start` into `slots`, `block` slots each; at the
    /// first index out of range, [`ShapeError::Index`] and the number of slots written before.
    ///
    /// Random rows of a table are bound by how many of their reads are in flight at once, so
    /// the loop a row takes is kept short: rows of a few common lengths are copied in one piece
    /// of constant length, the rest in pieces of 8 (one loop over a run-time length is
    /// vectorised for long rows only: it copied 16 `f32` one at a time), and each index is
    /// checked as its row is copied (a pass of its own read 10^5 indices from memory twice).
    fn copy(
        &self,
        start: usize,
        block: usize,
        indices: &[isize],
        slots: &mut [MaybeUninit<T>],
    ) -> Result<(), (usize, ShapeError)> {
        match block {
            1 => self.rows_best::<1>(start, indices, slots),
            2 => self.rows_best::<2>(start, indices, slots),
            3 => self.rows_best::<3>(start, indices, slots),
            4 => self.rows_best::<4>(start, indices, slots),
            8 => self.rows_best::<8>(start, indices, slots),
            16 => self.rows_best::<16>(start, indices, slots),
            _ => {
                let rows = slots.chunks_exact_mut(block);
                for (done, (row, &i)) in rows.zip(indices).enumerate() {
                    let at = self.at(start, self.checked(i).map_err(|e| (done * block, e))?);
                    copy_pieces(row, &self.data[at..at + block]);
                }
                Ok(())
            }
        }
    }

    /// [`Self::rows`], compiled for AVX2 too and run so where the CPU has it for rows longer
    /// than 64 bytes: a row in half as many loads and stores, so more rows' reads are in flight
    /// (`[100000, 16]` `f64`, rows of 128 bytes: 1.56-1.60 ms against 2.41-2.55 with SSE2's
    /// 16-byte moves). Rows of 64 bytes (16 `f32`) were no faster so.
    #[inline(always)]
    fn rows_best<const B: usize>(
        &self,
        start: usize,
        indices: &[isize],
        slots: &mut [MaybeUninit<T>],
    ) -> Result<(), (usize, ShapeError)> {
        #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
        if B * size_of::<T>() > 64 && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the AVX2 build only requires AVX2, which the CPU was just found to have.
            return unsafe { self.rows_avx2::<B>(start, indices, slots) };
        }
        self.rows::<B>(start, indices, slots)
    }

    /// [`Self::rows`] compiled for AVX2.
    #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    fn rows_avx2<const B: usize>(
        &self,
        start: usize,
        indices: &[isize],
        slots: &mut [MaybeUninit<T>],
    ) -> Result<(), (usize, ShapeError)> {
        self.rows_any::<B>(start, indices, slots)
    }

    /// [`Self::rows_any`] in the build's own instructions.
    #[inline(never)]
    fn rows<const B: usize>(
        &self,
        start: usize,
        indices: &[isize],
        slots: &mut [MaybeUninit<T>],
    ) -> Result<(), (usize, ShapeError)> {
        self.rows_any::<B>(start, indices, slots)
    }

    /// [`Self::copy`] for rows of `B` elements, each copied in one piece of constant length (in
    /// a function of its own, so that the loop keeps its values in registers).
    #[inline(always)]
    fn rows_any<const B: usize>(
        &self,
        start: usize,
        indices: &[isize],
        slots: &mut [MaybeUninit<T>],
    ) -> Result<(), (usize, ShapeError)> {
        let (rows, _) = slots.as_chunks_mut::<B>();
        if self.stride == B {
            // The axis's rows follow one another (a packed table): the data seen as rows of `B`,
            // each picked by its index, with no multiplication and one bounds check.
            let table = self.data[start..].as_chunks::<B>().0;
            for (done, (row, &i)) in rows.iter_mut().zip(indices).enumerate() {
                let i = self.checked(i).map_err(|e| (done * B, e))?;
                row.write_clone_of_slice(&table[i]);
            }
        } else {
            for (done, (row, &i)) in rows.iter_mut().zip(indices).enumerate() {
                let at = self.at(start, self.checked(i).map_err(|e| (done * B, e))?);
                row.write_clone_of_slice(&self.data[at..at + B]);
            }
        }
        Ok(())
    }

    /// The index `i` of the axis in `0..n`, counted from its end when negative; an error when
    /// `i` is outside `-n..n`.
    #[inline(always)]
    fn checked(&self, i: isize) -> Result<usize, ShapeError> {
        // `i + n`, wrapping, is below `2n` exactly when `i` is in `-n..n` (for `n` up to
        // `usize::MAX / 2`; past it, the saturated bound sends the rare index to the exact test).
        let from_end = (i as usize).wrapping_add(self.n);
        if from_end >= self.n.saturating_mul(2) {
            return self.bad(i);
        }
        Ok(if i < 0 { from_end } else { i as usize })
    }

    /// [`index_of`]'s verdict on an index the fast test refused (out of line: rarely run).
    #[cold]
    #[inline(never)]
    fn bad(&self, i: isize) -> Result<usize, ShapeError> {
        index_of(i, self.n, Some(self.axis), self.dims)
    }

    /// The position of the row `i` (in `0..n`) from `start`.
    #[inline(always)]
    fn at(&self, start: usize, i: usize) -> usize {
        start.wrapping_add(i.wrapping_mul(self.stride))
    }
}

/// `row`'s slots written with `from`'s values (as many): a row of [`LONG_ROW`] or more in one
/// copy (a `memcpy` call for `Copy` values), a shorter one in pieces of 8 of constant length and
/// then the rest. Written element by element, the compiler kept each value a scalar load and
/// store, even 8 at a time.
#[inline(always)]
fn copy_pieces<T: Clone>(row: &mut [MaybeUninit<T>], from: &[T]) {
    if row.len() >= LONG_ROW {
        row.write_clone_of_slice(from);
        return;
    }
    let (pieces, rest) = row.as_chunks_mut::<8>();
    let (from_pieces, from_rest) = from.as_chunks::<8>();
    for (piece, values) in pieces.iter_mut().zip(from_pieces) {
        piece.write_clone_of_slice(values);
    }
    for (slot, x) in rest.iter_mut().zip(from_rest) {
        slot.write(x.clone());
    }
}

/// The row length from which [`copy_pieces`] copies a row in one call: a call per row of 16
/// `f32` cost more than the row (1.0 ms against 0.6 for `try_take` of 10^5 such rows).
const LONG_ROW: usize = 32;

/// `take` with `axis=None`: the indices into the flattened view, a 1-D result.
fn take_flat<T: Clone>(
    data: &[T],
    l: &Layout,
    indices: &[isize],
) -> Result<DynTensor<T>, ShapeError> {
    let n = l.len();
    let mut positions: Vec<usize> = Vec::with_capacity(indices.len());
    let packed = l.is_row_major();
    for &i in indices {
        let flat = index_of(i, n, None, &l.dims)?;
        positions.push(match packed {
            true => l.offset + flat,
            false => position_of(l, flat),
        });
    }
    let dims = [indices.len()];
    let mut out = buffer::try_with_capacity(indices.len(), &dims)?;
    out.extend(positions.iter().map(|&p| data[p].clone()));
    Ok(DynTensor::packed(out, &dims))
}

/// The buffer position of the element `flat` places into `l` in row-major order.
fn position_of(l: &Layout, mut flat: usize) -> usize {
    let mut at = l.offset;
    for (&d, &s) in l.dims.iter().zip(l.strides.iter()).rev() {
        at = at.wrapping_add((flat % d).wrapping_mul(s as usize));
        flat /= d;
    }
    at
}

/// The positions of the `true` entries of `mask`, as `take` indices: numpy's `compress` is
/// `take(a, nonzero(mask))`, so a `true` past the axis's end is an index out of range.
fn selected(mask: &[bool]) -> DimVec<isize> {
    let count = mask.iter().filter(|&&m| m).count();
    let picked = mask
        .iter()
        .enumerate()
        .filter(|(_, m)| **m)
        .map(|(i, _)| i as isize);
    collect(picked, count)
}

/// The methods for one type: `$data` is its buffer, `$layout` its layout (a `&Layout`).
macro_rules! select {
    (|$this:ident| ($data:expr, $layout:expr)) => {
        /// The entries `indices` (negative from the end, in any order, repeated at will) along
        /// `axis`, or of the flattened tensor when `axis` is `None`: numpy's `take`. The result
        /// has this shape with the axis's extent replaced by `indices.len()` (1-D for `None`;
        /// as numpy, axis 0 or -1 of a rank-0 tensor is its one element, flattened).
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::Index`] for an
        /// index outside `-n..n` (an axis of extent 0 has none). As numpy, the indices are not
        /// checked when an axis before `axis` has extent 0: the result is empty and nothing is
        /// read.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[3, 2], |i| 10 * i[0] + i[1]);
        /// let rows = t.try_take(&[2, 0, -1], Some(0))?;             // t[[2, 0, -1]]
        /// assert_eq!((rows.shape(), rows.as_slice()), (&[3, 2][..], &[20, 21, 0, 1, 20, 21][..]));
        /// assert_eq!(t.try_take(&[1, 4], None)?.as_slice(), [1, 20]);
        /// assert!(t.try_take(&[3], Some(0)).is_err());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_take(
            &self,
            indices: &[isize],
            axis: Option<isize>,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Clone,
        {
            let $this = self;
            take($data, $layout, indices, axis)
        }

        /// The entries along `axis` (of the flattened tensor for `None`) whose `mask` entry is
        /// `true`: numpy's `compress`. A mask shorter than the axis selects from its start only.
        /// Axis 0 or -1 of a rank-0 tensor is its one element, flattened, as for `try_take`.
        ///
        /// Errors: [`ShapeError::Axis`] for an axis out of range, [`ShapeError::Index`] for a
        /// `true` past the axis's end (numpy's error too; not raised, as in `try_take`, when an
        /// axis before `axis` has extent 0).
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_fn(&[3, 2], |i| 10 * i[0] + i[1]);
        /// let kept = t.try_compress(&[true, false, true], Some(0))?;
        /// assert_eq!(kept.as_slice(), [0, 1, 20, 21]);
        /// assert_eq!(t.try_compress(&[false, true], Some(1))?.as_slice(), [1, 11, 21]);
        /// assert_eq!(t.try_compress(&[true], None)?.as_slice(), [0]);
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn try_compress(
            &self,
            mask: &[bool],
            axis: Option<isize>,
        ) -> Result<DynTensor<T>, ShapeError>
        where
            T: Clone,
        {
            let $this = self;
            take($data, $layout, &selected(mask), axis)
        }
    };
}

impl<T> DynTensor<T> {
    select!(|t| (t.as_slice(), &t.layout()));
}

impl<T> DynView<'_, T> {
    select!(|v| (v.data(), v.layout()));
}

impl<T> DynViewMut<'_, T> {
    select!(|v| (v.buffer(), v.layout()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Slice;

    #[test]
    fn flat_positions_follow_strides() {
        let t = DynTensor::from_fn(&[2, 3], |i| 10 * i[0] + i[1]);
        let v = t.t();
        let at: Vec<usize> = (0..6).map(|f| position_of(v.layout(), f)).collect();
        assert_eq!(at, [0, 3, 1, 4, 2, 5]);
    }

    /// `take` along the middle axis of `[2, 5, block]`, against picking each row by hand: every
    /// row length with a copy of its own (1, 2, 3, 4, 8, 16) and others (pieces of 8 and a
    /// rest), `Vec`s so that Miri sees each clone written once and dropped once.
    #[test]
    fn rows_of_every_length_are_copied_whole() {
        for block in [1, 2, 3, 4, 5, 8, 9, 16, 17] {
            let t = DynTensor::from_fn(&[2, 5, block], |i| i.to_vec());
            let picks = [4, -1, 0, 2, -5, 3];
            let got = t.try_take(&picks, Some(1)).unwrap();
            let mut want = Vec::new();
            for outer in 0..2 {
                for &p in &picks {
                    let row = p.rem_euclid(5) as usize;
                    want.extend((0..block).map(|j| alloc::vec![outer, row, j]));
                }
            }
            assert_eq!(
                (got.shape(), got.as_slice()),
                (&[2, 6, block][..], &want[..])
            );
            // The same rows as the first `block` columns of a wider table: the axis's stride
            // is not the row's length.
            let wide = DynTensor::from_fn(&[2, 5, block + 3], |i| i.to_vec());
            let cut = [Slice::new(None, None, None); 2]
                .into_iter()
                .chain([Slice::new(None, Some(block as isize), None)])
                .collect::<Vec<_>>();
            let got = wide
                .try_slice(&cut)
                .unwrap()
                .try_take(&picks, Some(1))
                .unwrap();
            assert_eq!(got.as_slice(), &want[..]);
        }
    }

    /// A bad index after good ones (in the first run, and with a block length of each kind):
    /// the error names it, and the rows copied before it are dropped, not leaked (Miri).
    #[test]
    fn a_bad_index_drops_the_rows_before_it() {
        for block in [4, 5] {
            let t = DynTensor::from_fn(&[2, 5, block], |i| i.to_vec());
            for bad in [5, -6, isize::MIN] {
                let picks: Vec<isize> = (0..70).map(|i| i % 5).chain([bad, 1]).collect();
                match t.try_take(&picks, Some(-2)) {
                    Err(ShapeError::Index { index, axis, .. }) => {
                        assert_eq!((index, axis), (bad, Some(1)));
                    }
                    other => panic!("{other:?}"),
                }
            }
        }
    }
}
