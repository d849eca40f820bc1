//! Stable sorts by key, with a heap: what `Reduce::sort_stable` runs for every element type.
//!
//! A key of at most 32 bits is packed with the element's position into one `u64` (key in the
//! high half), and those are sorted as plain keys (`keys`, the vector sort where the CPU has
//! one; the standard library's on the stack for short lanes): no two are equal, so any sort of
//! them gives the order a stable sort would, and the elements are then gathered in it. The
//! shortest lanes are sorted by insertion instead. Wider keys go to the standard library's
//! stable sort on short lanes, a radix sort on long ones. Either way a short lane costs its
//! comparisons and not a radix sort's histogram of 256 counts per key byte, which made short
//! stable lanes many times numpy's time (BENCHMARKS.md, "Short stable lanes").

use super::keys::SortKeys;
use super::order::Order;
use alloc::vec::Vec;

/// Lanes up to this long are sorted by insertion rather than packed (keys of up to 32 bits;
/// the arms of `sort_packed`'s match follow on from it).
const SHORT: usize = 16;

/// Lanes up to this long are packed in arrays on the stack rather than on the heap.
const STACK: usize = 64;

/// A key type of `Reduce`: how a lane is sorted stably by it.
pub(crate) trait StableKey: Copy + Ord {
    /// Sorts `lane` by `key`, stably.
    fn sort_stable_by<T: Copy>(lane: &mut [T], key: impl Fn(T) -> Self);
}

/// Keys of at most 32 bits, `$to_u32` mapping one onto a `u32` of the same order.
macro_rules! narrow {
    ($($k:ty => |$v:ident| $to_u32:expr),*) => {$(
        impl StableKey for $k {
            #[inline]
            fn sort_stable_by<T: Copy>(lane: &mut [T], key: impl Fn(T) -> Self) {
                if !sort_packed(lane, |x| {
                    let $v = key(x);
                    $to_u32
                }) {
                    radsort::sort_by_key(lane, |&x| key(x));
                }
            }
        }
    )*};
}

narrow!(
    u8 => |k| k as u32,
    u16 => |k| k as u32,
    u32 => |k| k,
    i8 => |k| (k as u8 ^ 0x80) as u32,
    i16 => |k| (k as u16 ^ 0x8000) as u32,
    i32 => |k| k as u32 ^ 0x8000_0000
);

/// Keys of 64 bits or more: the standard library's stable sort up to eight elements a byte of
/// the key (where it was faster than the radix sort: BENCHMARKS.md), the radix sort past that.
macro_rules! wide {
    ($($k:ty),*) => {$(
        impl StableKey for $k {
            #[inline]
            fn sort_stable_by<T: Copy>(lane: &mut [T], key: impl Fn(T) -> Self) {
                if lane.len() <= 8 * core::mem::size_of::<$k>() {
                    lane.sort_by_key(|&x| key(x));
                } else {
                    radsort::sort_by_key(lane, |&x| key(x));
                }
            }
        }
    )*};
}

wide!(u64, i64, u128, i128, usize, isize);

/// Sorts `lane` stably by `key` as packed `u64`s (see the module's docs); `false`, with `lane`
/// untouched, when it has more elements than 32 bits can number.
#[inline]
fn sort_packed<T: Copy>(lane: &mut [T], key: impl Fn(T) -> u32) -> bool {
    let n = lane.len();
    if n < 2 {
        return true;
    }
    if n - 1 > u32::MAX as usize {
        return false;
    }
    let pack = |(i, &x): (usize, &T)| (key(x) as u64) << 32 | i as u64;
    match n {
        0..=SHORT => insertion(lane, key),
        17..=32 => on_stack::<T, 32>(lane, pack),
        33..=STACK => on_stack::<T, STACK>(lane, pack),
        _ => {
            let mut packed: Vec<u64> = lane.iter().enumerate().map(pack).collect();
            let copy = lane.to_vec();
            u64::sort_keys(&mut packed, Order::Unsigned);
            gather(lane, &copy, &packed);
        }
    }
    true
}

/// [`sort_packed`] of a lane of at most [`SHORT`] elements by insertion, each key computed once
/// and moved with its element (packing and gathering cost more than the sort on so few).
#[inline]
fn insertion<T: Copy>(lane: &mut [T], key: impl Fn(T) -> u32) {
    let mut keys = [0u32; SHORT];
    for (k, &x) in keys.iter_mut().zip(lane.iter()) {
        *k = key(x);
    }
    for j in 1..lane.len() {
        let (x, kx) = (lane[j], keys[j]);
        let mut m = j;
        while m > 0 && keys[m - 1] > kx {
            lane[m] = lane[m - 1];
            keys[m] = keys[m - 1];
            m -= 1;
        }
        lane[m] = x;
        keys[m] = kx;
    }
}

/// [`sort_packed`] of a lane of 2 to `N` elements in arrays of `N` on the stack (`N` close
/// to the lane's length: the arrays are filled whole).
#[inline]
fn on_stack<T: Copy, const N: usize>(lane: &mut [T], pack: impl Fn((usize, &T)) -> u64) {
    let n = lane.len();
    let mut packed = [0u64; N];
    let mut copy = [lane[0]; N];
    for (p, e) in packed.iter_mut().zip(lane.iter().enumerate()) {
        *p = pack(e);
    }
    copy[..n].copy_from_slice(lane);
    // The standard library's sort: on so few elements the vector sort's dispatch and setup
    // cost more than the comparisons.
    packed[..n].sort_unstable();
    gather(lane, &copy[..n], &packed[..n]);
}

/// Writes `copy`'s elements into `lane` in the order of the sorted `packed` (each `u64`'s low
/// half is a position in `copy`).
#[inline]
fn gather<T: Copy>(lane: &mut [T], copy: &[T], packed: &[u64]) {
    for (out, &p) in lane.iter_mut().zip(packed.iter()) {
        *out = copy[p as u32 as usize];
    }
}
