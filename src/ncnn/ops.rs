//! Element-wise operations with ncnn's pairing: each operand is read through a view with ncnn's
//! unit axes ([`expand_shapes`](super::expand_shapes)), and the views go to the dynamic
//! operations, which then broadcast by numpy's rule: one loop engine for both rules.

use core::ops::{Add, Div, Mul, Sub};

use super::rule::{Laid, pair};
use crate::ShapeError;
use crate::dynamic::{DynOperand, DynTensor, DynView, padded};

/// `r` read with the unit axes ncnn gives it (`laid`, from [`pair`]).
fn view<'x, R: DynOperand + ?Sized>(r: &'x R, laid: &Laid) -> DynView<'x, R::Elem> {
    let own = r.parts().2.len();
    padded(r, laid.first, laid.rank - laid.first - own)
}

macro_rules! ncnn_binary {
    ($($Op:ident $op:ident $try_op:ident $sym:literal $ncnn:literal),*) => {$(
        #[doc = concat!("`a ", $sym, " b` paired as ncnn's `BinaryOp` ", $ncnn, " pairs its operands")]
        /// (see [the table](crate::ncnn)); either operand may be a [`DynTensor`], a view, or
        /// a static tensor or view, as for [`DynTensor::try_add`].
        ///
        /// Computed by the dynamic element-wise operation on the operands reshaped by
        /// [`expand_shapes`](super::expand_shapes) (nothing is copied to reshape them); large
        /// outputs are split over threads the same way.
        ///
        /// Errors: [`ShapeError::NcnnMismatch`] where ncnn would read past the end of an
        /// operand, [`ShapeError::NcnnRank`] for an operand of rank 5 or more,
        /// [`ShapeError::Overflow`] when the result has too many elements to count.
        #[inline]
        pub fn $try_op<A, B, T>(a: A, b: B) -> Result<DynTensor<<T as $Op>::Output>, ShapeError>
        where
            A: DynOperand<Elem = T>,
            B: DynOperand<Elem = T>,
            T: Clone + $Op + Sync,
            <T as $Op>::Output: Send,
        {
            let p = pair(a.parts().2, b.parts().2)?;
            view(&a, &p.a).$try_op(&view(&b, &p.b))
        }
    )*};
}

ncnn_binary!(
    Add add try_add "+" "(op_type 0, ADD)",
    Sub sub try_sub "-" "(op_type 1, SUB)",
    Mul mul try_mul "*" "(op_type 2, MUL)",
    Div div try_div "/" "(op_type 3, DIV)"
);

/// `f(x, y)` for each pair of elements of `a` and `b` as ncnn's `BinaryOp` pairs them: any of
/// ncnn's other operations (`MAX`, `POW`, `RSUB`, ...), or a comparison; the output element type
/// is whatever `f` returns. Errors as for [`try_add`].
///
/// ```
/// use shaped::{DynTensor, ncnn};
/// let a = DynTensor::from_shape_vec(&[2, 3], vec![1, 5, 2, 8, 3, 9])?;
/// // Length 2 matches the outer axis: one value per row.
/// let limit = DynTensor::from_shape_vec(&[2], vec![4, 6])?;
/// let clipped = ncnn::try_zip_map(&a, &limit, |x, m| x.min(m))?;
/// assert_eq!(clipped.to_vec(), [1, 4, 2, 6, 3, 6]);
/// # Ok::<(), shaped::ShapeError>(())
/// ```
#[inline]
pub fn try_zip_map<A, B, O>(
    a: A,
    b: B,
    f: impl FnMut(A::Elem, B::Elem) -> O,
) -> Result<DynTensor<O>, ShapeError>
where
    A: DynOperand,
    B: DynOperand,
    A::Elem: Clone,
    B::Elem: Clone,
{
    let p = pair(a.parts().2, b.parts().2)?;
    view(&a, &p.a).try_zip_map(&view(&b, &p.b), f)
}
