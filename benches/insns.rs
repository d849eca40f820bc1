//! The callgrind driver behind `cargo xtask insns` (not a timing bench).
//!
//! `insns <workload> <impl> <calls>` calls one workload function `calls` times on black-boxed
//! inputs. `cargo xtask insns` runs it under `valgrind --tool=callgrind --toggle-collect=<symbol>`,
//! so only that function (and what it calls, such as ndarray's allocator) is counted, and divides
//! by `calls`. Run without arguments (as `cargo bench` does) it exits at once.

use std::hint::black_box;

mod workloads;
use workloads::*;

macro_rules! drive {
    ($w:ident, $imp:expr, $calls:expr, 2d) => {{
        let (a, b) = $w::inputs();
        let (ha, hb) = $w::hand_inputs(&a, &b);
        let (na, nb) = $w::ndarray_inputs(&a, &b);
        let (ga, gb) = $w::nalgebra_inputs(&a, &b);
        let mut hout = ha;
        let mut sout = a;
        let mut nout = na.clone();
        for _ in 0..$calls {
            match $imp {
                "shaped" => $w::shaped(black_box(&a), black_box(&b), black_box(&mut sout)),
                "shaped_to" => $w::shaped_to(black_box(&a), black_box(&b), black_box(&mut sout)),
                "shaped_ret" => drop(black_box($w::shaped_ret(black_box(&a), black_box(&b)))),
                "hand" => $w::hand(black_box(&ha), black_box(&hb), black_box(&mut hout)),
                "ndarray" => drop(black_box($w::ndarray_op(black_box(&na), black_box(&nb)))),
                "ndarray_zip" => {
                    $w::ndarray_zip(black_box(&na), black_box(&nb), black_box(&mut nout))
                }
                "nalgebra" => drop(black_box($w::nalgebra(black_box(&ga), black_box(&gb)))),
                other => panic!("unknown implementation {other}"),
            }
        }
        // The answers must agree, or the counts compare different work.
        $w::shaped(&a, &b, &mut sout);
        $w::hand(&ha, &hb, &mut hout);
        assert_eq!(
            sout.as_slice(),
            hout.as_flattened(),
            "shaped and hand disagree"
        );
    }};
}

/// A static product workload: `shaped`, `hand` or `nalgebra`, `calls` times; the answers agree.
macro_rules! drive_matmul {
    ($w:ident, $imp:expr, $calls:expr) => {{
        use workloads::matmul::$w;
        let (a, b) = $w::inputs();
        let (ga, gb) = $w::nalgebra_inputs(&a, &b);
        let (ha, hb) = (a.into_array(), b.into_array());
        let (mut sout, mut hout, mut gout) = (a, ha, ga);
        for _ in 0..$calls {
            match $imp {
                "shaped" => $w::shaped(black_box(&a), black_box(&b), black_box(&mut sout)),
                "hand" => $w::hand(black_box(&ha), black_box(&hb), black_box(&mut hout)),
                "nalgebra" => $w::nalgebra(black_box(&ga), black_box(&gb), black_box(&mut gout)),
                other => panic!("unknown implementation {other}"),
            }
        }
        $w::shaped(&a, &b, &mut sout);
        $w::hand(&ha, &hb, &mut hout);
        $w::nalgebra(&ga, &gb, &mut gout);
        assert_eq!(
            sout.as_slice(),
            hout.as_flattened(),
            "shaped and hand disagree"
        );
        assert_eq!(
            gout.transpose().as_slice(),
            hout.as_flattened(),
            "nalgebra and hand disagree"
        );
    }};
}

/// Issue 22's E0, `try_concatenate` of two `[1024, 1024]` `f32` along axis 0, as
/// `benches/everyday.rs` times it: its instructions beside numpy's (`scripts/e0_instructions.sh`
/// counts both; a copy bound by memory takes the same time in both within this host's spread).
/// The result is dropped inside, as numpy's is freed inside the calls the script counts.
#[inline(never)]
#[unsafe(export_name = "e0_shaped")]
fn e0_shaped(a: &shaped::DynTensor<f32>, b: &shaped::DynTensor<f32>) {
    let joined = shaped::try_concatenate(&[a.view(), b.view()], 0);
    black_box(&joined.expect("same extents off axis 0"));
}

fn e0(imp: &str, calls: usize) {
    assert_eq!(
        imp, "shaped",
        "E0 has one implementation here; numpy's is counted by the script"
    );
    const N: usize = 1024;
    let value = |i: usize| ((i * 37 + 11) % 101) as f32 * 0.5 - 20.0;
    let a = shaped::DynTensor::from_shape_vec(&[N, N], (0..N * N).map(value).collect());
    let b = shaped::DynTensor::from_shape_vec(&[N, N], (7..N * N + 7).map(value).collect());
    let (a, b) = (a.expect("N * N values"), b.expect("N * N values"));
    for _ in 0..calls {
        e0_shaped(black_box(&a), black_box(&b));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [workload, imp, calls] = match &args[..] {
        [w, i, c] => [w.as_str(), i.as_str(), c.as_str()],
        _ => return, // `cargo bench` runs every bench target with `--bench`: nothing to do.
    };
    let calls: usize = calls.parse().expect("calls is a number");
    match workload {
        "w1" => drive!(w1, imp, calls, 2d),
        "w3a" => drive!(w3a, imp, calls, 2d),
        "w3b" => drive!(w3b, imp, calls, 2d),
        "w3a_f64" => drive!(w3a_f64, imp, calls, 2d),
        "w3a_i32" => drive!(w3a_i32, imp, calls, 2d),
        "w8" => drive!(w8, imp, calls, 2d),
        "e0" => e0(imp, calls),
        "mm3" => drive_matmul!(mm3, imp, calls),
        "mm4" => drive_matmul!(mm4, imp, calls),
        "mm8" => drive_matmul!(mm8, imp, calls),
        "w2" => {
            let (a, b) = w2::inputs();
            let (ha, hb) = w2::hand_inputs(&a, &b);
            let (na, nb) = w2::ndarray_inputs(&a, &b);
            let mut hout = ha;
            let mut sout = a;
            let mut nout = na.clone();
            for _ in 0..calls {
                match imp {
                    "shaped" => w2::shaped(black_box(&a), black_box(&b), black_box(&mut sout)),
                    "shaped_to" => {
                        w2::shaped_to(black_box(&a), black_box(&b), black_box(&mut sout))
                    }
                    "shaped_ret" => drop(black_box(w2::shaped_ret(black_box(&a), black_box(&b)))),
                    "hand" => w2::hand(black_box(&ha), black_box(&hb), black_box(&mut hout)),
                    "ndarray" => drop(black_box(w2::ndarray_op(black_box(&na), black_box(&nb)))),
                    "ndarray_zip" => {
                        w2::ndarray_zip(black_box(&na), black_box(&nb), black_box(&mut nout))
                    }
                    other => panic!("unknown implementation {other} for w2"),
                }
            }
            w2::shaped(&a, &b, &mut sout);
            w2::hand(&ha, &hb, &mut hout);
            assert_eq!(
                sout.as_slice(),
                hout.as_flattened().as_flattened(),
                "shaped and hand disagree"
            );
        }
        "w3a_borrowed" => {
            let (a, b) = w3a_storage::inputs();
            let (mut sout, mut hout) = (vec![0.0f32; 64 * 64], vec![0.0f32; 64 * 64]);
            for _ in 0..calls {
                match imp {
                    "shaped_to" => {
                        w3a_storage::borrowed(black_box(&a), black_box(&b), black_box(&mut sout))
                    }
                    "hand" => w3a_storage::borrowed_hand(
                        black_box(&a),
                        black_box(&b),
                        black_box(&mut hout),
                    ),
                    other => panic!("unknown implementation {other} for w3a_borrowed"),
                }
            }
            w3a_storage::borrowed(&a, &b, &mut sout);
            w3a_storage::borrowed_hand(&a, &b, &mut hout);
            assert_eq!(sout, hout, "shaped and hand disagree");
        }
        "w3a_heap" => {
            let (va, vb) = w3a_storage::inputs();
            let a = w3a_storage::A::boxed_from_flat_fn(|i| va[i]);
            let b = w3a_storage::B::boxed_from_flat_fn(|i| vb[i]);
            let mut sout = w3a_storage::A::boxed_zeros();
            let ha: Box<[[f32; 64]; 64]> = Box::new(a.into_array());
            let hb: Box<[f32; 64]> = Box::new(b.into_array());
            let mut hout: Box<[[f32; 64]; 64]> = Box::new([[0.0; 64]; 64]);
            for _ in 0..calls {
                match imp {
                    "shaped_to" => {
                        w3a_storage::heap(black_box(&a), black_box(&b), black_box(&mut sout))
                    }
                    "hand" => {
                        w3a_storage::heap_hand(black_box(&ha), black_box(&hb), black_box(&mut hout))
                    }
                    other => panic!("unknown implementation {other} for w3a_heap"),
                }
            }
            w3a_storage::heap(&a, &b, &mut sout);
            w3a_storage::heap_hand(&ha, &hb, &mut hout);
            assert_eq!(
                sout.as_slice(),
                hout.as_flattened(),
                "shaped and hand disagree"
            );
        }
        "mixed4" | "mixed64" | "mixedd" => drive_mixed(workload, imp, calls),
        "rt0" | "rt1" => drive_reduce(workload, imp, calls),
        other => panic!("unknown workload {other}"),
    }
}

/// A workload with a run-time row count (`benches/workloads/mixed.rs`); the answer is checked
/// against the same sum computed element by element.
fn drive_mixed(workload: &str, imp: &str, calls: usize) {
    use shaped::{DynTensor, Tensor, shape};
    use workloads::mixed;
    let check = |got: &[f32], a: &[f32], b: &[f32]| {
        let want: Vec<f32> = a
            .iter()
            .enumerate()
            .map(|(i, x)| x + b[i % b.len()])
            .collect();
        assert_eq!(
            got,
            &want[..],
            "{workload} disagrees with the element-wise sum"
        );
    };
    match (workload, imp) {
        ("mixed4", "shaped_to") => {
            let (a, b) = mixed::inputs::<shape![Dyn, 4]>(4, 4);
            let b = Tensor::<f32, shape![4]>::try_from_slice(&b).unwrap();
            let mut out = a.clone();
            for _ in 0..calls {
                mixed::rows4(black_box(&a), black_box(&b), black_box(&mut out));
            }
            check(out.as_slice(), a.as_slice(), b.as_slice());
        }
        ("mixed64", "shaped_to") => {
            let (a, b) = mixed::inputs::<shape![Dyn, 64]>(64, 64);
            let b = Tensor::<f32, shape![64]>::try_from_slice(&b).unwrap();
            let mut out = a.clone();
            for _ in 0..calls {
                mixed::rows64(black_box(&a), black_box(&b), black_box(&mut out));
            }
            check(out.as_slice(), a.as_slice(), b.as_slice());
        }
        ("mixedd", "shaped_to") => {
            let (a, b) = mixed::inputs::<shape![Dyn, Dyn]>(4, 4);
            let b = Tensor::<f32, shape![Dyn]>::from_shape_vec(&[4], b).unwrap();
            let mut out = a.clone();
            for _ in 0..calls {
                mixed::any_rows(black_box(&a), black_box(&b), black_box(&mut out));
            }
            check(out.as_slice(), a.as_slice(), b.as_slice());
        }
        ("mixedd", "dyn_into") => {
            let (a, b) = mixed::inputs::<shape![Dyn, Dyn]>(4, 4);
            let a = DynTensor::from_shape_vec(&[4, 4], a.as_slice().to_vec()).unwrap();
            let b = DynTensor::from_shape_vec(&[4], b).unwrap();
            let mut out = a.clone();
            for _ in 0..calls {
                mixed::dyn_into(black_box(&a), black_box(&b), black_box(&mut out));
            }
            check(out.as_slice(), a.as_slice(), b.as_slice());
        }
        other => panic!("unknown implementation {other:?}"),
    }
}

/// A static sum along an axis of a transposed view (`benches/workloads/reduce.rs`); shaped's
/// answer and the hand loop's must agree.
fn drive_reduce(workload: &str, imp: &str, calls: usize) {
    use workloads::reduce;
    let x = reduce::input();
    let hx = x.into_array();
    let (mut sout, mut hout) = (reduce::Out::zeros(), [0.0f32; 64]);
    type Shaped = fn(&reduce::X, &mut reduce::Out);
    type Hand = fn(&[[f32; 64]; 64], &mut [f32; 64]);
    let (shaped, hand): (Shaped, Hand) = match workload {
        "rt0" => (reduce::rt0_shaped, reduce::rt0_hand),
        _ => (reduce::rt1_shaped, reduce::rt1_hand),
    };
    for _ in 0..calls {
        match imp {
            "shaped" => shaped(black_box(&x), black_box(&mut sout)),
            "hand" => hand(black_box(&hx), black_box(&mut hout)),
            other => panic!("unknown implementation {other} for {workload}"),
        }
    }
    shaped(&x, &mut sout);
    hand(&hx, &mut hout);
    assert_eq!(sout.as_slice(), &hout[..], "shaped and hand disagree");
}
