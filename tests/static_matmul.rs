//! Static matrix products against the dynamic ones (checked against numpy by
//! `tests/dynamic_matmul.rs`) on the same data: 1-D promotion on either side, batch
//! broadcasting, transposed views, integers and floats, a product large enough for the GEMM.

use shaped::{DynTensor, Shape, Tensor, shape};

fn dynamic<T: Copy, S: Shape>(t: &Tensor<T, S>) -> DynTensor<T> {
    DynTensor::from_shape_vec(S::dims(), t.as_slice().to_vec()).unwrap()
}

fn small(i: usize) -> i32 {
    (i * 7 % 11) as i32 - 5
}

macro_rules! check {
    ($a:expr, $b:expr) => {{
        let (a, b) = (&$a, &$b);
        let got = a.matmul(b);
        let want = dynamic(a).try_matmul(&dynamic(b)).unwrap();
        // `matmul_to` writes the same elements over whatever `out` held.
        let mut out = got;
        out.as_mut_slice().iter_mut().for_each(|x| *x = 99i8.into());
        a.matmul_to(b, &mut out);
        assert_eq!(out.as_slice(), want.as_slice(), "matmul_to");
        assert_eq!(
            got.shape(),
            want.shape(),
            "{:?} x {:?}",
            a.shape(),
            b.shape()
        );
        assert_eq!(
            got.as_slice(),
            want.as_slice(),
            "{:?} x {:?}",
            a.shape(),
            b.shape()
        );
    }};
}

#[test]
fn every_rank_pairing_matches_the_dynamic_product() {
    let v3 = Tensor::<i32, shape![3]>::from_flat_fn(small);
    let m23 = Tensor::<i32, shape![2, 3]>::from_flat_fn(small);
    let m34 = Tensor::<i32, shape![3, 4]>::from_flat_fn(|i| small(i + 1));
    let b234 = Tensor::<i32, shape![2, 3, 4]>::from_flat_fn(|i| small(i + 2));
    let b5134 = Tensor::<i32, shape![5, 1, 3, 4]>::from_flat_fn(|i| small(i + 3));
    let b223 = Tensor::<i32, shape![2, 2, 3]>::from_flat_fn(|i| small(i + 4));
    check!(v3, v3);
    check!(v3, m34);
    check!(m23, v3);
    check!(m23, m34);
    check!(m23, b234);
    check!(b223, b234);
    check!(b223, b5134);
    check!(v3, b5134);
    check!(b5134, Tensor::<i32, shape![4, 1]>::from_flat_fn(small));
}

#[test]
fn transposed_views_and_floats() {
    let a = Tensor::<f64, shape![4, 3]>::from_flat_fn(|i| small(i) as f64 * 0.5);
    let b = Tensor::<f64, shape![5, 3]>::from_flat_fn(|i| small(i + 5) as f64);
    let got = a.matmul(b.t());
    let want = dynamic(&a).try_matmul(&dynamic(&b).t()).unwrap();
    assert_eq!(got.as_slice(), want.as_slice());
    assert_eq!(a.t().matmul(&a).shape(), &[3, 3]);
    assert_eq!(
        a.view().t().matmul(&a).as_slice(),
        dynamic(&a).t().try_matmul(&dynamic(&a)).unwrap().as_slice()
    );
}

#[test]
fn a_product_past_the_small_limit_takes_the_gemm() {
    let a = Tensor::<f32, shape![20, 24]>::boxed_from_flat_fn(|i| small(i) as f32);
    let b = Tensor::<f32, shape![24, 18]>::boxed_from_flat_fn(|i| small(i + 1) as f32);
    check!(*a, *b);
    // Into a caller's buffer, through a mutable view of it.
    let mut buf = vec![7.0f32; 20 * 18];
    let mut view = shaped::TensorViewMut::<f32, shape![20, 18]>::try_from_slice(&mut buf).unwrap();
    a.matmul_to(&*b, &mut view);
    assert_eq!(buf, a.matmul(&*b).as_slice());
    assert_eq!(
        Tensor::<i32, shape![3]>::from_flat_fn(small).dot(&Tensor::<i32, shape![3]>::ones()),
        small(0) + small(1) + small(2)
    );
}

/// Right operands with packed rows of 3, 5, 6 or 7 elements, the products whose rows are
/// accumulated in windows that run on into the next row (`matmul`'s small kernel): every such
/// row count, `k` of 1 and 2 (so the last row of `b` is also its first), a single output row,
/// batches with `b` broadcast or not, a narrowed view of `b` whose windows run into rows of its
/// parent outside the view, and `f32` (with `-0.0` kept: each sum starts from its first product).
#[test]
fn rows_accumulated_in_windows_match_the_dynamic_product() {
    use shaped::Dim;
    let i = |k: usize| move |j: usize| small(j + k);
    check!(
        Tensor::<i32, shape![3, 3]>::from_flat_fn(i(0)),
        Tensor::<i32, shape![3, 3]>::from_flat_fn(i(1))
    );
    check!(
        Tensor::<i32, shape![2, 5]>::from_flat_fn(i(2)),
        Tensor::<i32, shape![5, 5]>::from_flat_fn(i(3))
    );
    check!(
        Tensor::<i32, shape![4, 3]>::from_flat_fn(i(4)),
        Tensor::<i32, shape![3, 6]>::from_flat_fn(i(5))
    );
    check!(
        Tensor::<i32, shape![1, 2]>::from_flat_fn(i(6)),
        Tensor::<i32, shape![2, 7]>::from_flat_fn(i(7))
    );
    check!(
        Tensor::<i32, shape![5, 1]>::from_flat_fn(i(8)),
        Tensor::<i32, shape![1, 3]>::from_flat_fn(i(9))
    );
    check!(
        Tensor::<i32, shape![2, 3, 3]>::from_flat_fn(i(10)),
        Tensor::<i32, shape![3, 3]>::from_flat_fn(i(11))
    );
    check!(
        Tensor::<i32, shape![2, 3, 5]>::from_flat_fn(i(12)),
        Tensor::<i32, shape![2, 5, 3]>::from_flat_fn(i(13))
    );
    // Rows 1..4 of a [5, 3]: the last window of the view reads row 4 of its parent.
    let parent = Tensor::<i32, shape![5, 3]>::from_flat_fn(i(14));
    let rows = parent.try_narrow::<0, Dim<3>>(1).unwrap();
    let a = Tensor::<i32, shape![2, 3]>::from_flat_fn(i(15));
    let want = dynamic(&a)
        .try_matmul(&dynamic(&parent).try_slice(&shaped::s![1..4]).unwrap())
        .unwrap();
    assert_eq!(a.matmul(rows).as_slice(), want.as_slice(), "narrowed rows");
    // Floats: -0.0 * 1.0 + -0.0 * 1.0 is -0.0, which a sum started from 0.0 would lose.
    let z = Tensor::<f32, shape![3, 3]>::from_flat_fn(|_| -0.0);
    let got = z.matmul(&Tensor::<f32, shape![3, 3]>::ones());
    assert!(
        got.iter().all(|x| *x == 0.0 && x.is_sign_negative()),
        "{got:?}"
    );
    check!(
        Tensor::<f32, shape![3, 3]>::from_flat_fn(|j| small(j) as f32 * 0.25),
        Tensor::<f32, shape![3, 7]>::from_flat_fn(|j| small(j + 3) as f32 * 0.5)
    );
}
