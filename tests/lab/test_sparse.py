"""The sparse enumeration of computer-perfect play against the exact analyzer, class by class."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.catalogue import DRAGON_7, PANDA_8
from baccarat.core.tableau import PUNTO_BANCO
from baccarat.lab.sparse import sparse_weights, third_card_lists, wanted_counts
from baccarat.odds.composition import Composition
from baccarat.odds.counting import tableau_arrays
from baccarat.odds.exact import exact_counts


def sparse(values: list[int], wanted: np.ndarray) -> list[int]:
    out = np.zeros(400, dtype=np.int64)
    natural, player, stood, banker = tableau_arrays(PUNTO_BANCO)
    stood_lists, drawn_lists = third_card_lists(wanted)
    values_array = np.array(values, dtype=np.int64)
    wanted_counts(
        values_array, natural, player, stood, banker, wanted, stood_lists, drawn_lists, out
    )
    return [int(x) for x in out.tolist()]


def analyzer(values: list[int]) -> list[int]:
    """The analyzer's counts for a shoe of these value counts (the tens spread over T to K)."""
    tens = [values[0] // 4 + (1 if i < values[0] % 4 else 0) for i in range(4)]
    composition = Composition.from_rank_counts(values[1:] + tens)
    return [int(x) for x in exact_counts(composition).summary.tolist()]


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(0, 40), min_size=10, max_size=10).filter(lambda v: sum(v) >= 6),
    st.lists(st.booleans(), min_size=400, max_size=400),
)
def test_wanted_classes_are_counted_as_the_analyzer_counts_them(
    values: list[int], mask: list[bool]
) -> None:
    wanted = np.array(mask, dtype=np.bool_)
    got = sparse(values, wanted)
    expected = analyzer(values)
    assert got == [e if w else 0 for e, w in zip(expected, mask, strict=True)]


def test_dragon_and_panda_on_a_fresh_shoe() -> None:
    values = [128] + [32] * 9
    expected = analyzer(values)
    for bet in (DRAGON_7, PANDA_8):
        pays = [int(p) for p in bet.outcome_vector()]
        weights, wanted = sparse_weights(pays)
        got = sparse(values, wanted)
        assert got == [e if w else 0 for e, w in zip(expected, wanted.tolist(), strict=True)]
        total = sum(expected)
        # base · total + Σ (pay − base) · count is the bet's Σ pay · count.
        ev = int(weights[-1]) * total + sum(
            int(x) * c for x, c in zip(weights[:-1], got, strict=True)
        )
        assert ev == sum(p * c for p, c in zip(pays, expected, strict=True))
