"""The Dask backend: ranges of shoes as tasks on a cluster, sized to about a second each.

``DaskBackend.connect("local")`` starts a :class:`distributed.LocalCluster` on this machine; any
other address (``tcp://HOST:8786``) joins a running scheduler. Before the clock starts the backend
waits for workers (:meth:`DaskBackend.wait_for_workers`), checks that each runs this very code,
then loads the kernels on each and deals a few shoes there (:meth:`DaskBackend.prepare`): a worker
that lacks ``baccarat``, runs another version or deals differently is refused in one line, and
the warm-up measures the workers' speed, from which the tasks are sized.

A task is :func:`baccarat.sim.dask_tasks.call` on (code identity, plan, range of shoes): every
input is in the task, so a lost worker's tasks are run again and the tallies are those of a local
run. :meth:`DaskBackend.map` runs any such task (the simulator's, or another kernel's) over a list
of chunks.

>>> check_identities("0.1.0 (code 1)", {"tcp://a:1": "0.1.0 (code 1)"})
'0.1.0 (code 1)'
>>> check_identities("0.1.0 (code 1)", {"tcp://a:1": "0.1.0 (code 2)"})
Traceback (most recent call last):
...
baccarat.sim.spec.SimulationError: Dask worker 'tcp://a:1' runs baccarat 0.1.0 (code 2), ...
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import statistics
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

import numpy as np

from baccarat.sim import dask_tasks
from baccarat.sim.config import DASK_CHUNK_SHOES, LANES
from baccarat.sim.runner import Tally, run_range
from baccarat.sim.spec import KernelPlan, SimulationError

__all__ = ["CONNECT_TIMEOUT", "TASK_SECONDS", "WORKER_WAIT", "DaskBackend", "check_identities"]

CONNECT_TIMEOUT = 10.0
"""Seconds to reach a scheduler before giving up."""
WORKER_WAIT = 30.0
"""Seconds to wait for a scheduler's first worker (``--dask-wait``)."""
TASK_SECONDS = 1.0
"""The least work a task is given, in seconds of one worker thread: a task costs the scheduler
and the network a millisecond or two whatever its size (``docs/simulator.md``)."""
SCHEDULER_TASKS_PER_SECOND = 100.0
"""The task rate asked of a scheduler at most, a fifth of what one handled on this project's busy
2-core machine (569 tasks a second, ``bench/bench_dask.py``): on a cluster of more than a
hundred worker threads the tasks grow instead (1,000 threads: ten seconds each)."""
WARM_UP_SHOES = 8192
"""Shoes (streams) each worker deals before the run, to check its tallies and time it."""
IN_FLIGHT_PER_THREAD = 2
"""Tasks submitted ahead per worker thread: one running, one waiting for it."""
WATCH_SECONDS = 1.0
"""How often a wait for tasks looks whether the cluster still has a worker: a scheduler keeps
the tasks of a cluster without workers waiting for one forever."""

Payload = TypeVar("Payload")
Result = TypeVar("Result")


def _distributed() -> Any:
    """``dask.distributed``, imported when needed (it is slow to import), untyped."""
    import distributed

    return distributed


def check_identities(ours: str, reports: Mapping[str, object]) -> str:
    """Refuse workers whose answer to :func:`~baccarat.sim.dask_tasks.worker_identity` (or the
    exception raised instead) is not ``ours``; return ``ours``."""
    failed = {worker: r for worker, r in reports.items() if isinstance(r, BaseException)}
    if failed:
        worker, reason = min(failed.items())
        assert isinstance(reason, BaseException)
        raise SimulationError(
            "simulation_dask_no_baccarat",
            count=len(failed),
            total=len(reports),
            worker=worker,
            reason=dask_tasks.one_line(reason),
            version=ours.split(" ")[0],
        )
    for worker, theirs in sorted(reports.items()):
        if theirs != ours:
            raise SimulationError(
                "simulation_dask_version", worker=worker, theirs=theirs, ours=ours
            )
    return ours


class DaskBackend:
    """Chunks as Dask tasks; the rare re-deal of a crossing chunk runs here."""

    name = "dask"
    max_chunk_shoes = DASK_CHUNK_SHOES
    """The chunk size before :meth:`prepare` has timed the workers (the runner's default)."""

    def __init__(self, client: Any, cluster: Any = None, address: str | None = None) -> None:
        self.client = client
        self._cluster = cluster
        self.address = address if address is not None else str(client.scheduler.address)
        self._setup: list[tuple[str, float]] = []
        self._warm_up: tuple[tuple[str, float], ...] = ()
        self._identity: str | None = None
        self._shoes_per_second: float | None = None
        self.warm_ups: tuple[dask_tasks.WarmUp, ...] = ()
        """Each worker's warm-up, once :meth:`prepare` has run."""
        self.tasks = 0
        """Tasks submitted so far."""
        self.worker_wait = WORKER_WAIT
        """Seconds a run waits for a worker once every worker has left: then it stops, keeping
        the coups dealt so far (the ``seconds`` of :meth:`wait_for_workers`)."""

    @classmethod
    def connect(
        cls, address: str, workers: int | None = None, timeout: float = CONNECT_TIMEOUT
    ) -> DaskBackend:
        """``"local"``: a new LocalCluster (``workers`` processes, one thread each); otherwise the
        address of a running scheduler, reached within ``timeout`` seconds."""
        dd = _distributed()
        started = time.perf_counter()
        if address == "local":
            cluster = dd.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                # Any free port of this machine alone: 8787 may belong to another cluster.
                dashboard_address="127.0.0.1:0",
                silence_logs=50,
            )
            backend = cls(dd.Client(cluster), cluster, "local")
            backend._setup.append(("cluster_start", time.perf_counter() - started))
            return backend
        if "://" not in address and ":" not in address:
            raise SimulationError("simulation_dask_address", address=address)
        try:
            client = dd.Client(address, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as exc:
            raise SimulationError(
                "simulation_dask_unreachable", address=address, reason=str(exc)
            ) from None
        backend = cls(client, address=address)
        backend._setup.append(("connect", time.perf_counter() - started))
        return backend

    @property
    def phases(self) -> tuple[tuple[str, float], ...]:
        """Seconds of each step before dealing: ``connect`` (or ``cluster_start``) and
        ``workers`` once, then the latest run's ``warm_up``."""
        return (*self._setup, *self._warm_up)

    def parallelism(self) -> int:
        threads: int = sum(self.client.nthreads().values())
        return max(1, threads)

    def wait_for_workers(self, seconds: float = WORKER_WAIT) -> None:
        """Wait up to ``seconds`` for a first worker, then check that every worker runs this code.
        A run waits as long for a worker again should every worker leave during it."""
        started = time.perf_counter()
        self.worker_wait = seconds
        try:
            self.client.wait_for_workers(1, timeout=seconds)
        except TimeoutError:
            raise SimulationError(
                "simulation_dask_no_workers", address=self.address, seconds=f"{seconds:g}"
            ) from None
        reports = self.client.run(dask_tasks.worker_identity, on_error="return")
        self._identity = check_identities(dask_tasks.code_identity(), reports)
        setup = [(name, seconds) for name, seconds in self._setup if name != "workers"]
        self._setup = [*setup, ("workers", time.perf_counter() - started)]

    def prepare(self, plan: KernelPlan) -> None:
        """Load the kernels on every worker and deal :data:`WARM_UP_SHOES` shoes on each; refuse a
        worker whose kernels fail or whose tallies differ from this machine's."""
        if self._identity is None:
            self.wait_for_workers()
        started = time.perf_counter()
        run = uuid.uuid4().hex[:8]
        workers = self.client.nthreads()
        if not workers:  # every worker left since the wait for them
            try:
                self.client.wait_for_workers(1, timeout=self.worker_wait)
            except TimeoutError:
                raise self._gone() from None
            workers = self.client.nthreads()
        futures = [
            self._submit(dask_tasks.warm_up, plan, 0, WARM_UP_SHOES, f"{run}-{i}", worker)
            for i, worker in enumerate(workers)
        ]
        expected = run_range(plan, 0, WARM_UP_SHOES)
        pending = set(futures)
        while pending:  # every worker may leave now, too: then no future would ever finish
            pending = self._wait_first(pending)[1]
        warm_ups: list[dask_tasks.WarmUp] = [self._result(f) for f in futures]
        for warm in warm_ups:
            if not _same(warm.tally, expected):
                raise SimulationError(
                    "simulation_dask_tallies", worker=warm.worker, last=WARM_UP_SHOES - 1
                )
        self.warm_ups = tuple(warm_ups)
        self._shoes_per_second = statistics.median(
            WARM_UP_SHOES / max(w.seconds, 1e-6) for w in warm_ups
        )
        self._warm_up = (("warm_up", time.perf_counter() - started),)

    def chunk_size(self, shoes: int) -> int:
        """Shoes per task for a bulk of ``shoes``: whole tasks of at least :data:`TASK_SECONDS`
        (longer on a cluster large enough to keep a scheduler busy), the same number for each
        worker thread, at least one each."""
        threads = self.parallelism()
        if self._shoes_per_second is None:
            size = min(self.max_chunk_shoes, max(LANES, shoes // (4 * threads)))
        else:
            seconds = max(TASK_SECONDS, threads / SCHEDULER_TASKS_PER_SECOND)
            rounds = max(1, int(shoes / (self._shoes_per_second * seconds * threads)))
            size = -(-shoes // (rounds * threads))
        return -(-size // LANES) * LANES  # whole groups for the interleaved kernel

    def run(
        self, plan: KernelPlan, chunks: Sequence[tuple[int, int]]
    ) -> Iterator[tuple[int, Tally]]:
        return self.map(dask_tasks.deal, plan, chunks)

    def map(
        self,
        task: Callable[[Payload, int, int], Result],
        payload: Payload,
        chunks: Sequence[tuple[int, int]],
    ) -> Iterator[tuple[int, Result]]:
        """``task(payload, first, count)`` for each chunk, on the cluster; yield (chunk index,
        result) as each completes. ``task`` must be importable on the workers (a module-level
        function of ``baccarat``) and depend on nothing but its arguments.

        A few tasks per worker thread are in flight, submitted in chunk order, so the scheduler
        and this process hold a bounded number on any run; closing the iterator (Ctrl-C)
        cancels the rest.
        """
        run = uuid.uuid4().hex[:8]
        upcoming = iter(enumerate(chunks))
        live: dict[str, tuple[int, Any]] = {}

        def submit() -> Any:
            item = next(upcoming, None)
            if item is None:
                return None
            index, (first, count) = item
            future = self._submit(task, payload, first, count, f"{run}-{index}")
            live[future.key] = (index, future)
            return future

        window = IN_FLIGHT_PER_THREAD * self.parallelism()
        pending = {f for f in (submit() for _ in range(window)) if f is not None}
        try:
            while pending:
                done, pending = self._wait_first(pending)
                for future in sorted(done, key=lambda f: live[f.key][0]):
                    index, _ = live[future.key]
                    result: Result = self._result(future)  # Ctrl-C here still cancels this one
                    del live[future.key]
                    following = submit()
                    if following is not None:
                        pending.add(following)
                    yield index, result
        finally:
            if live:
                with contextlib.suppress(Exception):
                    self.client.cancel([future for _, future in live.values()])

    def _submit(
        self,
        task: Callable[[Payload, int, int], Any],
        payload: Payload,
        first: int,
        count: int,
        name: str,
        worker: str | None = None,
    ) -> Any:
        identity = self._identity if self._identity is not None else dask_tasks.code_identity()
        self.tasks += 1
        # A warm-up is meant for one worker; should that worker go, any other will do.
        placement = {} if worker is None else {"workers": [worker], "allow_other_workers": True}
        return self.client.submit(
            dask_tasks.call,
            task,
            identity,
            payload,
            first,
            count,
            key=f"baccarat-{task.__name__}-{name}",
            pure=False,
            **placement,
        )

    def _wait_first(self, pending: set[Any]) -> tuple[set[Any], set[Any]]:
        """Wait until one of ``pending`` finishes: (finished, still pending). Every
        :data:`WATCH_SECONDS` without one, look for a worker: a cluster left without any for
        :attr:`worker_wait` seconds ends the wait with a refusal."""
        dd = _distributed()
        alone_since: float | None = None
        while True:
            try:
                done, waiting = dd.wait(
                    list(pending), timeout=WATCH_SECONDS, return_when="FIRST_COMPLETED"
                )
            except cf.CancelledError:
                # The scheduler is gone: every future is cancelled, and reading one says so.
                return set(pending), set()
            except TimeoutError:
                try:
                    workers = self.client.nthreads()
                except OSError as exc:
                    raise SimulationError(
                        "simulation_dask_lost",
                        address=self.address,
                        reason=dask_tasks.one_line(exc),
                    ) from None
                if workers:
                    alone_since = None
                    continue
                now = time.perf_counter()
                if alone_since is None:
                    alone_since = now
                elif now - alone_since >= self.worker_wait:
                    raise self._gone() from None
                continue
            return set(done), set(waiting)

    def _gone(self) -> SimulationError:
        return SimulationError(
            "simulation_dask_workers_gone", address=self.address, seconds=f"{self.worker_wait:g}"
        )

    def _result(self, future: Any) -> Any:
        """A task's result; a refusal for a failure of the cluster rather than of the task."""
        dd = _distributed()
        try:
            return future.result()
        except SimulationError:
            raise
        except dd.KilledWorker as exc:
            worker = getattr(exc.last_worker, "address", exc.last_worker)
            raise SimulationError(
                "simulation_dask_died", times=exc.allowed_failures + 1, worker=str(worker)
            ) from None
        except (cf.CancelledError, OSError, TimeoutError) as exc:
            raise SimulationError(
                "simulation_dask_lost", address=self.address, reason=dask_tasks.one_line(exc)
            ) from None

    def run_limited(self, plan: KernelPlan, first: int, count: int, limit: int) -> Tally:
        return run_range(plan, first, count, limit)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.client.close()
        if self._cluster is not None:
            with contextlib.suppress(Exception):
                self._cluster.close()

    def __enter__(self) -> DaskBackend:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def _same(a: Tally, b: Tally) -> bool:
    return (
        a.coups == b.coups
        and a.shoes == b.shoes
        and np.array_equal(a.counts, b.counts)
        and np.array_equal(a.pairs, b.pairs)
    )
