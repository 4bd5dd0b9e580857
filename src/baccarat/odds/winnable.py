"""The bets a full shoe can never pay: read from each bet's outcome vector and the exact counts.

A bet cannot win when no coup dealt from a full shoe of the table's decks nets it anything: every
class its outcome vector pays is a class the shoe never deals. Perfect Pair pays a suited pair,
two identical cards, which one deck never deals. Nothing here names a bet: the vectors and the
counts decide.

>>> from baccarat.core.rules import get_rule_set
>>> unwinnable(get_rule_set("punto-banco"), 1), unwinnable(get_rule_set("punto-banco"), 8)
(frozenset({'perfect_pair'}), frozenset())
"""

from __future__ import annotations

from functools import lru_cache

from baccarat.core.rules import RuleSet
from baccarat.odds.composition import Composition
from baccarat.odds.exact import exact_distribution
from baccarat.odds.stats import pay_counts

__all__ = ["unwinnable"]


@lru_cache(maxsize=64)
def unwinnable(rule_set: RuleSet, decks: int) -> frozenset[str]:
    """The names of the offered bets no coup from a full shoe of ``decks`` decks pays."""
    card_level = tuple(bet for bet in rule_set.bets.values() if bet.signature is not None)
    full = exact_distribution(Composition.decks(decks), rule_set.tableau, card_level)
    return frozenset(
        name
        for name, bet in rule_set.bets.items()
        if not any(pay > 0 for pay in pay_counts(bet, full))
    )
