"""The simulator: realistic shoes dealt by numba kernels, on every core, a Dask cluster or a GPU.

A run tallies the 400 summary classes and the 9 pair classes of its coups into a
:class:`~baccarat.core.distribution.Distribution`, from which every statistic and every bet is
priced exactly as the exact analyzer's counts are. The same seed gives bit-identical tallies on
any number of workers, chunks, Dask partitions or backends (``docs/simulator.md``).

>>> from baccarat.sim import SimulationSpec, simulate
>>> result = simulate(SimulationSpec(coups=10_000, seed=1), workers=1)
>>> result.coups, result.distribution.total
(10000, 10000)

The names below load with their modules on first use, so a module that needs only the
simulator's bounds (:mod:`baccarat.sim.config`) or the run's description
(:mod:`baccarat.sim.spec`) starts without the runner (numpy, numba) or the engine behind it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from baccarat.sim.runner import SimulationResult, Tally, ThreadBackend, run_range, simulate
    from baccarat.sim.spec import Mode, SimulationError, SimulationSpec

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

_HOMES = {
    "Mode": "spec",
    "SimulationError": "spec",
    "SimulationSpec": "spec",
    "SimulationResult": "runner",
    "Tally": "runner",
    "ThreadBackend": "runner",
    "run_range": "runner",
    "simulate": "runner",
}
"""The module of each name of :data:`__all__`."""


def __getattr__(name: str) -> object:
    """A name of :data:`__all__`, imported from its module the first time it is asked for."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value
