#!/usr/bin/env python3
"""Differential fixtures for shaped's dynamic broadcasting, computed by numpy.

Writes tests/fixtures/broadcast.txt (read by tests/dynamic_numpy.rs, which needs no Python).
Regenerate with `cargo xtask numpy` (installs numpy if missing) or
`python3 scripts/gen_fixtures.py tests/fixtures/broadcast.txt`. The RNG seed is fixed, so the
output only changes when this script or numpy's semantics do.

Format: one case per block, tokens separated by spaces, `|` between a shape and its data.
    pair <id>                  | triple <id>
    a <dims> | <values>        (rank 0: `a | 5`)
    b <dims> | <values>
    c <dims> | <values>        (triples only)
    shape <dims>               | error incompatible <axis> | <dims a> | <dims b>
  pairs:
    add|sub|mul|div|rem <values>     (when the shapes broadcast; rem is np.fmod, as Rust's %)
    inplace ok | inplace incompatible <axis> | inplace grow <axis>   (a += b)
    bto <values> | bto grow <axis>   (b broadcast to a's shape)
  triples:
    expr <values>  | expr error incompatible <axis> | <dims> | <dims>   ((a * b) + c)
    end
Axes count from the right: -1 is the last. Inputs are small integers (divisors never 0), outputs
are float64 printed exactly (integers without a decimal point, others by repr).
"""

import random
import sys

import numpy as np

SEED = 20240604
PAIRS = 330
TRIPLES = 130
MAX_ELEMS = 64
EXTENTS = [0, 1, 2, 3, 4, 5]
WEIGHTS = [0.05, 0.32, 0.25, 0.18, 0.1, 0.1]


def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def clash(shapes):
    """numpy's rule, reporting the first clash scanning axes from the right: (axis, owner, other)."""
    rank = max((len(s) for s in shapes), default=0)
    for back in range(1, rank + 1):
        owner = None
        for i, s in enumerate(shapes):
            if back > len(s) or s[-back] == 1:
                continue
            if owner is None:
                owner = i
            elif s[-back] != shapes[owner][-back]:
                return (-back, owner, i)
    return None


def grow_axis(frm, to):
    """The first axis from the right on which `frm` does not broadcast to exactly `to`."""
    for back in range(1, len(frm) + 1):
        e = frm[-back]
        if back > len(to) or (e != 1 and e != to[-back]):
            return -back
    return None


def derive(rng, out):
    """An operand that broadcasts into `out`: a suffix of it with some extents set to 1."""
    rank = rng.randint(0, len(out))
    return [1 if rng.random() < 0.3 else d for d in out[len(out) - rank:]]


def corrupt(rng, shape):
    if shape:
        i = rng.randrange(len(shape))
        shape = list(shape)
        shape[i] = rng.choice([e for e in EXTENTS if e != shape[i]])
    return shape


def shapes(rng, n):
    while True:
        rank = rng.randint(0, 7)
        out = rng.choices(EXTENTS, WEIGHTS, k=rank)
        ops = [derive(rng, out) for _ in range(n)]
        if rng.random() < 0.4:
            k = rng.randrange(n)
            ops[k] = corrupt(rng, ops[k])
        if all(count(s) <= MAX_ELEMS for s in ops):
            ok = clash(ops) is None
            if not ok or count(np.broadcast_shapes(*[tuple(s) for s in ops])) <= MAX_ELEMS:
                return ops


def fmt_num(v):
    v = float(v)
    return str(int(v)) if v.is_integer() else repr(v)


def fmt_dims(s):
    return " ".join(str(d) for d in s)


def fmt_arr(x):
    return " ".join(fmt_num(v) for v in np.asarray(x, dtype=np.float64).ravel())


def operand(rng, name, shape, divisor):
    pool = [-3, -2, -1, 1, 2, 3] if divisor else list(range(-5, 6))
    data = np.array([rng.choice(pool) for _ in range(count(shape))], dtype=np.float64)
    x = data.reshape(shape)
    dims = fmt_dims(shape)
    return x, f"{name} {dims} | {fmt_arr(x)}".replace("  ", " ").replace(f"{name}  |", f"{name} |")


def numpy_fails(f):
    try:
        f()
    except ValueError:
        return True
    return False


def error_line(prefix, shapes_, c):
    axis, i, j = c
    return f"{prefix} incompatible {axis} | {fmt_dims(shapes_[i])} | {fmt_dims(shapes_[j])}"


def pair(rng, k, lines):
    sa, sb = shapes(rng, 2)
    a, la = operand(rng, "a", sa, False)
    b, lb = operand(rng, "b", sb, True)
    lines += [f"pair {k}", la, lb]
    c = clash([sa, sb])
    assert (c is not None) == numpy_fails(lambda: np.broadcast_shapes(tuple(sa), tuple(sb)))
    if c is not None:
        lines.append(error_line("error", [sa, sb], c))
    else:
        lines.append("shape " + fmt_dims(np.broadcast_shapes(tuple(sa), tuple(sb))))
        with np.errstate(all="raise"):
            for name, f in [("add", np.add), ("sub", np.subtract), ("mul", np.multiply),
                            ("div", np.divide), ("rem", np.fmod)]:
                lines.append(f"{name} {fmt_arr(f(a, b))}".rstrip())

    def in_place():
        t = a.copy()
        t += b

    fails = numpy_fails(in_place)
    if c is not None:
        assert fails
        lines.append(f"inplace incompatible {c[0]}")
    elif fails:
        lines.append(f"inplace grow {grow_axis(sb, sa)}")
    else:
        assert grow_axis(sb, sa) is None
        lines.append("inplace ok")
    g = grow_axis(sb, sa)
    assert (g is not None) == numpy_fails(lambda: np.broadcast_to(b, tuple(sa)))
    if g is None:
        lines.append(f"bto {fmt_arr(np.broadcast_to(b, tuple(sa)))}".rstrip())
    else:
        lines.append(f"bto grow {g}")
    lines.append("end")


def triple(rng, k, lines):
    ss = shapes(rng, 3)
    xs = []
    lines.append(f"triple {k}")
    for name, s, div in zip("abc", ss, [False, False, True]):
        x, line = operand(rng, name, s, div)
        xs.append(x)
        lines.append(line)
    c = clash(ss)
    assert (c is not None) == numpy_fails(lambda: np.broadcast_shapes(*[tuple(s) for s in ss]))
    if c is not None:
        lines.append(error_line("error", ss, c))
    else:
        lines.append("shape " + fmt_dims(np.broadcast_shapes(*[tuple(s) for s in ss])))
    c1 = clash(ss[:2])
    if c1 is not None:
        lines.append(error_line("expr error", ss[:2], c1))
    else:
        ab = list(np.broadcast_shapes(tuple(ss[0]), tuple(ss[1])))
        c2 = clash([ab, ss[2]])
        if c2 is not None:
            lines.append(error_line("expr error", [ab, ss[2]], c2))
        else:
            lines.append(f"expr {fmt_arr(xs[0] * xs[1] + xs[2])}".rstrip())
    lines.append("end")


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "tests/fixtures/broadcast.txt"
    rng = random.Random(SEED)
    lines = [
        "# Generated by scripts/gen_fixtures.py (numpy); regenerate with `cargo xtask numpy`.",
        f"# seed {SEED}, {PAIRS} pairs, {TRIPLES} triples, ranks 0-7, extents 0-5.",
    ]
    for k in range(PAIRS):
        pair(rng, k, lines)
    for k in range(TRIPLES):
        triple(rng, k, lines)
    with open(path, "w") as f:
        f.write("\n".join(line.rstrip() for line in lines) + "\n")
    print(f"wrote {path}: {PAIRS} pairs, {TRIPLES} triples")


if __name__ == "__main__":
    main()
