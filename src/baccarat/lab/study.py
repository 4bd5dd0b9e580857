"""Running a counting study: the plan a kernel reads, the shoes split into chunks on threads or
Dask, and the tallies summed.

A study is *shoes 0 to N-1 of the seed's streams* — the simulator's shoes for the same seed,
decks and cut card (its :class:`~baccarat.sim.spec.KernelPlan` supplies the key, the canonical
shoe and the coup table). Every tally is a whole number (the nets are in units of the pays'
common denominator), so the sums are exact and the same for any number of workers, any chunk
size and either backend.

>>> from baccarat.core.rules import get_rule_set
>>> from baccarat.lab.strategy import BUILT_IN
>>> plan = count_plan(BUILT_IN["jacobson-dragon-7"], get_rule_set("ez"), seed=3)
>>> one = run_study(plan, shoes=64, workers=1, chunk_shoes=64)
>>> two = run_study(plan, shoes=64, workers=2, chunk_shoes=8)
>>> one.tally == two.tally, one.tally.shoes
(True, 64)
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from baccarat.core.bets import Bet
from baccarat.core.rules import RuleSet
from baccarat.lab.bets import target_bet, whole_nets
from baccarat.lab.strategy import CountStrategy, LabError
from baccarat.sim.pool import threaded
from baccarat.sim.spec import KernelPlan, SimulationSpec

Plan = TypeVar("Plan")
Tally = TypeVar("Tally")
T_contra = TypeVar("T_contra", contravariant=True)

__all__ = [
    "HIST_UNITS",
    "PERFECT_RANGE",
    "RC_RANGE",
    "TC_RANGE",
    "CountPlan",
    "CountTally",
    "StudyRun",
    "count_plan",
    "count_range",
    "gather",
    "run_study",
    "scan_thresholds",
    "tag_table",
]

TC_RANGE = (-30, 30)
"""The true counts tallied apart; counts beyond fall in the end buckets."""
RC_RANGE = 150
"""Running counts tallied apart: the start ± this."""
PERFECT_RANGE = (-50, 50)
"""Exact edges (whole percent) tallied apart in computer-perfect play."""
CHUNK_SHOES = 4096
"""Shoes per chunk on threads (a few milliseconds of work; every tally stays exact)."""
MAX_CHUNK_SHOES = 65_536
"""The most shoes one chunk holds, so a chunk's sum of squared units stays within 64 bits."""

HIST_UNITS = 200
"""The histogram of units per shoe spans -200 to +200 units (the end bins hold the rest)."""

ProgressCallback = Callable[[int, int], None]


def tag_table(tags: Sequence[int]) -> npt.NDArray[np.int64]:
    """The tag of each card byte's low six bits (value, rank among same-value ranks)."""
    table = np.zeros(64, dtype=np.int64)
    for code in range(64):
        value, same = code & 15, code >> 4
        if value <= 9:  # other bytes are no card
            table[code] = tags[value - 1] if value else tags[9 + same]
    return table


def _card_indices() -> npt.NDArray[np.int64]:
    from baccarat.core.cards import full_deck
    from baccarat.odds.composition import card_index
    from baccarat.sim.tables import card_code

    table = np.zeros(256, dtype=np.int64)
    for card in full_deck():
        table[card_code(card)] = card_index(card)
    return table


def _sparse(pay: npt.NDArray[np.int64]) -> tuple[Any, ...]:
    from baccarat.lab.sparse import sparse_weights, third_card_lists

    weights, wanted = sparse_weights([int(x) for x in pay.tolist()])
    return (weights, wanted, *third_card_lists(wanted))


@dataclass(frozen=True, eq=False)
class CountPlan:
    """Everything a count kernel call needs besides its range of shoes (small, picklable)."""

    strategy: CountStrategy
    target: Bet
    main: Bet | None
    kernel: KernelPlan
    tags: Any
    lo: int
    buckets: int
    scale: int
    pay: Any
    pay_pairs: Any
    main_pay: Any
    stakes: Any
    """One row per trigger: units staked at each bucket."""
    thresholds: tuple[int, ...]
    """The threshold of each trigger (the strategy's first unless scanning)."""
    perfect: bool = False
    tableau: tuple[Any, ...] = ()
    card_index: Any = None
    sparse: tuple[Any, ...] = ()
    """Perfect play: the target's weights, wanted classes and third-card lists
    (:mod:`baccarat.lab.sparse`)."""
    seed: int = 0

    @property
    def hist_lo(self) -> int:
        """Where the histogram of units per shoe starts, in the pays' common denominator."""
        return -HIST_UNITS * self.scale

    def level(self, bucket: int) -> int:
        """The count (or edge, in whole percent) bucket ``bucket`` stands for."""
        return self.lo + bucket


def scan_thresholds(strategy: CountStrategy, perfect: bool = False) -> tuple[int, ...]:
    """The thresholds ``--threshold-scan`` tries: exact edges 0 to 10 % in perfect play, true
    counts 0 to 15, running counts from 20 below the strategy's threshold to 20 above.

    >>> from baccarat.lab.strategy import BUILT_IN
    >>> scan_thresholds(BUILT_IN["how-dragon-7"])[:3], len(scan_thresholds(BUILT_IN["how-dragon-7"]))
    ((-19, -17, -15), 21)
    """
    if perfect:
        return tuple(range(0, 11))
    if strategy.true_count:
        return tuple(range(0, 16))
    return tuple(range(strategy.threshold - 20, strategy.threshold + 21, 2))


def count_plan(
    strategy: CountStrategy,
    rule_set: RuleSet,
    *,
    seed: int | None = None,
    perfect: bool = False,
    thresholds: Sequence[int] | None = None,
) -> CountPlan:
    """The plan of a study of ``strategy`` at ``rule_set``'s table (its bet and draw rules)."""
    from baccarat.odds.counting import tableau_arrays

    target = target_bet(rule_set, strategy.bet)
    main = rule_set.bet(strategy.main_bet) if strategy.main_bet else None
    if main is not None and main.domain.value != "summary":
        raise LabError("lab_card_level_bet", bet=main.name)
    vectors, scale = whole_nets([target] + ([main] if main is not None else []))
    pay = np.zeros(400, dtype=np.int64)
    pay_pairs = np.zeros(9, dtype=np.int64)
    if target.domain.value == "pairs":
        pay_pairs[:] = vectors[0]
    else:
        pay[:] = vectors[0]
    main_pay = np.zeros(400, dtype=np.int64)
    if main is not None:
        main_pay[:] = vectors[1]
    spec = SimulationSpec(
        coups=1,
        shoe=strategy.shoe_rules,
        seed=seed,
        tableau=rule_set.tableau,
    )
    if perfect:
        lo, hi = PERFECT_RANGE
    elif strategy.true_count:
        lo, hi = TC_RANGE
    else:
        lo, hi = strategy.start - RC_RANGE, strategy.start + RC_RANGE
    buckets = hi - lo + 1
    scanned = tuple(thresholds) if thresholds else (0 if perfect else strategy.threshold,)
    stakes = np.zeros((len(scanned), buckets), dtype=np.int64)
    for row, threshold in enumerate(scanned):
        for b in range(buckets):
            level = lo + b
            if perfect or thresholds:
                stakes[row, b] = 1 if level >= threshold else 0
            else:
                stakes[row, b] = strategy.units(level)
    return CountPlan(
        strategy=strategy,
        target=target,
        main=main,
        kernel=spec.plan(),
        tags=tag_table(strategy.tags),
        lo=lo,
        buckets=buckets,
        scale=scale,
        pay=pay,
        pay_pairs=pay_pairs,
        main_pay=main_pay,
        stakes=stakes,
        thresholds=scanned,
        perfect=perfect,
        tableau=tableau_arrays(rule_set.tableau) if perfect else (),
        card_index=_card_indices() if perfect else None,
        sparse=_sparse(pay) if perfect else (),
        seed=spec.resolved_seed,
    )


@dataclass
class CountTally:
    """A study's tallies: classes by bucket, each trigger's units and squared units per shoe (in
    units of the pays' common denominator), the coups and the shoes."""

    counts: npt.NDArray[np.int64]
    pairs: npt.NDArray[np.int64]
    units: list[int]
    squares: list[int]
    hist: npt.NDArray[np.int64]
    """Shoes by units won (the first trigger), in bins of one unit from :data:`HIST_UNITS` down."""
    coups: int = 0
    shoes: int = 0

    @classmethod
    def empty(cls, plan: CountPlan) -> CountTally:
        triggers = plan.stakes.shape[0]
        return cls(
            np.zeros((plan.buckets, 400), dtype=np.int64),
            np.zeros((plan.buckets, 9), dtype=np.int64),
            [0] * triggers,
            [0] * triggers,
            np.zeros(2 * HIST_UNITS + 1, dtype=np.int64),
        )

    def add(self, other: CountTally) -> None:
        self.counts += other.counts
        self.pairs += other.pairs
        self.units = [a + b for a, b in zip(self.units, other.units, strict=True)]
        self.squares = [a + b for a, b in zip(self.squares, other.squares, strict=True)]
        self.hist += other.hist
        self.coups += other.coups
        self.shoes += other.shoes

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, CountTally)
            and np.array_equal(self.counts, other.counts)
            and np.array_equal(self.pairs, other.pairs)
            and np.array_equal(self.hist, other.hist)
            and (self.units, self.squares, self.coups, self.shoes)
            == (other.units, other.squares, other.coups, other.shoes)
        )

    __hash__ = None  # type: ignore[assignment]


def count_range(plan: CountPlan, first: int, count: int) -> CountTally:
    """Deal shoes ``first`` to ``first + count - 1`` under ``plan`` on this thread. A top-level
    function, so Dask can ship it to a worker (through :func:`baccarat.sim.dask_tasks.call`)."""
    from baccarat.lab import kernel

    if count > MAX_CHUNK_SHOES:
        raise ValueError(f"a chunk holds at most {MAX_CHUNK_SHOES} shoes, got {count}")
    tally = CountTally.empty(plan)
    triggers = plan.stakes.shape[0]
    units = np.zeros(triggers, dtype=np.int64)
    squares = np.zeros(triggers, dtype=np.int64)
    k = plan.kernel
    # 32-bit tallies in the kernel (a chunk holds fewer than 2**31 coups): half the cache the
    # counters take, which the count's buckets multiply.
    counts = np.zeros(tally.counts.shape, dtype=np.int32)
    pairs = np.zeros(tally.pairs.shape, dtype=np.int32)
    with np.errstate(over="ignore"):  # the generator wraps around on purpose (pure-Python mode)
        if plan.perfect:
            natural, player, stood, banker = plan.tableau
            weights, wanted, stood_lists, drawn_lists = plan.sparse
            coups = kernel.perfect_shoes(
                np.uint64(k.k0), np.uint64(k.k1), first, count, k.template, k.cut_index,
                k.burn, k.one_more, k.table, natural, player, stood, banker, plan.card_index,
                plan.strategy.sees_burn_card, plan.lo, plan.scale, weights, wanted, stood_lists,
                drawn_lists, plan.pay, plan.pay_pairs,
                plan.main_pay, plan.stakes, counts, pairs, units, squares,
                tally.hist, plan.hist_lo, plan.scale,
            )  # fmt: skip
        else:
            coups = kernel.count_shoes(
                np.uint64(k.k0), np.uint64(k.k1), first, count, k.template, k.cut_index,
                k.burn, k.one_more, k.table, plan.tags, plan.strategy.start,
                plan.strategy.true_count, plan.strategy.sees_burn_card, plan.lo, plan.pay,
                plan.pay_pairs, plan.main_pay, plan.stakes, counts, pairs, units,
                squares, tally.hist, plan.hist_lo, plan.scale,
            )  # fmt: skip
    tally.counts += counts
    tally.pairs += pairs
    tally.units = [int(x) for x in units.tolist()]
    tally.squares = [int(x) for x in squares.tolist()]
    tally.coups = int(coups)
    tally.shoes = count
    return tally


@dataclass
class StudyRun:
    """A finished study: its plan, tallies and how it ran."""

    plan: CountPlan
    tally: CountTally
    seconds: float
    backend: str
    workers: int
    interrupted: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def _chunks(first: int, shoes: int, size: int) -> list[tuple[int, int]]:
    return [
        (start, min(size, first + shoes - start)) for start in range(first, first + shoes, size)
    ]


def run_study(
    plan: CountPlan,
    shoes: int,
    *,
    workers: int | None = None,
    dask: Any = None,
    chunk_shoes: int | None = None,
    progress: ProgressCallback | None = None,
) -> StudyRun:
    """Deal ``shoes`` shoes under ``plan`` on ``workers`` threads (default: every core) or on a
    :class:`~baccarat.sim.dask_backend.DaskBackend` (``dask``). Ctrl-C keeps the chunks done."""
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 1:
        raise LabError("lab_shoes", shoes=shoes)
    count_range(plan, 0, 0)  # load (or compile) the kernel before the clock starts
    threads = workers or os.cpu_count() or 1
    if dask is not None:
        dask.wait_for_workers()
        threads = dask.parallelism()
        size = chunk_shoes or min(MAX_CHUNK_SHOES, max(64, -(-shoes // (4 * threads))))
        chunks = _chunks(0, shoes, size)
        parts: Iterator[CountTally] = (part for _, part in dask.map(count_range, plan, chunks))
        backend = "dask"
    else:
        size = chunk_shoes or min(CHUNK_SHOES, max(16, -(-shoes // (8 * threads))))
        chunks = _chunks(0, shoes, size)
        parts = (part for _, part in threaded(count_range, plan, chunks, threads, "baccarat-lab"))
        backend = "cpu"
    tally = CountTally.empty(plan)
    seconds, interrupted = gather(parts, tally, shoes, progress)
    return StudyRun(plan, tally, seconds, backend, threads, interrupted)


class _Adding(Protocol[T_contra]):
    shoes: int

    def add(self, part: T_contra, /) -> None: ...


def gather(
    parts: Iterator[Tally],
    tally: _Adding[Tally],
    shoes: int,
    progress: ProgressCallback | None,
) -> tuple[float, bool]:
    """Add each part to ``tally`` as it completes, telling ``progress`` the shoes done of
    ``shoes``; Ctrl-C keeps the parts added so far and closes ``parts`` (waiting for the chunks
    under way). The seconds it took, and whether it was interrupted. A study's and a sweep's
    chunks are gathered alike."""
    started = time.perf_counter()
    interrupted = False
    try:
        for part in parts:
            tally.add(part)
            if progress is not None:
                progress(tally.shoes, shoes)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        close = getattr(parts, "close", None)
        if close is not None:
            close()
    return time.perf_counter() - started, interrupted
