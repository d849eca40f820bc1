//! The positions that sort a lane stably, shared by the static `argsort_axis` and the dynamic
//! `try_argsort`: with `alloc`, each key beside its position sorted as pairs ([`sort_pairs`]);
//! without it, the positions sorted in the output's own slots by key and then position
//! ([`sort_positions`]: a heap sort, O(n log n) in place, stable in effect since no two
//! positions are equal).

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// `pairs` set to each of `keys` beside its position, in the stable order of the keys: up to
/// [`INSERTION`] pairs by insertion on the keys alone; up to [`SHORT_LANE`] by the unstable
/// sort (no two pairs are equal, so its order is the stable one, and it sorts so few in place
/// where the stable sort sets up a merge); longer lanes by the stable sort by key, which was
/// the faster there (BENCHMARKS.md, "Stable argsort").
#[cfg(feature = "alloc")]
pub(crate) fn sort_pairs<K: Ord + Copy>(
    pairs: &mut Vec<(K, usize)>,
    keys: impl Iterator<Item = K>,
) {
    pairs.clear();
    pairs.extend(keys.zip(0..));
    if pairs.len() <= INSERTION {
        // Moved past only by greater keys: equal ones keep their order.
        for j in 1..pairs.len() {
            let x = pairs[j];
            let mut m = j;
            while m > 0 && pairs[m - 1].0 > x.0 {
                pairs[m] = pairs[m - 1];
                m -= 1;
            }
            pairs[m] = x;
        }
    } else if pairs.len() <= SHORT_LANE {
        pairs.sort_unstable();
    } else {
        pairs.sort_by_key(|&(k, _)| k);
    }
}

/// The longest lane [`sort_pairs`] sorts as pairs.
#[cfg(feature = "alloc")]
const SHORT_LANE: usize = 64;

/// The longest lane [`sort_pairs`] sorts by insertion, comparing keys only.
#[cfg(feature = "alloc")]
const INSERTION: usize = 16;

/// One lane of an output of positions: `len` slots of `slots`, `step` apart from `first`.
#[cfg(any(not(feature = "alloc"), test))]
pub(crate) struct Lane<'a> {
    pub slots: &'a mut [usize],
    pub first: usize,
    pub step: usize,
    pub len: usize,
}

#[cfg(any(not(feature = "alloc"), test))]
impl Lane<'_> {
    #[inline(always)]
    fn get(&self, j: usize) -> usize {
        self.slots[self.first + j * self.step]
    }

    #[inline(always)]
    fn swap(&mut self, i: usize, j: usize) {
        self.slots
            .swap(self.first + i * self.step, self.first + j * self.step);
    }
}

/// The lane set to the positions `0..len`, sorted by `(key(position), position)`: the stable
/// order of the keys, in place, in O(n log n) (a heap sort).
#[cfg(any(not(feature = "alloc"), test))]
pub(crate) fn sort_positions<K: Ord>(lane: &mut Lane<'_>, key: impl Fn(usize) -> K) {
    for j in 0..lane.len {
        lane.slots[lane.first + j * lane.step] = j;
    }
    let less = |lane: &Lane<'_>, i: usize, j: usize| {
        let (p, q) = (lane.get(i), lane.get(j));
        (key(p), p) < (key(q), q)
    };
    // Sift the slot `root` of a heap of `end` slots down to its place (a max-heap).
    let sift = |lane: &mut Lane<'_>, mut root: usize, end: usize| {
        loop {
            let mut child = 2 * root + 1;
            if child >= end {
                return;
            }
            if child + 1 < end && less(lane, child, child + 1) {
                child += 1;
            }
            if !less(lane, root, child) {
                return;
            }
            lane.swap(root, child);
            root = child;
        }
    };
    let n = lane.len;
    for root in (0..n / 2).rev() {
        sift(lane, root, n);
    }
    for end in (1..n).rev() {
        lane.swap(0, end);
        sift(lane, 0, end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// The heap sort of positions against the standard library's stable sort, on lanes with
    /// many equal keys, read with a step (a lane across rows) and without.
    #[test]
    fn positions_sort_stably_in_place() {
        let mut seed = 12345u32;
        for len in [0, 1, 2, 3, 7, 16, 33, 100, 257] {
            for step in [1, 3] {
                let keys: Vec<u32> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 17;
                        seed ^= seed << 5;
                        seed % 5
                    })
                    .collect();
                let mut slots = alloc::vec![usize::MAX; len * step + 1];
                let mut lane = Lane {
                    slots: &mut slots,
                    first: 1,
                    step,
                    len,
                };
                sort_positions(&mut lane, |p| keys[p]);
                let got: Vec<usize> = (0..len).map(|j| slots[1 + j * step]).collect();
                let mut want: Vec<usize> = (0..len).collect();
                want.sort_by_key(|&p| keys[p]);
                assert_eq!(got, want, "len {len}, step {step}");
                // The slots between the lane's are untouched.
                assert_eq!(slots[0], usize::MAX);
            }
        }
    }
}
