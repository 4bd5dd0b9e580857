"""A plain walk over the card values of the next coup, leaf by leaf: a second reading of the rules.

Each leaf is the coup's card values by position (P1 B1 P2 B2 P3 B3, None for a card not dealt)
and its weight over ordered six-card sequences. It asks the tableau's own decision methods
whether each hand draws and shares no code with the analyzer's kernels; tests filter its leaves
to count what a condition leaves.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from baccarat.core.tableau import PUNTO_BANCO, Action, Tableau

Leaf = tuple[int, int, int, int, int | None, int | None]


def leaves(
    value_counts: Sequence[int], size: int, tableau: Tableau = PUNTO_BANCO
) -> Iterator[tuple[Leaf, int]]:
    """Every leaf of the next coup drawn from ``value_counts`` (by value, 0-9; ``size`` cards in
    all, which fixes the completion of each coup to six cards) with its weight."""
    c = list(value_counts)

    def completion(used: int) -> int:
        ways = 1
        for k in range(used, 6):
            ways *= size - k
        return ways

    def draws() -> list[tuple[int, int]]:
        return [(v, c[v]) for v in range(10) if c[v] > 0]

    for p1, w1 in draws():
        c[p1] -= 1
        for b1, w2 in draws():
            c[b1] -= 1
            for p2, w3 in draws():
                c[p2] -= 1
                for b2, w4 in draws():
                    c[b2] -= 1
                    w = w1 * w2 * w3 * w4
                    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
                    if tableau.is_natural(pt) or tableau.is_natural(bt):
                        yield (p1, b1, p2, b2, None, None), w * completion(4)
                    elif tableau.player_decision(pt).action is Action.DRAW:
                        for p3, w5 in draws():
                            if tableau.banker_decision(bt, p3).action is Action.DRAW:
                                c[p3] -= 1
                                for b3, w6 in draws():
                                    yield (p1, b1, p2, b2, p3, b3), w * w5 * w6
                                c[p3] += 1
                            else:
                                yield (p1, b1, p2, b2, p3, None), w * w5 * completion(5)
                    elif tableau.banker_decision(bt, None).action is Action.DRAW:
                        for b3, w6 in draws():
                            yield (p1, b1, p2, b2, None, b3), w * w6 * completion(5)
                    else:
                        yield (p1, b1, p2, b2, None, None), w * completion(4)
                    c[b2] += 1
                c[p2] += 1
            c[b1] += 1
        c[p1] += 1


def summary_index(leaf: Leaf) -> int:
    """The summary class (``pt*40 + bt*4 + (pc-2)*2 + (bc-2)``) of a leaf."""
    p1, b1, p2, b2, p3, b3 = leaf
    pt = (p1 + p2 + (p3 or 0)) % 10
    bt = (b1 + b2 + (b3 or 0)) % 10
    return pt * 40 + bt * 4 + (p3 is not None) * 2 + (b3 is not None)
