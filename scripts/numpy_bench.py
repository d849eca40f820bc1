#!/usr/bin/env python3
"""numpy's side of benches/dynamic.rs: median time of `np.add(a, b, out=c)` per workload (f32).

Writes target/numpy_bench.json ({workload: median ns}) for scripts/bench_ratios.py, and prints
it. numpy writes into a preallocated `c` (its fastest form); the Rust variants allocate their
output, so this baseline is, if anything, flattered.
"""

import json
import os
import statistics
import sys
import timeit

import numpy as np

WORKLOADS = {
    "W3a": ([64, 64], [64]),
    "W4": ([256, 256, 64], [64]),
    "W5": ([256, 1, 64], [1, 256, 1]),
    "W6": ([4194304], [4194304]),
    "W1": ([4, 4], [4]),
    "W7": ([2, 1, 2, 1, 2, 1, 2, 1, 64], [1, 2, 1, 2, 1, 2, 1, 2, 1]),
}


def values(shape, salt):
    n = int(np.prod(shape))
    i = np.arange(n, dtype=np.int64) + salt
    return (((i * 37 + 11) % 101) * 0.5 - 20.0).astype(np.float32).reshape(shape)


def main():
    out = {}
    for name, (sa, sb) in WORKLOADS.items():
        a, b = values(sa, 0), values(sb, 7)
        c = np.empty(np.broadcast_shapes(tuple(sa), tuple(sb)), dtype=np.float32)
        timer = timeit.Timer(lambda: np.add(a, b, out=c))
        number, _ = timer.autorange()  # enough calls for >= 0.2 s
        number = max(1, number // 4)
        runs = timer.repeat(repeat=15, number=number)
        out[name] = statistics.median(runs) / number * 1e9
        print(f"{name}: numpy np.add(out=) median {out[name]:.0f} ns")
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    path = os.path.join(root, "target", "numpy_bench.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(out, f, indent=1)
    print(f"wrote {path} (numpy {np.__version__})", file=sys.stderr)


if __name__ == "__main__":
    main()
