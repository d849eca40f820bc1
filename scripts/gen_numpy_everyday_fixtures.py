#!/usr/bin/env python3
"""Differential fixtures for shaped's everyday dynamic operations (issue 22), computed by numpy:
printing, axis iteration, index_axis, concatenate / stack / split, take / compress, cumsum /
cumprod, var / std, arange / linspace / eye.

Writes tests/fixtures/everyday.txt (read by tests/dynamic_everyday.rs, which needs no Python).
Regenerate with `cargo xtask numpy` or
`python3 scripts/gen_numpy_everyday_fixtures.py tests/fixtures/everyday.txt`.
The RNG seed is fixed, so the output only changes when this script or numpy's semantics do.

Each case names one function and its input:

    case <id>
    fn <name>
    shape <dims>                    the input: `np.arange(n) - n // 3` (int64) reshaped
    data <floats>                   (var / std only) the input's elements instead, row-major f64
    pre none | t | flip             the input made a view first: `.T`, or every axis reversed
    args <arguments>                as listed below
    out <dims> | <values>           the result, row-major; several `out` lines for the
                                    functions that give several views, in order
    count <n>                       (iterators and split) how many `out` lines there are
    err <ShapeError variant>        instead of `out` when the input is refused
    text <string>                   (display only) the printed text, newlines as `|`
    end

Functions and their `args` (axes may be negative; `none` is numpy's axis=None):
    display                     np.array2string(a, separator=', ', max_line_width=10**6)
    outer_iter                  the views a[0], a[1], ... (none for rank 0)
    axis_iter <axis>            the views a[:, i] along the axis, the axis removed
    lanes <axis>                the 1-D views along the axis, the other axes in row-major order
    axis_chunks <axis> <size>   a[.., i*size:(i+1)*size] along the axis (the last one shorter)
    windows <w...>              every window of extents w (ndarray's `windows`: none when a
                                window is larger than its axis), in row-major order
    index_axis <axis> <index>   np.take(a, index, axis) as a view: the axis removed
    concatenate <axis>          with `inputs` instead of `shape`: `<dims> / <dims> / ...`, input
    stack <axis>                j being np.arange(n) + 100 * j reshaped; `inputs empty` is []
    split <axis> <indices...>   np.split(a, indices, axis)
    take <axis|none> <indices...>
    compress <axis|none> <mask of 0 and 1...>
    cumsum <axis|none>  |  cumprod <axis|none>      int64, wrapping as numpy's int64 does
    var <axes> <ddof> <keepdims>  |  std ...        f64 data; <axes>: `all`, `<a>` or `[a,b]`;
                                the cases without `data` are on the int64 input (numpy's
                                float64 result)
    arange <start> <stop> <step> (i64 or f64: the kind follows `kind`)
    linspace <start> <stop> <num>  |  eye <n>
    take_along_axis <axis>      with `indices <dims> | <values>`: np.take_along_axis(a, indices,
                                axis), the indices non-negative (shaped's are usize)
    where                       with `cond <dims> | <0 and 1...>`, the input as `a` (`pre` none
                                or flip only) and `b <dims>` (`-(np.arange(n) + 100)`):
                                np.where(cond, a, b)
    clip <lo> <hi>              np.clip(a, lo, hi)
    slice <entry...>            numpy's basic indexing a[e0, e1, ...]: each entry a slice
                                `start:stop:step` (`_` an omitted bound) or an integer index,
                                which removes its axis (shaped's `s![.., 4]`)

Error variants: Axis, RepeatedAxis, Index (an index out of range: index_axis, take, compress's
mask beyond the axis with a `true` there), JoinShape (join inputs of different ranks or extents),
EmptyJoin (a join of nothing), ChunkSize (chunks of 0), Window (a window of the wrong rank or
with an extent 0), ArangeStep (step 0), TooManySlices, SliceStep (a slice's step 0), IndicesRank (take_along_axis indices of another
rank), Incompatible (shapes that do not broadcast: take_along_axis off its axis, where).
"""

import math
import random
import sys
import warnings

import numpy as np

SEED = 20261125
PER_FN = 36


def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def rand_shape(rng, max_rank=5, max_count=240, min_rank=0):
    rank = rng.choice([r for r in [0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5] if min_rank <= r <= max_rank])
    while True:
        shape = [rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5]) for _ in range(rank)]
        if count(shape) <= max_count:
            return shape


def rand_axis(rng, rank):
    """A valid axis of `rank`, now and then one out of range."""
    if rank == 0 or rng.random() < 0.08:
        return rng.choice([rank, -rank - 1, rank + 2])
    a = rng.randrange(rank)
    return a - rank if rng.random() < 0.4 else a


class Err(Exception):
    def __init__(self, variant):
        super().__init__(variant)
        self.variant = variant


def norm(axis, rank):
    if not -rank <= axis < rank:
        raise Err("Axis")
    return axis % rank


def ints(xs):
    return " ".join(str(int(x)) for x in xs)


def fmt_float(x):
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return repr(x)


def out_line(a, floats=False):
    a = np.asarray(a)
    vals = a.reshape(-1)
    body = " ".join(fmt_float(x) for x in vals) if floats else ints(vals)
    return "out " + ints(a.shape) + " | " + body


def base(shape):
    n = count(shape)
    return (np.arange(n, dtype=np.int64) - n // 3).reshape(shape)


def pre_view(rng, a):
    r = rng.random()
    if a.ndim >= 2 and r < 0.25:
        return "t", a.T
    if a.ndim >= 1 and r < 0.45:
        return "flip", a[(slice(None, None, -1),) * a.ndim]
    return "none", a


def fmt_axis(axis):
    return "none" if axis is None else str(axis)


# --- each function: its arguments, and a thunk that computes numpy's answer (a list of arrays
# for the functions that give several) or raises the Err shaped must give ----------------------

def display(rng, a):
    return "", lambda: np.array2string(a, separator=", ", max_line_width=10**6)


def outer_iter(rng, a):
    return "", lambda: [a[i] for i in range(a.shape[0])] if a.ndim else []


def axis_iter(rng, a):
    axis = rand_axis(rng, a.ndim)

    def run():
        k = norm(axis, a.ndim)
        return [np.take(a, i, axis=k) for i in range(a.shape[k])]
    return str(axis), run


def lanes(rng, a):
    axis = rand_axis(rng, a.ndim)

    def run():
        k = norm(axis, a.ndim)
        m = np.moveaxis(a, k, -1)
        return list(m.reshape(count(m.shape[:-1]), a.shape[k]))
    return str(axis), run


def axis_chunks(rng, a):
    axis = rand_axis(rng, a.ndim)
    size = rng.choice([0, 1, 2, 2, 3, 4, 7])

    def run():
        k = norm(axis, a.ndim)
        if size == 0:
            raise Err("ChunkSize")
        n = a.shape[k]
        return [np.take(a, range(i, min(i + size, n)), axis=k) for i in range(0, n, size)]
    return f"{axis} {size}", run


def windows(rng, a):
    w = [rng.choice([1, 1, 2, 2, 3, 4]) for _ in range(a.ndim)]
    r = rng.random()
    if r < 0.08 and w:
        w[rng.randrange(len(w))] = 0
    elif r < 0.14:
        w = w[:-1] if w else [1]

    def run():
        if len(w) != a.ndim or 0 in w:
            raise Err("Window")
        if any(x > d for x, d in zip(w, a.shape)):
            return []
        sw = np.lib.stride_tricks.sliding_window_view(a, w)
        return [sw[i] for i in np.ndindex(*sw.shape[: a.ndim])]
    return " ".join(map(str, w)), run


def index_axis(rng, a):
    axis = rand_axis(rng, a.ndim)
    rank = a.ndim
    n = a.shape[axis] if -rank <= axis < rank else 3
    index = rng.randrange(-n - 2, n + 2)

    def run():
        k = norm(axis, rank)
        if not -n <= index < n:
            raise Err("Index")
        return np.take(a, index, axis=k)
    return f"{axis} {index}", run


def split(rng, a):
    axis = rand_axis(rng, a.ndim)
    n = a.shape[axis] if -a.ndim <= axis < a.ndim else 3
    idx = sorted(rng.randrange(0, n + 3) for _ in range(rng.randrange(0, 4)))
    if rng.random() < 0.2:
        rng.shuffle(idx)  # out of order: empty pieces

    def run():
        norm(axis, a.ndim)
        return np.split(a, idx, axis=axis)
    return " ".join(map(str, [axis] + idx)), run


def split_sections(name):
    """numpy's split (`equal`) or array_split with a number of sections."""
    def f(rng, a):
        axis = rand_axis(rng, a.ndim)
        n = a.shape[axis] if -a.ndim <= axis < a.ndim else 3
        sections = rng.choice([0, 1, 2, 3, n, n + 2] + ([d for d in (2, 3) if n % d == 0] * 2))

        def run():
            norm(axis, a.ndim)
            if sections == 0:
                raise Err("Sections")
            if name == "split_equal" and n % sections:
                raise Err("Sections")
            return getattr(np, "split" if name == "split_equal" else "array_split")(
                a, sections, axis=axis)
        return f"{axis} {sections}", run
    return f


def rand_indices(rng, n, k):
    out = []
    for _ in range(k):
        if n == 0 or rng.random() < 0.07:
            out.append(rng.choice([n, n + 3, -n - 1]))
        else:
            out.append(rng.randrange(-n, n))
    return out


def extent(a, axis):
    if axis is None:
        return a.size
    return a.shape[axis] if -a.ndim <= axis < a.ndim else 3


def rank0_axis(a, axis):
    """numpy's take, compress and argsort read axis 0 or -1 of a rank-0 input as its one
    element, flattened (its sort and its reductions over a list of axes refuse it)."""
    return a.ndim == 0 and axis in (0, -1)


def take(rng, a):
    axis = None if rng.random() < 0.25 else rand_axis(rng, a.ndim)
    idx = rand_indices(rng, extent(a, axis), rng.randrange(0, 6))

    def run():
        if axis is not None and not rank0_axis(a, axis):
            norm(axis, a.ndim)
        try:
            return np.take(a, idx, axis=axis)
        except IndexError:
            raise Err("Index")
    return " ".join([fmt_axis(axis)] + [str(i) for i in idx]), run


def compress(rng, a):
    axis = None if rng.random() < 0.25 else rand_axis(rng, a.ndim)
    length = max(0, extent(a, axis) + rng.choice([0, 0, 0, -1, -2, 1, 2]))
    mask = [rng.random() < 0.5 for _ in range(length)]

    def run():
        if axis is not None and not rank0_axis(a, axis):
            norm(axis, a.ndim)
        try:
            return np.compress(mask, a, axis=axis)
        except IndexError:
            raise Err("Index")
    return " ".join([fmt_axis(axis)] + [str(int(m)) for m in mask]), run


def scan(name):
    def f(rng, a):
        axis = None if rng.random() < 0.25 else rand_axis(rng, a.ndim)

        def run():
            # numpy lets a rank-0 input name axis 0 or -1: a 1-D result of its one element.
            try:
                with np.errstate(over="ignore"):
                    return getattr(np, name)(a, axis=axis)
            except np.exceptions.AxisError:
                raise Err("Axis")
        return fmt_axis(axis), run
    return f


def rand_axes(rng, rank):
    r = rng.random()
    if r < 0.25:
        return "all", None
    if r < 0.6:
        a = rand_axis(rng, rank)
        return str(a), a
    k = rng.randrange(0, rank + 1)
    axes = rng.sample(range(rank), k)
    axes = [x - rank if rng.random() < 0.3 else x for x in axes]
    if rng.random() < 0.1:
        axes.append(axes[0] if axes else rank)
    return "[" + ",".join(map(str, axes)) + "]", tuple(axes)


def statistic(name, a, axes, keep, **kw):
    """numpy's `name` (var, std, mean, median) over `axes`, numpy's errors as shaped's variants
    (a repeated axis checked first, as shaped does), its warnings for empty input silenced."""
    if axes is not None:
        listed = axes if isinstance(axes, tuple) else (axes,)
        normed = [norm(x, a.ndim) for x in listed]
        if len(set(normed)) != len(normed):
            raise Err("RepeatedAxis")
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return getattr(np, name)(a, axis=axes, keepdims=keep, **kw)
        except np.exceptions.AxisError:
            raise Err("Axis")


def moments(name):
    def f(rng, a):
        text, axes = rand_axes(rng, a.ndim)
        ddof = rng.choice([0, 0, 1, 1, 2])
        keep = rng.random() < 0.4

        def run():
            return statistic(name, a, axes, keep, ddof=ddof)
        return f"{text} {ddof} {'true' if keep else 'false'}", run
    return f


def mean_case(rng, a, name="mean"):
    """numpy's mean (or median), its arguments written as var's with a ddof of 0 (which they
    have not)."""
    text, axes = rand_axes(rng, a.ndim)
    keep = rng.random() < 0.4

    def run():
        return statistic(name, a, axes, keep)
    return f"{text} 0 {'true' if keep else 'false'}", run


def join(name, rng, shapes):
    rank = len(shapes[0]) if shapes else 1
    axis = rand_axis(rng, rank + (1 if name == "stack" else 0))

    def run():
        arrays = [np.arange(count(s), dtype=np.int64).reshape(s) + 100 * j
                  for j, s in enumerate(shapes)]
        if not arrays:
            raise Err("EmptyJoin")
        if name == "stack":
            norm(axis, rank + 1)
            if any(a.shape != arrays[0].shape for a in arrays):
                raise Err("JoinShape")
            return np.stack(arrays, axis=axis)
        k = norm(axis, rank)
        for a in arrays[1:]:
            if a.ndim != rank or any(x != y for i, (x, y) in enumerate(zip(a.shape, shapes[0]))
                                     if i != k):
                raise Err("JoinShape")
        return np.concatenate(arrays, axis=axis)
    return str(axis), run


def join_inputs(rng, name):
    k = rng.choice([1, 2, 2, 3, 3]) if rng.random() < 0.93 else 0
    first = rand_shape(rng, max_count=60, min_rank=0 if name == "stack" else 1)
    shapes = []
    for _ in range(k):
        s = list(first)
        if name == "concatenate" and s and rng.random() < 0.8:
            i = rng.randrange(len(s))
            s[i] = rng.choice([0, 1, 2, 3])  # the joining axis, or another (an error)
        if rng.random() < 0.06:
            s = s[:-1] if s else [2]  # another rank
        shapes.append(s)
    return shapes


def arange(rng):
    if rng.random() < 0.5:
        start, stop = rng.randrange(-10, 10), rng.randrange(-10, 20)
        step = rng.choice([1, 1, 2, 3, -1, -2, 5, 0, 0])
        kind = "i64"
    else:
        start = round(rng.uniform(-5, 5), 2)
        stop = round(rng.uniform(-5, 10), 2)
        step = rng.choice([0.1, 0.25, 0.3, 1.0, 1.5, -0.5, -0.7, 0.0])
        kind = "f64"

    def run():
        if step == 0:
            raise Err("ArangeStep")
        return np.arange(start, stop, step)
    return f"{kind} {start} {stop} {step}", run


def linspace(rng):
    start = round(rng.uniform(-5, 5), 3)
    stop = round(rng.uniform(-5, 10), 3)
    num = rng.choice([0, 1, 2, 3, 5, 7, 10, 50])
    return f"{start} {stop} {num}", lambda: np.linspace(start, stop, num)


def eye(rng):
    n = rng.choice([0, 1, 2, 3, 5])
    return str(n), lambda: np.eye(n, dtype=np.int64)


def take_along_axis(rng, a):
    """The indices' shape and values, and numpy's answer. Off the axis an extent is the array's,
    1, or now and then a clash; along it any small extent. Now and then another rank or an
    index past the end."""
    axis = rand_axis(rng, a.ndim)
    k = axis % a.ndim if -a.ndim <= axis < a.ndim else None
    shape = []
    for d, e in enumerate(a.shape):
        if d == k:
            shape.append(rng.choice([0, 1, 2, 3, 4]))
        else:
            r = rng.random()
            shape.append(e if r < 0.6 else 1 if r < 0.9 else e + rng.choice([1, 2]))
    if rng.random() < 0.07:
        shape = shape[:-1] if shape else [1]
    n = a.shape[k] if k is not None else 3
    values = [rng.randrange(0, n) if n and rng.random() > 0.04 else n + rng.randrange(0, 2)
              for _ in range(count(shape))]
    indices = np.array(values, dtype=np.int64).reshape(shape)

    def run():
        norm(axis, a.ndim)
        if indices.ndim != a.ndim:
            raise Err("IndicesRank")
        try:
            return np.take_along_axis(a, indices, axis=axis)
        except IndexError as e:
            raise Err("Incompatible" if "shape mismatch" in str(e) else "Index")
    line = "indices " + ints(shape) + " | " + ints(values)
    return line, str(axis), run


def where_shapes(rng):
    """A result shape and three operand shapes that broadcast to it (now and then one that
    clashes): each a suffix of the result, some extents 1."""
    out = rand_shape(rng, max_count=120)
    shapes = []
    for _ in range(3):
        rank = rng.randrange(0, len(out) + 1)
        s = [e if rng.random() < 0.6 else 1 for e in out[len(out) - rank:]]
        if s and rng.random() < 0.06:
            i = rng.randrange(len(s))
            s[i] = out[len(out) - rank + i] + rng.choice([1, 2])
        shapes.append(s)
    return shapes


def where_case(rng):
    cshape, ashape, bshape = where_shapes(rng)
    cond = [rng.random() < 0.5 for _ in range(count(cshape))]
    c = np.array(cond, dtype=bool).reshape(cshape)
    pre = "flip" if ashape and rng.random() < 0.3 else "none"
    a = base(ashape)
    if pre == "flip":
        a = a[(slice(None, None, -1),) * a.ndim]
    b = -(np.arange(count(bshape), dtype=np.int64) + 100).reshape(bshape)

    def run():
        try:
            return np.where(c, a, b)
        except ValueError:
            raise Err("Incompatible")
    lines = ["shape " + ints(ashape), "pre " + pre,
             "cond " + ints(cshape) + " | " + ints(cond), "b " + ints(bshape)]
    return lines, "", run


def clip(rng, a):
    lo, hi = rng.randrange(-6, 6), rng.randrange(-6, 12)
    return f"{lo} {hi}", lambda: np.clip(a, lo, hi)


def basic_index(rng, a):
    """Entries of numpy's basic indexing: slices and integers (now and then one out of range,
    a step of 0, or more entries than axes)."""
    k = rng.randrange(0, a.ndim + 1)
    if rng.random() < 0.05:
        k = a.ndim + 1
    entries = []
    for axis in range(k):
        n = a.shape[axis] if axis < a.ndim else 2
        if rng.random() < 0.45:
            if n and rng.random() > 0.08:
                entries.append(rng.randrange(-n, n))
            else:
                entries.append(rng.choice([n, n + 2, -n - 1]))
        else:
            def bound():
                return None if rng.random() < 0.35 else rng.randrange(-n - 2, n + 3)
            step = rng.choice([None, None, 1, 2, -1, -2, 3])
            if rng.random() < 0.04:
                step = 0
            entries.append((bound(), bound(), step))

    def text(e):
        if isinstance(e, int):
            return str(e)
        return ":".join("_" if x is None else str(x) for x in e)

    def run():
        if len(entries) > a.ndim:
            raise Err("TooManySlices")
        for axis, e in enumerate(entries):
            if isinstance(e, int) and not -a.shape[axis] <= e < a.shape[axis]:
                raise Err("Index")
            if not isinstance(e, int) and e[2] == 0:
                raise Err("SliceStep")
        return a[tuple(e if isinstance(e, int) else slice(*e) for e in entries)]
    return " ".join(text(e) for e in entries), run


ARRAY_FNS = {
    "display": display,
    "outer_iter": outer_iter,
    "axis_iter": axis_iter,
    "lanes": lanes,
    "axis_chunks": axis_chunks,
    "windows": windows,
    "index_axis": index_axis,
    "split": split,
    "take": take,
    "compress": compress,
    "cumsum": scan("cumsum"),
    "cumprod": scan("cumprod"),
    "var": moments("var"),
    "std": moments("std"),
}

# Display: integer data of these shapes (the summarised ones past 1000 elements), then random ones.
DISPLAY_SHAPES = [
    [], [0], [1], [7], [2, 3], [3, 1, 2], [2, 0, 3], [1, 1, 1, 1], [2, 2, 2, 2, 2],
    [1001], [2000], [1000, 2], [2, 1000], [2, 3, 200], [8, 8, 20], [7, 7, 7, 7],
    [3, 4, 5, 6, 3], [1, 1001], [12, 100], [5, 6, 7, 8],
]


def main(path):
    rng = random.Random(SEED)
    out = [
        "# Generated by scripts/gen_numpy_everyday_fixtures.py (numpy); regenerate with "
        "`cargo xtask numpy`.",
        f"# seed {SEED}, numpy {np.__version__}.",
    ]
    case = 0

    def emit(lines, fn, args, run, floats=False):
        nonlocal case
        out.append(f"case {case}")
        out.append(f"fn {fn}")
        out.extend(lines)
        out.append("args " + args)
        try:
            r = run()
        except Err as e:
            out.append("err " + e.variant)
        else:
            if isinstance(r, str):
                out.append("text " + r.replace("\n", "|"))
            elif isinstance(r, list):
                out.append(f"count {len(r)}")
                out.extend(out_line(x) for x in r)
            else:
                out.append(out_line(r, floats or np.asarray(r).dtype.kind == "f"))
        out.append("end")
        case += 1

    for name, f in ARRAY_FNS.items():
        shapes = [rand_shape(rng) for _ in range(PER_FN)]
        if name == "display":
            shapes = DISPLAY_SHAPES + shapes[:10]
        for shape in shapes:
            lines = ["shape " + " ".join(map(str, shape))]
            a = base(shape)
            if name == "cumprod":
                a = a % 5 - 2  # small factors: the products wrap less often
                lines.append("data " + ints(a.reshape(-1)))
            if name in ("var", "std"):
                data = [round(rng.uniform(-10, 10), 3) for _ in range(count(shape))]
                a = np.array(data, dtype=np.float64).reshape(shape)
                lines.append("data " + " ".join(fmt_float(x) for x in data))
            pre, a = pre_view(rng, a) if name != "display" else ("none", a)
            lines.append("pre " + pre)
            args, run = f(rng, a)
            emit(lines, name, args, run)

    for name in ("concatenate", "stack"):
        for _ in range(PER_FN + 8):
            shapes = join_inputs(rng, name)
            text = "empty" if not shapes else " / ".join(" ".join(map(str, s)) for s in shapes)
            args, run = join(name, rng, shapes)
            emit(["inputs " + text], name, args, run)

    for name, f in (("arange", arange), ("linspace", linspace), ("eye", eye)):
        for _ in range(PER_FN // 2):
            args, run = f(rng)
            emit([], name, args, run)

    # Added after the first set, so that its cases stay as they were.
    for _ in range(PER_FN + 12):
        shape = rand_shape(rng, min_rank=0 if rng.random() < 0.1 else 1)
        pre, a = pre_view(rng, base(shape))
        line, args, run = take_along_axis(rng, a)
        emit(["shape " + " ".join(map(str, shape)), "pre " + pre, line], "take_along_axis",
             args, run)
    for _ in range(PER_FN + 12):
        lines, args, run = where_case(rng)
        emit(lines, "where", args, run)
    for _ in range(PER_FN):
        shape = rand_shape(rng)
        pre, a = pre_view(rng, base(shape))
        args, run = clip(rng, a)
        emit(["shape " + " ".join(map(str, shape)), "pre " + pre], "clip", args, run)
    for _ in range(PER_FN + 24):
        shape = rand_shape(rng)
        pre, a = pre_view(rng, base(shape))
        args, run = basic_index(rng, a)
        emit(["shape " + " ".join(map(str, shape)), "pre " + pre], "slice", args, run)
    for name in ("var", "std"):
        for _ in range(PER_FN // 2):
            shape = rand_shape(rng)
            pre, a = pre_view(rng, base(shape) * 7)
            args, run = moments(name)(rng, a)
            emit(["shape " + " ".join(map(str, shape)), "scale 7", "pre " + pre], name, args,
                 run, floats=True)

    # Edge cases a differential fuzzer found (session W), appended so the cases above stay as
    # they were. take and compress where an axis before the taken one has extent 0: numpy reads
    # and checks no index then, but refuses a non-empty take from an axis of extent 0.
    for shape, axis, idx in [
        ([0, 0], 1, [0]), ([0, 0], 0, [0]), ([0, 5], 1, [10]), ([2, 0, 0], 1, [0]),
        ([0, 2, 0], 2, [5]), ([3, 0, 2], 0, [5]), ([0, 4], 0, [9]), ([2, 0], 1, [0]),
        ([0, 0], None, [0]), ([0, 3], -1, [-10]),
    ]:
        def run_take(a=base(shape), axis=axis, idx=idx):
            try:
                return np.take(a, idx, axis=axis)
            except IndexError:
                raise Err("Index")
        emit(["shape " + " ".join(map(str, shape)), "pre none"], "take",
             " ".join([fmt_axis(axis)] + [str(i) for i in idx]), run_take)
    for shape, axis, mask in [
        ([0, 0], 1, [1]), ([2, 0], 1, [1]), ([0, 0], 1, [0]), ([0, 5], 1, [0, 0, 0, 0, 0, 0, 1]),
        ([0, 3], 1, [1, 1, 1, 1]), ([3, 0], 0, [0, 1, 0, 1]),
    ]:
        def run_compress(a=base(shape), axis=axis, mask=mask):
            try:
                return np.compress([bool(m) for m in mask], a, axis=axis)
            except IndexError:
                raise Err("Index")
        emit(["shape " + " ".join(map(str, shape)), "pre none"], "compress",
             " ".join([fmt_axis(axis)] + [str(m) for m in mask]), run_compress)
    # arange whose quotient underflows to 0 or whose step is infinite: numpy's length is 1, or
    # 0 when the quotient is -0 (`stop` behind `start`) or `stop` is `start`.
    inf = float("inf")
    for start, stop, step in [
        (0.0, 5.0, inf), (0.0, 5e-324, 1e10), (5.0, 0.0, inf), (0.0, -5e-324, 1e10),
        (1.0, 1.0, inf), (0.0, -5.0, -inf), (0.0, 5.0, -inf),
    ]:
        emit([], "arange", f"f64 {start} {stop} {step}",
             lambda start=start, stop=stop, step=step: np.arange(start, stop, step))

    # The mean of integer input: numpy's float64, as var and std's above.
    for _ in range(PER_FN // 2):
        shape = rand_shape(rng)
        pre, a = pre_view(rng, base(shape) * 7)
        args, run = mean_case(rng, a)
        emit(["shape " + " ".join(map(str, shape)), "scale 7", "pre " + pre], "mean", args,
             run, floats=True)

    # split and array_split by a number of sections.
    for name in ("split_equal", "array_split"):
        for _ in range(PER_FN):
            shape = rand_shape(rng)
            pre, a = pre_view(rng, base(shape))
            args, run = split_sections(name)(rng, a)
            emit(["shape " + " ".join(map(str, shape)), "pre " + pre], name, args, run)

    # The median, of integer input (numpy's float64) as the mean's above.
    for _ in range(PER_FN):
        shape = rand_shape(rng)
        pre, a = pre_view(rng, base(shape) * 7 % 11)
        args, run = mean_case(rng, a, "median")
        try:
            run()
        except ValueError:
            # numpy 2.4's median cannot reshape some empty inputs reduced over several axes
            # ("cannot reshape array of size 0"); shaped gives the medians of nothing, NaN.
            continue
        except Err:
            pass
        emit(["shape " + " ".join(map(str, shape)), "scale 7", "modulo 11", "pre " + pre],
             "median", args, run, floats=True)

    with open(path, "w") as fh:
        fh.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
