//! Dynamic-rank benches (placeholder until the dynamic fallback lands).

fn main() {}
