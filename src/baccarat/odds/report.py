"""Everything ``baccarat odds`` prints for one shoe and one rule set, computed in one go.

>>> from baccarat.core.rules import get_rule_set
>>> report = odds_report(Composition.decks(8), get_rule_set("punto-banco"))
>>> round(report.outcomes["banker"], 6), round(report.frequencies["cards_per_coup"], 4)
(0.458597, 4.9388)
>>> f"{report.bets['tie'].house_edge:.4%}"
'14.3596%'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from baccarat.core.bets import Bet
from baccarat.core.coup import Coup
from baccarat.core.distribution import FREQUENCY_KEYS, FREQUENCY_VALUES, Distribution
from baccarat.core.errors import ShoeError
from baccarat.core.rules import RuleSet
from baccarat.core.shoe import Shoe
from baccarat.core.summary import SUMMARY_CLASSES, Winner
from baccarat.core.tableau import Tableau
from baccarat.odds.composition import Composition
from baccarat.odds.exact import ExactCounts, exact_counts, signatures_of
from baccarat.odds.stats import (
    BetStats,
    exact_bet_stats,
    float_probabilities,
    pay_counts,
    price_bets,
)

if TYPE_CHECKING:
    from baccarat.odds.conditional import Given

__all__ = ["OUTCOME_KEYS", "OddsReport", "odds_report", "odds_through_shoe"]

OUTCOME_KEYS: tuple[str, ...] = (Winner.BANKER.value, Winner.PLAYER.value, Winner.TIE.value)
"""The order in which the three coup outcomes are shown."""

# One row per outcome, then one per frequency: a single product prices them all.
_ROWS: npt.NDArray[np.float64] = np.array(
    [[float(s.winner.value == key) for s in SUMMARY_CLASSES] for key in OUTCOME_KEYS]
    + [list(map(float, FREQUENCY_VALUES[key])) for key in FREQUENCY_KEYS],
    dtype=np.float64,
)
_ROWS.setflags(write=False)


@dataclass(frozen=True)
class OddsReport:
    """The outcomes, frequencies and every bet's figures for one composition and rule set.

    Floats for display; :meth:`exact` and :meth:`as_dict` with ``exact=True`` give fractions
    computed from the same integer :attr:`distribution`.
    """

    composition: Composition
    rule_set: str
    distribution: Distribution
    outcomes: Mapping[str, float]
    frequencies: Mapping[str, float]
    bets: Mapping[str, BetStats]
    offered: tuple[Bet, ...] = field(repr=False, compare=False)
    """The bets priced, in the rule set's order."""
    given: Mapping[str, object] | None = field(default=None, compare=False)
    """What the odds are conditional on (:mod:`baccarat.odds.conditional`), as written; None for
    the odds of the next coup with nothing known."""

    def combinations(self) -> dict[str, int]:
        """The number of six-card sequences in which the Banker wins, the Player wins, or they tie."""
        counts = self.distribution.winner_counts()
        return {key: counts[Winner(key)] for key in OUTCOME_KEYS}

    def exact_outcomes_excluding_ties(self) -> dict[str, Fraction]:
        """Banker and Player probabilities among the coups that do not tie."""
        counts = self.combinations()
        resolved = counts["banker"] + counts["player"]
        if not resolved:
            return {}
        return {key: Fraction(counts[key], resolved) for key in ("banker", "player")}

    def bet_combinations(self, bet: Bet) -> dict[str, int]:
        """How many six-card sequences the bet wins, pushes and loses in."""
        by_pay = pay_counts(bet, self.distribution)
        return {
            "win": sum(c for pay, c in by_pay.items() if pay > 0),
            "push": by_pay.get(Fraction(0), 0),
            "lose": sum(c for pay, c in by_pay.items() if pay < 0),
        }

    def exact_outcomes(self) -> dict[str, Fraction]:
        """Banker, Player and Tie probabilities as fractions."""
        return {w.value: p for w, p in self.distribution.outcomes().items()}

    def exact_frequencies(self) -> dict[str, Fraction]:
        """The frequencies as fractions (``cards_per_coup`` is a mean number of cards)."""
        return self.distribution.frequencies()

    def as_dict(self, *, exact: bool = False) -> dict[str, Any]:
        """The JSON object of ``baccarat odds --json``; with ``exact``, fractions as strings."""
        if not exact:
            return {
                "rules": self.rule_set,
                "composition": str(self.composition),
                "cards": self.composition.size if not self.composition.infinite else None,
                "total": self.distribution.total,
                "outcomes": dict(self.outcomes),
                "frequencies": dict(self.frequencies),
                "bets": {name: stats.as_dict() for name, stats in self.bets.items()},
            }
        outcomes = self.exact_outcomes()
        return {
            "rules": self.rule_set,
            "composition": str(self.composition),
            "cards": self.composition.size if not self.composition.infinite else None,
            "total": self.distribution.total,
            "outcomes": {key: _text(outcomes[key]) for key in OUTCOME_KEYS},
            "frequencies": {k: _text(v) for k, v in self.exact_frequencies().items()},
            "bets": {
                bet.name: exact_bet_stats(bet, self.distribution).as_dict() for bet in self.offered
            },
        }


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _report(
    composition: Composition,
    counts: ExactCounts | Distribution,
    rule_set_name: str,
    bets: tuple[Bet, ...],
    given: Mapping[str, object] | None = None,
) -> OddsReport:
    summary = counts.summary_counts if isinstance(counts, Distribution) else counts.summary
    figures = _ROWS @ float_probabilities(summary, counts.total)
    outcomes = {key: float(figures[i]) for i, key in enumerate(OUTCOME_KEYS)}
    frequencies = {
        key: float(figures[len(OUTCOME_KEYS) + i]) for i, key in enumerate(FREQUENCY_KEYS)
    }
    return OddsReport(
        composition,
        rule_set_name,
        counts if isinstance(counts, Distribution) else counts.distribution(),
        outcomes,
        frequencies,
        price_bets(bets, counts),
        bets,
        given,
    )


def odds_report(
    composition: Composition,
    rule_set: RuleSet,
    *,
    bets: Mapping[str, Bet] | None = None,
    tableau: Tableau | None = None,
    given: Given | None = None,
) -> OddsReport:
    """Exact counts for ``composition`` under ``rule_set``'s tableau, and every bet it offers priced.

    ``bets`` and ``tableau`` override the rule set's (to price bets a table does not offer);
    with ``given`` every figure is conditional on it (:func:`~baccarat.odds.conditional.parse_given`).
    """
    listed = tuple((bets if bets is not None else rule_set.bets).values())
    table = tableau if tableau is not None else rule_set.tableau
    if given is not None:
        from baccarat.odds.conditional import conditional_distribution  # imports this package

        d = conditional_distribution(composition, given, bets=listed, tableau=table)
        record = {**given.record(), "condition": given.text(), "total": d.total}
        return _report(composition, d, rule_set.name, listed, record)
    counts = exact_counts(composition, table, signatures_of(listed))
    return _report(composition, counts, rule_set.name, listed)


def odds_through_shoe(shoe: Shoe, rule_set: RuleSet) -> Iterator[tuple[OddsReport, Coup]]:
    """Deal a new ``shoe`` to its end, giving the exact odds *before* each coup, and the coup.

    The odds are for the cards a player has not seen: the starting shoe less the face-up burn card
    and every card dealt so far (the cards burned face down stay unseen, so they stay in).

    >>> import random
    >>> from baccarat.core.rules import get_rule_set
    >>> from baccarat.core.shoe import ShoeRules
    >>> shoe = Shoe.shuffled(ShoeRules(decks=1), random.Random(3))
    >>> steps = list(odds_through_shoe(shoe, get_rule_set("punto-banco")))
    >>> len(steps) == shoe.coups_dealt, steps[0][0].composition.size == 52 - 1
    (True, True)
    """
    if shoe.coups_dealt:
        raise ShoeError(f"the shoe has already dealt {shoe.coups_dealt} coup(s); give a new shoe")
    tableau = rule_set.tableau
    start = Composition.from_rank_counts(shoe.starting_counts())
    if start.full_decks is None:  # pragma: no cover - every shoe starts from whole decks
        raise ValueError("the shoe did not start from whole decks")
    unseen = Composition.decks(start.full_decks)
    if shoe.burned:
        unseen = unseen.without(shoe.burned[:1])
    listed = tuple(rule_set.bets.values())
    signatures = signatures_of(listed)
    while not shoe.finished:
        report = _report(unseen, exact_counts(unseen, tableau, signatures), rule_set.name, listed)
        coup = shoe.deal_coup(tableau)
        yield report, coup
        unseen = unseen.without(coup.cards_in_order)
