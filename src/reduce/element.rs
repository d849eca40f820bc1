//! What a reduction or a sort needs of an element: [`Reduce`] for every [`Scalar`], [`Float`] for
//! the means.

use crate::Scalar;

/// The arithmetic and order of a reduction, for every [`Scalar`]: sums and products wrap on
/// integer overflow as numpy's do (`i8` 100 + 100 is -56), `NaN` is known, and sorting uses a
/// total order.
///
/// ```
/// use shaped::Reduce;
/// assert_eq!(100i8.plus(100), -56);
/// assert!(f32::NAN.is_nan_value() && !1.0f32.is_nan_value());
/// assert!((-0.0f64).sort_key() == 0.0f64.sort_key());
/// assert!(f64::INFINITY.sort_key() < f64::NAN.sort_key());
/// ```
pub trait Reduce: Scalar {
    /// A totally ordered key in numpy's sort order: `NaN` after everything, `-0.0` equal to
    /// `0.0` (a stable sort keeps them in input order).
    type Key: Ord + Copy;

    /// `self + other`, wrapping for integers.
    fn plus(self, other: Self) -> Self;
    /// `self * other`, wrapping for integers.
    fn times(self, other: Self) -> Self;
    /// Whether `self` is `NaN` (never, for integers).
    fn is_nan_value(self) -> bool;
    /// The key [`sort`](crate::DynTensor::try_sort) orders by.
    fn sort_key(self) -> Self::Key;

    /// Sorts `lane` stably by [`sort_key`](Self::sort_key): a radix sort with `alloc`, an
    /// insertion sort in place without (no buffer to allocate; static lanes are short).
    #[doc(hidden)]
    fn sort_stable(lane: &mut [Self]) {
        for j in 1..lane.len() {
            let mut m = j;
            while m > 0 && lane[m - 1].sort_key() > lane[m].sort_key() {
                lane.swap(m - 1, m);
                m -= 1;
            }
        }
    }
}

/// `Reduce::sort_stable` by radix sort, for a type whose key is a primitive.
macro_rules! radix_sorted {
    () => {
        #[cfg(feature = "alloc")]
        #[inline]
        fn sort_stable(lane: &mut [Self]) {
            radsort::sort_by_key(lane, |x| x.sort_key());
        }
    };
}

/// Floating-point elements: what a mean divides by.
///
/// ```
/// use shaped::Float;
/// assert_eq!(f32::from_count(3), 3.0);
/// ```
pub trait Float: Reduce + core::ops::Div<Output = Self> {
    /// `n` as this type (rounded, as numpy converts a count).
    fn from_count(n: usize) -> Self;
}

macro_rules! integers {
    ($($t:ty)*) => {$(
        impl Reduce for $t {
            type Key = $t;
            #[inline(always)]
            fn plus(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
            #[inline(always)]
            fn times(self, other: Self) -> Self {
                self.wrapping_mul(other)
            }
            #[inline(always)]
            fn is_nan_value(self) -> bool {
                false
            }
            #[inline(always)]
            fn sort_key(self) -> $t {
                self
            }

            radix_sorted!();
        }
    )*};
}

integers!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

macro_rules! floats {
    ($($t:ty: $bits:ty;)*) => {$(
        impl Reduce for $t {
            type Key = $bits;
            #[inline(always)]
            fn plus(self, other: Self) -> Self {
                self + other
            }
            #[inline(always)]
            fn times(self, other: Self) -> Self {
                self * other
            }
            #[inline(always)]
            fn is_nan_value(self) -> bool {
                self.is_nan()
            }
            /// The bits made monotonic: negative values flipped whole, positive ones with the
            /// sign bit set; `-0.0` is first made `0.0` and every `NaN` the largest key.
            #[inline(always)]
            fn sort_key(self) -> $bits {
                const SIGN: $bits = 1 << (<$bits>::BITS - 1);
                if self.is_nan() {
                    return <$bits>::MAX;
                }
                let bits = (self + 0.0).to_bits();
                if bits & SIGN != 0 { !bits } else { bits | SIGN }
            }

            radix_sorted!();
        }

        impl Float for $t {
            #[inline(always)]
            fn from_count(n: usize) -> Self {
                n as $t
            }
        }
    )*};
}

floats! { f32: u32; f64: u64; }
