//! [`approx`]'s float comparisons for tensors and views (feature `approx`), as nalgebra and
//! ndarray offer them: two tensors are close when their shapes are equal and every pair of
//! elements is close by the element type's own rule, with the same tolerance for every pair.
//!
//! ```
//! use approx::{assert_abs_diff_eq, assert_relative_eq, assert_ulps_ne};
//! use shaped::{tensor, DynTensor};
//! let a = tensor![[1.0_f32, 2.0], [3.0, 4.0]];
//! let b = tensor![[1.0_f32, 2.0 + 1e-7], [3.0, 4.0]];
//! assert_relative_eq!(a, b);
//! assert_abs_diff_eq!(a.t(), b.t(), epsilon = 1e-6);
//! // Dynamic tensors of different shapes are never close.
//! let (x, y) = (DynTensor::<f64>::zeros(&[2, 2]), DynTensor::<f64>::zeros(&[4]));
//! assert_ulps_ne!(x, y);
//! ```

use approx::{AbsDiffEq, RelativeEq, UlpsEq};

use crate::{Layout, Shape, Tensor, TensorView};

/// Whether two sequences of elements of equal shapes are close pair by pair.
fn all_close<'x, 'y, T: 'x + 'y, U: 'y>(
    a: impl IntoIterator<Item = &'x T>,
    b: impl IntoIterator<Item = &'y U>,
    close: impl Fn(&T, &U) -> bool,
) -> bool {
    a.into_iter().zip(b).all(|(x, y)| close(x, y))
}

/// The three `approx` traits for a tensor type whose shapes are equal by type (static): `$iter`
/// gives its elements in logical row-major order.
macro_rules! static_approx {
    ([$($gen:tt)*] $lhs:ty, $rhs:ty, $iter:ident) => {
        impl<$($gen)*> AbsDiffEq<$rhs> for $lhs
        where
            T: AbsDiffEq,
            T::Epsilon: Clone,
        {
            type Epsilon = T::Epsilon;
            fn default_epsilon() -> T::Epsilon {
                T::default_epsilon()
            }
            fn abs_diff_eq(&self, other: &$rhs, epsilon: T::Epsilon) -> bool {
                all_close(self.$iter(), other.$iter(), |x, y| {
                    x.abs_diff_eq(y, epsilon.clone())
                })
            }
        }

        impl<$($gen)*> RelativeEq<$rhs> for $lhs
        where
            T: RelativeEq,
            T::Epsilon: Clone,
        {
            fn default_max_relative() -> T::Epsilon {
                T::default_max_relative()
            }
            fn relative_eq(
                &self,
                other: &$rhs,
                epsilon: T::Epsilon,
                max_relative: T::Epsilon,
            ) -> bool {
                all_close(self.$iter(), other.$iter(), |x, y| {
                    x.relative_eq(y, epsilon.clone(), max_relative.clone())
                })
            }
        }

        impl<$($gen)*> UlpsEq<$rhs> for $lhs
        where
            T: UlpsEq,
            T::Epsilon: Clone,
        {
            fn default_max_ulps() -> u32 {
                T::default_max_ulps()
            }
            fn ulps_eq(&self, other: &$rhs, epsilon: T::Epsilon, max_ulps: u32) -> bool {
                all_close(self.$iter(), other.$iter(), |x, y| {
                    x.ulps_eq(y, epsilon.clone(), max_ulps)
                })
            }
        }
    };
}

static_approx!([T, S: Shape] Tensor<T, S>, Tensor<T, S>, iter);
static_approx!(
    ['a, 'b, T, S: Shape, L: Layout<S>, M: Layout<S>]
    TensorView<'a, T, S, L>, TensorView<'b, T, S, M>, iter
);

#[cfg(feature = "alloc")]
mod dynamic {
    //! Dynamic tensors and views: close only when their shapes are equal (checked first).

    use approx::{AbsDiffEq, RelativeEq, UlpsEq};

    use super::all_close;
    use crate::{DynTensor, DynView};

    macro_rules! dynamic_approx {
        ([$($gen:tt)*] $lhs:ty, $rhs:ty) => {
            impl<$($gen)*> AbsDiffEq<$rhs> for $lhs
            where
                T: AbsDiffEq,
                T::Epsilon: Clone,
            {
                type Epsilon = T::Epsilon;
                fn default_epsilon() -> T::Epsilon {
                    T::default_epsilon()
                }
                fn abs_diff_eq(&self, other: &$rhs, epsilon: T::Epsilon) -> bool {
                    self.shape() == other.shape()
                        && all_close(self.iter(), other.iter(), |x, y| {
                            x.abs_diff_eq(y, epsilon.clone())
                        })
                }
            }

            impl<$($gen)*> RelativeEq<$rhs> for $lhs
            where
                T: RelativeEq,
                T::Epsilon: Clone,
            {
                fn default_max_relative() -> T::Epsilon {
                    T::default_max_relative()
                }
                fn relative_eq(
                    &self,
                    other: &$rhs,
                    epsilon: T::Epsilon,
                    max_relative: T::Epsilon,
                ) -> bool {
                    self.shape() == other.shape()
                        && all_close(self.iter(), other.iter(), |x, y| {
                            x.relative_eq(y, epsilon.clone(), max_relative.clone())
                        })
                }
            }

            impl<$($gen)*> UlpsEq<$rhs> for $lhs
            where
                T: UlpsEq,
                T::Epsilon: Clone,
            {
                fn default_max_ulps() -> u32 {
                    T::default_max_ulps()
                }
                fn ulps_eq(&self, other: &$rhs, epsilon: T::Epsilon, max_ulps: u32) -> bool {
                    self.shape() == other.shape()
                        && all_close(self.iter(), other.iter(), |x, y| {
                            x.ulps_eq(y, epsilon.clone(), max_ulps)
                        })
                }
            }
        };
    }

    dynamic_approx!([T] DynTensor<T>, DynTensor<T>);
    dynamic_approx!(['a, 'b, T] DynView<'a, T>, DynView<'b, T>);
}
