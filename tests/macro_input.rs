//! How `shape!`, `tensor!` and `slice!` read their input: split at top-level commas only, with
//! integer literals read as rustc reads them, every other expression passed through. (The
//! macros work on `proc_macro`'s tokens, which exist only inside a macro call, so these are
//! tested through the macros themselves.)

use shaped::{Dim, One, Tensor, shape, tensor};
use static_assertions::assert_type_eq_all;

fn pick<A, B>(a: A, _: B) -> A {
    a
}

#[test]
fn commas_inside_turbofish_closures_and_brackets_do_not_split() {
    let (a, b) = (1, 2);
    let t = tensor![
        pick::<i32, u8>(7, 0),
        pick::<i32, Vec<u8>>(8, vec![]),
        [4, 5].iter().fold(0, |acc, x| acc * 2 + x),
        [10, 20].len() as i32,
        i32::from(a < b),
        pick::<i32, fn(u8) -> u8>(3, |x| x),
    ];
    assert_eq!(t.as_slice(), &[7, 8, 13, 2, 1, 3]);
    let _: Tensor<i32, shape![6]> = t;
    // A closure as the whole element, with and without `move` before its parameters.
    let g = tensor![|x: i32, y: i32| x - y];
    assert_eq!((g.as_slice()[0])(2, 3), -1);
    let k = 10;
    let f = tensor![move |x: i32, y: i32| x * y + k];
    assert_eq!((f.as_slice()[0])(2, 3), 16);
    // Rows are brackets, whose commas split the row, not the tensor.
    let m = tensor![[pick::<u8, u8>(1, 0), 2], [3, 4], [5, 6]];
    assert_eq!(m.shape(), [3, 2]);
    // A trailing comma ends the list.
    let one = tensor![[1.5, 2.5],];
    let _: Tensor<f64, (One, Dim<2>)> = one;
}

#[test]
fn integer_literals_read_as_rustc_reads_them() {
    assert_type_eq_all!(
        shape![0x10, 0b11, 0o7, 1_0usize, 1u8],
        (Dim<16>, Dim<3>, Dim<7>, Dim<10>, One)
    );
    // A literal 1 in any notation broadcasts; an expression equal to 1 does not.
    assert_type_eq_all!(shape![0x1, 0b1, 2 - 1], (One, One, Dim<1>));
}
