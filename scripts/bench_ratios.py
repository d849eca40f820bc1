#!/usr/bin/env python3
"""Medians of the last `cargo bench --bench dynamic` run (criterion's estimates.json) and of
scripts/numpy_bench.py, each as a ratio to the hand-written loop measured in the same run."""

import json
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CRIT = os.path.join(ROOT, "target", "criterion")
ORDER = ["hand", "hand_zeroed", "shaped_dyn", "shaped_dyn_1t", "shaped_dyn_into", "ndarray_fixed_op",
         "ndarray_fixed_zip", "ndarray_par_zip", "ndarray_dyn_op", "ndarray_dyn_zip", "numpy", "bound_read", "bound_write"]


def median_ns(group, variant):
    path = os.path.join(CRIT, group, variant, "new", "estimates.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)["median"]["point_estimate"]


def main():
    numpy_path = os.path.join(ROOT, "target", "numpy_bench.json")
    numpy = json.load(open(numpy_path)) if os.path.exists(numpy_path) else {}
    for group in ["W3a", "W4", "W5", "W6", "W1", "W7"]:
        hand = median_ns(group, "hand")
        if hand is None:
            print(f"{group}: no criterion data (run `cargo bench --bench dynamic`)")
            continue
        print(f"{group}  (hand = {hand:,.0f} ns)")
        for v in ORDER:
            t = numpy.get(group) if v == "numpy" else median_ns(group, v)
            if t is not None:
                print(f"  {v:18} {t:14,.0f} ns  {t / hand:6.2f}x")


if __name__ == "__main__":
    main()
