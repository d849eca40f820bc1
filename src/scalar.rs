//! [`Scalar`]: the primitive numbers, for `zeros`/`ones` and for `tensor * 2.0`.

/// A primitive number: a plain value that operators accept beside a tensor (`&t * 2.0`,
/// `2.0 * &t`) and that has a zero and a one.
pub trait Scalar:
    Copy + PartialOrd + core::fmt::Debug + core::fmt::Display + Default + 'static
{
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
}

macro_rules! scalars {
    ($($t:ty: $zero:expr, $one:expr;)*) => {$(
        impl Scalar for $t {
            const ZERO: Self = $zero;
            const ONE: Self = $one;
        }
    )*};
}

scalars! {
    i8: 0, 1; i16: 0, 1; i32: 0, 1; i64: 0, 1; i128: 0, 1; isize: 0, 1;
    u8: 0, 1; u16: 0, 1; u32: 0, 1; u64: 0, 1; u128: 0, 1; usize: 0, 1;
    f32: 0.0, 1.0; f64: 0.0, 1.0;
}

/// Runs `$mac!(type)` for every primitive number: the one list the operator impls share.
macro_rules! for_each_scalar {
    ($mac:ident) => {
        $mac!(i8);
        $mac!(i16);
        $mac!(i32);
        $mac!(i64);
        $mac!(i128);
        $mac!(isize);
        $mac!(u8);
        $mac!(u16);
        $mac!(u32);
        $mac!(u64);
        $mac!(u128);
        $mac!(usize);
        $mac!(f32);
        $mac!(f64);
    };
}
pub(crate) use for_each_scalar;
