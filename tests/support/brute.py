"""A brute-force enumerator: every deal of a small shoe, card by card, through the dealing engine.

It shares nothing with the analyzer's kernels. It deals each ordered sequence of cards through
:class:`~baccarat.core.coup.Coup` (the engine that deals at the table), drawing card *types* (rank
and suit) with their counts left — the physical cards of one type deal the same coup, so a type
drawn with ``m`` copies left stands for ``m`` deals — and weighs a coup that uses ``k`` cards by
the ways to complete it to six. Every bet is then read off each coup by the engine's own
settlement path. Small shoes only: a dozen cards of a few types.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from baccarat.core.cards import Card
from baccarat.core.coup import Coup
from baccarat.core.errors import CardError
from baccarat.core.tableau import PUNTO_BANCO, Tableau
from baccarat.odds.composition import CARDS, Composition


def deals(
    composition: Composition,
    tableau: Tableau = PUNTO_BANCO,
    prefix: Sequence[Card] = (),
) -> Iterator[tuple[Coup, int]]:
    """Each coup the shoe can deal, with the number of ordered six-card sequences it stands for;
    with a ``prefix``, only those whose first cards are these (already taken from the shoe)."""
    left = {card: n for card, n in zip(CARDS, composition.counts, strict=True) if n}
    for card in prefix:
        left[card] -= 1
        assert left[card] >= 0, f"{card} is not in the shoe"
    size = composition.size

    def completions(used: int) -> int:
        ways = 1
        for k in range(used, 6):
            ways *= size - k
        return ways

    def grow(taken: list[Card], ways: int) -> Iterator[tuple[Coup, int]]:
        # Deal as far as the engine asks: a coup is complete when it asks for no more cards.
        if len(taken) >= 4:
            try:
                coup = Coup.from_cards(taken, tableau)
            except CardError as exc:
                if exc.code != "not_enough_cards":
                    raise
                coup = None
            if coup is not None:
                yield coup, ways * completions(len(taken))
                return
        for card, n in list(left.items()):
            if n == 0:
                continue
            left[card] = n - 1
            yield from grow([*taken, card], ways * n)
            left[card] = n

    yield from grow(list(prefix), 1)


def class_counts(
    composition: Composition,
    index_of: Sequence[Callable[[Coup], int]],
    tableau: Tableau = PUNTO_BANCO,
) -> list[Counter[int]]:
    """For each ``index_of`` (coup → class), the count of each class over every deal."""
    found: list[Counter[int]] = [Counter() for _ in index_of]
    for coup, ways in deals(composition, tableau):
        for counter, fn in zip(found, index_of, strict=True):
            counter[fn(coup)] += ways
    return found
