"""Running a simulation: split the shoes into chunks, deal them on threads, Dask or a GPU, and
keep the result *the first N coups of the shoe sequence* whatever the split.

The plan: a short *pilot* (32 shoes, dealt here) measures the coups per shoe; a *bulk* phase deals
whole shoes in parallel chunks, sized to fall about 1 % short of N; the *rest* is dealt here, shoe
after shoe, stopping at exactly N coups. If the bulk ever overshoots, the chunk that crosses N is
dealt again up to N and the chunks after it are dropped. Every step is a pure function of the
shoes it deals, so the tallies are bit-identical for any number of workers, any chunk size and
any backend.

>>> from baccarat.sim.spec import SimulationSpec
>>> a = simulate(SimulationSpec(coups=5000, seed=1), workers=1)
>>> b = simulate(SimulationSpec(coups=5000, seed=1), workers=2, chunk_shoes=8)
>>> a.distribution == b.distribution, a.coups
(True, 5000)
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import numpy.typing as npt

from baccarat.core.distribution import Distribution
from baccarat.sim import kernels
from baccarat.sim.cards import CardTally, run_shoes_cards
from baccarat.sim.config import (
    CHUNKS_PER_WORKER,
    LANES,
    PILOT_SHOES,
    SEQUENTIAL_COUPS,
    SHORTFALL,
    THREAD_CHUNK_SHOES,
)
from baccarat.sim.pool import threaded
from baccarat.sim.spec import KernelPlan, SimulationError, SimulationSpec

__all__ = [
    "Backend",
    "SimulationResult",
    "Tally",
    "ThreadBackend",
    "run_range",
    "simulate",
]


ProgressCallback = Callable[[int, int], None]
"""Called with (coups dealt so far, coups asked for) as chunks complete."""


@dataclass
class Tally:
    """Counts over the 400 summary classes and the 9 pair classes (and the card classes of any
    card-level bets, flat), the coups they hold and the shoes (streams) they were dealt from."""

    counts: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(400, dtype=np.int64))
    pairs: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(9, dtype=np.int64))
    coups: int = 0
    shoes: int = 0
    cards: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    @classmethod
    def total(cls, parts: Sequence[Tally]) -> Tally:
        whole = cls()
        for part in parts:
            whole.counts += part.counts
            whole.pairs += part.pairs
            whole.coups += part.coups
            whole.shoes += part.shoes
            if part.cards.size:
                whole.cards = whole.cards + part.cards if whole.cards.size else part.cards.copy()
        return whole

    def distribution(self, cards: CardTally | None = None) -> Distribution:
        """The tallies as a distribution (with the card classes ``cards`` describes)."""
        if cards is None or not self.cards.size:
            return Distribution.from_summary_counts(self.counts.tolist(), self.pairs.tolist())
        summary = tuple(int(c) for c in self.counts.tolist())
        pairs = tuple(int(c) for c in self.pairs.tolist())
        return Distribution(summary, pairs, sum(summary), cards.counts(self.cards))


def run_range(plan: KernelPlan, first: int, count: int, limit: int = -1) -> Tally:
    """Deal shoes (streams) ``first`` to ``first + count - 1`` on this thread, at most ``limit``
    coups (``-1``: all of them). A top-level function, so Dask can ship it to a worker."""
    tally = Tally()
    if plan.cards is not None:
        tally.cards = np.zeros(plan.cards.size, dtype=np.int64)
        with np.errstate(over="ignore"):
            coups, shoes = run_shoes_cards(
                plan.mode, np.uint64(plan.k0), np.uint64(plan.k1), first, count, limit,
                plan.template, plan.cut_index, plan.burn, plan.one_more, plan.table,
                tally.counts, tally.pairs, plan.cards.tests, plan.cards.offsets,
                plan.cards.bases, plan.cards.widths, tally.cards,
            )  # fmt: skip
        tally.coups, tally.shoes = int(coups), int(shoes)
        return tally
    with np.errstate(over="ignore"):  # the generator wraps around on purpose (pure-Python mode)
        coups, shoes = kernels.run_shoes(
            plan.mode,
            np.uint64(plan.k0),
            np.uint64(plan.k1),
            first,
            count,
            limit,
            plan.template,
            plan.cut_index,
            plan.burn,
            plan.one_more,
            plan.table,
            tally.counts,
            tally.pairs,
        )
    tally.coups, tally.shoes = int(coups), int(shoes)
    return tally


class Backend(Protocol):
    """Where the bulk of the shoes is dealt."""

    name: str
    max_chunk_shoes: int
    """The most shoes one chunk may hold."""

    def parallelism(self) -> int:
        """How many chunks can run at once."""
        ...

    def run(
        self, plan: KernelPlan, chunks: Sequence[tuple[int, int]]
    ) -> Iterator[tuple[int, Tally]]:
        """Deal each chunk (first shoe, shoe count); yield (chunk index, tally) as each completes.

        Closing the iterator early (Ctrl-C) must stop the work that has not started.
        """
        ...

    def run_limited(self, plan: KernelPlan, first: int, count: int, limit: int) -> Tally:
        """Deal a chunk again, stopping at ``limit`` coups (rare: only after an overshoot)."""
        ...


class ThreadBackend:
    """Chunks on a pool of threads in this process (:func:`~baccarat.sim.pool.threaded`); the
    kernels release the GIL."""

    name = "cpu"
    max_chunk_shoes = THREAD_CHUNK_SHOES

    def __init__(self, workers: int | None = None) -> None:
        if workers is None:
            workers = os.cpu_count() or 1
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise SimulationError(
                f"--workers must be a whole number of at least 1, got {workers!r}"
            )
        self.workers = workers

    def parallelism(self) -> int:
        return self.workers

    def run(
        self, plan: KernelPlan, chunks: Sequence[tuple[int, int]]
    ) -> Iterator[tuple[int, Tally]]:
        return threaded(run_range, plan, chunks, self.workers)

    def run_limited(self, plan: KernelPlan, first: int, count: int, limit: int) -> Tally:
        return run_range(plan, first, count, limit)


@dataclass(frozen=True)
class SimulationResult:
    """The tallies of a run and how it went."""

    spec: SimulationSpec
    distribution: Distribution
    seconds: float
    backend: str
    workers: int
    shoes: int
    """Shoes (streams) dealt from, the last one possibly in part."""
    interrupted: bool = False
    """True when the run stopped early (Ctrl-C, or ``stopped``): the tallies hold the coups
    dealt until then."""
    stopped: SimulationError | None = None
    """The failure of the backend that stopped the run early (a cluster that lost its workers
    or its scheduler); None when the run ended by itself or by Ctrl-C."""
    phases: tuple[tuple[str, float], ...] = ()
    """Seconds of each part of the run, in order: a cluster's (``connect`` or
    ``cluster_start``, ``workers``, ``warm_up``) before ``dealing``, which is ``seconds``."""

    @property
    def coups(self) -> int:
        return self.distribution.total

    @property
    def coups_per_second(self) -> float:
        return self.coups / self.seconds if self.seconds > 0 else math.inf


def simulate(
    spec: SimulationSpec,
    *,
    workers: int | None = None,
    backend: Backend | None = None,
    chunk_shoes: int | None = None,
    progress: ProgressCallback | None = None,
) -> SimulationResult:
    """Run ``spec``: the first ``spec.coups`` coups of the shoe sequence of its seed.

    ``backend`` defaults to threads on this machine (``workers`` of them, default: every core).
    ``chunk_shoes`` fixes the shoes per chunk (tests); by default chunks are sized for about 32
    per worker and at most the backend's ``max_chunk_shoes``, or by the backend's ``chunk_size``
    where it has one (Dask). Ctrl-C returns the coups dealt so far (``interrupted``), and so does
    a backend that fails once some are dealt (``stopped``): every part kept is whole.
    ``seconds`` counts the dealing, not the loading of the compiled kernels before it, nor a
    cluster's start and warm-up (``phases`` has those).
    """
    if backend is None:
        backend = ThreadBackend(workers)
    if chunk_shoes is not None and (isinstance(chunk_shoes, bool) or chunk_shoes < 1):
        raise SimulationError(f"chunk_shoes must be at least 1, got {chunk_shoes!r}")
    plan = spec.plan()
    if plan.cards is not None and not getattr(backend, "card_level", True):
        raise SimulationError("simulation_gpu_card_level", bets=", ".join(_card_level_names(spec)))
    run_range(plan, 0, 0)  # load (or compile) the kernels before the clock starts
    prepare = getattr(backend, "prepare", None)
    if prepare is not None:
        prepare(plan)  # a cluster checks and warms its workers before the clock starts, too
    parallelism = backend.parallelism()  # asked now: a cluster lost in the run cannot answer
    started = time.perf_counter()
    run = _Run(spec.coups, plan, backend, chunk_shoes, progress)
    interrupted = False
    stopped: SimulationError | None = None
    try:
        run.run()
    except KeyboardInterrupt:
        interrupted = True
    except SimulationError as exc:
        interrupted, stopped = True, exc
    seconds = time.perf_counter() - started
    # Summed only now: a part is either in the list or not, whenever the run stopped.
    tally = Tally.total(run.parts)
    if tally.coups == 0:
        raise stopped if stopped is not None else SimulationError("simulation_interrupted")
    return SimulationResult(
        spec=spec,
        distribution=tally.distribution(plan.cards),
        seconds=seconds,
        backend=backend.name,
        workers=parallelism,
        shoes=tally.shoes,
        interrupted=interrupted,
        stopped=stopped,
        phases=(*getattr(backend, "phases", ()), ("dealing", seconds)),
    )


def _card_level_names(spec: SimulationSpec) -> list[str]:
    return [" ".join(t.text() for t in s.tests) or "base" for s in spec.signatures]


class _Run:
    """The state of one run: the parts dealt so far, in shoe order, and the next shoe to deal."""

    def __init__(
        self,
        coups: int,
        plan: KernelPlan,
        backend: Backend,
        chunk_shoes: int | None,
        progress: ProgressCallback | None,
    ) -> None:
        self.target = coups
        self.plan = plan
        self.backend = backend
        self.chunk_shoes = chunk_shoes
        self.progress = progress
        self.parts: list[Tally] = []
        self.coups = 0
        self.next_shoe = 0

    def _keep(self, part: Tally, next_shoe: int) -> None:
        self.parts.append(part)
        if len(self.parts) >= 64:
            # Fold the parts so memory stays bounded; one assignment, so Ctrl-C at any point
            # leaves either the old list or the new one.
            self.parts = [Tally.total(self.parts)]
        self.coups += part.coups
        self.next_shoe = next_shoe
        if self.progress is not None:
            self.progress(self.coups, self.target)

    def _deal_here(self, count: int, limit: int) -> None:
        """Deal up to ``count`` shoes from the next one, here, stopping at ``limit`` coups."""
        part = run_range(self.plan, self.next_shoe, count, limit)
        self._keep(part, self.next_shoe + part.shoes)

    def run(self) -> None:
        unit = self.plan.unit_coups
        if unit is None:
            # Whole shoes: measure the coups per shoe on a pilot before planning the bulk.
            self._deal_here(PILOT_SHOES, self.target)
            per_shoe = self.coups / self.next_shoe
        else:
            per_shoe = float(unit)
        while self.coups < self.target:
            rest = self.target - self.coups
            shoes = rest // unit if unit is not None else int(rest / (per_shoe * (1 + SHORTFALL)))
            if rest <= SEQUENTIAL_COUPS or shoes < 2 * self.backend.parallelism():
                # Every shoe deals at least one coup, so ``rest`` shoes always suffice.
                self._deal_here(rest, rest)
                continue
            self._bulk(shoes)
            per_shoe = self.coups / self.next_shoe

    def _chunks(self, shoes: int) -> list[tuple[int, int]]:
        # A cluster sizes its own tasks from its speed (Dask: about a second each or more).
        sizing = getattr(self.backend, "chunk_size", None)
        size = self.chunk_shoes or (
            sizing(shoes)
            if sizing is not None
            else min(
                self.backend.max_chunk_shoes,
                max(64, shoes // (CHUNKS_PER_WORKER * self.backend.parallelism())),
            )
        )
        if self.chunk_shoes is None:
            size -= size % LANES  # whole groups for the interleaved kernel
        first = self.next_shoe
        end = first + shoes
        return [(start, min(size, end - start)) for start in range(first, end, size)]

    def _bulk(self, shoes: int) -> None:
        chunks = self._chunks(shoes)
        results: dict[int, Tally] = {}
        stream = self.backend.run(self.plan, chunks)
        kept = 0  # chunks kept in order so far
        try:
            for index, part in stream:
                results[index] = part
                # Keep finished chunks in shoe order as soon as they are contiguous.
                while kept in results:
                    first, count = chunks[kept]
                    part = results.pop(kept)
                    if self.coups + part.coups > self.target:
                        # The chunk that crosses N: deal it again up to N; drop the later ones.
                        limited = self.backend.run_limited(
                            self.plan, first, count, self.target - self.coups
                        )
                        self._keep(limited, first + limited.shoes)
                        return
                    self._keep(part, first + count)
                    kept += 1
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()
