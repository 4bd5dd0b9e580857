"""A study's figures, priced afterwards from its tallies: per trigger and by count.

The tallies hold the summary and pair classes of the coups dealt at each count, so the units won
and the edge at any count are exact sums of counts times the bet's nets (as the simulator prices
bets from its histogram). Only the spread of units from shoe to shoe needs the kernel's per-shoe
sums of squares, which it keeps for every trigger. The 95 % interval of units per shoe is the
mean ± 1.96 standard errors.

>>> from baccarat.core.rules import get_rule_set
>>> from baccarat.lab.strategy import BUILT_IN
>>> from baccarat.lab.study import count_plan, run_study
>>> plan = count_plan(BUILT_IN["how-dragon-7"], get_rule_set("ez"), seed=1)
>>> report = study_report(run_study(plan, shoes=200, workers=1))
>>> t = report.triggers[0]
>>> t.threshold, t.shoes, t.units_low <= t.units_per_shoe <= t.units_high
(1, 200, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat.lab.study import StudyRun

__all__ = ["BucketRow", "StudyReport", "Trigger", "study_report"]

Z95 = 1.959963984540054


@dataclass(frozen=True)
class BucketRow:
    """The coups dealt at one count (or exact edge): how often, and what the target bet did."""

    level: int
    end: int
    """-1 for the bottom bucket (this count or less), 1 for the top (or more), else 0."""
    coups: int
    frequency: float
    units: Fraction
    """The target bet's net over these coups, one unit each."""
    edge: float | None
    """The mean net per unit at this count (None where no coup was dealt)."""
    se: float | None
    contributed: float
    """Units per shoe this bucket gives the strategy (its stake times its net, per shoe)."""


@dataclass(frozen=True)
class Trigger:
    """One rule for when to bet, and what it did."""

    threshold: int
    shoes: int
    coups: int
    bets: int
    staked: int
    won: Fraction
    """Units won on the target bet."""
    main_won: Fraction
    units_per_shoe: float
    units_low: float
    units_high: float
    sd_per_shoe: float

    @property
    def bets_per_shoe(self) -> float:
        return self.bets / self.shoes

    @property
    def bet_share(self) -> float:
        return self.bets / self.coups if self.coups else 0.0

    @property
    def edge_when_betting(self) -> float | None:
        return float(self.won / self.staked) if self.staked else None


@dataclass(frozen=True)
class StudyReport:
    run: StudyRun
    triggers: tuple[Trigger, ...]
    rows: tuple[BucketRow, ...]
    """By count, for the first trigger's stakes."""

    @property
    def best(self) -> Trigger:
        """The trigger with the most units per shoe (biased upward: the best of many)."""
        return max(self.triggers, key=lambda t: t.units_per_shoe)

    def to_frame(self) -> Any:
        """The table by count as a pandas DataFrame (:func:`baccarat.lab.frames.to_frame`)."""
        from baccarat.lab.frames import to_frame

        return to_frame(self)

    def frame_rows(self) -> tuple[list[dict[str, Any]], str]:
        """The rows of :meth:`to_frame` (one per count met) and the index column."""
        rows = [
            {
                "count": r.level,
                "end": r.end,
                "coups": r.coups,
                "frequency": r.frequency,
                "edge": r.edge,
                "se": r.se,
                "units": float(r.units),
                "units_per_shoe": r.contributed,
            }
            for r in self.rows
            if r.coups
        ]
        return rows, "count"

    def histogram(self) -> list[list[int]]:
        """``[units, shoes]`` for every whole number of units won in a shoe (the first
        trigger's; the end bins hold everything beyond)."""
        from baccarat.lab.study import HIST_UNITS

        return [[b - HIST_UNITS, int(c)] for b, c in enumerate(self.run.tally.hist.tolist()) if c]

    def as_dict(self) -> dict[str, Any]:
        """The study as its JSON record (``baccarat.count/1``, docs/json.md)."""
        run = self.run
        plan = run.plan
        main = self.triggers[0]
        record: dict[str, Any] = {
            "strategy": plan.strategy.to_data(),
            "perfect": plan.perfect,
            "bet": plan.target.name,
            "seed": plan.seed,
            "shoes": run.tally.shoes,
            "coups": run.tally.coups,
            "seconds": run.seconds,
            "backend": run.backend,
            "workers": run.workers,
            "interrupted": run.interrupted,
            **_trigger_data(main),
            "ci95": {"units_per_shoe": [main.units_low, main.units_high]},
            "by_count": [
                {
                    "level": r.level,
                    "end": r.end,
                    "coups": r.coups,
                    "frequency": r.frequency,
                    "edge": r.edge,
                    "se": r.se,
                    "units": float(r.units),
                    "units_per_shoe": r.contributed,
                }
                for r in self.rows
                if r.coups
            ],
        }
        record["units_histogram"] = self.histogram()
        if len(self.triggers) > 1:
            record["scan"] = [
                {**_trigger_data(t), "ci95": {"units_per_shoe": [t.units_low, t.units_high]}}
                for t in self.triggers
            ]
            record["best_threshold"] = self.best.threshold
        return record


def _trigger_data(t: Trigger) -> dict[str, Any]:
    return {
        "threshold": t.threshold,
        "bets": t.bets,
        "bets_per_shoe": t.bets_per_shoe,
        "bet_share": t.bet_share,
        "staked": t.staked,
        "edge_when_betting": t.edge_when_betting,
        "units_per_shoe": t.units_per_shoe,
        "sd_per_shoe": t.sd_per_shoe,
        "main_units_per_shoe": float(t.main_won) / t.shoes,
    }


def study_report(run: StudyRun) -> StudyReport:
    """Price a study's tallies (see the module)."""
    plan = run.plan
    tally = run.tally
    shoes = max(tally.shoes, 1)
    pay = [Fraction(int(x), plan.scale) for x in plan.pay.tolist()]
    pay_pairs = [Fraction(int(x), plan.scale) for x in plan.pay_pairs.tolist()]
    main_pay = [Fraction(int(x), plan.scale) for x in plan.main_pay.tolist()]
    coups_at: list[int] = []
    units_at: list[Fraction] = []
    squares_at: list[Fraction] = []
    main_won = Fraction(0)
    for b in range(plan.buckets):
        counts = tally.counts[b].tolist()
        pairs = tally.pairs[b].tolist()
        coups_at.append(int(sum(counts)))
        if plan.target.domain.value == "summary":
            units_at.append(sum((c * p for c, p in zip(counts, pay, strict=True)), Fraction(0)))
            squares_at.append(
                sum((c * p * p for c, p in zip(counts, pay, strict=True)), Fraction(0))
            )
        else:
            units_at.append(
                sum((c * p for c, p in zip(pairs, pay_pairs, strict=True)), Fraction(0))
            )
            squares_at.append(
                sum((c * p * p for c, p in zip(pairs, pay_pairs, strict=True)), Fraction(0))
            )
        main_won += sum((c * p for c, p in zip(counts, main_pay, strict=True)), Fraction(0))
    triggers = []
    for row, threshold in enumerate(plan.thresholds):
        stakes = [int(x) for x in plan.stakes[row].tolist()]
        bets = sum(n for n, s in zip(coups_at, stakes, strict=True) if s > 0)
        staked = sum(n * s for n, s in zip(coups_at, stakes, strict=True))
        won = sum((u * s for u, s in zip(units_at, stakes, strict=True)), Fraction(0))
        total = (won + main_won) / shoes
        mean_scaled = Fraction(tally.units[row], shoes)
        variance = Fraction(tally.squares[row], shoes) - mean_scaled**2
        if shoes > 1:
            variance = variance * shoes / (shoes - 1)
        sd = math.sqrt(max(float(variance), 0.0)) / plan.scale
        half = Z95 * sd / math.sqrt(shoes)
        triggers.append(
            Trigger(
                threshold=threshold,
                shoes=tally.shoes,
                coups=tally.coups,
                bets=bets,
                staked=staked,
                won=won,
                main_won=main_won,
                units_per_shoe=float(total),
                units_low=float(total) - half,
                units_high=float(total) + half,
                sd_per_shoe=sd,
            )
        )
    stakes0 = [int(x) for x in plan.stakes[0].tolist()]
    rows = []
    for b in range(plan.buckets):
        n = coups_at[b]
        edge = se = None
        if n:
            mean = units_at[b] / n
            edge = float(mean)
            if n > 1:
                var = (squares_at[b] / n - mean * mean) * n / (n - 1)
                se = math.sqrt(max(float(var), 0.0) / n)
        end = -1 if b == 0 else 1 if b == plan.buckets - 1 else 0
        rows.append(
            BucketRow(
                level=plan.level(b),
                end=end,
                coups=n,
                frequency=n / tally.coups if tally.coups else 0.0,
                units=units_at[b],
                edge=edge,
                se=se,
                contributed=float(units_at[b] * stakes0[b]) / shoes,
            )
        )
    return StudyReport(run, tuple(triggers), tuple(rows))
