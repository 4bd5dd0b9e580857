"""Chunks on a pool of threads in this process: the simulator's and the lab's alike.

A few chunks per worker are in flight, submitted in order, so memory stays bounded on any run
and chunks finish roughly in order; Ctrl-C is taken between chunks (:mod:`baccarat.sim.stopping`).

>>> list(threaded(lambda payload, first, count: payload * count, 10, [(0, 2), (2, 1)], 1))
[(0, 20), (1, 10)]
"""

from __future__ import annotations

import concurrent.futures as cf
from collections.abc import Callable, Generator, Sequence
from typing import TypeVar

from baccarat.sim.config import IN_FLIGHT_PER_WORKER
from baccarat.sim.stopping import between_chunks

__all__ = ["threaded"]

Payload = TypeVar("Payload")
Result = TypeVar("Result")


def threaded(
    task: Callable[[Payload, int, int], Result],
    payload: Payload,
    chunks: Sequence[tuple[int, int]],
    workers: int,
    name: str = "baccarat-sim",
) -> Generator[tuple[int, Result], None, None]:
    """``task(payload, first, count)`` for each chunk on ``workers`` threads (named ``name``);
    yield (chunk index, result) as each completes. Closing the iterator (Ctrl-C) waits for the
    running chunks and cancels the rest. One worker deals here, chunk after chunk."""
    if workers == 1:
        for index, (first, count) in enumerate(chunks):
            yield index, task(payload, first, count)
        return
    pool = cf.ThreadPoolExecutor(workers, thread_name_prefix=name)
    upcoming = iter(enumerate(chunks))
    pending: dict[cf.Future[Result], int] = {}
    with between_chunks() as ctrl_c:
        try:
            while True:
                # Here, with the chunks done handed on and no lock of the pool's held.
                ctrl_c.check()
                while len(pending) < IN_FLIGHT_PER_WORKER * workers:
                    item = next(upcoming, None)
                    if item is None:
                        break
                    index, (first, count) = item
                    pending[pool.submit(task, payload, first, count)] = index
                if not pending:
                    return
                done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                for future in done:
                    yield pending.pop(future), future.result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
