//! Choosing element by element: numpy's `where` ([`try_where`]) between two operands under a
//! `bool` condition, and `clip` (on [`DynTensor`], [`DynView`] and [`DynViewMut`]) between two
//! bounds.
//!
//! `where` broadcasts its three operands by numpy's rule ([`broadcast_shapes`]) and runs on the
//! planner, like every element-wise operation: the output starts as the third operand
//! stretched to the result's shape (one planned copy), then the planner's three-operand walk
//! writes the second operand wherever the condition holds.

use super::broadcast::broadcast_shapes;
use super::dims::{DimVec, Strides};
use super::layout::Layout;
use super::methods::map;
use super::operand::{DynOperand, src};
use super::view_layout::broadcast;
use super::{DynTensor, DynView, DynViewMut, plan};
use crate::ShapeError;
use crate::reduce::fold::clipped;

/// The elements of `a` where `cond` is `true` and of `b` where it is `false`: numpy's
/// `where(cond, a, b)`. The three operands (each a [`DynTensor`], a view, a static tensor, or
/// a reference to one; `cond` of `bool`) broadcast together by numpy's rule, and the result is
/// a new packed tensor of their broadcast shape. A number (numpy's `where(c, x, 0)`) is a
/// rank-0 tensor: `&DynTensor::scalar(0.0)`.
///
/// Errors: [`ShapeError::Incompatible`] naming two of the shapes that clash and the axis, or
/// [`ShapeError::Overflow`] when the broadcast shape has too many elements to count.
///
/// ```
/// use shaped::{try_where, DynTensor};
/// let x = DynTensor::from_shape_vec(&[2, 3], vec![-1.0, 2.0, -3.0, 4.0, -5.0, 6.0])?;
/// let positive = x.map(|v| v > 0.0);
/// let relu = try_where(&positive, &x, &DynTensor::scalar(0.0))?;
/// assert_eq!(relu.as_slice(), [0.0, 2.0, 0.0, 4.0, 0.0, 6.0]);
/// // A column of conditions picks whole rows; a row of fallbacks fills the rest.
/// let rows = DynTensor::from_shape_vec(&[2, 1], vec![true, false])?;
/// let fallback = DynTensor::from_shape_vec(&[3], vec![7.0, 8.0, 9.0])?;
/// assert_eq!(try_where(&rows, &x, &fallback)?.as_slice(), [-1.0, 2.0, -3.0, 7.0, 8.0, 9.0]);
/// assert!(try_where(&positive, &x, &DynTensor::<f64>::zeros(&[2])).is_err());
/// # Ok::<(), shaped::ShapeError>(())
/// ```
pub fn try_where<C, A, B>(cond: C, a: A, b: B) -> Result<DynTensor<A::Elem>, ShapeError>
where
    C: DynOperand<Elem = bool>,
    A: DynOperand,
    B: DynOperand<Elem = A::Elem>,
    A::Elem: Clone,
{
    let (c, x, y) = (src(&cond), src(&a), src(&b));
    let dims = broadcast_shapes(&[c.dims, x.dims, y.dims])?;
    let own = Layout {
        dims: DimVec::from_slice(y.dims),
        strides: Strides::from_slice(y.strides),
        offset: y.base,
    };
    let mut out = map(&DynView::new(y.data, broadcast(&own, &dims)?), Clone::clone);
    plan::zip_assign_strided(out.dst(), c, x, &mut |o: &mut A::Elem, &c: &bool, v| {
        if c {
            *o = v.clone();
        }
    });
    Ok(out)
}

/// The method for one type.
macro_rules! clip {
    () => {
        /// Each element limited to `lo..=hi`: numpy's `clip`, which is `minimum(maximum(x,
        /// lo), hi)`, so `hi` everywhere when `lo > hi`, and NaN where the element or a bound is
        /// NaN. For any `PartialOrd` element; a new tensor of the same shape.
        ///
        /// ```
        /// use shaped::DynTensor;
        /// let t = DynTensor::from_shape_vec(&[2, 2], vec![-3, 0, 4, 9])?;
        /// assert_eq!(t.clip(0, 5).as_slice(), [0, 0, 4, 5]);
        /// assert_eq!(t.t().clip(1, 4).as_slice(), [1, 4, 1, 4]);
        /// let f = DynTensor::from_shape_vec(&[2], vec![f64::NAN, 2.5])?;
        /// assert!(f.clip(0.0, 1.0)[&[0]].is_nan());
        /// # Ok::<(), shaped::ShapeError>(())
        /// ```
        pub fn clip(&self, lo: T, hi: T) -> DynTensor<T>
        where
            T: PartialOrd + Clone,
        {
            map(self, |x: &T| clipped(x, &lo, &hi))
        }
    };
}

impl<T> DynTensor<T> {
    clip!();
}

impl<T> DynView<'_, T> {
    clip!();
}

impl<T> DynViewMut<'_, T> {
    clip!();
}
