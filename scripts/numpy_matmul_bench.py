#!/usr/bin/env python3
"""numpy's side of benches/matmul.rs: median times of `a @ b` on the same workloads (OpenBLAS;
its thread count is printed, set it with OPENBLAS_NUM_THREADS=1 to match shaped's one thread)."""

import os

import numpy as np

from bench_timing import median_seconds


def values(n, salt=0):
    i = np.arange(n, dtype=np.int64) + salt
    return (((i * 37 + 11) % 101) * 0.5 - 20.0).astype(np.float32)


def median_ms(fn):
    return median_seconds(fn) * 1e3


def main():
    n = 512
    a, b = values(n * n).reshape(n, n), values(n * n, 3).reshape(n, n)
    s = values(64 * 64 * 64).reshape(64, 64, 64)
    w = b.reshape(-1)[: 64 * 64].reshape(64, 64)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    s1a, s1b = values(7 * 784).reshape(7, 784), values(784 * 10, 3).reshape(784, 10)
    s2a, s2b = values(16 * 16).reshape(16, 16), values(16 * 16, 3).reshape(16, 16)
    s3a, s3x = values(256 * 256).reshape(256, 256), values(256, 3)
    s4a, s4x = s3a.astype(np.float64), s3x.astype(np.float64)
    s5a, s5b = values(1000 * 3).reshape(1000, 3), values(3 * 3, 3).reshape(3, 3)
    s6a, s6b = values(10000 * 4).reshape(10000, 4), values(4 * 4, 3).reshape(4, 4)
    s7a, s7b = values(512).reshape(1, 512), values(512 * 512, 3).reshape(512, 512)
    s8a = values(4 * 512).reshape(4, 512)
    s9a, s9b = values(8 * 1024).reshape(8, 1024), values(1024 * 1024, 3).reshape(1024, 1024)
    s10a, s10b = values(6 * 256).reshape(6, 256), values(256 * 1024, 3).reshape(256, 1024)
    s11a, s11b = values(8 * 128).reshape(8, 128), values(128 * 128, 3).reshape(128, 128)
    s12a = values(16 * 512).reshape(16, 512)
    s13a, s13b = values(64 * 784).reshape(64, 784), values(784 * 10, 3).reshape(784, 10)
    s14a, s14b = values(1000 * 784).reshape(1000, 784), values(784 * 16, 3).reshape(784, 16)
    s15a, s15b = values(64 * 64).reshape(64, 64), values(64 * 64, 3).reshape(64, 64)
    s16a, s16b = values(256 * 256).reshape(256, 256), values(256 * 256, 3).reshape(256, 256)
    s17a = values(128 * 128).reshape(128, 128).astype(np.float64)
    s17b = values(128 * 128, 3).reshape(128, 128).astype(np.float64)
    s18a = values(2 * 512).reshape(2, 512)
    s19a, s19b = values(3 * 64).reshape(3, 64), values(64 * 1000, 3).reshape(64, 1000)
    s20a, s20b = values(1000 * 64).reshape(1000, 64), values(64 * 4, 3).reshape(64, 4)
    s21a, s21b = values(1000 * 784).reshape(1000, 784), values(784 * 8, 3).reshape(784, 8)
    s22a = values(1024).reshape(1, 1024)
    s23a, s23b = s22a.astype(np.float64), s9b.astype(np.float64)
    s24a, s24b = values(128 * 128).reshape(128, 128), values(128, 3).reshape(128, 1)
    s25a = values(1000 * 64).reshape(1000, 64).astype(np.float64)
    s25b = values(64, 3).reshape(64, 1).astype(np.float64)
    threads = os.environ.get("OPENBLAS_NUM_THREADS", "default")
    for name, fn in [
        ("M1 [512,512] @ [512,512] f32", lambda: a @ b),
        ("M2 [512,512] @ [512,512] f64", lambda: a64 @ b64),
        ("M3 [64,64,64] @ [64,64] f32", lambda: s @ w),
        ("M4 a @ b.T f32", lambda: a @ b.T),
        ("S1 [7,784] @ [784,10] f32", lambda: s1a @ s1b),
        ("S2 [16,16] @ [16,16] f32", lambda: s2a @ s2b),
        ("S3 [256,256] @ [256] f32", lambda: s3a @ s3x),
        ("S4 [256,256] @ [256] f64", lambda: s4a @ s4x),
        ("S5 [1000,3] @ [3,3] f32", lambda: s5a @ s5b),
        ("S6 [10000,4] @ [4,4] f32", lambda: s6a @ s6b),
        ("S7 [1,512] @ [512,512] f32", lambda: s7a @ s7b),
        ("S8 [4,512] @ [512,512] f32", lambda: s8a @ s7b),
        ("S9 [8,1024] @ [1024,1024] f32", lambda: s9a @ s9b),
        ("S10 [6,256] @ [256,1024] f32", lambda: s10a @ s10b),
        ("S11 [8,128] @ [128,128] f32", lambda: s11a @ s11b),
        ("S12 [16,512] @ [512,512] f32", lambda: s12a @ s7b),
        ("S13 [64,784] @ [784,10] f32", lambda: s13a @ s13b),
        ("S14 [1000,784] @ [784,16] f32", lambda: s14a @ s14b),
        ("S15 [64,64] @ [64,64] f32", lambda: s15a @ s15b),
        ("S16 [256,256] @ [256,256] f32", lambda: s16a @ s16b),
        ("S17 [128,128] @ [128,128] f64", lambda: s17a @ s17b),
        ("S18 [2,512] @ [512,512] f32", lambda: s18a @ s7b),
        ("S19 [3,64] @ [64,1000] f32", lambda: s19a @ s19b),
        ("S20 [1000,64] @ [64,4] f32", lambda: s20a @ s20b),
        ("S21 [1000,784] @ [784,8] f32", lambda: s21a @ s21b),
        ("S22 [1,1024] @ [1024,1024] f32", lambda: s22a @ s9b),
        ("S23 [1,1024] @ [1024,1024] f64", lambda: s23a @ s23b),
        ("S24 [128,128] @ [128,1] f32", lambda: s24a @ s24b),
        ("S25 [1000,64] @ [64,1] f64", lambda: s25a @ s25b),
    ]:
        # The small products (`S`) take microseconds.
        t = f"{median_ms(fn) * 1e3:.2f} us" if name[0] == "S" else f"{median_ms(fn):.3f} ms"
        print(f"{name}: numpy {np.__version__} (threads {threads}) median {t}")


if __name__ == "__main__":
    main()
