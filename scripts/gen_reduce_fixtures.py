#!/usr/bin/env python3
"""Differential fixtures for shaped's reductions, arg-reductions, sorts and unique_consecutive,
computed by numpy (unique_consecutive by the pure-Python reference below, which follows
torch.unique_consecutive: torch is not needed).

Writes tests/fixtures/reductions.txt (read by tests/dynamic_reductions.rs, which needs no Python).
Regenerate with `cargo xtask numpy` or
`python3 scripts/gen_reduce_fixtures.py tests/fixtures/reductions.txt`.
The RNG seed is fixed, so the output only changes when this script or numpy's semantics do.

Each case builds a tensor from `data` (row-major, `dtype` f64, i64 or bool), optionally turns it
into a view that is not row-major first (`pre`), then applies one operation:

    case <id>
    dtype f64 | i64 | bool
    shape <dims>
    data <elements in row-major order>
    pre none | t | reverse <axis> | permute <axes>
    op <op line>
    out <dims> | <values in row-major order>     or     err <ShapeError variant>
    inverse <dims> | <values>                      (unique only, after `out`)
    counts <dims> | <values>                       (unique only)
    end

`reverse <axis>` is numpy's `a[:, ..., ::-1]` on that axis (shaped: `try_slice` with step -1).
Floats are written so Rust's `str::parse::<f64>` reads them back exactly: `nan`, `inf`, `-inf`,
`-0.0`, and Python's `repr` of the rest; bools are `true` / `false`, indices plain integers.

Op lines (axes may be negative):
    sum | prod | max | min | mean | all | any  <axes> <keepdims>
        <axes>: `all` (numpy's axis=None), `<a>` (one axis), `[a,b,...]` (a tuple; `[]` names
        none); <keepdims>: `true` | `false`. `mean` is f64 only, `all` and `any` bool only.
    argmax | argmin  <axis> | none  <keepdims>      `none` flattens (numpy's axis=None)
    sort | argsort  <axis>                          numpy's kind="stable"
    unique <axis> | none      torch.unique_consecutive(x, return_inverse=True,
                              return_counts=True, dim=None | axis): `out` holds the values
Error variants: `Axis` (an axis out of range), `RepeatedAxis` (an axis named twice, in any
spelling), `EmptyReduction` (max, min, argmax or argmin over an axis of extent 0, even when the
result has no elements).

Float data are small integers and halves (products: signed powers of two and zeros) plus `nan`,
`inf`, `-inf`, `-0.0` and `0.0`, so every sum, product and mean is exact whatever the order of
summation: compare values exactly (`nan` equal to `nan`; `-0.0` equal to `0.0` except in `sort`,
whose output is checked bit for bit: a stable sort keeps `-0.0` and `0.0` in input order).

Rank 0 only meets `all` / `[]` axes, argmax/argmin with `none`, and unique with `none`: numpy
accepts axis 0 and -1 on a 0-d array for reductions and argsort but not for sort, a quirk the
fixtures leave out (shaped follows it: tests/dynamic_reductions.rs checks argsort's by hand).
unique with an axis likewise never meets an empty slice along other axes
(torch refuses those): when the chosen axis has extent 0, it is the only one.
"""

import math
import random
import sys
import warnings

import numpy as np

SEED = 20261124

# (dtype, op, how many cases), shuffled; Miri's one case in ten meets every pair (see `main`).
SCHEDULE = [
    ("f64", "sum", 60),
    ("f64", "prod", 40),
    ("f64", "max", 45),
    ("f64", "min", 45),
    ("f64", "mean", 45),
    ("f64", "argmax", 25),
    ("f64", "argmin", 25),
    ("f64", "sort", 35),
    ("f64", "argsort", 30),
    ("i64", "sum", 6),
    ("i64", "prod", 5),
    ("i64", "max", 5),
    ("i64", "min", 5),
    ("i64", "argmax", 5),
    ("i64", "argmin", 4),
    ("i64", "sort", 6),
    ("i64", "argsort", 4),
    ("bool", "all", 16),
    ("bool", "any", 16),
    ("f64", "unique", 48),
    ("i64", "unique", 12),
]

REDUCTIONS = {"sum", "prod", "max", "min", "mean", "all", "any"}
NP_REDUCE = {
    "sum": np.sum,
    "prod": np.prod,
    "max": np.max,
    "min": np.min,
    "mean": np.mean,
    "all": np.all,
    "any": np.any,
}

HALVES = [k / 2 for k in range(-6, 7)]  # -3.0, -2.5, ..., 3.0
POW2 = [-2.0, -1.0, -0.5, 0.5, 1.0, 2.0]
NAN, INF = float("nan"), float("inf")


class Err(Exception):
    def __init__(self, variant):
        super().__init__(variant)
        self.variant = variant


def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def rand_extent(rng):
    return 0 if rng.random() < 0.045 else rng.choice([1, 2, 2, 3, 3, 4, 4])


def rand_shape(rng, min_rank=0, max_rank=5):
    ranks = [r for r in [0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5] if min_rank <= r <= max_rank]
    rank = rng.choice(ranks)
    if max_rank >= 4 and rng.random() < 0.1:
        # A larger one: 48 to 200 elements over four or five axes.
        while True:
            shape = [rng.choice([2, 3, 4]) for _ in range(rng.choice([4, 5]))]
            if 48 <= count(shape) <= 200:
                return shape
    cap = 48
    while True:
        shape = [rand_extent(rng) for _ in range(rank)]
        if count(shape) <= cap:
            return shape


# ---------------------------------------------------------------------------------------------
# Element values.


def rand_floats(rng, n, op):
    """`n` floats whose sums (or, for `prod`, products) are exact in any order."""
    base = POW2 + [0.0] if op == "prod" else HALVES
    if rng.random() < 0.35:
        base = rng.sample(base, rng.randrange(1, 4))  # few distinct values: ties
    specials = rng.choice([[], [], [NAN], [NAN], [INF, -INF], [-0.0, 0.0], [NAN, INF, -INF, -0.0]])
    if op in ("sort", "argsort") and rng.random() < 0.5:
        specials = specials + [-0.0, 0.0]
    if op in ("argmax", "argmin", "sort", "argsort") and NAN not in specials \
            and rng.random() < 0.3:
        specials = specials + [NAN]
    rate = rng.choice([0.08, 0.15, 0.3])
    out = []
    for _ in range(n):
        if specials and rng.random() < rate:
            out.append(rng.choice(specials))
        else:
            out.append(rng.choice(base))
    if n >= 2 and -0.0 in specials and rng.random() < 0.6:
        # -0.0 right next to 0.0 (in either order), where a sort must keep them as they came.
        for _ in range(rng.randrange(1, 3)):
            i = rng.randrange(n - 1)
            out[i], out[i + 1] = (-0.0, 0.0) if rng.random() < 0.5 else (0.0, -0.0)
    return out


def rand_ints(rng, n, op):
    lo, hi = (-3, 3) if op == "prod" else (-5, 5)
    if rng.random() < 0.3:
        lo, hi = 0, 2  # ties
    return [rng.randint(lo, hi) for _ in range(n)]


def rand_bools(rng, n):
    p = rng.choice([0.0, 0.1, 0.5, 0.9, 1.0])
    return [rng.random() < p for _ in range(n)]


def fmt_float(x):
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return repr(x)


def fmt_value(x, dtype):
    if dtype == "f64":
        return fmt_float(x)
    if dtype == "bool":
        return "true" if x else "false"
    return str(int(x))


def fmt_tensor(a, dtype):
    a = np.asarray(a)
    return (" ".join(map(str, a.shape)) + " | "
            + " ".join(fmt_value(x, dtype) for x in a.reshape(-1).tolist()))


NP_DTYPE = {"f64": np.float64, "i64": np.int64, "bool": np.bool_}


# ---------------------------------------------------------------------------------------------
# Views and axes.


def rand_pre(rng, rank):
    if rank == 0 or rng.random() >= 0.25:
        return None
    kind = rng.choice(["t", "reverse", "reverse", "permute"] if rank >= 2 else ["reverse"])
    if kind == "t":
        return ("t",)
    if kind == "reverse":
        return ("reverse", rng.randrange(rank))
    axes = list(range(rank))
    rng.shuffle(axes)
    return ("permute", axes)


def pre_line(pre):
    if pre is None:
        return "none"
    if pre[0] == "t":
        return "t"
    if pre[0] == "reverse":
        return f"reverse {pre[1]}"
    return "permute " + " ".join(map(str, pre[1]))


def apply_pre(a, pre):
    if pre is None:
        return a
    if pre[0] == "t":
        return a.T
    if pre[0] == "reverse":
        return a[(slice(None),) * pre[1] + (slice(None, None, -1),)]
    return np.transpose(a, pre[1])


def unapply_pre(a, pre):
    """The array `b` with `apply_pre(b, pre)` equal to `a`."""
    if pre is None or pre[0] == "reverse":
        return apply_pre(a, pre)  # its own inverse
    if pre[0] == "t":
        return a.T
    return np.transpose(a, np.argsort(pre[1]))


def maybe_negative(rng, axis, rank):
    return axis - rank if rng.random() < 0.35 else axis


def out_of_range(rng, rank):
    return rng.choice([rank, rank + 1, -rank - 1, -rank - 3])


def rand_axes(rng, rank):
    """A reduction's axes: `(fixture spelling, numpy's axis argument)`."""
    r = rng.random()
    if rank == 0:
        return ("all", None) if r < 0.6 else ("[]", ())
    if r < 0.2:
        return "all", None
    if r < 0.45:
        a = maybe_negative(rng, rng.randrange(rank), rank)
        return str(a), a
    if r < 0.91:
        if r < 0.75:
            axes = rng.sample(range(rank), rng.randrange(1, rank + 1))
            axes = [maybe_negative(rng, a, rank) for a in axes]
        elif r < 0.83:
            axes = []
        else:
            # One axis twice, maybe once negative and once not.
            axes = rng.sample(range(rank), rng.randrange(1, rank + 1))
            dup = rng.choice(axes)
            axes.insert(rng.randrange(len(axes) + 1), dup)
            axes = [maybe_negative(rng, a, rank) for a in axes]
        return "[" + ",".join(map(str, axes)) + "]", tuple(axes)
    if r < 0.96:
        a = out_of_range(rng, rank)
        return str(a), a
    axes = rng.sample(range(rank), rng.randrange(0, rank))
    axes.insert(rng.randrange(len(axes) + 1), out_of_range(rng, rank))
    return "[" + ",".join(map(str, axes)) + "]", tuple(axes)


def rand_axis(rng, rank, bad=0.07):
    """One axis (argmax, sort, unique), out of range with probability `bad`."""
    if rng.random() < bad:
        return out_of_range(rng, rank)
    return maybe_negative(rng, rng.randrange(rank), rank)


def norm(axis, rank):
    if not -rank <= axis < rank:
        raise Err("Axis")
    return axis % rank


# ---------------------------------------------------------------------------------------------
# The expected answers, and the rule each error must follow.


def numpy_call(f):
    """`f()`, with numpy's exceptions turned into the ShapeError variant shaped names."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the mean of nothing
            return f()
    except np.exceptions.AxisError:
        raise Err("Axis")
    except ValueError as e:
        msg = str(e)
        if "duplicate value" in msg:
            raise Err("RepeatedAxis")
        if "zero-size array" in msg or "empty sequence" in msg:
            raise Err("EmptyReduction")
        raise


def predicted_reduce(op, shape, axis):
    """The error the brief's rules give (None: a result): checked against numpy's."""
    rank = len(shape)
    if axis is None:
        reduced = list(range(rank))
    else:
        axes = axis if isinstance(axis, tuple) else (axis,)
        try:
            reduced = [norm(a, rank) for a in axes]
        except Err as e:
            return e.variant
        if len(set(reduced)) != len(reduced):
            return "RepeatedAxis"
    if op in ("max", "min") and any(shape[i] == 0 for i in reduced):
        return "EmptyReduction"
    return None


def predicted_arg(shape, axis):
    if axis is None:
        return "EmptyReduction" if count(shape) == 0 else None
    try:
        k = norm(axis, len(shape))
    except Err as e:
        return e.variant
    return "EmptyReduction" if shape[k] == 0 else None


def ref_argsort(a, axis):
    """A stable argsort along `axis` in Python: NaN last, -0.0 equal to 0.0."""
    moved = np.moveaxis(a, axis, -1)
    n = moved.shape[-1]
    rows = moved.reshape(-1, n) if moved.size else np.zeros((0, n), dtype=a.dtype)
    out = np.zeros(rows.shape, dtype=np.int64)
    for r, row in enumerate(rows.tolist()):
        key = (lambda i: (True, 0.0) if row[i] != row[i] else (False, row[i]))
        out[r] = sorted(range(n), key=key)
    return np.moveaxis(out.reshape(moved.shape), -1, axis)


def same_bits(x, y):
    return x.shape == y.shape and x.tobytes() == y.tobytes()


def unique_consecutive(a, axis):
    """torch.unique_consecutive(a, return_inverse=True, return_counts=True, dim=axis) in Python.

    `axis=None` walks the elements in row-major order; an axis walks the slices along it. A new
    group starts at each element (slice) that is not `==` to the first of the current group,
    element by element (so NaN, never equal to itself, never merges); the values are each group's
    first member. Flattened: values and counts are 1-D and inverse has the input's shape. Along
    an axis: values keep the rank with that axis shortened to the number of groups, inverse is
    1-D (one entry per slice), counts 1-D.
    """
    if axis is None:
        items = [[x] for x in a.reshape(-1).tolist()]
    else:
        k = norm(axis, a.ndim)
        items = [np.take(a, i, axis=k).reshape(-1).tolist() for i in range(a.shape[k])]
    starts, inverse, counts = [], [], []
    for i, item in enumerate(items):
        if not starts or not all(p == q for p, q in zip(item, items[starts[-1]])):
            starts.append(i)
            counts.append(0)
        counts[-1] += 1
        inverse.append(len(starts) - 1)
    if axis is None:
        values = a.reshape(-1)[np.array(starts, dtype=np.int64)]
        inverse = np.array(inverse, dtype=np.int64).reshape(a.shape)
    else:
        values = np.take(a, np.array(starts, dtype=np.int64), axis=k)
        inverse = np.array(inverse, dtype=np.int64)
    return values, inverse, np.array(counts, dtype=np.int64)


# ---------------------------------------------------------------------------------------------
# Cases.


def reduce_case(rng, dtype, op):
    shape = rand_shape(rng)
    if op in ("max", "min", "argmax", "argmin") and shape and rng.random() < 0.15:
        shape[rng.randrange(len(shape))] = 0  # an empty axis, reduced or not
    n = count(shape)
    data = (rand_floats(rng, n, op) if dtype == "f64"
            else rand_ints(rng, n, op) if dtype == "i64" else rand_bools(rng, n))
    base = np.array(data, dtype=NP_DTYPE[dtype]).reshape(shape)
    pre = rand_pre(rng, len(shape))
    a = apply_pre(base, pre)
    keep = rng.random() < 0.5
    out_dtype = dtype
    if op in REDUCTIONS:
        spelling, axis = rand_axes(rng, a.ndim)
        op_line = f"{op} {spelling} {str(keep).lower()}"
        want = predicted_reduce(op, a.shape, axis)
        f = lambda: NP_REDUCE[op](a, axis=axis, keepdims=keep)
    elif op in ("argmax", "argmin"):
        axis = None if a.ndim == 0 or rng.random() < 0.3 else rand_axis(rng, a.ndim)
        op_line = f"{op} {'none' if axis is None else axis} {str(keep).lower()}"
        want = predicted_arg(a.shape, axis)
        fn = np.argmax if op == "argmax" else np.argmin
        f = lambda: fn(a, axis=axis, keepdims=keep)
        out_dtype = "i64"
    else:
        if a.ndim == 0:
            return reduce_case(rng, dtype, op)  # see the header: no sort of a 0-d array
        axis = rand_axis(rng, a.ndim)
        op_line = f"{op} {axis}"
        want = None
        try:
            norm(axis, a.ndim)
        except Err as e:
            want = e.variant
        kind = "stable"
        if op == "sort":
            f = lambda: np.sort(a, axis=axis, kind=kind)
        else:
            f = lambda: np.argsort(a, axis=axis, kind=kind)
            out_dtype = "i64"
    lines = [f"dtype {dtype}", "shape " + " ".join(map(str, shape)),
             "data " + " ".join(fmt_value(x, dtype) for x in data), "pre " + pre_line(pre),
             "op " + op_line]
    try:
        r = numpy_call(f)
    except Err as e:
        assert e.variant == want, (op_line, a.shape, e.variant, want)
        return lines + ["err " + e.variant]
    assert want is None, (op_line, a.shape, want)
    r = np.asarray(r)
    if op in ("sort", "argsort"):
        ref = ref_argsort(a, axis)
        sorted_ = np.take_along_axis(a, ref, axis=axis)
        if op == "sort":
            assert same_bits(r, sorted_), (op_line, a, r, sorted_)  # -0.0 / 0.0 order too
        else:
            assert np.array_equal(r, ref), (op_line, a, r, ref)
    if op == "argmax" and axis is None and keep:
        assert r.shape == (1,) * a.ndim
    return lines + ["out " + fmt_tensor(r, "bool" if op in ("all", "any") else out_dtype)]


def unique_data(rng, dtype, n):
    """`n` elements in runs, from a few values (`nan`, `-0.0` next to `0.0` among them)."""
    if dtype == "f64":
        pool = rng.sample(HALVES, 2) + rng.choice([[], [NAN], [-0.0, 0.0], [NAN, INF]])
    else:
        pool = rng.sample(range(-3, 4), rng.randrange(2, 4))
    out = []
    while len(out) < n:
        out += [rng.choice(pool)] * rng.randrange(1, 5)
    return out[:n]


def unique_case(rng, dtype):
    """The input is built as the view unique sees (runs of equal slices along the axis), then
    `pre` is undone to get the tensor the fixture stores."""
    if rng.random() < 0.5:
        shape = rand_shape(rng, min_rank=1, max_rank=4)
        rank = len(shape)
        axis = rand_axis(rng, rank, bad=0.12)
        k = axis % rank if -rank <= axis < rank else 0
        if 0 in shape or rng.random() < 0.08:
            # torch: an axis of extent 0 must be the only one, and the chosen one.
            shape = [d or 1 for d in shape]
            if rng.random() < 0.8:
                shape[k] = 0
        if shape[k] > 0 and rng.random() < 0.5:
            shape[k] = rng.randrange(3, 7)  # longer runs of slices
            while count(shape) > 60:
                j = rng.randrange(rank)
                if j != k:
                    shape[j] = max(1, shape[j] - 1)
        # Slices along the axis from a pool of three, repeated in runs.
        moved = [shape[k]] + shape[:k] + shape[k + 1:]
        inner = count(moved[1:])
        pool = [unique_data(rng, dtype, inner) for _ in range(2)]
        pool.append(list(pool[0]))  # an equal copy: merges only when adjacent
        rows = []
        while len(rows) < moved[0]:
            rows += [rng.choice(pool)] * rng.randrange(1, 4)
        flat = [x for row in rows[: moved[0]] for x in row]
        a = np.moveaxis(np.array(flat, dtype=NP_DTYPE[dtype]).reshape(moved), 0, k)
    else:
        axis = None
        shape = rand_shape(rng)
        if shape and rng.random() < 0.12:
            shape[rng.randrange(len(shape))] = 0
        a = np.array(unique_data(rng, dtype, count(shape)), dtype=NP_DTYPE[dtype]).reshape(shape)
    pre = rand_pre(rng, a.ndim)
    base = np.array(unapply_pre(a, pre), order="C")  # ascontiguousarray would make 0-d 1-d
    assert same_bits(np.array(apply_pre(base, pre), order="C"), np.array(a, order="C"))
    lines = [f"dtype {dtype}", "shape " + " ".join(map(str, base.shape)),
             "data " + " ".join(fmt_value(x, dtype) for x in base.reshape(-1).tolist()),
             "pre " + pre_line(pre), f"op unique {'none' if axis is None else axis}"]
    try:
        values, inverse, counts = unique_consecutive(a, axis)
    except Err as e:
        return lines + ["err " + e.variant]
    assert int(counts.sum()) == (a.size if axis is None else a.shape[norm(axis, a.ndim)])
    return lines + ["out " + fmt_tensor(values, dtype), "inverse " + fmt_tensor(inverse, "i64"),
                    "counts " + fmt_tensor(counts, "i64")]


def main(path):
    rng = random.Random(SEED)
    schedule = [(dtype, op) for dtype, op, n in SCHEDULE for _ in range(n)]
    rng.shuffle(schedule)
    # Miri runs the cases whose id is a multiple of 10: the first of those take every
    # (dtype, op) once, the rest of the schedule fills the other ids in order.
    kinds = [k for i, k in enumerate(schedule) if k not in schedule[:i]]
    rest = list(schedule)
    for k in kinds:
        rest.remove(k)
    rest.reverse()
    schedule = [kinds[i // 10] if i % 10 == 0 and i // 10 < len(kinds) else rest.pop()
                for i in range(len(schedule))]
    out = [
        "# Generated by scripts/gen_reduce_fixtures.py (numpy); regenerate with "
        "`cargo xtask numpy`.",
        f"# seed {SEED}, {len(schedule)} cases, input ranks 0-5, numpy {np.__version__}.",
    ]
    for case, (dtype, op) in enumerate(schedule):
        lines = unique_case(rng, dtype) if op == "unique" else reduce_case(rng, dtype, op)
        out += [f"case {case}"] + lines + ["end"]
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
