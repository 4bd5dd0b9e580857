"""A counting sweep: a grid of thresholds × bet ramps × cut cards priced in one run over the same
shoes, so the differences between grid points are paired, not noise.

Every shoe is dealt once (:func:`baccarat.lab.sweepkernel.sweep_shoes`) and priced at every cut
card (the shoe under a cut card is a prefix of the shoe under a deeper one) and every trigger
(a threshold with a ramp of units). Like a study (:mod:`baccarat.lab.study`), the sweep is
shoes 0 to N-1 of the seed's streams and its tallies are whole numbers, the same for any number
of workers: a grid point with a flat ramp is exactly the study of that threshold and cut card.

>>> from baccarat.core.rules import get_rule_set
>>> from baccarat.lab.strategy import BUILT_IN
>>> plan = sweep_plan(BUILT_IN["jacobson-dragon-7"], get_rule_set("ez"), thresholds=(3, 4),
...                   ramps=((1,), (1, 2)), cut_cards=(14, 40), seed=3)
>>> run = run_sweep(plan, shoes=64, workers=1)
>>> points = sweep_points(run)
>>> len(points), points[0].threshold, points[0].ramp, points[0].cut_card, points[0].shoes
(8, 3, (1,), 14, 64)
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from baccarat.core.rules import RuleSet
from baccarat.lab.ranges import check_grid, ramp_text, ramp_units
from baccarat.lab.strategy import CountStrategy, LabError
from baccarat.lab.study import (
    MAX_CHUNK_SHOES,
    CountPlan,
    ProgressCallback,
    count_plan,
    gather,
)
from baccarat.sim.pool import threaded

__all__ = [
    "SweepPlan",
    "SweepPoint",
    "SweepRun",
    "SweepTally",
    "run_sweep",
    "sweep_plan",
    "sweep_points",
    "sweep_range",
    "sweep_record",
]

CHUNK_SHOES = 2048
Z95 = 1.959963984540054
_SUMS_LIMIT = 2**62
"""A chunk's sums of squares stay below this (int64 in the kernel)."""


@dataclass(frozen=True, eq=False)
class SweepPlan:
    """A study's plan (its count, bet and shoes) with the grid: one stake row per (threshold,
    ramp), the thresholds' rows first, and the cut cards."""

    base: CountPlan
    thresholds: tuple[int, ...]
    ramps: tuple[tuple[int, ...], ...]
    cut_cards: tuple[int, ...]
    cut_indices: Any
    stakes: Any
    chunk_limit: int

    @property
    def strategy(self) -> CountStrategy:
        return self.base.strategy

    @property
    def triggers(self) -> list[tuple[int, tuple[int, ...]]]:
        """(threshold, ramp) of each stake row."""
        return [(t, r) for t in self.thresholds for r in self.ramps]


def sweep_plan(
    strategy: CountStrategy,
    rule_set: RuleSet,
    *,
    thresholds: Sequence[int],
    ramps: Sequence[tuple[int, ...]],
    cut_cards: Sequence[int],
    seed: int | None = None,
) -> SweepPlan:
    """The plan of a sweep of ``strategy``'s count over the grid (each cut card checked
    against the shoe)."""
    check_grid(len(thresholds) * len(ramps) * len(cut_cards))
    # As the strategy deals them: its cut rule says where the simulator's cut card is.
    shoes = [strategy.with_options(cut_card=c).shoe_rules for c in cut_cards]
    deepest = min(cut_cards)
    base = count_plan(strategy.with_options(cut_card=deepest, spread=None), rule_set, seed=seed)
    stakes = np.zeros((len(thresholds) * len(ramps), base.buckets), dtype=np.int64)
    row = 0
    for threshold in thresholds:
        for ramp in ramps:
            for b in range(base.buckets):
                stakes[row, b] = ramp_units(ramp, threshold=threshold, count=base.level(b))
            row += 1
    # Units won and staked in a shoe stay within the most units a shoe can stake times the
    # largest net; a chunk holds few enough shoes that the sums of their squares fit.
    coups = shoes[0].size // 4 + 1
    most_net = max(int(np.abs(base.pay).max()), int(np.abs(base.pay_pairs).max()), base.scale)
    per_shoe = max(max(r) for r in ramps) * most_net * coups
    limit = max(1, min(MAX_CHUNK_SHOES, _SUMS_LIMIT // (per_shoe * per_shoe)))
    return SweepPlan(
        base=base,
        thresholds=tuple(thresholds),
        ramps=tuple(ramps),
        cut_cards=tuple(cut_cards),
        cut_indices=np.array([s.size - s.cut_card for s in shoes], dtype=np.int64),
        stakes=stakes,
        chunk_limit=limit,
    )


@dataclass
class SweepTally:
    """Coups by cut card and bucket, and each (cut card, trigger)'s sums ``(Σx, Σx², Σs²,
    Σx·s)`` of units won ``x`` (in the pays' common denominator) and staked ``s`` per shoe."""

    coups_at: Any
    sums: Any
    coups: int = 0
    shoes: int = 0

    @classmethod
    def empty(cls, plan: SweepPlan) -> SweepTally:
        cuts, rows = len(plan.cut_cards), plan.stakes.shape[0]
        return cls(
            np.zeros((cuts, plan.base.buckets), dtype=np.int64),
            np.zeros((cuts, rows, 4), dtype=object),
        )

    def add(self, other: SweepTally) -> None:
        self.coups_at += other.coups_at
        self.sums += other.sums  # Python integers: the totals never overflow
        self.coups += other.coups
        self.shoes += other.shoes


def sweep_range(plan: SweepPlan, first: int, count: int) -> SweepTally:
    """Deal shoes ``first`` to ``first + count - 1`` under ``plan`` on this thread (a top-level
    function, so Dask can ship it)."""
    from baccarat.lab.sweepkernel import sweep_shoes

    if count > plan.chunk_limit:
        raise ValueError(f"a chunk holds at most {plan.chunk_limit} shoes, got {count}")
    base = plan.base
    k = base.kernel
    coups_at = np.zeros((len(plan.cut_cards), base.buckets), dtype=np.int64)
    sums = np.zeros((len(plan.cut_cards), plan.stakes.shape[0], 4), dtype=np.int64)
    with np.errstate(over="ignore"):  # the generator wraps around on purpose (pure-Python mode)
        coups = sweep_shoes(
            np.uint64(k.k0), np.uint64(k.k1), first, count, k.template, plan.cut_indices,
            k.burn, k.one_more, k.table, base.tags, base.strategy.start,
            base.strategy.true_count, base.strategy.sees_burn_card, base.lo, base.pay,
            base.pay_pairs, plan.stakes, coups_at, sums,
        )  # fmt: skip
    return SweepTally(coups_at, sums.astype(object), int(coups), count)


@dataclass
class SweepRun:
    """A finished (or interrupted) sweep: its plan, tallies and how it ran."""

    plan: SweepPlan
    tally: SweepTally
    seconds: float
    backend: str
    workers: int
    interrupted: bool = False


def run_sweep(
    plan: SweepPlan,
    shoes: int,
    *,
    workers: int | None = None,
    dask: Any = None,
    chunk_shoes: int | None = None,
    progress: ProgressCallback | None = None,
) -> SweepRun:
    """Deal ``shoes`` shoes once each and price every grid point, on ``workers`` threads or a
    :class:`~baccarat.sim.dask_backend.DaskBackend`. Ctrl-C keeps the chunks done."""
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 1:
        raise LabError("lab_shoes", shoes=shoes)
    sweep_range(plan, 0, 0)  # load (or compile) the kernel before the clock starts
    threads = workers or os.cpu_count() or 1
    if dask is not None:
        dask.wait_for_workers()
        threads = dask.parallelism()
        size = chunk_shoes or max(16, -(-shoes // (4 * threads)))
    else:
        size = chunk_shoes or min(CHUNK_SHOES, max(16, -(-shoes // (8 * threads))))
    size = min(size, plan.chunk_limit)
    chunks = [(s, min(size, shoes - s)) for s in range(0, shoes, size)]
    parts: Iterator[SweepTally]
    if dask is not None:
        parts = (part for _, part in dask.map(sweep_range, plan, chunks))
        backend = "dask"
    else:
        parts = (part for _, part in threaded(sweep_range, plan, chunks, threads, "baccarat-lab"))
        backend = "cpu"
    tally = SweepTally.empty(plan)
    seconds, interrupted = gather(parts, tally, shoes, progress)
    return SweepRun(plan, tally, seconds, backend, threads, interrupted)


@dataclass(frozen=True)
class SweepPoint:
    """One grid point's figures: the bets, the advantage (units won per unit staked) and the
    units won per shoe, with their 95 % intervals (mean ± 1.96 standard errors; the
    advantage's is the delta method's for a ratio of means)."""

    threshold: int
    ramp: tuple[int, ...]
    cut_card: int
    penetration: float
    shoes: int
    coups: int
    bets: int
    staked: int
    advantage: float | None
    advantage_low: float | None
    advantage_high: float | None
    units_per_shoe: float
    units_low: float
    units_high: float
    sd_per_shoe: float

    @property
    def bets_per_shoe(self) -> float:
        return self.bets / self.shoes if self.shoes else 0.0

    @property
    def staked_per_shoe(self) -> float:
        return self.staked / self.shoes if self.shoes else 0.0

    def as_dict(self) -> dict[str, Any]:
        """The point as its JSON (``baccarat.count.sweep/1``'s ``points``)."""
        return {
            "threshold": self.threshold,
            "ramp": list(self.ramp),
            "cut_card": self.cut_card,
            "penetration": self.penetration,
            "shoes": self.shoes,
            "coups": self.coups,
            "bets": self.bets,
            "bets_per_shoe": self.bets_per_shoe,
            "staked": self.staked,
            "staked_per_shoe": self.staked_per_shoe,
            "advantage": self.advantage,
            "units_per_shoe": self.units_per_shoe,
            "sd_per_shoe": self.sd_per_shoe,
            "ci95": {
                "units_per_shoe": [self.units_low, self.units_high],
                **(
                    {"advantage": [self.advantage_low, self.advantage_high]}
                    if self.advantage_low is not None
                    else {}
                ),
            },
        }


def sweep_points(run: SweepRun) -> list[SweepPoint]:
    """Every grid point's figures, by cut card, then threshold, then ramp."""
    plan = run.plan
    tally = run.tally
    n = tally.shoes
    scale = plan.base.scale
    size = plan.base.kernel.template.shape[0]
    points = []
    for c, cut_card in enumerate(plan.cut_cards):
        coups_at = [int(x) for x in tally.coups_at[c].tolist()]
        coups = sum(coups_at)
        for row, (threshold, ramp) in enumerate(plan.triggers):
            stakes = [int(x) for x in plan.stakes[row].tolist()]
            bets = sum(k for k, s in zip(coups_at, stakes, strict=True) if s > 0)
            staked = sum(k * s for k, s in zip(coups_at, stakes, strict=True))
            sx, sxx, sss, sxs = (int(v) for v in tally.sums[c, row])
            mean = Fraction(sx, scale * n) if n else Fraction(0)
            sd = 0.0
            if n > 1:
                var = (Fraction(sxx, scale * scale) - n * mean * mean) / (n - 1)
                sd = math.sqrt(max(float(var), 0.0))
            half = Z95 * sd / math.sqrt(n) if n else 0.0
            advantage = low = high = None
            if staked:
                ratio = Fraction(sx, scale * staked)
                advantage = float(ratio)
                if n > 1:
                    # Σ(x − R·s)² over shoes, x in units: the ratio's residuals.
                    residual = (
                        Fraction(sxx, scale * scale)
                        - 2 * ratio * Fraction(sxs, scale)
                        + ratio * ratio * sss
                    )
                    var_ratio = residual / (n - 1) / n / (Fraction(staked, n) ** 2)
                    spread = Z95 * math.sqrt(max(float(var_ratio), 0.0))
                    low, high = advantage - spread, advantage + spread
            points.append(
                SweepPoint(
                    threshold=threshold,
                    ramp=ramp,
                    cut_card=cut_card,
                    penetration=(size - cut_card) / size,
                    shoes=n,
                    coups=coups,
                    bets=bets,
                    staked=staked,
                    advantage=advantage,
                    advantage_low=low,
                    advantage_high=high,
                    units_per_shoe=float(mean),
                    units_low=float(mean) - half,
                    units_high=float(mean) + half,
                    sd_per_shoe=sd,
                )
            )
    return points


def sweep_record(run: SweepRun, points: Sequence[SweepPoint]) -> dict[str, Any]:
    """The sweep as its JSON record (``baccarat.count.sweep/1``, docs/json.md)."""
    plan = run.plan
    strategy = plan.strategy.to_data()
    return {
        "strategy": strategy,
        "bet": plan.base.target.name,
        "seed": plan.base.seed,
        "shoes": run.tally.shoes,
        "coups": run.tally.coups,
        "seconds": run.seconds,
        "backend": run.backend,
        "workers": run.workers,
        "interrupted": run.interrupted,
        "thresholds": list(plan.thresholds),
        "ramps": [ramp_text(r) for r in plan.ramps],
        "cut_cards": list(plan.cut_cards),
        "points": [p.as_dict() for p in points],
    }
