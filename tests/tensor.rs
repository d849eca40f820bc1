//! The owned tensor's public surface: constructors, access, iteration, printing, conversions.

#![allow(clippy::op_ref)] // `&a + &b` is the idiom under test

use shaped::{Dim, One, ShapeError, Tensor, shape, tensor};

#[test]
fn tensor_literal_infers_the_shape() {
    let t = tensor![[1, 2, 3], [4, 5, 6]];
    let typed: &Tensor<i32, shape![2, 3]> = &t;
    assert_eq!(typed.shape(), &[2, 3]);
    assert_eq!(t.as_slice(), &[1, 2, 3, 4, 5, 6]);
    let col = tensor![[1.0], [2.0]];
    let typed: &Tensor<f64, (Dim<2>, One)> = &col;
    assert_eq!(typed.dims(), [2, 1]);
    let deep = tensor![[[1u8, 2], [3, 4]], [[5, 6], [7, 8]]];
    assert_eq!(deep[[1, 0, 1]], 6);
}

/// Elements are any expressions: commas inside a call, a turbofish, a closure's parameters or
/// an array repeat do not split them, and hexadecimal and suffixed literals count as literals in
/// `shape!`.
#[test]
fn tensor_literal_elements_are_expressions() {
    fn pick<A: Into<i64>, B: Into<i64>>(a: A, b: B) -> i64 {
        a.into() * 10 + b.into()
    }
    let add = |a: i64, b: i64| a + b;
    let sub = |x: i64, y: i64| x - y;
    let t = tensor![
        [pick::<i32, u8>(1, 2), add(3, 4)],
        [[sub, add].map(|f| f(9, 1))[0], [5i64; 3][0]]
    ];
    let typed: &Tensor<i64, shape![2, 2]> = &t;
    assert_eq!(typed.as_slice(), &[12, 7, 8, 5]);
    let rows = tensor![[0u8; 2], [1u8; 2]];
    let typed: &Tensor<[u8; 2], shape![2]> = &rows;
    assert_eq!(typed[[1]], [1, 1]);
    static_assertions::assert_type_eq_all!(shape![0x10, 1usize, 2_0], (Dim<16>, One, Dim<20>));
}

#[test]
fn constructors() {
    let z = Tensor::<f32, shape![2, 2]>::zeros();
    assert!(z.iter().all(|&x| x == 0.0));
    let o = Tensor::<u16, shape![3]>::ones();
    assert_eq!(o.as_slice(), &[1, 1, 1]);
    let f = Tensor::<char, shape![2]>::filled('x');
    assert_eq!(f.as_slice(), &['x', 'x']);
    let g = Tensor::<usize, shape![2, 3]>::from_fn(|[i, j]| 10 * i + j);
    assert_eq!(g.as_slice(), &[0, 1, 2, 10, 11, 12]);
    let d = Tensor::<i8, shape![2]>::default();
    assert_eq!(d.as_slice(), &[0, 0]);
    let from: Tensor<i32, shape![2, 2]> = [[1, 2], [3, 4]].into();
    assert_eq!(from.as_slice(), &[1, 2, 3, 4]);
    let with_one: Tensor<i32, shape![1, 2]> = [[7, 8]].into();
    assert_eq!(with_one.into_array(), [[7, 8]]);
    let s: Tensor<i32, shape![]> = Tensor::filled(5);
    assert_eq!((s.rank(), s.len(), s[[]]), (0, 1, 5));
}

#[test]
fn try_from_slice_checks_the_length() {
    let ok = Tensor::<i32, shape![2, 3]>::try_from_slice(&[1, 2, 3, 4, 5, 6]).unwrap();
    assert_eq!(ok[[1, 2]], 6);
    let err = Tensor::<i32, shape![2, 3]>::try_from_slice(&[1, 2, 3]).unwrap_err();
    assert!(matches!(err, ShapeError::DataLength { len: 3, .. }));
    assert_eq!(
        err.to_string(),
        "data has 3 elements, but shape [2, 3] needs 6"
    );
    let via: Result<Tensor<i32, shape![2]>, _> = Tensor::try_from(&[1, 2, 3][..]);
    assert!(via.is_err());
}

#[test]
fn indexing_and_mutation() {
    let mut t = Tensor::<i32, shape![2, 3]>::zeros();
    t[[1, 2]] = 9;
    *t.get_mut([0, 1]).unwrap() = 4;
    assert_eq!(t.as_slice(), &[0, 4, 0, 0, 0, 9]);
    assert_eq!(t.get([2, 0]), None);
    // Out of an axis but inside the flat buffer is still out of bounds.
    assert_eq!(t.get([0, 3]), None);
    t.iter_mut().for_each(|x| *x += 1);
    assert_eq!(t.sum(), 6 + 13);
    t.as_mut_slice()[0] = 100;
    assert_eq!(t[[0, 0]], 100);
    let mut v = t.view_mut();
    v[[1, 0]] = -1;
    assert_eq!(t[[1, 0]], -1);
}

#[test]
#[should_panic(expected = "index [0, 3] is out of bounds for a tensor of shape [2, 3]")]
fn out_of_bounds_index_panics_with_the_shape() {
    let t = Tensor::<i32, shape![2, 3]>::zeros();
    let _ = t[[0, 3]];
}

#[test]
fn iteration() {
    let t = tensor![[1, 2], [3, 4]];
    let by_ref: Vec<i32> = (&t).into_iter().copied().collect();
    let by_value: Vec<i32> = t.into_iter().collect();
    assert_eq!(by_ref, by_value);
    assert_eq!(by_value, vec![1, 2, 3, 4]);
    let indexed: Vec<([usize; 2], i32)> = t.indexed_iter().map(|(i, &x)| (i, x)).collect();
    assert_eq!(
        indexed,
        vec![([0, 0], 1), ([0, 1], 2), ([1, 0], 3), ([1, 1], 4)]
    );
    let strings = Tensor::<String, shape![2]>::from_fn(|[i]| i.to_string());
    assert_eq!(strings.into_iter().collect::<Vec<_>>(), vec!["0", "1"]);
}

#[test]
fn printing_is_numpy_like() {
    let t = tensor![[1, 20, 3], [4, 5, 600]];
    assert_eq!(t.to_string(), "[[  1,  20,   3],\n [  4,   5, 600]]");
    let cube = Tensor::<u8, shape![2, 1, 2]>::from_flat_fn(|i| i as u8);
    assert_eq!(cube.to_string(), "[[[0, 1]],\n\n [[2, 3]]]");
    assert_eq!(format!("{:.2}", tensor![0.5, 1.0]), "[0.50, 1.00]");
    assert_eq!(
        format!("{:?}", tensor![1.0, 2.0]),
        "Tensor([1.0, 2.0], shape=[2])"
    );
    assert_eq!(Tensor::<i32, shape![]>::filled(3).to_string(), "3");
    assert_eq!(Tensor::<i32, shape![0]>::zeros().to_string(), "[]");
    let row = tensor![1, 2];
    let v = row.broadcast_to::<shape![2, 2]>();
    assert_eq!(v.to_string(), "[[1, 2],\n [1, 2]]");
}

#[test]
fn equality_clone_copy() {
    let a = tensor![1.0, 2.0];
    let b = a; // Copy
    assert_eq!(a, b);
    assert_ne!(a, tensor![1.0, 3.0]);
    let s = Tensor::<String, shape![1]>::filled("x".into());
    assert_eq!(s.clone(), s);
}

#[test]
fn extents_above_1024_work() {
    let t = Tensor::<u8, shape![1920]>::filled(1);
    let u = &t + &Tensor::<u8, shape![1]>::filled(2);
    assert_eq!(u.len(), 1920);
    assert!(u.iter().all(|&x| x == 3));
}

/// Counts its drops, to check that a failed build drops exactly the elements it made.
struct Counted<'a>(&'a core::cell::Cell<usize>);
impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.set(self.0.get() + 1);
    }
}

#[test]
fn try_from_flat_fn_stops_at_the_first_error_and_drops_what_it_made() {
    let t = Tensor::<String, shape![2, 3]>::try_from_flat_fn(|i| Ok::<_, ()>(i.to_string()));
    assert_eq!(t.unwrap().as_slice(), ["0", "1", "2", "3", "4", "5"]);
    let drops = core::cell::Cell::new(0);
    let mut calls = 0;
    let r = Tensor::<Counted, shape![2, 3]>::try_from_flat_fn(|i| {
        calls += 1;
        if i == 4 {
            Err(format!("no element {i}"))
        } else {
            Ok(Counted(&drops))
        }
    });
    assert_eq!(r.err().as_deref(), Some("no element 4"));
    assert_eq!((calls, drops.get()), (5, 4));
    // A panic in `f` drops the elements made too (and nothing else).
    let drops = core::cell::Cell::new(0);
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        Tensor::<Counted, shape![3]>::try_from_flat_fn(|i| {
            if i == 2 {
                panic!("element 2")
            } else {
                Ok::<_, ()>(Counted(&drops))
            }
        })
    }));
    assert!(caught.is_err());
    assert_eq!(drops.get(), 2);
}

/// `argsort_axis` along both axes of a tensor with many equal keys (and `NaN`, `-0.0`) against
/// the standard library's stable sort of each lane's positions; with or without `alloc`, whose
/// builds sort differently (pairs in a buffer, or a heap sort in the output's slots).
#[test]
fn argsort_axis_is_stable_along_either_axis() {
    let value = |i: usize| match i % 9 {
        4 => f32::NAN,
        7 => -0.0,
        8 => 0.0,
        k => (k % 3) as f32,
    };
    let t = shaped::Tensor::<f32, shaped::shape![37, 41]>::from_flat_fn(|i| value(i * 5 + i / 41));
    let key = |x: f32| if x.is_nan() { (1, 0.0) } else { (0, x + 0.0) };
    let lane = |get: &dyn Fn(usize) -> f32, len: usize| {
        let mut p: Vec<usize> = (0..len).collect();
        p.sort_by(|&a, &b| key(get(a)).partial_cmp(&key(get(b))).unwrap());
        p
    };
    let rows = t.argsort_axis::<1>();
    for i in 0..37 {
        let want = lane(&|j| t.as_slice()[i * 41 + j], 41);
        assert_eq!(&rows.as_slice()[i * 41..(i + 1) * 41], &want[..], "row {i}");
    }
    let cols = t.argsort_axis::<0>();
    for j in 0..41 {
        let want = lane(&|i| t.as_slice()[i * 41 + j], 37);
        let got: Vec<usize> = (0..37).map(|i| cols.as_slice()[i * 41 + j]).collect();
        assert_eq!(got, want, "column {j}");
    }
}
