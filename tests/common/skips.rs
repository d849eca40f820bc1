//! `nth` on an iterator against its collected elements, for every `k` and a second skip after
//! it: the view iterators' `nth` adds to the index with carries instead of stepping, so it can
//! go wrong only where a carry crosses an axis. Shared by the dynamic and static view tests.

use std::fmt::Debug;

pub fn skips_agree<'a, T, I>(it: I)
where
    T: 'a + PartialEq + Debug + Copy,
    I: Iterator<Item = &'a T> + ExactSizeIterator + Clone,
{
    let all: Vec<T> = it.clone().copied().collect();
    for k in 0..=all.len() {
        let mut i = it.clone();
        assert_eq!(i.nth(k), all.get(k), "nth({k})");
        let rest = all.get(k + 1..).unwrap_or_default();
        assert_eq!(i.len(), rest.len(), "after nth({k})");
        // A second skip from there, of about half of what is left.
        let half = rest.len() / 2;
        assert_eq!(i.nth(half), rest.get(half), "nth({k}) then nth({half})");
        assert_eq!(
            i.copied().collect::<Vec<_>>(),
            rest.get(half + 1..).unwrap_or_default()
        );
    }
}
