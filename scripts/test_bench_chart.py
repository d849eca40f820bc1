#!/usr/bin/env python3
"""Tests of scripts/bench_chart.py on fake bench output written to a temporary directory:
`python3 -m unittest scripts/test_bench_chart.py` or `python3 scripts/test_bench_chart.py`.

`write_sample_run(dir)` writes a whole fake run (BENCHMARKS.md's figures) for looking at the
chart: `python3 -c 'import sys; sys.path.insert(0, "scripts"); import test_bench_chart as t;
t.write_sample_run("/tmp/fake")'`, then
`python3 scripts/bench_chart.py --criterion /tmp/fake/criterion --data /tmp/fake --out /tmp/x.svg`.
"""

import contextlib
import io
import json
import os
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_chart  # noqa: E402

SVG_NS = "{http://www.w3.org/2000/svg}"


def write_criterion(criterion_dir, medians):
    """Criterion's layout: {group: {function: median ns}} as <group>/<function>/new/estimates.json
    (with the other estimates criterion writes, so only the median may be read)."""
    for group, functions in medians.items():
        for function, ns in functions.items():
            path = os.path.join(criterion_dir, group, function, "new", "estimates.json")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            estimate = lambda v: {"confidence_interval": {"confidence_level": 0.95,
                                                          "lower_bound": v, "upper_bound": v},
                                  "point_estimate": v, "standard_error": 0.0}
            with open(path, "w") as f:
                json.dump({"mean": estimate(ns * 1.1), "median": estimate(ns),
                           "median_abs_dev": estimate(1.0), "slope": None,
                           "std_dev": estimate(2.0)}, f)


def numpy_lines(medians_ms, threads=None):
    """What scripts/numpy_*_bench.py print: {label: median ms}."""
    with_threads = f" (threads {threads})" if threads else ""
    return "".join(f"{label}: numpy 2.4.6{with_threads} median {ms:.3f} ms\n"
                   for label, ms in medians_ms.items())


# `cargo xtask insns`'s output, as printed (cargo's and xtask's own lines mixed in).
INSNS_OUTPUT = """
==> cargo bench --bench insns --no-run
<== cargo bench --bench insns --no-run: 0.4 s

instructions per call (callgrind, release build of benches/insns.rs)

workload        shaped shaped_to shaped_ret      hand   ndarray ndarray_zip  nalgebra  shaped/hand  verdict
w1                  14        14         15        14       888         640        22        1.000  ok
w2                  79        79         80        79      2176        1793         -        1.000  ok
w3a              19917      3284       3308      3317      8083        7656     19874        0.990  ok
w3a_borrowed         -      3361          -      3325         -           -         -        1.011  ok

shaped = `*out = a + b`, shaped_to = `a.add_to(b, out)`, shaped_ret = `return a + b`;
bound: shaped/hand <= 1.05 (w8: 1.10) and shaped <= ndarray fixed rank (best of `&a + &b` and Zip)

product         shaped      hand  nalgebra shaped/nalgebra  verdict
mm3                 65        65        62           1.048  ok
mm4                 69        74        73           0.945  ok
bound: shaped/nalgebra <= 1.05 (`*out = a.matmul(b)` vs `*out = a * b`)

==> cargo bench --bench dynamic --no-run

dynamic W1 [4,4]+[4], instructions per call (output allocated by each):
  DynTensor::try_add 595, ndarray IxDyn &a + &b 2933, hand loop 91
  shaped / ndarray IxDyn = 0.203  ok (bound 0.25)
insns: 12 passed, 0 failed
"""


def write_small_run(root):
    """Dynamic W3a with every baseline, W4 with two; reductions R1; matmul M1; static w1; the
    insns tables. No views output at all. Figures chosen so every ratio is exact in binary."""
    criterion = os.path.join(root, "criterion")
    write_criterion(criterion, {
        # shaped_dyn 200 against: hand 100 (2x), ndarray best of 400/500 (0.5x), IxDyn best of
        # 1000/2000 (0.2x), rayon 10 (20x, off the right edge); numpy 4000 (0.05x, off the left).
        "W3a": {"hand": 100.0, "hand_zeroed": 120.0, "shaped_dyn": 200.0, "shaped_dyn_1t": 210.0,
                "shaped_dyn_into": 150.0, "ndarray_fixed_op": 400.0, "ndarray_fixed_zip": 500.0,
                "ndarray_dyn_op": 2000.0, "ndarray_dyn_zip": 1000.0, "ndarray_par_zip": 10.0},
        "W4": {"hand": 1_000_000.0, "shaped_dyn": 750_000.0},
        "R1": {"hand": 1_024_000.0, "shaped_dyn": 256_000.0, "ndarray": 512_000.0},
        "M1": {"shaped_dyn": 2_000_000.0, "shaped_dyn_1thread": 4_000_000.0,
               "ndarray": 4_000_000.0},
        "w1": {"shaped": 3.5, "shaped_to": 2.75, "shaped_ret": 4.0, "hand": 2.5, "ndarray": 100.0,
               "ndarray_zip": 64.0, "nalgebra": 4.0},
    })
    os.makedirs(os.path.join(criterion, "report"), exist_ok=True)  # criterion's HTML, no data
    with open(os.path.join(root, "numpy_bench.json"), "w") as f:
        json.dump({"W3a": 4000.0, "W4": 1_500_000.0}, f)
    with open(os.path.join(root, "numpy_reduce_bench.txt"), "w") as f:
        f.write(numpy_lines({"R1 a.sum(axis=1)": 0.5}))
    with open(os.path.join(root, "numpy_matmul_bench.txt"), "w") as f:
        f.write(numpy_lines({"M1 [512,512] @ [512,512] f32": 1.0}, threads="default"))
        f.write(numpy_lines({"M1 [512,512] @ [512,512] f32": 2.0}, threads="1"))
    with open(os.path.join(root, "insns.txt"), "w") as f:
        f.write(INSNS_OUTPUT)


# (shaped, the ratios against each baseline kind): what write_small_run's figures imply.
SMALL_RUN_RATIOS = {
    ("Dynamic", "W3a [64,64]+[64]"): {"hand": 2.0, "ndarray": 0.5, "ndarray_dyn": 0.2,
                                      "ndarray_rayon": 20.0, "numpy": 0.05},
    ("Dynamic", "W4 [256,256,64]+[64]"): {"hand": 0.75, "numpy": 0.5},
    ("Reductions", "R1 [1024,1024] sum, axis 1"): {"hand": 0.25, "ndarray": 0.5, "numpy": 0.512},
    ("Matrix", "M1 [512,512] x [512,512] f32"): {"ndarray": 0.5, "numpy": 2.0, "numpy_1t": 2.0},
    ("Static kernels: wall", "W1 [4,4]+[4] f32"): {"hand": 1.1, "ndarray": 2.75 / 64,
                                                   "nalgebra": 2.75 / 4},
    ("Static kernels: instr", "W1 [4,4]+[4] f32"): {"hand": 1.0, "ndarray": 14 / 640,
                                                    "nalgebra": 14 / 22},
    ("Static kernels: instr", "W2 [3,4,8]+[3,1,1] f32"): {"hand": 1.0, "ndarray": 79 / 1793},
    ("Static kernels: instr", "W3a [64,64]+[64] f32"): {"hand": 3284 / 3317,
                                                        "ndarray": 3284 / 7656,
                                                        "nalgebra": 3284 / 19874},
    ("Static kernels: instr", "W3a into a caller's slices"): {"hand": 3361 / 3325},
    ("Static kernels: instr", "matmul [3,3] x [3,3] f32"): {"hand": 1.0, "nalgebra": 65 / 62},
    ("Static kernels: instr", "matmul [4,4] x [4,4] f32"): {"hand": 69 / 74, "nalgebra": 69 / 73},
    ("Static kernels: instr", "dynamic W1 [4,4]+[4] f32"): {"hand": 595 / 91,
                                                            "ndarray_dyn": 595 / 2933},
}


def run_main(*argv):
    """bench_chart.main's exit code and what it printed on stderr."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = bench_chart.main(list(argv))
    return code, err.getvalue()


class ReadingAndRatios(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        write_small_run(self.root)
        insns = os.path.join(self.root, "insns.txt")
        self.measures = bench_chart.read_sources(os.path.join(self.root, "criterion"), self.root,
                                                 insns)
        paths = bench_chart.source_paths(os.path.join(self.root, "criterion"), self.root, insns)
        with contextlib.redirect_stderr(io.StringIO()):
            self.sections, self.notes = bench_chart.collect(bench_chart.BENCHES, self.measures,
                                                            paths)

    def tearDown(self):
        self.tmp.cleanup()

    def ratios(self):
        """{(section title's start, row label): {kind: ratio}} of what was collected."""
        found = {}
        for s in self.sections:
            for r in s.rows:
                start = next(k for (k, label) in SMALL_RUN_RATIOS if s.title.startswith(k))
                found[(start, r.label)] = {m.kind: m.ratio for m in r.marks}
        return found

    def test_ratios_are_what_the_inputs_imply(self):
        got = self.ratios()
        self.assertEqual(set(got), set(SMALL_RUN_RATIOS))
        for row, want in SMALL_RUN_RATIOS.items():
            self.assertEqual(set(got[row]), set(want), row)
            for kind, ratio in want.items():
                self.assertAlmostEqual(got[row][kind], ratio, places=12, msg=(row, kind))

    def test_exact_binary_ratios_are_exact(self):
        w3a = self.ratios()[("Dynamic", "W3a [64,64]+[64]")]
        self.assertEqual(w3a, {"hand": 2.0, "ndarray": 0.5, "ndarray_dyn": 0.2,
                               "ndarray_rayon": 20.0, "numpy": 0.05})

    def test_the_fastest_named_form_is_used(self):
        row = next(r for s in self.sections if s.title.startswith("Static kernels: wall")
                   for r in s.rows)
        marks = {m.kind: m for m in row.marks}
        self.assertEqual(marks["hand"].shaped.name, "shaped_to")  # 2.75 beats 3.5 and 4.0
        self.assertEqual(marks["ndarray"].baseline.name, "ndarray_zip")  # 64 beats 100

    def test_matmul_pairs_thread_counts(self):
        row = next(r for s in self.sections if s.title.startswith("Matrix") for r in s.rows)
        marks = {m.kind: m for m in row.marks}
        self.assertEqual(marks["numpy"].shaped.name, "shaped_dyn")
        self.assertEqual(marks["numpy_1t"].shaped.name, "shaped_dyn_1thread")
        self.assertEqual(marks["numpy_1t"].baseline.value, 2_000_000.0)

    def test_a_missing_bench_is_skipped_with_a_note(self):
        self.assertFalse(any(s.title.startswith("Views") for s in self.sections))
        self.assertTrue(any(n.startswith("skipped bench views") for n in self.notes), self.notes)

    def test_missing_figures_are_noted_but_expected_absences_are_not(self):
        # W4 lacks its ndarray forms: noted. W2 has no nalgebra by design: not noted.
        self.assertTrue(any("W4" in n and "ndarray, fixed rank" in n for n in self.notes))
        self.assertFalse(any("W2" in n and "nalgebra" in n for n in self.notes), self.notes)

    def test_figures_from_different_runs_are_not_paired(self):
        numpy = os.path.join(self.root, "numpy_bench.json")
        old = os.path.getmtime(numpy) - 3 * 24 * 3600
        os.utime(numpy, (old, old))
        insns = os.path.join(self.root, "insns.txt")
        with contextlib.redirect_stderr(io.StringIO()):
            sections, notes = bench_chart.collect(
                bench_chart.BENCHES, bench_chart.read_sources(
                    os.path.join(self.root, "criterion"), self.root, insns),
                bench_chart.source_paths(os.path.join(self.root, "criterion"), self.root, insns))
        dynamic = next(s for s in sections if s.title.startswith("Dynamic"))
        self.assertFalse(any(m.kind == "numpy" for r in dynamic.rows for m in r.marks))
        self.assertTrue(any("W3a" in n and "72 h apart" in n for n in notes), notes)

    def test_insns_table_reading(self):
        insns = self.measures["insns"]
        self.assertEqual(insns[("w3a", "shaped_to")].value, 3284)
        self.assertNotIn(("w2", "nalgebra"), insns)  # printed as `-`
        self.assertNotIn(("w1", "shaped/hand"), insns)  # a ratio, not a count
        self.assertEqual(insns[("mm4", "nalgebra")].value, 73)
        self.assertEqual(insns[("dyn_w1", "ndarray_dyn")].value, 2933)
        self.assertFalse(any(g.startswith(("==>", "<==", "insns", "bound")) for g, _ in insns))


class Chart(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        write_small_run(self.root)
        self.out = os.path.join(self.root, "chart", "ratios.svg")
        self.code, self.stderr = run_main("--criterion", os.path.join(self.root, "criterion"),
                                          "--data", self.root, "--out", self.out,
                                          "--date", "2026-11-23")
        self.svg = ET.parse(self.out).getroot()

    def tearDown(self):
        self.tmp.cleanup()

    def marks(self):
        return [e for e in self.svg.iter() if e.get("class") == "mark"]

    def mark(self, row, kind):
        (found,) = [m for m in self.marks() if m.get("data-row") == row and
                    m.get("data-kind") == kind]
        return found

    def mark_x(self, mark):
        return float(mark.get("cx") or mark.get("data-x"))

    def same_speed_x(self):
        """The x of the 1x line, drawn once per section, always at the same x."""
        lines = [e for e in self.svg.iter(SVG_NS + "line") if e.get("class") == "same-speed"]
        (x,) = {float(e.get(k)) for e in lines for k in ("x1", "x2")}
        return x

    def test_writes_a_parsable_svg(self):
        self.assertEqual(self.code, 0)
        self.assertEqual(self.svg.tag, SVG_NS + "svg")
        self.assertEqual(self.svg.get("width"), "900")
        self.assertIn("sans-serif", self.svg.get("font-family"))
        self.assertIn("wrote", self.stderr)

    def test_one_mark_per_ratio(self):
        self.assertEqual(len(self.marks()), sum(len(r) for r in SMALL_RUN_RATIOS.values()))

    def test_slower_is_right_of_the_line_and_faster_left(self):
        one = self.same_speed_x()
        self.assertGreater(self.mark_x(self.mark("W3a [64,64]+[64]", "hand")), one)  # 2x
        self.assertLess(self.mark_x(self.mark("W3a [64,64]+[64]", "ndarray")), one)  # 0.5x
        self.assertEqual(self.mark_x(self.mark("matmul [3,3] x [3,3] f32", "hand")), one)  # 1x

    def test_log_axis_is_symmetric_about_one(self):
        one = self.same_speed_x()
        twice = self.mark_x(self.mark("W3a [64,64]+[64]", "hand")) - one
        half = one - self.mark_x(self.mark("W3a [64,64]+[64]", "ndarray"))
        self.assertAlmostEqual(twice, half, places=1)

    def test_off_scale_ratios_sit_on_the_edges_with_their_figure_written(self):
        right = self.mark("W3a [64,64]+[64]", "ndarray_rayon")  # 20x
        left = self.mark("W3a [64,64]+[64]", "numpy")  # 0.05x
        self.assertEqual(right.tag, SVG_NS + "polygon")
        self.assertEqual(self.mark_x(right), bench_chart.PLOT_RIGHT)
        self.assertEqual(self.mark_x(left), bench_chart.PLOT_LEFT)
        written = [e.text for e in self.svg.iter(SVG_NS + "text") if e.get("class") == "off-scale"]
        self.assertIn("\u25b620\u00d7", written)  # arrows as their marks point
        self.assertIn("\u25c00.05\u00d7", written)

    def test_tooltips_give_both_figures_and_the_ratio(self):
        tip = self.mark("W3a [64,64]+[64]", "hand").find(SVG_NS + "title").text
        self.assertIn("shaped_dyn", tip)
        self.assertIn("200 ns", tip)
        self.assertIn("hand 100 ns", tip)
        self.assertIn("= 2", tip)
        insns_tip = self.mark("W3a [64,64]+[64] f32", "ndarray").find(SVG_NS + "title").text
        self.assertIn("3,284 insns", insns_tip)
        self.assertIn("7,656 insns", insns_tip)

    def test_subtitle_has_the_date_and_the_commands(self):
        texts = " ".join(e.text or "" for e in self.svg.iter(SVG_NS + "text"))
        self.assertIn("2026-11-23", texts)
        commands = " ".join(e.text for e in self.svg.iter(SVG_NS + "text")
                            if e.get("class") == "command")
        self.assertIn("cargo bench --bench static_ops --bench dynamic --bench reductions "
                      "--bench matmul", commands)  # the criterion benches as one command
        self.assertIn("python3 scripts/bench_chart.py", commands)
        self.assertNotIn("numpy_views_bench", commands)  # views did not run

    def test_legend_has_one_entry_per_kind_drawn(self):
        legend = [e for e in self.svg.iter(SVG_NS + "circle") if e.get("class") == "legend"]
        kinds = {m.get("data-kind") for m in self.marks()}
        self.assertEqual(len(legend), len(kinds))
        self.assertEqual({e.get("fill") for e in legend},
                         {bench_chart.KINDS[k][1] for k in kinds})


class CommandLine(unittest.TestCase):
    def test_nothing_to_draw_writes_nothing(self):
        with tempfile.TemporaryDirectory() as root:
            out = os.path.join(root, "x.svg")
            code, err = run_main("--criterion", os.path.join(root, "none"), "--data", root,
                                 "--out", out)
            self.assertEqual(code, 1)
            self.assertFalse(os.path.exists(out))
            self.assertIn("skipped bench dynamic", err)

    def test_help(self):
        with contextlib.redirect_stdout(io.StringIO()) as out, self.assertRaises(SystemExit) as e:
            bench_chart.main(["--help"])
        self.assertEqual(e.exception.code, 0)
        self.assertIn("--criterion", out.getvalue())

    def test_date_defaults_to_the_newest_input(self):
        with tempfile.TemporaryDirectory() as root:
            write_small_run(root)
            stamp = 1_795_000_000  # 2026-11-18 UTC
            for d, _, files in os.walk(root):
                for f in files:
                    os.utime(os.path.join(d, f), (stamp, stamp))
            out = os.path.join(root, "x.svg")
            run_main("--criterion", os.path.join(root, "criterion"), "--data", root, "--out", out)
            with open(out, encoding="utf-8") as f:
                self.assertIn("Bench output of 2026-11-18.", f.read())


class Layout(unittest.TestCase):
    def test_every_row_label_fits_left_of_the_plot(self):
        room = bench_chart.PLOT_LEFT - bench_chart.LABEL_X - 8
        for bench in bench_chart.BENCHES:
            for w in bench.workloads:
                self.assertLessEqual(bench_chart.text_width(w.label, 12), room, w.label)

    def test_every_section_title_fits_the_width(self):
        for bench in bench_chart.BENCHES:
            width = bench_chart.text_width(bench.title, 13) * 1.05  # bold
            self.assertLessEqual(width, bench_chart.WIDTH - 2 * bench_chart.MARGIN, bench.title)

    def test_the_tables_name_known_kinds_and_sources(self):
        sources = set(bench_chart.source_paths("c", "d", "i"))
        for bench in bench_chart.BENCHES:
            self.assertIn(bench.source, sources)
            for b in bench.baselines:
                self.assertIn(b.kind, bench_chart.KINDS)
                self.assertIn(b.source, sources)
            for w in bench.workloads:
                self.assertTrue(set(w.without) <= {b.kind for b in bench.baselines}, w.label)


def write_sample_run(root):
    """A whole fake run with BENCHMARKS.md's figures (run 1 where it gives several), for looking
    at the chart; not for docs/bench-ratios.svg."""
    us, ms = 1e3, 1e6
    static = {
        "w1": (3.5, 2.8, 4.0, 2.3, 103.7, 62.5, 3.9),
        "w2": (7.2, 7.9, 25.5, 9.0, 192.0, 119.9, None),
        "w3a": (734.5, 299.6, 505.0, 294.4, 765.0, 717.1, 1160.0),
        "w3b": (538.2, 292.6, 575.3, 317.9, 2570.0, 1780.0, 1100.0),
        "w3a_f64": (1670.0, 693.2, 1670.0, 870.6, 1140.0, 1280.0, 2230.0),
        "w3a_i32": (486.0, 383.0, 809.1, 435.4, 781.7, 713.4, 940.4),
    }
    names = ("shaped", "shaped_to", "shaped_ret", "hand", "ndarray", "ndarray_zip", "nalgebra")
    crit = {g: {n: v for n, v in zip(names, vs) if v is not None} for g, vs in static.items()}
    dynamic = {  # hand ns, then ratios to it: shaped_dyn, fixed op, par zip, dyn op, numpy
        "W3a": (189, 1.02, 2.16, 103, 6.30, 10.5), "W4": (1237763, 0.61, 1.05, 0.59, 2.03, 1.53),
        "W5": (909590, 0.62, 2.09, 1.12, 3.17, 2.15), "W6": (1877960, 0.54, 0.99, 0.53, 0.98, 0.97),
        "W1": (16, 2.74, 4.67, 1029, 15.6, 44.2), "W7": (2669, 0.64, None, None, 4.17, 3.16),
    }
    numpy_add = {}
    for g, (hand, shaped, fixed, par, dyn, numpy) in dynamic.items():
        crit[g] = {"hand": hand, "shaped_dyn": hand * shaped, "ndarray_dyn_op": hand * dyn}
        if fixed:
            crit[g].update(ndarray_fixed_op=hand * fixed, ndarray_par_zip=hand * par)
        numpy_add[g] = hand * numpy
    crit["V1"] = {"hand": 5.0 * ms, "shaped_dyn": 1.85 * ms, "ndarray": 5.85 * ms}
    crit["V2"] = {"contiguous": 0.36 * ms, "shaped_dyn": 3.15 * ms, "ndarray": 5.88 * ms}
    crit["V3"] = {"contiguous": 0.23 * ms, "shaped_dyn": 0.32 * ms, "ndarray": 0.95 * ms}
    crit["S0"] = {"shaped_static": 5.02 * us, "hand": 7.69 * us, "ndarray": 7.85 * us}
    crit["S1"] = {"shaped_static": 4.46 * us, "hand": 48.2 * us, "ndarray": 7.71 * us}
    crit["R0"] = {"shaped_dyn": 78.9 * us, "hand": 102 * us, "ndarray": 117 * us}
    crit["R1"] = {"shaped_dyn": 92.0 * us, "hand": 941 * us, "ndarray": 135 * us}
    crit["R2"] = {"shaped_dyn": 231 * us, "hand": 701 * us}
    crit["R3"] = {"shaped_dyn_stable": 18.5 * ms, "shaped_dyn_unstable": 6.81 * ms,
                  "hand": 21.8 * ms}
    crit["R4"] = {"shaped_dyn": 15.2 * ms, "hand": 14.9 * ms}
    for g, (two, one, nd) in {"M1": (2.18, 3.95, 3.63), "M2": (5.23, 8.28, 8.30),
                              "M3": (0.452, 0.712, 0.685), "M4": (2.49, 3.62, 3.50)}.items():
        crit[g] = {"shaped_dyn": two * ms, "shaped_dyn_1thread": one * ms, "ndarray": nd * ms}
    write_criterion(os.path.join(root, "criterion"), crit)
    with open(os.path.join(root, "numpy_bench.json"), "w") as f:
        json.dump(numpy_add, f)
    with open(os.path.join(root, "numpy_views_bench.txt"), "w") as f:
        f.write(numpy_lines({"V1 ascontiguousarray(a.T)": 5.25, "V2 a.T + b": 5.59,
                             "V3 a[:, ::-1] + b": 0.58, "contiguous a + b": 0.25}))
    with open(os.path.join(root, "numpy_reduce_bench.txt"), "w") as f:
        f.write(numpy_lines({"R0 a.sum(axis=0)": 0.105, "R1 a.sum(axis=1)": 0.231,
                             "R2 a.argmax(axis=-1)": 0.087, "R3 np.sort(kind='stable')": 32.1,
                             "R3 np.sort (default)": 5.23, "R4 unique_consecutive": 3.67,
                             "S0 [256, 256].sum(axis=0)": 0.016,
                             "S1 [256, 256].sum(axis=1)": 0.021}))
    labels = ("M1 [512,512] @ [512,512] f32", "M2 [512,512] @ [512,512] f64",
              "M3 [64,64,64] @ [64,64] f32", "M4 a @ b.T f32")
    with open(os.path.join(root, "numpy_matmul_bench.txt"), "w") as f:
        f.write(numpy_lines(dict(zip(labels, (1.67, 3.64, 0.511, 1.79))), threads="default"))
        f.write(numpy_lines(dict(zip(labels, (3.37, 7.84, 0.619, 3.99))), threads="1"))
    with open(os.path.join(root, "insns.txt"), "w") as f:
        f.write(INSNS_OUTPUT.replace(
            "w3a_borrowed ", "w3b              20094      3459       3483      3494     26434"
            "       25982     19701        0.990  ok\n"
            "w3a_f64          39626      6389       6412      6453     13716       13291     39338"
            "        0.990  ok\n"
            "w3a_i32          19917      3284       3308      3317      8337        7784     19874"
            "        0.990  ok\n"
            "w8               27205     10521      10524     10605     26398       25966     29733"
            "        0.990  ok\n"
            "w3a_heap             -      3338          -      3317         -           -         -"
            "        1.006  ok\n"
            "w3a_borrowed ").replace(
            "mm4                 69", "mm8                789       778       789           1.000"
            "  ok\nmm4                 69"))


if __name__ == "__main__":
    unittest.main()
