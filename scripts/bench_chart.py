#!/usr/bin/env python3
"""Draws BENCHMARKS.md's standing as one SVG chart: shaped's ratio to each baseline measured in
the same run, one row per workload, on a logarithmic axis (left of 1x: shaped is faster).

To regenerate the chart, from the repository root (each step overwrites the last run's output):

    cargo bench --bench static_ops --bench dynamic --bench views --bench reductions --bench matmul
    cargo xtask insns | tee target/insns.txt
    cargo xtask numpy-bench
    python3 scripts/numpy_views_bench.py > target/numpy_views_bench.txt
    python3 scripts/numpy_reduce_bench.py > target/numpy_reduce_bench.txt
    python3 scripts/numpy_matmul_bench.py > target/numpy_matmul_bench.txt
    OPENBLAS_NUM_THREADS=1 python3 scripts/numpy_matmul_bench.py >> target/numpy_matmul_bench.txt
    python3 scripts/bench_chart.py

(the chart's subtitle lists the same commands, for the benches it found). Any subset works:
what is missing is skipped with a note on stderr, and so is a ratio whose two figures were
written more than 12 hours apart (not one run).

Reads (DIR defaults: --criterion target/criterion, --data target, --insns <data>/insns.txt):
- criterion medians, `<criterion>/<group>/<function>/new/estimates.json`, key
  `median.point_estimate` (ns), of the benches static_ops, dynamic, views, reductions, matmul;
- `<data>/numpy_bench.json` ({workload: median ns}), written by scripts/numpy_bench.py
  (`cargo xtask numpy-bench`);
- `<data>/numpy_views_bench.txt`, `numpy_reduce_bench.txt`, `numpy_matmul_bench.txt`: what
  scripts/numpy_{views,reduce,matmul}_bench.py print (they write no file), lines
  `<label>: numpy <version> [(threads <n>)] median <ms> ms`; the matmul file may hold both the
  default-thread and the OPENBLAS_NUM_THREADS=1 run, told apart by their `(threads ...)`;
- `<insns>`: the tables `cargo xtask insns` prints (it writes no file): instructions per call,
  as printed (rounded to whole instructions).

Writes one SVG, docs/bench-ratios.svg unless --out says otherwise. Each ratio is
median(shaped) / median(baseline), both from the same run (instructions per call for the
callgrind rows); which function is "shaped" and which are its baselines is the table BENCHES
below. Standard library only.
"""

import argparse
import datetime
import json
import math
import os
import re
import sys
from typing import NamedTuple
from xml.sax.saxutils import escape, quoteattr

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


# ---------------------------------------------------------------------------------------------
# The choices: for each bench, which function is "shaped" and which are its baselines.
# ---------------------------------------------------------------------------------------------

class Baseline(NamedTuple):
    kind: str  # legend entry (KINDS): one colour per kind
    source: str  # where its figure comes from (read_sources)
    # criterion functions or `insns` columns: the fastest of those present is the baseline (a
    # library at its best, as the insns gate takes the best of ndarray's `&a + &b` and Zip). For
    # numpy logs: the `(threads ...)` value printed ("" when none); numpy_bench.json: unused.
    names: tuple[str, ...] = ()
    shaped: tuple[str, ...] | None = None  # compare with these instead of the bench's shaped


class Workload(NamedTuple):
    group: str  # criterion group, or `insns` workload
    label: str  # the row's label on the chart
    numpy: str = ""  # the label numpy's script prints for it (numpy logs only)
    shaped: tuple[str, ...] | None = None  # this row's shaped function(s), if not the bench's
    without: tuple[str, ...] = ()  # baseline kinds not measured here: absent, and not reported


class Bench(NamedTuple):
    name: str  # what the stderr notes call it
    title: str  # section header on the chart
    source: str  # where shaped's figures come from
    commands: tuple[str, ...]  # what produces its figures (subtitle, stderr notes)
    shaped: tuple[str, ...]  # shaped's function(s): the fastest present is "shaped"
    baselines: tuple[Baseline, ...]
    workloads: tuple[Workload, ...]


# Legend: kind -> (legend text, colour). Okabe-Ito colours, told apart with colour blindness.
KINDS = {
    "hand": ("hand loop", "#000000"),
    "ndarray": ("ndarray, fixed rank", "#0072B2"),
    "ndarray_dyn": ("ndarray, IxDyn", "#56B4E9"),
    "ndarray_rayon": ("ndarray + rayon, threaded", "#009E73"),
    "nalgebra": ("nalgebra", "#CC79A7"),
    "numpy": ("numpy", "#D55E00"),
    "numpy_1t": ("numpy, 1 thread", "#E69F00"),
}

STATIC_COMMANDS = ("cargo bench --bench static_ops",)
INSNS_COMMANDS = ("cargo xtask insns | tee target/insns.txt",)
W7 = "W7 rank 9 [2,1,\u2026,64]+[1,2,\u2026,1]"

BENCHES = (
    Bench(
        # shaped: the cheapest of `*out = a + b`, `add_to`, `return a + b`, as the gate takes.
        name="cargo xtask insns",
        title="Static kernels: instructions per call (callgrind; shaped: its cheapest form)",
        source="insns",
        commands=INSNS_COMMANDS,
        shaped=("shaped", "shaped_to", "shaped_ret"),
        baselines=(
            Baseline("hand", "insns", ("hand",)),
            Baseline("ndarray", "insns", ("ndarray", "ndarray_zip")),
            Baseline("ndarray_dyn", "insns", ("ndarray_dyn",)),
            Baseline("nalgebra", "insns", ("nalgebra",)),
        ),
        workloads=(
            Workload("w1", "W1 [4,4]+[4] f32", without=("ndarray_dyn",)),
            Workload("w2", "W2 [3,4,8]+[3,1,1] f32", without=("ndarray_dyn", "nalgebra")),
            Workload("w3a", "W3a [64,64]+[64] f32", without=("ndarray_dyn",)),
            Workload("w3b", "W3b [64,64]+[64,1] f32", without=("ndarray_dyn",)),
            Workload("w3a_f64", "W3a f64", without=("ndarray_dyn",)),
            Workload("w3a_i32", "W3a i32", without=("ndarray_dyn",)),
            Workload("w8", "W8 a.t() + b, [64,64] f32", without=("ndarray_dyn",)),
            Workload("w3a_borrowed", "W3a into a caller's slices",
                     without=("ndarray", "ndarray_dyn", "nalgebra")),
            Workload("w3a_heap", "W3a on heap tensors",
                     without=("ndarray", "ndarray_dyn", "nalgebra")),
            Workload("mm3", "matmul [3,3] x [3,3] f32", without=("ndarray", "ndarray_dyn")),
            Workload("mm4", "matmul [4,4] x [4,4] f32", without=("ndarray", "ndarray_dyn")),
            Workload("mm8", "matmul [8,8] x [8,8] f32", without=("ndarray", "ndarray_dyn")),
            # The dynamic path, allocating its output (DynTensor::try_add).
            Workload("dyn_w1", "dynamic W1 [4,4]+[4] f32", without=("ndarray", "nalgebra")),
        ),
    ),
    Bench(
        name="bench static_ops",
        title="Static kernels: wall clock (criterion medians; shaped: its fastest form)",
        source="criterion",
        commands=STATIC_COMMANDS,
        shaped=("shaped", "shaped_to", "shaped_ret"),
        baselines=(
            Baseline("hand", "criterion", ("hand",)),
            Baseline("ndarray", "criterion", ("ndarray", "ndarray_zip")),
            Baseline("nalgebra", "criterion", ("nalgebra",)),
        ),
        workloads=(
            Workload("w1", "W1 [4,4]+[4] f32"),
            Workload("w2", "W2 [3,4,8]+[3,1,1] f32", without=("nalgebra",)),
            Workload("w3a", "W3a [64,64]+[64] f32"),
            Workload("w3b", "W3b [64,64]+[64,1] f32"),
            Workload("w3a_f64", "W3a f64"),
            Workload("w3a_i32", "W3a i32"),
        ),
    ),
    Bench(
        # shaped_dyn (allocating, like every baseline but numpy) splits outputs of 4 MiB and
        # more over both cores; ndarray on rayon is the threaded baseline to read it against.
        name="bench dynamic",
        title="Dynamic rank add, f32 (criterion; shaped: DynTensor::try_add, threaded on W4-W6)",
        source="criterion",
        commands=("cargo bench --bench dynamic", "cargo xtask numpy-bench"),
        shaped=("shaped_dyn",),
        baselines=(
            Baseline("hand", "criterion", ("hand",)),
            Baseline("ndarray", "criterion", ("ndarray_fixed_op", "ndarray_fixed_zip")),
            Baseline("ndarray_dyn", "criterion", ("ndarray_dyn_op", "ndarray_dyn_zip")),
            Baseline("ndarray_rayon", "criterion", ("ndarray_par_zip",)),
            Baseline("numpy", "numpy_add"),
        ),
        workloads=(
            Workload("W3a", "W3a [64,64]+[64]"),
            Workload("W4", "W4 [256,256,64]+[64]"),
            Workload("W5", "W5 [256,1,64]+[1,256,1]"),
            Workload("W6", "W6 [4194304]+[4194304]"),
            Workload("W1", "W1 [4,4]+[4]"),
            # ndarray's fixed ranks stop at 6.
            Workload("W7", W7, without=("ndarray", "ndarray_rayon")),
        ),
    ),
    Bench(
        # The bench's `contiguous` is shaped's own contiguous add, not a baseline: left out.
        name="bench views",
        title="Views with non-unit strides, f32 [1024,1024] (criterion; one thread)",
        source="criterion",
        commands=("cargo bench --bench views",
                  "python3 scripts/numpy_views_bench.py > target/numpy_views_bench.txt"),
        shaped=("shaped_dyn",),
        baselines=(
            Baseline("hand", "criterion", ("hand",)),
            Baseline("ndarray", "criterion", ("ndarray",)),
            Baseline("numpy", "numpy_views", ("",)),
        ),
        workloads=(
            Workload("V1", "V1 transpose-copy", numpy="V1 ascontiguousarray(a.T)"),
            Workload("V2", "V2 transposed + contiguous", numpy="V2 a.T + b", without=("hand",)),
            Workload("V3", "V3 a[:, ::-1] + contiguous", numpy="V3 a[:, ::-1] + b",
                     without=("hand",)),
        ),
    ),
    Bench(
        name="bench reductions",
        title="Reductions, sorts, unique runs (criterion; one thread)",
        source="criterion",
        commands=("cargo bench --bench reductions",
                  "python3 scripts/numpy_reduce_bench.py > target/numpy_reduce_bench.txt"),
        shaped=("shaped_dyn",),
        baselines=(
            Baseline("hand", "criterion", ("hand",)),
            Baseline("ndarray", "criterion", ("ndarray",)),
            Baseline("numpy", "numpy_reduce", ("",)),
        ),
        workloads=(
            Workload("S0", "S0 static [256,256] sum, axis 0", numpy="S0 [256, 256].sum(axis=0)",
                     shaped=("shaped_static",)),
            Workload("S1", "S1 static [256,256] sum, axis 1", numpy="S1 [256, 256].sum(axis=1)",
                     shaped=("shaped_static",)),
            Workload("R0", "R0 [1024,1024] sum, axis 0", numpy="R0 a.sum(axis=0)"),
            Workload("R1", "R1 [1024,1024] sum, axis 1", numpy="R1 a.sum(axis=1)"),
            Workload("R2", "R2 [1024,1024] argmax, last axis", numpy="R2 a.argmax(axis=-1)",
                     without=("ndarray",)),
            # The hand loop is slice::sort_by, a stable sort, against both of shaped's sorts;
            # numpy's stable sort against the stable one, its default against the unstable one.
            Workload("R3", "R3 [1000,1000] sort, stable", numpy="R3 np.sort(kind='stable')",
                     shaped=("shaped_dyn_stable",), without=("ndarray",)),
            Workload("R3", "R3 [1000,1000] sort, unstable", numpy="R3 np.sort (default)",
                     shaped=("shaped_dyn_unstable",), without=("ndarray",)),
            Workload("R4", "R4 unique_consecutive, 10^6 i32", numpy="R4 unique_consecutive",
                     without=("ndarray",)),
        ),
    ),
    Bench(
        # shaped_dyn runs on max_threads() (every core). ndarray's dot runs on one thread, but
        # BENCHMARKS.md reads shaped's default against it, and so does this; numpy with
        # OPENBLAS_NUM_THREADS=1 is read against shaped on one thread.
        name="bench matmul",
        title="Matrix products (criterion; shaped: try_matmul threaded, "
        "on 1 thread against numpy on 1)",
        source="criterion",
        commands=("cargo bench --bench matmul",
                  "python3 scripts/numpy_matmul_bench.py > target/numpy_matmul_bench.txt",
                  "OPENBLAS_NUM_THREADS=1 python3 scripts/numpy_matmul_bench.py "
                  ">> target/numpy_matmul_bench.txt"),
        shaped=("shaped_dyn",),
        baselines=(
            Baseline("ndarray", "criterion", ("ndarray",)),
            Baseline("numpy", "numpy_matmul", ("default",)),
            Baseline("numpy_1t", "numpy_matmul", ("1",), shaped=("shaped_dyn_1thread",)),
        ),
        workloads=(
            Workload("M1", "M1 [512,512] x [512,512] f32", numpy="M1 [512,512] @ [512,512] f32"),
            Workload("M2", "M2 [512,512] x [512,512] f64", numpy="M2 [512,512] @ [512,512] f64"),
            Workload("M3", "M3 [64,64,64] x [64,64] f32", numpy="M3 [64,64,64] @ [64,64] f32"),
            Workload("M4", "M4 [512,512] x transposed, f32", numpy="M4 a @ b.T f32"),
        ),
    ),
)

CHART_COMMAND = "python3 scripts/bench_chart.py"

# The ratio axis: the widest spread worth reading at a glance; beyond it marks sit on the edge.
AXIS_MIN, AXIS_MAX = 0.1, 10.0
TICKS = (0.1, 0.2, 0.5, 1, 2, 5, 10)


# ---------------------------------------------------------------------------------------------
# Reading the bench output
# ---------------------------------------------------------------------------------------------

class Measure(NamedTuple):
    value: float  # ns, or instructions per call
    name: str  # the function or column measured
    path: str  # the file it came from


def read_criterion(criterion_dir):
    """Every `<group>/<function>/new/estimates.json` median: {(group, function): Measure}."""
    found = {}
    if not os.path.isdir(criterion_dir):
        return found
    for group in sorted(os.listdir(criterion_dir)):
        group_dir = os.path.join(criterion_dir, group)
        if group == "report" or not os.path.isdir(group_dir):
            continue
        for function in sorted(os.listdir(group_dir)):
            path = os.path.join(group_dir, function, "new", "estimates.json")
            if os.path.isfile(path):
                median = criterion_median(path)
                if median is not None:
                    found[(group, function)] = Measure(median, function, path)
    return found


def criterion_median(path):
    try:
        with open(path) as f:
            return float(json.load(f)["median"]["point_estimate"])
    except (OSError, ValueError, KeyError, TypeError) as e:
        note(f"{path}: no median.point_estimate ({e}); skipped")
        return None


def read_numpy_json(path):
    """scripts/numpy_bench.py's {workload: median ns}: {(workload, ""): Measure}."""
    if not os.path.isfile(path):
        return {}
    try:
        with open(path) as f:
            medians = json.load(f)
        return {(w, ""): Measure(float(ns), "numpy np.add(out=)", path)
                for w, ns in medians.items()}
    except (OSError, ValueError, AttributeError, TypeError) as e:
        note(f"{path}: not a JSON object of medians ({e}); skipped")
        return {}


# `V1 ascontiguousarray(a.T): numpy 2.4.6 median 5.250 ms`, the matmul script's with
# `(threads default)` before `median`.
NUMPY_LINE = re.compile(
    r"^(?P<label>.+?): numpy \S+ (?:\(threads (?P<threads>[^)]*)\) )?median (?P<ms>[0-9.]+) ms$")


def read_numpy_log(path):
    """A numpy bench script's printed lines: {(label, threads or ""): Measure} in ns."""
    if not os.path.isfile(path):
        return {}
    found = {}
    with open(path) as f:
        for line in f:
            m = NUMPY_LINE.match(line.strip())
            if m:
                key = (m["label"], m["threads"] or "")
                found[key] = Measure(float(m["ms"]) * 1e6, f"numpy {m['label']}", path)
    return found


# The dynamic W1 line of `cargo xtask insns`.
INSNS_DYNAMIC = re.compile(
    r"DynTensor::try_add (?P<shaped>[0-9.]+), ndarray IxDyn &a \+ &b (?P<ndarray_dyn>[0-9.]+), "
    r"hand loop (?P<hand>[0-9.]+)")


def read_insns(path):
    """The tables `cargo xtask insns` prints: {(workload, column): Measure}. A table starts at a
    header whose first word is `workload` or `product` and runs to the first line that is not
    a row of it; numeric columns are the header's words without a `/` (not ratios) before
    `verdict`."""
    if not os.path.isfile(path):
        return {}
    found = {}
    columns = None
    with open(path) as f:
        for line in f:
            words = line.split()
            if words and words[0] in ("workload", "product"):
                columns = words
                continue
            if columns and insns_row(words, columns, path, found):
                continue
            columns = None
            m = INSNS_DYNAMIC.search(line)
            if m:
                for column, count in m.groupdict().items():
                    found[("dyn_w1", column)] = Measure(float(count), column, path)
    return found


def insns_row(words, columns, path, found):
    """Adds one printed table row to `found`; False if `words` is not such a row."""
    if len(words) < len(columns) - 1 or not re.fullmatch(r"[a-z][a-z0-9_]*", words[0]):
        return False
    row = {}
    for column, cell in zip(columns[1:], words[1:]):
        if column == "verdict" or "/" in column or cell == "-":
            continue
        try:
            row[(words[0], column)] = Measure(float(cell), column, path)
        except ValueError:
            return False  # prose after the table, not a row: add none of it
    found.update(row)
    return True


def read_sources(criterion_dir, data_dir, insns_path):
    """Every source the benches name: {source: {key: Measure}} (empty where nothing exists)."""
    numpy_log = lambda name: read_numpy_log(os.path.join(data_dir, name))
    return {
        "criterion": read_criterion(criterion_dir),
        "numpy_add": read_numpy_json(os.path.join(data_dir, "numpy_bench.json")),
        "numpy_views": numpy_log("numpy_views_bench.txt"),
        "numpy_reduce": numpy_log("numpy_reduce_bench.txt"),
        "numpy_matmul": numpy_log("numpy_matmul_bench.txt"),
        "insns": read_insns(insns_path),
    }


def source_paths(criterion_dir, data_dir, insns_path):
    """Where each source is read from, for the notes on what is missing."""
    return {
        "criterion": criterion_dir,
        "numpy_add": os.path.join(data_dir, "numpy_bench.json"),
        "numpy_views": os.path.join(data_dir, "numpy_views_bench.txt"),
        "numpy_reduce": os.path.join(data_dir, "numpy_reduce_bench.txt"),
        "numpy_matmul": os.path.join(data_dir, "numpy_matmul_bench.txt"),
        "insns": insns_path,
    }


# ---------------------------------------------------------------------------------------------
# Ratios
# ---------------------------------------------------------------------------------------------

class Mark(NamedTuple):
    kind: str
    shaped: Measure
    baseline: Measure

    @property
    def ratio(self):
        return self.shaped.value / self.baseline.value


class Row(NamedTuple):
    label: str
    marks: tuple[Mark, ...]


class Section(NamedTuple):
    title: str
    unit: str  # "ns" or "insns"
    commands: tuple[str, ...]
    rows: tuple[Row, ...]


def fastest(measures, source, group, names):
    """The smallest figure among `names` present in `source` under `group`, or None."""
    present = [measures[source][(group, n)] for n in names if (group, n) in measures[source]]
    return min(present, key=lambda m: m.value, default=None)


def baseline_measure(measures, baseline, workload):
    if baseline.source == "numpy_add":
        return measures["numpy_add"].get((workload.group, ""))
    if baseline.source.startswith("numpy_"):
        return fastest(measures, baseline.source, workload.numpy, baseline.names)
    return fastest(measures, baseline.source, workload.group, baseline.names)


# Two figures written further apart than this are not from one run (a full run of every bench
# here takes well under an hour), so their ratio is not drawn.
SAME_RUN_HOURS = 12


def hours_apart(a, b):
    return abs(os.path.getmtime(a.path) - os.path.getmtime(b.path)) / 3600


def section_for(bench, measures, missing):
    """The bench's rows; what it lacks goes to `missing` (a list of strings)."""
    rows = []
    for w in bench.workloads:
        marks = []
        for b in bench.baselines:
            if b.kind in w.without:
                continue
            shaped_names = b.shaped or w.shaped or bench.shaped
            shaped = fastest(measures, bench.source, w.group, shaped_names)
            base = baseline_measure(measures, b, w)
            if shaped is None or base is None:
                what = "/".join(shaped_names) if shaped is None else KINDS[b.kind][0]
                missing.append(f"{w.label}: no {what}")
            elif base.value <= 0:
                missing.append(f"{w.label}: {KINDS[b.kind][0]} measured 0")
            elif hours_apart(shaped, base) > SAME_RUN_HOURS:
                missing.append(f"{w.label}: shaped's and {KINDS[b.kind][0]}'s figures were "
                               f"written {hours_apart(shaped, base):.0f} h apart, not one run")
            else:
                marks.append(Mark(b.kind, shaped, base))
        if marks:
            rows.append(Row(w.label, tuple(marks)))
    unit = "insns" if bench.source == "insns" else "ns"
    return Section(bench.title, unit, bench.commands, tuple(rows))


def collect(benches, measures, paths):
    """Sections with data, and notes on what was skipped (for stderr)."""
    sections, notes = [], []
    for bench in benches:
        missing = []
        section = section_for(bench, measures, missing)
        if not section.rows:
            notes.append(f"skipped {bench.name}: no data in "
                         f"{paths[bench.source]} (run: {' && '.join(bench.commands)})")
            continue
        sections.append(section)
        notes.extend(f"{bench.name}: {m}" for m in missing)
    return sections, notes


def note(text):
    print(f"bench_chart: {text}", file=sys.stderr)


# ---------------------------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------------------------

WIDTH = 900
MARGIN = 16
LABEL_X = 28  # row labels, indented under their section's header
PLOT_LEFT, PLOT_RIGHT = 300, 720
OFF_SCALE_X = 736  # the column listing figures beyond the axis
ROW_H = 22
SECTION_H = 30
FONT = "sans-serif"
GREY = "#555555"


def text_width(text, size):
    """An estimate of `text`'s width in a sans-serif font: wrapping and fitting need one, and SVG
    has no measurement without a renderer. Errs wide."""
    def em(c):  # about DejaVu Sans' widths, wider than Helvetica's or Arial's
        if c in "iljf.,:;'|! ":
            return 0.32
        if c in "()[]t*-/":
            return 0.42
        if c in "mwMW@%\u00d7\u2026\u25b6\u25c0":
            return 0.9
        return 0.72 if c.isupper() else 0.64
    return sum(em(c) for c in text) * size


def wrap(pieces, width, size, joiner):
    """Lines of `pieces` joined by `joiner`, each line within `width` unless one piece is wider."""
    lines, line = [], ""
    for piece in pieces:
        candidate = f"{line}{joiner}{piece}" if line else piece
        if line and text_width(candidate, size) > width:
            lines.append(line + joiner.rstrip())
            line = piece
        else:
            line = candidate
    return lines + [line] if line else lines


def x_of(ratio):
    """The ratio's x on the log axis, clamped to it."""
    r = min(max(ratio, AXIS_MIN), AXIS_MAX)
    span = math.log10(AXIS_MAX) - math.log10(AXIS_MIN)
    return PLOT_LEFT + (math.log10(r) - math.log10(AXIS_MIN)) / span * (PLOT_RIGHT - PLOT_LEFT)


def fmt_ratio(r):
    """Short: the off-scale column has room for a few of these."""
    return f"{r:,.0f}\u00d7" if r >= 100 else f"{r:.2g}\u00d7"


def fmt_measure(m, unit):
    if unit == "insns":
        return f"{m.value:,.0f} insns"
    for scale, name in ((1e6, "ms"), (1e3, "\u00b5s")):
        if m.value >= scale:
            return f"{m.value / scale:,.4g} {name}"
    return f"{m.value:,.4g} ns"


def tooltip(row, mark, unit):
    shaped, base = mark.shaped, mark.baseline
    return (f"{row.label}, vs {KINDS[mark.kind][0]}: shaped ({shaped.name}) "
            f"{fmt_measure(shaped, unit)} / {base.name} {fmt_measure(base, unit)} "
            f"= {mark.ratio:.4g}\u00d7")


class Svg:
    """SVG elements, in drawing order."""

    def __init__(self):
        self.parts = []

    def add(self, element):
        self.parts.append(element)

    def text(self, x, y, content, size=12, anchor="start", weight="normal", fill="#000000",
             extra="", title=None):
        tip = f"<title>{escape(title)}</title>" if title else ""
        self.add(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
                 f'font-weight="{weight}" fill="{fill}"{extra}>{escape(content)}{tip}</text>')

    def line(self, x1, y1, x2, y2, stroke, width=1, extra=""):
        self.add(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                 f'stroke="{stroke}" stroke-width="{width}"{extra}/>')


def mark_y(kind, kinds, row_y):
    """Each of the section's kinds keeps its own height within a row, so equal ratios stay
    visible one above the other."""
    step = min(3.2, (ROW_H - 12) / max(len(kinds) - 1, 1))
    return row_y + ROW_H / 2 + (kinds.index(kind) - (len(kinds) - 1) / 2) * step


def section_kinds(section):
    """The kinds drawn in the section, in the legend's order."""
    drawn = {m.kind for r in section.rows for m in r.marks}
    return [k for k in KINDS if k in drawn]


def edge_steps(row):
    """For each mark beyond the axis, how many of the row's marks beyond the same edge are less
    extreme: its triangle steps that far outward, so triangles on one edge do not cover
    each other."""
    steps = {}
    for beyond in (lambda r: r > AXIS_MAX, lambda r: r < AXIS_MIN):
        marks = sorted((m for m in row.marks if beyond(m.ratio)),
                       key=lambda m: abs(math.log(m.ratio)))
        steps.update({m: i for i, m in enumerate(marks)})
    return steps


def draw_mark(svg, row, mark, unit, row_y, kinds, step=0):
    """A dot, or a triangle on the axis' edge pointing outward for a ratio beyond it (`step`
    triangle widths further out)."""
    colour = KINDS[mark.kind][1]
    x, y = x_of(mark.ratio), mark_y(mark.kind, kinds, row_y)
    attrs = (f'class="mark" data-kind="{mark.kind}" data-row={quoteattr(row.label)} '
             f'data-ratio="{mark.ratio!r}" fill="{colour}" stroke="#ffffff" stroke-width="1"')
    tip = f"<title>{escape(tooltip(row, mark, unit))}</title>"
    if AXIS_MIN <= mark.ratio <= AXIS_MAX:
        svg.add(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="4.5" {attrs}>{tip}</circle>')
    else:
        d = 1 if mark.ratio > AXIS_MAX else -1
        x += d * 7 * step
        points = f"{x - 5 * d:.1f},{y - 5:.1f} {x + 4 * d:.1f},{y:.1f} {x - 5 * d:.1f},{y + 5:.1f}"
        svg.add(f'<polygon points="{points}" data-x="{x:.2f}" {attrs}>{tip}</polygon>')


def draw_off_scale(svg, row, unit, row_y):
    """Figures beyond the axis, written out at the right, arrow as their marker's: an image in a
    web page shows no tooltips. What does not fit is counted, not drawn over the edge."""
    x = OFF_SCALE_X
    beyond = [m for m in row.marks if not AXIS_MIN <= m.ratio <= AXIS_MAX]
    for i, mark in enumerate(sorted(beyond, key=lambda m: m.ratio)):
        arrow = "\u25b6" if mark.ratio > AXIS_MAX else "\u25c0"
        label = f"{arrow}{fmt_ratio(mark.ratio)}"
        width = text_width(label, 11)
        if x + width > WIDTH - MARGIN:
            svg.text(x, row_y + ROW_H / 2 + 4, f"+{len(beyond) - i}", size=11, fill=GREY)
            break
        svg.text(x, row_y + ROW_H / 2 + 4, label, size=11, fill=KINDS[mark.kind][1],
                 extra=' class="off-scale"', title=tooltip(row, mark, unit))
        x += width + 8


def draw_axis_grid(svg, top, bottom):
    for tick in TICKS:
        colour, width = ("#222222", 1.5) if tick == 1 else ("#dddddd", 1)
        extra = ' class="same-speed"' if tick == 1 else ""
        svg.line(x_of(tick), top, x_of(tick), bottom, colour, width, extra)


def draw_tick_labels(svg, y):
    for tick in TICKS:
        svg.text(x_of(tick), y, f"{tick:g}\u00d7", size=11, anchor="middle", fill=GREY)


def draw_section(svg, section, y):
    """The header, then the rows; returns the y below them."""
    svg.text(MARGIN, y + 20, section.title, size=13, weight="bold")
    y += SECTION_H
    draw_axis_grid(svg, y, y + ROW_H * len(section.rows))
    kinds = section_kinds(section)
    for i, row in enumerate(section.rows):
        row_y = y + i * ROW_H
        if i % 2 == 0:  # banded rows lead the eye from the label to its marks
            band = WIDTH - MARGIN - LABEL_X + 6
            svg.add(f'<rect x="{LABEL_X - 6}" y="{row_y:.1f}" width="{band}" height="{ROW_H}" '
                    'fill="#000000" fill-opacity="0.04"/>')
        svg.text(LABEL_X, row_y + ROW_H / 2 + 4, row.label, size=12, extra=' class="row-label"')
        steps = edge_steps(row)
        for mark in row.marks:
            draw_mark(svg, row, mark, section.unit, row_y, kinds, steps.get(mark, 0))
        draw_off_scale(svg, row, section.unit, row_y)
    return y + ROW_H * len(section.rows)


def draw_legend(svg, kinds, y):
    """One entry per baseline kind present, flowing onto more lines as needed; returns the y
    below it."""
    entries = [(KINDS[k][0], KINDS[k][1]) for k in KINDS if k in kinds]
    x = MARGIN
    for label, colour in entries:
        width = 14 + text_width(label, 12) + 14
        if x + width > WIDTH - MARGIN:
            x, y = MARGIN, y + 20
        svg.add(f'<circle cx="{x + 5}" cy="{y - 4}" r="5" fill="{colour}" class="legend"/>')
        svg.text(x + 14, y, label, size=12)
        x += width
    y += 20
    svg.add(f'<polygon points="{MARGIN},{y - 9} {MARGIN + 9},{y - 4} {MARGIN},{y + 1}" '
            f'fill="{GREY}"/>')
    svg.text(MARGIN + 14, y, f"beyond {AXIS_MIN:g}\u00d7 to {AXIS_MAX:g}\u00d7: drawn on the "
             "axis' edge, its figure written at the right. Hover a mark for its figures.",
             size=12, fill=GREY)
    return y + 10


def draw_header(svg, date, commands):
    """Title, subtitle (the date, how to read it, the commands that reproduce it); returns the y
    below it."""
    y = MARGIN + 18
    svg.text(MARGIN, y, "shaped against its baselines: time(shaped) / time(baseline), same run",
             size=18, weight="bold")
    subtitle = [f"Bench output of {date}.", "Left of 1\u00d7 shaped is faster;",
                "callgrind rows compare instructions per call.", "Caveats: BENCHMARKS.md."]
    y += 4
    for line in wrap(subtitle, WIDTH - 2 * MARGIN, 12, " "):
        y += 17
        svg.text(MARGIN, y, line, size=12, fill=GREY)
    y += 17
    svg.text(MARGIN, y, "Reproduce, from the repository's root:", size=12, fill=GREY)
    for command in commands:  # one per line, as typed: copyable
        y += 16
        svg.text(MARGIN + 16, y, command, size=12, fill=GREY, extra=' class="command"')
    return y


def draw_svg(sections, date, commands):
    """The whole chart as SVG text."""
    svg = Svg()
    y = draw_header(svg, date, commands) + 28
    y = draw_legend(svg, {m.kind for s in sections for r in s.rows for m in r.marks}, y)
    y += 26
    svg.text(x_of(1) - 8, y, "\u25c0 shaped faster", size=12, anchor="end", weight="bold")
    svg.text(x_of(1) + 8, y, "shaped slower \u25b6", size=12, weight="bold")
    svg.text(x_of(1), y - 16, "1\u00d7 = same speed as the baseline", size=11, anchor="middle",
             fill=GREY)
    y += 18
    draw_tick_labels(svg, y)
    y += 4
    for section in sections:
        y = draw_section(svg, section, y)
    draw_tick_labels(svg, y + 16)
    height = y + 16 + MARGIN
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" '
            f'viewBox="0 0 {WIDTH} {height:.0f}" font-family="{FONT}">')
    background = f'<rect width="{WIDTH}" height="{height:.0f}" fill="#ffffff"/>'
    return "\n".join(['<?xml version="1.0" encoding="UTF-8"?>', head, background, *svg.parts,
                      "</svg>", ""])


# ---------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------

def data_date(sections):
    """The day of the newest file read: the day the benches ran, not the day the chart was drawn."""
    paths = {m.path for s in sections for r in s.rows for mk in r.marks
             for m in (mk.shaped, mk.baseline)}
    newest = max(os.path.getmtime(p) for p in paths)
    return datetime.datetime.fromtimestamp(newest, datetime.timezone.utc).date().isoformat()


def reproduce_commands(sections):
    """The commands behind the sections drawn, each once, then this script's. The criterion
    benches go first, as one `cargo bench` (shorter to read, and one build)."""
    commands = []
    for s in sections:
        commands.extend(c for c in s.commands if c not in commands)
    cargo_bench = "cargo bench --bench "
    benches = [c.removeprefix(cargo_bench) for c in commands if c.startswith(cargo_bench)]
    merged = [cargo_bench + " --bench ".join(benches)] if benches else []
    return merged + [c for c in commands if not c.startswith(cargo_bench)] + [CHART_COMMAND]


def parse_args(argv):
    p = argparse.ArgumentParser(
        description="Draw shaped's bench ratios against its baselines as one SVG chart.",
        epilog="See the module docstring (or the top of this file) for the commands to run first.")
    p.add_argument("--out", default=os.path.join(ROOT, "docs", "bench-ratios.svg"),
                   help="the SVG to write (default: docs/bench-ratios.svg)")
    p.add_argument("--criterion", default=os.path.join(ROOT, "target", "criterion"),
                   help="criterion's output directory (default: target/criterion)")
    p.add_argument("--data", default=os.path.join(ROOT, "target"),
                   help="where numpy_bench.json and the numpy_*_bench.txt logs are "
                   "(default: target)")
    p.add_argument("--insns", default=None,
                   help="the saved output of `cargo xtask insns` (default: <data>/insns.txt)")
    p.add_argument("--date", default=None,
                   help="the date in the subtitle (default: the newest input file's, UTC)")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    insns = args.insns or os.path.join(args.data, "insns.txt")
    measures = read_sources(args.criterion, args.data, insns)
    sections, notes = collect(BENCHES, measures, source_paths(args.criterion, args.data, insns))
    for n in notes:
        note(n)
    if not sections:
        note("no bench output found: nothing drawn (see --help for what to run first)")
        return 1
    svg = draw_svg(sections, args.date or data_date(sections), reproduce_commands(sections))
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(svg)
    marks = sum(len(r.marks) for s in sections for r in s.rows)
    note(f"wrote {args.out}: {len(sections)} sections, {marks} marks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
