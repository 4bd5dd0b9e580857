"""Every number the guides print, computed by the exact analyzer from the rules as data.

Nothing here is typed in: the outcome probabilities, the naturals, the drawing frequencies and
every bet's house edge are read off :func:`baccarat.odds.exact_distribution` for the shoe, so a
guide can never disagree with the table or with ``baccarat odds``.

>>> figures = guide_figures(8)
>>> f"{float(figures.naturals.any):.1%}", f"{float(figures.frequencies['player_draws']):.1%}"
('34.3%', '50.3%')
>>> f"{float(figures.rule_set('punto-banco').bet('banker').house_edge):.4%}"
'1.0579%'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from baccarat.core.bets import Bet
from baccarat.core.distribution import Distribution
from baccarat.core.rules import RULE_SETS, RuleSet
from baccarat.core.shoe import DEFAULT_DECKS
from baccarat.core.summary import SUMMARY_CLASSES, Summary, Winner
from baccarat.core.tableau import Side
from baccarat.learn.errors import LearnError
from baccarat.odds import Composition, ExactBetStats, exact_bet_stats, exact_distribution

__all__ = [
    "BetFigures",
    "GuideFigures",
    "NaturalFigures",
    "RuleSetFigures",
    "guide_figures",
    "share",
]


def share(distribution: Distribution, where: Callable[[Summary], bool]) -> Fraction:
    """The exact share of coups whose summary class satisfies ``where``.

    >>> d = exact_distribution(Composition.decks(8))
    >>> share(d, lambda s: s.winner is Winner.TIE) == d.outcomes()[Winner.TIE]
    True
    """
    hits = sum(
        c for s, c in zip(SUMMARY_CLASSES, distribution.summary_counts, strict=True) if where(s)
    )
    return Fraction(hits, distribution.total)


@dataclass(frozen=True, slots=True)
class NaturalFigures:
    """How often the first two cards end the coup."""

    any: Fraction
    """At least one natural."""
    player: Fraction
    banker: Fraction
    both: Fraction
    nine: Fraction
    """At least one natural 9."""
    player_wins: Fraction
    """The coup ends on a natural and the Player wins it."""
    banker_wins: Fraction
    tie: Fraction


@dataclass(frozen=True, slots=True)
class BetFigures:
    """One bet of a rule set: the bet (its pay table is data) and its exact figures."""

    bet: Bet
    stats: ExactBetStats

    @property
    def house_edge(self) -> Fraction:
        return self.stats.house_edge


@dataclass(frozen=True, slots=True)
class RuleSetFigures:
    """Every bet of one rule set, in the order the table offers them."""

    rule_set: RuleSet
    bets: tuple[BetFigures, ...]

    def bet(self, name: str) -> ExactBetStats:
        """The figures of the bet called ``name``."""
        for figures in self.bets:
            if figures.bet.name == name:
                return figures.stats
        raise LearnError(f"rule set {self.rule_set.name!r} has no bet {name!r}")


@dataclass(frozen=True, slots=True)
class GuideFigures:
    """The figures of the guides for a shoe of ``decks`` decks (the first coup of a full shoe)."""

    decks: int
    distribution: Distribution
    outcomes: Mapping[Winner, Fraction]
    frequencies: Mapping[str, Fraction]
    """As :meth:`Distribution.frequencies`: natural, player_draws, banker_draws, both_draw,
    cards_per_coup (a mean), cards_4, cards_5, cards_6."""
    naturals: NaturalFigures
    player_totals: tuple[Fraction, ...]
    """The probability of each final Player total 0–9."""
    banker_totals: tuple[Fraction, ...]
    rule_sets: tuple[RuleSetFigures, ...]

    def rule_set(self, name: str) -> RuleSetFigures:
        """The figures of the rule set called ``name``."""
        for figures in self.rule_sets:
            if figures.rule_set.name == name:
                return figures
        raise LearnError(f"no rule set {name!r} in the guides")


def _naturals(d: Distribution) -> NaturalFigures:
    def player(s: Summary) -> bool:
        # Two cards and 8 or 9 can only be a natural (see Summary.natural).
        return s.player_cards == 2 and s.player_total >= 8

    def banker(s: Summary) -> bool:
        return s.banker_cards == 2 and s.banker_total >= 8

    return NaturalFigures(
        any=share(d, lambda s: s.natural),
        player=share(d, player),
        banker=share(d, banker),
        both=share(d, lambda s: player(s) and banker(s)),
        nine=share(d, lambda s: s.natural and 9 in (s.player_total, s.banker_total)),
        player_wins=share(d, lambda s: s.natural and s.winner is Winner.PLAYER),
        banker_wins=share(d, lambda s: s.natural and s.winner is Winner.BANKER),
        tie=share(d, lambda s: s.natural and s.winner is Winner.TIE),
    )


def _total_share(d: Distribution, side: Side, total: int) -> Fraction:
    if side is Side.PLAYER:
        return share(d, lambda s: s.player_total == total)
    return share(d, lambda s: s.banker_total == total)


@cache
def guide_figures(decks: int = DEFAULT_DECKS) -> GuideFigures:
    """The guides' figures for the first coup of a freshly shuffled ``decks``-deck shoe.

    Computed once per process: the exact count takes a moment and never changes.
    """
    every_bet = [bet for rule_set in RULE_SETS.values() for bet in rule_set.bets.values()]
    d = exact_distribution(Composition.decks(decks), bets=every_bet)
    return GuideFigures(
        decks=decks,
        distribution=d,
        outcomes=d.outcomes(),
        frequencies=d.frequencies(),
        naturals=_naturals(d),
        player_totals=tuple(_total_share(d, Side.PLAYER, t) for t in range(10)),
        banker_totals=tuple(_total_share(d, Side.BANKER, t) for t in range(10)),
        rule_sets=tuple(
            RuleSetFigures(
                rule_set,
                tuple(BetFigures(bet, exact_bet_stats(bet, d)) for bet in rule_set.bets.values()),
            )
            for rule_set in RULE_SETS.values()
        ),
    )
