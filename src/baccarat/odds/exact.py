"""The exact distribution of the next coup, for any composition and any tableau.

Counts are over ordered six-card sequences, the convention of the published tables: for a fresh
8-deck shoe the total is 416 · 415 · 414 · 413 · 412 · 411 = 4,998,398,275,503,360 and the Banker
wins 2,292,252,566,437,888 of them. A coup that ends after ``k`` cards is counted once for every way
of completing it to six. For the infinite deck each card is one of the 52 with equal weight on
every draw, so the total is 52⁶ (suits count there too, for the Perfect Pair).

>>> from baccarat.core.summary import Winner
>>> d = exact_distribution(Composition.decks(8))
>>> d.total, d.winner_counts()[Winner.BANKER]
(4998398275503360, 2292252566437888)
>>> exact_distribution(Composition.infinite_deck()).total == 52**6
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from baccarat.core.cardspace import CardSignature
from baccarat.core.distribution import Distribution
from baccarat.core.summary import PAIR_CLASSES, SUMMARY_CLASSES
from baccarat.core.tableau import PUNTO_BANCO, Tableau
from baccarat.odds import _kernel
from baccarat.odds._kernel import pair_counts
from baccarat.odds.cards import card_counts
from baccarat.odds.composition import Composition
from baccarat.odds.counting import (
    _INT64_MAX,
    INT64_SAFE_CARDS,
    _python_twin,
    six_card_total,
    tableau_arrays,
)

if TYPE_CHECKING:
    from baccarat.core.bets import Bet

__all__ = [
    "INT64_SAFE_CARDS",
    "ExactCounts",
    "exact_counts",
    "exact_distribution",
    "pair_counts",
    "signatures_of",
    "six_card_total",
]


class ExactCounts:
    """The kernels' raw result: integer arrays (int64, or Python ints for huge shoes), the counts
    of any card-level signatures asked for, and the total.

    Kept apart from :class:`~baccarat.core.distribution.Distribution` so that pricing can stay in
    numpy without converting the counts to Python integers and back.
    """

    __slots__ = ("cards", "pairs", "summary", "total")

    def __init__(
        self,
        summary: npt.NDArray[Any],
        pairs: npt.NDArray[Any],
        total: int,
        cards: Mapping[CardSignature, npt.NDArray[Any]] | None = None,
    ) -> None:
        self.summary = summary
        self.pairs = pairs
        self.total = total
        self.cards: Mapping[CardSignature, npt.NDArray[Any]] = cards or {}

    def distribution(self) -> Distribution:
        """As a :class:`~baccarat.core.distribution.Distribution` of exact Python integers."""
        return Distribution(
            tuple(int(c) for c in self.summary.tolist()),
            tuple(int(c) for c in self.pairs.tolist()),
            self.total,
            {s: tuple(int(c) for c in counts.tolist()) for s, counts in self.cards.items()},
        )


def signatures_of(bets: Iterable[Bet]) -> tuple[CardSignature, ...]:
    """The card-level signatures that ``bets`` read, each once, in order."""
    found = (bet.signature for bet in bets)
    return tuple(dict.fromkeys(s for s in found if s is not None))


def exact_counts(
    composition: Composition,
    tableau: Tableau = PUNTO_BANCO,
    signatures: Iterable[CardSignature] = (),
) -> ExactCounts:
    """Count every summary class and pair class of the next coup (see :func:`exact_distribution`),
    and the classes of the card-level ``signatures``."""
    if not isinstance(composition, Composition):
        raise TypeError(f"expected a Composition, got {type(composition).__name__}")
    natural, player, stood, banker = tableau_arrays(tableau)
    total = six_card_total(composition)
    depletion = 0 if composition.infinite else 1
    if total <= _INT64_MAX:
        values = np.array(composition.value_counts, dtype=np.int64)
        cards = np.array(composition.counts, dtype=np.int64)
        summary = np.zeros(len(SUMMARY_CLASSES), dtype=np.int64)
        pairs = np.zeros(len(PAIR_CLASSES), dtype=np.int64)
        _kernel.summary_counts(values, depletion, natural, player, stood, banker, summary)
        _kernel.pair_counts(cards, depletion, pairs)
    else:
        # Exact beyond 64 bits: the same kernels as Python code over arrays of Python integers.
        values = np.array(composition.value_counts, dtype=object)
        cards = np.array(composition.counts, dtype=object)
        summary = np.array([0] * len(SUMMARY_CLASSES), dtype=object)
        pairs = np.array([0] * len(PAIR_CLASSES), dtype=object)
        _python_twin(_kernel.summary_counts)(
            values, depletion, natural, player, stood, banker, summary
        )
        _python_twin(_kernel.pair_counts)(cards, depletion, pairs)
    listed = tuple(signatures)
    card_level: Mapping[CardSignature, npt.NDArray[Any]] = {}
    if listed:
        card_level = card_counts(composition, listed, tableau)
    return ExactCounts(summary, pairs, total, card_level)


def exact_distribution(
    composition: Composition, tableau: Tableau = PUNTO_BANCO, bets: Iterable[Bet] = ()
) -> Distribution:
    """The exact joint distribution of the next coup's summary and pair classes, and of the
    classes the card-level ``bets`` read.

    ``composition`` is the shoe (:class:`~baccarat.odds.composition.Composition`); ``tableau`` the
    draw rules, read from their data. Counts are exact integers over ordered six-card sequences;
    every probability is a count over :attr:`~baccarat.core.distribution.Distribution.total`.
    """
    return exact_counts(composition, tableau, signatures_of(bets)).distribution()
