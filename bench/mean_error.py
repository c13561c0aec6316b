"""A sample's mean and the standard error of that mean, for the bench scripts that print them."""

from __future__ import annotations

import math
import statistics


def mean_and_error(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error (NaN with fewer than two values: one value says nothing of the spread)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    return mean, statistics.stdev(values, mean) / math.sqrt(len(values))
