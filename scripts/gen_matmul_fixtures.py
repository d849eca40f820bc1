#!/usr/bin/env python3
"""Differential fixtures for shaped's dynamic matrix products (`try_matmul`, `try_matmul_into`),
computed by numpy's `matmul`.

Writes tests/fixtures/matmul.txt (read by tests/dynamic_matmul.rs, which needs no Python).
Regenerate with `cargo xtask numpy` or
`python3 scripts/gen_matmul_fixtures.py tests/fixtures/matmul.txt`.
The RNG seed is fixed, so the output only changes when this script or numpy's semantics do.

Each case multiplies two operands `a` and `b` of one element type:

    case <id>
    kind <what the case exercises: see KINDS>
    dtype f32 | f64 | i32
    a <dims> | <elements in row-major order>
    pre_a none | t
    b <dims> | <elements in row-major order>
    pre_b none | t
    out <dims> | <elements in row-major order>     or     err <ShapeError variant>
    end

`a` and `b` are the stored tensors, built from their elements as written. `pre_x none`: the
stored tensor is the operand numpy multiplied. `pre_x t`: numpy multiplied the stored tensor's
transpose `x.T` (all axes reversed; shaped's `.t()`, a view that is not row-major), so for an
operand A the line stores the contiguous copy of `A.T`: its dims are A's reversed. Only operands
of rank 2 or more are ever transposed. A rank-0 tensor is written with no dims
(`a | 5`), an empty one with no elements (`a 0 3 |`).

The result is `np.matmul(A, B)` of the operands A and B: `[..., M, K] x [..., K, N]` gives
`[broadcast batch, M, N]`; a 1-D left operand is `[1, K]` and a 1-D right one `[K, 1]`, the
added axis removed from the result (`[K] x [K]` is rank 0, written `out | <value>`).
Error variants: `MatmulRank` (an operand of rank 0), `MatmulInner` (inner extents differ:
numpy reports this before a batch clash, so a case with both is `MatmulInner`), `Incompatible`
(the batch axes do not broadcast). `kind` names the rule a case was made for (the error kinds
are the variant's name); the test reads it only in its coverage check.

Elements are integers from -3 to 3 and K is at most 5, so every element of every product is an
integer of magnitude at most 45, exact in f32, f64 and i32 whatever the order of summation: all
elements are written as integers in every dtype (a float `-0.0` as `0`), and compared exactly.
"""

import random
import sys

import numpy as np

SEED = 20261125

# (kind, how many cases). Each kind's cases take f32, f64 and i32 in turn (shuffled), and the
# cases whose id is a multiple of 10 (Miri's sample) start with one of every kind.
KINDS = [
    ("matrix", 28),  # [M, K] x [K, N]
    ("batch", 24),  # equal batch axes, ranks 3-5 on both sides
    ("broadcast", 40),  # batch axes that differ but broadcast, or only one side has any
    ("vec_left", 20),  # [K] x [..., K, N]
    ("vec_right", 20),  # [..., M, K] x [K]
    ("vec_both", 12),  # [K] x [K]: rank 0
    ("zero", 28),  # an extent 0 in M, K, N or a batch axis
    ("MatmulRank", 14),
    ("MatmulInner", 18),
    ("Incompatible", 16),
]

DTYPES = ["f32", "f64", "i32"]
NP_DTYPE = {"f32": np.float32, "f64": np.float64, "i32": np.int32}

# The first two `zero` cases, named in the brief: an empty left operand, and K = 0 (zeros).
NAMED_ZERO = [([0, 3], [3, 4]), ([2, 0], [0, 3])]

MAX_OPERAND = 120  # elements of an operand
MAX_OUT = 144  # elements of a result


def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def mkn(rng):
    """An M, K or N extent: mostly 1 to 4, now and then 5."""
    return 5 if rng.random() < 0.08 else rng.choice([1, 2, 2, 3, 3, 4, 4])


def batch_extent(rng):
    return rng.choice([1, 2, 2, 3, 3, 4])


def rand_batch(rng, rank):
    return [batch_extent(rng) for _ in range(rank)]


def spread(rng, batch, rank):
    """A batch shape of `rank` axes (at most `len(batch)`) that broadcasts to `batch`: its
    right-aligned extents are `batch`'s or 1."""
    tail = batch[len(batch) - rank:] if rank else []
    return [d if rng.random() < 0.6 else 1 for d in tail]


# ---------------------------------------------------------------------------------------------
# The rule, as the brief states it: the shape of the result, or the error.


def batch_of(shape):
    return shape[:-2] if len(shape) > 2 else []


def broadcast(x, y):
    """numpy's broadcast of two shapes, or None."""
    n = max(len(x), len(y))
    x = [1] * (n - len(x)) + list(x)
    y = [1] * (n - len(y)) + list(y)
    out = []
    for p, q in zip(x, y):
        if p != q and 1 not in (p, q):
            return None
        out.append(q if p == 1 else p)
    return out


def predicted(sa, sb):
    """The result's shape under numpy's matmul rules, or the ShapeError variant."""
    if not sa or not sb:
        return "MatmulRank"
    k_b = sb[0] if len(sb) == 1 else sb[-2]
    if sa[-1] != k_b:
        return "MatmulInner"
    batch = broadcast(batch_of(sa), batch_of(sb))
    if batch is None:
        return "Incompatible"
    out = list(batch)
    if len(sa) > 1:
        out.append(sa[-2])
    if len(sb) > 1:
        out.append(sb[-1])
    return out


def numpy_error(e):
    msg = str(e)
    if "does not have enough dimensions" in msg:
        return "MatmulRank"
    if "mismatch in its core dimension" in msg:
        return "MatmulInner"
    if "could not be broadcast" in msg:
        return "Incompatible"
    raise e


# ---------------------------------------------------------------------------------------------
# Operand shapes per kind (as numpy sees them, before any storing transposed).


def shapes(rng, kind, zero_index):
    if kind == "matrix":
        m, k, n = mkn(rng), mkn(rng), mkn(rng)
        return [m, k], [k, n]
    if kind == "batch":
        batch = rand_batch(rng, rng.choice([1, 1, 2, 2, 3, 3]))
        m, k, n = mkn(rng), mkn(rng), mkn(rng)
        return batch + [m, k], list(batch) + [k, n]
    if kind == "broadcast":
        while True:
            batch = rand_batch(rng, rng.choice([1, 2, 2, 3, 3, 3]))
            ba = spread(rng, batch, rng.randrange(len(batch) + 1))
            bb = spread(rng, batch, rng.randrange(len(batch) + 1))
            if ba != bb:
                break
        m, k, n = mkn(rng), mkn(rng), mkn(rng)
        return ba + [m, k], bb + [k, n]
    if kind == "vec_left":
        k, n = mkn(rng), mkn(rng)
        return [k], rand_batch(rng, rng.choice([0, 0, 1, 1, 2, 3])) + [k, n]
    if kind == "vec_right":
        m, k = mkn(rng), mkn(rng)
        return rand_batch(rng, rng.choice([0, 0, 1, 1, 2, 3])) + [m, k], [k]
    if kind == "vec_both":
        k = mkn(rng) if rng.random() < 0.85 else 0
        return [k], [k]
    if kind == "zero":
        if zero_index < len(NAMED_ZERO):
            a, b = NAMED_ZERO[zero_index]
            return list(a), list(b)
        return zero_shapes(rng)
    if kind == "MatmulRank":
        if rng.random() < 0.15:
            return [], []
        other = rand_batch(rng, rng.choice([1, 1, 2, 2, 3, 4]))
        return ([], other) if rng.random() < 0.5 else (other, [])
    if kind == "MatmulInner":
        return inner_shapes(rng)
    if kind == "Incompatible":
        return incompatible_shapes(rng)
    raise ValueError(kind)


def zero_shapes(rng):
    """A product that broadcasts, with an extent 0 in M, K, N, a batch axis, or a 1-D side."""
    m, k, n = mkn(rng), mkn(rng), mkn(rng)
    where = rng.choice(["m", "k", "k", "n", "batch", "batch", "vec"])
    if where == "m":
        m = 0
    elif where == "k":
        k = 0
    elif where == "n":
        n = 0
    if where == "vec":
        if rng.random() < 0.5:
            return [0], rand_batch(rng, rng.choice([0, 1, 2])) + [0, n]
        return rand_batch(rng, rng.choice([0, 1, 2])) + [m, 0], [0]
    batch = rand_batch(rng, rng.choice([0, 1, 2, 3]) if where != "batch" else rng.choice([1, 2]))
    if where == "batch":
        batch[rng.randrange(len(batch))] = 0
    ba = spread(rng, batch, rng.randrange(len(batch) + 1))
    bb = spread(rng, batch, rng.randrange(len(batch) + 1))
    if where == "batch" and 0 not in ba + bb:
        ba = list(batch)  # the 0 must reach one side
    return ba + [m, k], bb + [k, n]


def inner_shapes(rng):
    """K differs (one side's K may be 0); with some 1-D operands, and now and then a batch clash
    too (numpy reports the inner mismatch)."""
    k1 = mkn(rng)
    k2 = rng.choice([d for d in [0, 1, 2, 3, 4, 5] if d != k1])
    m, n = mkn(rng), mkn(rng)
    form = rng.choice(["mat", "mat", "left", "right", "both", "batch", "clash"])
    if form == "left":
        return [k1], rand_batch(rng, rng.choice([0, 1, 2])) + [k2, n]
    if form == "right":
        return rand_batch(rng, rng.choice([0, 1, 2])) + [m, k1], [k2]
    if form == "both":
        return [k1], [k2]
    if form == "mat":
        return [m, k1], [k2, n]
    if form == "batch":
        batch = rand_batch(rng, rng.choice([1, 2, 3]))
        return batch + [m, k1], spread(rng, batch, rng.randrange(len(batch) + 1)) + [k2, n]
    x = rng.choice([2, 3, 4])
    y = rng.choice([d for d in [0, 2, 3, 4] if d != x])
    return [x, m, k1], [y, k2, n]


def incompatible_shapes(rng):
    """The inner extents agree but two aligned batch extents differ, neither 1 (0 among them)."""
    k = mkn(rng)
    m, n = mkn(rng), mkn(rng)
    rank = rng.choice([1, 1, 2, 2, 3])
    batch = rand_batch(rng, rank)
    ba = spread(rng, batch, rng.randrange(1, rank + 1))
    bb = spread(rng, batch, rng.randrange(1, rank + 1))
    # One axis present on both sides made to clash.
    j = rng.randrange(1, min(len(ba), len(bb)) + 1)
    x = rng.choice([0, 2, 3, 4])
    y = rng.choice([d for d in [0, 2, 3, 4] if d != x])
    ba[-j], bb[-j] = x, y
    return ba + [m, k], bb + [k, n]


# ---------------------------------------------------------------------------------------------
# Cases.


def fmt_tensor(x):
    x = np.asarray(x)
    dims = " ".join(map(str, x.shape))
    values = []
    for v in x.reshape(-1).tolist():
        assert v == int(v), v
        values.append(str(int(v)))
    head = dims + " |" if dims else "|"
    return head + (" " + " ".join(values) if values else "")


def operand(rng, shape, dtype, may_transpose):
    """The stored tensor and its `pre` flag, and the operand numpy multiplies."""
    x = np.array([rng.randint(-3, 3) for _ in range(count(shape))], dtype=NP_DTYPE[dtype])
    x = x.reshape(shape)
    if may_transpose and len(shape) >= 2 and rng.random() < 0.22:
        stored = np.array(x.T, order="C")
        assert np.array_equal(stored.T, x)
        return stored, "t", stored.T
    return x, "none", x


def case(rng, kind, dtype, zero_index):
    while True:
        sa, sb = shapes(rng, kind, zero_index)
        want = predicted(sa, sb)
        small = count(sa) <= MAX_OPERAND and count(sb) <= MAX_OPERAND
        if isinstance(want, list):
            small = small and count(want) <= MAX_OUT
        if small:
            break
    if kind in ("MatmulRank", "MatmulInner", "Incompatible"):
        assert want == kind, (kind, sa, sb, want)
    else:
        assert isinstance(want, list), (kind, sa, sb, want)
    sa_stored, pre_a, a = operand(rng, sa, dtype, True)
    sb_stored, pre_b, b = operand(rng, sb, dtype, True)
    lines = [f"kind {kind}", f"dtype {dtype}", "a " + fmt_tensor(sa_stored), "pre_a " + pre_a,
             "b " + fmt_tensor(sb_stored), "pre_b " + pre_b]
    try:
        r = np.matmul(a, b)
    except ValueError as e:
        got = numpy_error(e)
        assert got == want, (kind, sa, sb, got, want)
        return lines + ["err " + got]
    r = np.asarray(r)
    assert list(r.shape) == want, (kind, sa, sb, r.shape, want)
    assert r.dtype == NP_DTYPE[dtype], r.dtype
    # Exact: the same product in int64.
    exact = np.matmul(a.astype(np.int64), b.astype(np.int64))
    assert np.array_equal(r.astype(np.int64), exact) and np.abs(exact).max(initial=0) <= 45
    return lines + ["out " + fmt_tensor(r)]


def check_hand_examples():
    """The hand-worked products in tests/dynamic_matmul.rs, checked here against numpy."""
    a = np.array([[1, 2], [3, 4]])
    assert np.matmul(a, [[5, 6], [7, 8]]).tolist() == [[19, 22], [43, 50]]
    assert np.matmul(a, np.array([[5, 6], [7, 8]]).T).tolist() == [[17, 23], [39, 53]]
    dot = np.matmul([1, 2, 3], [4, 5, 6])
    assert dot.shape == () and dot == 32
    x = np.array([[[1, 0], [0, 1]], [[1, 1], [0, 2]]])
    assert np.matmul(x, [[1, 2], [3, 4]]).reshape(-1).tolist() == [1, 2, 3, 4, 4, 6, 6, 8]
    rows = np.array([1, 2, 3, -1]).reshape(2, 1, 1, 2)
    cols = np.array([1, 1, 2, 0, 0, -1]).reshape(3, 2, 1)
    r = np.matmul(rows, cols)
    assert r.shape == (2, 3, 1, 1) and r.reshape(-1).tolist() == [3, 2, -2, 2, 6, 1]
    v = np.matmul([1, -1], x)
    assert v.shape == (2, 2) and v.reshape(-1).tolist() == [1, -1, 1, -1]


def main(path):
    check_hand_examples()
    rng = random.Random(SEED)
    schedule = []
    for kind, n in KINDS:
        dtypes = [DTYPES[i % 3] for i in range(n)]
        rng.shuffle(dtypes)
        schedule += [(kind, d) for d in dtypes]
    rng.shuffle(schedule)
    # Miri runs the cases whose id is a multiple of 10: the first of those take every kind once,
    # the dtypes in turn; the rest of the schedule fills the other ids in order.
    firsts = []
    for i, (kind, _) in enumerate(KINDS):
        dtype = DTYPES[i % 3]
        firsts.append((kind, dtype) if (kind, dtype) in schedule
                      else next(p for p in schedule if p[0] == kind))
    rest = list(schedule)
    for p in firsts:
        rest.remove(p)
    rest.reverse()
    schedule = [firsts[i // 10] if i % 10 == 0 and i // 10 < len(firsts) else rest.pop()
                for i in range(len(schedule))]
    out = [
        "# Generated by scripts/gen_matmul_fixtures.py (numpy); regenerate with "
        "`cargo xtask numpy`.",
        f"# seed {SEED}, {len(schedule)} cases, operand ranks 0-5, numpy {np.__version__}.",
    ]
    zeros = 0
    for i, (kind, dtype) in enumerate(schedule):
        lines = case(rng, kind, dtype, zeros)
        zeros += kind == "zero"
        out += [f"case {i}"] + lines + ["end"]
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
