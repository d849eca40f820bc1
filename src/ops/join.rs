//! Joining two static tensors along a const axis, numpy's `concatenate((a, b), axis=AXIS)`:
//! [`concat_to`] names the result's extent along the axis, [`concat`](fn@concat) leaves it [`Dyn`].
//!
//! What the types know is checked by the compiler: every axis but the joining one must be the
//! same extent type in both shapes (a bound, so `cargo check` reports a clash), and a named
//! result extent must be the sum of two known ones (a `const` assertion, reported by `cargo
//! build` at the caller). What only run time knows (a `Dyn` extent) is checked when the join runs.
//!
//! The copy is not the dynamic `try_concatenate`'s: that one walks strided views and writes a
//! `Vec` (`alloc`), while both inputs here are packed row-major and the result may be inline, so
//! element `n` of the result is one position in one input, read where the output is built.
//!
//! Rust takes explicit generic arguments all or none, so the free functions take the element
//! type and the two shapes as `_` after the axis (and the extent): `concat::<0, _, _, _>(&a,
//! &b)`. The methods name only the axis: `a.concat_to::<1, Dim<3>>(&b)`, `a.concat::<0>(&b)`.

use super::reduce::normalise;
use crate::error::Dims;
use crate::shape::axis::{ExtentAt, ReplaceAxis};
use crate::{Dyn, Extent, Shape, ShapeError, Tensor};

/// Fails the build when both inputs' extents along the joining axis and the result's are known
/// and the sum is not the result's.
const fn assert_join_extent(a: Option<usize>, b: Option<usize>, e: Option<usize>) {
    if let (Some(a), Some(b), Some(e)) = (a, b, e) {
        assert!(
            a.checked_add(b).is_some() && a + b == e,
            "concat_to: the result's extent along the joining axis must be the sum of the \
             inputs' extents there"
        );
    }
}

/// `a` and `b` joined along `AXIS` into a tensor of shape `O` whose extent there is `E`; the
/// run-time checks of whatever the types leave open.
fn join<const AXIS: isize, E: Extent, T: Clone, SA: Shape, SB: Shape, O: Shape>(
    a: &Tensor<T, SA>,
    b: &Tensor<T, SB>,
) -> Result<Tensor<T, O>, ShapeError> {
    let (da, db) = (a.shape(), b.shape());
    let k = normalise(AXIS, da.len());
    // Only a `Dyn` axis can differ here: the bounds made the other axes the same types.
    if (0..da.len()).any(|i| i != k && da[i] != db[i]) {
        return Err(ShapeError::JoinShape {
            first: Dims::new(da),
            other: Dims::new(db),
            index: 1,
            axis: Some(k),
        });
    }
    let len = da[k]
        .checked_add(db[k])
        .ok_or_else(|| ShapeError::Overflow {
            shape: Dims::new(da),
        })?;
    if let Some(e) = E::STATIC
        && e != len
    {
        return Err(ShapeError::JoinExtent {
            a: Dims::new(da),
            b: Dims::new(db),
            axis: k,
            extent: e,
        });
    }
    let inner: usize = da[k + 1..].iter().product();
    let (ba, bb) = (da[k] * inner, db[k] * inner);
    let (xa, xb) = (a.as_slice(), b.as_slice());
    let mut dims = O::Index::default();
    dims.as_mut().copy_from_slice(da);
    dims.as_mut()[k] = len;
    // Row `o` of the result (the axes before `AXIS`) is row `o` of `a`'s blocks, then of `b`'s.
    // No element means no call, so `ba + bb` is not 0 here.
    Ok(Tensor::from_flat_fn_dims(
        || dims,
        |n| {
            let (o, r) = (n / (ba + bb), n % (ba + bb));
            if r < ba {
                xa[o * ba + r].clone()
            } else {
                xb[o * bb + r - ba].clone()
            }
        },
    ))
}

/// `a` and `b` joined along axis `AXIS` (negative from the end) into extent `E`, numpy's
/// `concatenate((a, b), axis=AXIS)` with the result's extent in its type. Every other axis must
/// be the same extent type in both shapes (else `cargo check` fails); when `E` and both
/// extents along `AXIS` are known, `E` must be their sum (else `cargo build` fails, at this
/// call). The element type and shapes are inferred: `concat_to::<1, Dim<5>, _, _, _>`.
///
/// # Panics
/// When a [`Dyn`] extent does not fit: with the message of [`try_concat_to`]'s error.
///
/// ```
/// use shaped::{concat_to, shape, tensor, Dim, Dyn, Tensor};
/// let a = tensor![[1, 2], [3, 4]];
/// let b = tensor![[5], [6]];
/// let c: Tensor<i32, shape![2, 3]> = concat_to::<-1, Dim<3>, _, _, _>(&a, &b);
/// assert_eq!(c, tensor![[1, 2, 5], [3, 4, 6]]);
/// let rows = Tensor::<i32, shape![Dyn, 2]>::from_shape_vec(&[1, 2], vec![7, 8])?;
/// let d = concat_to::<0, Dim<3>, _, _, _>(&a.into_shape::<shape![Dyn, 2]>(), &rows);
/// assert_eq!(d, tensor![[1, 2], [3, 4], [7, 8]]);   // 2 + 1 rows, checked at run time
/// # Ok::<(), shaped::ShapeError>(())
/// ```
#[track_caller]
pub fn concat_to<const AXIS: isize, E: Extent, T: Clone, SA, SB>(
    a: &Tensor<T, SA>,
    b: &Tensor<T, SB>,
) -> Tensor<T, <SA as ReplaceAxis<AXIS, E>>::Output>
where
    SA: ReplaceAxis<AXIS, E> + ReplaceAxis<AXIS, Dyn> + ExtentAt<AXIS>,
    SB: ReplaceAxis<AXIS, Dyn, Output = <SA as ReplaceAxis<AXIS, Dyn>>::Output> + ExtentAt<AXIS>,
{
    const {
        assert_join_extent(
            <SA as ExtentAt<AXIS>>::Output::STATIC,
            <SB as ExtentAt<AXIS>>::Output::STATIC,
            E::STATIC,
        )
    };
    match join::<AXIS, E, T, SA, SB, _>(a, b) {
        Ok(t) => t,
        Err(e) => crate::ops::shape_panic(e),
    }
}

/// [`concat_to`], returning what does not fit at run time as an error.
///
/// Errors: [`ShapeError::JoinShape`] when a [`Dyn`] extent off `AXIS` differs between the two,
/// [`ShapeError::JoinExtent`] when the extents along `AXIS` do not add up to a known `E`,
/// [`ShapeError::Overflow`] when their sum does not fit in `usize`.
///
/// ```
/// use shaped::{shape, try_concat_to, Dim, Dyn, ShapeError, Tensor};
/// let a = Tensor::<f32, shape![Dyn, 2]>::from_elem(&[3, 2], 1.0)?;
/// let b = Tensor::<f32, shape![1, 2]>::zeros();
/// let err = try_concat_to::<0, Dim<5>, _, _, _>(&a, &b).unwrap_err();   // 3 + 1 rows, not 5
/// assert!(matches!(err, ShapeError::JoinExtent { axis: 0, extent: 5, .. }));
/// assert_eq!(try_concat_to::<0, Dim<4>, _, _, _>(&a, &b)?.shape(), &[4, 2]);
/// # Ok::<(), shaped::ShapeError>(())
/// ```
pub fn try_concat_to<const AXIS: isize, E: Extent, T: Clone, SA, SB>(
    a: &Tensor<T, SA>,
    b: &Tensor<T, SB>,
) -> Result<Tensor<T, <SA as ReplaceAxis<AXIS, E>>::Output>, ShapeError>
where
    SA: ReplaceAxis<AXIS, E> + ReplaceAxis<AXIS, Dyn> + ExtentAt<AXIS>,
    SB: ReplaceAxis<AXIS, Dyn, Output = <SA as ReplaceAxis<AXIS, Dyn>>::Output> + ExtentAt<AXIS>,
{
    const {
        assert_join_extent(
            <SA as ExtentAt<AXIS>>::Output::STATIC,
            <SB as ExtentAt<AXIS>>::Output::STATIC,
            E::STATIC,
        )
    };
    join::<AXIS, E, T, SA, SB, _>(a, b)
}

/// `a` and `b` joined along axis `AXIS` (negative from the end), numpy's `concatenate((a, b),
/// axis=AXIS)`, the joined axis [`Dyn`] (its extent is the sum, counted at run time). Every
/// other axis must be the same extent type in both shapes, else `cargo check` fails.
///
/// # Panics
/// When a [`Dyn`] extent off `AXIS` differs between the two, with the message of
/// [`try_concat`]'s error.
///
/// ```
/// use shaped::{concat, shape, tensor, Dyn, Tensor};
/// let a = tensor![[1, 2, 3]];
/// let b = tensor![[4, 5, 6], [7, 8, 9]];
/// let c: Tensor<i32, shape![Dyn, 3]> = concat::<0, _, _, _>(&a, &b);
/// assert_eq!((c.shape(), c[[2, 0]]), (&[3, 3][..], 7));
/// ```
#[track_caller]
pub fn concat<const AXIS: isize, T: Clone, SA, SB>(
    a: &Tensor<T, SA>,
    b: &Tensor<T, SB>,
) -> Tensor<T, <SA as ReplaceAxis<AXIS, Dyn>>::Output>
where
    SA: ReplaceAxis<AXIS, Dyn>,
    SB: ReplaceAxis<AXIS, Dyn, Output = <SA as ReplaceAxis<AXIS, Dyn>>::Output>,
{
    match join::<AXIS, Dyn, T, SA, SB, _>(a, b) {
        Ok(t) => t,
        Err(e) => crate::ops::shape_panic(e),
    }
}

/// [`concat`](fn@concat), returning what does not fit at run time as an error.
///
/// Errors: [`ShapeError::JoinShape`] when a [`Dyn`] extent off `AXIS` differs between the two,
/// [`ShapeError::Overflow`] when the joined extent does not fit in `usize`.
///
/// ```
/// use shaped::{shape, try_concat, Dyn, Tensor};
/// let a = Tensor::<u8, shape![Dyn, 2]>::from_elem(&[3, 2], 1)?;
/// let b = Tensor::<u8, shape![Dyn, 2]>::from_elem(&[2, 2], 0)?;
/// assert_eq!(try_concat::<0, _, _, _>(&a, &b)?.shape(), &[5, 2]);
/// assert!(try_concat::<1, _, _, _>(&a, &b).is_err());         // 3 rows against 2
/// # Ok::<(), shaped::ShapeError>(())
/// ```
pub fn try_concat<const AXIS: isize, T: Clone, SA, SB>(
    a: &Tensor<T, SA>,
    b: &Tensor<T, SB>,
) -> Result<Tensor<T, <SA as ReplaceAxis<AXIS, Dyn>>::Output>, ShapeError>
where
    SA: ReplaceAxis<AXIS, Dyn>,
    SB: ReplaceAxis<AXIS, Dyn, Output = <SA as ReplaceAxis<AXIS, Dyn>>::Output>,
{
    join::<AXIS, Dyn, T, SA, SB, _>(a, b)
}

/// The joins as methods, `a.concat_to::<AXIS, E>(&b)`: only the axis (and the extent) are named,
/// the other tensor's shape is inferred.
impl<T: Clone, SA: Shape> Tensor<T, SA> {
    /// This tensor and `b` joined along `AXIS` into the extent `E`: [`concat_to`] (with the
    /// same checks; a wrong known `E` fails `cargo build` inside that function).
    ///
    /// ```
    /// use shaped::{shape, tensor, Dim, Tensor};
    /// let a = tensor![[1, 2], [3, 4]];
    /// let c: Tensor<i32, shape![2, 3]> = a.concat_to::<-1, Dim<3>>(&tensor![[5], [6]]);
    /// assert_eq!(c, tensor![[1, 2, 5], [3, 4, 6]]);
    /// ```
    #[track_caller]
    pub fn concat_to<const AXIS: isize, E: Extent>(
        &self,
        b: &Tensor<
            T,
            impl ReplaceAxis<AXIS, Dyn, Output = <SA as ReplaceAxis<AXIS, Dyn>>::Output>
            + ExtentAt<AXIS>,
        >,
    ) -> Tensor<T, <SA as ReplaceAxis<AXIS, E>>::Output>
    where
        SA: ReplaceAxis<AXIS, E> + ReplaceAxis<AXIS, Dyn> + ExtentAt<AXIS>,
    {
        concat_to::<AXIS, E, T, SA, _>(self, b)
    }

    /// [`concat_to`](Self::concat_to) returning what does not fit at run time as an error:
    /// [`try_concat_to`].
    ///
    /// Errors: as [`try_concat_to`].
    pub fn try_concat_to<const AXIS: isize, E: Extent>(
        &self,
        b: &Tensor<
            T,
            impl ReplaceAxis<AXIS, Dyn, Output = <SA as ReplaceAxis<AXIS, Dyn>>::Output>
            + ExtentAt<AXIS>,
        >,
    ) -> Result<Tensor<T, <SA as ReplaceAxis<AXIS, E>>::Output>, ShapeError>
    where
        SA: ReplaceAxis<AXIS, E> + ReplaceAxis<AXIS, Dyn> + ExtentAt<AXIS>,
    {
        try_concat_to::<AXIS, E, T, SA, _>(self, b)
    }

    /// This tensor and `b` joined along `AXIS`, that axis [`Dyn`]: [`concat`](fn@concat).
    ///
    /// ```
    /// use shaped::{shape, tensor, Dyn, Tensor};
    /// let c: Tensor<i32, shape![Dyn, 3]> = tensor![[1, 2, 3]].concat::<0>(&tensor![[4, 5, 6]]);
    /// assert_eq!(c.shape(), &[2, 3]);
    /// ```
    #[track_caller]
    pub fn concat<const AXIS: isize>(
        &self,
        b: &Tensor<T, impl ReplaceAxis<AXIS, Dyn, Output = <SA as ReplaceAxis<AXIS, Dyn>>::Output>>,
    ) -> Tensor<T, <SA as ReplaceAxis<AXIS, Dyn>>::Output>
    where
        SA: ReplaceAxis<AXIS, Dyn>,
    {
        concat::<AXIS, T, SA, _>(self, b)
    }

    /// [`concat`](Self::concat) returning what does not fit at run time as an error:
    /// [`try_concat`].
    ///
    /// Errors: as [`try_concat`].
    pub fn try_concat<const AXIS: isize>(
        &self,
        b: &Tensor<T, impl ReplaceAxis<AXIS, Dyn, Output = <SA as ReplaceAxis<AXIS, Dyn>>::Output>>,
    ) -> Result<Tensor<T, <SA as ReplaceAxis<AXIS, Dyn>>::Output>, ShapeError>
    where
        SA: ReplaceAxis<AXIS, Dyn>,
    {
        try_concat::<AXIS, T, SA, _>(self, b)
    }
}
