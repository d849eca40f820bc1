//! A short tour of `shaped`: static shapes, compile-time broadcasting, views, element-wise ops,
//! shapes known only at run time, and ncnn's broadcasting rule.
//!
//! Run with `cargo run --release --example tour`.

// `&a + &b` is the idiom for tensors (no copy of the operands); clippy suggests dropping the `&`
// only because small `Copy` tensors also implement `a + b`.
#![allow(clippy::op_ref)]

use shaped::{DynTensor, Tensor, ncnn, s, shape, slice, tensor};

fn main() {
    println!("== shaped: a tour ==\n");

    // Shapes live in the type; storage is inline.
    let a: Tensor<f32, shape![2, 3]> = tensor![[1., 2., 3.], [4., 5., 6.]];
    let b = tensor![10., 20., 30.]; // Tensor<f32, shape![3]>
    println!("a (shape {:?}) =\n{a}\n", a.shape());
    println!("b (shape {:?}) = {b}\n", b.shape());

    // Broadcasting, checked by the compiler: [2, 3] + [3] -> [2, 3].
    let c = &a + &b;
    println!("a + b (shape {:?}) =\n{c}\n", c.shape());

    // Both operands may stretch: [4, 1] + [3] -> [4, 3].
    let col = Tensor::<i32, shape![4, 1]>::from_fn(|[i, _]| i as i32 * 100);
    let row = tensor![1, 2, 3];
    let outer = &col + &row;
    println!("[4, 1] + [3] -> {:?} =\n{outer}\n", outer.shape());

    // A broadcast view: stride 0 on the new axes, nothing copied.
    let v = b.broadcast_to::<shape![4, 2, 3]>();
    println!(
        "b.broadcast_to::<shape![4, 2, 3]>(): shape {:?}, strides {:?}, v[[3, 1, 2]] = {}",
        v.shape(),
        v.strides(),
        v[[3, 1, 2]]
    );
    println!(
        "the view copied nothing: it reads {} elements of b\n",
        b.len()
    );

    // Scalars, in-place ops, element-wise methods with any output type.
    let mut d = &a * 2.0;
    d += &b; // allowed: [3] broadcasts into [2, 3] without growing it
    println!("a * 2 + b =\n{d}\n");
    let mask = a.gt(&tensor![[2.5], [5.5]]);
    println!("a > [[2.5], [5.5]] =\n{mask}\n");
    println!("sum(a) = {}", a.sum());
    println!("minimum(a, 3.5) =\n{}\n", a.minimum(&tensor![3.5]));

    // Writing into a tensor you already have: no temporary (what firmware wants).
    let mut out = Tensor::<f32, shape![2, 3]>::zeros();
    a.add_to(&b, &mut out);
    out.zip_update(&a, &b, |o, x, y| *o += x * y); // fused multiply-accumulate
    println!("out = a + b, then out += a * b =\n{out}");

    // Extents of any size; the element count is a constant.
    type Big = shape![1920, 1080];
    println!(
        "\nshape![1920, 1080]: {} elements, strides {:?}",
        <Big as shaped::Shape>::NUM,
        <Big as shaped::Shape>::STRIDES
    );

    // Shapes known only at run time: the same rule, checked when the operation runs.
    println!("\n-- shapes known at run time (DynTensor) --");
    let x = DynTensor::from_shape_vec(&[2, 1, 4], (0..8).map(|i| i as f32).collect())
        .expect("8 values fill [2, 1, 4]");
    let y = x
        .try_add(&DynTensor::from_shape_vec(&[3, 1], vec![0., 10., 20.]).expect("3 values"))
        .expect("[2, 1, 4] and [3, 1] broadcast");
    println!(
        "[2, 1, 4] + [3, 1] -> {:?}, row [1, 2, :] = {:?}",
        y.shape(),
        {
            (0..4)
                .map(|k| y.get(&[1, 2, k]).copied().unwrap())
                .collect::<Vec<_>>()
        }
    );
    match x.try_add(&DynTensor::<f32>::ones(&[3])) {
        Ok(_) => println!("[2, 1, 4] + [3] unexpectedly broadcast"),
        Err(e) => println!("[2, 1, 4] + [3] -> Err: {e}"),
    }
    let z: Result<Tensor<f32, shape![2, 3, 4]>, _> = y.try_into();
    println!("back to Tensor<f32, shape![2, 3, 4]>: {}", z.is_ok());
    let rank9 = DynTensor::<f32>::ones(&[2, 1, 2, 1, 2, 1, 2, 1, 64])
        .try_add(&DynTensor::<f32>::ones(&[1, 2, 1, 2, 1, 2, 1, 2, 1]))
        .expect("rank 9 broadcasts");
    println!("rank 9: {:?} ({} elements)", rank9.shape(), rank9.len());
    let big = DynTensor::<f32>::filled(&[256, 256, 64], 0.5);
    let sum = big
        .try_add(&DynTensor::from_fn(&[64], |i| i[0] as f32))
        .expect("bias add");
    println!(
        "[256, 256, 64] + [64]: {} elements, last = {} (outputs of 4 MiB and more run on up to {} threads)",
        sum.len(),
        sum.as_slice()[sum.len() - 1],
        shaped::max_threads()
    );

    // Shapes known in part: a batch read at run time, features checked by the compiler.
    println!("\n-- shapes known in part --");
    let rows = 3; // as if read from a file
    let x = Tensor::<f32, shape![Dyn, 4]>::from_shape_fn(&[rows, 4], |[r, c]| (r * 4 + c) as f32)
        .expect("extents [3, 4] fit shape![Dyn, 4]");
    let w = Tensor::<f32, shape![4, 2]>::from_fn(|[r, c]| if r == c { 1.0 } else { 0.5 });
    let y = &x.matmul(&w) + &tensor![100., 200.];
    println!(
        "x: [Dyn = {rows}, 4]; x.matmul(w) + [100, 200] (shape {:?}) =\n{y}",
        y.shape()
    );
    let wrong = Tensor::<f32, shape![Dyn, 4]>::from_elem(&[2, 4], 1.0).expect("[2, 4]");
    match x.try_add(&wrong) {
        Ok(_) => println!("3 rows against 2 were accepted"),
        Err(e) => println!("[Dyn = 3, 4] + [Dyn = 2, 4] -> Err: {e}"),
    }
    let fixed: Tensor<f32, shape![3, 2]> = y.try_into_shape().expect("3 rows");
    println!("try_into_shape::<shape![3, 2]>() -> {:?}", fixed.shape());

    // Views that change shape: nothing copied, any strides, every operation reads them.
    println!("\n-- views --");
    let m = DynTensor::from_fn(&[3, 4], |i| (10 * i[0] + i[1]) as i32);
    let rev = m.try_slice(&s![.., ..;-1]).expect("a valid slice");
    println!(
        "m[:, ::-1] = {:?} (strides {:?})",
        rev.to_vec(),
        rev.strides()
    );
    println!(
        "diagonal(1) = {:?}, m.T + [100, 200, 300] = {:?}",
        m.try_diagonal(1, 0, 1).expect("two axes").to_vec(),
        m.t()
            .try_add(&DynTensor::from_shape_vec(&[3], vec![100, 200, 300]).expect("3 values"))
            .expect("[4, 3] + [3]")
            .to_vec()
    );
    match m.try_permute(&[0, 0]) {
        Ok(_) => println!("a repeated axis was accepted"),
        Err(e) => println!("permute [0, 0] -> Err: {e}"),
    }
    let sm = tensor![[1, 2, 3], [4, 5, 6]];
    let st: Tensor<i32, shape![3, 2]> = &sm.t() + &tensor![10, 20];
    println!(
        "static: [[1, 2, 3], [4, 5, 6]].t() + [10, 20] = {:?}",
        st.as_slice()
    );
    let odd: Tensor<i32, shape![2, 2]> = slice!(sm, .., 0..3;2).to_tensor();
    println!(
        "static: slice!(m, .., 0..3;2) = {:?} (shape [2, 2] in the type)",
        odd.as_slice()
    );

    // A static shape too large for the stack: built on the heap in place, or over your buffer.
    let img: Box<Tensor<f32, shape![1080, 1920]>> = Tensor::boxed_from_flat_fn(|i| (i % 3) as f32);
    let mut out = vec![0.0f32; 1080 * 1920];
    let mut dst = shaped::TensorViewMut::<f32, shape![1080, 1920]>::try_from_slice(&mut out)
        .expect("the buffer holds 1080 x 1920");
    img.add_to(&Tensor::<f32, shape![1920]>::filled(1.0), &mut dst);
    println!(
        "HD image on the heap + a row, into a Vec: sum = {}",
        dst.view().sum()
    );

    println!("\n-- reductions and sorts --");
    let scores = DynTensor::from_shape_vec(
        &[2, 4],
        vec![0.5f32, f32::NAN, 3.0, -1.0, 2.0, 2.0, -0.0, 7.5],
    )
    .expect("8 values for [2, 4]");
    println!(
        "scores {:?}: sum(axis=1) = {:?}, max(axis=0) = {:?}",
        scores.to_vec(),
        scores.try_sum(1, false).expect("axis 1 exists").to_vec(),
        scores.try_max(0, false).expect("axis 0 exists").to_vec()
    );
    println!(
        "argmax(axis=-1) = {:?} (the NaN wins, as in numpy), sort(axis=-1) = {:?}",
        scores
            .try_argmax(Some(-1), false)
            .expect("axis -1 exists")
            .to_vec(),
        scores.try_sort(-1).expect("axis -1 exists").to_vec()
    );
    match scores.try_sum(&[1, -1], false) {
        Ok(_) => println!("a repeated axis was accepted"),
        Err(e) => println!("sum over [1, -1] -> Err: {e}"),
    }
    let logits = tensor![[0.1f32, 2.5, 0.3], [4.0, -1.0, 4.0]];
    let class: Tensor<usize, shape![2]> = logits.argmax_axis::<-1>();
    println!(
        "static: argmax_axis::<-1>() of {:?} = {:?}, mean_axis::<0>() = {:?}",
        logits.as_slice(),
        class.as_slice(),
        logits.mean_axis::<0>().as_slice()
    );
    let runs = tensor![1, 1, 2, 2, 3, 1, 1, 2].unique_consecutive();
    println!(
        "unique_consecutive [1, 1, 2, 2, 3, 1, 1, 2]: values {:?}, counts {:?} (no allocation)",
        runs.values(),
        runs.counts()
    );

    println!("\n-- matrix products --");
    let rot = tensor![[0.0f32, -1.0], [1.0, 0.0]];
    let turned: Tensor<f32, shape![2]> = rot.matmul(&tensor![1.0, 2.0]);
    println!("[[0, -1], [1, 0]] x [1, 2] = {:?}", turned.as_slice());
    let x = DynTensor::from_shape_vec(&[2, 3], vec![1, 2, 3, 4, 5, 6]).expect("6 values");
    println!(
        "x x x.T = {:?}; x x x -> {}",
        x.try_matmul(&x.t()).expect("[2, 3] x [3, 2]").to_vec(),
        x.try_matmul(&x).expect_err("3 vs 2")
    );

    println!("\n-- ncnn's broadcasting --");
    let m = DynTensor::from_shape_vec(&[2, 2], vec![1, 2, 3, 4]).expect("4 values");
    let v = DynTensor::from_shape_vec(&[2], vec![10, 20]).expect("2 values");
    println!(
        "[[1, 2], [3, 4]] + [10, 20]: ncnn {:?} (on the rows), numpy {:?}; as numpy shapes ncnn pairs {:?}",
        ncnn::try_add(&m, &v)
            .expect("a tie: the outer axis")
            .to_vec(),
        m.try_add(&v).expect("numpy: the last axis").to_vec(),
        ncnn::expand_shapes(m.shape(), v.shape()).expect("ncnn pairs them")
    );
    println!(
        "[4, 3, 5] with [3, 5] -> {}",
        ncnn::broadcast_shapes(&[4, 3, 5], &[3, 5]).expect_err("ncnn lays [3, 5] out as [3, 5, 1]")
    );

    // An incompatible pair does not compile. This is what `cargo check` says for it
    // (tests/ui/rank2_vs_rank1.rs holds the exact snapshot):
    println!("\n`&a + &tensor![1., 2.]` with a: [2, 3] does not compile:");
    println!(
        "{}",
        include_str!("../tests/ui/rank2_vs_rank1.stderr")
            .lines()
            .take(1)
            .collect::<String>()
    );
}
