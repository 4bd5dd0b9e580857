"""A simulation's figures beside the exact ones: frequencies with 95 % intervals and z-scores, and
every bet's observed net per unit with its standard error beside the exact expectation.

The exact reference is :func:`baccarat.odds.exact_distribution` for the same deck count (or the
infinite deck) and tableau: the distribution of *the first coup of a freshly shuffled shoe*. In
``first-coup`` and ``infinite`` modes that is exactly what the simulator samples, so the z-scores
are standard normal. In ``shoe`` mode coups are dealt one after another to the cut card, which is
very slightly different (``docs/simulator.md``): for 8 decks about -5e-5 on the naturals and
+1e-4 cards per coup, visible only past about 10**9 coups.

Intervals treat coups as independent; in ``shoe`` mode coups of one shoe are weakly dependent
(card counting works a little). Measured with many seeds (``bench/shoe_intervals.py``), the spread
across runs is 0.975–1.016 times the one assumed here, so the intervals hold to within 2–3 %.

>>> from baccarat.core.rules import get_rule_set
>>> from baccarat.sim import SimulationSpec, Mode, simulate
>>> result = simulate(SimulationSpec(coups=200_000, mode=Mode.FIRST_COUP, seed=1), workers=1)
>>> report = simulation_report(result, get_rule_set("punto-banco"))
>>> natural = report.frequencies["natural"]
>>> round(natural.exact, 6), round(natural.high - natural.low, 4), abs(natural.z) < 4
(0.343049, 0.0042, True)
>>> report.bets["banker"].exact_ev
-0.010579...
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from baccarat.core.bets import Bet
from baccarat.core.distribution import FREQUENCY_KEYS, FREQUENCY_VALUES, Distribution
from baccarat.core.rules import RuleSet
from baccarat.core.summary import SUMMARY_CLASSES, Winner
from baccarat.core.tableau import Tableau
from baccarat.sim.runner import SimulationResult
from baccarat.sim.spec import Mode

__all__ = ["BetEstimate", "Estimate", "SimulationReport", "exact_reference", "simulation_report"]

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""

OUTCOME_KEYS: tuple[str, ...] = (Winner.BANKER.value, Winner.PLAYER.value, Winner.TIE.value)
_OUTCOME_VALUES: dict[str, tuple[int, ...]] = {
    key: tuple(int(s.winner.value == key) for s in SUMMARY_CLASSES) for key in OUTCOME_KEYS
}


@dataclass(frozen=True, slots=True)
class Estimate:
    """An observed mean (a share of coups, or cards per coup) with its 95 % interval, the exact
    value and the z-score of the difference (under the exact distribution's variance)."""

    observed: float
    low: float
    high: float
    exact: float
    z: float


@dataclass(frozen=True, slots=True)
class BetEstimate:
    """A bet's observed net result per unit staked, its standard error and the exact EV."""

    net_per_unit: float
    se: float
    exact_ev: float
    z: float


@dataclass(frozen=True)
class SimulationReport:
    """Everything ``baccarat simulate`` prints."""

    result: SimulationResult
    rule_set: str
    exact: Distribution
    outcomes: Mapping[str, Estimate]
    frequencies: Mapping[str, Estimate]
    bets: Mapping[str, BetEstimate]

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of ``baccarat simulate --json``."""
        result = self.result
        spec = result.spec
        estimates = {**self.outcomes, **self.frequencies}
        return {
            "coups": result.coups,
            "seconds": result.seconds,
            # A cluster's parts before the dealing (Dask); a run on threads has the dealing only.
            **({"phases": dict(result.phases)} if len(result.phases) > 1 else {}),
            "coups_per_second": result.coups_per_second,
            "mode": spec.mode.value,
            "decks": None if spec.mode is Mode.INFINITE else spec.shoe.decks,
            "cut_card": spec.shoe.cut_card if spec.mode is Mode.SHOE else None,
            "burn": spec.shoe.burn if spec.mode is not Mode.INFINITE else None,
            "rules": self.rule_set,
            "seed": spec.resolved_seed,
            "backend": result.backend,
            "workers": result.workers,
            "shoes": result.shoes,
            "interrupted": result.interrupted,
            "outcomes": {key: e.observed for key, e in self.outcomes.items()},
            "frequencies": {key: e.observed for key, e in self.frequencies.items()},
            "ci95": {key: [e.low, e.high] for key, e in estimates.items()},
            "exact": {key: e.exact for key, e in estimates.items()},
            "z": {key: e.z for key, e in estimates.items()},
            "bets": {
                name: {"net_per_unit": b.net_per_unit, "se": b.se, "exact_ev": b.exact_ev, "z": b.z}
                for name, b in self.bets.items()
            },
        }


@functools.lru_cache(maxsize=16)
def exact_reference(
    decks: int | None, tableau: Tableau, bets: tuple[Bet, ...] = ()
) -> Distribution:
    """The exact first-coup distribution of a fresh shoe of ``decks`` decks (None: infinite),
    with the card classes the card-level ``bets`` read."""
    from baccarat.odds import Composition, exact_distribution

    composition = Composition.infinite_deck() if decks is None else Composition.decks(decks)
    return exact_distribution(composition, tableau, bets)


def _moments(counts: Sequence[int], values: Sequence[int], total: int) -> tuple[float, float]:
    """Mean and variance of a per-class value over integer counts (exact sums, then floats)."""
    first = sum(c * v for c, v in zip(counts, values, strict=True))
    second = sum(c * v * v for c, v in zip(counts, values, strict=True))
    mean = first / total
    return mean, max(second / total - mean * mean, 0.0)


def _estimate(observed: Distribution, exact: Distribution, values: Sequence[int]) -> Estimate:
    n = observed.total
    mean, variance = _moments(observed.summary_counts, values, n)
    exact_mean, exact_variance = _moments(exact.summary_counts, values, exact.total)
    if set(values) <= {0, 1}:
        # Wilson's interval: right even for a share near 0 or 1 or a short run.
        centre = (mean + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
        half = (
            Z95 / (1 + Z95 * Z95 / n) * math.sqrt(mean * (1 - mean) / n + Z95 * Z95 / (4 * n * n))
        )
        low, high = centre - half, centre + half
    else:
        half = Z95 * math.sqrt(variance / n)
        low, high = mean - half, mean + half
    se0 = math.sqrt(exact_variance / n)
    z = (mean - exact_mean) / se0 if se0 > 0 else (0.0 if mean == exact_mean else math.inf)
    return Estimate(mean, low, high, exact_mean, z)


def simulation_report(
    result: SimulationResult, rule_set: RuleSet, exact: Distribution | None = None
) -> SimulationReport:
    """The report of ``result`` for the bets of ``rule_set``; ``exact`` defaults to
    :func:`exact_reference` for the run's deck count and tableau."""
    from baccarat.odds import price_bets

    spec = result.spec
    if exact is None:
        decks = None if spec.mode is Mode.INFINITE else spec.shoe.decks
        card_level = tuple(b for b in rule_set.bets.values() if b.signature is not None)
        exact = exact_reference(decks, spec.tableau, card_level)
    observed = result.distribution
    n = observed.total
    outcomes = {k: _estimate(observed, exact, _OUTCOME_VALUES[k]) for k in OUTCOME_KEYS}
    frequencies = {k: _estimate(observed, exact, FREQUENCY_VALUES[k]) for k in FREQUENCY_KEYS}
    seen = price_bets(rule_set.bets, observed)
    expected = price_bets(rule_set.bets, exact)
    bets = {}
    for name, stats in seen.items():
        reference = expected[name]
        se0 = reference.sd / math.sqrt(n)
        z = (stats.ev - reference.ev) / se0 if se0 > 0 else 0.0
        bets[name] = BetEstimate(stats.ev, stats.sd / math.sqrt(n), reference.ev, z)
    return SimulationReport(result, rule_set.name, exact, outcomes, frequencies, bets)
