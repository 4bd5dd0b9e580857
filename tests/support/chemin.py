"""Stacked shoes for the Chemin de Fer practice table: known coups first, then whole decks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from baccarat.core.cards import Card, full_deck, parse_cards
from baccarat.core.shoe import ShoeRules

__all__ = ["BURN", "NO_CHOICE", "PLAYER_5", "stacked"]

BURN = "Ac 2c"
"""A burn card worth 1 and the one card it burns face down."""
PLAYER_5 = "2d 9d 3h 8s 4c Kd"
"""Player 2 + 3 = 5 against Banker 9 + 8 = 7: the learner chooses; a 4 and a K follow."""
NO_CHOICE = "8d 9d Kh 8s 2h 3c 4d 4s"
"""Two coups without a choice: a natural 8 against 7, then 6 against 7 (both stand by the rules)."""


def stacked(*prefixes: str) -> Callable[[ShoeRules], tuple[Card, ...]]:
    """Shoes whose first cards are the given ones (one prefix per shoe, then repeating the last),
    the rest of the decks following in a fixed order.

    >>> shoe = stacked(BURN + " " + PLAYER_5)(ShoeRules(decks=1))
    >>> len(shoe), " ".join(str(card) for card in shoe[:4])
    (52, 'Ac 2c 2d 9d')
    """
    made = 0

    def shuffle(rules: ShoeRules) -> tuple[Card, ...]:
        nonlocal made
        prefix = parse_cards(prefixes[min(made, len(prefixes) - 1)])
        made += 1
        rest = Counter(full_deck() * rules.decks) - Counter(prefix)
        return (*prefix, *(card for card in full_deck() for _ in range(rest[card])))

    return shuffle
