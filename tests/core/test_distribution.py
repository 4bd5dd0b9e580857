"""Distributions: validation and exact frequencies."""

from __future__ import annotations

from fractions import Fraction

import pytest

from baccarat.core.distribution import FREQUENCY_KEYS, Distribution
from baccarat.core.errors import BaccaratError
from baccarat.core.summary import Summary, Winner


def _dist(weights: dict[Summary, int]) -> Distribution:
    counts = [0] * 400
    for summary, n in weights.items():
        counts[summary.index] = n
    return Distribution.from_summary_counts(counts)


def test_frequencies_are_exact_means() -> None:
    d = _dist({Summary(8, 3, 2, 2): 2, Summary(4, 4, 3, 3): 1, Summary(6, 7, 2, 3): 1})
    assert d.frequencies() == {
        "natural": Fraction(1, 2),
        "player_draws": Fraction(1, 4),
        "banker_draws": Fraction(1, 2),
        "both_draw": Fraction(1, 4),
        "cards_per_coup": Fraction(2 * 4 + 6 + 5, 4),
        "cards_4": Fraction(1, 2),
        "cards_5": Fraction(1, 4),
        "cards_6": Fraction(1, 4),
    }
    assert tuple(d.frequencies()) == FREQUENCY_KEYS
    assert d.outcomes() == {Winner.PLAYER: Fraction(1, 2), Winner.BANKER: Fraction(1, 4),
                            Winner.TIE: Fraction(1, 4)}  # fmt: skip


def test_bad_distributions_are_rejected() -> None:
    with pytest.raises(BaccaratError, match="400"):
        Distribution((1,), (0,) * 9, 1)
    with pytest.raises(BaccaratError, match="negative"):
        Distribution((-1, 2, *(0,) * 398), (0,) * 9, 1)
    with pytest.raises(BaccaratError, match="add up"):
        Distribution((1, *(0,) * 399), (0,) * 9, 2)
    with pytest.raises(BaccaratError, match="pair counts"):
        Distribution((2, *(0,) * 399), (1, *(0,) * 8), 2)
    with pytest.raises(BaccaratError, match="unknown frequency 'x'"):
        _dist({Summary(1, 2, 3, 3): 1}).frequency("x")
