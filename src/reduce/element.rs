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

    /// Sorts `lane` stably by [`sort_key`](Self::sort_key): with `alloc` as `reduce::stable`
    /// chooses for the key's width, without it an insertion sort in place (no buffer to
    /// allocate; static lanes are short).
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

    /// The position of the first largest (`max`) or smallest element of `x`, or of its first
    /// `NaN` (numpy's `argmax`/`argmin`); `None` for no elements. In one pass in vector
    /// registers where the type and the CPU allow (`reduce::simd_arg`; other integers in two vector
    /// passes), else in two portable passes.
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    #[inline]
    fn arg_run(x: &[Self], max: bool) -> Option<usize> {
        super::fold::arg_run_portable(x, max)
    }

    /// Sorts `lane` by [`sort_key`](Self::sort_key), equal keys in any order (`-0.0` and `0.0`,
    /// `NaN`s). With `alloc`: 32- and 64-bit elements as unsigned keys in place, by a vector
    /// quicksort where the CPU has one for them (`SortKeys`), else by radix sort; other integers
    /// by radix sort. Without `alloc`, the standard library's unstable sort.
    #[doc(hidden)]
    fn sort_unstable(lane: &mut [Self]) {
        lane.sort_unstable_by_key(|x| x.sort_key());
    }

    /// [`sort_unstable`](Self::sort_unstable) of each of the lanes of `len` elements that `rows`
    /// is made of, one after another (short lanes of 32- and 64-bit elements side by side).
    #[doc(hidden)]
    fn sort_unstable_rows(rows: &mut [Self], len: usize) {
        if len > 0 {
            rows.chunks_exact_mut(len).for_each(Self::sort_unstable);
        }
    }
}

/// `Reduce::sort_stable` with a heap, for a type whose key is a primitive (`stable`).
macro_rules! stable_sorted {
    () => {
        #[cfg(feature = "alloc")]
        #[inline]
        fn sort_stable(lane: &mut [Self]) {
            <Self::Key as super::stable::StableKey>::sort_stable_by(lane, Self::sort_key);
        }
    };
}

/// `Reduce::arg_run` by `reduce::simd_arg::$simd` where it runs, else the portable passes.
macro_rules! simd_arg_run {
    ($simd:ident) => {
        #[cfg(feature = "alloc")]
        #[inline]
        fn arg_run(x: &[Self], max: bool) -> Option<usize> {
            #[cfg(all(feature = "std", target_arch = "x86_64", not(miri)))]
            if let Some(at) = super::simd_arg::$simd(x, max) {
                return Some(at);
            }
            super::fold::arg_run_portable(x, max)
        }
    };
}

/// `Reduce::sort_unstable` of an integer: its own key, radix sorted in place (short lanes by
/// comparisons, see `keys::SHORT`).
macro_rules! radix_sorted_unstable {
    () => {
        #[cfg(feature = "alloc")]
        #[inline]
        fn sort_unstable(lane: &mut [Self]) {
            if lane.len() <= super::keys::SHORT {
                lane.sort_unstable();
            } else {
                radsort::sort(lane);
            }
        }
    };
}

/// `Reduce::sort_unstable` of a 32- or 64-bit integer: its bits sorted in place as keys in
/// `$order` (`keys`).
macro_rules! key_sorted_unstable {
    ($bits:ty, $order:ident) => {
        #[cfg(feature = "alloc")]
        #[inline]
        fn sort_unstable(lane: &mut [Self]) {
            Self::sort_unstable_rows(lane, lane.len());
        }

        #[cfg(feature = "alloc")]
        #[inline]
        fn sort_unstable_rows(rows: &mut [Self], len: usize) {
            // SAFETY: `Self` and `$bits` have the same size and alignment, and every bit pattern
            // is a value of both; `rows` is borrowed for the keys' lifetime only.
            let bits: &mut [$bits] = unsafe { &mut *(rows as *mut [Self] as *mut [$bits]) };
            <$bits as super::keys::SortKeys>::sort_rows(bits, len, super::order::Order::$order);
        }
    };
}

/// Floating-point elements: what a mean divides by.
///
/// ```
/// use shaped::Float;
/// assert_eq!(f32::from_count(3), 3.0);
/// ```
pub trait Float:
    Reduce
    + core::ops::Div<Output = Self>
    + core::ops::Sub<Output = Self>
    + core::ops::Mul<Output = Self>
{
    /// `n` as this type (rounded, as numpy converts a count).
    fn from_count(n: usize) -> Self;

    /// The square root (for a standard deviation): the correctly rounded one of `std` when the
    /// `std` feature is on, else a Newton iteration in `f64` (within an ulp); `NaN` below 0.
    ///
    /// ```
    /// use shaped::Float;
    /// assert_eq!(Float::square_root(2.25f32), 1.5);
    /// ```
    fn square_root(self) -> Self;
}

/// `x.sqrt()` without `std`: Newton's iteration from a halved exponent, until it settles.
#[cfg(not(feature = "std"))]
fn soft_sqrt(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 || x == f64::INFINITY {
        return x;
    }
    let mut y = f64::from_bits((x.to_bits() >> 1) + (1023u64 << 51));
    for _ in 0..64 {
        let next = 0.5 * (y + x / y);
        if next == y {
            break;
        }
        y = next;
    }
    y
}

macro_rules! integers {
    ($($t:ty $(: $simd:ident)? => $sorted:ident!($($key:tt)*)),*) => {$(
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

            stable_sorted!();
            $sorted!($($key)*);
            $(simd_arg_run!($simd);)?
        }
    )*};
}

integers!(
    i8: arg_i8 => radix_sorted_unstable!(),
    i16: arg_i16 => radix_sorted_unstable!(),
    i32: arg_i32 => key_sorted_unstable!(u32, Signed),
    i64: arg_i64 => key_sorted_unstable!(u64, Signed),
    i128 => radix_sorted_unstable!(),
    isize: arg_isize => radix_sorted_unstable!(),
    u8: arg_u8 => radix_sorted_unstable!(),
    u16: arg_u16 => radix_sorted_unstable!(),
    u32: arg_u32 => key_sorted_unstable!(u32, Unsigned),
    u64: arg_u64 => key_sorted_unstable!(u64, Unsigned),
    u128 => radix_sorted_unstable!(),
    usize: arg_usize => radix_sorted_unstable!()
);

macro_rules! floats {
    ($($t:ty: $bits:ty, $simd:ident;)*) => {$(
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

            stable_sorted!();
            simd_arg_run!($simd);

            /// Sorts the bits in IEEE 754's total order, in place (`keys`): that order maps them
            /// one to one (no element is lost, `-0.0` and `NaN` payloads included, and the order
            /// among equal keys cannot show). Then the `NaN`s with the sign bit, which that order
            /// puts first, move after the others.
            #[cfg(feature = "alloc")]
            #[inline]
            fn sort_unstable(lane: &mut [Self]) {
                Self::sort_unstable_rows(lane, lane.len());
            }

            /// [`sort_unstable`](Reduce::sort_unstable) of each lane of `len`.
            #[cfg(feature = "alloc")]
            #[inline]
            fn sort_unstable_rows(rows: &mut [Self], len: usize) {
                if len == 0 {
                    return;
                }
                // SAFETY: `$t` and `$bits` have the same size and alignment, and every bit
                // pattern is a value of both; `rows` is borrowed for the keys' lifetime only.
                let bits: &mut [$bits] = unsafe { &mut *(rows as *mut [Self] as *mut [$bits]) };
                <$bits as super::keys::SortKeys>::sort_rows(bits, len, super::order::Order::Float);
                for lane in rows.chunks_exact_mut(len) {
                    let negative_nans = lane.iter().take_while(|x| x.is_nan()).count();
                    lane.rotate_left(negative_nans);
                }
            }
        }

        impl Float for $t {
            #[inline(always)]
            fn from_count(n: usize) -> Self {
                n as $t
            }

            #[inline]
            fn square_root(self) -> Self {
                #[cfg(feature = "std")]
                return <$t>::sqrt(self);
                #[cfg(not(feature = "std"))]
                return soft_sqrt(self as f64) as $t;
            }
        }
    )*};
}

floats! { f32: u32, arg_f32; f64: u64, arg_f64; }

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::Reduce;
    use alloc::vec::Vec;

    /// Lanes of 100 with every kind of float: both zeros, both infinities, `NaN`s of both signs
    /// and several payloads, in a scrambled order.
    fn lane() -> Vec<f32> {
        let special = [
            -0.0,
            0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            -f32::NAN,
            f32::from_bits(0x7fc0_0123),
            f32::from_bits(0xffc0_0456),
            f32::MIN_POSITIVE,
            -f32::MIN_POSITIVE,
        ];
        (0..100)
            .map(|i| match i % 7 {
                0 => special[(i / 7) % special.len()],
                _ => ((i * 37 % 101) as f32 - 50.0) * 0.25,
            })
            .collect()
    }

    #[test]
    fn unstable_float_sort_is_numpys_order_and_keeps_every_element() {
        let input = lane();
        let mut got = input.clone();
        f32::sort_unstable(&mut got);
        // numpy's order by key, whatever the order among equal keys.
        assert!(
            got.windows(2).all(|w| w[0].sort_key() <= w[1].sort_key()),
            "{got:?}"
        );
        // The same elements, bit for bit (zeros' signs and NaN payloads kept).
        let bits = |v: &[f32]| {
            let mut b: Vec<u32> = v.iter().map(|x| x.to_bits()).collect();
            b.sort_unstable();
            b
        };
        assert_eq!(bits(&got), bits(&input));
        let nans = input.iter().filter(|x| x.is_nan()).count();
        assert!(got[got.len() - nans..].iter().all(|x| x.is_nan()));
        assert!(nans > 2 && input.iter().any(|x| x.is_nan() && x.is_sign_negative()));
    }

    #[test]
    fn unstable_integer_sort_sorts() {
        let mut v: Vec<i16> = (0..200).map(|i| (i * 7919 % 401) as i16 - 200).collect();
        let mut want = v.clone();
        want.sort();
        i16::sort_unstable(&mut v);
        assert_eq!(v, want);
    }
}
