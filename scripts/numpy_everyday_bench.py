#!/usr/bin/env python3
"""numpy's side of benches/everyday.rs: median times of the same workloads on the same data
(f32: concatenate of two [1024, 1024] along each axis, take of 10^5 rows of a [100000, 16]
table, cumsum along each axis of [1024, 1024]), each allocating its result as the Rust variants
do. Prints one line each.

Run it with one thread and OpenBLAS's defaults (none of these calls BLAS, but the settings are
the same as for the other numpy benches):
`env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS=1 \
python3 scripts/numpy_everyday_bench.py`."""

import numpy as np

from bench_timing import median_seconds

N = 1024
ROWS = 100_000
COLS = 16


def values(n, shift=0):
    i = np.arange(n, dtype=np.int64) + shift
    return (((i * 37 + 11) % 101) * 0.5 - 20.0).astype(np.float32)


def rows():
    """The rows E2 picks: the bench's multiplicative hash, wrapping as u64 does."""
    i = np.arange(ROWS, dtype=np.uint64)
    with np.errstate(over="ignore"):
        h = (i * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)
    return (h % np.uint64(ROWS)).astype(np.intp)


def median_ms(fn):
    return median_seconds(fn) * 1e3


def main():
    a = values(N * N).reshape(N, N)
    b = values(N * N, 7).reshape(N, N)
    t = values(ROWS * COLS).reshape(ROWS, COLS)
    idx = rows()
    for name, fn in [
        ("E0 np.concatenate(axis=0)", lambda: np.concatenate([a, b], axis=0)),
        ("E1 np.concatenate(axis=1)", lambda: np.concatenate([a, b], axis=1)),
        ("E2 np.take(t, idx, axis=0)", lambda: np.take(t, idx, axis=0)),
        ("E2 t[idx]", lambda: t[idx]),
        ("E3 np.cumsum(axis=0)", lambda: np.cumsum(a, axis=0)),
        ("E4 np.cumsum(axis=1)", lambda: np.cumsum(a, axis=1)),
    ]:
        print(f"{name}: numpy {np.__version__} median {median_ms(fn):.3f} ms")


if __name__ == "__main__":
    main()
