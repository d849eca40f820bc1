"""The timing the numpy bench scripts share: the median of 15 repeats of a callable, each repeat
a quarter of what `timeit`'s autorange picks (at least one call), in seconds per call."""

import statistics
import timeit


def median_seconds(fn):
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    number = max(1, number // 4)
    return statistics.median(timer.repeat(repeat=15, number=number)) / number
