#!/usr/bin/env python3
"""numpy's side of benches/views.rs: median times (f32, [1024, 1024]) of
`np.ascontiguousarray(a.T)`, `a.T + b`, `a[:, ::-1] + b` and the contiguous `a + b`, each
allocating its result as the Rust variants do. Prints one line each."""

import numpy as np

from bench_timing import median_seconds

N = 1024


def values(salt):
    i = np.arange(N * N, dtype=np.int64) + salt
    return (((i * 37 + 11) % 101) * 0.5 - 20.0).astype(np.float32).reshape(N, N)


def median_ns(fn):
    return median_seconds(fn) * 1e9


def main():
    a, b = values(0), values(7)
    for name, fn in [
        ("V1 ascontiguousarray(a.T)", lambda: np.ascontiguousarray(a.T)),
        ("V2 a.T + b", lambda: a.T + b),
        ("V3 a[:, ::-1] + b", lambda: a[:, ::-1] + b),
        ("contiguous a + b", lambda: a + b),
    ]:
        print(f"{name}: numpy {np.__version__} median {median_ns(fn) / 1e6:.3f} ms")


if __name__ == "__main__":
    main()
