//! [`ShapeError`]: what went wrong when a shape is checked at run time.
//!
//! One enum and its `Display` (over 600 lines): splitting would part each variant from the
//! message that explains it. The shapes it carries are [`Dims`] (`dims.rs`).
//!
//! Static shapes are checked by the compiler; this is for what only run time can see (a slice's
//! length, data from outside, dynamic-rank tensors). Every variant carries the shapes involved, and
//! its `Display` says what to change.
//!
//! The type is available without `alloc`. With `alloc` (the default) a shape in an error is a
//! boxed slice: any rank, and the error stays small (two words per shape), so a `Result` that
//! carries it costs no more to return than its `Ok` value. Without `alloc` shapes are held inline
//! up to rank [`MAX_RANK`](crate::MAX_RANK) (only static shapes exist then); a longer one keeps its last `MAX_RANK`
//! extents and prints with a leading `…`.

use core::fmt;

mod dims;
pub use dims::Dims;

/// A shape that does not fit, found at run time. One variant per cause.
///
/// Axes in errors count from the right, as broadcasting lines shapes up: axis -1 is the last.
///
/// ```
/// use shaped::{broadcast_shapes, ShapeError};
/// let err = broadcast_shapes(&[&[2, 3], &[2]]).unwrap_err();
/// assert!(matches!(err, ShapeError::Incompatible { axis: -1, .. }));
/// assert_eq!(err.to_string(), "cannot broadcast [2, 3] with [2]: axis -1 has 3 vs 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ShapeError {
    /// The data's length is not the product of the extents.
    DataLength {
        /// The shape the data was meant to fill.
        shape: Dims,
        /// How many elements the data has.
        len: usize,
    },
    /// Two shapes do not broadcast together: on `axis` (counted from the right, -1 is the last)
    /// their extents differ and neither is 1.
    Incompatible {
        /// The first shape with an extent other than 1 on `axis`.
        a: Dims,
        /// The shape that clashes with it.
        b: Dims,
        /// The clashing axis, negative: -1 is the last.
        axis: isize,
    },
    /// Two shapes broadcast to an extent on `axis` other than the one the result's type fixes
    /// there: a `Dim<1>` (a const parameter instantiated with 1) against a run-time extent
    /// above 1. numpy would stretch the 1; a `Dim<1>` does not.
    FixedExtent {
        /// The left operand's shape.
        a: Dims,
        /// The right operand's shape.
        b: Dims,
        /// The axis, negative: -1 is the last.
        axis: isize,
        /// The extent the result's type fixes on that axis.
        fixed: usize,
    },
    /// `from` cannot be broadcast to exactly `to` (a `broadcast_to`, or an in-place operation,
    /// whose result must keep the left operand's shape): on `axis` `from` has an extent other than
    /// 1 that `to` does not have, or `from` has more axes.
    NotBroadcastableTo {
        /// The shape being stretched.
        from: Dims,
        /// The shape it must become.
        to: Dims,
        /// The offending axis, negative: -1 is the last.
        axis: isize,
    },
    /// The number of elements of `shape` does not fit in `usize`.
    Overflow {
        /// The shape, as requested or as broadcasting produced it.
        shape: Dims,
    },
    /// A static shape was asked for, but the extents differ (ranks equal or not).
    StaticMismatch {
        /// The dynamic tensor's shape.
        found: Dims,
        /// The static shape asked for.
        expected: Dims,
    },
    /// Extents given for a shape type have another number of axes than the type.
    Rank {
        /// The extents given.
        shape: Dims,
        /// The shape type's rank.
        rank: usize,
    },
    /// A static shape was asked for, but the dynamic tensor has more axes than any static shape.
    RankTooLarge {
        /// The dynamic tensor's shape.
        shape: Dims,
        /// The largest static rank.
        max: usize,
    },
    /// An axis number outside `-rank..rank` (or `-rank-1..=rank` where an axis is inserted).
    Axis {
        /// The axis asked for.
        axis: isize,
        /// The shape of the tensor (its rank is the length).
        shape: Dims,
    },
    /// The same axis named twice where each may appear once (a permutation, a diagonal's two
    /// axes).
    RepeatedAxis {
        /// The axis named twice, as given.
        axis: isize,
        /// The shape of the tensor.
        shape: Dims,
    },
    /// A permutation that does not name every axis exactly once: it has `len` entries.
    Permutation {
        /// How many axes the permutation names.
        len: usize,
        /// The shape of the tensor.
        shape: Dims,
    },
    /// A slice with step 0 on `axis`.
    SliceStep {
        /// The axis (0-based) whose slice has step 0.
        axis: usize,
        /// The shape of the tensor.
        shape: Dims,
    },
    /// More slices than the tensor has axes.
    TooManySlices {
        /// How many slices were given.
        count: usize,
        /// The shape of the tensor.
        shape: Dims,
    },
    /// `squeeze` of an axis whose extent is not 1.
    Squeeze {
        /// The axis, as given.
        axis: isize,
        /// The shape of the tensor.
        shape: Dims,
    },
    /// A reshape to a different number of elements (or whose `-1` cannot be inferred).
    ReshapeSize {
        /// The shape being reshaped.
        from: Dims,
        /// The requested shape; the axis `unknown` (if any) was `-1` and holds 0 here.
        to: Dims,
        /// The axis of the requested shape that was `-1`.
        unknown: Option<usize>,
    },
    /// A reshape target entry that is neither an extent (≥ 0) nor the one `-1` to infer.
    ReshapeTarget {
        /// The position in the requested shape.
        axis: usize,
        /// The entry found there.
        value: isize,
    },
    /// A reshape of a view whose strides do not allow a view of the new shape: the elements
    /// would have to be copied.
    ReshapeCopy {
        /// The view's shape.
        from: Dims,
        /// The requested shape.
        to: Dims,
    },
    /// A static `try_narrow` whose window does not fit its axis.
    Narrow {
        /// The axis, as given.
        axis: isize,
        /// The first index of the window.
        start: usize,
        /// The window's length (the extent of the result's axis).
        len: usize,
        /// The shape being narrowed.
        shape: Dims,
    },
    /// A matrix product with a rank-0 operand (numpy: "matmul: Input operand does not have
    /// enough dimensions").
    MatmulRank {
        /// The left operand's shape.
        a: Dims,
        /// The right operand's shape.
        b: Dims,
    },
    /// A matrix product whose inner extents differ: the last axis of `a` against the first of
    /// `b`'s last two (its only axis when `b` is 1-D).
    MatmulInner {
        /// The left operand's shape.
        a: Dims,
        /// The right operand's shape.
        b: Dims,
    },
    /// A maximum, minimum or arg-reduction over no elements: it has no identity (numpy's
    /// "zero-size array to reduction operation maximum which has no identity").
    EmptyReduction {
        /// The reduced axis (0-based) of extent 0, or `None` when the whole tensor is empty.
        axis: Option<usize>,
        /// The shape of the tensor.
        shape: Dims,
    },
    /// Two operands that ncnn's `BinaryOp` pairs with different extents, neither 1, on `axis`
    /// once it has laid them out ([`ncnn`](crate::ncnn)): ncnn itself would read past the end of
    /// one of them (or repeat its last row).
    NcnnMismatch {
        /// The left operand's shape, as given (numpy order).
        a: Dims,
        /// The right operand's shape, as given.
        b: Dims,
        /// The left operand's shape with the unit axes ncnn gives it.
        a_as: Dims,
        /// The right operand's shape with the unit axes ncnn gives it.
        b_as: Dims,
        /// The innermost clashing axis of the laid-out shapes (0-based).
        axis: usize,
    },
    /// An operand of more axes than ncnn's `Mat` has (four).
    NcnnRank {
        /// The operand's shape.
        shape: Dims,
    },
    /// An `as_strided` layout that reaches a position outside its data (or whose positions do
    /// not fit in `isize`).
    OutOfBounds {
        /// The requested shape.
        shape: Dims,
        /// The lowest and highest positions the layout reaches (saturated).
        reach: (isize, isize),
        /// The length of the data.
        len: usize,
    },
    /// The memory for a tensor of `shape` could not be had: its byte size overflows `isize::MAX`
    /// (`bytes` is `None`), or the allocator refused `bytes` bytes. (Also a list of `shape[0]`
    /// views, from `try_split` and `try_array_split` with more sections than memory holds.)
    Allocation {
        /// The shape of the tensor asked for.
        shape: Dims,
        /// Its size in bytes, when that fits in `usize`.
        bytes: Option<usize>,
    },
    /// An index outside its axis (`-n..n` for an extent `n`), numpy's `IndexError`.
    Index {
        /// The index, as given.
        index: isize,
        /// The axis (0-based) it indexes, or `None` for the flattened tensor.
        axis: Option<usize>,
        /// The shape of the tensor.
        shape: Dims,
    },
    /// Chunks of 0 elements along an axis (`try_axis_chunks_iter`).
    ChunkSize {
        /// The axis, as given.
        axis: isize,
        /// The shape of the tensor.
        shape: Dims,
    },
    /// An axis cut into `sections` parts that cannot be had: 0 parts (`try_split`,
    /// `try_array_split`), or parts not all of one extent (`try_split`; numpy: "array split
    /// does not result in an equal division").
    Sections {
        /// How many parts were asked for.
        sections: usize,
        /// The axis, as given.
        axis: isize,
        /// The shape of the tensor.
        shape: Dims,
    },
    /// A window (`try_windows`) that does not have one extent per axis, or has an extent 0.
    Window {
        /// The window's extents.
        window: Dims,
        /// The shape of the tensor.
        shape: Dims,
    },
    /// Tensors that cannot be joined (`try_concatenate`, `try_stack`): tensor `index` of the list,
    /// of shape `other`, differs from the first, `first`, in rank or in an extent along an axis
    /// other than the joining one (`axis`; any axis for a stack, where `axis` is `None`).
    JoinShape {
        /// The first tensor's shape.
        first: Dims,
        /// The shape that does not fit it.
        other: Dims,
        /// Its position in the list.
        index: usize,
        /// The joining axis (0-based), `None` for a stack.
        axis: Option<usize>,
    },
    /// Two tensors joined along `axis` ([`try_concat_to`](crate::try_concat_to)) whose extents
    /// there do not add up to `extent`, the one the result's type fixes (known at compile time
    /// while one of theirs was not).
    JoinExtent {
        /// The first tensor's shape.
        a: Dims,
        /// The second tensor's shape.
        b: Dims,
        /// The joining axis (0-based).
        axis: usize,
        /// The result's extent along `axis`.
        extent: usize,
    },
    /// Indices (`try_take_along_axis`) whose rank differs from the array's (numpy: "`indices`
    /// and `arr` must have the same number of dimensions").
    IndicesRank {
        /// The array's shape.
        shape: Dims,
        /// The indices' shape.
        indices: Dims,
    },
    /// A join of an empty list (numpy: "need at least one array to concatenate").
    EmptyJoin,
    /// `try_arange` with a step of 0, or whose length is not a number (a `NaN` bound or step) or
    /// does not fit in `usize`.
    Arange {
        /// `true` when the step is 0; `false` when the length cannot be had.
        zero_step: bool,
    },
    /// Elements that do not fill one block of memory (a column block of a wider array, say)
    /// cannot be borrowed as a view over one slice.
    NotContiguous {
        /// The shape of the elements.
        shape: Dims,
    },
    /// A dynamic view that walks an axis backwards (a negative stride: a flipped or reversed
    /// slice) asked for as a static view, whose strides are unsigned (for now).
    NegativeStride {
        /// The view's shape.
        shape: Dims,
        /// The axis (0-based) with the negative stride.
        axis: usize,
    },
    /// A view asked for as a row-major static view (`TensorView<T, S>`, no layout parameter)
    /// whose elements are not packed in row-major order: transposed, strided or broadcast.
    NotRowMajor {
        /// The view's shape (the static shape's: they agree).
        shape: Dims,
    },
}

/// A shape error where the operator form (or a method with no `try_` result) has no `Result` to
/// return it in: the static operations' and the dynamic ones'.
#[cold]
#[track_caller]
#[inline(never)]
pub(crate) fn shape_panic(e: ShapeError) -> ! {
    panic!("{e}")
}

impl ShapeError {
    pub(crate) fn data_length(shape: &[usize], len: usize) -> Self {
        Self::DataLength {
            shape: Dims::new(shape),
            len,
        }
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::DataLength { shape, len } => match shape.count() {
                Some(need) => write!(f, "data has {len} elements, but shape {shape} needs {need}"),
                None => write!(
                    f,
                    "data has {len} elements, but shape {shape} has more elements than usize can count"
                ),
            },
            Self::Incompatible { a, b, axis } => {
                let at = |d: &Dims| extent_at(d.as_slice(), *axis);
                write!(
                    f,
                    "cannot broadcast {a} with {b}: axis {axis} has {} vs {}",
                    at(a),
                    at(b)
                )
            }
            Self::FixedExtent { a, b, axis, fixed } => {
                let at = |d: &Dims| extent_at(d.as_slice(), *axis);
                write!(
                    f,
                    "cannot broadcast {a} with {b}: axis {axis} has {} vs {}, but the result's type \
                     fixes that axis at {fixed}; a `Dim<1>` does not stretch (write `One` for an \
                     axis that broadcasts, or convert with `into_shape`)",
                    at(a),
                    at(b)
                )
            }
            Self::NotBroadcastableTo { from, to, axis } => {
                write!(f, "cannot broadcast {from} to {to}: axis {axis} ")?;
                match extent_at(to.as_slice(), *axis) {
                    Missing => write!(
                        f,
                        "has {} but the target has no such axis",
                        extent_at(from.as_slice(), *axis)
                    )?,
                    want => write!(f, "has {} vs {want}", extent_at(from.as_slice(), *axis))?,
                }
                f.write_str(
                    " (each extent must equal the target's or be 1; an in-place operation keeps the \
                     left operand's shape, so compute a new tensor instead)",
                )
            }
            Self::Overflow { shape } => write!(
                f,
                "shape {shape} has more elements than usize can count; use smaller extents"
            ),
            Self::StaticMismatch { found, expected } => write!(
                f,
                "a tensor of shape {found} cannot become a static tensor of shape {expected}; \
                 reshape or broadcast it first"
            ),
            Self::Rank { shape, rank } => write!(
                f,
                "extents {shape} have {} axes, but the shape type has {rank}; give one extent per axis",
                shape.as_slice().len()
            ),
            Self::RankTooLarge { shape, max } => write!(
                f,
                "a tensor of shape {shape} has {} axes, but static shapes have at most {max}",
                shape.as_slice().len()
            ),
            Self::Axis { axis, shape } => {
                let rank = shape.as_slice().len();
                write!(
                    f,
                    "axis {axis} is out of range for a tensor of shape {shape} (rank {rank}: valid axes are -{rank}..{rank})"
                )
            }
            Self::RepeatedAxis { axis, shape } => write!(
                f,
                "axis {axis} is named twice for a tensor of shape {shape}; name each axis once"
            ),
            Self::Permutation { len, shape } => write!(
                f,
                "a permutation of a tensor of shape {shape} must name all {} axes once, but has {len} entries",
                shape.as_slice().len()
            ),
            Self::SliceStep { axis, shape } => write!(
                f,
                "slice step 0 on axis {axis} of a tensor of shape {shape}; a step must be non-zero"
            ),
            Self::TooManySlices { count, shape } => write!(
                f,
                "{count} slices for a tensor of shape {shape}, which has {} axes",
                shape.as_slice().len()
            ),
            Self::Squeeze { axis, shape } => {
                let rank = shape.as_slice().len() as isize;
                let at = if *axis < 0 { axis + rank } else { *axis };
                let extent = shape.as_slice().get(at as usize).copied().unwrap_or(0);
                write!(
                    f,
                    "cannot squeeze axis {axis} of a tensor of shape {shape}: its extent is {extent}, not 1"
                )
            }
            Self::ReshapeSize { from, to, unknown } => {
                write!(f, "cannot reshape {from} into [")?;
                for (i, d) in to.as_slice().iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    if Some(i) == *unknown {
                        f.write_str("-1")?;
                    } else {
                        write!(f, "{d}")?;
                    }
                }
                match from.count() {
                    Some(n) => write!(f, "]: {n} elements do not fit that shape"),
                    None => f.write_str("]: the element counts differ"),
                }
            }
            Self::ReshapeTarget { axis, value } => write!(
                f,
                "reshape target has {value} at position {axis}; extents are 0 or more, with at most one -1 to infer"
            ),
            Self::ReshapeCopy { from, to } => write!(
                f,
                "cannot reshape this view of shape {from} into {to} without copying: its strides do not allow it; \
                 copy it first (`to_tensor()`)"
            ),
            Self::Narrow {
                axis,
                start,
                len,
                shape,
            } => write!(
                f,
                "cannot take {len} elements from index {start} along axis {axis} of a tensor of shape {shape}"
            ),
            Self::MatmulRank { a, b } => write!(
                f,
                "cannot multiply {a} by {b}: a matrix product needs operands of rank 1 or more"
            ),
            Self::MatmulInner { a, b } => {
                let (a_s, b_s) = (a.as_slice(), b.as_slice());
                let k_a = a_s.last().copied().unwrap_or(0);
                let k_b = if b_s.len() == 1 {
                    b_s[0]
                } else {
                    b_s.get(b_s.len().wrapping_sub(2)).copied().unwrap_or(0)
                };
                write!(
                    f,
                    "cannot multiply {a} by {b}: inner dimensions differ, {k_a} vs {k_b} \
                     (the last axis of the left must equal the second-to-last of the right)"
                )
            }
            Self::EmptyReduction { axis, shape } => {
                match axis {
                    Some(a) => write!(f, "axis {a} of a tensor of shape {shape} has no elements")?,
                    None => write!(f, "a tensor of shape {shape} has no elements")?,
                }
                f.write_str(
                    ": a maximum, minimum or arg-reduction of nothing is undefined; \
                     check the extent first, or use a reduction with an identity (a sum)",
                )
            }
            Self::NcnnMismatch {
                a,
                b,
                a_as,
                b_as,
                axis,
            } => {
                let at = |d: &Dims| d.as_slice().get(*axis).copied().unwrap_or(0);
                write!(
                    f,
                    "ncnn cannot pair {a} with {b}: it lays them out as {a_as} and {b_as}, and axis \
                     {axis} has {} vs {} (ncnn would read past the end of one operand); make the \
                     extents equal or 1, or reshape the operands yourself",
                    at(a_as),
                    at(b_as)
                )
            }
            Self::NcnnRank { shape } => write!(
                f,
                "ncnn's tensors have at most 4 axes, but {shape} has {}",
                shape.as_slice().len()
            ),
            Self::OutOfBounds { shape, reach, len } => write!(
                f,
                "a view of shape {shape} reaches positions {}..={} but the data has {len} elements",
                reach.0, reach.1
            ),
            Self::Allocation {
                shape,
                bytes: Some(bytes),
            } => write!(
                f,
                "a tensor of shape {shape} needs {bytes} bytes, which could not be allocated; \
                 use smaller extents, or check how the shape was computed"
            ),
            Self::Allocation { shape, bytes: None } => write!(
                f,
                "a tensor of shape {shape} needs more bytes than isize::MAX, more than any \
                 allocation can hold; use smaller extents, or check how the shape was computed"
            ),
            Self::Index { index, axis, shape } => {
                let dims = shape.as_slice();
                match axis {
                    Some(a) => {
                        let n = dims.get(*a).copied().unwrap_or(0);
                        write!(
                            f,
                            "index {index} is out of bounds for axis {a} of a tensor of shape {shape} \
                             (extent {n}: {})",
                            Valid(n)
                        )
                    }
                    None => {
                        let n = shape.count().unwrap_or(usize::MAX);
                        write!(
                            f,
                            "index {index} is out of bounds for the {n} elements of a tensor of shape \
                             {shape} taken flat ({})",
                            Valid(n)
                        )
                    }
                }
            }
            Self::ChunkSize { axis, shape } => write!(
                f,
                "chunks of 0 elements along axis {axis} of a tensor of shape {shape}; a chunk \
                 needs at least one"
            ),
            Self::Sections {
                sections: 0,
                axis,
                shape,
            } => write!(
                f,
                "cannot split axis {axis} of a tensor of shape {shape} into 0 parts; ask for at \
                 least one"
            ),
            Self::Sections {
                sections,
                axis,
                shape,
            } => write!(
                f,
                "cannot split axis {axis} of a tensor of shape {shape} into {sections} equal \
                 parts: {sections} does not divide its extent {}; use try_array_split for \
                 parts that differ by at most one",
                extent_at_axis_given(shape, *axis)
            ),
            Self::Window { window, shape } => write!(
                f,
                "a window of {window} does not fit a tensor of shape {shape}: it needs one extent \
                 per axis, each at least 1"
            ),
            Self::JoinShape {
                first,
                other,
                index,
                axis,
            } => {
                write!(
                    f,
                    "cannot join a tensor of shape {other} (number {index}) to {first}: "
                )?;
                match axis {
                    Some(a) => write!(
                        f,
                        "every axis but the joining axis {a} must have the same extent, and the \
                         ranks must agree"
                    ),
                    None => f.write_str("a stack needs tensors of one shape"),
                }
            }
            Self::JoinExtent { a, b, axis, extent } => write!(
                f,
                "cannot join {a} and {b} along axis {axis} into an extent of {extent}: their \
                 extents there add up to {}",
                extent_at_axis(a, *axis).saturating_add(extent_at_axis(b, *axis))
            ),
            Self::IndicesRank { shape, indices } => write!(
                f,
                "indices of shape {indices} cannot index along an axis of a tensor of shape \
                 {shape}: they need its rank, {}",
                shape.as_slice().len()
            ),
            Self::EmptyJoin => f.write_str("nothing to join: the list of tensors is empty"),
            Self::Arange { zero_step: true } => {
                f.write_str("arange with a step of 0 never reaches its stop; give a non-zero step")
            }
            Self::Arange { zero_step: false } => f.write_str(
                "arange cannot count its elements: a bound or the step is NaN, or the count does \
                 not fit in usize",
            ),
            Self::NotContiguous { shape } => write!(
                f,
                "the {shape} elements are scattered in memory (not one block), so no view over one \
                 slice can borrow them; copy them into a tensor instead (`DynTensor::from`, \
                 `Tensor::try_from`)"
            ),
            Self::NegativeStride { shape, axis } => write!(
                f,
                "a view of shape {shape} walks axis {axis} backwards (a negative stride), but a \
                 static view's strides are unsigned; flip that axis back, or copy the view first \
                 (`to_tensor()`)"
            ),
            Self::NotRowMajor { shape } => write!(
                f,
                "a view of shape {shape} is not packed in row-major order (transposed, strided or \
                 broadcast), so it cannot become a row-major static view; keep \
                 its strides with `try_into_static` (a `Strided` view), or copy it first \
                 (`to_tensor()`)"
            ),
        }
    }
}

impl core::error::Error for ShapeError {}

/// An extent in an error message: a number, or the absence of the axis.
#[derive(PartialEq)]
enum Extent {
    Is(usize),
    Missing,
}
use Extent::Missing;

impl fmt::Display for Extent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Is(n) => write!(f, "{n}"),
            Missing => f.write_str("no axis"),
        }
    }
}

/// The extent of `dims` on a 0-based `axis` that it has (saturating: only a message uses it).
fn extent_at_axis(dims: &Dims, axis: usize) -> usize {
    dims.as_slice().get(axis).copied().unwrap_or(0)
}

/// The extent of `dims` on `axis` as a caller gave it (negative from the end; the axis was
/// checked before the error was made, so a missing one reads 0 in the message only).
fn extent_at_axis_given(dims: &Dims, axis: isize) -> usize {
    let d = dims.as_slice();
    let k = if axis < 0 {
        d.len().checked_sub(axis.unsigned_abs())
    } else {
        Some(axis as usize)
    };
    k.and_then(|k| d.get(k)).copied().unwrap_or(0)
}

/// The extent of `dims` on a negative `axis` (-1 is the last).
fn extent_at(dims: &[usize], axis: isize) -> Extent {
    let back = axis.unsigned_abs();
    if axis < 0 && back <= dims.len() {
        Extent::Is(dims[dims.len() - back])
    } else {
        Missing
    }
}

/// The indices valid for `n` entries, in an error message: `-n..n`, or none at all.
struct Valid(usize);

impl fmt::Display for Valid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("there is no valid index"),
            n => write!(f, "valid indices are -{n}..{n}"),
        }
    }
}
