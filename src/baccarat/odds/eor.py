"""Effects of removal: how each bet's house edge moves when one card of a rank leaves the shoe.

For each of the 13 ranks the shoe is analysed again, exactly, with one card of that rank removed
(from its most plentiful suit), and the change in every bet's house edge is reported:
``edge(shoe less the card) − edge(shoe)``. A positive effect means the card's removal is good for
the house. (Card-counting texts often print the change in the *player's* expectation instead,
which is the same number with the opposite sign.)

A useful identity holds exactly: averaged over every card in the shoe, weighted by its count,
the effects cancel — burning one unseen card cannot change the odds of the next coup.

>>> from baccarat.core.cards import Rank
>>> from baccarat.core.rules import get_rule_set
>>> eor = effects_of_removal(Composition.decks(8), get_rule_set("punto-banco"))
>>> f"{eor.effects[Rank.FIVE]['banker']:+.6f}"
'+0.000083'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat.core.bets import Bet
from baccarat.core.cards import RANKS, Rank
from baccarat.core.rules import RuleSet
from baccarat.core.tableau import Tableau
from baccarat.odds.composition import Composition, CompositionError
from baccarat.odds.exact import exact_counts, exact_distribution, signatures_of
from baccarat.odds.stats import exact_bet_stats, price_bets

__all__ = ["RemovalEffects", "effects_of_removal", "exact_effects_of_removal"]


@dataclass(frozen=True)
class RemovalEffects:
    """Every bet's house edge for a shoe, and its change when one card of each rank is removed."""

    composition: Composition
    rule_set: str
    base: Mapping[str, float]
    """The house edge of each bet on the full composition."""
    effects: Mapping[Rank, Mapping[str, float]]
    """``effects[rank][bet]``: edge without one card of ``rank``, less the base edge."""

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of ``baccarat odds --eor --json`` (ranks by symbol, A to K)."""
        return {
            "rules": self.rule_set,
            "composition": str(self.composition),
            "house_edge": dict(self.base),
            "effects": {
                rank.symbol: dict(self.effects[rank]) for rank in RANKS if rank in self.effects
            },
        }


def _removable(composition: Composition) -> list[Rank]:
    if composition.infinite:
        raise CompositionError(
            "the infinite deck has no effects of removal: taking a card out changes nothing"
        )
    ranks = [rank for rank, n in zip(RANKS, composition.rank_counts, strict=True) if n > 0]
    if composition.size - 1 < 6:
        raise CompositionError(
            f"a shoe of {composition.size} cards cannot lose a card and still deal a coup"
        )
    return ranks


def effects_of_removal(
    composition: Composition,
    rule_set: RuleSet,
    *,
    bets: Mapping[str, Bet] | None = None,
    tableau: Tableau | None = None,
) -> RemovalEffects:
    """The effect of removing one card of each rank (present in the shoe) on every bet's edge.

    Ranks the shoe no longer holds are left out. Every figure comes from an exact analysis;
    the differences are taken in floating point.
    """
    offered = bets if bets is not None else rule_set.bets
    table = tableau if tableau is not None else rule_set.tableau
    ranks = _removable(composition)
    signatures = signatures_of(offered.values())
    priced = price_bets(offered, exact_counts(composition, table, signatures))
    base = {n: s.house_edge for n, s in priced.items()}
    effects: dict[Rank, dict[str, float]] = {}
    for rank in ranks:
        less = exact_counts(composition.without_rank(rank), table, signatures)
        priced = price_bets(offered, less)
        effects[rank] = {name: priced[name].house_edge - base[name] for name in base}
    return RemovalEffects(composition, rule_set.name, base, effects)


def exact_effects_of_removal(
    composition: Composition, bets: Mapping[str, Bet], tableau: Tableau
) -> dict[Rank, dict[str, Fraction]]:
    """:func:`effects_of_removal` as exact fractions (slower: one exact pricing per rank and bet)."""
    ranks = _removable(composition)
    full = exact_distribution(composition, tableau, bets.values())
    base = {name: exact_bet_stats(bet, full).house_edge for name, bet in bets.items()}
    effects: dict[Rank, dict[str, Fraction]] = {}
    for rank in ranks:
        less = exact_distribution(composition.without_rank(rank), tableau, bets.values())
        effects[rank] = {
            name: exact_bet_stats(bet, less).house_edge - base[name] for name, bet in bets.items()
        }
    return effects
