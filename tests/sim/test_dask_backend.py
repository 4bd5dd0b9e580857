"""Dask on an in-process cluster: the local result, task sizes, refusals and Ctrl-C.

The workers here are threads of this process (quick to start, and the tasks are the very same
functions); ``test_dask_cluster.py`` runs a scheduler and workers as separate processes.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np
import pytest

from baccarat.sim import dask_tasks, runner
from baccarat.sim.dask_backend import (
    TASK_SECONDS,
    WARM_UP_SHOES,
    DaskBackend,
    _distributed,
    check_identities,
)
from baccarat.sim.kernels import LANES
from baccarat.sim.runner import Tally, simulate
from baccarat.sim.spec import Mode, SimulationError, SimulationSpec
from support.errors import raises_code

# An in-process LocalCluster for the module.
pytestmark = pytest.mark.cluster


@pytest.fixture(scope="module")
def backend() -> Iterator[DaskBackend]:
    dd = _distributed()
    cluster = dd.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    )
    with DaskBackend(dd.Client(cluster), cluster) as dask:
        dask.wait_for_workers(10)
        yield dask


def _scheduler_tasks(backend: DaskBackend) -> set[str]:
    def keys(dask_scheduler: object) -> set[str]:
        return set(dask_scheduler.tasks)  # type: ignore[attr-defined]

    tasks: set[str] = backend.client.run_on_scheduler(keys)
    return tasks


def _until(condition: object, seconds: float = 20.0) -> None:
    """Wait for ``condition()`` to hold (an event in another process or thread), at most
    ``seconds``."""
    assert callable(condition)
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting for the condition"
        time.sleep(0.02)


@pytest.mark.parametrize("mode", list(Mode))
def test_a_dask_run_equals_the_local_run(backend: DaskBackend, mode: Mode) -> None:
    spec = SimulationSpec(coups=700_001, mode=mode, seed=99)
    on_dask = simulate(spec, backend=backend)
    local = simulate(spec, workers=1)
    assert on_dask.backend == "dask" and on_dask.workers == 2
    assert on_dask.coups == spec.coups
    assert on_dask.distribution == local.distribution


def test_a_run_reports_each_part_apart_from_the_dealing(backend: DaskBackend) -> None:
    result = simulate(SimulationSpec(coups=300_000, seed=1), backend=backend)
    names = [name for name, _ in result.phases]
    assert names == ["workers", "warm_up", "dealing"]  # this backend was not connected by name
    assert result.phases[-1] == ("dealing", result.seconds)
    assert all(seconds >= 0 for _, seconds in result.phases)
    # Every worker dealt the warm-up's shoes from cached kernels, and the client's tallies.
    assert [w.worker for w in backend.warm_ups] == list(backend.client.nthreads())
    assert all(not w.compiled and w.tally.shoes == WARM_UP_SHOES for w in backend.warm_ups)


def test_tasks_last_a_second_or_more_and_share_out_evenly(
    backend: DaskBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backend, "_shoes_per_second", 1_000_000.0)
    threads = backend.parallelism()
    for shoes in (10_000_000, 123_456_789, 3_000_001):
        size = backend.chunk_size(shoes)
        tasks = -(-shoes // size)
        assert size % LANES == 0
        assert size / 1_000_000.0 >= TASK_SECONDS * 0.99
        assert tasks % threads == 0 and tasks >= threads
    # A run shorter than a second a thread: one task each, whatever their length.
    assert -(-400_000 // backend.chunk_size(400_000)) == threads


def test_a_scheduler_without_workers_is_refused_after_the_wait() -> None:
    dd = _distributed()
    # No worker ever joins; the dashboard takes any free port (":0").
    cluster = dd.LocalCluster(n_workers=0, processes=False, dashboard_address=":0")
    with DaskBackend(dd.Client(cluster), cluster, "tcp://nowhere:1") as empty:
        started = time.monotonic()
        with raises_code(
            SimulationError, "simulation_dask_no_workers", match=r"has no workers after 0\.5 s"
        ):
            empty.wait_for_workers(0.5)
        assert time.monotonic() - started < 10


def test_workers_on_other_code_or_without_baccarat_are_refused() -> None:
    ours = dask_tasks.code_identity()
    assert ours.startswith("0.") and "(code " in ours
    lost = Exception("ModuleNotFoundError(\"No module named 'baccarat'\")")
    with raises_code(SimulationError, "simulation_dask_no_baccarat") as refused:
        check_identities(ours, {"tcp://b:2": lost, "tcp://a:1": ours})
    message = str(refused.value)
    assert message.startswith("1 of the 2 Dask workers cannot import baccarat (tcp://b:2: ")
    assert "No module named 'baccarat'" in message and message.endswith("on every worker")
    with raises_code(
        SimulationError, "simulation_dask_version", match=r"tcp://a:1' runs baccarat 9\.9"
    ):
        check_identities(ours, {"tcp://a:1": "9.9 (code 1)"})


def test_a_task_on_a_worker_running_other_code_is_refused(
    backend: DaskBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A worker that joined after the check: the task itself compares the code it runs.
    monkeypatch.setattr(backend, "_identity", "0.0.0 (code 000000000000)")
    with raises_code(
        SimulationError,
        "simulation_dask_version",
        match=r"runs baccarat .* this command runs 0\.0\.0",
    ):
        list(backend.run(SimulationSpec(coups=1, seed=1).plan(), [(0, 8)]))


def test_a_worker_whose_kernels_fail_is_refused(
    backend: DaskBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = SimulationSpec(coups=1, seed=2).plan()

    def broken(*args: object) -> Tally:
        raise MemoryError("no room for the shoe")

    # In-process workers share this module, so the kernels fail there and not in the client's
    # own check, which the backend imported before.
    monkeypatch.setattr(runner, "run_range", broken)
    with raises_code(SimulationError, "simulation_dask_kernels") as refused:
        backend.prepare(plan)
    assert str(refused.value).startswith("the simulator's kernels fail on Dask worker 'inproc://")
    assert str(refused.value).endswith(": MemoryError: no room for the shoe")


def test_a_worker_that_deals_other_tallies_is_refused(
    backend: DaskBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = SimulationSpec(coups=1, seed=2).plan()
    real = runner.run_range

    def skewed(plan: object, first: int, count: int, limit: int = -1) -> Tally:
        tally = real(plan, first, count, limit)  # type: ignore[arg-type]
        tally.counts[np.argmax(tally.counts)] += 1
        return tally

    monkeypatch.setattr(runner, "run_range", skewed)
    with raises_code(
        SimulationError, "simulation_dask_tallies", match=f"shoes 0 to {WARM_UP_SHOES - 1}"
    ):
        backend.prepare(plan)


def test_ctrl_c_cancels_the_tasks_and_keeps_the_coups_dealt(backend: DaskBackend) -> None:
    calls: list[int] = []

    def interrupt(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 2:  # the pilot, then the first task from the cluster
            raise KeyboardInterrupt

    spec = SimulationSpec(coups=80_000_000, seed=8)
    before = _scheduler_tasks(backend)  # other tests' failed tasks, still held by their errors
    result = simulate(spec, backend=backend, chunk_shoes=2048, progress=interrupt)
    assert result.interrupted and 0 < result.coups < spec.coups
    assert result.coups == calls[1]
    # The tasks still waiting were cancelled: the scheduler forgets every one of them.
    _until(lambda: _scheduler_tasks(backend) <= before)


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    with pytest.raises(
        SimulationError, match=r"cannot reach the Dask scheduler at 'tcp://127\.0\.0\.1:9'"
    ):
        DaskBackend.connect("tcp://127.0.0.1:9", timeout=1)


def test_a_malformed_address_is_a_clear_error() -> None:
    with pytest.raises(SimulationError, match="--dask expects 'local' or a scheduler address"):
        DaskBackend.connect("nowhere")


@pytest.mark.skipif(dask_tasks.compile_lock() is None, reason="no private cache folder here")
def test_workers_of_one_machine_load_the_kernels_one_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import fcntl
    import threading

    path = dask_tasks.compile_lock()
    assert path is not None
    plan = SimulationSpec(coups=1, seed=3).plan()
    monkeypatch.setattr(dask_tasks, "_loaded", False)  # as in a worker that has just started
    done = threading.Event()

    def starting_worker() -> None:
        dask_tasks.warm_up(plan, 0, 8)
        done.set()

    with path.open("a") as other:  # another worker process, compiling
        fcntl.flock(other, fcntl.LOCK_EX)
        thread = threading.Thread(target=starting_worker)
        thread.start()
        # Nothing to wait for while the lock is held: the warm-up must not get past it.
        assert not done.wait(0.3)
        fcntl.flock(other, fcntl.LOCK_UN)
    thread.join(timeout=60)
    assert done.is_set() and dask_tasks._loaded
