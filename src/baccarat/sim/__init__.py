"""The simulator: realistic shoes dealt by numba kernels, on every core, a Dask cluster or a GPU.

A run tallies the 400 summary classes and the 9 pair classes of its coups into a
:class:`~baccarat.core.distribution.Distribution`, from which every statistic and every bet is
priced exactly as the exact analyzer's counts are. The same seed gives bit-identical tallies on
any number of workers, chunks, Dask partitions or backends (``docs/simulator.md``).

>>> result = simulate(SimulationSpec(coups=10_000, seed=1), workers=1)
>>> result.coups, result.distribution.total
(10000, 10000)
"""

from __future__ import annotations

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
