"""The thread pool the simulator and the lab deal on: every chunk once, by its index, on threads
of the given name; closing it early waits for the chunks under way and starts no other."""

from __future__ import annotations

import threading

from baccarat.sim.config import IN_FLIGHT_PER_WORKER
from baccarat.sim.pool import threaded


def test_every_chunk_is_dealt_once_and_comes_back_by_its_index() -> None:
    chunks = [(first, 3) for first in range(0, 300, 3)]
    names: set[str] = set()

    def task(payload: int, first: int, count: int) -> int:
        names.add(threading.current_thread().name)
        return payload + first * count

    results = dict(threaded(task, 7, chunks, 3, "baccarat-test"))
    assert results == {i: 7 + first * count for i, (first, count) in enumerate(chunks)}
    assert names and all(name.startswith("baccarat-test") for name in names)


def test_closing_early_leaves_no_chunk_running_and_starts_no_more() -> None:
    started: list[int] = []
    lock = threading.Lock()

    def task(payload: None, first: int, count: int) -> int:
        with lock:
            started.append(first)
        return first

    chunks = [(first, 1) for first in range(1000)]
    results = threaded(task, None, chunks, 2, "baccarat-closing")
    next(results)
    results.close()  # returns once the pool is shut down
    # Only the first window was submitted before the first result; the rest never started.
    assert 1 <= len(started) <= IN_FLIGHT_PER_WORKER * 2
    assert not [t for t in threading.enumerate() if t.name.startswith("baccarat-closing")]
