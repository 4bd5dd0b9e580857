"""A slow, plain enumeration of the next coup: the oracle the fast kernel is tested against.

It shares nothing with the kernel but the conventions. It walks the coup in dealing order (Player,
Banker, Player, Banker, then third cards), one card *value* at a time with the shoe depleted as it
goes, and asks the :class:`~baccarat.core.tableau.Tableau`'s own decision methods whether each hand
draws, so it reads the rules the way the dealing engine does rather than through the kernel's
arrays. Pairs are counted over ordered pairs of physical cards for the Player, with the Banker's
pair kinds summed directly over the cards left. Python integers throughout, so it is exact for any
shoe; it takes about a second where the kernel takes a fraction of a millisecond.

>>> from baccarat.odds.composition import Composition
>>> reference_distribution(Composition.decks(1)).total == 52 * 51 * 50 * 49 * 48 * 47
True
"""

from __future__ import annotations

from collections.abc import Iterator

from baccarat.core.cards import RANKS, SUITS
from baccarat.core.distribution import Distribution
from baccarat.core.errors import TableauError
from baccarat.core.summary import PairKind, PairSummary, Summary
from baccarat.core.tableau import PUNTO_BANCO, Action, Tableau
from baccarat.odds.composition import Composition

__all__ = ["reference_distribution"]


def _draws(left: list[int], depletion: int) -> Iterator[tuple[int, int]]:
    """Each index still in ``left`` with its count, removed from ``left`` while the caller looks."""
    for i, count in enumerate(left):
        if count > 0:
            left[i] -= depletion
            yield i, count
            left[i] += depletion


def reference_distribution(
    composition: Composition, tableau: Tableau = PUNTO_BANCO
) -> Distribution:
    """The same distribution as :func:`~baccarat.odds.exact.exact_distribution`, slowly."""
    if tableau.has_options:
        raise TableauError("no_fixed_answer", tableau=tableau.name)
    depletion = 0 if composition.infinite else 1
    n = composition.size

    def completions(used: int) -> int:
        """Ways to deal the rest of a six-card sequence after ``used`` cards."""
        ways = 1
        for k in range(used, 6):
            ways *= n - depletion * k
        return ways

    summary = [0] * 400
    left = list(composition.value_counts)

    def add(pt: int, bt: int, pc: int, bc: int, ways: int) -> None:
        summary[Summary(pt, bt, pc, bc).index] += ways

    for p1, w1 in _draws(left, depletion):
        for b1, w2 in _draws(left, depletion):
            for p2, w3 in _draws(left, depletion):
                for b2, w4 in _draws(left, depletion):
                    ways = w1 * w2 * w3 * w4
                    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
                    if tableau.is_natural(pt) or tableau.is_natural(bt):
                        add(pt, bt, 2, 2, ways * completions(4))
                    elif tableau.player_decision(pt).action is Action.DRAW:
                        for p3, w5 in _draws(left, depletion):
                            pf = (pt + p3) % 10
                            if tableau.banker_decision(bt, p3).action is Action.DRAW:
                                for b3, w6 in _draws(left, depletion):
                                    add(pf, (bt + b3) % 10, 3, 3, ways * w5 * w6)
                            else:
                                add(pf, bt, 3, 2, ways * w5 * completions(5))
                    elif tableau.banker_decision(bt, None).action is Action.DRAW:
                        for b3, w5 in _draws(left, depletion):
                            add(pt, (bt + b3) % 10, 2, 3, ways * w5 * completions(5))
                    else:
                        add(pt, bt, 2, 2, ways * completions(4))
    return Distribution(tuple(summary), _reference_pairs(composition), sum(summary))


def _kind(first: int, second: int) -> PairKind:
    """The pair kind of two cards given by their index in the 52 (rank-major, then suit)."""
    if first // len(SUITS) != second // len(SUITS):
        return PairKind.NONE
    return PairKind.SUITED if first == second else PairKind.PAIR


def _reference_pairs(composition: Composition) -> tuple[int, ...]:
    depletion = 0 if composition.infinite else 1
    n = composition.size
    left = list(composition.counts)
    pairs = [0] * 9
    rest = (n - 4 * depletion) * (n - 5 * depletion)  # the two cards after the first four
    for x, wx in _draws(left, depletion):
        for y, wy in _draws(left, depletion):
            player = _kind(x, y)
            # The Banker's two cards, by kind, summed over what is left.
            m = sum(left)
            suited = sum(c * (c - depletion) for c in left)
            same_rank = 0
            for r in range(len(RANKS)):
                suits = left[r * len(SUITS) : (r + 1) * len(SUITS)]
                for i, ci in enumerate(suits):
                    for j, cj in enumerate(suits):
                        if i != j:
                            same_rank += ci * cj
            banker = {
                PairKind.SUITED: suited,
                PairKind.PAIR: same_rank,
                PairKind.NONE: m * (m - depletion) - suited - same_rank,
            }
            for kind, ways in banker.items():
                pairs[PairSummary(player, kind).index] += wx * wy * ways * rest
    return tuple(pairs)
