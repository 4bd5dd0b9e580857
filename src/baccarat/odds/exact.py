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

import functools
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat.core.distribution import Distribution
from baccarat.core.errors import TableauError
from baccarat.core.summary import PAIR_CLASSES, SUMMARY_CLASSES
from baccarat.core.tableau import PUNTO_BANCO, Action, Tableau
from baccarat.odds import _kernel
from baccarat.odds.composition import Composition

__all__ = [
    "INT64_SAFE_CARDS",
    "ExactCounts",
    "exact_counts",
    "exact_distribution",
    "six_card_total",
]

_INT64_MAX = 2**63 - 1


def six_card_total(composition: Composition) -> int:
    """The number of ordered six-card sequences: ``n(n−1)…(n−5)``, or ``52⁶`` for the infinite deck.

    >>> six_card_total(Composition.decks(8))
    4998398275503360
    """
    n = composition.size
    if composition.infinite:
        return n**6
    total = 1
    for k in range(6):
        total *= n - k
    return total


INT64_SAFE_CARDS = 1448
"""The largest shoe whose six-card total fits in a signed 64-bit integer (27 decks and more than a
half); larger shoes are counted with Python integers (same code, slower)."""


@functools.lru_cache(maxsize=32)
def _tableau_arrays(
    tableau: Tableau,
) -> tuple[
    npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]
]:
    """The tableau as the kernel reads it: four boolean tables, built once per tableau."""
    _check_fixed(tableau)
    natural = np.array([tableau.is_natural(t) for t in range(10)], dtype=np.bool_)
    player = np.array([a is Action.DRAW for a in tableau.player], dtype=np.bool_)
    stood = np.array([a is Action.DRAW for a in tableau.banker_player_stood], dtype=np.bool_)
    banker = np.array([[a is Action.DRAW for a in row] for row in tableau.banker], dtype=np.bool_)
    for table in (natural, player, stood, banker):
        table.setflags(write=False)
    return natural, player, stood, banker


def _check_fixed(tableau: Tableau) -> None:
    if tableau.has_options:
        raise TableauError("choice_tableau", tableau=tableau.name)


class ExactCounts:
    """The kernel's raw result: integer arrays (int64, or Python ints for huge shoes) and the total.

    Kept apart from :class:`~baccarat.core.distribution.Distribution` so that pricing can stay in
    numpy without converting 409 Python integers back and forth.
    """

    __slots__ = ("pairs", "summary", "total")

    def __init__(self, summary: npt.NDArray[Any], pairs: npt.NDArray[Any], total: int) -> None:
        self.summary = summary
        self.pairs = pairs
        self.total = total

    def distribution(self) -> Distribution:
        """As a :class:`~baccarat.core.distribution.Distribution` of exact Python integers."""
        return Distribution(
            tuple(int(c) for c in self.summary.tolist()),
            tuple(int(c) for c in self.pairs.tolist()),
            self.total,
        )


def _python_twin(kernel: Any) -> Any:
    # With NUMBA_DISABLE_JIT=1 numba hands back the plain function, which has no py_func.
    return getattr(kernel, "py_func", kernel)


def exact_counts(composition: Composition, tableau: Tableau = PUNTO_BANCO) -> ExactCounts:
    """Count every summary class and pair class of the next coup (see :func:`exact_distribution`)."""
    if not isinstance(composition, Composition):
        raise TypeError(f"expected a Composition, got {type(composition).__name__}")
    natural, player, stood, banker = _tableau_arrays(tableau)
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
    return ExactCounts(summary, pairs, total)


def exact_distribution(composition: Composition, tableau: Tableau = PUNTO_BANCO) -> Distribution:
    """The exact joint distribution of the next coup's summary and pair classes.

    ``composition`` is the shoe (:class:`~baccarat.odds.composition.Composition`); ``tableau`` the
    draw rules, read from their data. Counts are exact integers over ordered six-card sequences;
    every probability is a count over :attr:`~baccarat.core.distribution.Distribution.total`.
    """
    return exact_counts(composition, tableau).distribution()
