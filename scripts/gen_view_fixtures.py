#!/usr/bin/env python3
"""Differential fixtures for shaped's dynamic view operations, computed by numpy.

Writes tests/fixtures/views.txt (read by tests/dynamic_views.rs, which needs no Python).
Regenerate with `cargo xtask numpy` or `python3 scripts/gen_view_fixtures.py tests/fixtures/views.txt`.
The RNG seed is fixed, so the output only changes when this script or numpy's semantics do.

Each case starts from `np.arange(n).reshape(shape)`, optionally turns it into a view that is not
row-major first (`pre`, one of the same operations), then applies one operation:

    case <id>
    shape <dims>
    pre <op line> | pre none
    op <op line>
    out <dims> | <values in logical row-major order>     or     err <ShapeError variant>
    end

Op lines (axes may be negative; `_` is an omitted slice bound):
    t | permute <axes> | swap <a> <b> | move <src> <dst> | slice <start:stop:step ...>
    diagonal <offset> <axis1> <axis2> | squeeze all | squeeze <axes> | unsqueeze <axis>
    reshape <extents, -1 allowed> | broadcast <dims> | strided <len> <offset> <dims> / <strides>
For `strided` the input is ignored: the view is `as_strided` over `np.arange(len)` (strides in
elements), and positions outside the buffer are the error numpy never checks for.
"""

import random
import sys

import numpy as np

SEED = 20261123
CASES = 420


def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def rand_shape(rng, max_rank=6):
    rank = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6][: 7 + max_rank])
    while True:
        shape = [rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5]) for _ in range(rank)]
        if count(shape) <= 240:
            return shape


def rand_axis(rng, rank, extra=0):
    """A valid axis of `rank` (plus `extra` positions), now and then one out of range."""
    n = rank + extra
    if n == 0 or rng.random() < 0.08:
        return rng.choice([n, -n - 1, n + 2])
    a = rng.randrange(n)
    return a - n if rng.random() < 0.4 else a


def rand_bound(rng, n):
    r = rng.random()
    if r < 0.3:
        return None
    if r < 0.45:
        return rng.choice([-n - 3, n + 3])  # past either end: clips
    return rng.randrange(-n - 1, n + 2)


def rand_slices(rng, rank):
    k = rng.randrange(0, rank + 1)
    if rng.random() < 0.05:
        k = rank + 1  # too many
    out = []
    for _ in range(k):
        step = rng.choice([None, None, 1, 2, 3, -1, -1, -2, -3])
        if rng.random() < 0.03:
            step = 0
        out.append((rand_bound(rng, 4), rand_bound(rng, 4), step))
    return out


def fmt_bound(b):
    return "_" if b is None else str(b)


def rand_op(rng, shape, allow_strided=True):
    rank = len(shape)
    kinds = ["t", "permute", "swap", "move", "slice", "slice", "slice", "diagonal", "squeeze",
             "unsqueeze", "reshape", "reshape", "broadcast"]
    if allow_strided:
        kinds.append("strided")
    kind = rng.choice(kinds)
    if kind == "t":
        return ("t",)
    if kind == "permute":
        axes = list(range(rank))
        rng.shuffle(axes)
        axes = [a - rank if rng.random() < 0.3 else a for a in axes]
        r = rng.random()
        if r < 0.06 and rank > 1:
            axes[0] = axes[1]  # repeated
        elif r < 0.1:
            axes = axes[:-1] if axes else [0]  # wrong length
        elif r < 0.14 and rank > 0:
            axes[0] = rank  # out of range
        return ("permute", axes)
    if kind == "swap":
        return ("swap", rand_axis(rng, rank), rand_axis(rng, rank))
    if kind == "move":
        return ("move", rand_axis(rng, rank), rand_axis(rng, rank))
    if kind == "slice":
        return ("slice", rand_slices(rng, rank))
    if kind == "diagonal":
        a1, a2 = rand_axis(rng, rank), rand_axis(rng, rank)
        if rank >= 2 and rng.random() < 0.7:
            a1, a2 = rng.sample(range(rank), 2)
        return ("diagonal", rng.randrange(-4, 5), a1, a2)
    if kind == "squeeze":
        if rng.random() < 0.4:
            return ("squeeze", None)
        ones = [i for i, d in enumerate(shape) if d == 1]
        if ones and rng.random() < 0.75:
            axes = rng.sample(ones, rng.randrange(1, len(ones) + 1))
        else:
            axes = [rand_axis(rng, rank)]
        if axes and rng.random() < 0.05:
            axes.append(axes[0])  # repeated
        return ("squeeze", [a - rank if rng.random() < 0.3 else a for a in axes])
    if kind == "unsqueeze":
        return ("unsqueeze", rand_axis(rng, rank, extra=1))
    if kind == "reshape":
        n = count(shape)
        dims = factor(rng, n)
        r = rng.random()
        if r < 0.4 and dims:
            dims[rng.randrange(len(dims))] = -1
        elif r < 0.5:
            dims.append(rng.choice([2, 3]))  # usually a size mismatch
        elif r < 0.53 and len(dims) >= 2:
            dims[0] = dims[1] = -1
        return ("reshape", dims)
    if kind == "broadcast":
        target = [rng.choice([2, 3]) if d == 1 and rng.random() < 0.6 else d for d in shape]
        lead = [rng.choice([1, 2, 3]) for _ in range(rng.randrange(0, 3))]
        target = lead + target
        if rng.random() < 0.15 and target:
            target[-1] += 1  # a clash (or a stretched 1)
        if rng.random() < 0.05 and target:
            target = target[1:]  # fewer axes than the source
        return ("broadcast", target)
    # strided: a buffer of `length`, some shape and strides, an offset.
    length = rng.randrange(0, 30)
    r = rng.randrange(0, 4)
    dims = [rng.randrange(0, 4) for _ in range(r)]
    strides = [rng.randrange(-5, 6) for _ in range(r)]
    offset = rng.randrange(0, max(length, 1) + 2)
    return ("strided", length, offset, dims, strides)


def factor(rng, n):
    """A random shape with `n` elements."""
    if n == 0:
        return [0] + [rng.choice([1, 2, 3]) for _ in range(rng.randrange(0, 2))]
    dims = []
    while n > 1:
        divisors = [d for d in range(2, n + 1) if n % d == 0]
        d = rng.choice(divisors)
        dims.append(d)
        n //= d
    rng.shuffle(dims)
    for _ in range(rng.randrange(0, 2)):
        dims.insert(rng.randrange(len(dims) + 1), 1)
    return dims


def op_line(op):
    kind = op[0]
    if kind == "t":
        return "t"
    if kind == "permute":
        return "permute " + " ".join(map(str, op[1]))
    if kind in ("swap", "move"):
        return f"{kind} {op[1]} {op[2]}"
    if kind == "slice":
        return "slice " + " ".join(
            f"{fmt_bound(a)}:{fmt_bound(b)}:{fmt_bound(c)}" for a, b, c in op[1])
    if kind == "diagonal":
        return f"diagonal {op[1]} {op[2]} {op[3]}"
    if kind == "squeeze":
        return "squeeze all" if op[1] is None else "squeeze " + " ".join(map(str, op[1]))
    if kind == "unsqueeze":
        return f"unsqueeze {op[1]}"
    if kind == "reshape":
        return "reshape " + " ".join(map(str, op[1]))
    if kind == "broadcast":
        return "broadcast " + " ".join(map(str, op[1]))
    _, length, offset, dims, strides = op
    return f"strided {length} {offset} {' '.join(map(str, dims))} / {' '.join(map(str, strides))}"


class Err(Exception):
    def __init__(self, variant):
        super().__init__(variant)
        self.variant = variant


def norm(axis, rank):
    if not -rank <= axis < rank:
        raise Err("Axis")
    return axis % rank


def apply(a, op):
    """numpy's answer, with numpy's exceptions turned into the ShapeError variant shaped names."""
    kind = op[0]
    rank = a.ndim
    if kind == "t":
        return a.T
    if kind == "permute":
        axes = op[1]
        if len(axes) != rank:
            raise Err("Permutation")
        normed = [norm(x, rank) for x in axes]
        if len(set(normed)) != rank:
            raise Err("RepeatedAxis")
        return np.transpose(a, axes)
    if kind == "swap":
        norm(op[1], rank), norm(op[2], rank)
        return np.swapaxes(a, op[1], op[2])
    if kind == "move":
        norm(op[1], rank), norm(op[2], rank)
        return np.moveaxis(a, op[1], op[2])
    if kind == "slice":
        sl = op[1]
        if len(sl) > rank:
            raise Err("TooManySlices")
        if any(c == 0 for _, _, c in sl):
            raise Err("SliceStep")
        return a[tuple(slice(x, y, z) for x, y, z in sl)]
    if kind == "diagonal":
        _, off, a1, a2 = op
        i, j = norm(a1, rank), norm(a2, rank)
        if i == j:
            raise Err("RepeatedAxis")
        return np.diagonal(a, off, a1, a2)
    if kind == "squeeze":
        if op[1] is None:
            return np.squeeze(a)
        normed = [norm(x, rank) for x in op[1]]
        if len(set(normed)) != len(normed):
            raise Err("RepeatedAxis")
        if any(a.shape[i] != 1 for i in normed):
            raise Err("Squeeze")
        return np.squeeze(a, axis=tuple(op[1]))
    if kind == "unsqueeze":
        norm(op[1], rank + 1)
        return np.expand_dims(a, op[1])
    if kind == "reshape":
        dims = op[1]
        if sum(1 for d in dims if d == -1) > 1 or any(d < -1 for d in dims):
            raise Err("ReshapeTarget")
        known = count([d for d in dims if d != -1])
        if (-1 in dims and (known == 0 or a.size % known)) or (-1 not in dims and known != a.size):
            raise Err("ReshapeSize")
        try:
            return np.reshape(a, dims, copy=False)
        except ValueError:
            raise Err("ReshapeCopy")
    if kind == "broadcast":
        try:
            return np.broadcast_to(a, op[1])
        except ValueError:
            raise Err("NotBroadcastableTo")
    _, length, offset, dims, strides = op
    if count(dims) > 0:
        lo = offset + sum(min(0, (d - 1) * s) for d, s in zip(dims, strides))
        hi = offset + sum(max(0, (d - 1) * s) for d, s in zip(dims, strides))
        if lo < 0 or hi >= length:
            raise Err("OutOfBounds")
        buf = np.arange(length, dtype=np.int64)
        base = buf[offset:]
        return np.lib.stride_tricks.as_strided(base, dims, [s * 8 for s in strides])
    return np.zeros(dims, dtype=np.int64)


def main(path):
    rng = random.Random(SEED)
    out = [
        "# Generated by scripts/gen_view_fixtures.py (numpy); regenerate with `cargo xtask numpy`.",
        f"# seed {SEED}, {CASES} cases, input ranks 0-6, numpy {np.__version__}.",
    ]
    for case in range(CASES):
        shape = rand_shape(rng)
        a = np.arange(count(shape), dtype=np.int64).reshape(shape)
        pre = None
        if rng.random() < 0.45:
            # Start from a view that is not row-major (reversed, transposed, sliced, diagonal).
            for _ in range(20):
                cand = rand_op(rng, shape, allow_strided=False)
                if cand[0] in ("broadcast",):
                    continue
                try:
                    a = apply(a, cand)
                except Err:
                    continue
                pre = cand
                break
        op = rand_op(rng, list(a.shape))
        out.append(f"case {case}")
        out.append("shape " + " ".join(map(str, shape)))
        out.append("pre " + (op_line(pre) if pre else "none"))
        out.append("op " + op_line(op))
        try:
            r = apply(a, op)
            out.append("out " + " ".join(map(str, r.shape)) + " | "
                       + " ".join(str(int(x)) for x in r.reshape(-1)))
        except Err as e:
            out.append("err " + e.variant)
        out.append("end")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
