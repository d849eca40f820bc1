//! The workloads a dependent crate runs, timed: `shaped-dependent [gate|all|=NAME] [REPEATS]`
//! (`=NAME`: the workloads whose name contains `NAME`, for a profiler).
//!
//! Each line printed is `name<TAB>nanoseconds`, the median of `REPEATS` timings (default 7) of
//! one call each (many calls a timing for the short ones, so that a timing is at least two
//! milliseconds). The profile gate (`cargo xtask ci`) and `cargo xtask profiles` build this crate
//! under each of the root manifest's `dependent-*` profiles and compare every build's figures
//! with the default profile's, measured in the same run.

use shaped::{DynTensor, Tensor, s, shape};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Numbers that are not all alike, the same in every build.
fn values(len: usize, seed: u32) -> impl Iterator<Item = f64> {
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(12_345);
    (0..len).map(move |_| {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        f64::from(x % 2001) / 1000.0 - 1.0
    })
}

fn matrix<T: From<f32> + Copy>(rows: usize, cols: usize, seed: u32) -> DynTensor<T> {
    let data = values(rows * cols, seed)
        .map(|v| T::from(v as f32))
        .collect();
    DynTensor::from_shape_vec(&[rows, cols], data).expect("rows * cols values")
}

/// The median time of one call of `f`, over `repeats` timings.
fn time(repeats: usize, mut f: impl FnMut()) -> Duration {
    // Calls a timing: enough for two milliseconds, from one untimed call.
    let start = Instant::now();
    f();
    let once = start.elapsed().max(Duration::from_nanos(1));
    let calls = (Duration::from_millis(2).as_nanos() / once.as_nanos()).clamp(1, 10_000) as u32;
    let mut times: Vec<Duration> = (0..repeats)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..calls {
                f();
            }
            start.elapsed() / calls
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

/// One workload: its name and the timed call.
type Workload = (&'static str, Box<dyn FnMut()>);

/// A dynamic product of `[m, k] x [k, n]`.
fn product<T>(m: usize, k: usize, n: usize) -> Box<dyn FnMut()>
where
    T: shaped::Product + From<f32> + 'static,
{
    let (a, b) = (matrix::<T>(m, k, 1), matrix::<T>(k, n, 2));
    Box::new(move || {
        black_box(a.try_matmul(black_box(&b)).expect("inner extents agree"));
    })
}

/// The products the gate times: the three shapes whose builds measured 4.8x to 157x slower.
fn gate() -> Vec<Workload> {
    vec![
        ("matmul [64,64]^2 f32", product::<f32>(64, 64, 64)),
        ("matmul [512,512]^2 f32", product::<f32>(512, 512, 512)),
        ("matmul [7,784]x[784,10] f32", product::<f32>(7, 784, 10)),
    ]
}

/// Every workload of the table.
fn all() -> Vec<Workload> {
    let mut list = gate();
    list.push(("matmul [64,64]^2 f64", product::<f64>(64, 64, 64)));
    list.push(("matmul [512,512]^2 f64", product::<f64>(512, 512, 512)));
    let a = Tensor::<f32, shape![8, 64]>::from_fn(|[i, j]| ((i * 64 + j) % 17) as f32 - 8.0);
    let b = Tensor::<f32, shape![64, 64]>::from_fn(|[i, j]| ((i * 64 + j) % 13) as f32 - 6.0);
    list.push((
        "static matmul [8,64]x[64,64] f32",
        Box::new(move || {
            black_box(black_box(&a).matmul(black_box(&b)));
        }),
    ));
    // The element-wise operands in L2 and L3 (1 MiB each): from memory, the same code's time
    // varied by 2x from round to round, which hid what the table is for.
    let (x, y) = (matrix::<f32>(512, 512, 3), matrix::<f32>(512, 512, 4));
    let (x1, y1) = (x.clone(), y.clone());
    list.push((
        "add [512,512] f32",
        Box::new(move || {
            black_box(x1.try_add(&y1).expect("same shapes"));
        }),
    ));
    let (x2, y2) = (x.clone(), y.clone());
    list.push((
        "transposed add [512,512] f32",
        Box::new(move || {
            black_box(x2.t().try_add(&y2).expect("same shapes"));
        }),
    ));
    let (x3, y3) = (x.clone(), y.clone());
    list.push((
        "reversed add [512,512] f32",
        Box::new(move || {
            let r = x3.try_slice(&s![..;-1, ..]).expect("a reversed view");
            black_box(r.try_add(&y3).expect("same shapes"));
        }),
    ));
    let x = matrix::<f32>(1024, 1024, 3);
    let x4 = x.clone();
    list.push((
        "sum axis 0 [1024,1024] f32",
        Box::new(move || {
            black_box(x4.try_sum(0, false).expect("axis 0"));
        }),
    ));
    let x5 = x.clone();
    list.push((
        "sum axis 1 [1024,1024] f32",
        Box::new(move || {
            black_box(x5.try_sum(1, false).expect("axis 1"));
        }),
    ));
    let x6 = x.clone();
    list.push((
        "argmax axis 1 [1024,1024] f32",
        Box::new(move || {
            black_box(x6.try_argmax(Some(1), false).expect("axis 1"));
        }),
    ));
    let x7 = x;
    list.push((
        "sort axis 1 [1024,1024] f32",
        Box::new(move || {
            black_box(x7.try_sort(1).expect("axis 1"));
        }),
    ));
    #[cfg(feature = "baseline")]
    {
        let data = |seed| {
            values(512 * 512, seed)
                .map(|v| v as f32)
                .collect::<Vec<f32>>()
        };
        let a = ndarray::Array2::from_shape_vec((512, 512), data(1)).expect("512 * 512");
        let b = ndarray::Array2::from_shape_vec((512, 512), data(2)).expect("512 * 512");
        list.push((
            "ndarray dot [512,512]^2 f32",
            Box::new(move || {
                black_box(black_box(&a).dot(black_box(&b)));
            }),
        ));
    }
    list
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let which = args.first().map(String::as_str).unwrap_or("all");
    let repeats = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(7);
    // One thread, as the baselines run.
    shaped::set_max_threads(1);
    let list = match which {
        "gate" => gate(),
        "all" => all(),
        // One workload by a piece of its name, for a profiler.
        other if other.starts_with('=') => {
            let mut list = all();
            list.retain(|(name, _)| name.contains(&other[1..]));
            list
        }
        other => {
            eprintln!("usage: shaped-dependent [gate|all|=NAME] [REPEATS] (not `{other}`)");
            std::process::exit(2);
        }
    };
    for (name, mut f) in list {
        println!("{name}\t{}", time(repeats, &mut f).as_nanos());
    }
}
