//! Every compile-time error message of the crate, in one place.
//!
//! A shape rule is a trait: a clash is a missing impl, and `cargo check` reports it with the
//! message written here (`#[diagnostic::on_unimplemented]`), which names the axis, the extents or
//! the shapes in plain numbers. Keeping them side by side keeps them consistent (the same words
//! for the same mistake, a note that says how to fix it) and lets a reader review them at once;
//! `docs/compile-errors.md` shows each one as the compiler prints it.
//!
//! [`message!`] takes a trait's declaration and puts that trait's message on it, chosen by its
//! name: the traits are declared where their concept lives, wrapped in `diagnostic::message!`. A
//! trait with no entry here does not expand, so every such trait has its message in this file.
//! (Messages checked after monomorphisation, such as a reshape's element count, are `const`
//! assertions beside the computation they check.)

/// Declares the trait it wraps with that trait's `on_unimplemented` message (see the module).
macro_rules! message {
    // Axes: `crate::shape::axis`.
    ($(#[$doc:meta])* pub trait ExtentAt $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "axis {I} is out of range for shape `{Self}`",
            label = "shape `{Self}` has no axis {I}",
            note = "a shape of rank R has the axes 0..R, or -R..-1 counting from the end"
        )]
        $(#[$doc])* pub trait ExtentAt $($rest)*
    };
    ($(#[$doc:meta])* pub trait RemoveAxis $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "axis {I} is out of range for shape `{Self}`",
            label = "shape `{Self}` has no axis {I} to remove",
            note = "a shape of rank R has the axes 0..R, or -R..-1 counting from the end"
        )]
        $(#[$doc])* pub trait RemoveAxis $($rest)*
    };
    ($(#[$doc:meta])* pub trait KeepDims $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "axis {A} is out of range for shape `{Self}`, so it cannot be reduced with keepdims",
            label = "shape `{Self}` has no axis {A}",
            note = "a shape of rank R has the axes 0..R, or -R..-1 counting from the end"
        )]
        $(#[$doc])* pub trait KeepDims $($rest)*
    };
    ($(#[$doc:meta])* pub trait RemoveAxes2 $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "axes {I} and {J} are not two different axes of shape `{Self}`",
            label = "shape `{Self}` does not have two distinct axes {I} and {J}",
            note = "a shape of rank R has the axes 0..R, or -R..-1 counting from the end"
        )]
        $(#[$doc])* pub trait RemoveAxes2 $($rest)*
    };
    ($(#[$doc:meta])* pub trait InsertAxis $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot insert axis {I} into shape `{Self}`",
            label = "axis {I} is out of range for the result",
            note = "inserting into a shape of rank R takes the axes 0..=R, or -(R+1)..-1; at most 8 axes"
        )]
        $(#[$doc])* pub trait InsertAxis $($rest)*
    };
    ($(#[$doc:meta])* pub trait ReplaceAxis $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "axis {I} is out of range for shape `{Self}`",
            label = "shape `{Self}` has no axis {I}",
            note = "a shape of rank R has the axes 0..R, or -R..-1 counting from the end"
        )]
        $(#[$doc])* pub trait ReplaceAxis $($rest)*
    };
    ($(#[$doc:meta])* pub trait SqueezeAxis $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot squeeze axis {I} of shape `{Self}`",
            label = "axis {I} is out of range, or its extent is not 1",
            note = "only an axis of extent 1 (`One`) can be squeezed out"
        )]
        $(#[$doc])* pub trait SqueezeAxis $($rest)*
    };
    ($(#[$doc:meta])* pub trait RankIs $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "shape `{Self}` does not have {R} axes",
            label = "this needs a shape of rank {R}",
            note = "a permutation names every axis once: as many entries as the shape has axes"
        )]
        $(#[$doc])* pub trait RankIs $($rest)*
    };
    ($(#[$doc:meta])* pub trait Permute $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot permute shape `{Self}` by `{P}`",
            label = "a permutation names every axis of `{Self}` once, each in range",
            note = "write the permutation with `axes![..]`, one entry per axis: `axes![2, 0, 1]` for rank 3"
        )]
        $(#[$doc])* pub trait Permute $($rest)*
    };
    ($(#[$doc:meta])* pub trait SwapAxes $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot swap axes {A} and {B} of shape `{Self}`: an axis is out of range",
            label = "shape `{Self}` does not have both axes {A} and {B}",
            note = "a shape of rank R has the axes 0..R, or -R..-1 counting from the end"
        )]
        $(#[$doc])* pub trait SwapAxes $($rest)*
    };
    ($(#[$doc:meta])* pub trait MoveAxis $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot move axis {SRC} to {DST} in shape `{Self}`: an axis is out of range",
            label = "shape `{Self}` does not have both axes {SRC} and {DST}",
            note = "a shape of rank R has the axes 0..R, or -R..-1 counting from the end"
        )]
        $(#[$doc])* pub trait MoveAxis $($rest)*
    };
    ($(#[$doc:meta])* pub trait Diagonal $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot take the diagonal of axes {A1} and {A2} of shape `{Self}`",
            label = "the axes must exist, be different, and have the same extent",
            note = "for extents that differ, take a square part first (or use the dynamic `try_diagonal`)"
        )]
        $(#[$doc])* pub trait Diagonal $($rest)*
    };
    ($(#[$doc:meta])* pub trait DiagonalTo $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot take a diagonal of axes {A1} and {A2} of shape `{Self}`",
            label = "the axes must exist and be different",
            note = "a shape of rank R has the axes 0..R, or -R..-1 counting from the end"
        )]
        $(#[$doc])* pub trait DiagonalTo $($rest)*
    };

    // Broadcasting: `crate::shape::broadcast`.
    ($(#[$doc:meta])* pub trait BroadcastExtent $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot broadcast extent `{Self}` with extent `{Rhs}`",
            label = "shapes do not broadcast: an aligned pair of extents is `{Self}` and `{Rhs}`",
            note = "broadcasting aligns shapes on the right; each pair of extents must be equal or one of them 1",
            note = "only the extent 1 written `One` stretches (`shape![..]` writes it for a literal 1); a `Dim<1>` (a const parameter set to 1) does not: use `One`, or convert with `into_shape`"
        )]
        $(#[$doc])* pub trait BroadcastExtent $($rest)*
    };
    ($(#[$doc:meta])* pub trait SameDim $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot broadcast extent `{Self}` with extent `{Other}`",
            label = "shapes do not broadcast: an aligned pair of extents is `{Self}` and `{Other}`",
            note = "broadcasting aligns shapes on the right; each pair of extents must be equal or one of them 1",
            note = "only the extent 1 written `One` stretches (`shape![..]` writes it for a literal 1); a `Dim<1>` (a const parameter set to 1) does not: use `One`, or convert with `into_shape`"
        )]
        $(#[$doc])* pub trait SameDim $($rest)*
    };
    ($(#[$doc:meta])* pub trait BroadcastWith $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot broadcast shape `{Self}` with shape `{Rhs}`",
            note = "broadcasting aligns shapes on the right; each pair of extents must be equal or one of them 1"
        )]
        $(#[$doc])* pub trait BroadcastWith $($rest)*
    };
    ($(#[$doc:meta])* pub trait ExtentFrom $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot broadcast extent `{Src}` to extent `{Self}`",
            label = "an axis of extent `{Src}` cannot become `{Self}`",
            note = "only an extent equal to the target's, or 1 (`One`), broadcasts to it; the target's shape never grows"
        )]
        $(#[$doc])* pub trait ExtentFrom $($rest)*
    };
    ($(#[$doc:meta])* pub trait BroadcastFrom $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot broadcast shape `{Src}` to shape `{Self}`",
            note = "the broadcast result must be exactly the target shape: an in-place operator or `broadcast_to` never grows it"
        )]
        $(#[$doc])* pub trait BroadcastFrom $($rest)*
    };
    ($(#[$doc:meta])* pub trait RankAtMost $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot broadcast shape `{Self}` to shape `{Target}`",
            label = "this operand has more axes than the target `{Target}`",
            note = "the broadcast result must be exactly the target shape: an in-place operator or `broadcast_to` never grows it"
        )]
        $(#[$doc])* pub trait RankAtMost $($rest)*
    };

    // Conversions between shapes: `crate::shape::convert`.
    ($(#[$doc:meta])* pub trait ExtentInto $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "extent `{Self}` cannot become extent `{Target}` without a run-time check",
            label = "`into_shape` takes an axis to the same extent, to `Dyn`, or between `One` and `Dim<1>`",
            note = "use `try_into_shape` to check a `Dyn` axis against a known extent when the program runs"
        )]
        $(#[$doc])* pub trait ExtentInto $($rest)*
    };
    ($(#[$doc:meta])* pub trait ShapeInto $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "shape `{Self}` cannot become shape `{Target}` without a run-time check",
            note = "`into_shape` keeps the rank and takes each axis to the same extent, to `Dyn`, or between `One` and `Dim<1>`; `try_into_shape` checks the rest when the program runs"
        )]
        $(#[$doc])* pub trait ShapeInto $($rest)*
    };

    // Element types of an operation: `crate::ops::element`.
    ($(#[$doc:meta])* pub trait BinaryElements $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot apply `{Op}` to elements of type `{Self}` and `{Rhs}`",
            note = "the element types of both operands must support the operation; convert one with `map`"
        )]
        $(#[$doc])* pub trait BinaryElements $($rest)*
    };
    ($(#[$doc:meta])* pub trait AssignElements $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot apply `{Op}` in place to elements of type `{Self}` and `{Rhs}`",
            note = "the element types of both operands must support the operation; convert one with `map`"
        )]
        $(#[$doc])* pub trait AssignElements $($rest)*
    };
    ($(#[$doc:meta])* pub trait UnaryElements $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot apply `{Op}` to elements of type `{Self}`",
            note = "the element type must support the operation"
        )]
        $(#[$doc])* pub trait UnaryElements $($rest)*
    };

    // Matrix products: `crate::matmul::shape`.
    ($(#[$doc:meta])* pub trait MatMul $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot multiply shape `{Self}` by shape `{Rhs}`",
            label = "no matrix product of these shapes",
            note = "numpy's rule: [.., M, K] x [.., K, N] gives [.., M, N], the batch axes broadcast"
        )]
        $(#[$doc])* pub trait MatMul $($rest)*
    };
    ($(#[$doc:meta])* pub trait MatMulWith $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "cannot multiply shape `{Self}` by shape `{Rhs}`",
            label = "no matrix product of these shapes",
            note = "numpy's rule: [.., M, K] x [.., K, N] gives [.., M, N], the batch axes broadcast"
        )]
        $(#[$doc])* pub trait MatMulWith $($rest)*
    };
    ($(#[$doc:meta])* pub trait InnerDim $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "inner dimensions differ: `{Self}` vs `{K}`",
            label = "the last axis of the left operand must equal the second-to-last of the right",
            note = "a matrix product [M, K] x [K, N] needs the same K on both sides"
        )]
        $(#[$doc])* pub trait InnerDim $($rest)*
    };
    ($(#[$doc:meta])* pub trait SameInner $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "inner dimensions differ: {K} vs {L}",
            label = "the left operand's last axis is {K} long, the right operand's second-to-last {L}",
            note = "a matrix product [M, K] x [K, N] needs the same K on both sides"
        )]
        $(#[$doc])* pub trait SameInner $($rest)*
    };
    ($(#[$doc:meta])* pub trait NotScalar $($rest:tt)*) => {
        #[diagnostic::on_unimplemented(
            message = "a matrix product needs operands of rank 1 or more, and one is rank 0",
            label = "a rank-0 tensor (a scalar) is not a matrix",
            note = "multiply by a scalar element-wise instead (`&a * &s`)"
        )]
        $(#[$doc])* pub trait NotScalar $($rest)*
    };
}
pub(crate) use message;
