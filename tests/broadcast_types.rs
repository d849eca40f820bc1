//! The broadcast result type of shape pairs, ranks 0..=8, asserted at compile time, and pairs
//! that must have no result. If a rule changes, this file stops compiling.

use shaped::{Broadcast, BroadcastInto, BroadcastWith, Dim, One, shape};
use static_assertions::{assert_impl_all, assert_not_impl_any, assert_type_eq_all};

macro_rules! broadcasts {
    ($([$($a:tt)*] with [$($b:tt)*] is [$($c:tt)*];)*) => {$(
        assert_type_eq_all!(Broadcast<shape![$($a)*], shape![$($b)*]>, shape![$($c)*]);
        // numpy's rule is symmetric.
        assert_type_eq_all!(Broadcast<shape![$($b)*], shape![$($a)*]>, shape![$($c)*]);
    )*};
}

broadcasts! {
    // rank 0 broadcasts with everything
    [] with [] is [];
    [] with [5] is [5];
    [] with [2, 3, 4, 5, 6, 7, 8, 9] is [2, 3, 4, 5, 6, 7, 8, 9];
    // equal shapes
    [3] with [3] is [3];
    [2, 3] with [2, 3] is [2, 3];
    [2, 3, 4, 5] with [2, 3, 4, 5] is [2, 3, 4, 5];
    // missing leading axes count as 1
    [2, 3] with [3] is [2, 3];
    [4, 2, 3] with [2, 3] is [4, 2, 3];
    [5, 4, 3, 2] with [2] is [5, 4, 3, 2];
    // extent 1 stretches, on either side
    [4, 1] with [3] is [4, 3];
    [4, 1] with [1, 3] is [4, 3];
    [1, 1] with [1] is [1, 1];
    [3, 1, 5] with [1, 4, 1] is [3, 4, 5];
    [1] with [7] is [7];
    [2, 1, 2, 1, 2, 1, 2, 1] with [1, 2, 1, 2, 1, 2, 1, 2] is [2, 2, 2, 2, 2, 2, 2, 2];
    [1, 1, 1, 1, 1, 1, 1, 1] with [9] is [1, 1, 1, 1, 1, 1, 1, 9];
    [8, 1, 6, 1] with [7, 1, 5] is [8, 7, 6, 5];
    [256, 1, 64] with [1, 256, 1] is [256, 256, 64];
    [3, 4, 8] with [3, 1, 1] is [3, 4, 8];
    [64, 64] with [64, 1] is [64, 64];
    // extent 0 is a real extent: with 1 it stays 0
    [0] with [1] is [0];
    [0] with [0] is [0];
    [2, 0] with [1] is [2, 0];
    [0, 3] with [1, 3] is [0, 3];
    [4, 0, 2] with [0, 1] is [4, 0, 2];
    [] with [0] is [0];
    // extents far above typenum's 1024 table
    [1920, 1080] with [1080] is [1920, 1080];
    [1_000_003] with [1] is [1_000_003];
    [1920, 1] with [1, 1080] is [1920, 1080];
    [2, 1_000_003] with [1_000_003] is [2, 1_000_003];
    [18446744073709551615] with [1] is [18446744073709551615];
    // rank 7 and 8 against lower ranks
    [2, 3, 4, 5, 6, 7, 8] with [8] is [2, 3, 4, 5, 6, 7, 8];
    [1, 2, 3, 4, 5, 6, 7, 8] with [9, 1, 1, 1, 1, 1, 1, 1] is [9, 2, 3, 4, 5, 6, 7, 8];
    [6, 1, 1] with [5, 1, 1, 1, 1] is [5, 1, 6, 1, 1];
}

// The literal 1 is `One`; every other literal is `Dim<N>`.
assert_type_eq_all!(shape![2, 1, 4], (Dim<2>, One, Dim<4>));
assert_type_eq_all!(shape![], ());

// Pairs that must not broadcast.
assert_not_impl_any!(shape![2, 3]: BroadcastWith<shape![2]>);
assert_not_impl_any!(shape![2, 3, 4]: BroadcastWith<shape![5, 3, 4]>);
assert_not_impl_any!(shape![2, 3, 4]: BroadcastWith<shape![2, 5, 4]>);
assert_not_impl_any!(shape![2, 3, 4]: BroadcastWith<shape![2, 3, 5]>);
assert_not_impl_any!(shape![0]: BroadcastWith<shape![3]>);
assert_not_impl_any!(shape![1920]: BroadcastWith<shape![1080]>);
// A hand-written `Dim<1>` is not the extent 1.
assert_not_impl_any!((Dim<1>,): BroadcastWith<shape![3]>);

// BroadcastInto: the target never grows.
assert_impl_all!(shape![3]: BroadcastInto<shape![2, 3]>);
assert_impl_all!(shape![1, 3]: BroadcastInto<shape![2, 3]>);
assert_impl_all!(shape![]: BroadcastInto<shape![2, 3]>);
assert_impl_all!(shape![1]: BroadcastInto<shape![0]>);
assert_not_impl_any!(shape![2, 3]: BroadcastInto<shape![3]>);
assert_not_impl_any!(shape![2, 3]: BroadcastInto<shape![2, 1]>);
assert_not_impl_any!(shape![3]: BroadcastInto<shape![1]>);

#[test]
fn shape_constants() {
    use shaped::Shape;
    type S = shape![2, 3, 4];
    assert_eq!((S::RANK, S::NUM), (3, 24));
    assert_eq!(S::DIMS, [2, 3, 4]);
    assert_eq!(S::STRIDES, [12, 4, 1]);
    assert_eq!(<S as Shape>::dims(), &[2, 3, 4]);
    assert_eq!(<shape![] as Shape>::NUM, 1);
    assert_eq!(<shape![5, 0, 3] as Shape>::NUM, 0);
    assert_eq!(<shape![1920, 1080] as Shape>::NUM, 2_073_600);
    // Usable in const context.
    const N: usize = <shape![7, 1, 3] as Shape>::NUM;
    let buf = [0u8; N];
    assert_eq!(buf.len(), 21);
}
