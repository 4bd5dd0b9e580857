"""Dask: a LocalCluster gives the local result; an unreachable scheduler is a clear error."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from baccarat.sim.dask_backend import DaskBackend, _distributed
from baccarat.sim.runner import simulate
from baccarat.sim.spec import Mode, SimulationError, SimulationSpec


@pytest.fixture(scope="module")
def backend() -> Iterator[DaskBackend]:
    dd = _distributed()
    # Threads, not processes: quick to start, and the tasks are the very same functions.
    cluster = dd.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    )
    with DaskBackend(dd.Client(cluster), cluster) as dask:
        yield dask


@pytest.mark.parametrize("mode", list(Mode))
def test_a_dask_run_equals_the_local_run(backend: DaskBackend, mode: Mode) -> None:
    spec = SimulationSpec(coups=700_001, mode=mode, seed=99)
    on_dask = simulate(spec, backend=backend)
    local = simulate(spec, workers=1)
    assert on_dask.backend == "dask" and on_dask.workers == 2
    assert on_dask.coups == spec.coups
    assert on_dask.distribution == local.distribution


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    with pytest.raises(
        SimulationError, match=r"cannot reach the Dask scheduler at 'tcp://127\.0\.0\.1:9'"
    ):
        DaskBackend.connect("tcp://127.0.0.1:9", timeout=1)


def test_a_malformed_address_is_a_clear_error() -> None:
    with pytest.raises(SimulationError, match="--dask expects 'local' or a scheduler address"):
        DaskBackend.connect("nowhere")
