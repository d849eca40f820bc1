#!/usr/bin/env python3
"""numpy's side of benches/reductions.rs: median times of the same workloads on the same data
(f32 `[1024, 1024]` sums and argmax, `[1000, 1000]` sorts with 1% NaN, 10^6-element runs), each
allocating its result as the Rust variants do. Prints one line each; with arguments, only the
rows whose name starts with one of them (`python3 scripts/numpy_reduce_bench.py R3`)."""


import sys

import numpy as np

from bench_timing import median_seconds

N = 1024


def values(n):
    i = np.arange(n, dtype=np.int64)
    return (((i * 37 + 11) % 101) * 0.5 - 20.0).astype(np.float32)


def sort_values(m):
    i = np.arange(m * m, dtype=np.uint64)
    h = (i * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)
    v = (h % np.uint64(100_003)).astype(np.float32) - 50_000.0
    v[h % np.uint64(100) == 0] = np.nan
    return v.reshape(m, m)


def sort_rows(m):
    """R3's `shaped_dyn_unstable_{ty}` rows: np.sort of the same values without NaN, per dtype."""
    i = np.arange(m * m, dtype=np.uint64)
    h = (i * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)
    v = ((h % np.uint64(100_003)).astype(np.int64) - 50_000).reshape(m, m)
    return [
        (f"R3 np.sort (default) {ty}", lambda b=v.astype(dt): np.sort(b, axis=-1))
        for ty, dt in [("f32", np.float32), ("i32", np.int32), ("f64", np.float64), ("i64", np.int64)]
    ]


def hashed():
    """R3's values without the NaNs: 10^6 hashed integers in +-50000, as int64."""
    i = np.arange(1000 * 1000, dtype=np.uint64)
    h = (i * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)
    return (h % np.uint64(100_003)).astype(np.int64) - 50_000


def short_rows():
    """R5's rows: np.sort along the last axis of short lanes, the same values as R3's."""
    v = hashed()
    return [
        (f"R5 np.sort {ty}_{r}x{n}", lambda b=v.astype(dt).reshape(r, n): np.sort(b, axis=-1))
        for r, n in [(100_000, 10), (50_000, 20)]
        for ty, dt in [("i32", np.int32), ("i64", np.int64), ("f32", np.float32)]
    ]


def short_stable_rows():
    """R6's rows: np.sort(kind='stable') along the last axis of short lanes, R3's values."""
    v = hashed()
    return [
        (
            f"R6 np.sort(kind='stable') {ty}_{r}x{n}",
            lambda b=v.astype(dt).reshape(r, n): np.sort(b, axis=-1, kind="stable"),
        )
        for r, n in [(500_000, 2), (100_000, 10), (20_000, 50)]
        for ty, dt in [("f32", np.float32), ("i64", np.int64)]
    ]


def argsort_rows():
    """R7's rows: np.argsort(kind='stable') along the last axis, R3's values."""
    v = hashed()
    return [
        (
            f"R7 np.argsort(kind='stable') {ty}_{r}x{n}",
            lambda b=v.astype(dt).reshape(r, n): np.argsort(b, axis=-1, kind="stable"),
        )
        for r, n in [(1000, 1000), (500_000, 2), (100_000, 10)]
        for ty, dt in [("f32", np.float32), ("i64", np.int64)]
    ]


def unique_consecutive(a):
    """The flat unique_consecutive with inverse and counts, as numpy code would write it."""
    starts = np.empty(a.shape, dtype=bool)
    starts[0] = True
    np.not_equal(a[1:], a[:-1], out=starts[1:])
    inverse = np.cumsum(starts) - 1
    idx = np.flatnonzero(starts)
    counts = np.diff(np.append(idx, a.size))
    return a[idx], inverse, counts


def arg_rows(a):
    """The `A_*` rows: argmax and argmin along the last and the first axis, per dtype."""
    rows = []
    for ty, b in [
        ("f32", a),
        ("f64", a.astype(np.float64)),
        ("i32", (a * 2).astype(np.int32)),
        ("i64", (a * 2).astype(np.int64)),
        ("u8", (a * 2 + 40).astype(np.uint8)),
        ("i8", (a * 2).astype(np.int8)),
        ("u16", (a * 2 + 40).astype(np.uint16)),
        ("u32", (a * 2 + 40).astype(np.uint32)),
    ]:
        for name, axis in [("last", -1), ("first", 0)]:
            for op in ["argmax", "argmin"]:
                fn = getattr(b, op)
                rows.append((f"A_{name}_{ty} {op}(axis={axis})", lambda f=fn, k=axis: f(axis=k)))
    return rows


def median_ms(fn):
    return median_seconds(fn) * 1e3


def main():
    a = values(N * N).reshape(N, N)
    s = sort_values(1000)
    u = ((np.arange(1_000_000) // 3) % 1000).astype(np.int32)
    small = values(256 * 256).reshape(256, 256)
    for name, fn in [
        ("R0 a.sum(axis=0)", lambda: a.sum(axis=0)),
        ("R1 a.sum(axis=1)", lambda: a.sum(axis=1)),
        ("R2 a.argmax(axis=-1)", lambda: a.argmax(axis=-1)),
        ("R3 np.sort(kind='stable')", lambda: np.sort(s, axis=-1, kind="stable")),
        ("R3 np.sort (default)", lambda: np.sort(s, axis=-1)),
        ("R4 unique_consecutive", lambda: unique_consecutive(u)),
        ("S0 [256, 256].sum(axis=0)", lambda: small.sum(axis=0)),
        ("S1 [256, 256].sum(axis=1)", lambda: small.sum(axis=1)),
    ] + sort_rows(1000) + short_rows() + short_stable_rows() + argsort_rows() + arg_rows(a):
        if len(sys.argv) > 1 and not name.startswith(tuple(sys.argv[1:])):
            continue
        print(f"{name}: numpy {np.__version__} median {median_ms(fn):.3f} ms")


if __name__ == "__main__":
    main()
