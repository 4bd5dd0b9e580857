"""The simulator: realistic shoes dealt by numba kernels, on every core, a Dask cluster or a GPU.

A run tallies the 400 summary classes and the 9 pair classes of its coups into a
:class:`~baccarat.core.distribution.Distribution`, from which every statistic and every bet is
priced exactly as the exact analyzer's counts are. The same seed gives bit-identical tallies on
any number of workers, chunks, Dask partitions or backends (``docs/simulator.md``).

>>> from baccarat.sim import SimulationSpec, simulate
>>> result = simulate(SimulationSpec(coups=10_000, seed=1), workers=1)
>>> result.coups, result.distribution.total
(10000, 10000)

The runner's names (numpy and numba behind them) load on first use, so a module that needs only
the run's description (:mod:`baccarat.sim.spec`, :mod:`baccarat.sim.config`) starts without them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from baccarat.sim.spec import Mode, SimulationError, SimulationSpec

if TYPE_CHECKING:
    from baccarat.sim.runner import SimulationResult, Tally, ThreadBackend, run_range, simulate

__all__ = [
    "Mode",
    "SimulationError",
    "SimulationResult",
    "SimulationSpec",
    "Tally",
    "ThreadBackend",
    "run_range",
    "simulate",
]

_RUNNER_NAMES = frozenset({"SimulationResult", "Tally", "ThreadBackend", "run_range", "simulate"})


def __getattr__(name: str) -> object:
    """The runner's names, imported the first time one is asked for."""
    if name in _RUNNER_NAMES:
        value = getattr(importlib.import_module("baccarat.sim.runner"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
