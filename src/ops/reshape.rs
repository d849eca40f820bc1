//! Owned tensors moved into a new shape: the elements keep their row-major order, so a shape
//! with the same element count is a move ([`reshape`](crate::Tensor::reshape),
//! [`unsqueeze`](crate::Tensor::unsqueeze), [`squeeze`](crate::Tensor::squeeze)). Between two
//! static shapes a different count fails `cargo build` (a post-monomorphisation error: `cargo
//! check` does not see it) naming both shapes; with a `Dyn` axis it is checked when the program
//! runs, and one `Dyn` axis of the target is inferred from it.

use crate::layout::derive;
use crate::shape::axis::{InsertAxis, SqueezeAxis};
use crate::shape::kind::Kind;
use crate::{One, Shape, Tensor};

impl<T, S: Shape> Tensor<T, S> {
    /// The same elements, in the same row-major order, with shape `S2`: a move, nothing copied.
    /// `S2` must have as many elements as `S`: for two static shapes `cargo build` fails
    /// otherwise; with a `Dyn` axis on either side the count is checked when the program runs,
    /// and one `Dyn` axis of `S2` is inferred from it (numpy's `-1`). Panics with the
    /// [`ShapeError`](crate::ShapeError) of [`try_reshape`](Self::try_reshape).
    ///
    /// ```
    /// use shaped::{shape, tensor, Tensor};
    /// let m: Tensor<i32, shape![3, 2]> = tensor![[1, 2, 3], [4, 5, 6]].reshape();
    /// assert_eq!(m, tensor![[1, 2], [3, 4], [5, 6]]);
    /// let rows: Tensor<i32, shape![Dyn, 2]> = m.reshape();   // the batch inferred: 3
    /// assert_eq!(rows.shape(), &[3, 2]);
    /// ```
    ///
    /// ```compile_fail
    /// use shaped::{shape, tensor, Tensor};
    /// let m: Tensor<i32, shape![4]> = tensor![[1, 2, 3], [4, 5, 6]].reshape();
    /// ```
    #[inline]
    pub fn reshape<S2: Shape>(self) -> Tensor<T, S2> {
        // Checked here (not in a closure) so the error points at the call.
        const {
            if let (Some(n), Some(n2)) = (
                derive::static_count(&S::STATIC_DIMS),
                derive::static_count(&S2::STATIC_DIMS),
            ) {
                assert!(
                    n == n2,
                    "reshape must keep the element count: the source and target shapes (named \
                     in the note below) have different numbers of elements"
                )
            }
        };
        <<S::Kind as Kind>::Or<S2::Kind> as Kind>::pick_with(
            self,
            |this| {
                let mut elems = this.into_iter();
                Tensor::from_flat_fn(|_| match elems.next() {
                    Some(x) => x,
                    None => unreachable!("both shapes have S::NUM elements"),
                })
            },
            |this| match this.try_reshape() {
                Ok(t) => t,
                Err(e) => crate::ops::shape_panic(e),
            },
        )
    }

    /// [`reshape`](Self::reshape) checked when the program runs: the same elements with shape
    /// `S2`, whose one `Dyn` axis (if any) is inferred from the element count as numpy infers
    /// `-1`. A target with two `Dyn` axes does not build (nothing says how to split the count:
    /// give the extents to [`Tensor::from_shape_vec`]).
    ///
    /// Errors: [`ShapeError::ReshapeSize`](crate::ShapeError::ReshapeSize) naming both shapes
    /// when the counts differ or the `Dyn` axis cannot be inferred.
    ///
    /// ```
    /// use shaped::{shape, Tensor};
    /// let x = Tensor::<f32, shape![Dyn, 6]>::from_elem(&[2, 6], 1.0)?;
    /// let y: Tensor<f32, shape![Dyn, 4]> = x.clone().try_reshape()?;
    /// assert_eq!(y.shape(), &[3, 4]);
    /// assert!(x.try_reshape::<shape![Dyn, 5]>().is_err());   // 12 elements are not rows of 5
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn try_reshape<S2: Shape>(self) -> Result<Tensor<T, S2>, crate::ShapeError> {
        let dims = reshape_dims::<S2>(self.shape())?;
        Ok(self.moved_into(dims))
    }

    /// The elements moved into a tensor of extents `dims` (as many elements: the caller checked).
    fn moved_into<S2: Shape>(self, dims: S2::Index) -> Tensor<T, S2> {
        let n = self.len();
        match S2::Kind::try_from_elems::<T, S2>(dims, n, self.into_iter()) {
            Ok(store) => Tensor::from_store(store),
            Err(e) => crate::ops::shape_panic(e),
        }
    }

    /// A new axis of extent 1 at position `A` of the result (`-1` appends): a move.
    ///
    /// ```
    /// use shaped::{shape, tensor, Tensor};
    /// let col: Tensor<i32, shape![3, 1]> = tensor![1, 2, 3].unsqueeze::<-1>();
    /// assert_eq!(col, tensor![[1], [2], [3]]);
    /// ```
    #[inline]
    pub fn unsqueeze<const A: isize>(self) -> Tensor<T, <S as InsertAxis<A, One>>::Output>
    where
        S: InsertAxis<A, One>,
    {
        self.with_axis_inserted::<_, A>()
    }

    /// A new axis of extent 1 at position `A` of `S2`, which is `S` with it (the caller's
    /// proof): a move. The result shape of [`unsqueeze`](Self::unsqueeze) and of the reductions
    /// with keepdims.
    #[inline]
    pub(crate) fn with_axis_inserted<S2: Shape, const A: isize>(self) -> Tensor<T, S2> {
        S::Kind::pick_with(self, Self::reshape, |this| {
            let mut dims = S2::Index::default();
            let k = derive::inserted_at(A, S::RANK);
            let (out, from) = (dims.as_mut(), this.shape());
            out[..k].copy_from_slice(&from[..k]);
            out[k] = 1;
            out[k + 1..].copy_from_slice(&from[k..]);
            this.moved_into(dims)
        })
    }

    /// Axis `A`, of extent 1, removed: a move. Any other extent does not compile.
    ///
    /// ```
    /// use shaped::{shape, tensor, Tensor};
    /// let row: Tensor<i32, shape![3]> = tensor![[1, 2, 3]].squeeze::<0>();
    /// assert_eq!(row, tensor![1, 2, 3]);
    /// ```
    #[inline]
    pub fn squeeze<const A: isize>(self) -> Tensor<T, <S as SqueezeAxis<A>>::Output>
    where
        S: SqueezeAxis<A>,
    {
        S::Kind::pick_with(self, Self::reshape, |this| {
            let mut dims = <<S as SqueezeAxis<A>>::Output as Shape>::Index::default();
            let k = derive::inserted_at(A, S::RANK - 1);
            let (out, from) = (dims.as_mut(), this.shape());
            out[..k].copy_from_slice(&from[..k]);
            out[k..].copy_from_slice(&from[k + 1..]);
            this.moved_into(dims)
        })
    }
}

/// The extents of `S2` for `from`'s element count: its known extents, and its one `Dyn` axis (if
/// any) inferred. Two `Dyn` axes fail the build.
fn reshape_dims<S2: Shape>(from: &[usize]) -> Result<S2::Index, crate::ShapeError> {
    let fixed = &S2::STATIC_DIMS[crate::MAX_RANK - S2::RANK..];
    let unknown = const { derive::single_runtime_axis(&S2::STATIC_DIMS, S2::RANK) };
    let count = crate::layout::checked_count(from);
    let mut dims = S2::Index::default();
    for (d, f) in dims.as_mut().iter_mut().zip(fixed) {
        *d = f.unwrap_or(0);
    }
    let known = crate::layout::checked_count(dims.as_ref()).filter(|_| unknown.is_none());
    let fits = match (unknown, count) {
        (None, Some(n)) => known == Some(n),
        (Some(k), Some(n)) => {
            let rest: Option<usize> = fixed
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != k)
                .try_fold(1usize, |p, (_, f)| p.checked_mul(f.unwrap_or(1)));
            match rest {
                Some(r) if r > 0 && n % r == 0 => {
                    dims.as_mut()[k] = n / r;
                    true
                }
                _ => false,
            }
        }
        _ => false,
    };
    if fits {
        Ok(dims)
    } else {
        Err(crate::ShapeError::ReshapeSize {
            from: crate::error::Dims::new(from),
            to: crate::error::Dims::new(dims.as_ref()),
            unknown,
        })
    }
}
