"""Shared timing helpers for the benchmarks in this folder (run them as scripts).

The machine is noisy, so every figure is reported as the best and the median of several runs.
A benchmark imports this module as ``bench.timing`` after putting the repository root on
``sys.path`` (``sys.path.insert(0, str(Path(__file__).resolve().parent.parent))``), which is also
how mypy resolves it.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    """Seconds per call: the best and the median of ``runs`` measurements."""

    best: float
    median: float
    runs: int


def measure(fn: Callable[[], object], runs: int = 7, inner: int = 1) -> Timing:
    """Time ``fn`` ``runs`` times (each measurement averages ``inner`` calls).

    >>> t = measure(lambda: sum(range(100)), runs=3, inner=10)
    >>> t.best <= t.median and t.runs == 3
    True
    """
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        samples.append((time.perf_counter() - start) / inner)
    return Timing(min(samples), statistics.median(samples), runs)
