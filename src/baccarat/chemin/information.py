"""What a hand sees of its own two cards when it chooses: the information models of Chemin de Fer.

The literature classifies game-theoretic models of Chemin de Fer by what each hand knows of its
two-card hand (Ethier and Gámez, 2013). In *Model 1* each hand sees only its total; in *Model 2*
the Banker sees the composition of his two cards (the two values, not only their sum) while the
Player sees only his total. With cards dealt without replacement the composition says something
about what is left in the shoe, so the Banker may play 5 = 1 + 4 differently from 5 = 0 + 5.
Downton and Lockwood (1975) solved Model 2 for one to eight decks; Kemeny and Snell's game is
Model 1 on the infinite deck.

Each model is data: :meth:`Information.refine` splits a tableau's choice point into the
information sets of that model, and :meth:`Information.banker_view` is what the Banker knows of
his cards, the key by which the exact enumeration groups deals.

>>> [len(Information.BANKER_CARDS.refine(ChoicePoint(Side.BANKER, t, None))) for t in range(8)]
[6, 5, 6, 5, 6, 5, 6, 5]
>>> Information.BANKER_CARDS.refine(ChoicePoint(Side.BANKER, 3, 9))[:2]
(ChoicePoint(side=<Side.BANKER: 'banker'>, total=3, player_third=9, cards=(0, 3)), \
ChoicePoint(side=<Side.BANKER: 'banker'>, total=3, player_third=9, cards=(1, 2)))
>>> Information.TOTALS.refine(ChoicePoint(Side.BANKER, 3, 9)) == (ChoicePoint(Side.BANKER, 3, 9),)
True
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from baccarat.core.coup import ChoicePoint
from baccarat.core.tableau import Side

__all__ = ["Information", "compositions"]


def compositions(total: int) -> tuple[tuple[int, int], ...]:
    """Every two-card hand of ``total`` as its two values, lower first.

    >>> compositions(5)
    ((0, 5), (1, 4), (2, 3), (6, 9), (7, 8))
    """
    return tuple((a, b) for a in range(10) for b in range(a, 10) if (a + b) % 10 == total)


class Information(StrEnum):
    """What each hand knows of its own two cards when it decides."""

    TOTALS = "totals"
    """Model 1: each hand sees its total only (Kemeny and Snell; Foster)."""
    BANKER_CARDS = "banker-cards"
    """Model 2: the Banker sees his two cards' values, the Player his total (Downton and
    Lockwood)."""

    def refine(self, point: ChoicePoint) -> tuple[ChoicePoint, ...]:
        """The information sets into which this model splits a choice point of the tableau."""
        if self is Information.TOTALS or point.side is Side.PLAYER:
            return (point,)
        return tuple(replace(point, cards=cards) for cards in compositions(point.total))

    def banker_view(self, first: int, second: int) -> tuple[int, int] | None:
        """What the Banker knows of his two cards beyond their total (None: nothing).

        >>> Information.BANKER_CARDS.banker_view(4, 1), Information.TOTALS.banker_view(4, 1)
        ((1, 4), None)
        """
        if self is Information.TOTALS:
            return None
        return (first, second) if first <= second else (second, first)
