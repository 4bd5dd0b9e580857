"""The Dask backend: chunks of shoes as tasks on a cluster.

``DaskBackend.connect("local")`` starts a :class:`distributed.LocalCluster` on this machine; any
other address (``tcp://HOST:8786``) joins an existing scheduler, whose workers must have
``baccarat`` installed. A task is :func:`baccarat.sim.runner.run_range` on a range of shoes, so the
cluster returns the very tallies a local run would.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from types import TracebackType
from typing import Any

from baccarat.sim.runner import Tally, run_range
from baccarat.sim.spec import DaskAddressError, DaskUnreachableError, KernelPlan

__all__ = ["DaskBackend"]


def _distributed() -> Any:
    """``dask.distributed``, imported when needed (it is slow to import), untyped."""
    import distributed

    return distributed


class DaskBackend:
    """Chunks as Dask tasks; the rare re-deal of a crossing chunk runs here."""

    name = "dask"
    max_chunk_shoes = 65_536

    def __init__(self, client: Any, cluster: Any = None) -> None:
        self.client = client
        self._cluster = cluster

    @classmethod
    def connect(
        cls, address: str, workers: int | None = None, timeout: float = 10.0
    ) -> DaskBackend:
        """``"local"``: a new LocalCluster (``workers`` processes, one thread each); otherwise the
        address of a running scheduler."""
        dd = _distributed()
        if address == "local":
            cluster = dd.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=50,
            )
            return cls(dd.Client(cluster), cluster)
        if "://" not in address and ":" not in address:
            raise DaskAddressError(address=address)
        try:
            client = dd.Client(address, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as exc:
            raise DaskUnreachableError(address=address, reason=str(exc)) from None
        return cls(client)

    def parallelism(self) -> int:
        threads: int = sum(self.client.nthreads().values())
        return max(1, threads)

    def run(
        self, plan: KernelPlan, chunks: Sequence[tuple[int, int]]
    ) -> Iterator[tuple[int, Tally]]:
        shared = self.client.scatter(plan, broadcast=True)
        # A few chunks per worker thread in flight, submitted in shoe order: the scheduler and
        # this process hold a bounded number of tasks on any run.
        window = 4 * self.parallelism()
        upcoming = iter(enumerate(chunks))
        index: dict[str, int] = {}
        live: list[Any] = []

        def submit() -> Any:
            item = next(upcoming, None)
            if item is None:
                return None
            i, (first, count) = item
            future = self.client.submit(run_range, shared, first, count, pure=False)
            index[future.key] = i
            live.append(future)
            return future

        initial = [f for f in (submit() for _ in range(window)) if f is not None]
        completed = _distributed().as_completed(initial)
        try:
            for future in completed:
                yield index.pop(future.key), future.result()
                live.remove(future)
                following = submit()
                if following is not None:
                    completed.add(following)
        finally:
            self.client.cancel(live)

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
