//! Data processing with shapes known only at run time: two CSV files of flower measurements
//! (`examples/data/flowers.csv`, 24 rows, and `flowers-more.csv`, 6 more; made-up numbers of
//! made-up species) read into `DynTensor<f64>`s, joined, standardised, sorted, split into a
//! training and a test set, and the test rows classified by the nearest class centre.
//!
//! Each step is one numpy-like call, named in the comments. Every operation says what does not
//! fit (`ShapeError`) rather than panicking, so the whole program is `?` from top to bottom.
//!
//! `cargo run --release --example csv` (also run by `cargo test`, through its test below).

use std::error::Error;

use shaped::{DynTensor, s, try_concatenate};

/// The species, in the order of their codes in the table's last column.
const SPECIES: [&str; 3] = ["alpina", "borealis", "cordata"];

/// Reads a CSV file with a header line: four measurements and a species name per row, into a
/// `[rows, 5]` table whose last column is the species' index in [`SPECIES`].
fn read_table(name: &str) -> Result<DynTensor<f64>, Box<dyn Error>> {
    let path = format!("{}/examples/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let mut values = Vec::new();
    let mut rows = 0;
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let [measurements @ .., species] = fields.as_slice() else {
            unreachable!("`split` yields at least one field")
        };
        if measurements.len() != 4 {
            return Err(format!("{path}: {line:?} does not have 5 fields").into());
        }
        for m in measurements {
            values.push(
                m.parse::<f64>()
                    .map_err(|e| format!("{path}: {m:?}: {e}"))?,
            );
        }
        let code = SPECIES
            .iter()
            .position(|s| s == species)
            .ok_or_else(|| format!("{path}: unknown species {species:?}"))?;
        values.push(code as f64);
        rows += 1;
    }
    // The shape is checked against the number of values once more (it cannot fail here).
    Ok(DynTensor::from_shape_vec(&[rows, 5], values)?)
}

/// What the program found, for the test to check (`main` only prints it).
#[cfg_attr(not(test), allow(dead_code))]
struct Findings {
    /// Rows of the joined table, and how many of each species.
    rows: usize,
    counts: [usize; 3],
    /// Each measurement's mean and (population) standard deviation over all rows.
    mean: Vec<f64>,
    std: Vec<f64>,
    /// The rows with the shortest and the longest petals.
    shortest: Vec<f64>,
    longest: Vec<f64>,
    /// Each test row's true and predicted species.
    truth: Vec<usize>,
    predicted: Vec<usize>,
}

fn run() -> Result<Findings, Box<dyn Error>> {
    // Join two tables row-wise: numpy's `concatenate([a, b], axis=0)`. Every other extent must
    // agree (both have 5 columns), else this is a `ShapeError::JoinShape`.
    let first = read_table("flowers.csv")?;
    let more = read_table("flowers-more.csv")?;
    let table = try_concatenate(&[first.view(), more.view()], 0)?;
    let rows = table.shape()[0];
    println!("joined table {:?} (the first 3 rows):", table.shape());
    println!("{}\n", table.try_slice(&s![..3, ..])?);

    // An integer index removes its axis: `table[:, 4]` is the 1-D column of species codes.
    let species = table.try_slice(&s![.., 4])?;
    let mut counts = [0; 3];
    for &code in species.to_vec().iter() {
        counts[code as usize] += 1;
    }
    println!("rows per species {SPECIES:?}: {counts:?}");

    // Standardise the four measurements: (x - mean) / std, numpy's `mean(axis=0, keepdims=True)`
    // and `std(axis=0, keepdims=True)`. keepdims leaves `[1, 4]`, which broadcasts over the rows.
    let features = table.try_slice(&s![.., ..4])?; // a view, [30, 4]
    let mean = features.try_mean(0, true)?;
    let std = features.try_std(0, 0, true)?;
    let z = features.try_sub(&mean)?.try_div(&std)?;
    println!("mean {mean:.3}, std {std:.3}");

    // Sort the rows by petal length (column 2): `argsort` of the column, then `take` those rows.
    let order = table.try_slice(&s![.., 2])?.try_argsort(0)?;
    let order: Vec<isize> = order.to_vec().into_iter().map(|i| i as isize).collect();
    let sorted = table.try_take(&order, Some(0))?;
    let shortest = sorted.try_index_axis(0, 0)?.to_vec();
    let longest = sorted.try_index_axis(0, -1)?.to_vec();
    println!("shortest petals {shortest:?}, longest {longest:?}");

    // Hold out the second file's rows: split at row 24 into two views, nothing copied.
    let held_out = first.shape()[0];
    let [train, test] = <[_; 2]>::try_from(z.try_split_at(&[held_out], 0)?)
        .map_err(|_| "one split index makes two pieces")?;
    let [train_species, test_species] = <[_; 2]>::try_from(species.try_split_at(&[held_out], 0)?)
        .map_err(|_| "one split index makes two pieces")?;

    // Each species' centre in the training rows: the rows whose code matches (numpy's
    // `compress`), averaged.
    let codes: Vec<usize> = train_species.to_vec().iter().map(|&c| c as usize).collect();
    let mut centres = Vec::new();
    for k in 0..SPECIES.len() {
        let mask: Vec<bool> = codes.iter().map(|&c| c == k).collect();
        centres.push(train.try_compress(&mask, Some(0))?.try_mean(0, false)?);
    }

    // Classify each test row by its nearest centre, iterating the rows (numpy's `for row in a`).
    let mut predicted = Vec::new();
    for row in test.outer_iter() {
        let mut distances = Vec::new();
        for centre in &centres {
            let d = row.try_sub(centre)?;
            distances.push(d.try_mul(&d)?.iter().sum::<f64>());
        }
        let nearest = (0..distances.len())
            .min_by(|&a, &b| distances[a].total_cmp(&distances[b]))
            .ok_or("no species")?;
        predicted.push(nearest);
    }
    let truth: Vec<usize> = test_species.to_vec().iter().map(|&c| c as usize).collect();
    println!("test rows: species {truth:?}, predicted {predicted:?}");

    Ok(Findings {
        rows,
        counts,
        mean: mean.to_vec(),
        std: std.to_vec(),
        shortest,
        longest,
        truth,
        predicted,
    })
}

fn main() -> Result<(), Box<dyn Error>> {
    run().map(|_| ())
}

#[cfg(test)]
mod tests {
    /// Checked against numpy on the same files: `np.concatenate`, `mean(0)`, `std(0)`,
    /// `argsort(kind="stable")`, and the nearest of the per-species means of the first 24
    /// standardised rows.
    #[test]
    fn the_findings_are_numpys() {
        let f = super::run().expect("the shipped files parse");
        assert_eq!((f.rows, f.counts), (30, [10, 10, 10]));
        let close = |got: &[f64], want: &[f64]| {
            got.len() == want.len() && got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-6)
        };
        assert!(
            close(&f.mean, &[5.79666667, 3.06333333, 3.81466667, 1.19666667]),
            "{:?}",
            f.mean
        );
        assert!(
            close(&f.std, &[0.66306527, 0.314625, 1.70502734, 0.68725703]),
            "{:?}",
            f.std
        );
        assert_eq!(f.shortest, [5.5, 3.1, 1.12, 0.4, 0.0]);
        assert_eq!(f.longest, [6.4, 3.2, 5.94, 2.1, 2.0]);
        assert_eq!(f.truth, [2, 0, 1, 2, 0, 0]);
        assert_eq!(f.predicted, f.truth);
    }
}
