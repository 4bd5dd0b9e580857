"""Exact odds for any shoe: the exact distribution of the next coup for any composition.

>>> from baccarat.core.summary import Winner
>>> d = exact_distribution(Composition.decks(8))
>>> d.total, d.winner_counts()[Winner.BANKER]
(4998398275503360, 2292252566437888)
"""

from __future__ import annotations

from baccarat.odds.composition import CARDS, Composition, CompositionError, card_index
from baccarat.odds.exact import ExactCounts, exact_counts, exact_distribution, six_card_total
from baccarat.odds.reference import reference_distribution

__all__ = [
    "CARDS",
    "Composition",
    "CompositionError",
    "ExactCounts",
    "card_index",
    "exact_counts",
    "exact_distribution",
    "reference_distribution",
    "six_card_total",
]
