//! Property tests (proptest): random shapes of rank 0 to 6 with extents 0 to 5, random views of
//! them (permutations, slices with negative steps, broadcasts, diagonals, added and removed unit
//! axes, transposes, chained), and every element-wise operation, reduction and sort on them,
//! against a naive model written here: a row-major `Vec` and index arithmetic done by hand.
//!
//! A fixed number of cases per property keeps CI's time fixed; a failure is shrunk and its seed
//! kept in `tests/properties.proptest-regressions` (in the repository), replayed first on every
//! later run.

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use shaped::{DynTensor, DynView, ShapeError, Slice};

/// Cases per property.
const CASES: u32 = 96;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/properties.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// The naive model: extents and elements in row-major order.
#[derive(Clone, Debug, PartialEq)]
struct Nd {
    shape: Vec<usize>,
    data: Vec<i64>,
}

impl Nd {
    fn len(shape: &[usize]) -> usize {
        shape.iter().product()
    }

    /// The element at a multi-index.
    fn at(&self, idx: &[usize]) -> i64 {
        let mut flat = 0;
        for (i, d) in idx.iter().zip(&self.shape) {
            flat = flat * d + i;
        }
        self.data[flat]
    }

    /// Every multi-index of `shape`, row-major.
    fn indices(shape: &[usize]) -> Vec<Vec<usize>> {
        let mut out = vec![];
        let n = Self::len(shape);
        for mut k in 0..n {
            let mut idx = vec![0; shape.len()];
            for a in (0..shape.len()).rev() {
                idx[a] = k % shape[a];
                k /= shape[a];
            }
            out.push(idx);
        }
        out
    }

    /// The tensor of `shape` whose element at each index is `f(index)`.
    fn from_fn(shape: Vec<usize>, f: impl Fn(&[usize]) -> i64) -> Nd {
        let data = Self::indices(&shape).iter().map(|i| f(i)).collect();
        Nd { shape, data }
    }
}

/// Python's `range(n)[start:stop:step]`, written as a filter over every index (not as
/// `slice.indices`' arithmetic): the indices an axis keeps, in order.
fn python_slice(n: usize, s: &Slice) -> Vec<usize> {
    let n = n as isize;
    let step = s.step.unwrap_or(1);
    let norm = |b: isize| if b < 0 { b + n } else { b };
    let all: Vec<isize> = (0..n).collect();
    if step > 0 {
        let lo = s.start.map(norm).unwrap_or(0).clamp(0, n);
        let hi = s.stop.map(norm).unwrap_or(n).clamp(0, n);
        all.into_iter()
            .filter(|&i| i >= lo && i < hi && (i - lo) % step == 0)
            .map(|i| i as usize)
            .collect()
    } else {
        let hi = s.start.map(norm).unwrap_or(n - 1).clamp(-1, n - 1);
        let lo = s.stop.map(norm).unwrap_or(-1).clamp(-1, n - 1);
        all.into_iter()
            .rev()
            .filter(|&i| i <= hi && i > lo && (hi - i) % -step == 0)
            .map(|i| i as usize)
            .collect()
    }
}

/// A view operation, applied to a `DynView` and to the model alike.
#[derive(Clone, Debug)]
enum ViewOp {
    /// `try_permute`, by a permutation given as sort keys (one per axis).
    Permute(Vec<u8>),
    /// `try_slice` with up to one `Slice` per axis (fewer leave the rest whole).
    Slice(Vec<Slice>),
    /// `try_broadcast_to`: `extra` leading axes of extent `new`, and unit axes stretched to
    /// `new` where `stretch` says so.
    Broadcast {
        extra: usize,
        new: usize,
        stretch: Vec<bool>,
    },
    /// `try_diagonal(offset, a1, a2)` on two axes picked by number.
    Diagonal { offset: isize, a1: u8, a2: u8 },
    /// `try_unsqueeze(axis)`, the axis picked by number.
    Unsqueeze(u8),
    /// `try_squeeze` of every unit axis.
    SqueezeAll,
    /// `t()`.
    Transpose,
}

fn slice_strategy() -> impl Strategy<Value = Slice> {
    let bound = prop::option::of(-7isize..7);
    let step = prop::option::of(prop_oneof![-3isize..=-1, 1isize..=3]);
    (bound.clone(), bound, step).prop_map(|(start, stop, step)| Slice { start, stop, step })
}

fn view_op() -> impl Strategy<Value = ViewOp> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 6).prop_map(ViewOp::Permute),
        prop::collection::vec(slice_strategy(), 0..=6).prop_map(ViewOp::Slice),
        (
            0usize..=2,
            0usize..=3,
            prop::collection::vec(any::<bool>(), 6)
        )
            .prop_map(|(extra, new, stretch)| ViewOp::Broadcast {
                extra,
                new,
                stretch
            }),
        (-3isize..=3, any::<u8>(), any::<u8>()).prop_map(|(offset, a1, a2)| ViewOp::Diagonal {
            offset,
            a1,
            a2
        }),
        any::<u8>().prop_map(ViewOp::Unsqueeze),
        Just(ViewOp::SqueezeAll),
        Just(ViewOp::Transpose),
    ]
}

/// Applies `op` to the view and to the model; `None` when the op does not apply to this rank
/// (a diagonal of fewer than two axes, an unsqueeze past rank 6).
fn apply<'a>(v: DynView<'a, i64>, m: &Nd, op: &ViewOp) -> Option<(DynView<'a, i64>, Nd)> {
    let rank = m.shape.len();
    match op {
        ViewOp::Permute(keys) => {
            let mut perm: Vec<usize> = (0..rank).collect();
            perm.sort_by_key(|&a| (keys[a], a));
            let axes: Vec<isize> = perm.iter().map(|&a| a as isize).collect();
            let shape: Vec<usize> = perm.iter().map(|&a| m.shape[a]).collect();
            let model = Nd::from_fn(shape, |i| {
                let mut src = vec![0; rank];
                for (k, &a) in perm.iter().enumerate() {
                    src[a] = i[k];
                }
                m.at(&src)
            });
            Some((v.try_permute(&axes).unwrap(), model))
        }
        ViewOp::Slice(slices) => {
            let slices = &slices[..slices.len().min(rank)];
            let kept: Vec<Vec<usize>> = (0..rank)
                .map(|a| match slices.get(a) {
                    Some(s) => python_slice(m.shape[a], s),
                    None => (0..m.shape[a]).collect(),
                })
                .collect();
            let shape = kept.iter().map(Vec::len).collect();
            let model = Nd::from_fn(shape, |i| {
                let src: Vec<usize> = i.iter().enumerate().map(|(a, &k)| kept[a][k]).collect();
                m.at(&src)
            });
            Some((v.try_slice(slices).unwrap(), model))
        }
        ViewOp::Broadcast {
            extra,
            new,
            stretch,
        } => {
            if rank + extra > 6 {
                return None;
            }
            let mut shape = vec![*new; *extra];
            for (a, &d) in m.shape.iter().enumerate() {
                shape.push(if d == 1 && stretch[a] { *new } else { d });
            }
            let model = Nd::from_fn(shape.clone(), |i| {
                let src: Vec<usize> = (0..rank)
                    .map(|a| if m.shape[a] == 1 { 0 } else { i[extra + a] })
                    .collect();
                m.at(&src)
            });
            Some((v.try_broadcast_to(&shape).unwrap(), model))
        }
        ViewOp::Diagonal { offset, a1, a2 } => {
            if rank < 2 {
                return None;
            }
            let a1 = *a1 as usize % rank;
            let a2 = (a1 + 1 + *a2 as usize % (rank - 1)) % rank;
            let (n1, n2) = (m.shape[a1] as isize, m.shape[a2] as isize);
            let len = if *offset >= 0 {
                n1.min(n2 - offset)
            } else {
                (n1 + offset).min(n2)
            };
            let len = len.max(0) as usize;
            let mut shape: Vec<usize> = (0..rank)
                .filter(|&a| a != a1 && a != a2)
                .map(|a| m.shape[a])
                .collect();
            shape.push(len);
            let model = Nd::from_fn(shape, |i| {
                let k = i[rank - 2] as isize;
                let (x1, x2) = if *offset >= 0 {
                    (k, k + offset)
                } else {
                    (k - offset, k)
                };
                let mut rest = i[..rank - 2].iter();
                let src: Vec<usize> = (0..rank)
                    .map(|a| match a {
                        _ if a == a1 => x1 as usize,
                        _ if a == a2 => x2 as usize,
                        _ => *rest.next().unwrap(),
                    })
                    .collect();
                m.at(&src)
            });
            let d = v.try_diagonal(*offset, a1 as isize, a2 as isize).unwrap();
            Some((d, model))
        }
        ViewOp::Unsqueeze(at) => {
            if rank >= 6 {
                return None;
            }
            let at = *at as usize % (rank + 1);
            let mut shape = m.shape.clone();
            shape.insert(at, 1);
            let model = Nd {
                shape,
                data: m.data.clone(),
            };
            Some((v.try_unsqueeze(at as isize).unwrap(), model))
        }
        ViewOp::SqueezeAll => {
            let shape: Vec<usize> = m.shape.iter().copied().filter(|&d| d != 1).collect();
            let model = Nd {
                shape,
                data: m.data.clone(),
            };
            Some((v.try_squeeze(shaped::Axes::All).unwrap(), model))
        }
        ViewOp::Transpose => {
            let shape: Vec<usize> = m.shape.iter().rev().copied().collect();
            let model = Nd::from_fn(shape, |i| {
                let src: Vec<usize> = i.iter().rev().copied().collect();
                m.at(&src)
            });
            Some((v.t(), model))
        }
    }
}

/// A base tensor: shape of rank 0 to 6, extents 0 to 5 (0 one time in eleven, so that most
/// tensors have elements), small integer elements.
fn base() -> impl Strategy<Value = Nd> {
    let extent = prop_oneof![1 => Just(0usize), 10 => 1usize..=5];
    prop::collection::vec(extent, 0..=6).prop_flat_map(|shape| {
        let n = Nd::len(&shape);
        prop::collection::vec(-4i64..=4, n).prop_map(move |data| Nd {
            shape: shape.clone(),
            data,
        })
    })
}

/// The tensor of a model.
fn tensor(m: &Nd) -> DynTensor<i64> {
    DynTensor::from_shape_vec(&m.shape, m.data.clone()).unwrap()
}

/// A chain of view operations applied to `t`, with its model.
fn viewed<'a>(t: &'a DynTensor<i64>, m: &Nd, ops: &[ViewOp]) -> (DynView<'a, i64>, Nd) {
    let (mut v, mut m) = (t.view(), m.clone());
    for op in ops {
        if let Some((w, n)) = apply(v.clone(), &m, op) {
            (v, m) = (w, n);
        }
    }
    (v, m)
}

/// numpy's broadcast of two models, elementwise `f`; `None` when the shapes do not broadcast.
fn broadcast(a: &Nd, b: &Nd, f: impl Fn(i64, i64) -> i64) -> Option<Nd> {
    let rank = a.shape.len().max(b.shape.len());
    let pad = |s: &[usize]| {
        let mut p = vec![1; rank - s.len()];
        p.extend_from_slice(s);
        p
    };
    let (pa, pb) = (pad(&a.shape), pad(&b.shape));
    let mut shape = vec![];
    for (&x, &y) in pa.iter().zip(&pb) {
        shape.push(match (x, y) {
            _ if x == y => x,
            (1, _) => y,
            (_, 1) => x,
            _ => return None,
        });
    }
    let pick = |p: &[usize], i: &[usize], skip: usize| -> Vec<usize> {
        p[skip..]
            .iter()
            .zip(&i[skip..])
            .map(|(&d, &k)| if d == 1 { 0 } else { k })
            .collect()
    };
    Some(Nd::from_fn(shape, |i| {
        f(
            a.at(&pick(&pa, i, rank - a.shape.len())),
            b.at(&pick(&pb, i, rank - b.shape.len())),
        )
    }))
}

/// A second operand's shape for `shape`: some leading axes dropped, some extents made 1, and
/// (when `clash`) one extent changed so that it cannot broadcast.
fn partner(shape: &[usize], drop: usize, ones: &[bool], clash: Option<u8>) -> Vec<usize> {
    let drop = drop.min(shape.len());
    let mut s: Vec<usize> = shape[drop..]
        .iter()
        .enumerate()
        .map(|(a, &d)| if ones[a] { 1 } else { d })
        .collect();
    if let Some(c) = clash
        && !s.is_empty()
    {
        let a = c as usize % s.len();
        if shape[drop + a] != 1 {
            s[a] = shape[drop + a] + 2;
        }
    }
    s
}

proptest! {
    #![proptest_config(config())]

    /// Every chain of views shows the model's shape and elements, in logical order.
    #[test]
    fn views_show_the_models_elements(
        m in base(),
        ops in prop::collection::vec(view_op(), 0..=4),
    ) {
        let t = tensor(&m);
        let (v, want) = viewed(&t, &m, &ops);
        prop_assert_eq!(v.shape(), &want.shape[..]);
        prop_assert_eq!(v.to_vec(), want.data.clone());
        prop_assert_eq!(v.iter().copied().collect::<Vec<_>>(), want.data.clone());
        let owned = v.to_tensor();
        prop_assert_eq!(owned.as_slice(), &want.data[..]);
    }

    /// Element-wise operations on two views agree with the model's broadcast, and a pair that
    /// cannot broadcast is an error (never a panic).
    #[test]
    fn elementwise_ops_on_views_broadcast_like_numpy(
        m in base(),
        ops in prop::collection::vec(view_op(), 0..=3),
        drop in 0usize..=2,
        ones in prop::collection::vec(any::<bool>(), 6),
        clash in prop::option::weighted(0.2, any::<u8>()),
        seed in any::<u64>(),
    ) {
        let t = tensor(&m);
        let (a, am) = viewed(&t, &m, &ops);
        let shape = partner(&am.shape, drop, &ones, clash);
        let bm = Nd::from_fn(shape.clone(), |i| {
            (i.iter().fold(seed, |h, &k| h.wrapping_mul(31).wrapping_add(k as u64)) % 7) as i64 - 3
        });
        // The partner read through a reversed view of its reversal: negative strides on
        // every axis.
        let mut reversed = bm.clone();
        reversed.data.reverse();
        let bt = tensor(&reversed);
        let all_rev = vec![Slice::new(None, None, Some(-1)); shape.len()];
        let b = bt.view().try_slice(&all_rev).unwrap();
        prop_assert_eq!(b.to_vec(), bm.data.clone());
        /// An element function of the model.
        type Op = fn(i64, i64) -> i64;
        let ops: [(&str, Op); 3] =
            [("add", |x, y| x + y), ("sub", |x, y| x - y), ("mul", |x, y| x * y)];
        for (name, f) in ops {
            let got = match name {
                "add" => a.try_add(&b),
                "sub" => a.try_sub(&b),
                _ => a.try_mul(&b),
            };
            match broadcast(&am, &bm, f) {
                Some(want) => {
                    let got = got.unwrap();
                    prop_assert_eq!(got.shape(), &want.shape[..], "{}", name);
                    prop_assert_eq!(got.as_slice(), &want.data[..], "{}", name);
                }
                None => prop_assert!(
                    matches!(got, Err(ShapeError::Incompatible { .. })),
                    "{}: {:?} with {:?} gave {:?}", name, am.shape, bm.shape, got
                ),
            }
        }
        if let Some(want) = broadcast(&am, &bm, i64::max) {
            let got = a.try_zip_map(&b, |x, y| x.max(y)).unwrap();
            prop_assert_eq!(got.as_slice(), &want.data[..]);
            // Into an existing output of the broadcast shape.
            let mut out = DynTensor::<i64>::zeros(&want.shape);
            a.try_add_into(&b, &mut out).unwrap();
            prop_assert_eq!(out.as_slice(), &broadcast(&am, &bm, |x, y| x + y).unwrap().data[..]);
        }
    }

    /// Sums, maxima and minima over any set of axes, with and without `keepdims`, and arg
    /// reductions along one axis, agree with loops over the model.
    #[test]
    fn reductions_over_any_axes_match_loops(
        m in base(),
        ops in prop::collection::vec(view_op(), 0..=3),
        pick in prop::collection::vec(any::<bool>(), 6),
        negative in any::<bool>(),
        keepdims in any::<bool>(),
        along in any::<u8>(),
    ) {
        let t = tensor(&m);
        let (v, vm) = viewed(&t, &m, &ops);
        let rank = vm.shape.len();
        let axes: Vec<usize> = (0..rank).filter(|&a| pick[a]).collect();
        let named: Vec<isize> = axes
            .iter()
            .map(|&a| if negative { a as isize - rank as isize } else { a as isize })
            .collect();
        // The model: for each output index, the lane of the reduced axes.
        let out_shape: Vec<usize> = (0..rank)
            .filter_map(|a| match (axes.contains(&a), keepdims) {
                (false, _) => Some(vm.shape[a]),
                (true, true) => Some(1),
                (true, false) => None,
            })
            .collect();
        let kept: Vec<usize> = (0..rank).filter(|a| !axes.contains(a)).collect();
        let lane = |i: &[usize]| -> Vec<i64> {
            let red_shape: Vec<usize> = axes.iter().map(|&a| vm.shape[a]).collect();
            Nd::indices(&red_shape)
                .iter()
                .map(|r| {
                    let mut src = vec![0; rank];
                    for (k, &a) in kept.iter().enumerate() {
                        src[a] = if keepdims { i[a] } else { i[k] };
                    }
                    for (k, &a) in axes.iter().enumerate() {
                        src[a] = r[k];
                    }
                    vm.at(&src)
                })
                .collect()
        };
        let sum = Nd::from_fn(out_shape.clone(), |i| lane(i).iter().sum());
        let got = v.try_sum(&named[..], keepdims).unwrap();
        prop_assert_eq!(got.shape(), &sum.shape[..]);
        prop_assert_eq!(got.as_slice(), &sum.data[..]);
        let empty_lane = axes.iter().any(|&a| vm.shape[a] == 0);
        let max = v.try_max(&named[..], keepdims);
        if empty_lane && Nd::len(&out_shape) > 0 {
            prop_assert!(matches!(max, Err(ShapeError::EmptyReduction { .. })), "{:?}", max);
        } else if !empty_lane {
            let want = Nd::from_fn(out_shape.clone(), |i| lane(i).into_iter().max().unwrap());
            let max = max.unwrap();
            prop_assert_eq!(max.as_slice(), &want.data[..]);
            let want = Nd::from_fn(out_shape.clone(), |i| lane(i).into_iter().min().unwrap());
            let min = v.try_min(&named[..], keepdims).unwrap();
            prop_assert_eq!(min.as_slice(), &want.data[..]);
        }
        // argmax along one axis: the first maximum of each lane.
        if rank > 0 {
            let k = along as usize % rank;
            if vm.shape[k] > 0 {
                let out: Vec<usize> =
                    (0..rank).filter(|&a| a != k).map(|a| vm.shape[a]).collect();
                let want = Nd::from_fn(out, |i| {
                    let line: Vec<i64> = (0..vm.shape[k])
                        .map(|x| {
                            let mut src: Vec<usize> = i.to_vec();
                            src.insert(k, x);
                            vm.at(&src)
                        })
                        .collect();
                    let best = *line.iter().max().unwrap();
                    line.iter().position(|&y| y == best).unwrap() as i64
                });
                let got = v.try_argmax(Some(k as isize), false).unwrap();
                let got: Vec<i64> = got.iter().map(|&p| p as i64).collect();
                prop_assert_eq!(got, want.data);
            }
        }
    }

    /// Sorting along any axis (stable and unstable, the positions too) agrees with sorting each
    /// lane of the model; `try_sort_mut` through a mutable view sorts in place.
    #[test]
    fn sorts_along_any_axis_match_sorted_lanes(
        m in base(),
        ops in prop::collection::vec(view_op(), 0..=3),
        along in any::<u8>(),
    ) {
        let t = tensor(&m);
        let (v, vm) = viewed(&t, &m, &ops);
        let rank = vm.shape.len();
        prop_assume!(rank > 0);
        let k = along as usize % rank;
        // The model, lane by lane: values sorted, and the stable order of positions.
        let mut want = vm.clone();
        let mut order = Nd { shape: vm.shape.clone(), data: vec![0; vm.data.len()] };
        let flat = |i: &[usize]| i.iter().zip(&vm.shape).fold(0, |f, (&x, &d)| f * d + x);
        for i in Nd::indices(&vm.shape).into_iter().filter(|i| i[k] == 0) {
            let at = |x: usize| {
                let mut j = i.clone();
                j[k] = x;
                j
            };
            let mut line: Vec<(i64, usize)> =
                (0..vm.shape[k]).map(|x| (vm.at(&at(x)), x)).collect();
            line.sort_by_key(|&(y, _)| y);
            for (x, (y, from)) in line.into_iter().enumerate() {
                want.data[flat(&at(x))] = y;
                order.data[flat(&at(x))] = from as i64;
            }
        }
        let sorted = v.try_sort(k as isize).unwrap();
        prop_assert_eq!(sorted.as_slice(), &want.data[..]);
        let unstable = v.try_sort_unstable(k as isize).unwrap();
        prop_assert_eq!(unstable.as_slice(), &want.data[..]);
        let pos: Vec<i64> = v.try_argsort(k as isize).unwrap().iter().map(|&p| p as i64).collect();
        prop_assert_eq!(pos, order.data);
        let mut owned = v.to_tensor();
        owned.view_mut().try_sort_mut(k as isize - rank as isize).unwrap();
        prop_assert_eq!(owned.as_slice(), &want.data[..]);
    }
}
